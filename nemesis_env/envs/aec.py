"""One generic PettingZoo AECEnv for any registered game (shared/DESIGN.md §3).

Chance nodes are resolved inside step() and reset() with the env's own generator, seeded by
reset(seed=...) through np.random.SeedSequence; the global RNG is never used. Observations are
{"observation": float32, "action_mask": int8}; the mask is mirrored in infos[agent]; idle agents
get an all-zero mask. Terminal rewards go to every agent.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from nemesis_env.core.chance import check_seed, sample_outcome
from nemesis_env.core.errors import IllegalActionError, NotResetError, ParamError
from nemesis_env.core.game import CHANCE, as_action_id
from nemesis_env.envs.registry import env_id, load_game

RENDER_MODES = ["ansi", "human"]


class NemesisAECEnv(AECEnv):  # type: ignore[misc]
    """The PettingZoo face of a kernel Game. Agents are the game's seat names."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's convention
        "render_modes": RENDER_MODES,
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, name: str, render_mode: str | None = None, **params: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ParamError(
                f"render_mode must be None or one of {RENDER_MODES}, got {render_mode!r}"
            )
        self.game = load_game(name, **params)
        self.game_name = name
        self.params = dict(params)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": env_id(name)}
        self.possible_agents: list[str] = self.game.seat_names()
        self.seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        n_actions = self.game.info.num_actions
        self._obs_size = self.game.observation_size()
        low, high = self.game.observation_layout().bounds()
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, (self._obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
            }
        )
        self.observation_spaces: dict[str, spaces.Dict] = {
            a: obs_space for a in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(n_actions) for a in self.possible_agents
        }
        # state(): every seat's observation concatenated (PettingZoo's state_space convention)
        seats = len(self.possible_agents)
        self.state_space = spaces.Box(
            np.tile(low, seats), np.tile(high, seats), (self._obs_size * seats,), np.float32
        )
        self._zero_mask = np.zeros(n_actions, dtype=np.int8)
        self._zero_mask.flags.writeable = False  # shared by every idle agent
        self._rng: np.random.Generator | None = None
        self.state_: Any = None

    # -- spaces -------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- lifecycle ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        seed = check_seed(seed)
        if seed is not None or self._rng is None:
            self._rng = np.random.default_rng(np.random.SeedSequence(seed))
        self.state_ = self.game.new_initial_state()
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"action_mask": self._zero_mask} for a in self.agents}
        self._select_current()

    def step(self, action: int | None) -> None:
        self._check_reset("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:  # PettingZoo's _was_dead_step raises a bare ValueError
                raise IllegalActionError(
                    f"{agent} is done: its only action is None, got {type(action).__name__}"
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for terminated agents")
        action_id = as_action_id(action)
        self.state_.apply_action(action_id)  # first: an illegal action changes nothing
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        self.infos[agent] = {"action_mask": self._zero_mask}
        if self.state_.is_terminal():
            returns = self.state_.returns()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = returns[seat]
                self.terminations[name] = True
        else:
            self._select_current()
        self._accumulate_rewards()

    def _check_reset(self, call: str) -> None:
        # Without this, a raw env (no order-enforcing wrapper) fails with an AttributeError
        # about agent_selection or a None state, far from the cause.
        if self.state_ is None:
            raise NotResetError(f"{self.metadata['name']}: call reset() before {call}")

    def _resolve_chance(self) -> None:
        state, rng = self.state_, self._rng
        assert rng is not None
        while state.current_player() == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))

    def _select_current(self) -> None:
        agent = self.possible_agents[self.state_.current_player()]
        self.agent_selection = agent
        self.infos[agent] = {"action_mask": self._legal_mask()}

    def _legal_mask(self) -> npt.NDArray[np.int8]:
        # A bytearray filled in Python beats numpy fancy indexing for a handful of legal ids.
        buffer = bytearray(self.game.info.num_actions)
        for action in self.state_.cached_legal():
            buffer[action] = 1
        return np.frombuffer(buffer, dtype=np.int8)

    # -- observing --------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        self._check_reset("observe()")
        observation = np.empty(self._obs_size, dtype=np.float32)  # fresh: callers may keep it
        self.game.observe(self.state_, self.seat_of[agent], observation)
        return {"observation": observation, "action_mask": self.infos[agent]["action_mask"]}

    def state(self) -> npt.NDArray[np.float32]:
        """Global tensor for centralised critics: every seat's observation, concatenated."""
        self._check_reset("state()")
        out = np.zeros(self._obs_size * len(self.possible_agents), dtype=np.float32)
        for seat in range(len(self.possible_agents)):
            self.game.observe(
                self.state_, seat, out[seat * self._obs_size : (seat + 1) * self._obs_size]
            )
        return out

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._check_reset("last()")
        return super().last(observe)  # type: ignore[no-any-return]

    def render(self) -> str | None:
        """ "ansi" returns the spectator drawing; "human" prints it."""
        if self.render_mode is None:
            return None
        self._check_reset("render()")
        text = str(self.game.render(self.state_, seat=None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def render_view(self, agent: str) -> str:
        """The game as `agent` sees it (its private cards included, nothing else hidden)."""
        self._check_reset("render_view()")
        return str(self.game.render(self.state_, seat=self.seat_of[agent]))

    def close(self) -> None:
        pass


class OrderEnforcedEnv(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's OrderEnforcingWrapper with the per-step calls answered in one hop.

    The stock wrapper reaches the raw env's attributes through two `__getattr__` layers: `last()`
    five of them, `step()` one (`agents`), and `agent_iter()`'s iterator two (`agents`,
    `agent_selection`), on every step of every loop. Here `last()` and `step()` call the raw env
    directly and `agents` / `agent_selection` are properties; the checks and their messages are
    the stock ones (refused before `reset()`, a warning for a step after the end).
    """

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]
