"""Where the SVG drawing (svg.py) puts the ship's rooms: a DRAWING LAYOUT, not rules data.

Nothing here is read by the rules: the board's graph (which rooms a corridor joins, its
numbers, the Technical Corridors entrances) comes from data/board_*.yaml through the topology;
this module only says where on the 1200x800 canvas each printed room number is drawn, so that
the map reads like the physical board: the Cockpit at the nose (left), the Hibernatorium in the
middle, the three Engines at the stern (right), with every corridor a short line between
neighbouring boxes. The layout is chosen per board side; a side without a layout (a new board
file) falls back to a grid, still drawable.
"""

from __future__ import annotations

from typing import NamedTuple


class Box(NamedTuple):
    """A room's box: centre and size, in canvas units."""

    x: float
    y: float
    w: float
    h: float


class Layout(NamedTuple):
    rooms: dict[int, Box]  # printed room number -> box
    hatches: dict[int, tuple[float, float]]  # TC entrance room -> its hatch (free space nearby)
    hull: tuple[tuple[float, float], ...]  # the ship's outline, nose first
    tc_node: Box  # the Technical Corridors node (one row per network)


# Columns run from the nose (0) to the stern (6); rows from the top (0) to the bottom (4).
COLS = (78, 198, 318, 438, 558, 678, 798)
ROWS = (120, 211, 302, 393, 484)
W, H = 98, 68  # an ordinary room box


def _grid(col: int, row: int, w: float = W, h: float = H) -> Box:
    return Box(COLS[col], ROWS[row], w, h)


# The basic side (nemesis-board-basic.md): each room sits next to the rooms its corridors join.
BASIC_ROOMS: dict[int, Box] = {
    1: _grid(0, 2, 104, 104),  # Cockpit: the nose
    2: _grid(1, 1),
    3: _grid(1, 2),
    4: _grid(1, 3),
    5: _grid(2, 0),
    6: _grid(2, 1),
    7: _grid(2, 2),
    8: _grid(2, 3),
    9: _grid(2, 4),
    10: _grid(3, 0),
    11: _grid(3, 2, 108, 128),  # Hibernatorium: the big room amidships (everyone starts here)
    12: _grid(3, 4),
    13: _grid(4, 0),
    14: _grid(4, 1),
    15: _grid(4, 3),
    16: _grid(4, 4),
    17: _grid(5, 1),
    18: _grid(5, 3),
    19: _grid(6, 0),  # Engine 3
    20: _grid(6, 2, W, 110),  # Engine 2
    21: _grid(6, 4),  # Engine 1
}

# Hatches of the Technical Corridors: each in empty space beside its entrance room, so the short
# dashed stub to it crosses no room and no other corridor.
BASIC_HATCHES: dict[int, tuple[float, float]] = {
    2: (118, 186),
    4: (118, 418),
    5: (228, 128),
    9: (228, 476),
    14: (640, 152),
    15: (640, 452),
    19: (712, 92),
    21: (712, 512),
}

HULL: tuple[tuple[float, float], ...] = (
    (8, 302),
    (40, 200),
    (110, 64),
    (180, 54),
    (860, 54),
    (872, 100),
    (872, 504),
    (860, 550),
    (180, 550),
    (110, 540),
    (40, 404),
)

TC_NODE = Box(618, 302, 100, 56)  # amidships, between the Hibernatorium and Engine 2

# The alternate side (board_alternate.yaml, our reconstruction) joins the same pairs of rooms as
# the basic side but two (1-2 and 5-6 have no corridor; 1-3 and 10-13 have two) through the same
# eight entrances, so the basic places read just as well; its own table all the same, so that
# a future graph can move rooms without touching the basic side.
ALTERNATE_ROOMS: dict[int, Box] = dict(BASIC_ROOMS)
ALTERNATE_HATCHES: dict[int, tuple[float, float]] = dict(BASIC_HATCHES)

LAYOUTS: dict[str, Layout] = {
    "basic": Layout(BASIC_ROOMS, BASIC_HATCHES, HULL, TC_NODE),
    "alternate": Layout(ALTERNATE_ROOMS, ALTERNATE_HATCHES, HULL, TC_NODE),
}


def layout_for(board_side: str, num_rooms: int) -> Layout:
    """The side's layout; a grid for a side (or room count) it does not cover."""
    known = LAYOUTS.get(board_side)
    if known is not None and all(n in known.rooms for n in range(1, num_rooms + 1)):
        return known
    rooms = {n: _grid(n // 5 % 7, n % 5, 90, 60) for n in range(1, num_rooms + 1)}
    return Layout(rooms, {}, HULL, TC_NODE)


def hatch_for(layout: Layout, room: int) -> tuple[float, float]:
    """Where the hatch of `room`'s Technical Corridors entrance goes (above the room when the
    layout has no place for it)."""
    if room in layout.hatches:
        return layout.hatches[room]
    box = layout.rooms[room]
    return (box.x - box.w / 2 - 14, box.y - box.h / 2 - 14)
