"""The rooms of the SVG ship map (svg_map.py): each room's box in its tile's colour (face down
while this seat does not know the tile, dashed when it peeked at it), its printed number, its
markers (fire, malfunction, depressurisation, the item counter, an engine's known state) and
what stands and lies in it (characters, Intruders, objects, items, a peeked token).

It reads a view only. Rooms go by their printed numbers (1-21) in ids and data attributes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis import svg_pieces as pieces
from nemesis_env.games.nemesis.state import DAMAGED, WORKING
from nemesis_env.games.nemesis.svg_layout import Box, Layout
from nemesis_env.games.nemesis.svg_pieces import Piece
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame


def _tile_def(game: NemesisGame, tile: int) -> Any:
    return (*game.data.room_tiles, *game.data.special_rooms)[tile]


def room_group(game: NemesisGame, v: NemesisView, layout: Layout, room: int) -> str:
    box = layout.rooms[room + 1]
    tile, explored = v.tile[room], v.explored[room]
    face_up = tile >= 0 and (explored or game.tables.fixed_tile[room] >= 0)
    classes = ["room", "explored" if explored else "unexplored"]
    if not explored and tile >= 0:
        classes.append("face-up" if face_up else "seen")
    if game.slot_kind[room] < 0:
        classes.append("special")
    attrs = {
        "id": f"room-{room + 1}",
        "class": " ".join(classes),
        "data-room": room + 1,
        "data-tile": game.tables.tiles[tile] if tile >= 0 else None,
    }
    lines = _room_lines(game, v, room, box)
    parts = [_room_shape(game, room, box, tile, face_up), *_room_header(game, v, room, box)]
    top = box.y - box.h / 2
    for i, words in enumerate(lines):
        parts.append(
            d.text(
                box.x,
                top + 28 + 11 * i,
                words,
                9.5,
                text_anchor="middle",
                font_weight="bold",
                fill=d.INK if face_up else "#c9d1d9",
                font_style=None if face_up else "italic",
            )
        )
    if tile < 0:
        parts.append(
            d.text(
                box.x, box.y + 12, "?", 30, text_anchor="middle", fill="#3d4652", font_weight="bold"
            )
        )
        parts.append(d.title(f"Room {room + 1}: unexplored, face down"))
    parts += _flow(_room_pieces(game, v, room), box, top + 22 + 11 * max(1, len(lines)))
    return d.group(attrs, parts)


def _room_lines(game: NemesisGame, v: NemesisView, room: int, box: Box) -> list[str]:
    tile = v.tile[room]
    if tile < 0:
        return []
    name = names.tile_name(game, tile)
    seen = not v.explored[room] and game.tables.fixed_tile[room] < 0
    return d.wrap(name + (" (seen)" if seen else ""), int((box.w - 6) / 6.1))


def _room_shape(game: NemesisGame, room: int, box: Box, tile: int, face_up: bool) -> str:
    left, top = box.x - box.w / 2, box.y - box.h / 2
    right, bottom = left + box.w, top + box.h
    if tile < 0:
        fill, stroke = d.FACE_DOWN_FILL, "#4a5563"
    else:
        tile_def = _tile_def(game, tile)
        colour = d.SPECIAL_FILL if tile_def.kind == "special" else d.ROOM_FILLS[tile_def.colour]
        fill, stroke = (colour, "#a5b4c3") if face_up else (d.FACE_DOWN_FILL, colour)
    style: dict[str, object] = {"fill": fill, "stroke": stroke, "stroke_width": 1.6}
    if tile >= 0 and not face_up:
        style["stroke_dasharray"] = "5 3"
        style["stroke_width"] = 2.5
    if room == game.cockpit:
        return d.polygon(
            (
                (left - 18, box.y),
                (left + 20, top),
                (right, top),
                (right, bottom),
                (left + 20, bottom),
            ),
            **style,
        )
    shape = d.rect(left, top, box.w, box.h, rx=7, **style)
    if tile >= 0 and _tile_def(game, tile).engine is not None:
        nozzle = (
            (right, box.y - 12),
            (right + 10, box.y - 18),
            (right + 10, box.y + 18),
            (right, box.y + 12),
        )
        shape = d.polygon(nozzle, fill="#3b4b5c", stroke=stroke) + shape
    return shape


def _room_header(game: NemesisGame, v: NemesisView, room: int, box: Box) -> list[str]:
    """The printed room number top-left; the markers on the room top-right."""
    left, top = box.x - box.w / 2, box.y - box.h / 2
    parts = [
        d.rect(left + 3, top + 3, 20, 13, rx=3, fill="#0b0f14", fill_opacity=0.7),
        d.text(
            left + 13, top + 13, room + 1, 9, text_anchor="middle", font_weight="bold", fill=d.INK
        ),
    ]
    x = left + box.w - 4
    for width, draw in reversed(_room_marks(game, v, room)):
        x -= width
        parts.append(draw(x, top + 3))
        x -= 2
    return parts


def _room_marks(game: NemesisGame, v: NemesisView, room: int) -> list[Piece]:
    marks: list[Piece] = []
    if v.fire[room]:
        marks.append((12, pieces.fire_marker))
    if v.malfunction[room]:
        marks.append((12, pieces.malfunction_marker))
    if v.depressurised == room:
        marks.append((24, lambda x, y: pieces.tag(x, y, "AIR", "#f85149", "depressurised")))
    if v.explored[room] and game.slot_kind[room] >= 0:
        count = str(v.item_counter[room])
        marks.append((16, lambda x, y: pieces.tag(x, y, count, "#d0d7de", "item-counter", 16)))
    engine = _engine_of(game, v, room)
    if engine >= 0:
        known = v.engine[engine]
        word, fill = {WORKING: ("OK", "#3fb950"), DAMAGED: ("DMG", "#f85149")}.get(
            known, ("?", "#6e7681")
        )
        marks.append((26, lambda x, y: pieces.tag(x, y, word, fill, "engine-state", 26)))
    return marks


def _engine_of(game: NemesisGame, v: NemesisView, room: int) -> int:
    """The engine index (0-2) of an engine room, else -1."""
    tile = v.tile[room]
    number = _tile_def(game, tile).engine if tile >= 0 else None
    return -1 if number is None else int(number) - 1


def _flow(items: list[Piece], box: Box, top: float) -> list[str]:
    """Places the pieces left to right in rows of 15 units, inside the room's width."""
    left, right = box.x - box.w / 2 + 4, box.x + box.w / 2 - 4
    x, y, out = left, top, []
    for width, draw in items:
        if x + width > right and x > left:
            x, y = left, y + 15
        out.append(draw(x, y))
        x += width + 3
    return out


def _room_pieces(game: NemesisGame, v: NemesisView, room: int) -> list[Piece]:
    """Characters, then Intruders, then the things lying in the room, then what this seat
    knows of a face-down exploration token."""
    out: list[Piece] = []
    for seat, c in enumerate(v.chars):
        if c.room == room:
            out.append(pieces.character(game, v, seat, room))
    for mini, where in enumerate(v.intruder_room):
        if where == room:
            out.append(pieces.intruder(game, v, mini, room))
    out += [pieces.thing(game, t) for t in v.objects[room]]
    token = v.token[room]
    if token >= 0:
        out.append(pieces.token_seen(game, token))
    return out
