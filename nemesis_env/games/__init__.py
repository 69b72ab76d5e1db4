"""Game packages, one per game (shared/DESIGN.md §1); each registers in nemesis_env.envs.registry."""
