"""Session-wide test setup: the test-only Toy Raid game is registered exactly as
nemesis_env/envs/registry.py registers the built-in games, so every suite parametrized over
`list_games()` plays it too (shared/DESIGN.md §5.2: a new game needs no generic edit)."""

from __future__ import annotations

from typing import Any

from nemesis_env.envs.registry import GameEntry, register_game, unregister_game

TOY = GameEntry(
    name="toy_raid",
    game="tests.toy_game.game:ToyRaidGame",
    env_id="nemesis_env/ToyRaid-v0",
    scenario="tests.toy_game.scenario:build",
    agent_kit="tests.toy_game.agents:KIT",
    player_counts=(3, 4),
    variants=({}, {"rounds": 1}),
)
register_game(TOY)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    unregister_game(TOY.name)
