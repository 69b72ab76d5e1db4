"""Text drawing of one seat's (or the spectator's) view of Toy Raid."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.zones import HIDDEN
from tests.toy_game.rules import VALUES, Kind
from tests.toy_game.view import ToyView

if TYPE_CHECKING:
    from tests.toy_game.game import ToyRaidGame


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join("?" if c == HIDDEN else str(VALUES[c]) for c in cards) or "-"


def render_view(game: ToyRaidGame, v: ToyView) -> str:
    names = game.info.seat_names
    who = "spectator" if v.seat < 0 else names[v.seat]
    lines = [f"Toy Raid, {v.players} players, round {min(v.round, v.rounds)}/{v.rounds} "
             f"- view of {who}"]  # fmt: skip
    if v.terminal:
        lines.append("The game is over.")
    elif v.stack:
        top = v.stack[-1]
        chooser = "chance" if top.chooser < 0 else names[top.chooser]
        lines.append(f"Open decision: {Kind(top.kind).name.lower()} by {chooser}")
    for seat, name in enumerate(names):
        mine = " (your hand)" if seat == v.seat else ""
        lines.append(f"  {name}: hand {_cards(v.hands[seat])}{mine}; "
                     f"played {_cards(v.played[seat])}")  # fmt: skip
    for owner, _, cards in v.loot:
        lines.append(f"  loot of {names[owner]}: {_cards(cards)}")
    lines.append(f"Deck: {len(v.deck_top) + v.deck_unseen} cards, next {_cards(v.deck_top[:1])}")
    return "\n".join(lines)
