"""Fuzz of the replay loader: `Game.deserialize` (nemesis_env/core/game.py) and the
`nemesis replay FILE` command (nemesis_env/cli.py), with real saves of every registered game
(a whole random game, and a Not Alone game started from a scenario), mutated, damaged as
bytes and cut at every length class.

The property: `deserialize` either rebuilds a usable state (legal actions, a save that
reloads equal) or raises one of its documented errors, CheckpointError, IllegalActionError or
ScenarioError, with a one-line message; `nemesis replay` exits 0, or 2 with one line on
stderr; both within the CPU watchdog, never another exception type."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from nemesis_env.cli import main
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.errors import CheckpointError, IllegalActionError, ScenarioError
from nemesis_env.core.game import CHANCE
from nemesis_env.scenario import load
from tests.fuzz.budget import accepted, fuzz_settings, one_line, tried, watchdog
from tests.fuzz.hostile import as_json, damaged_bytes, mutated, truncation_points
from tests.fuzz.test_scenario_fuzz import VALID as SCENARIOS
from tests.games import game, history

REFUSALS = (CheckpointError, IllegalActionError, ScenarioError)


def _scenario_save(steps: int = 30) -> tuple[Any, dict[str, Any]]:
    state = load(SCENARIOS["not_alone"])
    rng = np.random.default_rng(0)
    for _ in range(steps):
        if state.current_player() == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.game, json.loads(state.game.serialize(state))


def _saves() -> dict[str, tuple[Any, dict[str, Any]]]:
    out = {}
    for name, params in (("not_alone", {"players": 4}), ("toy_raid", {"players": 3})):
        g = game(name, params)
        state = g.replay(history(name, params, 0))
        out[name] = (g, json.loads(g.serialize(state)))
    out["not_alone scenario"] = _scenario_save()
    return out


SAVES = _saves()
KINDS = sorted(SAVES)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("saves")


def check_deserialize(g: Any, text: str) -> None:
    tried("replay (deserialize)")
    with watchdog():
        try:
            state = g.deserialize(text)
        except REFUSALS as exc:
            one_line(exc)
            return
        assert state.legal_actions() == sorted(state.legal_actions())
        assert g.deserialize(g.serialize(state)).fingerprint() == state.fingerprint()
    accepted("replay (deserialize)")


def check_command(path: Path) -> None:
    """`nemesis replay FILE`: 0, or 2 and one line on stderr (main catches what it reports)."""
    tried("replay (nemesis replay)")
    out, err = io.StringIO(), io.StringIO()
    with watchdog(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["replay", str(path)])
    if code == 0:
        accepted("replay (nemesis replay)")
        return
    assert code == 2, err.getvalue()
    message = err.getvalue()
    assert message.startswith("nemesis: error: ") and message.count("\n") == 1, message


@pytest.mark.parametrize("kind", KINDS)
def test_the_valid_saves_load(kind: str, files: Path) -> None:
    g, doc = SAVES[kind]
    check_deserialize(g, json.dumps(doc))
    (files / "valid.json").write_text(json.dumps(doc))
    check_command(files / "valid.json")


@fuzz_settings(150)
@given(st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), mutated(SAVES[k][1]))))
def test_a_mutated_save_loads_or_is_refused(case: tuple[str, dict[str, Any]]) -> None:
    kind, doc = case
    check_deserialize(SAVES[kind][0], as_json(doc))


@fuzz_settings(60)
@given(st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), mutated(SAVES[k][1]))))
def test_nemesis_replay_of_a_mutated_save_exits_0_or_2(
    files: Path, case: tuple[str, dict[str, Any]]
) -> None:
    path = files / "mutated.json"
    path.write_text(as_json(case[1]), encoding="utf-8")
    check_command(path)


@fuzz_settings(60)
@given(st.data(), st.sampled_from(KINDS))
def test_a_damaged_save_loads_or_is_refused(files: Path, data: st.DataObject, kind: str) -> None:
    g, doc = SAVES[kind]
    damaged = data.draw(damaged_bytes(json.dumps(doc).encode("utf-8")))
    path = files / "damaged.json"
    path.write_bytes(damaged)
    check_command(path)
    check_deserialize(g, damaged.decode("utf-8", errors="replace"))


@pytest.mark.parametrize("kind", KINDS)
def test_every_truncation_of_a_save_is_refused(files: Path, kind: str) -> None:
    g, doc = SAVES[kind]
    data = json.dumps(doc).encode("utf-8")
    path = files / "cut.json"
    for length in truncation_points(len(data)):
        path.write_bytes(data[:length])
        check_command(path)
        check_deserialize(g, data[:length].decode("utf-8", errors="replace"))


@pytest.mark.parametrize(
    "doc",
    [
        {"game": ["not_alone"], "params": {}, "history": []},  # an unhashable game name
        {**SAVES["not_alone scenario"][1], "scenario": {"params": "players"}},
        {**SAVES["not_alone scenario"][1], "scenario": {"params": [["players", 4]]}},
        {**SAVES["not_alone"][1], "history": [10**30, -1]},
        {**SAVES["toy_raid"][1], "params": {"players": 3, "": 1}},  # TypeError from __init__
        {**SAVES["toy_raid"][1], "params": {"players": 3.0}},  # 3.0 in (3, 4)
    ],
    ids=lambda doc: repr(doc)[:40],
)
def test_saves_found_by_the_fuzz_are_refused(files: Path, doc: dict[str, Any]) -> None:
    path = files / "regression.json"
    path.write_text(json.dumps(doc))
    check_command(path)
    if isinstance(doc["game"], str):
        check_deserialize(SAVES["not_alone"][0], json.dumps(doc))
