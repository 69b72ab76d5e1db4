"""Frozen definitions of Nemesis's printed components, loaded strictly from data/*.yaml.

`load_nemesis_data()` (defs/loader.py) is the one entry point; the dataclasses live in board.py
(board side and corridor graph), components.py (rooms, exploration tokens, intruders, dice,
tracks), cards.py (card decks), crew.py (items, characters); ops.py is the closed vocabulary of
effect ops and objective conditions the data may name.
"""

from nemesis_env.games.nemesis.defs.board import TC, BoardDef, Exit
from nemesis_env.games.nemesis.defs.loader import NemesisData, load_nemesis_data

__all__ = ["TC", "BoardDef", "Exit", "NemesisData", "load_nemesis_data"]
