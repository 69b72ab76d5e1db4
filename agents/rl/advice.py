"""Advice: a fixed agent's suggested move, given to the policy as input and as a logit bias.

A policy trained with `advice="heuristic"` sees, besides the observation, a one-hot of the
move the heuristic agent of its seat would make in this position (drawn with the same
generator as the policy's own choice, so runs stay exact), and adds `gain * one_hot` to its
logits, with `gain` a learned scalar that starts at `advice_weight`. At the start the policy
therefore plays close to the heuristic; PPO then learns where to deviate from it and how
far to trust it. This is residual policy learning over a prior (Silver et al. 2018, "Residual
Policy Learning"; Schmitt et al. 2018, "Kickstarting Deep RL") and lets a few CPU-minutes of
PPO start from a competent player instead of a uniform one. The advisor reads the seat's View
only, so the policy stays fair; it is also needed when the policy plays (PPOAgent builds it).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

import numpy as np

from agents.base import Agent, AgentContext

# advice name -> (module, factory(seat) -> Agent)
ADVISORS: dict[str, tuple[str, str]] = {"heuristic": ("agents.heuristics", "heuristic_agent")}


def check_advice(advice: str | None) -> None:
    if advice is not None and advice not in ADVISORS:
        raise ValueError(f"advice must be null or one of {sorted(ADVISORS)}, got {advice!r}")


class Advisor:
    """The advising agent of each seat, built on first use."""

    def __init__(self, advice: str) -> None:
        check_advice(advice)
        module, attr = ADVISORS[advice]
        self.factory: Callable[[int], Agent] = getattr(import_module(module), attr)
        self.agents: dict[int, Agent] = {}

    def advise(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        agent = self.agents.get(ctx.seat)
        if agent is None:
            agent = self.agents[ctx.seat] = self.factory(ctx.seat)
        return int(agent.act(ctx, rng))


def policy_input(
    observation: Any, num_actions: int, advised: int | None
) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The network input: the observation, then (with advice) the advised move's one-hot."""
    if advised is None:
        return np.asarray(observation, dtype=np.float32)
    x = np.zeros(len(observation) + num_actions, dtype=np.float32)
    x[: len(observation)] = observation
    x[len(observation) + advised] = 1.0
    return x
