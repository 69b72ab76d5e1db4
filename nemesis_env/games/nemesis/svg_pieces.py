"""The pieces standing or lying in a room of the SVG map (svg_map.py): character miniatures,
Intruder miniatures, heavy objects and items, and a peeked exploration token.

Each piece is (width, draw): the map flows them in rows inside the room and calls draw(left,
top). Every piece carries its data attributes (seat, room, kind) so that tests and the browser
find it, and a tooltip with its full name where the drawing abbreviates it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis.tables import INTRUDER_TYPES, OBJECTS
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

Piece = tuple[float, Callable[[float, float], str]]  # width, drawing at (left, top)

OBJECT_LABELS = {"corpse": "Corpse", "blue_corpse": "Blue", "carcass": "Carcass", "egg": "Egg"}
OBJECT_FILLS = {
    "corpse": "#8b949e",
    "blue_corpse": "#58a6ff",
    "carcass": "#a371f7",
    "egg": "#efe3c2",
}
# Miniature sizes grow with the Intruder's rank, as the physical miniatures do.
INTRUDER_RADII = {"larva": 5.5, "creeper": 6.2, "adult": 7.0, "breeder": 7.6, "queen": 8.2}


def character_label(game: NemesisGame, v: NemesisView, seat: int) -> str:
    """'Player 2 · Scout' (the kept character is public), 'Player 2' before the draft."""
    character = v.chars[seat].character
    label = names.seat_label(seat)
    return label if character < 0 else f"{label} · {game.data.characters[character].name}"


def character_name(game: NemesisGame, v: NemesisView, seat: int) -> str:
    character = v.chars[seat].character
    return names.seat_label(seat) if character < 0 else game.data.characters[character].name


def character(game: NemesisGame, v: NemesisView, seat: int, room: int) -> Piece:
    """A character's miniature: its seat's colour, its name cut to three letters (Captain, Pilot,
    Scientist, Scout, Soldier and Mechanic stay apart that way); slime as a green rim."""
    c = v.chars[seat]
    fill = d.SEAT_COLOURS[seat % len(d.SEAT_COLOURS)]
    name = character_name(game, v, seat)
    short = name[:3] if c.character >= 0 else f"P{seat + 1}"

    def draw(x: float, y: float) -> str:
        rim = {"stroke": "#7ee787", "stroke_width": 2.2} if c.slime else {"stroke": "#0b0f14"}
        return d.group(
            {
                "class": "character" + (" slime" if c.slime else ""),
                "data-seat": seat,
                "data-room": room + 1,
                "data-character": name,
            },
            [
                d.rect(x, y, 27, 13, rx=6.5, fill=fill, **rim),
                d.text(
                    x + 13.5,
                    y + 10,
                    short,
                    8.5,
                    text_anchor="middle",
                    font_weight="bold",
                    fill=d.ink_on(fill),
                ),
                d.title(character_label(game, v, seat)),
            ],
        )

    return 27, draw


def intruder(game: NemesisGame, v: NemesisView, mini: int, room: int) -> Piece:
    """An Intruder miniature by its kind (miniatures of one kind look alike), with its injury
    markers."""
    type_index = game.mini_type[mini]
    kind = INTRUDER_TYPES[type_index] if type_index < len(INTRUDER_TYPES) else "blank"
    radius = INTRUDER_RADII.get(kind, 6.0)
    injuries = v.intruder_injuries[mini]
    letter = kind[0].upper()

    def draw(x: float, y: float) -> str:
        cx, cy = x + radius, y + 6.5
        parts = [
            d.circle(cx, cy, radius, fill=d.INTRUDER_FILL, stroke=d.INTRUDER_INK, stroke_width=1.6),
            d.text(
                cx,
                cy + 3.3,
                letter,
                9,
                text_anchor="middle",
                font_weight="bold",
                fill=d.INTRUDER_INK,
            ),
        ]
        if injuries:
            parts.append(d.circle(cx + radius - 1, cy - radius + 1, 4.2, fill=d.BROKEN))
            parts.append(
                d.text(
                    cx + radius - 1,
                    cy - radius + 3.8,
                    injuries,
                    7,
                    text_anchor="middle",
                    font_weight="bold",
                    fill="#ffffff",
                )
            )
        label = names.intruder_type(game, type_index)
        parts.append(d.title(f"{label}, {injuries} injur{'y' if injuries == 1 else 'ies'}"))
        return d.group(
            {
                "class": f"intruder {kind}",
                "data-room": room + 1,
                "data-mini": mini,
                "data-injuries": injuries,
            },
            parts,
        )

    return 2 * radius, draw


def thing(game: NemesisGame, thing_id: int) -> Piece:
    """A heavy object (corpse, carcass, egg) or an item lying in the room."""
    if game.is_object(thing_id):
        key = OBJECTS[thing_id - game.first_object]
        label, fill, cls = OBJECT_LABELS[key], OBJECT_FILLS[key], f"object {key}"
    else:
        label, fill, cls = d.fit(game.tables.things[thing_id].name, 10), "#30363d", "object item"
    width = 6 + 5 * len(label)
    full = names.thing(game, thing_id)

    def draw(x: float, y: float) -> str:
        return d.group(
            {"class": cls.replace("_", "-"), "data-thing": thing_id},
            [
                d.rect(x, y, width, 13, rx=2, fill=fill, stroke="#c9d1d9", stroke_width=0.6),
                d.text(
                    x + width / 2, y + 9.5, label, 7.5, text_anchor="middle", fill=d.ink_on(fill)
                ),
                d.title(full),
            ],
        )

    return width, draw


def token_seen(game: NemesisGame, token: int) -> Piece:
    """A face-down exploration token this seat peeked at (Monitoring Room, Recon Drone)."""
    spec = game.data.exploration.tokens[token]
    label = f"token: {spec.effect}"
    width = 6 + 4.6 * len(label)

    def draw(x: float, y: float) -> str:
        return d.group(
            {"class": "token-seen", "data-effect": spec.effect, "data-items": spec.items},
            [
                d.rect(
                    x, y, width, 13, rx=6, fill="#0b0f14", stroke=d.NOISE, stroke_dasharray="3 2"
                ),
                d.text(
                    x + width / 2,
                    y + 9.5,
                    label,
                    7.5,
                    text_anchor="middle",
                    fill=d.NOISE,
                    font_style="italic",
                ),
                d.title(f"Exploration token seen: {spec.effect}, {spec.items} items"),
            ],
        )

    return width, draw


def fire_marker(x: float, y: float) -> str:
    flame = (
        (x + 6, y),
        (x + 11, y + 8),
        (x + 9, y + 13),
        (x + 3, y + 13),
        (x + 1, y + 8),
        (x + 4, y + 5),
    )
    return d.group(
        {"class": "fire-marker"}, [d.polygon(flame, fill=d.FIRE, stroke="#ffd8a8"), d.title("Fire")]
    )


def malfunction_marker(x: float, y: float) -> str:
    bolt = (
        (x + 7, y),
        (x + 2, y + 7),
        (x + 6, y + 7),
        (x + 4, y + 13),
        (x + 11, y + 5),
        (x + 7, y + 5),
        (x + 9, y),
    )
    return d.group(
        {"class": "malfunction-marker"},
        [
            d.polygon(bolt, fill=d.MALFUNCTION, stroke="#0b0f14", stroke_width=0.6),
            d.title("Malfunction"),
        ],
    )


def tag(x: float, y: float, label: str, fill: str, cls: str, width: float = 24) -> str:
    return d.group(
        {"class": cls, "data-value": label},
        [
            d.rect(x, y, width, 13, rx=3, fill=fill),
            d.text(
                x + width / 2,
                y + 10,
                label,
                8.5,
                text_anchor="middle",
                font_weight="bold",
                fill=d.ink_on(fill),
            ),
        ],
    )


def noise_marker(x: float, y: float) -> str:
    return d.group(
        {"class": "noise-marker"},
        [
            d.circle(x, y, 5.5, fill=d.NOISE, stroke="#0b0f14", stroke_width=1),
            d.text(x, y + 3, "!", 8, text_anchor="middle", font_weight="bold", fill="#0b0f14"),
        ],
    )
