"""Fixed action tables: a bijection between small typed actions and ids 0..N-1.

The table is built once per game configuration and never changes during a game, so the
Discrete action space is fixed (shared/DESIGN.md §2, "one fixed action table").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One atomic choice: `kind` is a game's action kind; `arg` is an index `kind` interprets."""

    kind: int
    arg: int = 0


class ActionCodec:
    """Maps actions to ids in table order and back in O(1); names every id for humans."""

    def __init__(self, actions: Iterable[Action], names: Iterable[str]) -> None:
        self._table: tuple[Action, ...] = tuple(actions)
        self._names: tuple[str, ...] = tuple(names)
        if len(self._names) != len(self._table):
            raise ValueError("every action needs exactly one name")
        if len(set(self._table)) != len(self._table):
            raise ValueError("duplicate action in table")
        self._ids: dict[Action, int] = {action: i for i, action in enumerate(self._table)}

    def __len__(self) -> int:
        return len(self._table)

    def encode(self, action: Action) -> int:
        return self._ids[action]

    def decode(self, action_id: int) -> Action:
        return self._table[action_id]

    def name(self, action_id: int) -> str:
        return self._names[action_id]

    def names(self) -> tuple[str, ...]:
        return self._names

    def mask(self, legal: Iterable[int]) -> npt.NDArray[np.int8]:
        """int8 vector of length len(self); 1 marks a legal action (PettingZoo convention)."""
        mask = np.zeros(len(self._table), dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def to_json(self) -> list[dict[str, int | str]]:
        """The documented id table, for export alongside the env version."""
        return [
            {"id": i, "kind": a.kind, "arg": a.arg, "name": n}
            for i, (a, n) in enumerate(zip(self._table, self._names, strict=True))
        ]
