"""Every Not Alone decision carries the core `Decision` with its kind's typed payload
(rules/payloads.py), and the encoder reads a payload as its fields padded to three ints."""

from __future__ import annotations

import pytest

from nemesis_env.core.engine import Decision
from nemesis_env.games.not_alone.game import NotAloneGame
from nemesis_env.games.not_alone.rules.kinds import Kind
from nemesis_env.games.not_alone.rules.payloads import (
    PAYLOADS,
    CatchArgs,
    ExploreArgs,
    TakeBackArgs,
    payload_ints,
)
from nemesis_env.tools.playthrough import random_history


def test_every_kind_declares_its_payload() -> None:
    assert set(PAYLOADS) == set(Kind)
    for kind, payload in PAYLOADS.items():
        if payload is not None:
            assert 1 <= len(payload._fields) <= 3, kind  # type: ignore[attr-defined]


def test_payload_ints_pads_in_field_order() -> None:
    assert payload_ints(None) == (0, 0, 0)
    assert payload_ints(ExploreArgs(2)) == (2, 0, 0)
    assert payload_ints(TakeBackArgs(1, 2, 3)) == (1, 2, 3)
    assert payload_ints(CatchArgs(hunted=0, token=2, hits=1)) == (0, 2, 1)


@pytest.mark.parametrize("players", [2, 4, 7])
def test_random_games_push_only_typed_payloads(players: int) -> None:
    game = NotAloneGame(players=players)
    seen: set[Kind] = set()
    for seed in range(10):
        state = game.new_initial_state()
        for action in random_history(game, 1000 * players + seed):
            for decision in state.stack:
                assert type(decision) is Decision
                expected = PAYLOADS[Kind(decision.kind)]
                if expected is None:
                    assert decision.payload is None, decision
                else:
                    assert type(decision.payload) is expected, decision
                seen.add(Kind(decision.kind))
            state.apply_action(action)
    assert {Kind.EXPLORE, Kind.DRAW_HUNT, Kind.CREATURE_TOKEN} <= seen
