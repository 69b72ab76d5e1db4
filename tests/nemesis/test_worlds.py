"""Worlds sampled from one seat's view (worlds.py; DESIGN.md §2 "hidden information").

Each test builds a state where another seat knows something, then checks that the seat's
view (its redacted world included) does not depend on it, and that `Game.sample_world(view)`
redeals it from the right pool while keeping everything the seat knows. The generic suites
(tests/test_info_leaks.py, tests/test_trajectory_leaks.py) run the same checks on random
states; these pin down each kind of hidden fact the issue names: others' hands and items,
others' objectives, unscanned infection (for the owner too), unexplored tiles, unchecked
engines and coordinates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np

from nemesis_env.core.zones import HIDDEN
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import UNKNOWN, State
from nemesis_env.games.nemesis.worlds import CHOSEN_HIDDEN, hidden_item
from tests.nemesis.helpers import game, play_to_round, step_randomly

SAMPLES = 40


def worlds_for(s: State, seat: int, samples: int = SAMPLES) -> list[State]:
    g = s.game
    view = g.view_for(s, seat)
    rng = np.random.default_rng(7)
    out = []
    for _ in range(samples):
        w = g.sample_world(view, rng)
        assert g.view_for(w, seat) == view
        assert g.invariant_errors(w) == []
        out.append(w)
    return out


def first_state(players: int, test: Callable[[State], bool], seeds: int = 60) -> State:
    """The first state of random games (seeds 0, 1, ...) where `test` holds."""
    g = game(players)
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            if test(s):
                return s
            step_randomly(s, rng)
    raise AssertionError("no random game reached the state the test needs")


def test_others_hands_are_redealt_from_their_own_cards_and_the_seat_keeps_its_own() -> None:
    s = play_to_round(4)
    mine, theirs = sorted(s.chars[0].hand), s.chars[1]
    cards = Counter(theirs.hand + theirs.deck.unseen)
    hands = set()
    for w in worlds_for(s, 0):
        assert sorted(w.chars[0].hand) == mine
        assert Counter(w.chars[1].hand + w.chars[1].deck.unseen) == cards
        assert len(w.chars[1].hand) == len(theirs.hand)
        hands.add(tuple(sorted(w.chars[1].hand)))
    assert len(hands) > 1  # 5 of 10 cards: a repeat in every one of 40 draws is impossible


def test_a_redacted_world_shows_no_other_hand_draft_or_objective() -> None:
    s = play_to_round(4)
    redacted = s.game.view_for(s, 0).world.state
    for other in (1, 2, 3):
        c = redacted.chars[other]
        assert set(c.hand) == {HIDDEN} and set(c.objectives) == {HIDDEN}
    spectator = s.game.view_for(s, -1).world.state
    assert all(set(c.hand) == {HIDDEN} for c in spectator.chars)


def test_a_change_to_another_seats_hand_leaves_the_view_and_observation_unchanged() -> None:
    """Perturbation: swap a card of seat 1's hand with a different one of its deck."""
    s = play_to_round(4)
    g = s.game
    t = s.clone()
    c = t.chars[1]
    i, j = next((i, j) for i, a in enumerate(c.hand) for j, b in enumerate(c.deck.unseen)
                if a != b)  # fmt: skip
    c.hand[i], c.deck.unseen[j] = c.deck.unseen[j], c.hand[i]
    c.deck.unseen.sort()
    assert t.fingerprint() != s.fingerprint()
    for seat in (0, 2, 3, -1):
        assert g.view_for(t, seat) == g.view_for(s, seat)
        a, b = (np.empty(g.observation_size(), np.float32) for _ in range(2))
        g.encode(g.view_for(s, seat), a)
        g.encode(g.view_for(t, seat), b)
        assert a.tobytes() == b.tobytes()
    assert g.view_for(t, 1) != g.view_for(s, 1)


def _give(s: State, seat: int, colour: int, copies: int) -> list[int]:
    """Moves `copies` light items of deck `colour` from the deck into `seat`'s inventory."""
    things = s.game.tables.things
    deck = s.item_decks[colour]
    picked = [t for t in sorted(set(deck.unseen)) if not things[t].heavy][:copies]
    for thing in picked:
        deck.draw(thing)
        s.chars[seat].inventory.append(thing)
    return picked


def test_others_items_keep_their_colours_and_are_redealt_from_that_deck() -> None:
    """Items are private, their deck colour public (docs/rules-decisions.md; reference §6.3)."""
    s = play_to_round(4)
    red, yellow = _give(s, 1, 0, 2), _give(s, 1, 1, 1)
    own = _give(s, 0, 2, 1)
    things = s.game.tables.things
    redacted = s.game.view_for(s, 0).world.state
    assert sorted(redacted.chars[1].inventory) == sorted([hidden_item(0)] * 2 + [hidden_item(1)])
    seen = set()
    for w in worlds_for(s, 0):
        assert w.chars[0].inventory == own
        colours = sorted(things[t].deck for t in w.chars[1].inventory)
        assert colours == [0, 0, 1]
        assert not any(things[t].heavy for t in w.chars[1].inventory)
        seen.add(tuple(sorted(w.chars[1].inventory)))
    assert len(seen) > 1
    assert sorted(red + yellow) != sorted(own)


