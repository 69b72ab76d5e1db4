"""The ship map of the SVG board (svg.py): the hull, the corridors with their numbers, doors and
noise markers, the Technical Corridors, and the 21 rooms (svg_rooms.py).

It reads a view only (never the state), so it draws exactly what that seat may know: a room is
face down unless the view gives its tile, a peeked tile shows as seen but still face down.
Rooms are named by their printed numbers (1-21) in ids and data attributes, as on the board.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis import svg_pieces as pieces
from nemesis_env.games.nemesis.state import CLOSED, DESTROYED
from nemesis_env.games.nemesis.svg_layout import Box, Layout, hatch_for, layout_for
from nemesis_env.games.nemesis.svg_rooms import room_group
from nemesis_env.games.nemesis.topology import TC
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

DOOR_WORDS = ("open", "closed", "destroyed")


def ship_map(game: NemesisGame, v: NemesisView) -> str:
    layout = layout_for(game.params.board_side, game.topo.num_rooms)
    corridors = [_corridor(game, v, layout, c) for c in range(len(game.topo.ends))]
    rooms = [room_group(game, v, layout, r) for r in range(game.topo.num_rooms)]
    return d.group(
        {"id": "map", "data-board": game.params.board_side},
        [
            _hull(game, layout),
            _tc_node(game, v, layout),
            d.group({"id": "rooms"}, rooms),
            # over the rooms, so that no room hides a door or a noise marker: each line runs only
            # between the two boxes it joins
            d.group({"id": "corridors"}, corridors),
        ],
    )


def network_colour(game: NemesisGame, network: int) -> str:
    name = game.data.board.tech_networks[network]
    return d.NETWORK_COLOURS_NAMED.get(name, d.NETWORK_COLOURS[network % 2])


def _hull(game: NemesisGame, layout: Layout) -> str:
    parts = [d.polygon(layout.hull, fill=d.HULL, stroke=d.HULL_EDGE, stroke_width=2.5)]
    # the engines' exhausts at the stern
    for y in (150, 302, 454):
        parts.append(
            d.polygon(
                ((872, y - 22), (884, y - 30), (884, y + 30), (872, y + 22)),
                fill="#2b3a4a",
                stroke=d.HULL_EDGE,
            )
        )
    if game.params.board_side == "basic":
        # the basic side's mark: the red arrow top-left (nemesis-reference.md §1)
        parts.append(d.polygon(((120, 66), (138, 74), (120, 82)), fill="#f85149"))
    side = "BASIC SIDE" if game.params.board_side == "basic" else "ALTERNATE SIDE"
    parts.append(d.text(146, 79, side, 9, fill=d.DIM, letter_spacing=2))
    return d.group({"id": "hull"}, parts)


def _leave(box: Box, origin: tuple[float, float], dx: float, dy: float) -> float:
    """The fraction of (dx, dy) at which a ray from `origin`, inside the box, leaves it."""
    ox, oy = origin
    tx = (box.x + math.copysign(box.w / 2, dx) - ox) / dx if dx else math.inf
    ty = (box.y + math.copysign(box.h / 2, dy) - oy) / dy if dy else math.inf
    return min(tx, ty)


def _corridor(game: NemesisGame, v: NemesisView, layout: Layout, corridor: int) -> str:
    if game.topo.ends[corridor][1] == TC:
        return _tc_corridor(game, v, layout, corridor)
    topo = game.topo
    a, b = topo.ends[corridor]
    box_a, box_b = layout.rooms[a + 1], layout.rooms[b + 1]
    dx, dy = box_b.x - box_a.x, box_b.y - box_a.y
    length = math.hypot(dx, dy) or 1.0
    px, py = -dy / length, dx / length
    # two corridors between the same rooms (the alternate side) run side by side
    twins = topo.corridors_between(a, b)
    shift = (twins.index(corridor) - (len(twins) - 1) / 2) * 16
    x0, y0 = box_a.x + px * shift, box_a.y + py * shift
    t0 = _leave(box_a, (x0, y0), dx, dy)
    t1 = 1 - _leave(box_b, (x0 + dx, y0 + dy), -dx, -dy)
    mid = (x0 + dx * (t0 + t1) / 2, y0 + dy * (t0 + t1) / 2)
    door, noise = v.door[corridor], v.noise[corridor]
    ends = (x0 + dx * t0, y0 + dy * t0, x0 + dx * t1, y0 + dy * t1)
    parts = [d.line(*ends, stroke=d.DIM, stroke_width=4)]
    parts += _markers(mid, (px, py), names.corridor_numbers(game, corridor), door, noise)
    return d.group(_corridor_attrs(game, corridor, str(b + 1), door, noise), parts)


def _corridor_attrs(
    game: NemesisGame, corridor: int, to: str, door: int, noise: bool
) -> dict[str, object]:
    classes = ["corridor"]
    if to == "TC":
        classes.append("tc")
    if door != 0:
        classes.append(f"door-{DOOR_WORDS[door]}")
    if noise:
        classes.append("noise")
    return {
        "id": f"corridor-{corridor}",
        "class": " ".join(classes),
        "data-numbers": names.corridor_numbers(game, corridor),
        "data-from": game.topo.ends[corridor][0] + 1,
        "data-to": to,
        "data-door": DOOR_WORDS[door],
        "data-noise": noise,
    }


def _markers(
    mid: tuple[float, float], perp: tuple[float, float], label: str, door: int, noise: bool
) -> list[str]:
    """The corridor's number badge at `mid`, its door across the corridor, its noise marker
    pinned to the badge."""
    x, y = mid
    px, py = perp
    parts = []
    if door != 0:
        colour = d.DOOR if door == CLOSED else d.BROKEN
        parts.append(
            d.line(
                x - px * 15,
                y - py * 15,
                x + px * 15,
                y + py * 15,
                stroke=colour,
                stroke_width=6,
                stroke_dasharray="4 3" if door == DESTROYED else None,
                **{"class": f"door {DOOR_WORDS[door]}"},
            )
        )
    width = 7 + 5.6 * len(label)
    fill = {CLOSED: d.DOOR, DESTROYED: d.BROKEN}.get(door, "#0b0f14")
    parts.append(
        d.rect(x - width / 2, y - 7, width, 14, rx=4, fill=fill, stroke=d.INK, stroke_width=0.8)
    )
    parts.append(
        d.text(x, y + 3.5, label, 9, text_anchor="middle", font_weight="bold", fill=d.ink_on(fill))
    )
    if noise:
        # on the badge's corner: the gap between two rooms has no room for more
        parts.append(pieces.noise_marker(x + width / 2, y - 7))
    return parts


def _tc_corridor(game: NemesisGame, v: NemesisView, layout: Layout, corridor: int) -> str:
    """A corridor into the Technical Corridors: a dashed stub from the room to its hatch."""
    topo = game.topo
    room = topo.ends[corridor][0]
    box = layout.rooms[room + 1]
    hx, hy = hatch_for(layout, room + 1)
    # a second entrance of one room (no side has one today) gets a hatch of its own
    own = [c for c in topo.exits[room] if topo.is_tc(c)]
    hx += own.index(corridor) * 22
    dx, dy = hx - box.x, hy - box.y
    length = math.hypot(dx, dy) or 1.0
    network = topo.tc_network[corridor]
    colour = network_colour(game, network)
    noise = v.tc_noise[network]
    t0 = _leave(box, (box.x, box.y), dx, dy)
    t = (t0 + 1 - 10 / length) / 2
    door = v.door[corridor]
    start = (box.x + dx * t0, box.y + dy * t0)
    parts = [d.line(*start, hx, hy, stroke=colour, stroke_width=3, stroke_dasharray="6 4")]
    parts += _markers(
        (box.x + dx * t, box.y + dy * t),
        (-dy / length, dx / length),
        names.corridor_numbers(game, corridor),
        door,
        False,
    )
    parts.append(
        d.group(
            {"class": "tc-hatch" + (" noisy" if noise else ""), "data-network": network},
            [
                d.circle(
                    hx,
                    hy,
                    10,
                    fill="#0b0f14",
                    stroke=d.NOISE if noise else colour,
                    stroke_width=2.5,
                ),
                d.text(hx, hy + 3, "TC", 8, text_anchor="middle", font_weight="bold", fill=colour),
            ],
        )
    )
    attrs = _corridor_attrs(game, corridor, "TC", door, noise)
    attrs["data-network"] = network
    return d.group(attrs, parts)


def _tc_node(game: NemesisGame, v: NemesisView, layout: Layout) -> str:
    """The Technical Corridors node: one row per network with its noise space."""
    box = layout.tc_node
    left, top = box.x - box.w / 2, box.y - box.h / 2
    parts = [
        d.rect(
            left,
            top,
            box.w,
            box.h,
            rx=8,
            fill="#0b0f14",
            stroke=d.HULL_EDGE,
            stroke_dasharray="5 3",
        ),
        d.text(
            box.x,
            top + 13,
            "TECH CORRIDORS",
            8.5,
            text_anchor="middle",
            font_weight="bold",
            fill=d.DIM,
            letter_spacing=0.5,
        ),
    ]
    networks = game.data.board.tech_networks
    for n, noisy in enumerate(v.tc_noise):
        y = top + 28 + n * 15
        label = "shared" if len(networks) == 1 else networks[n].replace("TC_", "").title()
        row = [
            d.circle(left + 12, y - 3, 5, fill=network_colour(game, n)),
            d.text(left + 21, y + 1, label, 9, fill=d.INK),
        ]
        row.append(
            pieces.noise_marker(left + box.w - 14, y - 3)
            if noisy
            else d.text(left + box.w - 8, y + 1, "quiet", 8, text_anchor="end", fill=d.DIM)
        )
        parts.append(d.group({"class": "tc-network", "data-network": n, "data-noise": noisy}, row))
    return d.group({"id": "tc-node", "class": "tc-node"}, parts)
