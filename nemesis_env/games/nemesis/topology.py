"""The ship's graph as the rules query it: rooms, corridors, their numbers and the Technical
Corridors (nemesis-reference.md §2.2; the basic side is nemesis-board-basic.md).

Rooms are 0..20 (printed numbers 1..21). A corridor joins two rooms, or a room and a
Technical Corridors network (`TC` as its other end; `tc_network` says which: the basic side has
one, the alternate side two with their own noise spaces), and carries one or two of the numbers
1-4; every room's exits carry each number exactly once, so "the corridor numbered n out of room
r" is always defined. Two rooms may be joined by two separate corridors (the alternate side):
rules that act on a corridor name it by index or number, never by the pair of rooms. Built
once per board side from the board data and shared by every state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

TC = -2  # the Technical Corridors space as a corridor end


@dataclass(frozen=True, slots=True)
class Topology:
    num_rooms: int
    ends: tuple[tuple[int, int], ...]  # per corridor: (room, room or TC)
    numbers: tuple[tuple[int, ...], ...]  # per corridor: its numbers
    exit_by_number: tuple[tuple[int, ...], ...]  # [room][n - 1] -> corridor index
    exits: tuple[tuple[int, ...], ...]  # per room: its corridor indices, ascending
    tc_entrances: tuple[int, ...]  # rooms with a Technical Corridors entrance
    # (room, room) -> corridor, both orders, only for rooms joined by exactly one corridor
    room_pair_corridor: dict[tuple[int, int], int]
    room_pair_corridors: dict[tuple[int, int], tuple[int, ...]]  # every corridor, ascending
    tc_network: tuple[int, ...] = ()  # per corridor: its network, -1 between two rooms
    tc_networks: int = 1  # number of Technical Corridors networks (noise spaces)
    network_entrances: tuple[tuple[int, ...], ...] = ()  # per network: its entrance rooms

    def other_end(self, corridor: int, room: int) -> int:
        a, b = self.ends[corridor]
        return b if a == room else a

    def is_tc(self, corridor: int) -> bool:
        return self.ends[corridor][1] == TC

    def neighbours(self, room: int) -> list[int]:
        """Rooms joined to `room` by a corridor (the Technical Corridors are not one), each once
        even when two corridors lead there, in corridor order."""
        out: list[int] = []
        for c in self.exits[room]:
            other = self.other_end(c, room)
            if other != TC and other not in out:
                out.append(other)
        return out

    def corridor_to(self, room: int, number: int) -> int:
        return self.exit_by_number[room][number - 1]

    def corridors_between(self, a: int, b: int) -> tuple[int, ...]:
        """Every corridor joining rooms a and b (two on the alternate side's doubled pairs)."""
        return self.room_pair_corridors.get((a, b), ())

    def tc_rooms_from(self, room: int) -> list[int]:
        """The other entrances of the networks `room` enters (a move through the Technical
        Corridors stays inside one network)."""
        out: set[int] = set()
        for network, entrances in enumerate(self.network_entrances):
            if any(self.tc_network[c] == network for c in self.exits[room]):
                out.update(entrances)
        out.discard(room)
        return sorted(out)


def build_topology(
    num_rooms: int,
    edges: Sequence[tuple[int, int, Sequence[int]]],
    networks: Sequence[int] | None = None,
) -> Topology:
    """`edges`: (room, room or TC, numbers) with rooms 0-based; `networks`: per edge, the
    Technical Corridors network of an edge to TC (default: all network 0). Raises ValueError
    when a room's exits do not carry the numbers 1-4 exactly once."""
    ends: list[tuple[int, int]] = []
    numbers: list[tuple[int, ...]] = []
    exit_table: list[list[int]] = [[-1] * 4 for _ in range(num_rooms)]
    exits: list[list[int]] = [[] for _ in range(num_rooms)]
    pairs: dict[tuple[int, int], list[int]] = {}
    for index, (a, b, nums) in enumerate(edges):
        if a == TC:
            a, b = b, a  # the room end first
        ends.append((a, b))
        numbers.append(tuple(sorted(nums)))
        for room in (a, b):
            if room == TC:
                continue
            exits[room].append(index)
            for n in nums:
                if exit_table[room][n - 1] != -1:
                    raise ValueError(f"room {room + 1} has two exits numbered {n}")
                exit_table[room][n - 1] = index
        if b != TC:
            pairs.setdefault((a, b), []).append(index)
            if a != b:
                pairs.setdefault((b, a), []).append(index)
    for room, row in enumerate(exit_table):
        if -1 in row:
            missing = [n + 1 for n, c in enumerate(row) if c == -1]
            raise ValueError(f"room {room + 1} has no exit numbered {missing}")
    entrances = tuple(sorted({a for a, b in ends if b == TC}))
    per_edge = list(networks) if networks is not None else [0] * len(ends)
    tc_network = tuple(per_edge[i] if b == TC else -1 for i, (_, b) in enumerate(ends))
    count = max((n + 1 for n in tc_network), default=1)
    by_network = tuple(
        tuple(sorted({a for i, (a, b) in enumerate(ends) if b == TC and tc_network[i] == n}))
        for n in range(count)
    )
    return Topology(
        num_rooms=num_rooms,
        ends=tuple(ends),
        numbers=tuple(numbers),
        exit_by_number=tuple(tuple(row) for row in exit_table),
        exits=tuple(tuple(sorted(e)) for e in exits),
        tc_entrances=entrances,
        room_pair_corridor={pair: cs[0] for pair, cs in pairs.items() if len(cs) == 1},
        room_pair_corridors={pair: tuple(cs) for pair, cs in pairs.items()},
        tc_network=tc_network,
        tc_networks=count,
        network_entrances=by_network,
    )
