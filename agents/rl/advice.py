"""Advice: a fixed agent's suggested move, given to the policy as input and as a logit bias.

A policy trained with `advice="heuristic"` sees, besides the observation, a one-hot of the move the
advisor of its seat (from the game's agent kit: its heuristic agent) would make in this position
(drawn with the same generator as the policy's own choice, so runs stay exact), and adds `gain *
one_hot` to its logits, with `gain` a learned scalar that starts at `advice_weight`. At the start
the policy therefore plays close to the heuristic; PPO then learns where to deviate from it and how
far to trust it. This is residual policy learning over a prior (Silver et al. 2018, "Residual Policy
Learning"; Schmitt et al. 2018, "Kickstarting Deep RL") and lets a few CPU-minutes of PPO start from
a competent player instead of a uniform one. The advisor reads the seat's View only, so the policy
stays fair; it is also needed when the policy plays (PPOAgent builds it).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.base import Agent, AgentContext
from agents.kit import kit_for

# advice names: "heuristic" is the advisor of the game's agent kit (agents/kit.py)
ADVISORS = ("heuristic",)


def check_advice(advice: str | None, game: Any = None) -> None:
    """A known advice name; with `game`, also one that the game's agent kit can give."""
    if advice is not None and advice not in ADVISORS:
        raise ValueError(f"advice must be null or one of {list(ADVISORS)}, got {advice!r}")
    if advice is not None and game is not None:
        kit_for(game)


class Advisor:
    """The advising agent of each seat (from the kit of the game it is asked about), built on
    first use."""

    def __init__(self, advice: str) -> None:
        check_advice(advice)
        self.agents: dict[tuple[str, int], Agent] = {}

    def advise(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        key = (ctx.game.info.name, ctx.seat)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = kit_for(ctx.game).advisor()(ctx.game, ctx.seat)
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
