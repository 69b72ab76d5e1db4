"""A partial `reserve` in a scenario fills the unlisted places with the documented default
(docs/scenarios.md: "copies left of places 6-10; default: printed count minus owned"; the printed
counts per player count are in not-alone-reference.md A.2). Issue 10 item 8.6."""

from __future__ import annotations

import pytest

from nemesis_env import scenario
from nemesis_env.core.errors import ScenarioError

START = ["lair", "jungle", "river", "beach", "rover"]


def test_unlisted_reserve_places_get_printed_copies_minus_owned() -> None:
    # 3 players: 2 copies of each of places 6-10. Hunted 0 owns the Wreck (8); the document
    # lists only the Swamp (6).
    state = scenario.load(
        {
            "game": "not_alone",
            "params": {"players": 3},
            "reserve": {"swamp": 0},
            "hunted": [{"owned": [*START, "wreck"], "hand": [*START, "wreck"]}, {}],
        }
    )
    assert state.reserve == [0, 2, 2 - 1, 2, 2]


def test_a_listed_reserve_still_may_not_exceed_the_printed_count() -> None:
    with pytest.raises(ScenarioError, match="place 8: 1 owned by Hunted \\+ 2 in reserve"):
        scenario.load(
            {
                "game": "not_alone",
                "params": {"players": 3},
                "reserve": {"wreck": 2},
                "hunted": [{"owned": [*START, "wreck"], "hand": [*START, "wreck"]}, {}],
            }
        )
