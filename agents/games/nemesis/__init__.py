"""Nemesis's agent kit: the heuristic crew and a rollout policy.

crew.py          the heuristic crew agent (the kit's `heuristic` factory); its rules live in
                 round_policy.py (the round's actions), plan.py (goals, ship tasks, risky rooms)
                 and answers.py (every sub-decision); params.py holds its weights
lookup.py        the static lookups it builds once per game (action meanings, distances, values)
situation.py     one decision as the agent reads it (the view and the legal ids)
rollout.py       a cheap rollout policy for search
stats.py         playing games: how they end, survival and win rates (the issue's figures)
"""

from agents.games.nemesis.crew import HeuristicCrew, heuristic_agent
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.rollout import rollout_policy
from agents.kit import AgentKit

KIT = AgentKit(game="nemesis", heuristic=heuristic_agent, rollout_policy=rollout_policy)

__all__ = ["KIT", "CrewParams", "HeuristicCrew", "heuristic_agent", "rollout_policy"]
