"""Nemesis (Awaken Realms, 2018): the base game, standard mode, basic board side.

docs/nemesis.md maps this package; entry.py is its registry entry.
"""
