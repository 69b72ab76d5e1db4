"""Nemesis's registry entry (discovered by nemesis_env.envs.registry; imports nothing heavy)."""

from nemesis_env.core.entry import GameEntry

ENTRY = GameEntry(
    name="nemesis",
    game="nemesis_env.games.nemesis.game:NemesisGame",
    env_id="nemesis_env/Nemesis-v0",
    scenario="nemesis_env.games.nemesis.game:build_scenario",
    agent_kit="agents.games.nemesis:KIT",
    player_counts=(2, 3, 4, 5),  # the standard game's; solo is its own variant at 1 player
    # params.py: mode "solo" is the one-player game (players=1), "coop" plays at 2-5;
    # intruder_player: the first dead player plays the Intruders (standard mode)
    variants=(
        {},
        {"mode": "solo", "players": 1},
        {"mode": "coop"},
        {"intruder_player": True},
        {"board_side": "alternate"},
    ),
)
