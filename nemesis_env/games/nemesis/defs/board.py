"""A board side: room slots, the corridor graph and its derived lookups, escape pods, supply
counts (nemesis-reference.md §2.1-§2.3, §4.1, §16, §18.4; data/board_basic.yaml and our
reconstruction of the alternate side, data/board_alternate.yaml).

A side's file names its Technical Corridors networks (`tech_networks`, default one network
written `TC`); a corridor to a network writes the network's name as an endpoint. A room slot may
hold a fixed room tile placed face up at setup (`fixed_tile`, the alternate side's Evacuation
Sections)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Literal

from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs.parse import build, build_rows, check_sections, read

# board side (params.BOARD_SIDES) -> its data file: swapping in another graph is one line here
BOARD_FILES = {"basic": "board_basic.yaml", "alternate": "board_alternate.yaml"}
BOARD_FILE = BOARD_FILES["basic"]
TC = 0  # node id of a Technical Corridors network (rooms are 1..21); CorridorDef.network says which
DEFAULT_NETWORKS = ("TC",)
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
    fixed_tile: str | None = None  # rooms.yaml id of a tile placed face up here at setup


@dataclass(frozen=True, slots=True, kw_only=True)
class CorridorDef:
    a: int | str
    b: int | str
    numbers: tuple[int, ...]

    @property
    def ends(self) -> tuple[int, int]:
        """Both endpoints as node ids (any Technical Corridors network = TC = 0)."""
        return _node(self.a), _node(self.b)

    @property
    def tech_network(self) -> str | None:
        """The name of the Technical Corridors network it leads to, None between two rooms."""
        for end in (self.a, self.b):
            if isinstance(end, str):
                return end
        return None


def _node(end: int | str) -> int:
    return TC if isinstance(end, str) else int(end)


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
    file: str  # the data file it was read from
    tech_networks: tuple[str, ...]  # names of the Technical Corridors networks
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


def load_board(side: str = "basic") -> BoardDef:
    """The board side `side` (a key of BOARD_FILES), checked (DataError naming the file)."""
    where = BOARD_FILES[side]
    doc = read(where)
    sections = {"rooms", "corridors", "escape_pods", "supply"}
    if isinstance(doc, Mapping) and "tech_networks" in doc:
        sections.add("tech_networks")
    check_sections(doc, sections, where)
    networks = _networks(doc.get("tech_networks", list(DEFAULT_NETWORKS)), where)
    rooms = build_rows(RoomSlotDef, doc["rooms"], f"{where}: rooms")
    corridors = build_rows(CorridorDef, doc["corridors"], f"{where}: corridors")
    pods = build(EscapePodsDef, doc["escape_pods"], f"{where}: escape_pods")
    supply = build(SupplyDef, doc["supply"], f"{where}: supply")
    _check_rooms(rooms, where)
    exits = derive_exits(corridors, where, networks)
    _check_tech_flags(rooms, exits, where)
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
        file=where,
        tech_networks=networks,
        rooms=rooms,
        corridors=corridors,
        escape_pods=pods,
        supply=supply,
        exits=MappingProxyType(exits),
        room_exit_by_number=MappingProxyType(by_number),
        neighbours=MappingProxyType(neighbours),
        tech_entrances=entrances,
    )


def _networks(value: Any, where: str) -> tuple[str, ...]:
    if (not isinstance(value, list) or not value or len(set(value)) != len(value)
            or not all(isinstance(v, str) and v for v in value)):  # fmt: skip
        raise DataError(f"{where}: tech_networks: expected distinct names, got {value!r}")
    return tuple(value)


def _check_rooms(rooms: tuple[RoomSlotDef, ...], where: str = BOARD_FILE) -> None:
    numbers = [r.number for r in rooms]
    if numbers != list(range(1, ROOM_COUNT + 1)):
        raise DataError(f"{where}: rooms must list numbers 1..{ROOM_COUNT} in order, got {numbers}")
    for r in rooms:
        if (r.slot == "special") != (r.special_room is not None):
            raise DataError(
                f"{where}: rooms[{r.number - 1}].special_room: a special slot needs a "
                f"special_room and only a special slot may have one (room {r.number})"
            )
        if r.slot == "special" and r.fixed_tile is not None:
            raise DataError(
                f"{where}: rooms[{r.number - 1}].fixed_tile: only a room1/room2 slot may hold "
                f"a fixed tile (room {r.number})"
            )


def derive_exits(
    corridors: tuple[CorridorDef, ...], where: str, networks: tuple[str, ...] = DEFAULT_NETWORKS
) -> dict[int, tuple[Exit, ...]]:
    """Per room 1..21 its exits, after checking every corridor and that each room's exits carry
    the numbers 1-4 exactly once (§2.2)."""
    found: dict[int, list[Exit]] = {room: [] for room in range(1, ROOM_COUNT + 1)}
    for index, corridor in enumerate(corridors):
        _check_corridor(index, corridor, where, networks)
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


def _check_corridor(
    index: int, corridor: CorridorDef, where: str, networks: tuple[str, ...]
) -> None:
    label = f"{where}: corridors[{index}]"
    for end in (corridor.a, corridor.b):
        if isinstance(end, str) and end not in networks:
            raise DataError(f"{label}: endpoint {end!r} is not a tech network {list(networks)}")
        if isinstance(end, int) and not 1 <= end <= ROOM_COUNT:
            raise DataError(
                f"{label}: endpoint {end} is neither a room 1..{ROOM_COUNT} nor "
                f"{' / '.join(networks)}"
            )
    if corridor.ends[0] == corridor.ends[1]:
        raise DataError(f"{label}: a corridor cannot join {corridor.a} to itself")
    numbers: Any = corridor.numbers
    if not numbers or len(set(numbers)) != len(numbers) or not set(numbers) <= CORRIDOR_NUMBERS:
        raise DataError(f"{label}.numbers: expected distinct numbers from 1-4, got {list(numbers)}")


def _check_tech_flags(
    rooms: tuple[RoomSlotDef, ...], exits: dict[int, tuple[Exit, ...]], where: str = BOARD_FILE
) -> None:
    for r in rooms:
        joined = any(e.to == TC for e in exits[r.number])
        if r.tech_entrance != joined:
            raise DataError(
                f"{where}: rooms[{r.number - 1}].tech_entrance is {r.tech_entrance} but "
                f"room {r.number} {'has' if joined else 'has no'} corridor to TC"
            )
