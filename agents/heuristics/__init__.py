"""Hand-written heuristic agents (shared/DESIGN.md §4): baselines that learned agents must beat."""

from agents.heuristics.not_alone import heuristic_agent
from agents.heuristics.not_alone_creature import HeuristicCreature
from agents.heuristics.not_alone_hunted import HeuristicHunted

__all__ = ["HeuristicCreature", "HeuristicHunted", "heuristic_agent"]
