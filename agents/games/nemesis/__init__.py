"""Nemesis's agent kit: the heuristic crew, a rollout policy and a fitted value.

crew.py          the heuristic crew agent (the kit's `heuristic` factory); its rules live in
                 round_policy.py (the round's actions), plan.py (goals, ship tasks, risky rooms)
                 and answers.py (every sub-decision); params.py holds its weights
lookup.py        the static lookups it builds once per game (action meanings, distances, values)
situation.py     one decision as the agent reads it (the view and the legal ids)
rollout.py       a cheap rollout policy for search
value.py         a fitted value of positions (P(seat wins)): search leaves and reward shaping;
                 value_fit.py fits it on heuristic games
stats.py         playing games: how they end, survival and win rates (the issue's figures)
"""

from agents.games.nemesis.crew import HeuristicCrew, heuristic_agent
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.rollout import rollout_policy
from agents.games.nemesis.value import load_value, shaping_potential
from agents.kit import AgentKit

KIT = AgentKit(
    game="nemesis",
    heuristic=heuristic_agent,
    rollout_policy=rollout_policy,
    leaf_value=load_value,
    shaping=shaping_potential,
)

__all__ = ["KIT", "CrewParams", "HeuristicCrew", "heuristic_agent", "rollout_policy"]
