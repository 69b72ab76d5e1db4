"""Game packages, one per game (shared/DESIGN.md §1), each registered in envs/registry."""
