"""Agents for nemesis_env: random, heuristic, search (MCTS, ISMCTS) and masked PPO.

One protocol (shared/DESIGN.md §4), see agents/base.py.
"""

from agents.base import Agent, AgentContext, RandomAgent

__all__ = ["Agent", "AgentContext", "RandomAgent"]
