"""Not Alone's registry entry (discovered by nemesis_env.envs.registry; imports nothing heavy)."""

from nemesis_env.core.entry import GameEntry

ENTRY = GameEntry(
    name="not_alone",
    game="nemesis_env.games.not_alone.game:NotAloneGame",
    env_id="nemesis_env/NotAlone-v0",
    scenario="nemesis_env.games.not_alone.game:build_scenario",
    agent_kit="agents.games.not_alone:KIT",
    player_counts=(2, 3, 4, 5, 6, 7),
    variants=({}, {"board_side": 1}, {"board_side": 2}, {"expert": True}),
)
