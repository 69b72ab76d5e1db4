"""Seeded randomness: independent streams from one seed, and chance resolution. No globals."""

from __future__ import annotations

from typing import Any

import numpy as np

from nemesis_env.core.errors import ParamError
from nemesis_env.core.game import CHANCE, State


def check_seed(seed: Any) -> int | None:
    """`seed` as a plain int (None stays None: fresh entropy), or ParamError.

    np.random.SeedSequence takes only non-negative integers; checking here turns its bare
    "expected non-negative integer" into a message that names the seed. Booleans are refused
    although they are ints: `reset(seed=True)` is a slip, not a seed.
    """
    if seed is None:
        return None
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool) and seed >= 0:
        return int(seed)
    raise ParamError(
        f"seed must be a non-negative integer (or None for a fresh random seed), got {seed!r}"
    )


def spawn_streams(seed: int | None, count: int) -> list[np.random.Generator]:
    """`count` independent generators derived from one root seed (np.random.SeedSequence)."""
    root = np.random.SeedSequence(check_seed(seed))
    return [np.random.default_rng(s) for s in root.spawn(count)]


def sample_outcome(outcomes: list[tuple[int, float]], rng: np.random.Generator) -> int:
    """One outcome id drawn from (id, probability) pairs with a single uniform draw."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    u = rng.random()
    acc = 0.0
    for outcome_id, probability in outcomes:
        acc += probability
        if u < acc:
            return outcome_id
    return outcomes[-1][0]  # guards against rounding when the probabilities sum to 0.999...


def resolve_chance(state: State, rng: np.random.Generator) -> int:
    """Samples and applies chance outcomes until a player (or the end) is to move."""
    applied = 0
    while state.current_player() == CHANCE:
        state.apply_action(sample_outcome(state.chance_outcomes(), rng))
        applied += 1
    return applied
