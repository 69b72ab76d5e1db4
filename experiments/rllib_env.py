"""Any registered game for RLlib: our PettingZoo AEC env inside RLlib's own PettingZoo wrapper.

    env = rllib_env({"game": GAME, "params": {"players": 4}})   # a MultiAgentEnv

`ray.rllib.env.wrappers.pettingzoo_env.PettingZooEnv` turns the AEC env into a turn-based
MultiAgentEnv: after reset and after every step only the agent to move observes, with the
rewards PettingZoo accumulated for it since its last move; when the game ends, every seat gets
its last observation and its true return, and terminateds["__all__"] is True. Between the two
sits `MaskedObservations`, a PettingZoo wrapper that only renames the observation's keys to the
ones RLlib's action-masking RL module reads ({"observations": the seat's float32 encoding,
"action_mask": its legal actions as float32 0/1}); chance is resolved inside the AEC env with
its seeded generator, so `reset(seed=s)` makes it reproducible.

Games with late roles (a seat that changes role during a game) are refused: RLlib keeps an
agent's module for a whole episode.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from pettingzoo.utils.wrappers import BaseWrapper
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

import nemesis_env


class MaskedObservations(BaseWrapper):  # type: ignore[misc,type-arg]
    """The AEC env with observations keyed as RLlib's action-masking module wants them."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        inner = env.observation_space(env.possible_agents[0])
        n_actions = inner["action_mask"].shape[0]
        self._space = gym.spaces.Dict({
            "observations": inner["observation"],
            "action_mask": gym.spaces.Box(0.0, 1.0, (n_actions,), np.float32),
        })  # fmt: skip

    def observation_space(self, agent: str) -> gym.spaces.Space[Any]:
        return self._space

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs = self.env.observe(agent)
        return {
            "observations": obs["observation"],
            "action_mask": obs["action_mask"].astype(np.float32),
        }


def rllib_env(config: dict[str, Any] | None = None) -> PettingZooEnv:
    """The RLlib env of `config = {"game": name, "params": {...}}` (RLlib's env_config)."""
    config = dict(config or {})
    aec = nemesis_env.raw_env(str(config["game"]), **dict(config.get("params") or {}))
    info = aec.game.info
    if info.late_roles:
        raise ValueError(
            f"{info.name}: the rllib backend does not support late roles {info.late_roles} "
            "(RLlib keeps an agent's module for the whole episode); use the embedded backend"
        )
    return PettingZooEnv(MaskedObservations(aec))


def aec_of(env: PettingZooEnv) -> Any:
    """The AEC env inside (its `state_` and `game`, for tests and evaluation)."""
    return env.env.unwrapped
