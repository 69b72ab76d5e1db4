"""Potential-based reward shaping for the learner's rollouts (Ng, Harada & Russell 1999).

A board game's only reward is its result, after many decisions of each seat, and most of a
game's luck is in its last turns: a long credit-assignment chain for a few CPU-minutes of PPO.
With `shaping="kit"` the learner's transition from decision state s to its next decision state
s' also earns `gamma * phi(s') - phi(s)`, where `phi` is `shaping_weight` times the potential
that the game's agent kit gives for the seat (e.g. a fitted value of the position: who wins if
the heuristic agents play on), and the last transition earns `result - phi(s)` (phi of a
finished game is 0). The shaped returns then differ from the true ones by -phi(first state)
only, so the best policies are unchanged (the theorem of Ng et al.); what changes is that a
turn that wins or loses ground is felt in that turn. A kit may accept its own older name for
"kit".

The potential reads the collector's true state, which the policy never sees: rewards are part
of the training signal, not of the observation (a kit's potential should still read public
facts only, so that the shaped signal teaches nothing a seat could not know).
"""

from __future__ import annotations

from typing import Any

from agents.kit import KIT, kit_for

SHAPINGS = (KIT,)


def check_shaping(shaping: str | None, weight: float, game: Any = None) -> None:
    """A known shaping name (with `game`: one its kit gives, aliases included) and weight."""
    if shaping is not None:
        if game is not None:
            kit = kit_for(game)
            kit.kit_choice("shaping", shaping, SHAPINGS)
            kit.piece("shaping", "shaping")
        elif shaping not in SHAPINGS:
            raise ValueError(f"shaping must be null or one of {list(SHAPINGS)}, got {shaping!r}")
    if not weight >= 0:
        raise ValueError(f"shaping_weight must be >= 0, got {weight}")


class Shaping:
    """phi(state, seat): the potential of a decision state for the seat that decides there."""

    def __init__(self, game: Any, shaping: str, weight: float, gamma: float) -> None:
        check_shaping(shaping, weight, game)
        self.phi = kit_for(game).piece("shaping", "shaping")(game)
        self.weight = weight
        self.gamma = gamma

    def potential(self, state: Any, seat: int) -> float:
        return float(self.weight * self.phi(state)[seat])
