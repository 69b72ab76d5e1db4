"""SVG drawing of a Not Alone view for the web viewer: the table as the players see it.

Top to bottom: the turn, phase and the decision being taken; the board with the Rescue and
Assimilation tracks; the planet Artemia (two rows of five place cards) with the hunt tokens,
the Marker counter and the revealed Hunted on it, next to the Creature's area; one area per
Hunted (Will, hand, played cards, discard pile); the viewing seat's own cards, face up.

A function of the view only (never the state): a seat's drawing shows what it may know, so
worlds sampled from its view draw byte-identically. Element ids and classes (`place-3`,
`token creature`, `track-rescue`, `hunted-0`, `hand`, `hand-card`, ...) are stable, with
data-* attributes carrying the values, for tests and the browser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.not_alone import svg_parts as sp
from nemesis_env.games.not_alone.render import EFFECTS, seat_name
from nemesis_env.games.not_alone.rules.kinds import DECISION_NAMES, STAGE_NAMES
from nemesis_env.games.not_alone.state import FLAG_NAMES
from nemesis_env.games.not_alone.svg_parts import BOLD, DIM, END, circle, el, rect, text, title
from nemesis_env.games.not_alone.view import NotAloneView

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame

WIDTH, HEIGHT = 1000, 700
PLANET_X, PLANET_Y, CARD_GAP = 16, 156, 8
HUNTED_Y, HUNTED_H = 420, 184
HAND_Y = 612
HUNTED_GREEN = "#58d68d"


def board_svg(game: NotAloneGame, view: NotAloneView) -> str:
    """One standalone SVG document of what `view.seat` (-1: a spectator) sees."""
    body = "".join(
        (
            rect(0, 0, WIDTH, HEIGHT, fill=sp.TABLE),
            _header(view),
            _board(game, view),
            _planet(game, view),
            _creature_area(game, view),
            *(_hunted_area(game, view, h) for h in range(view.num_hunted)),
            _hand(game, view),
            _game_over(view),
        )
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" font-family="{sp.FONT}" data-seat="{view.seat}">'
        f"{title('Not Alone - view of ' + _who(view))}{body}</svg>"
    )


def _who(v: NotAloneView) -> str:
    return "spectator" if v.seat < 0 else seat_name(v.seat)


def _chooser(v: NotAloneView) -> int | None:
    """The seat taking the open decision (None when over; negative for chance)."""
    return None if v.terminal or not v.stack else v.stack[-1].chooser


def _header(v: NotAloneView) -> str:
    if v.terminal:
        now = "Game over: " + ("the Creature wins" if v.winner == 1 else "the Hunted win")
    elif v.stack:
        top = v.stack[-1]
        who = "chance" if top.chooser < 0 else seat_name(top.chooser)
        now = f"Now: {who} - {DECISION_NAMES[top.kind]}"
    else:
        now = "Now: -"
    chooser = _chooser(v)
    out = (
        rect(0, 0, WIDTH, 46, fill=sp.DARK),
        text(16, 24, "NOT ALONE", 20, fill=sp.BEACON_YELLOW, letter_spacing=2, **BOLD),
        text(16, 40, f"{v.num_hunted + 1} players", 11, fill=DIM),
        text(190, 21, f"Turn {v.turn} · {STAGE_NAMES[v.stage]}", 15, class_="stage", **BOLD),
        text(190, 39, now, 12.5, fill=sp.BEACON_YELLOW, class_="decision"),
        text(984, 21, f"view of {_who(v)}", 13, **END, **BOLD),
        text(984, 39, f"board side {v.side or '?'}", 11, fill=DIM, **END),
    )
    stage = STAGE_NAMES[v.stage]
    attrs = {"data_turn": v.turn, "data_stage": stage, "data_chooser": chooser}
    return el("g", "".join(out), id="status", **attrs)


def _board(game: NotAloneGame, v: NotAloneView) -> str:
    """The track board: Rescue on top, Assimilation below, the stars on the right."""
    board, players = game.data.board, v.num_hunted + 1
    symbols = board.artemia_squares.get(v.side, frozenset())
    rescue_len = max(board.rescue_start_base + players, v.rescue)
    assim_len = max(board.assimilation_start_base + players, v.assimilation)
    squares = ", ".join(map(str, sorted(symbols))) if symbols else "- (side not chosen)"
    side = rect(140, 104, 250, 42, rx=6, fill="#24384a", stroke=sp.LINE)
    side += text(150, 121, f"BOARD SIDE {v.side or '?'}", 12, **BOLD)
    side += text(150, 138, f"Artemia symbol at {squares}", 9.5, fill=DIM)
    return (
        rect(16, 52, 968, 98, rx=10, fill=sp.PANEL, stroke=sp.LINE)
        + sp.track("rescue", "RESCUE", v.rescue, rescue_len, symbols, 58)
        + sp.track("assimilation", "ASSIMILATION", v.assimilation, assim_len, frozenset(), 104)
        + el("g", side, id="board-side", data_side=v.side)
    )


def _place_xy(game: NotAloneGame, place: int) -> tuple[float, float]:
    for r, places in enumerate(game.data.board.rows):
        if place in places:
            c = places.index(place)
            return PLANET_X + c * (sp.CARD_W + CARD_GAP), PLANET_Y + r * (sp.CARD_H + CARD_GAP)
    raise ValueError(f"place {place} is not on the board")


def _planet(game: NotAloneGame, v: NotAloneView) -> str:
    """The ten place cards, then what lies on them (on top of every card)."""
    cards = "".join(_place(game, v, p) for p in range(1, 11))
    pieces = "".join(_on_place(game, v, p) for p in range(1, 11))
    return el("g", cards, id="planet") + el("g", pieces, id="tokens")


def _place(game: NotAloneGame, v: NotAloneView, p: int) -> str:
    x, y = _place_xy(game, p)
    place = game.data.places[p - 1]
    # The reserve holds copies of places 6-10 only (rules A.2).
    reserve = v.reserve[p - 6] if p >= 6 else None
    face = sp.place_card_face(p, place.name, place.id, x, y, reserve)
    classes = ["place"]
    if v.ineffective >> (p - 1) & 1:
        classes.append("ineffective")
        face += sp.place_overlay(x, y, "INEFFECTIVE", "#ff6b6b")
    if v.forbidden >> (p - 1) & 1:
        classes.append("forbidden")
        face += sp.place_overlay(x, y, "FORCE FIELD", sp.TARGET_ORANGE)
    cls = " ".join(classes)
    return el("g", face, id=f"place-{p}", class_=cls, data_place=p, data_name=place.name)


def _on_place(game: NotAloneGame, v: NotAloneView, p: int) -> str:
    """Hunt tokens in their slots, the Marker counter on the Beach, revealed Hunted."""
    x, y = _place_xy(game, p)
    out = []
    placed = (
        ("creature", v.creature_token == p),
        ("target", bool(v.target >> (p - 1) & 1)),
        ("artemia", bool(v.artemia >> (p - 1) & 1)),
    )
    for kind, here in placed:
        if here:
            out.append(sp.token(kind, p, x + sp.TOKEN_SLOTS[kind], y + sp.TOKEN_Y))
    if v.beacon and p == game.data.place_number("beach"):
        marker = circle(x + 110, y + sp.TOKEN_Y, 8, fill=sp.BEACON_YELLOW, stroke="#6b5a00")
        out.append(el("g", marker + title("Marker counter"), id="beacon", data_place=p))
    if v.revealed:  # where the Hunted stand is known from the reveal on
        for h in range(v.num_hunted):
            if p in v.location[h]:
                out.append(sp.pawn(h, p, x + 14 + 18.5 * h, y + 106))
    return "".join(out)


def _area_frame(x: float, y: float, w: float, h: float, colour: str, name: str, turn: bool) -> str:
    """A player's area: a panel with a coloured name band; outlined when it is their move."""
    edge = {"stroke": sp.BEACON_YELLOW, "stroke_width": 3} if turn else {"stroke": sp.LINE}
    out = rect(x, y, w, h, rx=8, fill=sp.PANEL, **edge) + rect(x, y, w, 24, rx=8, fill=colour)
    ink = "#fff" if colour == sp.CREATURE_RED else sp.DARK
    out += text(x + 10, y + 17, name, 12.5, fill=ink, **BOLD)
    if turn:
        note = text(x + w - 10, y + h - 8, "to play", 10, fill=sp.BEACON_YELLOW, **END)
        out += el("g", note, class_="to-play")
    return out


