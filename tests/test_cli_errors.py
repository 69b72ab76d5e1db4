"""The `nemesis` commands answer bad input with one line on stderr and exit status 2, never a
traceback: the line names the problem and what is allowed."""

from __future__ import annotations

import pytest

from nemesis_env.cli import main


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