def test_others_objectives_are_redealt_unless_the_seat_saw_them() -> None:
    """Objectives are secret (reference §15); an item can show one (objectives_seen)."""
    s = play_to_round(4)
    mine = set(s.chars[0].objectives)
    dealt = set()
    for w in worlds_for(s, 0):
        assert set(w.chars[0].objectives) == mine
        theirs = w.chars[1].objectives
        assert not set(theirs) & mine
        assert theirs[0] in s.game.objective_pool(True)
        assert theirs[1] in s.game.objective_pool(False)
        dealt.add(tuple(theirs))
    assert len(dealt) > 1
    shown = s.chars[1].objectives[1]
    s.objectives_seen[shown] |= 1  # seat 0 saw seat 1's personal objective
    assert all(w.chars[1].objectives[1] == shown for w in worlds_for(s, 0, 10))


def test_another_seats_chosen_objective_is_hidden_but_the_choice_is_public() -> None:
    s = play_to_round(4)
    s.chars[1].objective = s.chars[1].objectives[0]
    redacted = s.game.view_for(s, 0).world.state
    assert redacted.chars[1].objective == CHOSEN_HIDDEN
    for w in worlds_for(s, 0, 10):
        assert w.chars[1].objective in w.chars[1].objectives


def _scanned(s: State) -> bool:
    g = s.game
    c = s.chars[1]
    return any(card in (g.contam_clean, g.contam_infected) for card in c.hand + c.discard)


def test_others_scan_results_are_unknown_to_the_seat_and_counted_back() -> None:
    """Only the owner learns a scan's result (reference §8.2; seed 000)."""
    s = first_state(3, _scanned)
    g = s.game
    c = s.chars[1]
    scanned = sum(card in (g.contam_clean, g.contam_infected) for card in c.hand + c.discard)
    infected = sum(card == g.contam_infected for card in c.hand + c.discard)
    for w in worlds_for(s, 0, 10):
        w1 = w.chars[1]
        assert g.contam_clean not in w1.hand + w1.discard
        assert g.contam_infected not in w1.hand + w1.discard
        assert w.contam_unresolved == s.contam_unresolved + scanned
        assert w.contam_infected_left == s.contam_infected_left + infected
    for w in worlds_for(s, 1, 10):
        assert sorted(w.chars[1].discard) == sorted(c.discard)


def test_an_unexplored_tile_only_another_seat_peeked_at_is_undetermined_for_the_seat() -> None:
    s = play_to_round(4)
    room = next(r for r in range(len(s.tile)) if s.tile[r] == UNKNOWN and not s.explored[r]
                and s.game.slot_kind[r] >= 0)  # fmt: skip
    kind = s.game.slot_kind[room]
    tile = s.tiles_left[kind].pop()
    s.tile[room], s.tile_known[room] = tile, 1 << 1
    assert s.game.invariant_errors(s) == []
    for w in worlds_for(s, 0, 5):
        assert w.tile[room] == UNKNOWN and tile in w.tiles_left[kind]
    for w in worlds_for(s, 1, 5):
        assert w.tile[room] == tile


def test_engines_and_coordinates_only_others_checked_are_undetermined_for_the_seat() -> None:
    s = play_to_round(4)
    s.engine[0], s.engine_known[0] = 1, 1 << 2
    s.coordinates, s.coordinates_known = 3, 1 << 2
    for w in worlds_for(s, 0, 5):
        assert w.engine[0] == UNKNOWN and w.coordinates == UNKNOWN
    for w in worlds_for(s, 2, 5):
        assert (w.engine[0], w.coordinates) == (1, 3)


def _drawing(s: State) -> bool:
    return bool(s.stack) and s.stack[-1].kind in (Kind.SEARCH_KEEP, Kind.ROOM_KEEP)


def test_items_another_seat_drew_privately_are_redealt_from_their_deck() -> None:
    s = first_state(4, _drawing)
    d = s.stack[-1]
    drawer = d.chooser
    seat = (drawer + 1) % 4
    drawn_in = d.payload.args[1:] if d.kind == Kind.SEARCH_KEEP else d.payload.drawn
    colour = s.game.tables.things[drawn_in[0]].deck
    for w in worlds_for(s, seat, 10):
        p = w.stack[-1].payload
        drawn = p.args[1:] if d.kind == Kind.SEARCH_KEEP else p.drawn
        assert len(drawn) == len(drawn_in)
        assert all(s.game.tables.things[t].deck == colour for t in drawn)
    for w in worlds_for(s, drawer, 5):
        assert w.stack[-1].payload == d.payload


def test_unscanned_infection_is_hidden_from_the_owner_too() -> None:
    """Seed 000 / reference §8.2: nobody, the owner included, knows whether an unscanned
    contamination card is infected. States that differ only in how many of the unscanned cards
    are infected give every seat the same view and observation."""
    s = play_to_round(3)
    g = s.game
    s.chars[0].hand.append(g.contam_unknown)  # seat 0 holds an unscanned contamination card
    s.contam_deck_left -= 1
    t = s.clone()
    s.contam_infected_left, t.contam_infected_left = 7, 0
    assert g.invariant_errors(s) == [] and g.invariant_errors(t) == []
    for seat in (0, 1, 2, -1):
        a, b = (np.empty(g.observation_size(), np.float32) for _ in range(2))
        g.encode(g.view_for(s, seat), a)
        g.encode(g.view_for(t, seat), b)
        assert a.tobytes() == b.tobytes()
        va, vb = g.view_for(s, seat), g.view_for(t, seat)
        assert va._replace(world=None) == vb._replace(world=None)
