"""Omniscient UCT with explicit chance nodes: an upper reference, not a fair player.

`MCTSAgent` reads the TRUE state (`ctx.state`, which `agents.play.play_game` hands only to
agents declaring `omniscient = True`), so it sees every hidden card; results that include it
must say so. Use `ISMCTSAgent` for a fair search.

The tree is closed-loop over the true state: decision nodes hold one edge per legal action,
chance nodes hold one child per outcome and are descended by sampling an outcome with its
probability (`state.chance_outcomes()`). Each decision node stores the statistics of the player
who moves there, so any number of seats (teams whose seats share one return included) is
handled by backing up `returns()[mover]` at each node. Leaves are valued by a uniformly random
rollout to the end (or 0 after `rollout_limit` decisions). One iteration adds
one edge. With only the iteration limit the search is a pure function of the `rng` given to
`act`; a time budget makes it depend on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import numpy as np

from agents.base import AgentContext
from agents.search.common import (
    RolloutPolicy,
    SearchStats,
    best_action,
    check_params,
    fast_random,
    rollout,
    root_summary,
)
from nemesis_env.core.game import CHANCE


class _Decision:
    """A player's node: parallel lists over its legal actions; children are built lazily."""

    __slots__ = ("actions", "children", "n", "player", "untried", "visits", "w")

    def __init__(self, player: int, actions: list[int], rnd: random.Random) -> None:
        self.player = player
        self.actions = actions
        k = len(actions)
        self.n = [0] * k
        self.w = [0.0] * k
        self.children: list[_Decision | _Chance | None] = [None] * k
        self.untried = list(range(k))
        rnd.shuffle(self.untried)  # expansion order: random, reproducible from the seed
        self.visits = 0


class _Chance:
    """A chance node: outcomes with cumulative probabilities, one child per outcome."""

    __slots__ = ("children", "cumulative", "outcomes")

    def __init__(self, outcomes: list[tuple[int, float]]) -> None:
        self.outcomes = [o for o, _ in outcomes]
        acc, cumulative = 0.0, []
        for _, p in outcomes:
            acc += p
            cumulative.append(acc)
        self.cumulative = cumulative
        self.children: list[_Decision | _Chance | None] = [None] * len(outcomes)

    def pick(self, u: float) -> int:
        for i, c in enumerate(self.cumulative):
            if u < c:
                return i
        return len(self.cumulative) - 1


def _make_node(state: Any, rnd: random.Random) -> _Decision | _Chance | None:
    """The node for `state`; None when it is terminal."""
    if state.is_terminal():
        return None
    player = state.current_player()
    if player == CHANCE:
        return _Chance(state.chance_outcomes())
    return _Decision(player, state.legal_actions(), rnd)


class MCTSAgent:
    """UCT over the true state (omniscient), with chance nodes and per-seat returns."""

    omniscient = True

    def __init__(
        self,
        iterations: int = 200,
        time_budget_s: float | None = None,
        exploration: float = 1.0,
        rollout_limit: int | None = None,
        rollout_policy: RolloutPolicy | None = None,
        name: str = "mcts-omniscient",
    ) -> None:
        check_params(iterations, time_budget_s, exploration, rollout_limit)
        self.name = name
        self.iterations = iterations
        self.time_budget_s = time_budget_s
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.rollout_policy = rollout_policy
        self.last_stats = SearchStats(0, 0.0, 0)
        self.last_root: dict[int, tuple[int, float]] = {}

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        start = time.perf_counter()
        legal = ctx.legal_actions()
        if len(legal) == 1:
            self.last_stats = SearchStats(0, time.perf_counter() - start, 0)
            self.last_root = {}
            return legal[0]
        if ctx.state is None:
            raise ValueError("MCTSAgent is omniscient: it needs the true state in ctx.state")
        root_state = ctx.state
        if root_state.current_player() != ctx.seat:
            raise ValueError(
                f"ctx.state has seat {root_state.current_player()} to move, not {ctx.seat}"
            )
        rnd = fast_random(rng)
        root = _Decision(ctx.seat, root_state.legal_actions(), rnd)
        deadline = None if self.time_budget_s is None else start + self.time_budget_s
        nodes = 1
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            done += 1
            nodes += self._iterate(root_state.clone(), root, rnd)
        self.last_stats = SearchStats(done, time.perf_counter() - start, nodes)
        self.last_root = root_summary(root.actions, root.n, root.w)
        return best_action(root.actions, root.n, root.w)

    def _iterate(self, state: Any, root: _Decision, rnd: random.Random) -> int:
        """One iteration on a copy of the true state: descend, roll out from the new edge (or
        read a terminal's returns), back the values up. Returns the nodes it created."""
        path, values, created = self._descend(state, root, rnd)
        if values is None:
            values = rollout(state, rnd, self.rollout_limit, self.rollout_policy)
        for parent, i in path:
            parent.visits += 1
            parent.n[i] += 1
            parent.w[i] += values[parent.player]
        return created

    def _descend(
        self, state: Any, root: _Decision, rnd: random.Random
    ) -> tuple[list[tuple[_Decision, int]], tuple[float, ...] | None, int]:
        """Walk the tree by UCB1 (chance by its probabilities) until an untried edge is taken
        or the game ends: the path, the terminal's returns (None otherwise) and the number of
        nodes created on the way."""
        draw, c = rnd.random, self.exploration
        node: _Decision | _Chance | None = root
        path: list[tuple[_Decision, int]] = []
        created = 0
        while True:
            if node is None:  # terminal
                return path, tuple(state.returns()), created
            if isinstance(node, _Chance):
                i = node.pick(draw())
                move = node.outcomes[i]
            elif node.untried:  # expansion: one new edge, then a rollout from it
                i = node.untried.pop()
                path.append((node, i))
                state.apply_action(node.actions[i])
                return path, None, created
            else:
                i = _ucb_child(node, c)
                path.append((node, i))
                move = node.actions[i]
            state.apply_action(move)
            child = node.children[i]
            if child is None:
                child = node.children[i] = _make_node(state, rnd)
                created += 1
            node = child


def _ucb_child(node: _Decision, c: float) -> int:
    """UCB1: the child with the best mean value + c * sqrt(ln N / n) (every child visited)."""
    n, w = node.n, node.w
    scale = c * math.sqrt(math.log(node.visits))
    sqrt = math.sqrt
    i, best = 0, -math.inf
    for j in range(len(n)):
        score = w[j] / n[j] + scale / sqrt(n[j])
        if score > best:
            i, best = j, score
    return i
