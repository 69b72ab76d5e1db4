"""The encoder keeps its tensor between calls and rewrites only the parts whose inputs changed
(encoder.py). Whatever order views come in, its output must equal a fresh encoder's."""

from __future__ import annotations

import numpy as np
import pytest

from nemesis_env.games.nemesis.encoder import NemesisEncoder
from tests.nemesis.helpers import game, step_randomly


@pytest.mark.parametrize("players", [2, 5])
def test_a_long_lived_encoder_matches_a_fresh_one_on_every_view(players: int) -> None:
    g = game(players)
    kept = NemesisEncoder(g.tables)
    a, b = (np.empty(g.observation_size(), np.float32) for _ in range(2))
    rng = np.random.default_rng(players)
    checked = 0
    for _ in range(3):
        s = g.new_initial_state()
        while not s.is_terminal():
            step_randomly(s, rng)
            # every seat and the spectator, in a shuffled order, so slots change between calls
            for seat in rng.permutation(range(-1, players)):
                view = g.view_for(s, int(seat))
                kept.encode(view, a)
                NemesisEncoder(g.tables).encode(view, b)
                assert a.tobytes() == b.tobytes(), (checked, int(seat))
                checked += 1
    assert checked > 500
