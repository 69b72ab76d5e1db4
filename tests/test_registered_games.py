"""What every registered game must bring besides its rules (shared/DESIGN.md §1, §5): a scenario
builder with at least one test that loads a scenario of that game, and an agent kit named in its
registry entry. Golden playthroughs are required by tests/test_playthroughs.py. Also the Toy
Raid's own scenario tests (the toy is registered in tests/conftest.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import nemesis_env
from agents.kit import AgentKit
from nemesis_env.core.errors import ScenarioError
from nemesis_env.core.game import Game
from nemesis_env.envs.registry import game_entry, resolve
from nemesis_env.scenario import load
from tests.toy_game.rules import GIVE, PLAY, TARGET, Kind

TESTS = Path(__file__).parent
GAMES = nemesis_env.list_games()


def _scenario_documents(name: str) -> list[Path]:
    """Test files that hold a scenario document naming `name` (`"game": "name"` in Python or
    JSON, `game: name` in YAML)."""
    pattern = re.compile(rf"""["']?game["']?\s*[:=]\s*["']?{re.escape(name)}\b""")
    found = []
    for path in TESTS.rglob("*"):
        if path.suffix in (".py", ".yaml", ".yml", ".json") and path != Path(__file__):
            text = path.read_text(encoding="utf-8")
            if "scenario" in text and pattern.search(text):
                found.append(path)
    return found


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_has_a_scenario_builder_and_a_scenario_test(name: str) -> None:
    entry = game_entry(name)
    assert entry.scenario is not None, f"{name} names no scenario builder"
    assert callable(resolve(entry.scenario))
    assert _scenario_documents(name), f"no test under {TESTS} loads a {name} scenario"


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_names_an_agent_kit(name: str) -> None:
    """The kits themselves are found by `agents` (nemesis_env never imports them)."""
    assert game_entry(name).agent_kit is not None, f"{name} names no agent kit"


@pytest.mark.parametrize("name", GAMES)
def test_every_registered_game_checks_its_own_invariants(name: str) -> None:
    """Component conservation and track ranges are the game's to state (`Game.invariant_errors`,
    run by nemesis_env/tools/invariants.py); the default checks nothing."""
    cls = game_entry(name).game_class()
    assert cls.invariant_errors is not Game.invariant_errors, f"{name} checks no invariant"


def test_the_toy_agent_kit_is_a_real_kit() -> None:
    """Its use by the generic agents and experiments: tests/experiments/test_toy_game.py."""
    kit = resolve(game_entry("toy_raid").agent_kit or "")
    assert isinstance(kit, AgentKit) and kit.game == "toy_raid"


# -- Toy Raid scenarios ----------------------------------------------------------------------------
def test_toy_scenario_builds_the_described_state() -> None:
    s = load(
        {
            "game": "toy_raid",
            "params": {"players": 3},
            "round": 1,
            "turn": "scout_0",
            "hands": {"hunter": [4, 1], "scout_0": [4], "scout_1": [2, 2]},
            "played": {"hunter": [3]},
            "deck_top": {"card": 2, "known_to": ["scout_1"]},
        }
    )
    assert s.current_player() == 1 and s.legal_actions() == [PLAY.id(3)]
    assert len(s.deck) == 16 - 6 and s.deck.seen_by(2)[0] == (1,)
    s.apply_action(PLAY.id(3))  # scout_0 raids: only the Hunter is an opponent
    assert s.stack[-1].kind == Kind.TARGET and s.legal_actions() == [TARGET.id(0)]
    s.apply_action(TARGET.id(0))
    assert s.current_player() == 0 and s.legal_actions() == GIVE.ids([0, 3])
    s.apply_action(GIVE.id(3))  # the Hunter gives a 4: scout_0 and the Hunter see it
    assert s.loot[0].seen_by(1) == (3,) and s.loot[0].seen_by(2) == (-1,)
    assert s.chance_outcomes() == [(1, 1.0)]  # scout_0 draws the known top card, a 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"colour": "red"}, "unknown scenario keys"),
        ({"hands": {"hunter": [5]}}, "a card is a value"),
        ({"hands": {"nobody": [1]}}, "no seat 'nobody'"),
        ({"played": {"hunter": [1, 1, 1], "scout_0": [1, 1]}}, "more than 4 cards"),
    ],
)
def test_toy_scenario_errors(change: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load({"game": "toy_raid", **change})