def _creature_area(game: NotAloneGame, v: NotAloneView) -> str:
    x, y, w, h = 670, PLANET_Y, 314, 256
    hunt, surv = game.data.hunt, game.data.survival
    name = "CREATURE" + (" (you)" if v.seat == 0 else "")
    out = [_area_frame(x, y, w, h, sp.CREATURE_RED, name, _chooser(v) == 0)]
    out.append(text(x + w - 10, y + 17, f"{v.hunt_hand_size} hunt cards", 11, fill="#fff", **END))
    out.append(text(x + 10, y + 48, "Hunt cards", 11, fill=DIM))
    backs = [sp.card_back("hunt-back") for _ in range(v.hunt_hand_size)]
    out.append(sp.row(x + 80, y + 34, x + w - 10, backs, 19))
    top = hunt[v.hunt_discard[-1]].name if v.hunt_discard else "-"
    under = f" ({v.hunt_bottom_count} put under it)" if v.hunt_bottom_count else ""
    out.append(text(x + 10, y + 72, f"Hunt deck {v.hunt_deck_size}{under}", 11))
    out.append(text(x + 10, y + 88, f"Hunt discard {len(v.hunt_discard)} · top: {top}", 11))
    limit = f"Played this turn (may play {v.hunt_limit} more):"
    out.append(text(x + 10, y + 106, limit, 11, fill=DIM))
    played = [(hunt[c].name, "#f5b7b1") for c in v.hunt_played] or [("none", "#7f8c8d")]
    chips, ny = sp.flow_chips(x + 10, y + 112, x + w - 8, played, "chip hunt-played")
    out.append(chips + text(x + 10, ny + 12, "Tokens not placed:", 11, fill=DIM))
    held = [
        k
        for k, on in (("creature", v.creature_token), ("target", v.target), ("artemia", v.artemia))
        if not on
    ]
    for i, kind in enumerate(held):
        icon = sp.token_icon(kind, x + 130 + 26 * i, ny + 8, 10)
        out.append(el("g", icon, class_=f"held-token {kind}"))
    stop = surv[v.surv_discard[-1]].name if v.surv_discard else "-"
    deck = f"Survival deck {v.surv_deck_size} · discard {len(v.surv_discard)} · top: {stop}"
    out.append(text(x + 10, ny + 40, deck, 11))
    flags = [(FLAG_NAMES[b].replace("_", " "), "#d6eaf8") for b in FLAG_NAMES if v.flags & b]
    out.append(text(x + 10, ny + 58, "This turn:" + ("" if flags else " -"), 11, fill=DIM))
    out.append(sp.flow_chips(x + 72, ny + 47, x + w - 8, flags, "chip flag")[0])
    return el("g", "".join(out), id="creature", data_hunt_cards=v.hunt_hand_size)


