"""nemesis_env: PettingZoo environments for Nemesis, Nemesis: Retaliation and Not Alone.

import nemesis_env
env = nemesis_env.env("not_alone", players=4)     # a PettingZoo AECEnv
game = nemesis_env.load_game("not_alone", players=4)  # the OpenSpiel-style kernel
"""

from __future__ import annotations

from typing import Any

from nemesis_env.envs.registry import list_games, load_game, register_pettingzoo_envs

__version__ = "0.1.0"


def raw_env(name: str, render_mode: str | None = None, **params: Any) -> Any:
    """The unwrapped AEC env: illegal actions raise IllegalActionError (a ValueError)."""
    from nemesis_env.envs.aec import NemesisAECEnv

    return NemesisAECEnv(name, render_mode=render_mode, **params)


def env(name: str, render_mode: str | None = None, **params: Any) -> Any:
    """The AEC env wrapped in PettingZoo's OrderEnforcingWrapper (the usual public form)."""
    from nemesis_env.envs.aec import OrderEnforcedEnv

    return OrderEnforcedEnv(raw_env(name, render_mode=render_mode, **params))


register_pettingzoo_envs()

__all__ = ["__version__", "env", "list_games", "load_game", "raw_env"]
