"""Small queries over core zones that several Nemesis rules modules share."""

from __future__ import annotations

from nemesis_env.core.zones import Deck
from nemesis_env.games.nemesis.state import State


def turn_order(s: State) -> list[int]:
    """Every seat from the first player clockwise (§5.1 step 3, §7.4 ties, §9.2 "in turn
    order"): the order in which "each character" resolves (docs/rules-decisions.md 201)."""
    n = len(s.chars)
    return [(s.first_player + k) % n for k in range(n)]


def deck_count(deck: Deck, card: int) -> int:
    """Copies of `card` anywhere in `deck` (known top, unseen middle, known bottom)."""
    return deck.unseen.count(card) + deck.top.count(card) + deck.bottom.count(card)


def replace_in_deck(deck: Deck, old: int, new: int) -> None:
    """One copy of `old` in the deck becomes `new` (a scanned contamination card: its owner now
    knows what it is, but not where it lies)."""
    for cards in (deck.unseen, deck.top, deck.bottom):
        if old in cards:
            cards[cards.index(old)] = new
            if cards is deck.unseen:
                cards.sort()
            return
    raise ValueError(f"card {old} is not in the deck")
