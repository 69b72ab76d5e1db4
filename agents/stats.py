"""Interval estimates shared by the agents' evaluation tools and the experiment reports, and
the `KEY=VALUE` reading of their command lines."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import yaml

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0, 1) when n == 0."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, center - half)
    hi = 1.0 if successes == n else min(1.0, center + half)
    return (lo, hi)


def key_values(pairs: Sequence[str], option: str = "--param") -> dict[str, Any]:
    """`KEY=VALUE` strings as a mapping, each value read as YAML (true, 3, alternate); a
    string without `=` or without a key is a ValueError naming `option`."""
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"{option} takes KEY=VALUE, got {pair!r}")
        out[key] = yaml.safe_load(value)
    return out
