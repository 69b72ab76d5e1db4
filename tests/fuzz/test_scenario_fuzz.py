"""Fuzz of the scenario loader (nemesis_env/scenario.py and each game's builder; schema in
docs/scenarios.md) with valid documents of every registered game, mutated, and given as a
mapping, as YAML or JSON text, as a file, or as a damaged file.

The property: `scenario.load` either builds a usable state (its legal actions, a clone, a save
that reloads equal, a step) or raises ScenarioError with a one-line message, within the CPU
watchdog; never another exception type, a traceback from deep inside, or a hang."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nemesis_env.core.errors import ScenarioError
from nemesis_env.core.game import CHANCE
from nemesis_env.scenario import load
from tests.fuzz.budget import accepted, fuzz_settings, one_line, tried, watchdog
from tests.fuzz.hostile import as_json, as_yaml, damaged_bytes, mutated, plain, truncation_points

START = ["lair", "jungle", "river", "beach", "rover"]
VALID: dict[str, dict[str, Any]] = {
    "not_alone": {  # the shape of docs/scenarios.md's example, with every key given
        "game": "not_alone",
        "params": {"players": 4, "board_side": 1},
        "phase": "reckoning",
        "turn": 5,
        "rescue": 6,
        "assimilation": 4,
        "beacon": False,
        "reserve": {"swamp": 1, "wreck": 1},
        "tokens": {"creature": "wreck", "target": ["rover", "artefact"], "artemia": "jungle"},
        "flags": ["mirage"],
        "ineffective": ["beach"],
        "forbidden": [],
        "anticipation": -1,
        "creature": {
            "hand": ["scream", "clone"],
            "discard": ["despair"],
            "played": ["mirage"],
            "limit": 0,
            "bottom": [],
        },
        "survival_discard": ["dodge"],
        "hunted": [
            {
                "name": "Alžběta",
                "will": 3,
                "hand": ["jungle", "river", "swamp"],
                "discard": ["beach", "rover"],
                "played": ["lair"],
                "owned": [*START, "swamp"],
                "survival": ["detector"],
                "next_effect": "none",
                "this_effect": "none",
                "survival_used": False,
                "resists": 0,
                "gave_up": False,
            },
            {"will": 2, "hand": [1, 2, 3], "discard": [4], "played": [5], "survival": []},
            {"hand": [2, 3, 4, 5], "played": [1], "resists": 1, "next_effect": "river"},
        ],
        "description": "fuzz base",
    },
    "toy_raid": {  # the example of tests/toy_game/scenario.py
        "game": "toy_raid",
        "params": {"players": 3},
        "round": 1,
        "turn": "scout_0",
        "hands": {"hunter": [4, 1], "scout_0": [2]},
        "played": {"hunter": [3]},
        "deck_top": {"card": 2, "known_to": ["scout_1"]},
    },
}
GAMES = sorted(VALID)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("scenarios")


def check_usable(state: Any) -> None:
    """What a caller does with a scenario state must work."""
    game = state.game
    player = state.current_player()
    legal = state.legal_actions()
    assert legal == sorted(set(legal)) and (legal or state.is_terminal())
    assert state.clone().fingerprint() == state.fingerprint()
    if getattr(state, "scenario", None) is not None:  # a save of a scenario state reloads
        assert game.deserialize(game.serialize(state)).fingerprint() == state.fingerprint()
    if legal:
        step = state.clone()
        step.apply_action(state.chance_outcomes()[0][0] if player == CHANCE else legal[0])


def check_load(source: Any, target: str) -> None:
    tried(target)
    with watchdog():
        try:
            state = load(source)
        except ScenarioError as exc:
            one_line(exc)
            return
        check_usable(state)
    accepted(target)


@pytest.mark.parametrize("game", GAMES)
def test_the_valid_documents_load(game: str) -> None:
    check_usable(load(copy.deepcopy(VALID[game])))


@fuzz_settings(150)
@given(st.sampled_from(GAMES).flatmap(lambda g: mutated(VALID[g])))
def test_a_mutated_mapping_loads_or_is_a_scenario_error(doc: dict[str, Any]) -> None:
    check_load(plain(doc), "scenario (mapping)")


@fuzz_settings(100)
@given(st.sampled_from(GAMES).flatmap(lambda g: mutated(VALID[g])), st.booleans())
def test_a_mutated_text_loads_or_is_a_scenario_error(doc: dict[str, Any], yaml: bool) -> None:
    check_load(as_yaml(doc) if yaml else as_json(doc), "scenario (text)")


@fuzz_settings(60)
@given(st.data(), st.sampled_from(GAMES), st.sampled_from([".yaml", ".json"]))
def test_a_damaged_file_loads_or_is_a_scenario_error(
    files: Path, data: st.DataObject, game: str, suffix: str
) -> None:
    text = as_yaml(VALID[game]) if suffix == ".yaml" else as_json(VALID[game])
    path = files / f"damaged{suffix}"
    path.write_bytes(data.draw(damaged_bytes(text.encode("utf-8"))))
    check_load(path, "scenario (file)")


@pytest.mark.parametrize(("game", "suffix"), list(itertools.product(GAMES, [".yaml", ".json"])))
def test_every_truncation_of_a_file_loads_or_is_a_scenario_error(
    files: Path, game: str, suffix: str
) -> None:
    data = (as_yaml if suffix == ".yaml" else as_json)(VALID[game]).encode("utf-8")
    path = files / f"cut{suffix}"
    for length in truncation_points(len(data)):
        path.write_bytes(data[:length])
        check_load(path, "scenario (file)")


@pytest.mark.parametrize(
    "source",
    [
        "x" * 5000 + ".yaml",  # a file name too long for the system
        "nul\x00byte.yaml",
        "/",
        ".yaml",
        "game: not_alone\nparams: {1: 2}\n",  # a params key that is no name
        {"game": "not_alone", "params": {3: "players"}},
        "game: not_alone\nphase: [hunting]\n",  # an unhashable where a name belongs
        "game: not_alone\nflags: 3\n",
    ],
    ids=lambda source: repr(source)[:40],
)
def test_paths_and_values_found_by_the_fuzz_are_scenario_errors(source: Any) -> None:
    check_load(source, "scenario (regression)")
