"""Toy Raid: a test-only game that proves a new game needs no generic edit (DESIGN.md §5.2).

One Hunter (team 0) against two or three Scouts (team 1). Cards are values 1-4, four copies
each, in one face-down Deck. Setup deals 3 cards to the Hunter and 2 to each Scout (chance).
For `rounds` rounds every seat in turn plays a card from its Hand face up (or passes with an
empty hand), then draws. A 1 (spy) lets its player peek at the deck's next card after drawing;
a 4 (raid) names an opponent holding cards, who then chooses a card of their hand to give face
down to the raider (only those two see it). The team with more points wins (+1/-1, a tie 0):
the values a team played and looted, the Hunter's counted double.

It uses the kernel exactly as a real game does: core.engine (Rules, a stack of decisions),
core.spaces (declared kinds), core.zones (Deck, Hand, Pile, fill_hidden), core.encoder.Layout,
and one `register_game` call (tests/conftest.py).
"""
