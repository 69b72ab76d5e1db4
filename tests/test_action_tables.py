"""Declared action tables: pinned per game and player count, and the same in every variant
(issue 10 item 2: "an id never shifts with a variant")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import nemesis_env
from nemesis_env.cli import main as cli_main
from nemesis_env.envs.registry import game_entry
from nemesis_env.tools.actions_table import golden_document, tables

GOLDEN = Path(__file__).parent / "golden" / "actions"
UPDATE = (
    "python -m nemesis_env.tools.actions_table --register tests.conftest "
    "--update tests/golden/actions"
)


@pytest.mark.parametrize("name", nemesis_env.list_games())
def test_action_tables_match_the_golden_file(name: str) -> None:
    path = GOLDEN / f"{name}.json"
    assert path.exists(), f"no golden action table for {name}; review the table, then run {UPDATE}"
    recorded = json.loads(path.read_text(encoding="utf-8"))
    assert recorded == golden_document(name), f"{name}'s action table changed; {UPDATE}"


@pytest.mark.parametrize("name", nemesis_env.list_games())
def test_every_variant_keeps_the_default_table(name: str) -> None:
    entry = game_entry(name)
    for players in entry.player_counts:
        base = nemesis_env.load_game(name, players=players)
        for variant in entry.variants:
            game = nemesis_env.load_game(name, **{"players": players, **variant})
            assert game.space.names() == base.space.names(), (players, variant)
            assert game.chance_space.names() == base.chance_space.names(), (players, variant)
            assert game.info.num_actions == len(game.space)
            assert game.info.max_chance_outcomes == len(game.chance_space)


def test_not_alone_table_has_the_documented_kinds() -> None:
    table = tables("not_alone", 4)
    kinds = [row["kind"] for row in table["actions"]]
    # seed 003 components: 10 place cards, 15 survival cards, 20 hunt cards, up to 6 Hunted
    assert kinds.count("place") == 10 and kinds.count("survival") == 15
    assert kinds.count("hunt") == 20 and kinds.count("hunted") == 6
    assert [row["id"] for row in table["actions"]] == list(range(table["num_actions"]))


def test_actions_command_prints_json_and_refuses_bad_input(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli_main(["actions", "not_alone", "--players", "3"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == tables("not_alone", 3)
    assert cli_main(["actions", "not_alone", "--players", "9"]) == 2
    assert "not 9" in capsys.readouterr().err
    assert cli_main(["actions", "no_such_game"]) == 2
    assert "available games" in capsys.readouterr().err
