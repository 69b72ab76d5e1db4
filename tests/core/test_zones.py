"""Zones with a visibility policy (nemesis_env/core/zones.py; shared/DESIGN.md §2 "Zones").

Probabilities are checked against counts worked out by hand; `redeal` is checked against what
it promises: sizes and every card the seat sees stay put, the multiset of cards is unchanged,
and over many redeals each unseen card reaches each unseen slot (uniform, within a tolerance).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from nemesis_env.core.zones import HIDDEN, Bag, Deck, Hand, Pile, fill_hidden, redeal

F = Fraction


def shares(outcomes: list[tuple[int, float]]) -> dict[int, Fraction]:
    """Outcome probabilities as exact fractions (denominators up to 100), in ascending order."""
    assert [o for o, _ in outcomes] == sorted(o for o, _ in outcomes)
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    return {o: Fraction(p).limit_denominator(100) for o, p in outcomes}


def test_bag_outcomes_are_token_shares() -> None:
    bag = Bag([7, 2, 2, 7, 7, 9])  # three 7s, two 2s, one 9 out of six
    assert shares(bag.outcomes()) == {2: F(2, 6), 7: F(3, 6), 9: F(1, 6)}
    bag.draw(7)
    assert shares(bag.outcomes()) == {2: F(2, 5), 7: F(2, 5), 9: F(1, 5)}
    bag.put(9, copies=2)
    assert len(bag) == 7 and dict(bag.counts()) == {2: 2, 7: 2, 9: 3}
    with pytest.raises(ValueError, match="no token 4"):
        bag.draw(4)
    assert Bag().outcomes() == []


def test_bag_visibility() -> None:
    public, secret = Bag([1, 2]), Bag([1, 2], visible_to=[0])
    assert public.seen_by(3) == (1, 2)
    assert secret.seen_by(0) == (1, 2) and secret.seen_by(1) == (HIDDEN, HIDDEN)


def test_deck_of_distinct_cards_draws_each_at_one_over_its_size() -> None:
    """The all-distinct fast path gives the very floats the counted path gives, ascending."""
    assert Deck([9, 2, 5]).draw_outcomes() == [(2, 1 / 3), (5, 1 / 3), (9, 1 / 3)]
    assert Deck(range(7)).draw_outcomes() == [(card, 1.0 / 7) for card in range(7)]


def test_deck_draws_known_top_then_unseen_then_bottom() -> None:
    deck = Deck([4, 4, 5, 6])
    assert shares(deck.draw_outcomes()) == {4: F(1, 2), 5: F(1, 4), 6: F(1, 4)}
    deck.put_top(9, known_to=[1])
    deck.put_bottom(8, known_to=[0, 2])
    assert len(deck) == 6
    assert deck.draw_outcomes() == [(9, 1.0)]
    with pytest.raises(ValueError, match="next card is"):
        deck.draw(4)
    deck.draw(9)
    for card in (4, 6, 4, 5):
        deck.draw(card)
    assert deck.draw_outcomes() == [(8, 1.0)]
    deck.draw(8)
    assert len(deck) == 0 and deck.draw_outcomes() == []


def test_deck_knowledge_per_seat() -> None:
    deck = Deck([1, 2, 3])
    deck.peek(2, seats=[1])  # seat 1 looks at the top card: it turns out to be 2
    assert deck.top == [2] and sorted(deck.unseen) == [1, 3]
    deck.peek(2, seats=[3])  # a second look at the same card adds a seat
    deck.put_bottom(7, known_to=[0])
    assert deck.seen_by(1) == ((2,), 2, (HIDDEN,))
    assert deck.seen_by(0) == ((HIDDEN,), 2, (7,))
    assert deck.seen_by(3) == ((2,), 2, (HIDDEN,))
    assert deck.seen_by(-1) == ((HIDDEN,), 2, (HIDDEN,))
    assert deck.hidden_count(1) == 3 and deck.hidden_count(-1) == 4
    deck.shuffle()
    assert deck.seen_by(1) == ((), 4, ()) and sorted(deck.unseen) == [1, 2, 3, 7]
    deck.shuffle_in([5])
    assert shares(deck.draw_outcomes()) == {c: F(1, 5) for c in (1, 2, 3, 5, 7)}


def test_hand_and_pile_visibility() -> None:
    hand = Hand(owner=2, cards=[5, 1, 3])
    assert hand.cards == [1, 3, 5] and hand.seen_by(2) == (1, 3, 5)
    assert hand.seen_by(0) == (HIDDEN,) * 3
    hand.show([0])
    assert hand.seen_by(0) == (1, 3, 5) and hand.seen_by(1) == (HIDDEN,) * 3
    hand.add(2)
    hand.remove(5)
    assert hand.cards == [1, 2, 3]
    with pytest.raises(ValueError, match="holds no card 9"):
        hand.remove(9)
    face_up, face_down = Pile([3, 1]), Pile([3, 1], visible_to=[1])
    face_up.put(4)
    assert face_up.seen_by(-1) == (3, 1, 4) and face_up.take_top() == 4
    assert face_down.seen_by(0) == (HIDDEN, HIDDEN) and face_down.seen_by(1) == (3, 1)


def test_clones_are_independent() -> None:
    deck = Deck([1, 2])
    deck.put_top(3, [0])
    zones = [deck, Hand(0, [4]), Pile([5], visible_to=[1]), Bag([6])]
    copies = [zone.clone() for zone in zones]  # type: ignore[attr-defined]
    assert copies == zones
    deck.draw(3)
    zones[1].add(7)  # type: ignore[attr-defined]
    zones[2].put(8)  # type: ignore[attr-defined]
    zones[3].draw(6)  # type: ignore[attr-defined]
    assert all(copy != zone for copy, zone in zip(copies, zones, strict=True))
    assert copies[0].top == [3] and copies[1].cards == [4]


def _table() -> list:  # type: ignore[type-arg]
    """Seat 0's view of a small table: its own hand, a public pile, a pile only seat 1 sees,
    two other hands, and a deck whose top seat 0 knows and whose bottom only seat 1 knows."""
    deck = Deck([10, 11, 11, 12])
    deck.put_top(13, known_to=[0])
    deck.put_bottom(14, known_to=[1])
    return [
        Hand(0, [1, 2]),
        Pile([3, 4]),
        Pile([5], visible_to=[1]),
        Hand(1, [6, 7, 7]),
        Hand(2, [8], shown_to=[0]),
        Hand(3, [9, 9]),
        deck,
    ]


def _summary(zones: list, seat: int) -> list[object]:  # type: ignore[type-arg]
    return [zone.seen_by(seat) for zone in zones]


def _all_cards(zones: list) -> Counter[int]:  # type: ignore[type-arg]
    cards: Counter[int] = Counter()
    for zone in zones:
        if isinstance(zone, Deck):
            cards.update(zone.top + zone.unseen + zone.bottom)
        else:
            cards.update(zone.cards)
    return cards


def test_redeal_keeps_sizes_seen_cards_and_the_multiset() -> None:
    rng = np.random.default_rng(0)
    for seat in (0, 1, 2, -1):
        zones = _table()
        before, total = _summary(zones, seat), _all_cards(zones)
        sizes = [len(zone) for zone in zones]
        moved = False
        for _ in range(30):
            redeal(zones, seat, rng)
            assert _summary(zones, seat) == before, f"seat {seat} saw a card move"
            assert [len(zone) for zone in zones] == sizes
            assert _all_cards(zones) == total
            moved |= _summary(zones, 1 - seat if seat in (0, 1) else 0) != before
        assert moved or seat == -1


def test_redeal_never_moves_a_card_the_seat_sees() -> None:
    rng = np.random.default_rng(1)
    zones = _table()
    for _ in range(50):
        redeal(zones, 0, rng)
        assert zones[0].cards == [1, 2] and zones[1].cards == [3, 4] and zones[4].cards == [8]
        assert zones[6].top == [13]  # seat 0 knows the top card
    # seat 0 cannot see the bottom card (known to seat 1 only): it may become another card
    bottoms = set()
    for _ in range(50):
        redeal(zones, 0, rng)
        bottoms.add(zones[6].bottom[0])
    assert len(bottoms) > 1


def test_redeal_is_uniform_over_unseen_slots() -> None:
    """Seat 0 cannot see 1 + 3 + 2 + 4 + 1 = 11 slots (pile of seat 1, hands 1 and 3, unseen
    deck, deck bottom); over many redeals card 5 lands in each slot about 1/11 of the time."""
    rng = np.random.default_rng(2)
    zones = _table()
    hidden = sum(zone.hidden_count(0) for zone in zones)
    assert hidden == 11
    trials = 4400
    hits: Counter[str] = Counter()
    for _ in range(trials):
        redeal(zones, 0, rng)
        if 5 in zones[2].cards:
            hits["seat 1 pile"] += 1
        hits["hand 3"] += zones[5].cards.count(5)
        hits["deck"] += zones[6].unseen.count(5) + zones[6].bottom.count(5)
    expected = {"seat 1 pile": Fraction(1, 11), "hand 3": Fraction(2, 11), "deck": Fraction(5, 11)}
    for where, share in expected.items():
        assert abs(hits[where] / trials - float(share)) < 0.03, (where, hits[where] / trials)


def test_fill_hidden_deals_a_given_pool() -> None:
    """sample_world rebuilds zones from a view with HIDDEN placeholders, then fills them."""
    rng = np.random.default_rng(3)
    zones = [Hand(0, [1]), Hand(1, [HIDDEN, HIDDEN]), Pile([HIDDEN], visible_to=[1])]
    fill_hidden(zones, 0, [4, 5, 6], rng)
    assert sorted(zones[1].cards + zones[2].cards) == [4, 5, 6] and zones[0].cards == [1]
    with pytest.raises(ValueError, match="2 cards for 3 hidden slots"):
        fill_hidden(zones, 0, [4, 5], rng)
