"""Seeded randomness: independent streams from one seed, and chance resolution. No globals."""

from __future__ import annotations

import numpy as np

from nemesis_env.core.game import CHANCE, State


def spawn_streams(seed: int | None, count: int) -> list[np.random.Generator]:
    """`count` independent generators derived from one root seed (np.random.SeedSequence)."""
    return [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(count)]


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
