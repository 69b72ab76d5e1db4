"""Masked PPO (CleanRL style) and self-play training for nemesis_env games."""
