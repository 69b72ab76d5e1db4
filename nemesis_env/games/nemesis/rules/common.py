"""Small queries over core zones that several Nemesis rules modules share."""

from __future__ import annotations

from nemesis_env.core.zones import Deck


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
