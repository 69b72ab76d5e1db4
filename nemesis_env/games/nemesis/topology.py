"""The ship's graph as the rules query it: rooms, corridors, their numbers and the Technical
Corridors (nemesis-reference.md §2.2; the basic side is nemesis-board-basic.md).

Rooms are 0..20 (printed numbers 1..21). A corridor joins two rooms, or a room and the
Technical Corridors space (`TC`), and carries one or two of the numbers 1-4; every room's exits
carry each number exactly once, so "the corridor numbered n out of room r" is always defined.
Built once per game from the board data and shared by every state.
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
    room_pair_corridor: dict[tuple[int, int], int]  # (room, room) -> corridor, both orders

    def other_end(self, corridor: int, room: int) -> int:
        a, b = self.ends[corridor]
        return b if a == room else a

    def is_tc(self, corridor: int) -> bool:
        return self.ends[corridor][1] == TC

    def neighbours(self, room: int) -> list[int]:
        """Rooms joined to `room` by one corridor (the Technical Corridors are not one)."""
        out = []
        for c in self.exits[room]:
            other = self.other_end(c, room)
            if other != TC:
                out.append(other)
        return out

    def corridor_to(self, room: int, number: int) -> int:
        return self.exit_by_number[room][number - 1]


def build_topology(num_rooms: int, edges: Sequence[tuple[int, int, Sequence[int]]]) -> Topology:
    """`edges`: (room, room or TC, numbers) with rooms 0-based. Raises ValueError when a room's
    exits do not carry the numbers 1-4 exactly once."""
    ends: list[tuple[int, int]] = []
    numbers: list[tuple[int, ...]] = []
    exit_table: list[list[int]] = [[-1] * 4 for _ in range(num_rooms)]
    exits: list[list[int]] = [[] for _ in range(num_rooms)]
    pairs: dict[tuple[int, int], int] = {}
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
            pairs[(a, b)] = pairs[(b, a)] = index
    for room, row in enumerate(exit_table):
        if -1 in row:
            missing = [n + 1 for n, c in enumerate(row) if c == -1]
            raise ValueError(f"room {room + 1} has no exit numbered {missing}")
    entrances = tuple(sorted({a for a, b in ends if b == TC}))
    return Topology(
        num_rooms=num_rooms,
        ends=tuple(ends),
        numbers=tuple(numbers),
        exit_by_number=tuple(tuple(row) for row in exit_table),
        exits=tuple(tuple(sorted(e)) for e in exits),
        tc_entrances=entrances,
        room_pair_corridor=pairs,
    )