def _hunted_area(game: NotAloneGame, v: NotAloneView, h: int) -> str:
    n, y, mine = v.num_hunted, HUNTED_Y, v.seat == h + 1
    w = min(316.0, (968 - 8 * (n - 1)) / n)
    x, right = 16 + h * (w + 8), 16 + h * (w + 8) + w - 6
    names = [p.name for p in game.data.places]
    name = f"Hunted {h}" + (" (you)" if mine else "")
    out = [_area_frame(x, y, w, HUNTED_H, sp.HUNTED_COLOURS[h], name, _chooser(v) == h + 1)]
    out.append(sp.will_counters(v.will[h], x + w - 12, y + 12))
    counts = f"{v.hand_size[h]} place cards · {v.survival_count[h]} survival"
    out.append(text(x + 8, y + 40, counts, 11))
    if mine:  # the owner sees its hand face up, everyone else the backs
        hand = [sp.mini_place(p + 1, names[p], "mini own", 11) for p in sp.bits(v.own_hand, 10)]
    else:
        hand = [sp.card_back("hand-back", 11) for _ in range(v.hand_size[h])]
    hand += [sp.card_back("survival-back", 11) for _ in range(v.survival_count[h])]
    out.append(text(x + 8, y + 61, "Hand", 10, fill=DIM) + sp.row(x + 40, y + 47, right, hand, 13))
    played = sp.row(x + 48, y + 71, right, _played(v, h, names), 18)
    out.append(text(x + 8, y + 85, "Played", 10, fill=DIM) + played)
    if v.revealed:
        where = ", ".join(names[p - 1] if p else "(taken back)" for p in v.location[h]) or "-"
        out.append(text(x + 8, y + 106, f"on {where}", 11, class_="location"))
    pile = [sp.mini_place(p, names[p - 1], "discard-card") for p in v.discard[h]]
    out.append(
        text(x + 8, y + 127, "Discard", 10, fill=DIM) + sp.row(x + 50, y + 113, right, pile, 16)
    )
    out.append(sp.flow_chips(x + 8, y + 140, right, _badges(v, h))[0])
    extra = " ".join(str(p) for p in range(6, 11) if v.owned[h] >> (p - 1) & 1)
    data = {"data_will": v.will[h], "data_hand_size": v.hand_size[h], "data_extra_places": extra}
    return el("g", "".join(out), id=f"hunted-{h}", class_="hunted", **data)


