"""Recordings (nemesis_env/tools/recording.py) for every registered game: a whole random game
verifies step by step, and each kind of difference between the file and the engine is found at
its step, with a message naming it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from nemesis_env.cli import main
from nemesis_env.core.game import CHANCE
from nemesis_env.tools import recording
from tests.games import default_cases, game, history


def recorded(name: str, params: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    g = game(name, params)
    return g, recording.build(g, history(name, params, 3), agents={"x": "random"})


def text(doc: dict[str, Any]) -> str:
    return json.dumps(doc)


@pytest.mark.parametrize(("name", "params"), default_cases())
def test_a_whole_game_verifies_and_is_also_a_save(name: str, params: dict[str, Any]) -> None:
    g, doc = recorded(name, params)
    _, _, done = recording.load_and_verify(text(doc))
    moves = doc["record"]["movers"]
    assert done.terminal and done.steps == len(doc["history"])
    assert done.decisions == sum(m != CHANCE for m in moves) > 0
    assert list(g.deserialize(text(doc)).history) == doc["history"]  # a save too


@pytest.mark.parametrize(("name", "params"), default_cases())
def test_a_changed_move_is_found_where_the_game_parts(name: str, params: dict[str, Any]) -> None:
    """Another legal action at a decision with a choice: the recorded observations after it no
    longer match (or the rest of the history turns illegal), at that step or later."""
    g, doc = recorded(name, params)
    state = g.new_initial_state()
    step = 0
    while state.current_player() == CHANCE or len(state.legal_actions()) == 1:
        state.apply_action(doc["history"][step])
        step += 1
    legal = state.legal_actions()
    other = next(a for a in legal if a != doc["history"][step])
    bad = copy.deepcopy(doc)
    bad["history"][step] = int(other)
    with pytest.raises(recording.RecordingError, match=r"step \d+|does not load|returns"):
        g2, parsed = recording.parse(text(bad))
        recording.verify(g2, parsed)


def test_each_kind_of_difference_names_its_step() -> None:
    _, doc = recorded("not_alone", {"players": 4})
    movers = doc["record"]["movers"]
    k = next(i for i, m in enumerate(movers) if m != CHANCE and i > 10)
    cases = []
    bad = copy.deepcopy(doc)
    bad["record"]["digests"][k] = "0" * 16
    cases.append((bad, f"step {k}: seat {movers[k]}'s observation"))
    bad = copy.deepcopy(doc)
    bad["record"]["movers"][k] = (movers[k] + 1) % 4
    cases.append((bad, f"step {k}: the recording has seat"))
    bad = copy.deepcopy(doc)
    bad["record"]["returns"] = [0.0] * 4
    cases.append((bad, "returns"))
    for broken, message in cases:
        g2, parsed = recording.parse(text(broken))
        with pytest.raises(recording.RecordingError, match=message):
            recording.verify(g2, parsed)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("record"), "not a recording"),
        (lambda d: d["record"].update(format="other/9"), "record format"),
        (lambda d: d.update(game="chess"), "recording of game 'chess'"),
        (lambda d: d["record"]["digests"].pop(), "digests has"),
        (lambda d: d["record"].update(movers="all"), "movers is a list"),
        (lambda d: d.update(params={"players": 99}), "does not load"),
        (lambda d: d.update(rules_version="not_alone-0"), "rules version"),
        (lambda d: d["record"].update(notes=[1]), "notes is a mapping"),
    ],
)
def test_malformed_recordings_are_refused_clearly(edit: Any, message: str) -> None:
    _, doc = recorded("not_alone", {"players": 4})
    bad = copy.deepcopy(doc)
    edit(bad)
    with pytest.raises(recording.RecordingError, match=message):
        recording.load_and_verify(text(bad))


def test_the_digest_is_the_movers_own_view() -> None:
    """Two states that differ only in what the mover cannot see give the same digest: the
    digest holds the mover's observation, not the state (it could not otherwise be shown)."""
    g = game("not_alone", {"players": 4})
    out = np.zeros(g.observation_size(), dtype=np.float32)
    state = g.replay(history("not_alone", {"players": 4}, 3)[:40])
    seat = state.current_player()
    assert seat != CHANCE
    same = [
        recording.step_digest(g, g.sample_world(g.view_for(state, seat), rng), seat, out)
        for rng in (np.random.default_rng(i) for i in range(3))
    ]
    assert len({*same, recording.step_digest(g, state, seat, out)}) == 1


def test_cli_saves_recordings_and_verifies_them(tmp_path: Path, capsys: Any) -> None:
    saved = tmp_path / "game.json"
    assert main(["demo", "--game", "nemesis", "--players", "2", "--save", str(saved)]) == 0
    capsys.readouterr()
    assert main(["replay", str(saved), "--verify"]) == 0
    assert "reproduced step by step on nemesis" in capsys.readouterr().out
    doc = json.loads(saved.read_text())
    assert set(doc["record"]["agents"].values()) == {"random"}
    last = max(i for i, m in enumerate(doc["record"]["movers"]) if m != CHANCE)
    doc["record"]["digests"][last] = "f" * 16
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(doc))
    assert main(["replay", str(broken), "--verify"]) == 1
    assert "NOT reproduced: step" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json"), "--verify"]) == 2
