"""SVG building blocks for the Not Alone board (svg.py lays them out): escaped elements,
colours, the tracks, the place cards of Artemia, the hunt tokens, small cards, and the
viewing seat's own cards.

Everything here draws from arguments taken out of a NotAloneView and the game's static data,
never from a state, so a drawing shows exactly what its seat may know.
"""

from __future__ import annotations

from math import cos, pi, sin
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from nemesis_env.games.not_alone.view import NotAloneView

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame

FONT = "DejaVu Sans, Segoe UI, Helvetica, Arial, sans-serif"
INK, DIM, DARK = "#e8eef2", "#9fb0bf", "#0b1117"  # light text on the dark table
TABLE, PANEL, LINE = "#121c26", "#1e2d3b", "#3b5266"
CREATURE_RED, TARGET_ORANGE, ARTEMIA_PURPLE = "#d93a34", "#f39c12", "#8e44ad"
RESCUE_BLUE, BEACON_YELLOW, CARD_BACK = "#2f80ed", "#f7dc4a", "#2b3f52"
HUNTED_COLOURS = ("#4fc3f7", "#81c784", "#ffb74d", "#f06292", "#ce93d8", "#fff176")
# One colour per place card, in the spirit of the printed art (index = number - 1): Lair,
# Jungle, River, Beach, Rover, Swamp, Shelter, Wreck, Source, Artefact.
PLACE_COLOURS = (
    *("#6d4c36", "#2e7d4f", "#25648a", "#9a7433", "#5f6b78"),
    *("#4f6b30", "#6f4f86", "#8c4f32", "#2f7f7a", "#8a6a1f"),
)
# The powers in at most three short lines each (shared/rules/not-alone-reference.md A.6).
PLACE_POWERS = {
    "lair": ("Take back all discards", "or copy the power of", "the Creature's place"),
    "jungle": ("Take back this card", "and 1 discarded card"),
    "river": ("Next turn: play 2,", "keep 1 before the", "reveal"),
    "beach": ("Put the Marker here;", "if there: remove it,", "Rescue +1. Once a turn"),
    "rover": ("Take from the reserve", "a place you don't own"),
    "swamp": ("Take back this card", "and 2 discarded cards"),
    "shelter": ("Draw 2 Survival cards,", "keep 1"),
    "wreck": ("Rescue +1", "Once a turn"),
    "source": ("One Hunted regains", "1 Will, or draw 1", "Survival card"),
    "artefact": ("Next turn: play 2", "cards, resolve both"),
}
CARD_W, CARD_H = 122, 124  # a place card on the planet
TOKEN_Y = 84  # hunt tokens sit this far down a place card, in fixed slots (x offsets)
TOKEN_SLOTS = {"creature": 22, "target": 54, "artemia": 86}
BOLD, MID, END = {"font_weight": "bold"}, {"text_anchor": "middle"}, {"text_anchor": "end"}


def num(x: float) -> str:
    """Coordinates rounded to a tenth, without trailing zeros: short, deterministic output."""
    return f"{round(x, 1):g}"


def el(tag: str, content: str = "", /, **attrs: object) -> str:
    """One element; attribute values are escaped, `content` must already be markup.
    Keyword names map to attributes: class_ -> class, data_place -> data-place."""
    parts = []
    for key, value in attrs.items():
        if value is not None:
            name = key.rstrip("_").replace("_", "-")
            raw = num(value) if isinstance(value, float) else str(value)
            parts.append(f' {name}="{escape(raw, {chr(34): "&quot;"})}"')
    inner = "".join(parts)
    return f"<{tag}{inner}>{content}</{tag}>" if content else f"<{tag}{inner}/>"


def text(x: float, y: float, s: str, size: float = 12, **attrs: object) -> str:
    attrs.setdefault("fill", INK)
    return el("text", escape(s), x=float(x), y=float(y), font_size=float(size), **attrs)


def rect(x: float, y: float, w: float, h: float, **attrs: object) -> str:
    return el("rect", x=float(x), y=float(y), width=float(w), height=float(h), **attrs)


def circle(cx: float, cy: float, r: float, **attrs: object) -> str:
    return el("circle", cx=float(cx), cy=float(cy), r=float(r), **attrs)


def title(s: str) -> str:
    """A tooltip for the browser (and a label tests can read)."""
    return el("title", escape(s))


def group(content: str, x: float, y: float, **attrs: object) -> str:
    """`content` drawn at the origin, moved to (x, y)."""
    return el("g", content, transform=f"translate({num(x)},{num(y)})", **attrs)


