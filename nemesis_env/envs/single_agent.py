"""A single-agent Gymnasium env: one seat learns, the other seats follow given policies.

This is the shape SB3's MaskablePPO expects: reset() advances to the learner's first decision,
step(a) applies it and plays the other seats until the learner acts again or the game ends, and
`action_masks()` lives on the env itself. Rewards are the learner's own.

An illegal action (one the mask forbids) does what `illegal_action` says:
- "penalty" (the default): nothing happens in the game, the reward is ILLEGAL_PENALTY (-1, a
  lost game's return) and info["illegal_action"] is True; the learner decides again on the same
  state. After `max_game_length` illegal actions in a row the episode is truncated, since a
  policy repeating one on an unchanged state would never end it. This is what unmasked
  algorithms and the env checkers of Gymnasium and SB3 need: they sample the whole Discrete
  space, and a crash on the first illegal sample stops them.
- "raise": IllegalActionError, as the AEC env does; for masked learners that must never try one.
A non-integer action (72.7, "72"), or an integer beyond 64 bits, is an IllegalActionError in
both modes.

The other seats' policies come in two shapes (both Protocols below): a `Policy` sees what a
learned agent sees (observation, mask), and a `SeatPolicy` also gets the seat's View and the
Game, which heuristic and search agents need (`agents.adapters.AgentPolicy` wraps any agent of
the agent protocol so). Either may define `start_episode(rng)`, called at every reset before
the first move: a pool of policies draws its member for the episode there.

Determinism: reset(seed=s) seeds chance (the AEC env's generator) and the other seats' policies
(a child of the same np.random.SeedSequence); reset() without a seed continues both streams.
No global RNG is used, and an illegal action draws nothing, so it never shifts a stream.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, cast, runtime_checkable

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from nemesis_env.core.errors import NotResetError, ParamError
from nemesis_env.core.game import as_action_id
from nemesis_env.envs.aec import NemesisAECEnv

ILLEGAL_ACTIONS = ("penalty", "raise")
ILLEGAL_PENALTY = -1.0


class Policy(Protocol):
    """The agent protocol of shared/DESIGN.md §4."""

    def act(
        self,
        observation: npt.NDArray[np.float32],
        action_mask: npt.NDArray[np.int8],
        rng: np.random.Generator,
    ) -> int: ...


@runtime_checkable
class SeatPolicy(Protocol):
    """A policy that reads the seat's View and the Game (never the true state); `role` is the
    role the seat plays now (`Game.role_of`, public)."""

    def act_seat(
        self,
        seat: int,
        role: str,
        view: Any,
        game: Any,
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
    """Plays `seat` of game `name`; `others` maps other seat names to policies;
    `illegal_action` is "penalty" or "raise" (module docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        seat: str,
        others: Mapping[str, Policy | SeatPolicy] | None = None,
        render_mode: str | None = None,
        illegal_action: str = "penalty",
        **params: Any,
    ) -> None:
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ParamError(
                f"illegal_action must be one of {list(ILLEGAL_ACTIONS)}, got {illegal_action!r}"
            )
        self.illegal_action = illegal_action
        self.aec = NemesisAECEnv(name, render_mode=render_mode, **params)
        if seat not in self.aec.possible_agents:
            raise ParamError(f"seat must be one of {self.aec.possible_agents}, got {seat!r}")
        others = dict(others or {})
        if unknown := set(others) - set(self.aec.possible_agents) - {seat}:
            raise ParamError(f"unknown seats {sorted(unknown)} in others")
        self.seat = seat
        self.others: dict[str, Policy | SeatPolicy] = {
            a: others.get(a, UniformRandomPolicy()) for a in self.aec.possible_agents if a != seat
        }
        self.render_mode = render_mode
        space = self.aec.observation_spaces[seat]
        self.observation_space = space["observation"]
        self.action_space = self.aec.action_spaces[seat]
        self._policy_rng = np.random.default_rng()  # fresh entropy until a seeded reset
        self._mask = np.zeros(self.aec.game.info.num_actions, dtype=np.int8)
        self._illegal_run = 0  # illegal actions in a row
        self._view_seats: set[str] = set()  # the other seats whose policy reads its View
        self._over = True  # no episode until reset()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        self.aec.reset(seed=seed)  # first: it checks the seed and names it in its error
        super().reset(seed=seed)
        if seed is not None:
            self._policy_rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
        self._illegal_run = 0
        for policy in self.others.values():
            start = getattr(policy, "start_episode", None)
            if start is not None:
                start(self._policy_rng)
        # which seats read their view: decided once per episode, not on every move
        self._view_seats = {a for a, p in self.others.items() if isinstance(p, SeatPolicy)}
        self._play_others()
        obs, _, _, _, info = self._learner_step_result()
        return obs, info

    def step(
        self, action: np.int64
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._over:
            raise NotResetError(f"{self.aec.game_name}: the episode is over: call reset()")
        action_id = as_action_id(action)
        legal = 0 <= action_id < len(self._mask) and self._mask[action_id]
        if not legal and self.illegal_action == "penalty":
            return self._illegal_step()
        self._illegal_run = 0
        self.aec.step(action_id)
        self._play_others()
        return self._learner_step_result()

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The learner's legal actions (int8, 1 = legal); all zero once the episode is over."""
        return self._mask.copy()

    def render(self) -> Any:  # the ansi text or None (gymnasium types it as its RenderFrame)
        return self.aec.render()

    def _play_others(self) -> None:
        aec = self.aec
        while not aec.terminations[self.seat] and aec.agent_selection != self.seat:
            agent = aec.agent_selection
            obs = aec.observe(agent)
            policy = self.others[agent]
            if agent in self._view_seats:
                seat = aec.seat_of[agent]
                game, state = aec.game, aec.state_
                action = cast(SeatPolicy, policy).act_seat(
                    seat,
                    game.role_of(state, seat),
                    game.view_for(state, seat),
                    game,
                    obs["observation"],
                    obs["action_mask"],
                    self._policy_rng,
                )
            else:
                action = cast(Policy, policy).act(
                    obs["observation"], obs["action_mask"], self._policy_rng
                )
            aec.step(action)

    def _illegal_step(
        self,
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """The "penalty" answer to an illegal action: the same state, ILLEGAL_PENALTY."""
        self._illegal_run += 1
        truncated = self._illegal_run >= self.aec.game.info.max_game_length
        self._over = truncated
        if truncated:
            self._mask = np.zeros_like(self._mask)
        obs = self.aec.observe(self.seat)["observation"]  # a fresh array, as Gymnasium asks
        info = {"action_mask": self._mask.copy(), "illegal_action": True}
        return obs, ILLEGAL_PENALTY, False, truncated, info

    def _learner_step_result(
        self,
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        obs = aec.observe(self.seat)
        done = aec.terminations[self.seat]
        reward = float(aec._cumulative_rewards[self.seat]) if done else 0.0
        self._mask = obs["action_mask"] if not done else np.zeros_like(self._mask)
        self._over = bool(done)
        # a copy: the caller may keep or edit the info, and action_masks() must not change
        return obs["observation"], reward, bool(done), False, {"action_mask": self._mask.copy()}
