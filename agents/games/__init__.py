"""Agent kits, one package per game (agents/kit.py); found through the game registry."""