def star(cx: float, cy: float, r: float, fill: str) -> str:
    """A five-pointed star polygon (fonts may lack a star glyph)."""
    points = []
    for i in range(10):
        radius, angle = (r if i % 2 == 0 else r * 0.45), -pi / 2 + i * pi / 5
        points.append(f"{num(cx + radius * cos(angle))},{num(cy + radius * sin(angle))}")
    return el("polygon", points=" ".join(points), fill=fill)


def bits(mask: int, size: int) -> list[int]:
    """Indices of the set bits of `mask` (cards of a bitmask), lowest first."""
    return [i for i in range(size) if mask >> i & 1]


# -- tracks -------------------------------------------------------------------------------------
def track(kind: str, label: str, value: int, length: int, symbols: frozenset[int], y: float) -> str:
    """One track: spaces `length`..1 then the star (distance 0) at the right end, the counter
    on `value`; spaces in `symbols` carry the Artemia symbol (Rescue track, known side)."""
    size, step, right = 42, 44, 976
    colour = RESCUE_BLUE if kind == "rescue" else CREATURE_RED
    out = [
        rect(24, y, 108, size, rx=6, fill=colour),
        text(78, y + 26, label, 11.5 if len(label) > 8 else 13, fill="#fff", **MID, **BOLD),
    ]
    for d in range(length, -1, -1):
        x = right - (d + 1) * step + 2
        marked = d in symbols
        cell = rect(x, y, size, size, rx=5, fill="#3a2a4f" if marked else "#24384a", stroke=LINE)
        if d == 0:
            cell += star(x + size / 2, y + size / 2, 15, BEACON_YELLOW)
        else:
            cell += text(x + 5, y + 14, str(d), 11, fill=DIM)
        if marked:
            cell += artemia_symbol(x + size - 13, y + 11, 5.5)
        out.append(el("g", cell, class_="space artemia" if marked else "space", data_distance=d))
        if d == value:
            # drawn after its space so the next space cannot cover it
            disc = circle(x + size / 2, y + size / 2 + 6, 11, fill=colour, stroke="#fff")
            tip = title(f"{label.title()} counter: {value} from the star")
            out.append(el("g", disc + tip, class_="counter", data_value=value))
    return el("g", "".join(out), id=f"track-{kind}", class_="track", data_value=value)


def artemia_symbol(cx: float, cy: float, r: float) -> str:
    """The Artemia symbol: a purple planet with a ring (as on the Rescue track and cards)."""
    ring = {"fill": "none", "stroke": "#e1c6f0", "stroke_width": 1.2}
    return circle(cx, cy, r, fill=ARTEMIA_PURPLE, stroke="#e1c6f0") + el(
        "ellipse", cx=float(cx), cy=float(cy), rx=r * 1.6, ry=r * 0.45, **ring
    )


# -- tokens and pieces --------------------------------------------------------------------------
def token_icon(kind: str, cx: float, cy: float, r: float = 13) -> str:
    """The face of a hunt token: Creature (claw marks), Target (bullseye), Artemia (planet)."""
    if kind == "creature":
        claw = {"stroke": "#fff", "stroke_width": 2.2, "stroke_linecap": "round"}
        out = circle(cx, cy, r, fill=CREATURE_RED, stroke="#5a0f0c", stroke_width=2)
        for dx in (-0.4 * r, 0.0, 0.4 * r):
            x0, y0, x1, y1 = cx + dx - 0.25 * r, cy - 0.5 * r, cx + dx + 0.15 * r, cy + 0.5 * r
            out += el("line", x1=x0, y1=y0, x2=x1, y2=y1, **claw)
        return out
    if kind == "target":
        out = circle(cx, cy, r, fill=TARGET_ORANGE, stroke="#6b3d00", stroke_width=2)
        return (
            out
            + circle(cx, cy, r * 0.62, fill="#fff")
            + circle(cx, cy, r * 0.3, fill=TARGET_ORANGE)
        )
    out = circle(cx, cy, r, fill="#3d1450", stroke=ARTEMIA_PURPLE, stroke_width=2)
    return out + artemia_symbol(cx, cy, r * 0.45)


def token(kind: str, place: int, cx: float, cy: float) -> str:
    body = token_icon(kind, cx, cy) + title(f"{kind.title()} token")
    return el("g", body, class_=f"token {kind}", data_place=place)


