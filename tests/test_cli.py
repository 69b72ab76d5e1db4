"""Smoke tests of the `nemesis` command line, on tiny budgets (speed is `nemesis bench`'s job)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import nemesis_env
from nemesis_env import bench
from nemesis_env.cli import main
from nemesis_env.core.chance import resolve_chance
from nemesis_env.terminal import EventLog, action_label

NEMESIS = Path(sys.executable).parent / "nemesis"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def feed(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


# -- bench ------------------------------------------------------------------------------------
def test_bench_json_has_positive_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--game", "not_alone", "--seconds", "0.5", "--json"]
    code, out, _ = run([*argv, "--players", "3", "--peer", "connect_four_v3"], capsys)
    assert code == 0
    result = json.loads(out)
    for key in (
        "env_steps_per_s",
        "engine_decisions_per_s",
        "mean_game_length",
        "clone_per_s",
        "peer_env_steps_per_s",
        "ratio",
        "seconds",
    ):
        assert result[key] > 0, key
    assert result["games_per_s"]["env"] > 0 and result["games_per_s"]["engine"] > 0
    assert result["players"] == 3 and result["seed"] == 0
    assert {"python", "numpy", "platform"} <= set(result["machine"])


def test_bench_functions_and_table() -> None:
    engine = bench.bench_engine("not_alone", 0.05, seed=1, players=2)
    assert engine["games"] >= 1 and engine["decisions"] > 0
    result = bench.run_bench("not_alone", 0.2, players=2)
    assert "peer" not in result
    table = bench.format_table(result)
    assert "env steps/s" in table and "clones/s" in table


# -- play ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seat", ["creature", "hunted_0"])
def test_play_first_legal_action_until_the_end(
    seat: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "1\n" * 5000)
    code, out, _ = run(["play", "not_alone", "--players", "2", "--seat", seat], capsys)
    assert code == 0
    assert "Your decision:" in out and "   1. " in out
    assert out.rstrip().splitlines()[-1].startswith("Winner: the ")


def test_play_reprompts_then_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "x\n0\n99\n\nq\n")
    code, out, _ = run(["play", "not_alone", "--players", "3", "--seat", "creature"], capsys)
    assert code == 0
    assert out.count("is not a choice: type a number from 1 to 2") == 4
    assert "board side 1" in out and "You left the game." in out


def test_play_stops_when_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    feed(monkeypatch, "1\n")
    code, _, err = run(["play", "not_alone", "--players", "2", "--seat", "hunted_0"], capsys)
    assert code == 1 and "Input ended" in err


def test_labels_and_events_read_well() -> None:
    """Every legal action of random games gets a label; private details stay hidden."""
    game = nemesis_env.load_game("not_alone", players=5)
    rng = np.random.default_rng(3)
    logs = [EventLog(game, seat) for seat in range(5)]
    for _ in range(5):
        state = game.new_initial_state()
        resolve_chance(state, rng)
        while not state.is_terminal():
            legal = state.legal_actions()
            labels = [action_label(game, state, a) for a in legal]
            assert all(labels) and not any(":" in label for label in labels), labels
            state.apply_action(legal[int(rng.integers(len(legal)))])
            resolve_chance(state, rng)
        for event in state.events:
            for seat, log in enumerate(logs):
                text = log.text(event)
                hidden = event.visible_to is not None and seat not in event.visible_to
                assert ("(hidden)" in text) == (hidden and event.payload != ()), text


def test_hidden_events_show_no_card_to_other_seats() -> None:
    """A drawn card, a played place or a River pick is named to its owner (and the spectator),
    never to a seat outside the event's `visible_to`."""
    game = nemesis_env.load_game("not_alone", players=4)
    data, rng = game.data, np.random.default_rng(11)
    checked: set[str] = set()
    for _ in range(4):
        state = game.new_initial_state()
        resolve_chance(state, rng)
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            resolve_chance(state, rng)
        for event in state.events:
            if event.visible_to is None:
                continue
            card, place = event.get("card"), event.get("place")
            names: list[str] = []  # what the owner is told and the others must not be
            if event.kind in ("draw_hunt", "strike_back"):
                assert isinstance(card, int)
                names = [data.hunt[card].name]
            elif event.kind == "draw_survival":
                assert isinstance(card, int)
                names = [data.survival[card].name]
            elif isinstance(place, int):
                names = [data.places[place - 1].name]
            for seat in range(game.info.num_players):
                text = EventLog(game, seat).text(event)
                if seat in event.visible_to:
                    assert all(name in text for name in names), text
                else:
                    assert text.endswith("(hidden)") and not any(n in text for n in names), text
                    checked.add(event.kind)
            assert all(name in EventLog(game, None).text(event) for name in names)
    assert {"draw_hunt", "draw_survival", "play_place"} <= checked


