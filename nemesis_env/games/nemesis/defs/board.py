"""The basic board side: room slots, the corridor graph and its derived lookups, escape pods,
supply counts (nemesis-reference.md §2.1-§2.3, §4.1, §16; data/board_basic.yaml)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs.parse import build, build_rows, check_sections, read

BOARD_FILE = "board_basic.yaml"
TC = 0  # node id of the shared Technical Corridors space (rooms are 1..21)
ROOM_COUNT = 21
CORRIDOR_NUMBERS = frozenset({1, 2, 3, 4})

SlotKind = Literal["special", "room1", "room2"]
Section = Literal["a", "b"]
WeaknessSlot = Literal["egg", "character_corpse", "intruder_carcass"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomSlotDef:
    number: int
    slot: SlotKind
    tech_entrance: bool
    special_room: str | None = None  # rooms.yaml id of the printed room on a special slot


@dataclass(frozen=True, slots=True, kw_only=True)
class CorridorDef:
    a: int | Literal["TC"]
    b: int | Literal["TC"]
    numbers: tuple[int, ...]

    @property
    def ends(self) -> tuple[int, int]:
        """Both endpoints as node ids (TC = 0)."""
        return _node(self.a), _node(self.b)


def _node(end: int | str) -> int:
    return TC if end == "TC" else int(end)


@dataclass(frozen=True, slots=True, kw_only=True)
class EscapePodsDef:
    pods_by_players: Mapping[int, int]
    seats_per_pod: int
    sections: tuple[Section, ...]
    section_rooms: Mapping[Section, str]
    start_locked: bool

    def section_of(self, pod: int) -> Section:
        """Pods are numbered from 1 and alternate A, B, A, ... (§4.1 step 6)."""
        return self.sections[(pod - 1) % len(self.sections)]


@dataclass(frozen=True, slots=True, kw_only=True)
class SupplyDef:
    fire_markers: int
    malfunction_markers: int
    eggs_on_intruder_board: int
    weakness_slots: tuple[WeaknessSlot, ...]
    engines: int
    engine_tokens: tuple[Literal["working", "damaged"], ...]


@dataclass(frozen=True, slots=True)
class Exit:
    """One way out of a room: the corridor (its index in `corridors`), the node at its other
    end (a room number, or TC = 0) and the corridor number(s) it carries."""

    corridor: int
    to: int
    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDef:
    rooms: tuple[RoomSlotDef, ...]  # index = room number - 1
    corridors: tuple[CorridorDef, ...]  # index = corridor id
    escape_pods: EscapePodsDef
    supply: SupplyDef
    # derived once by load_board
    exits: Mapping[int, tuple[Exit, ...]]  # room -> exits, ordered by their lowest number
    room_exit_by_number: Mapping[int, Mapping[int, int]]  # room -> corridor number -> corridor
    neighbours: Mapping[int, tuple[int, ...]]  # room -> rooms joined by a corridor (TC excluded)
    tech_entrances: tuple[int, ...]  # rooms with a corridor to TC, ascending

    def room(self, number: int) -> RoomSlotDef:
        return self.rooms[number - 1]

    def slots(self, kind: SlotKind) -> tuple[int, ...]:
        return tuple(r.number for r in self.rooms if r.slot == kind)


def load_board() -> BoardDef:
    doc = read(BOARD_FILE)
    check_sections(doc, {"rooms", "corridors", "escape_pods", "supply"}, BOARD_FILE)
    rooms = build_rows(RoomSlotDef, doc["rooms"], f"{BOARD_FILE}: rooms")
    corridors = build_rows(CorridorDef, doc["corridors"], f"{BOARD_FILE}: corridors")
    pods = build(EscapePodsDef, doc["escape_pods"], f"{BOARD_FILE}: escape_pods")
    supply = build(SupplyDef, doc["supply"], f"{BOARD_FILE}: supply")
    _check_rooms(rooms)
    exits = derive_exits(corridors, BOARD_FILE)
    _check_tech_flags(rooms, exits)
    by_number = {
        room: MappingProxyType({n: e.corridor for e in room_exits for n in e.numbers})
        for room, room_exits in exits.items()
    }
    neighbours = {
        room: tuple(sorted({e.to for e in room_exits if e.to != TC}))
        for room, room_exits in exits.items()
    }
    entrances = tuple(r for r, room_exits in exits.items() if any(e.to == TC for e in room_exits))
    return BoardDef(
        rooms=rooms,
        corridors=corridors,
        escape_pods=pods,
        supply=supply,
        exits=MappingProxyType(exits),
        room_exit_by_number=MappingProxyType(by_number),
        neighbours=MappingProxyType(neighbours),
        tech_entrances=entrances,
    )


def _check_rooms(rooms: tuple[RoomSlotDef, ...]) -> None:
    numbers = [r.number for r in rooms]
    if numbers != list(range(1, ROOM_COUNT + 1)):
        raise DataError(
            f"{BOARD_FILE}: rooms must list numbers 1..{ROOM_COUNT} in order, got {numbers}"
        )
    for r in rooms:
        if (r.slot == "special") != (r.special_room is not None):
            raise DataError(
                f"{BOARD_FILE}: rooms[{r.number - 1}].special_room: a special slot needs a "
                f"special_room and only a special slot may have one (room {r.number})"
            )


def derive_exits(corridors: tuple[CorridorDef, ...], where: str) -> dict[int, tuple[Exit, ...]]:
    """Per room 1..21 its exits, after checking every corridor and that each room's exits carry
    the numbers 1-4 exactly once (§2.2)."""
    found: dict[int, list[Exit]] = {room: [] for room in range(1, ROOM_COUNT + 1)}
    for index, corridor in enumerate(corridors):
        _check_corridor(index, corridor, where)
        a, b = corridor.ends
        for here, there in ((a, b), (b, a)):
            if here != TC:
                found[here].append(Exit(index, there, corridor.numbers))
    exits = {}
    for room, room_exits in found.items():
        numbers = sorted(n for e in room_exits for n in e.numbers)
        if numbers != sorted(CORRIDOR_NUMBERS):
            raise DataError(
                f"{where}: corridors: the exits of room {room} carry numbers {numbers}; "
                f"each room needs exactly [1, 2, 3, 4]"
            )
        exits[room] = tuple(sorted(room_exits, key=lambda e: min(e.numbers)))
    return exits


def _check_corridor(index: int, corridor: CorridorDef, where: str) -> None:
    label = f"{where}: corridors[{index}]"
    for end in corridor.ends:
        if end != TC and not 1 <= end <= ROOM_COUNT:
            raise DataError(f"{label}: endpoint {end} is neither a room 1..{ROOM_COUNT} nor TC")
    if corridor.ends[0] == corridor.ends[1]:
        raise DataError(f"{label}: a corridor cannot join {corridor.a} to itself")
    numbers: Any = corridor.numbers
    if not numbers or len(set(numbers)) != len(numbers) or not set(numbers) <= CORRIDOR_NUMBERS:
        raise DataError(f"{label}.numbers: expected distinct numbers from 1-4, got {list(numbers)}")


def _check_tech_flags(rooms: tuple[RoomSlotDef, ...], exits: dict[int, tuple[Exit, ...]]) -> None:
    for r in rooms:
        joined = any(e.to == TC for e in exits[r.number])
        if r.tech_entrance != joined:
            raise DataError(
                f"{BOARD_FILE}: rooms[{r.number - 1}].tech_entrance is {r.tech_entrance} but "
                f"room {r.number} {'has' if joined else 'has no'} corridor to TC"
            )
