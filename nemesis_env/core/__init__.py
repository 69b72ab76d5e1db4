"""Game-agnostic kernel: Game/State contract, the engine, chance, declared action spaces,
zones, events, data and encoders.

Nothing here imports a game package or an RL library (shared/DESIGN.md §1-2).
"""

from nemesis_env.core.engine import AUTO, Decision, Rules, StackState
from nemesis_env.core.errors import (
    DataError,
    IllegalActionError,
    NemesisError,
    ParamError,
    ScenarioError,
)
from nemesis_env.core.game import CHANCE, TERMINAL, Game, GameInfo, State, UtilityKind
from nemesis_env.core.spaces import ActionSpace, Kind

__all__ = [
    "AUTO",
    "CHANCE",
    "TERMINAL",
    "ActionSpace",
    "DataError",
    "Decision",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "Kind",
    "NemesisError",
    "ParamError",
    "Rules",
    "ScenarioError",
    "StackState",
    "State",
    "UtilityKind",
]
