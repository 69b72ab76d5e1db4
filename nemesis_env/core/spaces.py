"""Declared action and chance spaces: kinds with argument ranges, never id arithmetic.

A game declares each kind of action with the size of its argument range, in a fixed order:

    space = ActionSpace("my_game")
    passing = space.add("pass")                        # id 0, no argument
    move = space.add("move", n_rooms, labels=room_ids) # ids 1..n_rooms

and gets `move.id(i)`, `move.arg(action_id)`, `action_id in move` and names back. The table is
the same for every param of one game and player count (board side, variant, mode), so an id
never shifts with a variant (shared/DESIGN.md §2). Chance outcomes are declared the same way in
their own space. Only this module turns arguments into ids.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import numpy as np
import numpy.typing as npt


class Kind:
    """One declared kind: the ids `start .. start + size - 1`, argument `i` at `start + i`."""

    __slots__ = ("_labels", "name", "size", "start", "stop")

    def __init__(self, name: str, start: int, size: int, labels: Sequence[str] | None) -> None:
        self.name = name
        self.start = start
        self.size = size
        self.stop = start + size
        self._labels: tuple[str, ...] | None = None if labels is None else tuple(labels)

    def id(self, arg: int = 0) -> int:
        """The id of argument `arg` (0 for a kind without arguments)."""
        if not 0 <= arg < self.size:
            raise IndexError(f"{self.name}: argument {arg} outside 0..{self.size - 1}")
        return self.start + arg

    def arg(self, action_id: int) -> int:
        """The argument an id of this kind carries."""
        if not self.start <= action_id < self.stop:
            raise IndexError(f"id {action_id} is not a {self.name} action "
                             f"(ids {self.start}..{self.stop - 1})")  # fmt: skip
        return action_id - self.start

    def __contains__(self, action_id: object) -> bool:
        return isinstance(action_id, int) and self.start <= action_id < self.stop

    def ids(self, args: Iterable[int]) -> list[int]:
        """The ids of several arguments, in the order given."""
        return [self.id(a) for a in args]

    def ids_of_mask(self, mask: int) -> list[int]:
        """The ids of the arguments whose bits are set in `mask` (bit i = argument i), ascending."""
        start = self.start
        return [start + i for i in range(min(self.size, mask.bit_length())) if mask >> i & 1]

    def all_ids(self) -> range:
        return range(self.start, self.stop)

    def label(self, arg: int) -> str:
        if self._labels is None:
            return self.name if self.size == 1 else f"{self.name}:{arg}"
        return f"{self.name}:{self._labels[arg]}"

    def __repr__(self) -> str:
        return f"Kind({self.name!r}, ids {self.start}..{self.stop - 1})"


class ActionSpace:
    """A fixed table of ids `0..N-1` built from declared kinds; names every id for humans."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.kinds: list[Kind] = []
        self._size = 0
        self._frozen = False
        self._kind_of: list[Kind] = []
        self._names: tuple[str, ...] = ()

    def add(self, name: str, size: int = 1, labels: Sequence[str] | None = None) -> Kind:
        if self._frozen:
            raise RuntimeError(f"{self.game}: the space is frozen; declare every kind first")
        if size < 1:
            raise ValueError(f"{self.game}: kind {name!r} needs size >= 1, got {size}")
        if labels is not None and len(labels) != size:
            raise ValueError(f"{self.game}: kind {name!r} has {size} ids, {len(labels)} labels")
        if any(k.name == name for k in self.kinds):
            raise ValueError(f"{self.game}: kind {name!r} declared twice")
        kind = Kind(name, self._size, size, labels)
        self.kinds.append(kind)
        self._size += size
        return kind

    def freeze(self) -> ActionSpace:
        """Ends the declaration; the table is read-only from here on."""
        if not self._frozen:
            self._frozen = True
            self._kind_of = [k for k in self.kinds for _ in range(k.size)]
            self._names = tuple(k.label(i) for k in self.kinds for i in range(k.size))
            if len(set(self._names)) != len(self._names):
                raise ValueError(f"{self.game}: two ids share a name")
        return self

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Kind]:
        return iter(self.kinds)

    def kind(self, name: str) -> Kind:
        for kind in self.kinds:
            if kind.name == name:
                return kind
        raise KeyError(f"{self.game}: no kind {name!r}; kinds: {[k.name for k in self.kinds]}")

    def kind_of(self, action_id: int) -> Kind:
        self._check_frozen()
        if not 0 <= action_id < self._size:
            raise IndexError(f"{self.game}: id {action_id} outside 0..{self._size - 1}")
        return self._kind_of[action_id]

    def name(self, action_id: int) -> str:
        self._check_frozen()
        return self._names[action_id]

    def names(self) -> tuple[str, ...]:
        self._check_frozen()
        return self._names

    def mask(self, legal: Iterable[int]) -> npt.NDArray[np.int8]:
        """int8 vector of length len(self); 1 marks a legal id (PettingZoo convention)."""
        mask = np.zeros(self._size, dtype=np.int8)
        mask[list(legal)] = 1
        return mask

    def to_json(self) -> list[dict[str, int | str]]:
        """The documented id table: id, kind, argument and name of every id."""
        self._check_frozen()
        return [
            {"id": i, "kind": kind.name, "arg": i - kind.start, "name": self._names[i]}
            for i, kind in enumerate(self._kind_of)
        ]

    def _check_frozen(self) -> None:
        if not self._frozen:
            raise RuntimeError(f"{self.game}: freeze() the space before reading its table")


__all__ = ["ActionSpace", "Kind"]
