"""Checks and name look-ups shared by the Nemesis scenario loader (scenario.py).

Every check raises ScenarioError naming the document field (`where`) and what is allowed, so a
mistake in a long document is found from the message alone. Documents use the names of the data
files (room tile ids, character ids, item ids, card ids, intruder types), never table indices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from nemesis_env.core.errors import ScenarioError
from nemesis_env.games.nemesis.tables import INTRUDER_TYPES
from nemesis_env.games.nemesis.topology import TC

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame
    from nemesis_env.games.nemesis.state import State

BLANK_NAME = "blank"


def check_keys(where: str, mapping: Any, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(mapping, Mapping):
        raise ScenarioError(f"{where} must be a mapping, got {mapping!r}")
    if unknown := set(mapping) - allowed:
        raise ScenarioError(
            f"{where}: unknown keys {sorted(map(str, unknown))}; allowed: {sorted(allowed)}"
        )
    return mapping


def as_list(where: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list, got {value!r}")
    return value


def as_bool(where: str, value: Any) -> bool:
    """A real boolean: truthiness would read the text "no" as true."""
    if not isinstance(value, bool):
        raise ScenarioError(f"{where} must be true or false, got {value!r}")
    return value


def int_in(where: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ScenarioError(f"{where} must be an integer in {low}..{high}, got {value!r}")
    return value


def choice(where: str, value: Any, allowed: Sequence[str]) -> int:
    """The index of `value` in `allowed` (a name of the data files)."""
    if not isinstance(value, str) or value not in allowed:
        raise ScenarioError(f"{where}: unknown name {value!r}; allowed: {list(allowed)}")
    return list(allowed).index(value)


def number_key(where: str, key: Any, low: int, high: int) -> int:
    """A mapping key that is a printed number: an int in YAML, a digit string once the document
    has been through JSON (saves keep the scenario as JSON, whose keys are strings)."""
    if isinstance(key, str) and key.isdigit():
        key = int(key)
    return int_in(where, key, low, high)


class Names:
    """Names of the data files -> the ints of the tables, with errors that list what exists."""

    def __init__(self, game: NemesisGame) -> None:
        t = game.tables
        self.game = game
        self.tables = t
        self.tech_networks = t.data.board.tech_networks
        self.num_rooms = t.topo.num_rooms
        self.short_things: dict[str, list[int]] = {}
        for index, thing in enumerate(t.things):
            self.short_things.setdefault(thing.id.split(".", 1)[1], []).append(index)
        token_names = []
        for kind, (typ, number) in enumerate(zip(t.token_type, t.token_surprise, strict=True)):
            if typ == len(INTRUDER_TYPES):
                token_names.append(BLANK_NAME)
            elif len(t.tokens_of_type[typ]) == 1:
                token_names.append(INTRUDER_TYPES[typ])
            else:
                token_names.append(f"{INTRUDER_TYPES[typ]}_{number}")
            assert len(token_names) == kind + 1
        self.token_names = tuple(token_names)
        self.objective_ids = tuple(o.id for o in t.data.objectives)

    # -- rooms and corridors ------------------------------------------------------------------
    def room(self, where: str, value: Any, s: State) -> int:
        """A room by its printed number (1-21) or by the id of the tile lying in it (a special
        room, or a tile the document placed)."""
        if isinstance(value, int) and not isinstance(value, bool):
            return int_in(where, value, 1, self.num_rooms) - 1
        if isinstance(value, str) and value in self.tables.tiles:
            tile = self.tables.tiles.index(value)
            if tile in s.tile:
                return s.tile.index(tile)
            raise ScenarioError(
                f"{where}: no room holds the tile {value!r}; give the room number (1-"
                f"{self.num_rooms}) or place the tile under rooms"
            )
        raise ScenarioError(
            f"{where}: a room is a printed number 1-{self.num_rooms} or the id of a tile on the "
            f"board, got {value!r}"
        )

    def corridor(self, where: str, value: Any) -> int:
        """A corridor between two rooms: "3-7" or [3, 7], printed numbers in either order; where
        two corridors join the rooms (alternate side), "1-3#4" names the one numbered 4."""
        number = None
        if isinstance(value, str) and "#" in value:
            value, _, tail = value.partition("#")
            number = int_in(f"{where} ({value!r})", int(tail) if tail.strip().isdigit() else tail,
                            1, 4)  # fmt: skip
        ends = value.split("-") if isinstance(value, str) else value
        if not isinstance(ends, list) or len(ends) != 2:
            raise ScenarioError(f'{where}: a corridor is written "3-7" or [3, 7], got {value!r}')
        rooms = []
        for end in ends:
            if isinstance(end, str) and end.strip().isdigit():
                end = int(end)
            if isinstance(end, str) and end.strip() in self.tech_networks:
                raise ScenarioError(
                    f"{where}: {value!r} leads to the Technical Corridors, which have no door; "
                    f"their noise marker is written {' or '.join(self.tech_networks)}"
                )
            rooms.append(int_in(f"{where} ({value!r})", end, 1, self.num_rooms) - 1)
        return self._corridor_between(where, rooms[0], rooms[1], number)

    def _corridor_between(self, where: str, a: int, b: int, number: int | None) -> int:
        topo = self.tables.topo
        found = topo.corridors_between(a, b)
        if number is not None:
            found = tuple(c for c in found if number in topo.numbers[c])
        if not found:
            joined = sorted(f"{x + 1}-{y + 1}" for x, y in topo.ends if y != TC)
            raise ScenarioError(
                f"{where}: no corridor joins rooms {a + 1} and {b + 1}"
                + (f" with number {number}" if number is not None else "")
                + f"; corridors: {joined}"
            )
        if len(found) > 1:
            numbers = [topo.numbers[c][0] for c in found]
            raise ScenarioError(
                f"{where}: rooms {a + 1} and {b + 1} are joined by {len(found)} corridors; name "
                f'one by a number it carries: "{a + 1}-{b + 1}#{numbers[0]}"'
            )
        return found[0]

    # -- cards and things ---------------------------------------------------------------------
    def thing(self, where: str, value: Any) -> int:
        """An item or object by its full id ("red.energy_charge", "weapon.pistol") or its
        short id ("grenade") when only one thing has it."""
        index = self.tables.thing_index.get(value) if isinstance(value, str) else None
        if index is not None:
            return index
        matches = self.short_things.get(value, []) if isinstance(value, str) else []
        if len(matches) == 1:
            return matches[0]
        if matches:
            full = [self.tables.things[m].id for m in matches]
            raise ScenarioError(f"{where}: {value!r} is ambiguous; write one of {full}")
        raise ScenarioError(
            f"{where}: unknown item or object {value!r}; known: "
            f"{sorted(self.short_things)} (or a full id such as red.grenade)"
        )

    def card(self, where: str, value: Any) -> int:
        return choice(where, value, list(self.tables.cards))

    def token(self, where: str, value: Any) -> int:
        return choice(where, value, list(self.token_names))

    def objective(self, where: str, value: Any) -> int:
        return choice(where, value, list(self.objective_ids))
