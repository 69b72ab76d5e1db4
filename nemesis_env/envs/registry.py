"""Which games exist: one `GameEntry` per game (core/entry.py), discovered, never listed here.

Each package under nemesis_env/games/ declares its entry in `entry.py` (Not Alone's:
nemesis_env/games/not_alone/entry.py) and `discover_games` registers it when this module loads,
so adding a game edits no generic file. A game defined elsewhere (the test-only toy in
tests/toy_game/) calls `register_game(entry)` itself. Entries hold import paths, so registering
imports no game module and nemesis_env never imports the agent kit an entry names.
"""

from __future__ import annotations

import inspect
import pkgutil
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import Any

import numpy as np

from nemesis_env.core.entry import GameEntry, resolve
from nemesis_env.core.errors import ParamError
from nemesis_env.core.game import Game

_GAMES: dict[str, GameEntry] = {}


def register_game(entry: GameEntry, *, replace: bool = False) -> None:
    """Adds a game; registering a name twice is an error unless `replace`."""
    if entry.name in _GAMES and not replace and _GAMES[entry.name] != entry:
        raise ValueError(f"game {entry.name!r} is already registered")
    if not entry.player_counts:
        raise ValueError(f"game {entry.name!r}: player_counts must not be empty")
    _GAMES[entry.name] = entry
    _register_pettingzoo(entry)


def unregister_game(name: str) -> None:
    """Removes a game (for tests that register a throwaway game)."""
    _GAMES.pop(name, None)


def list_games() -> list[str]:
    return sorted(_GAMES)


def game_entry(name: str) -> GameEntry:
    if not isinstance(name, str) or name not in _GAMES:  # a list would raise TypeError
        raise ParamError(f"unknown game {name!r}; available games: {list_games()}")
    return _GAMES[name]


def load_game(name: str, **params: Any) -> Game[Any, Any]:
    """Builds the named game with validated params (unknown params raise ParamError).

    Numpy scalars become the Python values they hold (`np.int64(3)` -> 3): params come from
    arrays and sweeps, and a game stores and serializes plain values.
    """
    plain = {k: v.item() if isinstance(v, np.generic) else v for k, v in params.items()}
    game_class = game_entry(name).game_class()
    signature = inspect.signature(game_class)
    try:  # a game that takes its params by name would raise a bare TypeError for another
        signature.bind(**plain)
    except TypeError as exc:
        raise ParamError(f"{name}: {exc}; its params are {list(signature.parameters)}") from None
    return game_class(**plain)


def env_id(name: str) -> str:
    return game_entry(name).env_id


def _make_factory(name: str) -> Callable[..., Any]:
    def factory(**kwargs: Any) -> Any:
        import nemesis_env

        return nemesis_env.env(name, **kwargs)

    return factory


def _register_pettingzoo(entry: GameEntry) -> None:
    """Registers the game as its env id where PettingZoo has a registry (newer releases)."""
    try:
        import pettingzoo
    except ImportError:  # pragma: no cover - pettingzoo is a hard dependency
        return
    register = getattr(pettingzoo, "register", None)
    if register is not None:
        register("aec", entry.env_id, entry_point=_make_factory(entry.name))


def register_pettingzoo_envs() -> None:
    """Kept for callers of the older API: every game is registered when it is added."""


def discover_games() -> None:
    """Registers the entry of every game package under nemesis_env/games/ (its `entry.ENTRY`).

    The packages are found on disk, so adding a game edits no generic file."""
    games = Path(__file__).resolve().parent.parent / "games"
    for package in pkgutil.iter_modules([str(games)]):
        if package.ispkg:
            module = import_module(f"nemesis_env.games.{package.name}.entry")
            register_game(module.ENTRY)


discover_games()


__all__ = [
    "GameEntry",
    "discover_games",
    "env_id",
    "game_entry",
    "list_games",
    "load_game",
    "register_game",
    "resolve",
    "unregister_game",
]