def test_the_cli_imports_no_game_package() -> None:
    """The CLI and tools reach games through the registry and the Game methods only."""
    root = Path(nemesis_env.__file__).parent
    for module in ("cli.py", "bench.py", "tools/playthrough.py"):
        text = (root / module).read_text(encoding="utf-8")
        assert "nemesis_env.games" not in text, module


# -- demo, replay, games -----------------------------------------------------------------------
def test_demo_is_seeded_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "game.json"
    argv = ["demo", "--game", "not_alone", "--players", "4", "--seed", "0"]
    code, out, _ = run([*argv, "--save", str(saved)], capsys)
    assert code == 0 and "== Turn 1 ==" in out
    outcome = next(line for line in out.splitlines() if line.startswith("Winner: "))
    assert run(argv, capsys)[1] in out  # same seed, same game
    code, replayed, _ = run(["replay", str(saved)], capsys)
    assert code == 0 and "view of spectator" in replayed
    assert outcome.split(" after ")[0] in replayed


def test_games_lists_env_ids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["games"], capsys)
    assert code == 0 and "not_alone" in out and "nemesis_env/NotAlone-v0" in out


# -- errors --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "allowed"),
    [
        (["play", "chess"], "not_alone"),
        (["demo", "--game", "chess"], "not_alone"),
        (["play", "not_alone", "--seat", "alien"], "hunted_0"),
        (["play", "not_alone", "--players", "2", "--seat", "hunted_1"], "hunted_0"),
        (["demo", "--game", "not_alone", "--players", "9"], "2..7"),
        (["demo", "--game", "not_alone", "--param", "colour=red"], "board_side"),
        (["demo", "--game", "not_alone", "--param", "board_side=5"], "board_side must be"),
        (["bench", "--game", "not_alone", "--seconds", "0"], "positive"),
        (["replay", "/nonexistent/game.json"], "No such file"),
    ],
)
def test_errors_name_what_is_allowed(
    argv: list[str], allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(argv, capsys)
    assert code == 2
    assert err.startswith("nemesis: error:") and allowed in err


def test_replay_rejects_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    assert run(["replay", str(bad)], capsys)[0] == 2
    doc = {"game": "not_alone", "rules_version": "old", "params": {}, "history": []}
    bad.write_text(json.dumps(doc))
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and "rules version" in err


@pytest.mark.parametrize("command", [["play", "not_alone"], ["demo", "--game", "not_alone"]])
@pytest.mark.parametrize("where", ["missing/x.json", "dir", "file/x.json", "readonly/x.json"])
def test_a_bad_save_path_is_refused_before_the_game(
    command: list[str],
    where: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--save` is checked before anything is played: one line on stderr, exit code 2."""
    (tmp_path / "dir").mkdir()
    (tmp_path / "file").write_text("not a directory")
    readonly = tmp_path / "readonly"
    readonly.mkdir(mode=0o500)
    # root may write anywhere, so the permission check is answered as an ordinary user's would be
    real_access = os.access
    monkeypatch.setattr(
        "nemesis_env.cli.os.access",
        lambda path, mode: False if Path(path) == readonly else real_access(path, mode),
    )
    feed(monkeypatch, "1\n" * 5000)
    code, out, err = run([*command, "--players", "2", "--save", str(tmp_path / where)], capsys)
    assert code == 2 and out == ""
    assert err.startswith("nemesis: error: --save") and err.count("\n") == 1
    assert str(tmp_path / where) in err


@pytest.mark.parametrize("argv", [[], ["bench", "--peer", "tic_tac_toe"], ["fly"]])
def test_argparse_errors_exit_2(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2


# -- the installed script -------------------------------------------------------------------------
@pytest.mark.skipif(not NEMESIS.exists(), reason="the nemesis script is not installed here")
def test_console_script_plays_from_a_pipe() -> None:
    cmd = [str(NEMESIS), "play", "not_alone", "--players", "2", "--seat", "hunted_0", "--seed", "7"]
    done = subprocess.run(cmd, input="1\n" * 5000, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Winner: the " in done.stdout
    bad = subprocess.run([str(NEMESIS), "play", "chess"], capture_output=True, text=True)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "not_alone" in bad.stderr
