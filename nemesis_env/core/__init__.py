"""Game-agnostic kernel: Game/State contract, chance, action codec, events, data, encoders.

Nothing here imports a game package or an RL library (shared/DESIGN.md §1-2).
"""

from nemesis_env.core.actions import Action, ActionCodec
from nemesis_env.core.errors import (
    DataError,
    IllegalActionError,
    NemesisError,
    ParamError,
    ScenarioError,
)
from nemesis_env.core.game import CHANCE, TERMINAL, Game, GameInfo, State

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionCodec",
    "DataError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NemesisError",
    "ParamError",
    "ScenarioError",
    "State",
]
