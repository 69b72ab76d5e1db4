"""Potential-based reward shaping for the learner's rollouts (Ng, Harada & Russell 1999).

Not Alone's only reward is the game's result, after ~60 decisions of each seat, and most of a
game's luck is in its last turns: a long credit-assignment chain for a few CPU-minutes of PPO.
With `shaping="not_alone_value"` the learner's transition from decision state s to its next
decision state s' also earns `gamma * phi(s') - phi(s)`, where `phi` is `shaping_weight` times
the fitted value of the position for the seat (agents/search/not_alone_value.py: who wins if
the heuristic agents play on), and the last transition earns `result - phi(s)` (phi of a
finished game is 0). The shaped returns then differ from the true ones by -phi(first state)
only, so the best policies are unchanged (the theorem of Ng et al.); what changes is that a
turn that catches a Hunted, or loses the Beacon, is felt in that turn.

The potential reads the collector's true state, which the policy never sees: rewards are part
of the training signal, not of the observation, and the value's inputs are public counters
(Rescue, Assimilation, Will, hand and discard sizes, the Beacon) anyway.
"""

from __future__ import annotations

from typing import Any

SHAPINGS = ("not_alone_value",)


def check_shaping(shaping: str | None, weight: float) -> None:
    if shaping is not None and shaping not in SHAPINGS:
        raise ValueError(f"shaping must be null or one of {list(SHAPINGS)}, got {shaping!r}")
    if not weight >= 0:
        raise ValueError(f"shaping_weight must be >= 0, got {weight}")


class Shaping:
    """phi(state, seat): the potential of a decision state for the seat that decides there."""

    def __init__(self, game: Any, shaping: str, weight: float, gamma: float) -> None:
        check_shaping(shaping, weight)
        from agents.search.not_alone_value import load_value

        self.value = load_value(game, turns=0)
        self.weight = weight
        self.gamma = gamma

    def potential(self, state: Any, seat: int) -> float:
        return self.weight * self.value.value(state)[seat]
