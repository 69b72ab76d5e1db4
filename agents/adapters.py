"""Agents of the agent protocol as the other seats of the single-agent env.

`nemesis_env.envs.single_agent.SingleAgentEnv` plays one learning seat; the other seats follow
policies. `SeatAgents` makes any agent of `agents.base` such a policy (the env's SeatPolicy
protocol: it is handed the seat's View and the Game, never the true state). It holds one or
several agent builders with weights: at every reset (`start_episode`) it draws one of them with
the env's seeded generator and builds a fresh agent, so an agent may keep per-game memory, and a
pool of opponents (heuristic, random, checkpoints) is drawn per episode, reproducibly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from agents.base import Agent, AgentContext

AgentBuilder = Callable[[], Agent]


class SeatAgents:
    """One seat's policy: `builders[i]` with probability `weights[i]` (uniform if None)."""

    def __init__(
        self, builders: Sequence[AgentBuilder], weights: Sequence[float] | None = None
    ) -> None:
        if not builders:
            raise ValueError("SeatAgents needs at least one agent builder")
        if weights is None:
            weights = [1.0] * len(builders)
        if len(weights) != len(builders):
            raise ValueError(
                f"SeatAgents: {len(weights)} weights for {len(builders)} agent builders"
            )
        if any(not np.isfinite(w) or w < 0 for w in weights) or sum(weights) <= 0:
            raise ValueError(
                f"SeatAgents: weights must be finite, non-negative and not all zero, got "
                f"{list(weights)}"
            )
        self.builders = list(builders)
        total = float(sum(weights))
        self.probabilities = np.array([w / total for w in weights], dtype=np.float64)
        self.current: Agent = self._build(0)

    def _build(self, index: int) -> Agent:
        agent = self.builders[index]()
        if agent.omniscient:
            raise ValueError(
                f"agent {agent.name!r} is omniscient (reads the true state): it cannot play a "
                "seat of the single-agent env, which hands other seats their own view only"
            )
        return agent

    def start_episode(self, rng: np.random.Generator) -> None:
        """Draws this episode's agent (a draw even with one builder, so streams do not depend
        on the pool's size) and builds it fresh."""
        index = int(rng.choice(len(self.builders), p=self.probabilities))
        self.current = self._build(index)

    def act_seat(
        self,
        seat: int,
        role: str,
        view: object,
        game: object,
        observation: npt.NDArray[np.float32],
        action_mask: npt.NDArray[np.int8],
        rng: np.random.Generator,
    ) -> int:
        ctx = AgentContext(seat, observation, action_mask, view, game, role=role)
        return int(self.current.act(ctx, rng))