def pawn(h: int, place: int, cx: float, cy: float) -> str:
    """A Hunted standing on a revealed place."""
    body = circle(cx, cy, 8, fill=HUNTED_COLOURS[h], stroke=DARK, stroke_width=1.5)
    body += text(cx, cy + 3.5, str(h), 10, fill=DARK, **MID, **BOLD)
    return el("g", body + title(f"Hunted {h}"), class_="pawn", data_hunted=h, data_place=place)


def will_counters(will: int, right: float, cy: float) -> str:
    """Will counters, the lost ones as empty rings (3 at the start)."""
    out, shown = [], max(3, will)
    for i in range(shown):
        on = i < will
        out.append(
            circle(
                right - 15 * (shown - 1 - i),
                cy,
                6,
                fill="#e74c3c" if on else "none",
                stroke=DARK,
                stroke_width=1.5,
                class_="will-on" if on else "will-off",
            )
        )
    return el("g", "".join(out) + title(f"Will {will}"), class_="will", data_will=will)


# -- cards --------------------------------------------------------------------------------------
def place_card_face(
    number: int, name: str, power_id: str, x: float, y: float, reserve: int | None
) -> str:
    """The printed face of a place card on the planet (tokens and pawns go on top later)."""
    out = [
        rect(
            x, y, CARD_W, CARD_H, rx=8, fill=PLACE_COLOURS[number - 1], stroke=DARK, stroke_width=2
        ),
        rect(x + 4, y + 4, CARD_W - 8, 26, rx=5, fill=DARK, fill_opacity=0.35),
        circle(x + 17, y + 17, 11, fill="#f5f0e1"),
        text(x + 17, y + 21.5, str(number), 13, fill="#1b1b1b", **MID, **BOLD),
        text(x + 33, y + 22, name, 14, class_="place-name", **BOLD),
    ]
    for i, line in enumerate(PLACE_POWERS.get(power_id, ())):
        out.append(text(x + 7, y + 42 + 10 * i, line, 8, fill="#f3efe6"))
    if reserve is not None:
        out.append(
            text(
                x + CARD_W - 6,
                y + CARD_H - 6,
                f"reserve ×{reserve}",
                9,
                fill="#f3efe6",
                class_="reserve",
                data_count=reserve,
                **END,
            )
        )
    return "".join(out)


def place_overlay(x: float, y: float, label: str, colour: str) -> str:
    """A place that can't be used (ineffective) or played (Force Field): dimmed and labelled."""
    out = rect(
        x,
        y,
        CARD_W,
        CARD_H,
        rx=8,
        fill="#000",
        fill_opacity=0.4,
        stroke=colour,
        stroke_width=3,
        stroke_dasharray="6 4",
    )
    out += rect(x + 6, y + 58, CARD_W - 12, 14, rx=3, fill=DARK, fill_opacity=0.8)
    return out + text(x + CARD_W / 2, y + 69, label, 9.5, fill=colour, **MID, **BOLD)


def mini_place(number: int, name: str, cls: str, w: float = 15) -> str:
    """A small face-up place card at the origin (discard piles, played cards)."""
    body = rect(0, 0, w, 20, rx=2.5, fill=PLACE_COLOURS[number - 1], stroke=DARK)
    body += text(w / 2, 14, str(number), 10 if w > 12 else 8.5, **MID, **BOLD)
    return el("g", body + title(name), class_=cls, data_place=number)


def card_back(cls: str, w: float = 15, h: float = 20) -> str:
    """The back of a card at the origin: a face-down place card or a hidden hunt/survival one."""
    body = rect(0, 0, w, h, rx=2.5, fill=CARD_BACK, stroke="#7f95a8")
    body += circle(w / 2, h / 2, min(w, h) * 0.22, fill="none", stroke="#7f95a8")
    return el("g", body + title("face down"), class_=cls)


def row(x: float, y: float, right: float, cards: list[str], step: float, w: float = 15) -> str:
    """Cards drawn at the origin laid in a row, overlapping when they would pass `right`."""
    if len(cards) > 1:
        step = min(step, (right - x - w) / (len(cards) - 1))
    return "".join(group(c, x + i * step, y) for i, c in enumerate(cards))


