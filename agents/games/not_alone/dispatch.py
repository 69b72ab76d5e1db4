"""The heuristic Not Alone agents' dispatch: one handler per decision kind, and their mixes.

A handler returns a move, a mixed strategy (the agent draws from it with one generator draw,
exactly as `pick_weighted` does), or None to decline. `policy` reports the mix whole, which
is what an advisor that gives its distribution rather than one drawn move needs
(agents/rl/advice.py, advice "heuristic_mix").
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from agents.base import AgentContext
from agents.games.not_alone.model import pick_weighted
from nemesis_env.core.engine import Decision
from nemesis_env.games.not_alone.view import NotAloneView

Rng = np.random.Generator
Mix = list[tuple[int, float]]  # a mixed strategy: (action id, weight), weights not normalised
Choice = int | Mix | None  # a move, a mix to draw one from, or None (decline)
Handler = Callable[[NotAloneView, Decision, list[int], Rng], Choice]


def place_mix(weights: list[float] | tuple[float, ...], ids: Callable[[int], int]) -> Mix:
    """The mix over places 1..10 (weights[place-1]) as action ids."""
    return [(ids(i), float(w)) for i, w in enumerate(weights)]


def draw(mix: Mix, rng: Rng) -> int:
    """One move of `mix`, with the single draw of `pick_weighted` (so that a handler returning
    its mix plays exactly as one that drew from it itself)."""
    return mix[pick_weighted([w for _, w in mix], rng)][0]


def mix_probabilities(mix: Mix, legal: list[int]) -> dict[int, float]:
    """What `act` does with `mix`, as probabilities over `legal`: an illegal draw falls back to
    a uniform legal move, and a mix without weight to its first top entry (`pick_weighted`)."""
    total = sum(w for _, w in mix)
    if total <= 0:
        top = max(range(len(mix)), key=lambda i: mix[i][1])
        return pure_probabilities(mix[top][0], legal)
    allowed = set(legal)
    probs = dict.fromkeys(legal, 0.0)
    for action, weight in mix:
        if action in allowed:
            probs[action] += weight / total
    spill = (1.0 - sum(probs.values())) / len(legal)
    return {a: p + spill for a, p in probs.items()}


def pure_probabilities(choice: int | None, legal: list[int]) -> dict[int, float]:
    """A pure choice as probabilities: itself if legal, else `act`'s uniform fallback."""
    if choice is None or choice not in legal:
        return dict.fromkeys(legal, 1.0 / len(legal))
    return {choice: 1.0}


class DispatchingAgent:
    """Routes each decision to the handler registered for its kind; a handler may decline
    (None), and undeclared kinds or declined choices fall back to a uniform legal action. A
    handler may return its mixed strategy instead of a drawn move: `act` draws from it, and
    `policy` gives it whole (an advisor's mix carries more than one draw: agents/rl/advice.py)."""

    omniscient = False
    handlers: dict[int, Handler]

    def _choice(self, ctx: AgentContext, rng: Rng) -> tuple[list[int], Choice]:
        legal = ctx.legal_actions()
        if len(legal) == 1:
            return legal, legal[0]
        v: NotAloneView = ctx.view
        handler = self.handlers.get(v.stack[-1].kind)
        return legal, handler(v, v.stack[-1], legal, rng) if handler else None

    def act(self, ctx: AgentContext, rng: Rng) -> int:
        legal, choice = self._choice(ctx, rng)
        if isinstance(choice, list):
            choice = draw(choice, rng)
        if choice is None or choice not in legal:
            return int(legal[rng.integers(len(legal))])
        return choice

    def policy(self, ctx: AgentContext, rng: Rng) -> dict[int, float]:
        """The probability of each legal move under `act` (a handler that draws inside itself,
        rather than returning its mix, counts as the pure move it drew)."""
        legal, choice = self._choice(ctx, rng)
        if isinstance(choice, list):
            return mix_probabilities(choice, legal)
        return pure_probabilities(choice, legal)
