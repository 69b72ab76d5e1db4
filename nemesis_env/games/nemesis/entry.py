"""Nemesis's registry entry (discovered by nemesis_env.envs.registry; imports nothing heavy)."""

from nemesis_env.core.entry import GameEntry

ENTRY = GameEntry(
    name="nemesis",
    game="nemesis_env.games.nemesis.game:NemesisGame",
    env_id="nemesis_env/Nemesis-v0",
    scenario="nemesis_env.games.nemesis.game:build_scenario",
    agent_kit="agents.games.nemesis:KIT",
    player_counts=(2, 3, 4, 5),
    variants=({}, {"board_side": "alternate"}),
)
