"""The side panel of the SVG board (svg.py): one card per player with what everyone may know of
that character (its board: status, wounds, hand and deck sizes, held items, the colours of its
inventory, quest items, slime, signal, larva) and, below when there is room, the legend.

It reads a view only; the viewing seat's secrets are drawn apart (svg_secrets.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis import svg_pieces as pieces
from nemesis_env.games.nemesis.state import ACTIVE, DEAD, IN_POD, STATUS_NAMES
from nemesis_env.games.nemesis.svg_pieces import character_label
from nemesis_env.games.nemesis.view import CharacterView, NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

LEFT, TOP, WIDTH = 884, 56, 308
CARD_H, GAP = 144, 4
ITEM_COLOURS = ("#da3633", "#d4a72c", "#2ea043", "#8b949e")  # red, yellow, green, other


def players(game: NemesisGame, v: NemesisView) -> str:
    parts = [_player(game, v, seat, TOP + seat * (CARD_H + GAP)) for seat in range(v.players)]
    below = TOP + v.players * (CARD_H + GAP)
    if 796 - below >= 120:
        parts.append(_legend(below, min(150, 796 - below)))
    return d.group({"id": "players"}, parts)


def _status_words(game: NemesisGame, v: NemesisView, c: CharacterView) -> str:
    if c.status == ACTIVE and c.room >= 0:
        return names.room(game, c.room, v.tile[c.room])
    if c.status == IN_POD or (c.status != ACTIVE and c.pod >= 0):
        word = "in escape pod" if c.status == IN_POD else "escaped in pod"
        return f"{word} {c.pod + 1}{'AB'[c.pod % 2]}"
    if c.status == ACTIVE:
        return "not aboard yet (setup)"
    return STATUS_NAMES[c.status].replace("_", " ")


def _player(game: NemesisGame, v: NemesisView, seat: int, y: float) -> str:
    c = v.chars[seat]
    colour = d.SEAT_COLOURS[seat % len(d.SEAT_COLOURS)]
    deciding = v.chooser == seat and not v.terminal
    parts = [
        d.rect(
            LEFT,
            y,
            WIDTH,
            CARD_H,
            rx=8,
            fill=d.PANEL,
            stroke=colour if deciding else d.PANEL_EDGE,
            stroke_width=3 if deciding else 1,
        ),
        d.rect(LEFT, y, 7, CARD_H, rx=3, fill=colour),
        d.text(
            LEFT + 16, y + 20, character_label(game, v, seat), 13.5, font_weight="bold", fill=d.INK
        ),
        d.text(
            LEFT + 16,
            y + 37,
            d.fit(_status_words(game, v, c), 44),
            10,
            fill="#f85149" if c.status == DEAD else d.INK,
        ),
    ]
    parts += _badges(v, seat, y)
    parts += _wounds(game, c, y + 44)
    parts.append(
        d.text(
            LEFT + 16,
            y + 90,
            f"Hand {c.hand_size} · Deck {c.deck_size} · "
            f"Discard {len(c.discard)} · Actions left {c.actions_left}",
            10,
            fill=d.INK,
            **{"class": "hand-size", "data-value": c.hand_size},
        )
    )
    parts += _carried(game, c, y + 96)
    parts.append(_flags(v, seat, c, y + 128))
    attrs = {
        "id": f"player-{seat}",
        "class": "player" + (" deciding" if deciding else ""),
        "data-seat": seat,
        "data-status": STATUS_NAMES[c.status],
        "data-room": c.room + 1 if c.room >= 0 else None,
    }
    return d.group(attrs, parts)


def _badges(v: NemesisView, seat: int, y: float) -> list[str]:
    """Top-right: YOU (the viewing seat), 1ST (the first player token), TURN (deciding now)."""
    tags = []
    if v.seat == seat:
        tags.append(("YOU", "#f0f6fc"))
    if v.first_player == seat:
        tags.append(("1ST", "#d4a72c"))
    if v.chooser == seat and not v.terminal:
        tags.append(("TO ACT", "#3fb950"))
    out, x = [], float(LEFT + WIDTH - 8)
    for word, fill in reversed(tags):
        w = 10 + 6.5 * len(word)
        x -= w
        out.append(
            d.group(
                {"class": "badge", "data-badge": word.lower()},
                [
                    d.rect(x, y + 8, w, 15, rx=7, fill=fill),
                    d.text(
                        x + w / 2,
                        y + 19,
                        word,
                        9,
                        text_anchor="middle",
                        font_weight="bold",
                        fill="#0b0f14",
                    ),
                ],
            )
        )
        x -= 4
    return out


def _wounds(game: NemesisGame, c: CharacterView, y: float) -> list[str]:
    """Light wounds on their track, then each Serious Wound card (dressed ones marked)."""
    board = game.data.character_board
    parts = [d.text(LEFT + 16, y + 10, "Light", 9, fill=d.DIM)]
    pips = [
        d.circle(
            LEFT + 52 + 13 * i,
            y + 6.5,
            5,
            fill="#f85149" if i < c.light_wounds else "none",
            stroke="#f85149",
        )
        for i in range(board.light_wound_spaces)
    ]
    parts.append(d.group({"class": "light-wounds", "data-value": c.light_wounds}, pips))
    x = LEFT + 60 + 13 * board.light_wound_spaces
    parts.append(
        d.text(x, y + 10, f"Serious {len(c.serious)}/{board.serious_wound_slots}", 9, fill=d.DIM)
    )
    wounds = [
        names.wound_card(game, w if w >= 0 else ~w) + (" (dressed)" if w < 0 else "")
        for w in c.serious
    ]
    parts.append(
        d.group(
            {"class": "serious-wounds", "data-value": len(c.serious)},
            [
                d.text(
                    LEFT + 16,
                    y + 24,
                    d.fit(", ".join(wounds) or "no serious wounds", 50),
                    9,
                    fill="#ffa198" if wounds else d.DIM,
                )
            ],
        )
    )
    return parts


def _carried(game: NemesisGame, c: CharacterView, y: float) -> list[str]:
    """Held heavy items (public, with ammo), the inventory's colours, quest items."""
    held = [
        names.thing(game, t) + (f" ({ammo} ammo)" if game.item_capacity(t) else "")
        for t, ammo in zip(c.heavy, c.heavy_ammo, strict=True)
    ]
    parts = [
        d.group(
            {"class": "held", "data-count": len(held)},
            [
                d.text(
                    LEFT + 16,
                    y + 10,
                    d.fit("Holds: " + (", ".join(held) or "nothing"), 50),
                    9.5,
                    fill=d.INK,
                )
            ],
        )
    ]
    squares = [d.text(LEFT + 16, y + 26, "Items", 9, fill=d.DIM)]
    for i, count in enumerate(c.inventory_colours):
        x = LEFT + 48 + 30 * i
        squares.append(d.rect(x, y + 16, 13, 13, rx=2, fill=ITEM_COLOURS[i]))
        squares.append(d.text(x + 16, y + 26, count, 9.5, fill=d.INK))
    parts.append(
        d.group({"class": "items-carried", "data-value": sum(c.inventory_colours)}, squares)
    )
    if c.character >= 0:
        quests = [
            q.name
            for q, on in zip(
                game.data.characters[c.character].quest_items, c.quest_active, strict=True
            )
            if on
        ]
        if quests:
            parts.append(
                d.text(
                    LEFT + 172, y + 26, d.fit("Quest: " + ", ".join(quests), 22), 9, fill="#d2a8ff"
                )
            )
    return parts


