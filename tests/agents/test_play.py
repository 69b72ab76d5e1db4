"""agents.play on any registered game: a fresh state through the Game protocol."""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.base import RandomAgent
from agents.play import new_state, play_game
from nemesis_env import load_game


class PlainGame:
    """A game whose `new_initial_state()` takes no options (as the Game protocol declares)."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def new_initial_state(self) -> str:
        self.calls.append({})
        return "state"


def test_new_state_passes_log_events_only_to_games_that_take_it() -> None:
    plain = PlainGame()
    assert new_state(plain) == "state" and plain.calls == [{}]
    not_alone = new_state(load_game("not_alone", players=2, board_side=1))
    assert not_alone.events is None  # Not Alone's event log is off for agents
    toy = load_game("toy_raid", players=3)
    state = new_state(toy)
    assert not state.is_terminal()


def test_play_game_runs_a_game_without_an_event_log_option() -> None:
    game = load_game("toy_raid", players=4)
    rngs = [np.random.default_rng(s) for s in range(5)]
    result = play_game(game, [RandomAgent() for _ in range(4)], rngs[0], rngs[1:])
    assert result.length > 0 and len(result.returns) == 4