def _played(v: NotAloneView, h: int, names: list[str]) -> list[str]:
    """The place cards in front of Hunted h: face up once revealed (a dashed gap for one taken
    back), face up to their owner before that (dashed: still hidden from the others), backs
    for everyone else."""
    if v.revealed:
        gap = rect(0, 0, 15, 20, rx=2.5, fill="none", stroke=DIM, stroke_dasharray="3 2")
        taken = el("g", gap + title("taken back"), class_="played-card taken-back")
        return [
            sp.mini_place(p, names[p - 1], "played-card face") if p else taken
            for p in v.revealed[h]
        ]
    if v.seat == h + 1:
        ring = rect(-2, -2, 19, 24, rx=3, fill="none", stroke=sp.INK, stroke_dasharray="2 2")
        return [sp.mini_place(p, names[p - 1], "played-card own") + ring for p in v.own_played]
    return [sp.card_back("played-card back") for _ in range(v.played_count[h])]


def _badges(v: NotAloneView, h: int) -> list[tuple[str, str]]:
    """Short facts about Hunted h, as chips (public, or in the view only where one may know)."""
    facts = (
        (v.next_effect[h], f"next turn: {EFFECTS[v.next_effect[h]]}", "#aed6f1"),
        (v.this_effect[h], f"this turn: {EFFECTS[v.this_effect[h]]}", "#aed6f1"),
        (v.resists[h], f"resisted ×{v.resists[h]}", "#f9e79f"),
        (v.gave_up[h], "gave up", "#f5b7b1"),
        (v.survival_used[h], "survival card used", "#d5f5e3"),
        (v.anticipation == h, "named by Anticipation", "#f5b7b1"),
        (v.forbidden_chosen[h], "forbidden zone: chosen", "#fad7a0"),
        (v.shelter_count[h], f"Shelter: drew {v.shelter_count[h]}", "#d2b4de"),
    )
    out = [(label, colour) for on, label, colour in facts if on]
    if v.phobia_shown[h]:
        shown = " ".join(str(p + 1) for p in sp.bits(v.phobia_shown[h], 10))
        out.append((f"shown by Phobia: {shown}", "#d2b4de"))
    return out


def _hand(game: NotAloneGame, v: NotAloneView) -> str:
    """The viewing seat's own cards, face up; nothing for a spectator."""
    out = rect(16, HAND_Y, 968, 80, rx=8, fill=sp.PANEL, stroke=sp.LINE)
    if v.seat < 0:
        note = "Spectator: hands, face-down cards and survival cards stay hidden."
        out += text(30, HAND_Y + 45, note, 13, fill=DIM)
    else:
        out += text(28, HAND_Y + 34, "YOUR", 12, fill=DIM, **BOLD)
        out += text(28, HAND_Y + 50, "CARDS", 12, fill=DIM, **BOLD)
        out += sp.hand_cards(game, v, 84, HAND_Y + 5, 980)
    return el("g", out, id="hand", data_seat=v.seat)


def _game_over(v: NotAloneView) -> str:
    if not v.terminal:
        return ""
    words = "THE CREATURE WINS" if v.winner == 1 else "THE HUNTED WIN"
    colour = sp.CREATURE_RED if v.winner == 1 else HUNTED_GREEN
    body = rect(
        120, 250, 440, 70, rx=12, fill=sp.DARK, fill_opacity=0.85, stroke=colour, stroke_width=3
    )
    body += text(340, 295, words, 28, fill=colour, text_anchor="middle", **BOLD)
    return el("g", body, id="game-over", data_winner=v.winner)
