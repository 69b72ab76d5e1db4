"""A single-agent Gymnasium env: one seat learns, the other seats follow given policies.

This is the shape SB3's MaskablePPO expects (anchors §6.5): reset() advances to the learner's
first decision, step(a) applies it and plays the other seats until the learner acts again or the
game ends, and `action_masks()` lives on the env itself. Rewards are the learner's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from nemesis_env.core.errors import ParamError
from nemesis_env.envs.aec import NemesisAECEnv


class Policy(Protocol):
    """The agent protocol of shared/DESIGN.md §4."""

    def act(
        self,
        observation: npt.NDArray[np.float32],
        action_mask: npt.NDArray[np.int8],
        rng: np.random.Generator,
    ) -> int: ...


class UniformRandomPolicy:
    """Uniform over legal actions; the default for seats without a policy."""

    def act(
        self,
        observation: npt.NDArray[np.float32],
        action_mask: npt.NDArray[np.int8],
        rng: np.random.Generator,
    ) -> int:
        legal = np.flatnonzero(action_mask)
        return int(legal[rng.integers(len(legal))])


class SingleAgentEnv(gym.Env[npt.NDArray[np.float32], np.int64]):
    """Plays `seat` of game `name`; `others` maps other seat names to policies."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        seat: str,
        others: Mapping[str, Policy] | None = None,
        render_mode: str | None = None,
        **params: Any,
    ) -> None:
        self.aec = NemesisAECEnv(name, render_mode=render_mode, **params)
        if seat not in self.aec.possible_agents:
            raise ParamError(f"seat must be one of {self.aec.possible_agents}, got {seat!r}")
        others = dict(others or {})
        if unknown := set(others) - set(self.aec.possible_agents) - {seat}:
            raise ParamError(f"unknown seats {sorted(unknown)} in others")
        self.seat = seat
        self.others: dict[str, Policy] = {
            a: others.get(a, UniformRandomPolicy()) for a in self.aec.possible_agents if a != seat
        }
        self.render_mode = render_mode
        space = self.aec.observation_spaces[seat]
        self.observation_space = space["observation"]
        self.action_space = self.aec.action_spaces[seat]
        self._policy_rng = np.random.default_rng()
        self._mask = np.zeros(self.aec.game.info.num_actions, dtype=np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        if seed is not None:
            self._policy_rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
        self._play_others()
        obs, _, _, _, info = self._learner_step_result()
        return obs, info

    def step(
        self, action: np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        self.aec.step(int(action))
        self._play_others()
        return self._learner_step_result()

    def action_masks(self) -> npt.NDArray[np.int8]:
        return self._mask.copy()

    def render(self) -> str | None:
        return self.aec.render()

    def _play_others(self) -> None:
        aec = self.aec
        while not aec.terminations[self.seat] and aec.agent_selection != self.seat:
            agent = aec.agent_selection
            obs = aec.observe(agent)
            aec.step(
                self.others[agent].act(obs["observation"], obs["action_mask"], self._policy_rng)
            )

    def _learner_step_result(
        self,
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        obs = aec.observe(self.seat)
        done = aec.terminations[self.seat]
        reward = float(aec._cumulative_rewards[self.seat]) if done else 0.0
        self._mask = obs["action_mask"] if not done else np.zeros_like(self._mask)
        return obs["observation"], reward, bool(done), False, {"action_mask": self._mask}
