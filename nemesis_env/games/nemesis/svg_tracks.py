"""The tracks and boards under the ship map of the SVG board (svg.py): the time track, the
self-destruct track, the destination track with the coordinates (once this seat checked
them), the engines (the tops this seat knows), the escape pods, hibernation, the Intruder
board (eggs, weaknesses) and the public contents of the Intruder bag and the decks.

It reads a view only. Each track is a group with its value in `data-value`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis.state import (
    DAMAGED,
    DEAD,
    ESCAPED,
    HIBERNATING,
    POD_LAUNCHED,
    POD_LOCKED,
    WORKING,
)
from nemesis_env.games.nemesis.svg_pieces import character_label
from nemesis_env.games.nemesis.tables import INTRUDER_TYPES, WEAKNESS_SLOTS
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

CELL = 23  # a track space
POD_WORDS = ("locked", "unlocked", "launched")


def tracks(game: NemesisGame, v: NemesisView) -> str:
    return d.group(
        {"id": "tracks"},
        [
            d.rect(10, 556, 862, 136, rx=8, fill=d.PANEL, stroke=d.PANEL_EDGE),
            _time_track(game, v, 18, 562),
            _self_destruct(game, v, 402, 562),
            _destination(game, v, 606, 562),
            _engines(v, 742, 562),
            _pods(v, 18, 626),
            _hibernation(game, v, 222, 626),
            _intruder_board(game, v, 394, 626),
            _bag(game, v, 648, 626),
        ],
    )


def _label(x: float, y: float, words: str) -> str:
    return d.text(x, y + 10, words, 9, fill=d.DIM, font_weight="bold", letter_spacing=1)


def _cell(x: float, y: float, label: object, fill: str, here: bool, w: float = CELL - 2) -> str:
    parts = [
        d.rect(
            x,
            y,
            w,
            22,
            rx=3,
            fill=fill,
            stroke="#ffffff" if here else "#0b0f14",
            stroke_width=2.5 if here else 1,
        )
    ]
    parts.append(
        d.text(
            x + w / 2,
            y + 15,
            label,
            9.5,
            text_anchor="middle",
            font_weight="bold",
            fill=d.ink_on(fill),
        )
    )
    if here:
        parts.append(d.circle(x + w / 2, y - 3, 4, fill="#ffffff", **{"class": "marker"}))
    return "".join(parts)


def _time_track(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """Spaces from `turns` down to 0 (the hyperspace jump); blue from the space where
    hibernation opens (tracks.yaml)."""
    spec = game.data.tracks.time
    turns = spec.turns
    turn = min(turns, turns - v.time + 1)
    parts = [_label(x, y, f"TIME · turn {turn} of {turns}")]
    for i, value in enumerate(range(turns, -1, -1)):
        fill = (
            "#b62324"
            if value == 0
            else "#1f4d8f"
            if value <= spec.hibernation_open_at
            else ("#3a4350")
        )
        parts.append(_cell(x + i * CELL, y + 20, value, fill, value == v.time))
    return d.group(
        {"id": "track-time", "class": "track", "data-value": v.time, "data-turn": turn}, parts
    )


def _self_destruct(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    yellow, skull = game.params.self_destruct_to_yellow, game.params.self_destruct_to_skull
    running = v.self_destruct >= 0
    parts = [_label(x, y, "SELF-DESTRUCT · " + ("RUNNING" if running else "off"))]
    for k in range(skull + 1):
        fill = "#b62324" if k == skull else "#bf8700" if k >= yellow else "#2d4a3a"
        label = "☠" if k == skull else k
        parts.append(_cell(x + k * CELL, y + 20, label, fill, running and k == v.self_destruct))
    return d.group(
        {
            "id": "track-self-destruct",
            "class": "track",
            "data-value": v.self_destruct,
            "data-running": running,
        },
        parts,
    )


def _destination(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """A-D with the marker; under each space, its destination once this seat checked the
    coordinates card (a secret of that seat)."""
    spaces = names.DESTINATION_SPACES
    parts = [_label(x, y, "DESTINATION")]
    known = game.data.coordinates[v.coordinates] if v.coordinates >= 0 else None
    for i, space in enumerate(spaces):
        parts.append(_cell(x + i * 32, y + 20, space, "#3a4350", i == v.destination, 30))
        if known is not None:
            where = known.destination(space.lower()).replace("_", " ")  # type: ignore[arg-type]
            parts.append(
                d.text(
                    x + i * 32 + 15,
                    y + 54,
                    d.fit(where, 7),
                    7.5,
                    text_anchor="middle",
                    fill=d.NOISE,
                )
            )
    return d.group(
        {
            "id": "track-destination",
            "class": "track",
            "data-value": spaces[v.destination],
            "data-coordinates": "known" if known is not None else "unknown",
        },
        parts,
    )


def _engines(v: NemesisView, x: float, y: float) -> str:
    parts = [_label(x, y, "ENGINES")]
    for i, top in enumerate(v.engine):
        word, fill = {WORKING: ("OK", "#2ea043"), DAMAGED: ("DMG", "#da3633")}.get(
            top, ("?", "#3a4350")
        )
        state = {WORKING: "working", DAMAGED: "damaged"}.get(top, "unknown")
        parts.append(
            d.group(
                {"class": f"engine {state}", "data-engine": i + 1},
                [_cell(x + i * 40, y + 20, f"{i + 1}:{word}", fill, False, 38)],
            )
        )
    return d.group({"id": "engines"}, parts)


def _pods(v: NemesisView, x: float, y: float) -> str:
    parts = [_label(x, y, "ESCAPE PODS")]
    for pod, state in enumerate(v.pods):
        px = x + pod * 48
        fill = {POD_LOCKED: "#6e2a2a", POD_LAUNCHED: "#1f4d8f"}.get(state, "#2ea043")
        cells = [
            d.rect(px, y + 16, 44, 44, rx=8, fill=fill, stroke="#c9d1d9", stroke_width=0.8),
            d.text(
                px + 22,
                y + 30,
                f"{pod + 1}{'AB'[pod % 2]}",
                11,
                text_anchor="middle",
                font_weight="bold",
                fill=d.INK,
            ),
            d.text(px + 22, y + 42, POD_WORDS[state], 7.5, text_anchor="middle", fill=d.INK),
        ]
        for k, seat in enumerate(v.pod_seats[pod]):
            colour = d.SEAT_COLOURS[seat % len(d.SEAT_COLOURS)]
            cells.append(d.circle(px + 14 + 16 * k, y + 52, 5, fill=colour, stroke="#0b0f14"))
        parts.append(
            d.group(
                {
                    "class": f"pod {POD_WORDS[state]}",
                    "data-pod": pod + 1,
                    "data-section": "AB"[pod % 2],
                    "data-seats": " ".join(str(s) for s in v.pod_seats[pod]),
                },
                cells,
            )
        )
    return d.group({"id": "pods"}, parts)


def _hibernation(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """Whether the Hibernatorium takes sleepers yet, and who is out of the ship's rooms."""
    opens = game.data.tracks.time.hibernation_open_at
    is_open = v.time <= opens
    parts = [
        _label(x, y, "HIBERNATION"),
        d.text(
            x,
            y + 26,
            "open" if is_open else f"opens at time {opens}",
            10,
            fill="#79c0ff" if is_open else d.INK,
            font_weight="bold",
        ),
    ]
    rows = ((HIBERNATING, "asleep"), (ESCAPED, "escaped"), (DEAD, "dead"))
    for i, (status, word) in enumerate(rows):
        who = [s for s, c in enumerate(v.chars) if c.status == status]
        parts.append(d.text(x, y + 40 + 12 * i, f"{word}:", 8.5, fill=d.DIM))
        for k, seat in enumerate(who):
            colour = d.SEAT_COLOURS[seat % len(d.SEAT_COLOURS)]
            parts.append(
                d.group(
                    {"class": f"out-of-play {word}", "data-seat": seat},
                    [
                        d.circle(x + 50 + 13 * k, y + 37 + 12 * i, 4.5, fill=colour),
                        d.title(character_label(game, v, seat)),
                    ],
                )
            )
    return d.group({"id": "hibernation", "data-open": is_open}, parts)


