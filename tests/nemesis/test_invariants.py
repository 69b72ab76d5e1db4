"""Nemesis's conservation laws hold after every step of random games, and a broken state is
reported (each check can fail)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.nemesis.helpers import game, play_to_round, step_randomly


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    g = game(players)
    for seed in range(3):
        rng = np.random.default_rng(100 + seed)
        s = g.new_initial_state()
        while not s.is_terminal():
            step_randomly(s, rng)
            assert g.invariant_errors(s) == [], (seed, len(s.history))


def test_each_law_reports_its_breach() -> None:
    s = play_to_round()
    g = s.game
    assert g.invariant_errors(s) == []
    token = next(iter(s.bag.counts()))
    s.bag.draw(token)  # a token vanishes
    assert any("intruder token" in e for e in g.invariant_errors(s))
    s = play_to_round()
    s.chars[1].hand.append(s.chars[1].hand[0])  # a card is duplicated
    assert any("action cards" in e for e in g.invariant_errors(s))
    s = play_to_round()
    s.contam_unresolved += 1
    assert any("unscanned contamination" in e for e in g.invariant_errors(s))
    s = play_to_round()
    s.fire = [True] * 9 + [False] * 12
    assert any("fire" in e for e in g.invariant_errors(s))
    s = play_to_round()
    s.chars[2].room = -1  # active but nowhere
    assert any("status" in e for e in g.invariant_errors(s))