def _flags(v: NemesisView, seat: int, c: CharacterView, y: float) -> str:
    flags = [
        (word, fill)
        for word, fill, on in (
            ("SLIME", "#7ee787", c.slime),
            ("SIGNAL SENT", "#79c0ff", c.signal),
            ("LARVA", "#f85149", c.larva),
            ("PASSED", "#8b949e", c.passed),
            ("OBJECTIVE KEPT", "#d4a72c", c.objective_chosen),
            ("PLAYS INTRUDERS", "#d2a8ff", v.intruder_seat == seat),
        )
        if on
    ]
    out, x = [], float(LEFT + 16)
    for word, fill in flags:
        w = 8 + 5.6 * len(word)
        out.append(d.rect(x, y - 2, w, 13, rx=3, fill="none", stroke=fill))
        out.append(
            d.text(x + w / 2, y + 8, word, 8, text_anchor="middle", font_weight="bold", fill=fill)
        )
        x += w + 4
    return d.group({"class": "flags", "data-flags": " ".join(w.lower() for w, _ in flags)}, out)


def _legend(y: float, height: float) -> str:
    """What the map's symbols mean, in two columns of glyph and words."""
    a, b = LEFT + 14, LEFT + 160
    rows = [
        (a, 0, d.rect(a, y + 26, 22, 13, rx=4, fill="#0b0f14", stroke=d.INK), "corridor no."),
        (a, 1, d.rect(a, y + 44, 22, 13, rx=4, fill=d.DOOR), "closed door"),
        (a, 2, d.rect(a, y + 62, 22, 13, rx=4, fill=d.BROKEN), "destroyed door"),
        (a, 3, pieces.noise_marker(a + 11, y + 86), "noise marker"),
        (
            a,
            4,
            d.circle(
                a + 11, y + 104, 8, fill="#0b0f14", stroke=d.NETWORK_COLOURS[0], stroke_width=2
            ),
            "Tech. Corridors",
        ),
        (b, 0, pieces.fire_marker(b + 5, y + 26), "fire"),
        (b, 1, pieces.malfunction_marker(b + 5, y + 44), "malfunction"),
        (b, 2, pieces.tag(b + 3, y + 62, "2", "#d0d7de", "legend-counter", 16), "items left"),
        (b, 3, d.rect(b, y + 80, 27, 13, rx=6.5, fill=d.SEAT_COLOURS[0]), "character"),
        (
            b,
            4,
            d.circle(b + 10, y + 104, 7, fill=d.INTRUDER_FILL, stroke=d.INTRUDER_INK),
            "Intruder",
        ),
    ]
    parts = [
        d.rect(LEFT, y, WIDTH, height, rx=8, fill=d.PANEL, stroke=d.PANEL_EDGE),
        d.text(LEFT + 14, y + 17, "LEGEND", 9, fill=d.DIM, font_weight="bold", letter_spacing=1),
    ]
    for x, i, glyph, words in rows:
        parts += [glyph, d.text(x + 34, y + 36 + 18 * i, words, 9.5, fill=d.INK)]
    notes = (
        "Intruders: Larva, Creeper, Adult, Breeder, Queen by initial;",
        "red dot: injuries · dashed room: tile seen, still face down",
    )
    for i, words in enumerate(notes):
        parts.append(d.text(LEFT + 14, y + 128 + 12 * i, words, 8.5, fill=d.DIM))
    return d.group({"id": "legend"}, parts)
