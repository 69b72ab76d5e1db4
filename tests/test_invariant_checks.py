"""Each check of nemesis_env/tools/invariants.py can fail (reliability issue item 5).

Every test breaks one thing on purpose, in a real Toy Raid state or in a Toy Raid subclass with
one bug, and asserts that the check names it; the untouched state passes first, so the break is
what the check reports. Not Alone's own invariants: tests/not_alone/test_invariants.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from gymnasium import spaces

import nemesis_env
from nemesis_env.core.game import TERMINAL
from nemesis_env.core.zones import HIDDEN, Pile
from nemesis_env.tools.invariants import Tracker, env_errors, leak_errors, node_errors, seat_views
from tests.toy_game.game import ToyRaidGame, ToyState
from tests.toy_game.view import ToyView

GAME = ToyRaidGame(players=3)


def dealt_state(game: ToyRaidGame = GAME, actions: int = 0) -> ToyState:
    """A state after the setup deal (first cards every time), plus `actions` first-legal steps."""
    state = game.new_initial_state()
    while (state.current_player() < 0 and not state.is_terminal()) or actions > 0:
        actions -= state.current_player() >= 0
        state.apply_action(state.legal_actions()[0])
    return state


class Lying:
    """A real state whose named methods answer what the test says."""

    def __init__(self, state: Any, **answers: Callable[[], Any]) -> None:
        self._state, self._answers = state, answers

    def __getattr__(self, name: str) -> Any:
        return self._answers.get(name) or getattr(self._state, name)


def _chance_state() -> ToyState:
    state = GAME.new_initial_state()
    assert state.current_player() == -1 and len(state.legal_actions()) > 1
    return state


# -- the node ----------------------------------------------------------------------------------
def _halved_chance() -> Lying:
    s = _chance_state()
    return Lying(s, chance_outcomes=lambda: [(o, p / 2) for o, p in s.chance_outcomes()])


def _chance_not_legal() -> Lying:
    s = _chance_state()
    return Lying(s, chance_outcomes=lambda: s.chance_outcomes()[1:])


def _ended(returns: tuple[float, ...]) -> Lying:
    """A state claiming to be over, with these returns."""
    return Lying(dealt_state(), is_terminal=lambda: True, current_player=lambda: TERMINAL,
                 legal_actions=lambda: [], returns=lambda: returns)  # fmt: skip


NODE_BREAKS: list[tuple[str, Callable[[], Any], str]] = [
    ("unsorted legal list", lambda: Lying(dealt_state(), legal_actions=lambda: [1, 0]),
     "not strictly ascending"),
    ("no legal action", lambda: Lying(dealt_state(), legal_actions=lambda: []), "no legal action"),
    ("a seat that is not one", lambda: Lying(dealt_state(), current_player=lambda: 7),
     "neither a seat nor chance"),
    ("an id beyond the table", lambda: Lying(dealt_state(), legal_actions=lambda: [999]),
     "outside the declared table"),
    ("chance at a seat's node", lambda: Lying(dealt_state(), chance_outcomes=lambda: [(0, 1.0)]),
     "at a node of seat"),
    ("probabilities summing to 0.5", _halved_chance, "not a distribution"),
    ("outcomes that are not the legal list", _chance_not_legal, "differ from the legal list"),
    ("a terminal state with actions", lambda: Lying(dealt_state(), is_terminal=lambda: True),
     "a terminal state has player"),
    ("returns for too few seats", lambda: Lying(dealt_state(), returns=lambda: (0.0,)),
     "for 3 seats"),
    ("returns beyond the range", lambda: Lying(dealt_state(), returns=lambda: (2.0, 0.0, 0.0)),
     "outside [-1.0, 1.0]"),
    ("team mates with different returns", lambda: _ended((1.0, -1.0, 0.0)),
     "differ within a team"),
    ("teams that both win", lambda: _ended((1.0, 1.0, 1.0)), "not the other's loss"),
    ("a history beyond max_game_length", lambda: Lying(dealt_state(), history=[0] * 101),
     "more than max_game_length"),
]  # fmt: skip
NODE_IDS = [label for label, _, _ in NODE_BREAKS]


@pytest.mark.parametrize(("label", "make", "message"), NODE_BREAKS, ids=NODE_IDS)
def test_node_errors_name_each_break(label: str, make: Callable[[], Any], message: str) -> None:
    assert node_errors(GAME, dealt_state()) == [] and node_errors(GAME, _chance_state()) == []
    errors = node_errors(GAME, make())
    assert any(message in e for e in errors), errors


# -- the toy game's own invariants ---------------------------------------------------------------
def _copy_hand_card(s: ToyState) -> None:
    s.hands[1].add(s.hands[0].cards[0])


def _lose_hand_card(s: ToyState) -> None:
    s.hands[0].remove(s.hands[0].cards[0])


TOY_BREAKS: list[tuple[str, Callable[[ToyState], None], str]] = [
    ("a card in two zones", _copy_hand_card, "cards of id"),
    ("a card in no zone", _lose_hand_card, "cards of id"),
    ("a card that does not exist", lambda s: s.played[0].put(9),
     "id 9, which the box does not have"),
    ("a known top card nobody knows", lambda s: s.deck.top_known.append(frozenset()),
     "differ in number"),
    ("a hand in the wrong seat", lambda s: s.hands.reverse(), "belongs to"),
    ("loot without an owner", lambda s: s.loot_owner.append(0), "loot piles for"),
    ("a round beyond the last", lambda s: setattr(s, "round", 4), "round 4 of 3"),
    ("the end before the last round", lambda s: setattr(s, "terminal", True), "terminal True"),
    ("a cursor beyond the seats", lambda s: setattr(s, "cursor", 3), "cursor 3"),
]  # fmt: skip
TOY_IDS = [label for label, _, _ in TOY_BREAKS]


@pytest.mark.parametrize(("label", "corrupt", "message"), TOY_BREAKS, ids=TOY_IDS)
def test_toy_invariants_name_each_break(
    label: str, corrupt: Callable[[ToyState], None], message: str
) -> None:
    state = dealt_state(actions=2)
    assert GAME.invariant_errors(state) == []
    corrupt(state)
    errors = node_errors(GAME, state)
    assert any(message in e for e in errors), errors


def test_loot_seen_by_a_third_seat_breaks_the_toy_invariants() -> None:
    state = dealt_state(actions=2)
    card = state.hands[1].cards[0]
    state.hands[1].remove(card)
    state.loot.append(Pile([card], visible_to=(0, 1, 2)))
    state.loot_owner.append(0)
    assert any("not 2" in e for e in GAME.invariant_errors(state))


# -- leaks ---------------------------------------------------------------------------------------
class PeekingToy(ToyRaidGame):
    """Every view shows every hand: a leak. Its sampler knows what a seat may see (it redeals
    the other hands), as the real one does: the two disagree, which is what the check sees."""

    def view_for(self, state: ToyState, seat: int) -> ToyView:
        view = super().view_for(state, seat)
        return view._replace(hands=tuple(tuple(hand.cards) for hand in state.hands))

    def sample_world(self, view: ToyView, rng: np.random.Generator) -> Any:
        hands = enumerate(view.hands)
        hidden = tuple(h if i == view.seat else (HIDDEN,) * len(h) for i, h in hands)
        return super().sample_world(view._replace(hands=hidden), rng)


class NoisyToy(ToyRaidGame):
    """The observation carries a random number: it differs between equal views."""

    def encode(self, view: ToyView, out: Any) -> None:
        super().encode(view, out)
        out[0] = np.random.default_rng().random()


class MaskLeakToy(ToyRaidGame):
    """Sampled worlds whose legal actions differ from the real ones though the views agree
    (what a mask computed from hidden cards would look like)."""

    def sample_world(self, view: ToyView, rng: np.random.Generator) -> Any:
        world = super().sample_world(view, rng)
        return Lying(world, legal_actions=lambda: [*world.legal_actions(), 99])


class CardMakingToy(ToyRaidGame):
    """Sampled worlds with one card too many in the deck: invalid states."""

    def sample_world(self, view: ToyView, rng: np.random.Generator) -> Any:
        world = super().sample_world(view, rng)
        world.deck.shuffle_in([0])
        return world


class FailingSamplerToy(ToyRaidGame):
    def sample_world(self, view: ToyView, rng: np.random.Generator) -> Any:
        raise RuntimeError("no world")


@pytest.mark.parametrize(
    ("cls", "message"),
    [
        (PeekingToy, "view changes when what it cannot see is redealt (fields hands)"),
        (NoisyToy, "observation changes in a redealt world"),
        (MaskLeakToy, "legal actions change in a redealt world"),
        (CardMakingToy, "a world redealt for seat 0: 5 cards of id 0"),
        (FailingSamplerToy, "sample_world for seat 0 raised RuntimeError"),
    ],
)
def test_leak_errors_name_each_leak(cls: type[ToyRaidGame], message: str) -> None:
    rng = np.random.default_rng(0)
    state = dealt_state()
    assert leak_errors(GAME, state, seat_views(GAME, state), rng) == []
    game = cls(players=3)
    state = dealt_state(game)
    errors = leak_errors(game, state, seat_views(game, state), rng)
    assert any(message in e for e in errors), errors


# -- transitions -----------------------------------------------------------------------------------
class SharedCloneToy(ToyRaidGame):
    """clone() shares the hands with the original (a shallow copy)."""

    def new_initial_state(self) -> Any:
        state = super().new_initial_state()
        state.__class__ = SharedHandsState
        return state


class SharedHandsState(ToyState):
    __slots__ = ()

    def clone(self) -> ToyState:
        other = super().clone()
        other.hands = self.hands
        return other


class ForgetfulState(ToyState):
    """clone() forgets the cards played so far, and the fingerprint never looks at them."""

    __slots__ = ()

    def clone(self) -> ToyState:
        other = super().clone()
        other.__class__ = ForgetfulState
        other.played = [type(p)() for p in self.played]
        return other

    def fingerprint(self) -> str:
        return "the same for every state"


class ForgetfulToy(ToyRaidGame):
    def new_initial_state(self) -> Any:
        state = super().new_initial_state()
        state.__class__ = ForgetfulState
        return state


def _tracker(game: ToyRaidGame) -> Tracker:
    return Tracker(game)


def test_a_clone_that_moves_with_the_original_is_reported() -> None:
    game = SharedCloneToy(players=3)
    state = dealt_state(game)
    tracker = _tracker(game)
    assert tracker.attach(state) == []
    errors = tracker.check_transition(state, state.legal_actions()[0])
    assert "a clone taken before the step moved with the original" in errors, errors


def test_a_clone_that_differs_is_reported_even_when_fingerprints_agree() -> None:
    game = ForgetfulToy(players=3)
    state = dealt_state(game, actions=1)  # the Hunter has played a card
    tracker = _tracker(game)
    assert tracker.attach(state) == []
    errors = tracker.check_transition(state, state.legal_actions()[0])
    message = "clone given the same actions shows seat 0 another view (fields played)"
    assert any(message in e for e in errors), errors


def test_a_replayed_save_that_drifts_is_reported() -> None:
    state = dealt_state()
    tracker = _tracker(GAME)
    assert tracker.attach(state) == []
    assert tracker.check_transition(state, state.legal_actions()[0]) == []
    tracker.twin.round += 1  # the twin drifts from the game it follows
    errors = tracker.check_transition(state, state.legal_actions()[0])
    assert any("replayed save differs" in e for e in errors), errors


class ShortSaveToy(ToyRaidGame):
    """serialize() drops the last action of the history."""

    def serialize(self, state: ToyState) -> str:
        clone = state.clone()
        clone.history = clone.history[:-1]
        return super().serialize(clone)


def test_a_save_that_does_not_restore_the_state_is_reported() -> None:
    game = ShortSaveToy(players=3)
    errors = _tracker(game).attach(dealt_state(game))
    assert any("saved and restored state differs" in e for e in errors), errors


class RaisingViewToy(ToyRaidGame):
    def view_for(self, state: ToyState, seat: int) -> ToyView:
        if seat == 2:
            raise KeyError("seat 2")
        return super().view_for(state, seat)


def test_a_check_that_raises_is_reported_not_raised() -> None:
    game = RaisingViewToy(players=3)
    errors = _tracker(game).attach(dealt_state(game))
    assert errors == ["the checks raised KeyError('seat 2')"]


# -- the PettingZoo env ----------------------------------------------------------------------------
def _env() -> Any:
    env = nemesis_env.env("toy_raid", players=3)
    env.reset(seed=3)
    env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    raw = env.unwrapped
    assert env_errors(raw) == []
    return raw


def test_env_errors_name_a_mask_that_is_not_the_legal_list() -> None:
    raw = _env()
    idle = next(a for a in raw.agents if a != raw.agent_selection)
    raw.infos[idle] = {"action_mask": np.ones(raw.game.info.num_actions, np.int8)}
    assert any(f"{idle}'s mask" in e for e in env_errors(raw))


def test_env_errors_name_an_observation_that_is_not_the_view() -> None:
    raw = _env()
    observe = raw.observe

    def shifted(agent: str) -> dict[str, Any]:
        obs = observe(agent)
        return {**obs, "observation": obs["observation"] + 1}

    raw.observe = shifted
    assert any("is not the encoding of its view" in e for e in env_errors(raw))


def test_env_errors_name_an_observed_mask_unlike_the_infos_mask() -> None:
    raw = _env()
    observe = raw.observe
    raw.observe = lambda agent: {**observe(agent), "action_mask": np.ones(3, np.int8)}
    assert any("observed mask differs" in e for e in env_errors(raw))


def test_env_errors_name_an_observation_outside_its_bounds() -> None:
    raw = _env()
    size = raw.game.observation_size()
    tight = spaces.Box(-2.0, -1.0, (size,), np.float32)
    raw.observation_spaces = {
        a: spaces.Dict({"observation": tight, "action_mask": s["action_mask"]})
        for a, s in raw.observation_spaces.items()
    }
    assert any("outside its bounds" in e for e in env_errors(raw))
