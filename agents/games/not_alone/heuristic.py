"""The heuristic agent of each Not Alone seat (the kit's `heuristic` factory).

Kept apart from the shared model (`model.py`) that both role agents import, so the model, the
Creature and the Hunted modules form no import cycle.
"""

from __future__ import annotations

from typing import Any

from agents.base import Agent
from agents.games.not_alone.creature import HeuristicCreature
from agents.games.not_alone.hunted import HeuristicHunted


def heuristic_agent(game: Any, seat: int) -> Agent:
    """The heuristic agent for a seat: the Creature for the Creature's seat, a Hunted otherwise."""
    if game.info.seat_roles[seat] == "creature":
        return HeuristicCreature()
    return HeuristicHunted()
