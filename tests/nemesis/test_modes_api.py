"""Issue 13 acceptance: PettingZoo's `api_test` and `seed_test` for co-op and the intruder player
at every player count 2-5, and for the alternate side at every count (the generic suites of
tests/ play each variant at one rotating count; tests/games.py)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import nemesis_env

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from pettingzoo.test import api_test, seed_test

VARIANTS = ({"mode": "coop"}, {"intruder_player": True}, {"board_side": "alternate"})
CASES = [
    pytest.param({"players": n, **v}, id=f"{n}p-" + "-".join(f"{k}={x}" for k, x in v.items()))
    for v in VARIANTS
    for n in (2, 3, 4, 5)
]


@pytest.mark.parametrize("params", CASES)
def test_api_and_seed_tests_pass(params: dict[str, Any]) -> None:
    api_test(nemesis_env.env("nemesis", **params), num_cycles=300)
    seed_test(lambda: nemesis_env.env("nemesis", **params), num_cycles=300)
