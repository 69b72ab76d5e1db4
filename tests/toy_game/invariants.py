"""Toy Raid's conservation laws (its `invariant_errors` hook): the 16 cards (values 1-4, four
copies each) are each in exactly one zone (deck, a hand, a played pile, a loot pile), a loot
pile holds the one card a raid gave and is seen by exactly the raider and the giver, and the
round counter stays within the game's rounds."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from tests.toy_game.rules import COPIES, VALUES

if TYPE_CHECKING:
    from tests.toy_game.game import ToyState


def invariant_errors(s: ToyState) -> list[str]:
    errors = []
    deck = s.deck
    found = Counter(deck.top + deck.unseen + deck.bottom)
    for zone in (*s.hands, *s.played, *s.loot):
        found.update(zone.cards)
    for card in sorted(set(found) | set(range(len(VALUES)))):
        if card not in range(len(VALUES)):
            errors.append(f"{found[card]} cards of id {card}, which the box does not have")
        elif found[card] != COPIES:
            errors.append(f"{found[card]} cards of id {card} in play, the box has {COPIES}")
    if len(deck.top) != len(deck.top_known):
        errors.append("the deck's known top cards and their knowers differ in number")
    for seat, hand in enumerate(s.hands):
        if hand.owner != seat or hand.visible_to is None or seat not in hand.visible_to:
            errors.append(f"hand {seat} belongs to {hand.owner}, seen by {hand.visible_to}")
    if len(s.loot) != len(s.loot_owner):
        errors.append(f"{len(s.loot)} loot piles for {len(s.loot_owner)} owners")
    for owner, pile in zip(s.loot_owner, s.loot, strict=False):
        if len(pile.cards) != 1 or pile.visible_to is None or owner not in pile.visible_to:
            errors.append(f"loot {pile.cards} of seat {owner} is seen by {pile.visible_to}")
        elif len(pile.visible_to) != 2:
            errors.append(f"loot of seat {owner} is seen by {sorted(pile.visible_to)}, not 2")
    if not 0 <= s.round <= s.rounds or s.terminal != (s.round == s.rounds and not s.stack):
        errors.append(f"round {s.round} of {s.rounds}, terminal {s.terminal}")
    if not 0 <= s.cursor < s.players:
        errors.append(f"cursor {s.cursor} for {s.players} seats")
    return errors
