"""A game's registry entry: everything generic code needs to find, build, test and play it.

It is plain data (paths are `module:attribute` strings), so a game package declares its entry
in its own `entry.py` without importing anything heavy, and nemesis_env never imports the agent
kit it names. `nemesis_env.envs.registry` discovers the entries of the packages under
`nemesis_env/games/`; a game defined elsewhere (the test-only toy) calls `register_game`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

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


def resolve(path: str) -> Any:
    """The object a `module:attribute` path names."""
    module, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"{path!r} is not a 'module:attribute' path")
    return getattr(import_module(module), attribute)
