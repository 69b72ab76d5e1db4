"""Random games of Nemesis, every player count: they end, they are deterministic, clones are
independent and a history replays to the same state (DESIGN.md §5 items 2-3, until the game
joins the generic parametrized suite)."""

from __future__ import annotations

import numpy as np
import pytest

from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import game, step_randomly


def play(players: int, seed: int, stop: int | None = None) -> State:
    s = game(players).new_initial_state()
    rng = np.random.default_rng(seed)
    while not s.is_terminal() and (stop is None or len(s.history) < stop):
        step_randomly(s, rng)
    return s


def snapshot(s: State) -> tuple[object, ...]:
    return (
        tuple(s.history), s.stage, s.time, tuple(s.intruder_room), tuple(s.noise),
        tuple(s.tc_noise),
        tuple((c.room, c.status, tuple(c.hand), tuple(c.discard), c.deck.key(), c.light_wounds,
               tuple(c.serious)) for c in s.chars),
        tuple(s.tile), tuple(s.explored), tuple(s.fire), tuple(s.malfunction),
        tuple(sorted(s.bag.counts().items())), tuple(s.winners),
    )  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_returns_for_every_seat(players: int) -> None:
    for seed in range(4):
        s = play(players, seed)
        assert s.is_terminal() and s.end_reason
        assert len(s.winners) == players
        assert all(c.status in (1, 3, 4) for c in s.chars)  # hibernating, escaped or dead


def test_same_seed_same_game() -> None:
    assert snapshot(play(4, 7)) == snapshot(play(4, 7))
    assert snapshot(play(4, 7)) != snapshot(play(4, 8))


def test_a_history_replays_to_the_same_state() -> None:
    s = play(3, 5)
    again = game(3).new_initial_state()
    for action in s.history:
        again.apply_action(action)
    assert snapshot(again) == snapshot(s)


def test_playing_a_clone_leaves_the_original_untouched() -> None:
    s = play(4, 11, stop=150)
    before = snapshot(s)
    twin = s.clone()
    rng = np.random.default_rng(0)
    for _ in range(200):
        if twin.is_terminal():
            break
        step_randomly(twin, rng)
    assert snapshot(s) == before
    assert snapshot(s.clone()) == before
