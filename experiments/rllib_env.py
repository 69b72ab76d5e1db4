"""Any registered game as an RLlib turn-based MultiAgentEnv (Ray's new API stack).

Agents are the game's seat names. After reset and after every step, only the seat to move
gets an observation, a dict {"observations": the seat's flat float32 encoding,
"action_mask": its legal actions as float32 0/1} (what RLlib's action-masking RL module
reads); chance nodes are resolved inside with the env's own seeded generator. When the game
ends every seat gets a last observation and its true return as reward, and
terminateds["__all__"] is True; before that each observation comes with a reward of 0 (RLlib
wants one with every observation after an agent's first). A game longer than the game's
`max_game_length` decisions is truncated.

An RLlib config passes `env_config = {"game": name, "params": {...}}`; `reset(seed=s)` makes
chance reproducible. Games with late roles (a seat that changes role during a game) are refused
here: RLlib fixes an agent's module for a whole episode.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.envs.registry import load_game


class TurnBasedGameEnv(MultiAgentEnv):  # type: ignore[misc]
    def __init__(self, config: dict[str, Any] | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        self.game = load_game(str(config["game"]), **dict(config.get("params") or {}))
        info = self.game.info
        if info.late_roles:
            raise ValueError(
                f"{info.name}: the rllib backend does not support late roles {info.late_roles} "
                "(RLlib keeps an agent's module for the whole episode); use the embedded backend"
            )
        self.agents = self.possible_agents = list(info.seat_names)
        n_obs, n_actions = self.game.observation_size(), info.num_actions
        space = gym.spaces.Dict(
            {
                "observations": gym.spaces.Box(-np.inf, np.inf, (n_obs,), np.float32),
                "action_mask": gym.spaces.Box(0.0, 1.0, (n_actions,), np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.agents, space)
        self.action_spaces = dict.fromkeys(self.agents, gym.spaces.Discrete(n_actions))
        self._rng = np.random.default_rng()
        self._obs = np.zeros(n_obs, dtype=np.float32)
        self.state: Any = None
        self._decisions = 0

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        self.game.encode(self.game.view_for(self.state, seat), self._obs)
        mask = np.zeros(self.game.info.num_actions, dtype=np.float32)
        mask[self.state.legal_actions()] = 1.0
        return {"observations": self._obs.copy(), "action_mask": mask}

    def _advance(self) -> None:
        while self.state.current_player() == CHANCE:
            self.state.apply_action(sample_outcome(self.state.chance_outcomes(), self._rng))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        if seed is not None:
            self._rng = np.random.default_rng(np.random.SeedSequence(seed))
        self.state = self.game.new_initial_state()
        self._decisions = 0
        self._advance()
        seat = self.state.current_player()
        return {self.agents[seat]: self._observe(seat)}, {}

    def step(self, action_dict: dict[str, Any]) -> tuple[Any, Any, Any, Any, Any]:
        seat = self.state.current_player()
        name = self.agents[seat]
        if name not in action_dict:
            raise ValueError(f"it is {name}'s move; got actions for {sorted(action_dict)}")
        self.state.apply_action(int(action_dict[name]))  # an illegal action raises
        self._decisions += 1
        self._advance()
        if self.state.is_terminal():
            returns = self.state.returns()
            obs = {a: self._observe_final(s) for s, a in enumerate(self.agents)}
            rewards = {a: float(returns[s]) for s, a in enumerate(self.agents)}
            return obs, rewards, {"__all__": True}, {"__all__": False}, {}
        if self._decisions >= self.game.info.max_game_length:
            obs = {a: self._observe_final(s) for s, a in enumerate(self.agents)}
            return obs, dict.fromkeys(self.agents, 0.0), {"__all__": False}, {"__all__": True}, {}
        nxt = self.agents[self.state.current_player()]
        # RLlib wants a reward with every observation after an agent's first: 0 until the end
        obs = {nxt: self._observe(self.state.current_player())}
        return obs, {nxt: 0.0}, {"__all__": False}, {"__all__": False}, {}

    def _observe_final(self, seat: int) -> dict[str, np.ndarray]:
        """A last observation: the seat's view, with no legal action left."""
        self.game.encode(self.game.view_for(self.state, seat), self._obs)
        return {
            "observations": self._obs.copy(),
            "action_mask": np.zeros(self.game.info.num_actions, dtype=np.float32),
        }
