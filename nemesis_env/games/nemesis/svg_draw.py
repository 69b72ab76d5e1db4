"""SVG primitives and the palette of the Nemesis board drawing (svg.py).

Everything is built as strings, in a fixed order, so that one view always gives the same bytes
(the hidden-information tests compare drawings of sampled worlds byte for byte). Every piece of
text and every attribute value goes through `escape`: names come from data files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from xml.sax.saxutils import escape

Attrs = Mapping[str, object]

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#e6edf3"  # text on the dark board
DIM = "#8b98a5"  # secondary text, corridors
BOARD_BG = "#0b0f14"
HULL = "#19222d"
HULL_EDGE = "#4a5a6b"
PANEL = "#141b24"
PANEL_EDGE = "#2d3a48"
# Seat colours (the coloured rings of the miniatures): distinct from the room colours.
SEAT_COLOURS = ("#2f81f7", "#f0883e", "#db61a2", "#3fb9a8", "#e3c341")
# Room tile colours (rooms.yaml `colour`): muted so that the pieces on them stand out.
ROOM_FILLS = {
    "red": "#6e2a2a",
    "yellow": "#6b5a17",
    "green": "#2a5e34",
    "white": "#56606b",
    "none": "#45325a",
}
SPECIAL_FILL = "#1f4268"
FACE_DOWN_FILL = "#262c34"
FIRE = "#ff7b29"
MALFUNCTION = "#f2cc60"
NOISE = "#ffd33d"
DOOR = "#c9a46a"
BROKEN = "#f85149"
INTRUDER_FILL = "#151018"
INTRUDER_INK = "#7ee787"
# Technical Corridors networks: one colour each (the alternate side's Red and Blue networks).
NETWORK_COLOURS = ("#a371f7", "#58a6ff")
NETWORK_COLOURS_NAMED = {"TC_RED": "#f47067", "TC_BLUE": "#58a6ff"}


def num(value: float) -> str:
    """A coordinate in at most one decimal, so the output is short and stable."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def esc(text: object) -> str:
    return escape(str(text))


def _attr_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return num(value)
    return escape(str(value), {'"': "&quot;"})


def attrs(values: Attrs) -> str:
    return "".join(f' {k}="{_attr_value(v)}"' for k, v in values.items() if v is not None)


def tag(name: str, values: Attrs, body: str | None = None) -> str:
    """<name ...>body</name>, or <name .../> when `body` is None."""
    if body is None:
        return f"<{name}{attrs(values)}/>"
    return f"<{name}{attrs(values)}>{body}</{name}>"


def group(values: Attrs, children: Iterable[str]) -> str:
    return tag("g", values, "".join(children))


def text(x: float, y: float, content: object, size: float = 11, **style: object) -> str:
    """A text element; `style` keys use '_' for '-' (font_weight -> font-weight)."""
    values: dict[str, object] = {"x": float(x), "y": float(y), "font-size": float(size)}
    values.update({k.replace("_", "-"): v for k, v in style.items()})
    return tag("text", values, esc(content))


def rect(x: float, y: float, w: float, h: float, **style: object) -> str:
    values: dict[str, object] = {
        "x": float(x),
        "y": float(y),
        "width": float(w),
        "height": float(h),
    }
    values.update({k.replace("_", "-"): v for k, v in style.items()})
    return tag("rect", values)


def circle(cx: float, cy: float, r: float, **style: object) -> str:
    values: dict[str, object] = {"cx": float(cx), "cy": float(cy), "r": float(r)}
    values.update({k.replace("_", "-"): v for k, v in style.items()})
    return tag("circle", values)


def line(x1: float, y1: float, x2: float, y2: float, **style: object) -> str:
    values: dict[str, object] = {"x1": float(x1), "y1": float(y1), "x2": float(x2), "y2": float(y2)}
    values.update({k.replace("_", "-"): v for k, v in style.items()})
    return tag("line", values)


def polygon(points: Iterable[tuple[float, float]], **style: object) -> str:
    values: dict[str, object] = {"points": " ".join(f"{num(x)},{num(y)}" for x, y in points)}
    values.update({k.replace("_", "-"): v for k, v in style.items()})
    return tag("polygon", values)


def title(content: object) -> str:
    """A tooltip for the browser: the full name where the drawing abbreviates."""
    return tag("title", {}, esc(content))


def wrap(words: str, width: int, lines: int = 2) -> list[str]:
    """`words` broken into at most `lines` lines of about `width` characters (the last one cut
    with an ellipsis when it does not fit)."""
    out: list[str] = []
    for word in words.split():
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > lines:
        out = [*out[: lines - 1], " ".join(out[lines - 1 :])]
    return [w if len(w) <= width else w[: width - 1] + "…" for w in out]


def fit(words: str, width: int) -> str:
    """One line of at most `width` characters."""
    return words if len(words) <= width else words[: width - 1] + "…"


def ink_on(fill: str) -> str:
    """Black or white text, whichever reads on `fill` (#rrggbb)."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#0b0f14" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"
