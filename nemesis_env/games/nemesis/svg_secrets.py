"""The bottom strip of the SVG board (svg.py): the viewing seat's own secrets, face up for it
alone (its hand, its items, its objectives, its draft cards, the intruder player's hand),
and what is face up for everyone there (co-op crew objectives, the intruder player's offer).

The spectator's drawing (seat -1) and every other seat's have no `#hand`, `#inventory` or
`#objectives` of this seat: the view they are drawn from does not hold them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.nemesis import labels_intruder, names
from nemesis_env.games.nemesis import svg_draw as d
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.svg_pieces import character_label
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

TOP, LEFT, RIGHT = 698, 10, 872
CARD_W, CARD_H = 84, 44
CARDS_RIGHT = 540  # the hand's cards left of it, the lists right of it


def secrets(game: NemesisGame, v: NemesisView) -> str:
    parts = [d.rect(LEFT, TOP, RIGHT - LEFT, 98, rx=8, fill=d.PANEL, stroke=d.PANEL_EDGE)]
    if v.seat < 0:
        head = "SPECTATOR · hands, items and objectives are face down"
        parts.append(_heading(head, TOP + 16))
        parts.append(_piles(game, v, LEFT + 10, TOP + 34))
        parts.append(_public_lists(game, v, LEFT + 10, TOP + 60))
        return d.group({"id": "secrets", "data-seat": v.seat}, parts)
    who = character_label(game, v, v.seat)
    parts.append(_heading(f"YOUR HAND · {who} (face up for you only)", TOP + 16))
    parts.append(_hand(game, v))
    parts.append(_lists(game, v, CARDS_RIGHT + 10, TOP + 16))
    return d.group({"id": "secrets", "data-seat": v.seat}, parts)


def _heading(words: str, y: float) -> str:
    return d.text(LEFT + 10, y, words, 9, fill=d.DIM, font_weight="bold", letter_spacing=1)


def _piles(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """The face-up discard piles (the spectator's strip has room for them)."""
    last = names.event_card(game, v.event_discard[-1]) if v.event_discard else "none yet"
    red, yellow, green = (len(pile) for pile in v.item_discard)
    width = int((RIGHT - x - 8) / 5.1)
    return d.group(
        {"id": "piles"},
        [
            _line(x, y, "Event discard", f"{len(v.event_discard)} cards, last: {last}", width),
            _line(
                x,
                y + 13,
                "Other discards",
                f"items R{red} Y{yellow} G{green} · attack cards "
                f"{len(v.attack_discard)} · serious wounds {len(v.wound_discard)}",
                width,
            ),
        ],
    )


TIMING_WORDS = {"any": "any time", "combat_only": "in combat", "out_of_combat": "out of combat"}


def _hand(game: NemesisGame, v: NemesisView) -> str:
    """The seat's Action cards, then the intruder player's cards when it holds some."""
    cards = [(names.card(game, c), "card action", c) for c in v.hand]
    cards += [
        (labels_intruder.card_name(game, c), "card intruder-card", c) for c in v.intruder_hand
    ]
    room = CARDS_RIGHT - LEFT - 20
    width = min(CARD_W, (room - 4 * max(0, len(cards) - 1)) / max(1, len(cards)))
    out = [
        _card(game, name, cls, card, LEFT + 10 + i * (width + 4), width)
        for i, (name, cls, card) in enumerate(cards)
    ]
    if not cards:
        out.append(d.text(LEFT + 10, TOP + 50, "no cards in hand", 10, fill=d.DIM))
    return d.group({"id": "hand", "data-size": len(cards)}, out)


def _card(game: NemesisGame, name: str, cls: str, card: int, x: float, width: float) -> str:
    """A card face: its name, and for an Action card its cost (top left, as printed) and when
    it may be played."""
    action = cls == "card action" and not game.is_contamination(card)
    fill = "#e9e2cf" if action else "#234d2c" if cls == "card action" else "#3d2a4f"
    ink, y = d.ink_on(fill), TOP + 24
    body = [d.rect(x, y, width, CARD_H + 24, rx=4, fill=fill, stroke="#0b0f14")]
    lines = d.wrap(name, max(4, int((width - 6) / 5.4)), 3)
    body += [
        d.text(
            x + width / 2,
            y + 28 + 11 * k,
            words,
            9,
            text_anchor="middle",
            font_weight="bold",
            fill=ink,
        )
        for k, words in enumerate(lines)
    ]
    if action:
        spec = game.data.action_cards[card]
        body.append(d.circle(x + 10, y + 10, 7, fill="#0b0f14"))
        body.append(d.text(x + 10, y + 13.5, spec.cost, 9, text_anchor="middle", fill="#f0f6fc"))
        timing = TIMING_WORDS.get(spec.timing, spec.timing) + (" · reaction" * spec.reaction)
        body.append(
            d.text(
                x + width / 2,
                y + CARD_H + 19,
                d.fit(timing, int(width / 4.4)),
                7,
                text_anchor="middle",
                fill="#57606a",
            )
        )
    return d.group({"class": cls, "data-card": card}, [*body, d.title(name)])


def _lists(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """Items, objectives, draft cards, the coordinates: one line each."""
    items = [names.thing(game, t) for t in v.inventory]
    kept = v.objective
    objectives = [
        (o, names.objective(game, o) + (" ✔ kept" if o == kept else "")) for o in v.objectives
    ]
    width = int((RIGHT - x - 8) / 5.1)
    parts = [
        d.group(
            {"id": "inventory", "data-count": len(items)},
            [_line(x, y + 12, "Items", ", ".join(items) or "none", width)],
        ),
        d.group(
            {"id": "objectives", "data-count": len(objectives)},
            [
                d.group(
                    {"class": "objective" + (" kept" if o == kept else ""), "data-objective": o},
                    [_line(x, y + 26 + 13 * i, "Objectives" if i == 0 else "", words, width)],
                )
                for i, (o, words) in enumerate(objectives)
            ],
        ),
    ]
    row = y + 26 + 13 * max(1, len(objectives))
    if v.draft:
        draft = ", ".join(game.data.characters[c].name for c in v.draft)
        parts.append(d.group({"id": "draft"}, [_line(x, row, "Draft", draft, width)]))
        row += 13
    parts.append(_public_lists(game, v, x, row))
    return "".join(parts)


def _public_lists(game: NemesisGame, v: NemesisView, x: float, y: float) -> str:
    """Face up for everyone: co-op crew objectives and the intruder player's offer."""
    width = int((RIGHT - x - 8) / 5.1)
    parts = []
    if v.crew_objectives:
        crew = ", ".join(names.objective(game, o) for o in v.crew_objectives)
        parts.append(d.group({"id": "crew-objectives"}, [_line(x, y, "Crew (co-op)", crew, width)]))
        y += 13
    if v.intruder_offer:
        offer = ", ".join(_offer_name(game, v, card) for card in v.intruder_offer)
        parts.append(
            d.group({"id": "intruder-offer"}, [_line(x, y, "Intruder offer", offer, width)])
        )
    return "".join(parts)


def _offer_name(game: NemesisGame, v: NemesisView, card: int) -> str:
    if v.decision == Kind.IP_EVENT_CHOICE:
        return names.event_card(game, card)
    return names.attack_card(game, card)


def _line(x: float, y: float, head: str, words: str, width: int) -> str:
    full = (f"{head}: " if head else "") + words
    shown = d.fit(full, width)
    # a cut line keeps its whole text as the tooltip
    return d.text(x, y, shown, 9.5, fill=d.INK) + (d.title(full) if shown != full else "")