def _intruder_board(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """Eggs in the Nest, the three weakness slots, the Queen."""
    # the Queen may lay eggs beyond the board's spaces (a bag draw with nobody in the Nest)
    eggs = max(game.data.board.supply.eggs_on_intruder_board, v.eggs_in_nest)
    head = "INTRUDER BOARD" + (" · NEST DESTROYED" if v.nest_destroyed else "")
    parts = [_label(x, y, head)]
    for i in range(eggs):
        fill = "#efe3c2" if i < v.eggs_in_nest else "none"
        egg = {"cx": x + 8.0 + i * 16, "cy": y + 27.0, "rx": 6.0, "ry": 8.0, "fill": fill}
        parts.append(d.tag("ellipse", {**egg, "stroke": "#efe3c2", "class": "egg"}))
    parts.append(d.text(x + 8 + eggs * 16, y + 31, f"{v.eggs_in_nest} in Nest", 9, fill=d.INK))
    if v.queen_killed:
        parts.append(d.text(x + 150, y + 31, "Queen killed", 9, fill="#3fb950", font_weight="bold"))
    parts += [_weakness(game, i, card, x + i * 82, y + 40) for i, card in enumerate(v.weakness)]
    return d.group({"id": "intruder-board", "data-eggs": v.eggs_in_nest}, parts)


def _weakness(game: NemesisGame, slot_index: int, card: int, x: float, y: float) -> str:
    """One weakness slot: its object (egg, corpse, carcass) and the card, once discovered."""
    slot = WEAKNESS_SLOTS[slot_index].split("_")[-1]
    face = game.data.weaknesses[card].name if card >= 0 else "face down"
    fill = "#3d2a4f" if card >= 0 else "#262c34"
    body = [
        d.rect(x, y, 78, 22, rx=3, fill=fill, stroke="#8957e5"),
        d.text(x + 39, y + 9, slot, 7, text_anchor="middle", fill=d.DIM),
        d.text(x + 39, y + 19, d.fit(face, 15), 8, text_anchor="middle", fill=d.INK),
        d.title(face),
    ]
    state = "found" if card >= 0 else "face-down"
    return d.group({"class": f"weakness {state}", "data-slot": slot}, body)


def _bag(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """The bag's tokens per Intruder kind (they go in and out in view of everyone), the decks'
    sizes and the intruder player's public cards."""
    counts: dict[str, int] = {}
    for kind, copies in v.bag:
        t = game.token_type[kind]
        name = INTRUDER_TYPES[t] if t < len(INTRUDER_TYPES) else "blank"
        counts[name] = counts.get(name, 0) + copies
    total = sum(counts.values())
    parts = [_label(x, y, f"INTRUDER BAG · {total}")]
    for i, name in enumerate((*INTRUDER_TYPES, "blank")):
        parts.append(_bag_count(name, counts.get(name, 0), x + 10 + i * 36, y + 26))
    red, yellow, green = v.decks
    decks = f"Items R{red} Y{yellow} G{green} · Events {v.event_deck_size}"
    parts.append(d.text(x, y + 50, f"{decks} · Contam. {v.contam_deck_left}", 8.5, fill=d.INK))
    if v.intruder_player:
        who = "not yet" if v.intruder_seat < 0 else names.seat_label(v.intruder_seat)
        cards = f"hand {v.intruder_hand_size} · deck {v.intruder_deck_size}"
        words = f"Intruder player: {who} · {cards} · discard {len(v.intruder_discard)}"
        parts.append(d.text(x, y + 62, words, 8.5, fill="#d2a8ff"))
    return d.group({"id": "bag", "data-total": total}, parts)


def _bag_count(name: str, count: int, cx: float, cy: float) -> str:
    letter = "–" if name == "blank" else name[0].upper()
    ring = d.DIM if name == "blank" else d.INTRUDER_INK
    body = [
        d.circle(cx, cy, 8, fill=d.INTRUDER_FILL, stroke=ring),
        d.text(cx, cy + 3.5, letter, 9, text_anchor="middle", font_weight="bold", fill=ring),
        d.text(cx + 11, cy + 4, count, 9, fill=d.INK),
        d.title(f"{name}: {count}"),
    ]
    return d.group({"class": f"bag-count {name}", "data-count": count}, body)
