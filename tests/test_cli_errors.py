"""The `nemesis` commands answer bad input with one line on stderr and exit status 2, never a
traceback: the line names the problem and what is allowed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nemesis_env.cli import main
from nemesis_env.envs.registry import load_game


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(argv)
    return code, capsys.readouterr().err


def one_line_error(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    assert err.startswith("nemesis: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err
    for needle in needles:
        assert needle in err, (needle, err)


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "not_alone", "--players", "2"],
        ["demo", "--game", "not_alone", "--players", "2"],
        ["bench", "--game", "not_alone", "--players", "2", "--seconds", "0.1"],
    ],
)
def test_a_negative_seed_is_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, err = run([*argv, "--seed", "-1"], capsys)
    one_line_error(code, err, "seed must be a non-negative integer", "got -1")


# -- replay ---------------------------------------------------------------------------------------
def saved_game(**changes: Any) -> dict[str, Any]:
    game = load_game("not_alone", players=2)
    doc: dict[str, Any] = json.loads(game.serialize(game.new_initial_state()))
    doc.update(changes)
    return doc


@pytest.mark.parametrize(
    ("doc", "needles"),
    [
        ({k: v for k, v in saved_game().items() if k != "history"}, ["no 'history'"]),
        (saved_game(history=[1.5]), ["history", "integer action ids"]),
        (saved_game(history=["3"]), ["history", "integer action ids"]),
        (saved_game(history=[True]), ["history", "integer action ids"]),
        (saved_game(history={"0": 1}), ["history", "list"]),
        (saved_game(params=4), ["params", "mapping"]),
        (saved_game(params=[2]), ["params", "mapping"]),
        (saved_game(game=5), ["unknown game 5"]),
        (saved_game(history=[10**6]), ["not legal"]),
    ],
)
def test_a_bad_saved_game_is_refused(
    doc: dict[str, Any], needles: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    code, err = run(["replay", str(path)], capsys)
    one_line_error(code, err, *needles)


def test_a_saved_game_without_history_is_refused_by_deserialize() -> None:
    """Today's bug: no `history` key silently replayed the empty game."""
    from nemesis_env.core.errors import CheckpointError

    game = load_game("not_alone", players=2)
    doc = {k: v for k, v in saved_game().items() if k != "history"}
    with pytest.raises(CheckpointError, match="no 'history'"):
        game.deserialize(json.dumps(doc))
