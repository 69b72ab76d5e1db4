"""Each of Not Alone's invariants (nemesis_env/games/not_alone/invariants.py) can fail.

A state from a random 4-player game, sound to begin with, gets one break (a card in two zones,
a counter beyond its track...) and `invariant_errors` must name it. Which laws there are and
where their numbers come from: the module doc of invariants.py.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState
from nemesis_env.games.not_alone.state import F_REVEALED
from nemesis_env.tools.playthrough import random_history

GAME = NotAloneGame(players=4)


def bit(place: int) -> int:
    return 1 << (place - 1)


@functools.cache
def _states() -> tuple[NotAloneState, ...]:
    """Every state of a few random games (callers clone before breaking one)."""
    states = []
    for seed in range(3):
        state = GAME.new_initial_state()
        for action in random_history(GAME, seed):
            state.apply_action(action)
            states.append(state.clone())
    return tuple(states)


def find(wanted: Callable[[NotAloneState], bool]) -> NotAloneState:
    state = next(s for s in _states() if wanted(s))
    assert GAME.invariant_errors(state) == []
    return state.clone()


def before_reveal(s: NotAloneState) -> bool:
    """Mid-game, cards in Hunted 0's hand and discard, a full hunt hand, a place 6-10 unowned."""
    return (
        s.turn >= 2
        and not s.flags & F_REVEALED
        and not s.terminal
        and bool(s.discard[0])
        and s.hand[0].bit_count() >= 2
        and s.hunt_hand.bit_count() == 3
        and bool(s.hunt_deck.unseen)
        and any(s.survival)
        and s.owned[0] != (1 << 10) - 1
    )


def _hand_card(s: NotAloneState) -> int:
    return next(p for p in range(1, 11) if s.hand[0] & bit(p))


def _unowned(s: NotAloneState) -> int:
    return next(p for p in range(6, 11) if not s.owned[0] & bit(p))


def _held_survival(s: NotAloneState) -> tuple[int, int]:
    h = next(h for h in range(s.num_hunted) if s.survival[h])
    return h, next(c for c in range(15) if s.survival[h] >> c & 1)


def _deck_card_to_hunt_hand(s: NotAloneState) -> None:
    card = s.edit_hunt_deck().unseen.pop()
    s.hunt_hand |= 1 << card


def _copy_survival_to_discard(s: NotAloneState) -> None:
    s.surv_discard.append(_held_survival(s)[1])


def _shelter_pick_not_held(s: NotAloneState) -> None:
    h, _ = _held_survival(s)
    s.shelter_drawn[h] = ((1 << 15) - 1) & ~s.survival[h]


Break = tuple[str, Callable[[NotAloneState], Any], str]
BREAKS: list[Break] = [
    ("a place card in hand and discard", lambda s: s.discard[0].append(_hand_card(s)),
     "is in 2 of hand, discard and played"),
    ("a place card in no zone", lambda s: s.hand.__setitem__(0, s.hand[0] & ~bit(_hand_card(s))),
     "is in 0 of hand"),
    ("a place card nobody owns", lambda s: s.discard[0].append(_unowned(s)), "(owned: False)"),
    ("a starting place not owned", lambda s: s.owned.__setitem__(0, s.owned[0] & ~bit(1)),
     "missing a starting place"),
    ("three cards played", lambda s: s.played.__setitem__(0, [9, 8, 7]), "(2 at most)"),
    ("a reserve copy too many", lambda s: s.reserve.__setitem__(0, s.reserve[0] + 1),
     "in the reserve"),
    ("a hunt card in hand and discard",
     lambda s: s.hunt_discard.append(s.hunt_hand.bit_length() - 1), "in 2 zones"),
    ("hunt cards in no zone", lambda s: setattr(s, "hunt_hand", 0), "are in no zone"),
    ("a hunt card the data lacks", lambda s: s.hunt_discard.append(20), "not in the data files"),
    ("four hunt cards in hand", _deck_card_to_hunt_hand, "holds 4 hunt cards"),
    ("a known top card without knowers", lambda s: s.edit_hunt_deck().top_known.append(
        frozenset()), "differ in number"),
    ("a survival card in hand and discard", _copy_survival_to_discard, "survival card"),
    ("a Shelter pick not in hand", _shelter_pick_not_held, "Shelter draw"),
    ("Rescue beyond its start", lambda s: setattr(s, "rescue", 11 + 4 + 1), "the Rescue counter"),
    ("Assimilation below the star", lambda s: setattr(s, "assimilation", -1),
     "the Assimilation counter"),
    ("a counter at the star in a live game", lambda s: setattr(s, "rescue", 0),
     "terminal is False"),
    ("a winner in a live game", lambda s: setattr(s, "winner", 1), "winner is 1"),
    ("four Will", lambda s: s.will.__setitem__(0, 4), "4 Will, outside 0..3"),
    ("three Resists", lambda s: s.resists.__setitem__(0, 3), "resisted 3 times"),
    ("three hunt cards to play", lambda s: setattr(s, "hunt_limit", 3), "3 more hunt cards"),
    ("board side 3", lambda s: setattr(s, "side", 3), "board side 3"),
    ("the Creature token off the planet", lambda s: setattr(s, "creature_token", 11),
     "Creature token is on place 11"),
    ("the Target token on places 1 and 3", lambda s: setattr(s, "target", bit(1) | bit(3)),
     "the Target token covers"),
    ("the Artemia token on three places", lambda s: setattr(s, "artemia", 0b111),
     "the Artemia token covers"),
    ("a location before the reveal", lambda s: s.location.__setitem__(0, [1]), "is at [1]"),
    ("a Forbidden Zone pick not in hand",
     lambda s: s.pending_discard.__setitem__(0, s.discard[0][0]), "Forbidden Zone pick"),
    ("Phobia showing an unowned place",
     lambda s: s.phobia_shown.__setitem__(0, bit(_unowned(s))), "do not own (Phobia)"),
    ("an unknown place effect", lambda s: s.this_effect.__setitem__(0, 7), "has effects 7/"),
    ("picks kept with no pick open", lambda s: setattr(s, "keep", bit(_hand_card(s))),
     "kept with no pick open"),
    ("Will for too few Hunted", lambda s: setattr(s, "will", s.will[:-1]), "will has 2 entries"),
    ("a Hunted too many", lambda s: setattr(s, "num_hunted", 4), "num_hunted is 4"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "corrupt", "message"), BREAKS, ids=[b[0] for b in BREAKS])
def test_each_invariant_names_its_break(
    label: str, corrupt: Callable[[NotAloneState], Any], message: str
) -> None:
    state = find(before_reveal)
    corrupt(state)
    errors = GAME.invariant_errors(state)
    assert any(message in e for e in errors), errors


def test_a_played_card_without_its_location_after_the_reveal_is_named() -> None:
    state = find(lambda s: bool(s.flags & F_REVEALED) and bool(s.played[0]))
    state.location[0] = []
    assert any("is at []" in e for e in GAME.invariant_errors(state))


def test_the_board_side_must_be_the_one_the_params_fix() -> None:
    game = NotAloneGame(players=4, board_side=2)
    state = game.new_initial_state()
    while state.side == 0:
        state.apply_action(state.legal_actions()[0])
    assert game.invariant_errors(state) == []
    state.side = 1
    assert any("board side 1" in e for e in game.invariant_errors(state))


def test_the_winner_must_be_the_side_whose_counter_reached_the_star() -> None:
    state = find(lambda s: s.terminal)
    state.winner = 3 - state.winner
    assert any("the counters say" in e for e in GAME.invariant_errors(state))
