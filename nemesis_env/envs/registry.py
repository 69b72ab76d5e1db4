"""Which games exist: one entry per game, the only place a game is named outside its package.

An entry gives the Game class, the scenario builder, the PettingZoo env id and the agent kit,
each as an import path, so that registering a game imports nothing and nemesis_env never imports
the agents package (the kit path is read by `agents`). Built-in games are registered below with
`register_game`; a test-only game registers itself the same way.

    register_game(GameEntry(
        name="not_alone",
        game="nemesis_env.games.not_alone.game:NotAloneGame",
        env_id="nemesis_env/NotAlone-v0",
        scenario="nemesis_env.games.not_alone.game:build_scenario",
        agent_kit="agents.games.not_alone:KIT",
        player_counts=(2, 3, 4, 5, 6, 7),
    ))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from nemesis_env.core.errors import ParamError
from nemesis_env.core.game import Game


@dataclass(frozen=True, slots=True)
class GameEntry:
    """How to build, test and play one game. Paths are `module:attribute` strings."""

    name: str
    game: str  # the Game class; called with the game's keyword params
    env_id: str  # PettingZoo registry id, e.g. "nemesis_env/NotAlone-v0"
    scenario: str | None  # builder: mapping -> state (nemesis_env.scenario.load dispatches here)
    agent_kit: str | None  # the game's AgentKit object, found by `agents` (never imported here)
    player_counts: tuple[int, ...]  # every legal `players` param
    variants: tuple[dict[str, Any], ...] = field(default_factory=lambda: ({},))
    """Param sets besides `players` that the parametrized test suite plays (the default first)."""

    def game_class(self) -> type[Game[Any, Any]]:
        cls: type[Game[Any, Any]] = resolve(self.game)
        return cls


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
    if name not in _GAMES:
        raise ParamError(f"unknown game {name!r}; available games: {list_games()}")
    return _GAMES[name]


def load_game(name: str, **params: Any) -> Game[Any, Any]:
    """Builds the named game with validated params (unknown params raise ParamError)."""
    return game_entry(name).game_class()(**params)


def env_id(name: str) -> str:
    return game_entry(name).env_id


def resolve(path: str) -> Any:
    """The object a `module:attribute` path names."""
    module, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"{path!r} is not a 'module:attribute' path")
    return getattr(import_module(module), attribute)


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


register_game(
    GameEntry(
        name="not_alone",
        game="nemesis_env.games.not_alone.game:NotAloneGame",
        env_id="nemesis_env/NotAlone-v0",
        scenario="nemesis_env.games.not_alone.game:build_scenario",
        agent_kit="agents.games.not_alone:KIT",
        player_counts=(2, 3, 4, 5, 6, 7),
        variants=({}, {"board_side": 1}, {"board_side": 2}, {"expert": True}),
    )
)
