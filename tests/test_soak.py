"""`nemesis soak` (nemesis_env/tools/soak.py; reliability issue item 6): CI's short soak.

Every registered game plays DECISIONS random decisions through its PettingZoo env with every
check on after every decision; nothing may break. A game with a planted bug must make the
command exit 1 and leave a saved game that replays the break. The long soaks (10^6 decisions)
are run by hand: docs/reliability.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import nemesis_env
from nemesis_env.cli import main
from nemesis_env.envs.registry import GameEntry, game_entry, register_game, unregister_game
from nemesis_env.tools.invariants import replay_failure
from nemesis_env.tools.soak import game_seeds, run_soak
from tests.toy_game.game import ToyRaidGame
from tests.toy_game.rules import Kind

DECISIONS = 2000


@pytest.mark.parametrize("name", nemesis_env.list_games())
def test_a_short_soak_of_every_game_breaks_nothing(name: str, tmp_path: Path) -> None:
    report = run_soak(name, DECISIONS, seed=1, failures=tmp_path)
    assert report.ok, report.failures
    assert report.decisions == DECISIONS and report.games >= 1
    assert report.decisions_per_s > 0 and (report.peak_memory_mib or 1) > 0
    assert not list(tmp_path.iterdir())  # nothing saved


def test_the_command_prints_json_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["soak", "--game", "toy_raid", "--decisions", "150", "--params", "players=4",
            "rounds=2", "--seed", "5", "--failures", str(tmp_path)]  # fmt: skip
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["params"] == {"players": 4, "rounds": 2} and report["decisions"] == 150
    assert report["errors"] == report["invariant_breaks"] == 0 and report["failures"] == []
    assert main(argv) == 0
    assert "invariant breaks 0" in capsys.readouterr().out


def test_the_command_refuses_bad_params(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["soak", "--game", "toy_raid", "--params", "players"]) == 2
    assert "KEY=VALUE" in capsys.readouterr().err
    assert main(["soak", "--game", "toy_raid", "--decisions", "0"]) == 2


class DroppedCardToy(ToyRaidGame):
    """A planted bug: a raid's loot card also stays in the giver's hand."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        give = self.rules.resolve[Kind.GIVE]  # this game's own Rules object: nothing shared
        assert give is not None

        def give_and_keep(s: Any, d: Any, action: int) -> None:
            give(s, d, action)
            s.hands[d.chooser].add(s.loot[-1].cards[0])

        self.rules.resolve[Kind.GIVE] = give_and_keep


def test_a_break_exits_1_and_saves_a_game_that_replays_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    toy = game_entry("toy_raid")
    register_game(GameEntry("toy_dropped", "tests.test_soak:DroppedCardToy", "nemesis_env/"
                            "ToyDropped-v0", None, None, toy.player_counts))  # fmt: skip
    try:
        argv = ["soak", "--game", "toy_dropped", "--decisions", "400", "--failures", str(tmp_path)]
        assert main(argv) == 1
    finally:
        unregister_game("toy_dropped")
    out = capsys.readouterr().out
    assert "BROKEN" in out and "invariant breaks 0" not in out
    saved = sorted(tmp_path.glob("toy_dropped-seed0-game*.json"))
    assert saved, out
    doc = json.loads(saved[0].read_text(encoding="utf-8"))
    assert doc["seed"] == 0 and doc["env_seed"] == game_seeds(0, doc["game_index"])[0]
    assert any("cards of id" in e for e in doc["invariant_errors"])
    assert replay_failure(DroppedCardToy(**doc["params"]), doc)  # the file reproduces it
    assert replay_failure(ToyRaidGame(**doc["params"]), doc) == []  # the real game is sound
