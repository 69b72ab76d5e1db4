"""Information-Set MCTS (Cowling, Powley & Whitehouse 2012): a fair search through sample_world.

Each iteration draws a determinization `ctx.game.sample_world(ctx.view, rng)`: a full state
consistent with what the acting seat knows. The agent never reads `ctx.state` (it works when
that is None, and tests check it with a state that raises on any access). The iteration then
descends the tree along the moves legal in that determinization, choosing among the *available*
actions with UCB whose exploration term uses availability counts (how often each action was
legal when its node was visited) instead of the parent's visit count; one edge is added per
iteration, and a uniformly random rollout (or `rollout_policy`) values it. Chance is
open-loop: outcomes are sampled by their probabilities and not stored as edges.

How nodes are identified (`tree`):

- `"infoset"` (default): a node is the mover's information set, keyed by
  `game.view_for(state, mover)`, with UCB statistics from the mover's point of view. Each
  seat decides on what it knows, so a simulated opponent cannot see the root player's
  face-down cards, nor the root player see an opponent's hand. The root player's nodes are
  shared by every determinization; opponents' nodes also depend on their sampled private cards,
  so at small budgets their in-tree moves are close to the rollout policy. This is the keying
  of OpenSpiel's IS-MCTS (information-state strings); like MO-ISMCTS, nobody in the tree sees
  another seat's hidden moves.
- `"public"`: the root player's nodes as above; every other seat's nodes keyed by
  `(seat, game.view_for(state, -1))`, the spectator's view (public facts only), so opponents'
  statistics are shared across determinizations and they learn to answer the root player's
  mixed in-tree play; their legal moves still come from the determinization. It did no better
  than "infoset" against the heuristic agents in short matches; kept for study.
- `"so"`: SO-ISMCTS exactly as in the paper: one tree of move sequences from the root, every
  move (any seat's, and chance outcomes) an edge, nodes keyed by (parent, mover, moves since).
  Hidden moves are then treated as visible: below the root player's face-down card, the
  simulated opponent's statistics are specific to that card, so the search believes the
  opponent knows it (the weakness SO-ISMCTS+POM and MO-ISMCTS address). Kept for comparison.

With `prior` (a view-based agent, e.g. the heuristic of the seat) the root selects by PUCT
(AlphaZero): mean value + `prior_weight` * P(a) * sqrt(N) / (1 + n(a)), where P is the prior
agent's move frequencies over `prior_samples` draws from the same View (a share `prior_even`,
5%, spread evenly), so the search starts from the prior's choice and leaves it only on the
rollouts' evidence; `first_play="parent"` values unvisited root moves at the visited ones' mean
instead of 0 (for returns in [0, 1], where 0 is a loss). Against
the heuristic agents at 4 players this is what makes 200 iterations worth playing: without it
ISMCTS won 10% of 10 games in either role, with it about half or more (docs/agents.md).

With `belief` (a function of the View returning an acceptance weight per sampled world, or
None), worlds are drawn by rejection sampling (at most `belief_tries` draws) so that they follow
that belief instead of the uniform one of `sample_world`: e.g. a game kit's `belief`
(agents/kit.py; e.g. a heuristic model's prediction of the other seats' face-down cards).

With `leaf_value` (a `LeafValue`, e.g. a game kit's `leaf_value(game, turns)`),
rollouts stop early, at the start of the next turn, and the leaf is valued by a model fitted on
the heuristic agents' games instead of a cheap policy's play to the end: more accurate, and
~5x cheaper per iteration (docs/agents.md). The horizon counts from the root: a tree walk that
reaches it stops there too, so every iteration looks equally far ahead.

`others` says how the other seats move inside the tree. "tree" (default): they search too,
from their own information sets. Those depend on their sampled private cards, so at practical
budgets most of their nodes are new, and a new node's first move is a uniformly random untried
one: right after the root decision the simulated opponents then play uniformly. "policy": they
play `rollout_policy` (uniform if None) and get no nodes, so the search is a best response to
that model of them. With `rollout_policy=AgentRolloutPolicy(game, heuristic agents)` the model
is the heuristic agents themselves; they still act on their own (determinized) View only.

The final move is the most visited root action, or with `final_temperature` t > 0 one drawn
with probability proportional to visits ** (1/t) (a mixed choice, as in simultaneous-move
MCTS). A game kit's `rollout_policy` is usually markedly stronger than uniform rollouts, whose
players throw games away (docs/agents.md has the figures).

With only the iteration limit the search is a pure function of the `rng` given to `act`.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Hashable
from typing import Any, Literal

import numpy as np

from agents.base import AgentContext
from agents.search.common import (
    LeafValue,
    RolloutPolicy,
    SearchStats,
    best_action,
    check_params,
    fast_random,
    raise_no_legal,
    rollout,
    root_summary,
    sample_by_visits,
    sample_chance,
)
from nemesis_env.core.game import CHANCE

TreeKind = Literal["infoset", "public", "so"]
OthersKind = Literal["tree", "policy"]
FirstPlay = Literal["zero", "parent"]


class _Node:
    """One information set: per-action [visits, total value, availability] of `player`."""

    __slots__ = ("ident", "player", "stats")

    def __init__(self, player: int, ident: int) -> None:
        self.player = player
        self.ident = ident
        self.stats: dict[int, list[float]] = {}


class ISMCTSAgent:
    """Information-set MCTS over worlds sampled from the seat's View; never reads ctx.state."""

    omniscient = False

    def __init__(
        self,
        iterations: int = 200,
        time_budget_s: float | None = None,
        exploration: float = 1.0,
        rollout_limit: int | None = None,
        rollout_policy: RolloutPolicy | None = None,
        tree: TreeKind = "infoset",
        final_temperature: float = 0.0,
        prior: Any = None,
        prior_samples: int = 16,
        prior_weight: float = 2.0,
        prior_even: float = 0.05,
        first_play: FirstPlay = "zero",
        belief: Callable[[Any], Callable[[Any], float] | None] | None = None,
        belief_tries: int = 64,
        leaf_value: LeafValue | None = None,
        others: OthersKind = "tree",
        name: str = "ismcts",
    ) -> None:
        check_params(iterations, time_budget_s, exploration, rollout_limit)
        if tree not in ("infoset", "public", "so"):
            raise ValueError(f"tree must be 'infoset', 'public' or 'so', got {tree!r}")
        self.name = name
        self.iterations = iterations
        self.time_budget_s = time_budget_s
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.rollout_policy = rollout_policy
        self.tree = tree
        if others not in ("tree", "policy"):
            raise ValueError(f"others must be 'tree' or 'policy', got {others!r}")
        self.others = others
        if not final_temperature >= 0:
            raise ValueError(f"final_temperature must be >= 0, got {final_temperature}")
        self.final_temperature = final_temperature
        if prior is not None and getattr(prior, "omniscient", False):
            raise ValueError("the prior agent must not be omniscient")
        if prior_samples < 1 or not prior_weight > 0:
            raise ValueError(
                f"prior_samples must be >= 1 and prior_weight > 0, got {prior_samples}, "
                f"{prior_weight}"
            )
        self.prior, self.prior_samples, self.prior_weight = prior, prior_samples, prior_weight
        if not 0 <= prior_even <= 1:
            raise ValueError(f"prior_even must be in [0, 1], got {prior_even}")
        if first_play not in ("zero", "parent"):
            raise ValueError(f"first_play must be 'zero' or 'parent', got {first_play!r}")
        self.prior_even, self.first_play = prior_even, first_play
        if belief_tries < 1:
            raise ValueError(f"belief_tries must be >= 1, got {belief_tries}")
        self.belief, self.belief_tries = belief, belief_tries
        self.leaf_value = leaf_value
        self.last_stats = SearchStats(0, 0.0, 0)
        self.last_root: dict[int, tuple[int, float]] = {}
        self.last_prior: dict[int, float] = {}

    def explain(self) -> dict[str, Any]:
        """The last decision's root, for recordings: visit counts and mean values per action
        (keys are action ids as text), and the iterations run (empty for a forced move)."""
        return {
            "visits": {str(a): n for a, (n, _) in self.last_root.items()},
            "q": {str(a): round(q, 4) for a, (_, q) in self.last_root.items()},
            "iterations": self.last_stats.iterations,
        }

    def _root_prior(
        self, ctx: AgentContext, legal: list[int], rng: np.random.Generator
    ) -> dict[int, float]:
        """The prior agent's move frequencies over `prior_samples` draws, a share `prior_even`
        (5% by default) spread evenly over the legal moves."""
        counts = dict.fromkeys(legal, 0)
        fair = dataclasses.replace(ctx, state=None)  # never pass the true state on
        for _ in range(self.prior_samples):
            counts[int(self.prior.act(fair, rng))] += 1
        share = self.prior_even
        even = share / len(legal)
        return {a: (1.0 - share) * n / self.prior_samples + even for a, n in counts.items()}

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        # Reads ctx.seat, ctx.view, ctx.game and ctx.action_mask only: never ctx.state.
        start = time.perf_counter()
        legal = ctx.legal_actions()
        if len(legal) == 1:
            self.last_stats = SearchStats(0, time.perf_counter() - start, 0)
            self.last_root = {}
            return legal[0]
        rnd = fast_random(rng)  # seeded before the prior draws from rng: the order fixes both
        priors = self._root_prior(ctx, legal, rng) if self.prior is not None else None
        run = _Run(self, ctx, rng, rnd, priors)
        deadline = None if self.time_budget_s is None else start + self.time_budget_s
        done = 0
        while done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            done += 1
            run.iterate()
        self.last_stats = SearchStats(
            done, time.perf_counter() - start, len(run.table) + (self.tree == "so")
        )
        return self._final_move(run.root, legal, priors, rnd)

    def _final_move(
        self,
        root: _Node,
        legal: list[int],
        priors: dict[int, float] | None,
        rnd: random.Random,
    ) -> int:
        """The most visited root move (or one drawn by visits with `final_temperature`); the
        root's statistics are kept for `explain`."""
        counts = [int(root.stats[a][0]) if a in root.stats else 0 for a in legal]
        if priors is not None:
            self.last_prior = priors
        totals = [root.stats[a][1] if a in root.stats else 0.0 for a in legal]
        self.last_root = root_summary(legal, counts, totals)
        if self.final_temperature > 0:
            return sample_by_visits(legal, counts, self.final_temperature, rnd)
        return best_action(legal, counts, totals)


