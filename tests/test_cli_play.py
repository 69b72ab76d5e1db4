"""`nemesis play` asks only real questions: a decision with exactly one legal option is shown
and played without a prompt (about 40% of the prompts offered one choice before)."""

from __future__ import annotations

import io
import re
import sys

import pytest

from nemesis_env.cli import main


@pytest.mark.parametrize(("seat", "players"), [("creature", 2), ("hunted_0", 2), ("hunted_1", 4)])
def test_forced_moves_are_shown_not_asked(
    seat: str, players: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5000))
    argv = ["play", "not_alone", "--players", str(players), "--seat", seat, "--seed", "3"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    prompts = re.findall(r"Choose 1-(\d+) \(q to quit\)", out)
    assert prompts and all(int(n) >= 2 for n in prompts), "a prompt offered one choice"
    forced = re.findall(r"^Forced move \((.+)\): (.+)$", out, re.MULTILINE)
    assert forced, "forced moves are still shown"
    assert out.rstrip().splitlines()[-1].startswith("Winner: the ")


def test_forced_moves_take_no_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exactly one answer per real prompt is read: the answers cannot drift onto the wrong
    question when a forced move comes between two prompts."""
    lines = io.StringIO("1\n" * 5000)
    monkeypatch.setattr(sys, "stdin", lines)
    assert main(["play", "not_alone", "--players", "3", "--seat", "hunted_0", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    read = lines.getvalue()[: lines.tell()].count("\n")
    assert read == len(re.findall(r"Choose 1-\d+ \(q to quit\)", out))
