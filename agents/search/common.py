"""Pieces shared by the search agents: parameters, fast seeded randomness, chance and rollouts.

Rollouts dominate the cost of a search (a random game of Not Alone is ~100-250 decisions, each
an `apply_action` of ~5 µs), so the rollout loop is kept tight: one `random.Random` draw per
step (seeded from the caller's numpy generator, so a search is still a pure function of it),
no per-step allocation besides the engine's own, and a plain list for the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from nemesis_env.core.game import CHANCE, TERMINAL

RolloutPolicy = Callable[[Any, list[int], random.Random], int]
"""`policy(state, legal, rnd) -> action id` picks a rollout move for `state.current_player()`.

It is called on a (possibly determinized) full state, so a policy that reads other seats'
hidden fields makes the simulated players clairvoyant; fair policies read only what the mover
could know. `legal` is the state's legal list; do not mutate it.
"""


class LeafValue(Protocol):
    """Ends a rollout early with an estimate (e.g. a game kit's fitted value, agents/kit.py).

    The rollout computes `mark(leaf)` where it starts, plays on until `reached(state, mark)`
    (say, the start of the next turn) and returns `value(state)`: one return per seat, in the
    game's utility range. A terminal state still returns the true `returns()`.
    """

    def mark(self, state: Any) -> int: ...

    def reached(self, state: Any, mark: int) -> bool: ...

    def value(self, state: Any) -> tuple[float, ...]: ...


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What the last `act` did: iterations run, seconds spent, and nodes in the tree."""

    iterations: int
    elapsed_s: float
    nodes: int


class AgentRolloutPolicy:
    """A rollout policy that asks view-based agents for every move: `agents[seat].act(ctx, rng)`.

    Lets a search play out with the heuristic agents (or any `agents.base.Agent`) instead of
    uniform moves: far better informed, and much slower per rollout (~40x for the Not Alone
    heuristics), so pair it with fewer iterations. Each call builds the mover's View and mask
    (the observation tensor only if `encode`), so the simulated players stay fair; agents that
    declare `omniscient` are refused. Their numpy generator is drawn from the search's
    `random.Random`, so the search stays a pure function of its seed.
    """

    def __init__(self, game: Any, agents: Sequence[Any], encode: bool = False) -> None:
        if any(getattr(a, "omniscient", False) for a in agents):
            raise ValueError("rollout agents must not be omniscient")
        self.game = game
        self.agents = list(agents)
        self.encode = encode
        self.num_actions = game.info.num_actions
        self.observation = np.zeros(game.observation_size() if encode else 0, dtype=np.float32)

    def __call__(self, state: Any, legal: list[int], rnd: random.Random) -> int:
        from agents.base import AgentContext

        seat = state.current_player()
        view = self.game.view_for(state, seat)
        if self.encode:
            self.game.encode(view, self.observation)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        mask[legal] = 1
        ctx = AgentContext(seat, self.observation, mask, view, self.game)
        rng = np.random.Generator(np.random.PCG64(rnd.getrandbits(64)))
        return int(self.agents[seat].act(ctx, rng))


def check_params(
    iterations: int,
    time_budget_s: float | None,
    exploration: float,
    rollout_limit: int | None,
) -> None:
    if iterations < 1:
        raise ValueError(f"iterations must be >= 1, got {iterations}")
    if time_budget_s is not None and not time_budget_s > 0:
        raise ValueError(f"time_budget_s must be > 0 or None, got {time_budget_s}")
    if not exploration >= 0:
        raise ValueError(f"exploration must be >= 0, got {exploration}")
    if rollout_limit is not None and rollout_limit < 0:
        raise ValueError(f"rollout_limit must be >= 0 or None, got {rollout_limit}")


def fast_random(rng: np.random.Generator) -> random.Random:
    """A `random.Random` seeded from `rng`: ~10x cheaper per draw than numpy's scalar calls."""
    return random.Random(int(rng.integers(1 << 63)))


def sample_chance(outcomes: Sequence[tuple[int, float]], u: float) -> int:
    """The outcome that uniform `u` in [0, 1) selects (same rule as core.chance.sample_outcome)."""
    acc = 0.0
    for outcome_id, probability in outcomes:
        acc += probability
        if u < acc:
            return outcome_id
    return outcomes[-1][0]  # rounding: probabilities summing to 0.999...


def rollout(
    state: Any,
    rnd: random.Random,
    limit: int | None = None,
    policy: RolloutPolicy | None = None,
    leaf: LeafValue | None = None,
    mark: int | None = None,
) -> tuple[float, ...]:
    """Plays `state` (mutated) to the end and returns `returns()`; all zeros past `limit`.

    `limit` counts player decisions; chance outcomes are drawn by their probabilities. The
    default policy is uniform over the legal actions. With `leaf`, the rollout stops where
    `leaf.reached(state, mark)` says and returns `leaf.value` there; `mark` defaults to
    `leaf.mark(state)` (a search passes the mark of its root, so the horizon is the same for
    every iteration however deep its tree walk went).
    """
    apply = state.apply_action
    # NotAloneState.cached_legal skips legal_actions()'s defensive copy; nothing here mutates it.
    legal_of = getattr(state, "cached_legal", state.legal_actions)
    player_of = state.current_player
    chance_of = state.chance_outcomes
    draw = rnd.random
    budget = -1 if limit is None else limit
    if mark is None:
        mark = leaf.mark(state) if leaf is not None else 0
    while True:
        player = player_of()
        if player == CHANCE:
            outcomes = chance_of()
            apply(outcomes[0][0] if len(outcomes) == 1 else sample_chance(outcomes, draw()))
            continue
        if player == TERMINAL:
            break
        if leaf is not None and leaf.reached(state, mark):
            return leaf.value(state)
        if budget == 0:
            return (0.0,) * len(state.returns())
        budget -= 1
        legal = legal_of()
        if not legal:
            raise_no_legal(state)
        if policy is None:
            apply(legal[int(draw() * len(legal))])
        else:
            apply(policy(state, legal, rnd))
    return tuple(state.returns())


def raise_no_legal(state: Any) -> None:
    """The kernel promises a non-empty legal list at every player node; say which broke it."""
    top = getattr(state, "stack", [None])[-1]
    raise RuntimeError(
        f"engine bug: seat {state.current_player()} must act but has no legal action "
        f"(open decision {top})"
    )


def best_action(actions: Sequence[int], visits: Sequence[int], values: Sequence[float]) -> int:
    """The most visited action; ties go to the higher mean, then to the lower id."""
    best, best_key = actions[0], (-1, -float("inf"), 0)
    for a, n, w in zip(actions, visits, values, strict=True):
        key = (n, w / n if n else -float("inf"), -a)
        if key > best_key:
            best, best_key = a, key
    return best


def sample_by_visits(
    actions: Sequence[int], visits: Sequence[int], temperature: float, rnd: random.Random
) -> int:
    """An action drawn with probability proportional to visits ** (1 / temperature).

    A mixed final choice, as recommended for simultaneous-move MCTS: a face-down card played
    against an opponent's guess is such a move, and a most-visited choice is predictable.
    """
    top = max(visits)
    weights = [(n / top) ** (1.0 / temperature) if n else 0.0 for n in visits]
    u = rnd.random() * sum(weights)
    for a, weight in zip(actions, weights, strict=True):
        u -= weight
        if u < 0:
            return a
    return actions[max(range(len(actions)), key=lambda i: visits[i])]


def root_summary(
    actions: Sequence[int], visits: Sequence[int], values: Sequence[float]
) -> dict[int, tuple[int, float]]:
    """{action: (visits, mean value for the mover)} at the root, for logs and analysis."""
    return {a: (n, w / n if n else 0.0) for a, n, w in zip(actions, visits, values, strict=True)}
