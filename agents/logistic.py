"""Logistic regression for the game kits' fitted values (agents/games/*/value_fit.py).

A value is P(a seat wins) from a few features of the position: `fit_logistic` minimises the
mean log loss plus a small L2 term (which keeps the Hessian well conditioned) by Newton's
method, and `held_out_fit` fits on all but the last fifth of the games, reports the log loss
there against a constant model at the base rate, then refits on every game. numpy only, and
nothing random: the same samples give the same weights.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

L2 = 1e-3
NEWTON_STEPS = 25
Array = npt.NDArray[np.float64]


def fit_logistic(x: Array, y: Array) -> Array:
    """Weights minimising the mean log loss plus L2/2 |w|^2, by Newton's method."""
    weights = np.zeros(x.shape[1])
    ridge = L2 * np.eye(x.shape[1])
    for _ in range(NEWTON_STEPS):
        p = 1.0 / (1.0 + np.exp(-(x @ weights)))
        gradient = x.T @ (p - y) / len(y) + L2 * weights
        hessian = (x * (p * (1.0 - p))[:, None]).T @ x / len(y) + ridge
        weights = weights - np.linalg.solve(hessian, gradient)
    return weights


def log_loss(weights: Sequence[float] | Array, x: Array, y: Array) -> float:
    p = np.clip(1.0 / (1.0 + np.exp(-(x @ np.asarray(weights)))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)))


def held_out_fit(
    x: Array, y: Array, index: npt.NDArray[np.int64], games: int
) -> tuple[Array, dict[str, Any]]:
    """(weights fitted on every game, the held-out report): the report fits on games before
    the last fifth (`index`: each row's game) and scores the last fifth, next to a constant
    model at the base rate (the first feature must be the bias)."""
    held_out = index >= games - games // 5
    weights = fit_logistic(x[~held_out], y[~held_out])
    base_rate = float(np.clip(y[~held_out].mean(), 1e-6, 1 - 1e-6))
    constant = [math.log(base_rate / (1 - base_rate))] + [0.0] * (x.shape[1] - 1)
    report = {
        "log_loss": log_loss(weights, x[held_out], y[held_out]),
        "constant_log_loss": log_loss(constant, x[held_out], y[held_out]),
        "samples": int(held_out.sum()),
    }
    return fit_logistic(x, y), report


def fit_record(
    game: Any, games: int, seed: int, features: Sequence[str], weights: Array,
    report: dict[str, Any],
) -> dict[str, Any]:  # fmt: skip
    """The fitted value's data file: the rules and params it was fitted on, the games, the
    feature names, the weights (6 decimals) and the held-out report."""
    return {
        "rules_version": game.info.rules_version,
        "params": game.params.to_dict(),
        "games": games,
        "seed": seed,
        "features": list(features),
        "weights": [round(float(w), 6) for w in weights],
        "held_out": report,
    }
