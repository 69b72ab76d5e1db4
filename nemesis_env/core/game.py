"""The kernel contract (OpenSpiel's): a static Game and a dynamic State driven by action ids.

Chance is a player: at a chance node `current_player() == CHANCE` and `chance_outcomes()` lists
`(outcome_id, probability)`. The engine owns no random generator; whoever drives it samples.
A game is exactly `(params, history)`, which gives serialization, replay and golden files.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

import numpy as np
import numpy.typing as npt

from nemesis_env.core.actions import ActionCodec
from nemesis_env.core.errors import CheckpointError

CHANCE = -1
TERMINAL = -4

ViewT = TypeVar("ViewT")
StateT = TypeVar("StateT", bound="State")


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about one game configuration."""

    name: str
    num_players: int
    num_actions: int
    max_chance_outcomes: int
    max_game_length: int
    min_utility: float
    max_utility: float
    rules_version: str


@runtime_checkable
class State(Protocol):
    """Dynamic state. Static data lives on the Game and is shared by reference."""

    history: list[int]

    def current_player(self) -> int:
        """A seat index, CHANCE, or TERMINAL."""

    def legal_actions(self) -> list[int]:
        """Ascending ids; empty only when terminal. At chance nodes: the outcome ids."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome id, probability) pairs summing to 1; empty when not at a chance node."""

    def apply_action(self, action_id: int) -> None:
        """Applies a player action or chance outcome; an illegal id raises IllegalActionError."""

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def clone(self) -> State: ...

    def fingerprint(self) -> str:
        """A canonical text of the whole state, equal exactly when two states are equal."""


class Game(ABC, Generic[StateT, ViewT]):
    """Params, loaded data, the action codec and GameInfo; a factory for states and views."""

    info: GameInfo
    codec: ActionCodec
    params: Any

    @abstractmethod
    def new_initial_state(self) -> StateT: ...

    @abstractmethod
    def view_for(self, state: StateT, seat: int) -> ViewT:
        """Everything `seat` may know, and nothing else."""

    @abstractmethod
    def sample_world(self, view: ViewT, rng: np.random.Generator) -> StateT:
        """A full state consistent with `view`, hidden parts sampled with `rng`."""

    @abstractmethod
    def encode(self, view: ViewT, out: npt.NDArray[np.float32]) -> None:
        """Writes the observation tensor of `view` into the preallocated `out`."""

    @abstractmethod
    def observation_size(self) -> int: ...

    @abstractmethod
    def params_dict(self) -> dict[str, Any]:
        """The params as plain JSON values; `type(game)(**params_dict())` rebuilds the game."""

    def action_name(self, action_id: int) -> str:
        return self.codec.name(action_id)

    def chance_outcome_name(self, outcome_id: int) -> str:
        return f"outcome({outcome_id})"

    # -- serialization as (params, history) -----------------------------------------------
    def serialize(self, state: StateT) -> str:
        return json.dumps(
            {
                "game": self.info.name,
                "rules_version": self.info.rules_version,
                "params": self.params_dict(),
                "history": list(state.history),
            },
            sort_keys=True,
        )

    def deserialize(self, text: str) -> StateT:
        doc = json.loads(text)
        if not isinstance(doc, Mapping):
            raise CheckpointError("a saved game is a JSON object with game, params and history")
        if doc.get("game") != self.info.name:
            raise CheckpointError(f"saved game is {doc.get('game')!r}, this is {self.info.name!r}")
        if doc.get("rules_version") != self.info.rules_version:
            raise CheckpointError(
                f"saved game has rules version {doc.get('rules_version')!r}, "
                f"this engine is {self.info.rules_version!r}"
            )
        if doc.get("params") != self.params_dict():
            raise CheckpointError(
                f"saved game params {doc.get('params')} differ from this game's "
                f"{self.params_dict()}"
            )
        return self.replay(doc.get("history", []))

    def replay(self, history: Sequence[int]) -> StateT:
        state = self.new_initial_state()
        for action_id in history:
            state.apply_action(int(action_id))
        return state
