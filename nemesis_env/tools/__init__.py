"""Developer tools: golden playthroughs (`python -m nemesis_env.tools.playthrough`)."""
