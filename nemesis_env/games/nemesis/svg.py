"""The Nemesis board as one standalone SVG document, for the web viewer (`Game.render_svg`).

Drawn from a view only (view.py), never from the state, so it shows exactly what that seat may
know, as the text map (render.py) does, and two worlds the seat cannot tell apart give the same
bytes. The canvas is 1200x800 units:

- top: the title, the turn, the phase and whose decision it is (`#status`);
- left: the ship (`#map`, svg_map.py): the rooms from the Cockpit at the nose to the Engines at
  the stern, the corridors with their numbers, doors and noise, the Technical Corridors;
- under it: the tracks and boards (`#tracks`, svg_tracks.py), then the viewing seat's own cards
  (`#secrets`, `#hand`, svg_secrets.py);
- right: one card per player (`#players`, svg_panel.py).

Elements carry ids, classes and data attributes for tests and the browser: `#room-11.room`,
`.character[data-seat][data-room]`, `.intruder.adult[data-room]` (rooms by printed number),
`#track-time[data-value]`, `#hand`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.engine import AUTO, CHANCE
from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis.labels_decisions import DECISION_TEXT
from nemesis_env.games.nemesis.rules.kinds import STAGE_NAMES, Kind
from nemesis_env.games.nemesis.svg_map import ship_map
from nemesis_env.games.nemesis.svg_panel import players
from nemesis_env.games.nemesis.svg_pieces import character_label
from nemesis_env.games.nemesis.svg_secrets import secrets
from nemesis_env.games.nemesis.svg_tracks import tracks
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

WIDTH, HEIGHT = 1200, 800
# Decisions whose stock wording needs the state (a partner, a room): a plain one here instead.
PLAIN_WORDS = {
    Kind.ROUND: "take an action or pass",
    Kind.PAY: "pay: discard an Action card",
    Kind.INTERRUPT_WINDOW: "interrupt, or let it be",
}


def board_svg(game: NemesisGame, view: NemesisView) -> str:
    """The drawing of `view` (any seat's, or the spectator's with seat -1)."""
    root = {
        "xmlns": "http://www.w3.org/2000/svg",
        "viewBox": f"0 0 {WIDTH} {HEIGHT}",
        "width": WIDTH,
        "height": HEIGHT,
        "font-family": d.FONT,
        "class": "nemesis-board",
        "data-seat": view.seat,
        "data-players": view.players,
        "data-board": game.params.board_side,
        "data-mode": game.params.mode,
    }
    body = [
        d.rect(0, 0, WIDTH, HEIGHT, fill=d.BOARD_BG),
        _status(game, view),
        ship_map(game, view),
        tracks(game, view),
        players(game, view),
        secrets(game, view),
    ]
    return d.tag("svg", root, "".join(body))


def decision_words(game: NemesisGame, v: NemesisView) -> str:
    """Whose decision it is and about what, from the view's public decision kind and chooser."""
    if v.terminal:
        return "game over"
    if v.decision < 0:
        return STAGE_NAMES[v.stage]
    try:
        kind = Kind(v.decision)
    except ValueError:
        return f"decision {v.decision}"
    what = PLAIN_WORDS.get(kind) or DECISION_TEXT.get(kind, "")
    if not what or "{" in what:
        what = kind.name.lower().replace("_", " ")
    if v.chooser == CHANCE:
        return f"chance: {kind.name.lower().replace('_', ' ')}"
    if v.chooser == AUTO or v.chooser < 0:
        return f"the rules resolve: {kind.name.lower().replace('_', ' ')}"
    return f"{character_label(game, v, v.chooser)} to act: {what}"


def _status(game: NemesisGame, v: NemesisView) -> str:
    turns = game.data.tracks.time.turns
    turn = min(turns, turns - v.time + 1)
    stage = STAGE_NAMES[v.stage] if 0 <= v.stage < len(STAGE_NAMES) else str(v.stage)
    viewer = "Spectator view" if v.seat < 0 else f"View of {character_label(game, v, v.seat)}"
    side = "basic side" if game.params.board_side == "basic" else "alternate side"
    extra = " · intruder player" if game.params.intruder_player else ""
    parts = [
        d.rect(0, 0, WIDTH, 48, fill=d.PANEL),
        d.text(16, 30, "NEMESIS", 22, font_weight="bold", fill=d.INK, letter_spacing=4),
        d.text(
            172, 20, f"{v.players} players · {game.params.mode}{extra} · {side}", 10, fill=d.DIM
        ),
        d.text(172, 38, viewer, 12, font_weight="bold", fill="#79c0ff"),
        d.text(430, 20, f"TURN {turn} / {turns} · {stage}", 12, font_weight="bold", fill=d.INK),
        d.text(430, 38, d.fit(decision_words(game, v), 100), 11, fill="#3fb950"),
    ]
    if v.terminal:
        winners = ", ".join(names.seat_label(i) for i, w in enumerate(v.winners) if w)
        parts.append(
            d.text(
                WIDTH - 16,
                30,
                d.fit(f"GAME OVER ({v.end_reason}) · winners: {winners or 'none'}", 58),
                12,
                text_anchor="end",
                font_weight="bold",
                fill="#f85149",
            )
        )
    attrs = {
        "id": "status",
        "data-turn": turn,
        "data-stage": stage,
        "data-decision": v.decision,
        "data-chooser": v.chooser,
        "data-terminal": v.terminal,
    }
    return d.group(attrs, parts)