def flow_chips(
    x: float, y: float, right: float, labels: list[tuple[str, str]], cls: str = "chip"
) -> tuple[str, float]:
    """Rounded labels laid left to right, wrapping at `right`; returns the markup and the y
    below them."""
    out, cx, cy = [], x, y
    for label, fill in labels:
        w = 7 + 6.2 * len(label)  # about the advance of 9.5px DejaVu Sans
        if cx + w > right and cx > x:
            cx, cy = x, cy + 18
        body = rect(cx, cy, w, 15, rx=7, fill=fill)
        out.append(
            el("g", body + text(cx + w / 2, cy + 11, label, 9.5, fill=DARK, **MID), class_=cls)
        )
        cx += w + 4
    return "".join(out), (cy + 18 if labels else y)


# -- the viewing seat's own cards ---------------------------------------------------------------
def _hand_place(number: int, name: str, tag: str, tag_colour: str, cls: str) -> tuple[str, float]:
    w, h = 52.0, 70.0
    body = rect(0, 0, w, h, rx=5, fill=PLACE_COLOURS[number - 1], stroke=DARK, stroke_width=1.5)
    body += text(w / 2, 30, str(number), 22, **MID, **BOLD)
    body += text(w / 2, 62, name, 9, class_="card-name", **MID)
    if tag:
        body += rect(-1, -1, w + 2, h + 2, rx=6, fill="none", stroke=tag_colour, stroke_width=2.5)
        body += text(w / 2, 45, tag, 8.5, fill=tag_colour, **MID, **BOLD)
    return el("g", body + title(name), class_=cls, data_place=number), w


def _hand_card(
    name: str, kind: str, phase: int, symbol: str, tag: str, cls: str, index: int
) -> tuple[str, float]:
    """A survival or hunt card face: name, deck and phase, the hunt card's symbol."""
    w, h = 104.0, 70.0
    fill = "#1f6f5c" if kind == "Survival" else "#6a2027"
    body = rect(0, 0, w, h, rx=5, fill=fill, stroke=DARK, stroke_width=1.5)
    body += text(7, 20, name, 11, class_="card-name", **BOLD)
    body += text(7, 36, f"{kind} · {f'phase {phase}' if phase else 'any phase'}", 9, fill="#dfe6e9")
    if symbol in ("target", "artemia"):
        body += token_icon(symbol, w - 14, h - 14, 9)
    if tag:
        body += text(7, 62, tag, 9, fill=BEACON_YELLOW, **BOLD)
    return el("g", body + title(name), class_=cls, data_card=index), w


def hand_cards(game: NotAloneGame, v: NotAloneView, x: float, y: float, right: float) -> str:
    """The seat's own cards in a row (overlapping like a held hand when there are many)."""
    items: list[tuple[str, float]] = []
    if v.seat == 0:
        for c, tag, cls in [(c, "", "hand-card hunt") for c in bits(v.hunt_hand, 20)] + [
            (c, "under the deck", "bottom-card hunt") for c in v.hunt_bottom
        ]:
            card = game.data.hunt[c]
            items.append(_hand_card(card.name, "Hunt", card.phase, card.symbol, tag, cls, c))
    else:
        items = _hunted_cards(game, v)
    if not items:
        return text(x, y + 40, "no cards", 12, fill=DIM)
    offsets, at = [], 0.0
    for _, w in items:
        offsets.append(at)
        at += w + 6
    room, last = right - x - items[-1][1], offsets[-1]
    scale = min(1.0, room / last) if last else 1.0
    return "".join(group(m, x + off * scale, y) for (m, _), off in zip(items, offsets, strict=True))


def _hunted_cards(game: NotAloneGame, v: NotAloneView) -> list[tuple[str, float]]:
    """A Hunted's place cards (kept / to discard marked), the ones it played face down, then
    its survival cards (the Shelter's draws marked)."""
    names = [p.name for p in game.data.places]
    items = []
    for p in bits(v.own_hand, 10):
        tag, colour = "", ""
        if v.keep >> p & 1:
            tag, colour = "KEPT", BEACON_YELLOW
        if v.own_pending_discard == p + 1:
            tag, colour = "DISCARD", "#ff6b6b"
        items.append(_hand_place(p + 1, names[p], tag, colour, "hand-card place"))
    if not v.revealed:
        for p in v.own_played:
            items.append(_hand_place(p, names[p - 1], "PLAYED", INK, "own-played place"))
    for c in bits(v.own_survival, 15):
        card = game.data.survival[c]
        tag = "Shelter: keep 1?" if v.own_shelter_drawn >> c & 1 else ""
        items.append(
            _hand_card(card.name, "Survival", card.phase, "none", tag, "hand-card survival", c)
        )
    return items
