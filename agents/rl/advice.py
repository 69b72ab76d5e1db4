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

With `advice="heuristic_mix"` the input holds instead the advisor's whole mixed strategy, the
probability of each move (an advisor with a `policy(ctx, rng) -> {action: probability}`
method; a pure advisor's move stays a one-hot), and the logit bonus is `gain * probabilities`.
An advisor that draws its move from an equilibrium mix (a bluffing move) shows the policy
the mix, not the noise of one draw.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.base import Agent, AgentContext
from agents.kit import kit_for

# advice names: "heuristic" is the move of the advisor of the game's agent kit (agents/kit.py),
# "heuristic_mix" its mixed strategy where it has one
ADVISORS = ("heuristic", "heuristic_mix")


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
        self.mixed = advice == "heuristic_mix"
        self.agents: dict[tuple[str, int], Agent] = {}

    def _agent(self, ctx: AgentContext) -> Agent:
        key = (ctx.game.info.name, ctx.seat)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = kit_for(ctx.game).advisor()(ctx.game, ctx.seat)
        return agent

    def advise(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        """The advisor's move."""
        return int(self._agent(ctx).act(ctx, rng))

    def advise_into(self, ctx: AgentContext, rng: np.random.Generator, out: Any) -> None:
        """Writes the advice into `out` (zeros, one entry per action): the advised move's
        one-hot, or with "heuristic_mix" the advisor's probabilities where it gives them."""
        agent = self._agent(ctx)
        policy = getattr(agent, "policy", None) if self.mixed else None
        if policy is None:
            out[int(agent.act(ctx, rng))] = 1.0
            return
        for action, probability in policy(ctx, rng).items():
            out[int(action)] = probability


def policy_input(
    observation: Any,
    num_actions: int,
    advisor: Advisor | None = None,
    ctx: AgentContext | None = None,
    rng: np.random.Generator | None = None,
) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The network input: the observation, then (with an advisor, asked about ctx with rng)
    its advice (Advisor.advise_into)."""
    if advisor is None:
        return np.asarray(observation, dtype=np.float32)
    if ctx is None or rng is None:
        raise ValueError("policy_input: an advisor needs the decision's ctx and a generator")
    x = np.zeros(len(observation) + num_actions, dtype=np.float32)
    x[: len(observation)] = observation
    advisor.advise_into(ctx, rng, x[len(observation) :])
    return x
