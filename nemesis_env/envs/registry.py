"""Which games exist, how to build one by name, and their PettingZoo registry ids."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from nemesis_env.core.errors import ParamError

# name -> (module, class, PettingZoo id)
GAMES: dict[str, tuple[str, str, str]] = {
    "not_alone": ("nemesis_env.games.not_alone.game", "NotAloneGame", "nemesis_env/NotAlone-v0"),
}


def list_games() -> list[str]:
    return sorted(GAMES)


def load_game(name: str, **params: Any) -> Any:
    """Builds the named game with validated params (unknown params raise ParamError)."""
    if name not in GAMES:
        raise ParamError(f"unknown game {name!r}; available games: {list_games()}")
    module, cls, _ = GAMES[name]
    return getattr(import_module(module), cls)(**params)


def env_id(name: str) -> str:
    return GAMES[name][2]


def _make_factory(name: str) -> Any:
    def factory(**kwargs: Any) -> Any:
        import nemesis_env

        return nemesis_env.env(name, **kwargs)

    return factory


_registered = False


def register_pettingzoo_envs() -> None:
    """Registers every game as `nemesis_env/<Name>-v0` where PettingZoo has a registry."""
    global _registered
    if _registered:
        return
    _registered = True
    try:
        import pettingzoo
    except ImportError:  # pragma: no cover - pettingzoo is a hard dependency
        return
    register = getattr(pettingzoo, "register", None)
    if register is None:  # older PettingZoo releases have no registry
        return
    for name, (_, _, pz_id) in GAMES.items():
        register("aec", pz_id, entry_point=_make_factory(name))