class _Run:
    """One decision's search: the tree (`table` of information-set nodes, `root` the acting
    seat's) and what every iteration reads. `iterate` samples a world, walks the tree in it
    (one new edge), plays the rollout and backs its values up the path."""

    def __init__(
        self,
        agent: ISMCTSAgent,
        ctx: AgentContext,
        rng: np.random.Generator,
        rnd: random.Random,
        priors: dict[int, float] | None,
    ) -> None:
        self.agent, self.game, self.view, self.seat = agent, ctx.game, ctx.view, ctx.seat
        self.rng, self.rnd, self.draw, self.priors = rng, rnd, rnd.random, priors
        self.accept = agent.belief(ctx.view) if agent.belief is not None else None
        self.root = _Node(ctx.seat, 0)
        self.mode = agent.tree
        self.table: dict[Hashable, _Node] = {} if self.mode == "so" else {ctx.view: self.root}
        self.policy, self.leaf = agent.rollout_policy, agent.leaf_value
        self.others_by_policy = agent.others == "policy"

    def iterate(self) -> None:
        state = self._sample_world()
        leaf = self.leaf
        mark = leaf.mark(state) if leaf is not None else 0  # the horizon, from the root
        path = self._descend(state, mark)
        values = rollout(state, self.rnd, self.agent.rollout_limit, self.policy, leaf, mark)
        for parent, action in path:
            st = parent.stats[action]
            st[0] += 1
            st[1] += values[parent.player]

    def _sample_world(self) -> Any:
        """A world consistent with the view; with a belief, by rejection sampling."""
        state: Any = self.game.sample_world(self.view, self.rng)
        accept = self.accept
        if accept is not None:
            for _ in range(self.agent.belief_tries - 1):
                if self.draw() < accept(state):
                    break
                state = self.game.sample_world(self.view, self.rng)
        return state

    def _descend(self, state: Any, mark: int) -> list[tuple[_Node, int]]:
        """Walk the tree in `state` until a new edge is added, the game ends or the leaf
        horizon is reached; chance (open loop) and, with others="policy", the other seats move
        without nodes. Returns the path of (node, move) to back the values up."""
        draw, seat, leaf, policy = self.draw, self.seat, self.leaf, self.policy
        node = self.root
        path: list[tuple[_Node, int]] = []
        trail: list[int] = []  # "so": moves since the last node, chance outcomes included
        while True:
            player = state.current_player()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                outcome = outcomes[0][0] if len(outcomes) == 1 else sample_chance(outcomes, draw())
                state.apply_action(outcome)
                trail.append(-1 - outcome)
                continue
            if state.is_terminal() or (leaf is not None and leaf.reached(state, mark)):
                return path
            moves = state.legal_actions()
            if not moves:
                raise_no_legal(state)
            if self.others_by_policy and player != seat:  # modelled, not searched
                if policy is None:
                    action = moves[int(draw() * len(moves))]
                else:
                    action = policy(state, moves, self.rnd)
                state.apply_action(action)
                trail.append(action)
                continue
            if path:
                node = self._node_for(state, player, node, trail)
                trail.clear()
            action, expanded = self._select(node, moves)
            path.append((node, action))
            state.apply_action(action)
            if expanded:
                return path
            trail.append(action)

    def _node_for(self, state: Any, player: int, parent: _Node, trail: list[int]) -> _Node:
        """The node of the mover's information set (created on first visit)."""
        key: Hashable
        if self.mode == "so":
            key = (parent.ident, player, *trail)
        elif self.mode == "infoset" or player == self.seat:
            key = self.game.view_for(state, player)
        else:  # "public": another seat's node, keyed by what everyone knows
            key = (player, self.game.view_for(state, -1))
        found = self.table.get(key)
        if found is None:
            found = self.table[key] = _Node(player, len(self.table) + 1)
        return found

    def _select(self, node: _Node, moves: list[int]) -> tuple[int, bool]:
        """The move to take at `node` and whether it adds a new edge: PUCT over the prior at
        the root, else an untried move (expansion), else UCB with availability counts."""
        stats = node.stats
        untried = []
        for a in moves:
            st = stats.get(a)
            if st is None:
                st = stats[a] = [0, 0.0, 0]
            st[2] += 1
            if st[0] == 0:
                untried.append(a)
        agent = self.agent
        if self.priors is not None and node is self.root:
            action = _puct(stats, moves, self.priors, agent.prior_weight, agent.first_play)
            return action, stats[action][0] == 0
        if untried:
            return untried[int(self.draw() * len(untried))], True
        c, sqrt, log = agent.exploration, math.sqrt, math.log
        action, best = moves[0], -math.inf
        for a in moves:
            n, w, avail = stats[a]
            score = w / n + c * sqrt(log(avail) / n)
            if score > best:
                action, best = a, score
        return action, False


def _puct(
    stats: dict[int, list[float]],
    moves: list[int],
    priors: dict[int, float],
    weight: float,
    first_play: FirstPlay = "zero",
) -> int:
    """AlphaZero's PUCT: mean value + weight * prior * sqrt(visits) / (1 + visits of the move).

    With `first_play` "zero", unvisited moves count as value 0 (a draw where returns are in
    [-1, 1]), so a move the prior favours is tried first and one it deems unlikely needs the
    search's evidence to be chosen. Where returns are in [0, 1] and small (a P(win) of
    about 0.1, say), 0 is a loss and no unvisited move ever beats a visited one: "parent" values an
    unvisited move at the mean of the visited ones (first-play urgency, as in Leela Zero).
    """
    total = sum(stats[a][0] for a in moves)
    scale = weight * math.sqrt(max(total, 1))
    unvisited = 0.0
    if first_play == "parent" and total:
        unvisited = sum(stats[a][1] for a in moves) / total
    best, best_score = moves[0], -math.inf
    for a in moves:
        n, w, _ = stats[a]
        score = (w / n if n else unvisited) + scale * priors.get(a, 0.0) / (1 + n)
        if score > best_score:
            best, best_score = a, score
    return best
