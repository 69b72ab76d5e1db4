"""A fitted value of Not Alone positions, to end search rollouts early with a good estimate.

ISMCTS values a leaf by playing it out. A cheap rollout policy plays Not Alone very unlike any
competent player, so its outcomes are a noisy and biased estimate, and the heuristic agents (an
accurate model of the opponents a search faces) cost ~25 ms per rollout. `NotAloneValue` plays the
rollout on only until the start of the next turn (`turns` later) and then answers with P(Creature
wins) from a logistic model of public counters, fitted on games of the heuristic agents against each
other (`agents.games.not_alone.value_fit`): the value of the position if the heuristic agents play
on. Searching one turn deep against that value is one step of policy improvement over the heuristics
(the rollout algorithms of Bertsekas, Tsitsiklis & Wu 1997; Tesauro & Galperin 1996), at a fraction
of the cost of full rollouts.

The fitted weights ship in `data/not_alone_value.json`, one set per player count, with the rules
version, the games and seed they came from and their held-out log loss; `load_value` refuses a game
they were not fitted for, naming the command that fits them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from nemesis_env.games.not_alone.params import NotAloneParams

FEATURES = (
    "bias",
    "rescue",  # spaces the Rescue counter still has to go
    "assimilation",  # spaces the Assimilation counter still has to go
    "rescue_close",  # 1 / (1 + rescue): the last spaces matter most
    "assimilation_close",
    "beacon",
    "will_mean",
    "will_min",
    "will_one_share",  # share of Hunted one Will from giving up
    "hand_mean",
    "hand_min",
    "survival_mean",
    "discard_mean",
    "hunt_hand",
    "reserve",  # copies of places 6-10 left to gain
    "turn",
)
DATA_FILE = "not_alone_value.json"


def features(state: Any) -> list[float]:
    """The model's inputs for a Not Alone state (any seat's hidden fields of a sampled world)."""
    hunted = state.num_hunted
    will = state.will
    hands = [h.bit_count() for h in state.hand]
    return [
        1.0,
        float(state.rescue),
        float(state.assimilation),
        1.0 / (1.0 + state.rescue),
        1.0 / (1.0 + state.assimilation),
        float(state.beacon),
        sum(will) / hunted,
        float(min(will)),
        sum(1 for w in will if w == 1) / hunted,
        sum(hands) / hunted,
        float(min(hands)),
        sum(s.bit_count() for s in state.survival) / hunted,
        sum(len(d) for d in state.discard) / hunted,
        float(state.hunt_hand.bit_count()),
        float(sum(state.reserve)),
        float(state.turn),
    ]


@dataclass(frozen=True, slots=True)
class NotAloneValue:
    """Leaf evaluator for `agents.search` (the `LeafValue` protocol): `turns` turns of rollout,
    then the fitted P(Creature wins) as returns in [-1, 1] (Creature, then each Hunted)."""

    weights: tuple[float, ...]
    turns: int = 1

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(
                f"NotAloneValue needs {len(FEATURES)} weights ({', '.join(FEATURES)}), "
                f"got {len(self.weights)}"
            )
        if self.turns < 0:
            raise ValueError(f"turns must be >= 0, got {self.turns}")

    def mark(self, state: Any) -> int:
        return int(state.turn) + self.turns

    def reached(self, state: Any, mark: int) -> bool:
        return bool(state.turn >= mark)

    def creature_win_probability(self, state: Any) -> float:
        z = sum(w * x for w, x in zip(self.weights, features(state), strict=True))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def value(self, state: Any) -> tuple[float, ...]:
        creature = 2.0 * self.creature_win_probability(state) - 1.0
        hunted: int = state.num_hunted
        return (creature,) + (-creature,) * hunted


def fit_command(players: int) -> str:
    return f"python -m agents.games.not_alone.value_fit --players {players}"


def read_fits() -> dict[str, Any]:
    """The shipped fits, keyed by player count as a string."""
    text = resources.files("agents.games.not_alone").joinpath("data", DATA_FILE).read_text("utf-8")
    fits: dict[str, Any] = json.loads(text)
    return fits


def load_value(game: Any, turns: int = 1) -> NotAloneValue:
    """The shipped value for `game` (a NotAloneGame); a clear error where none was fitted."""
    if game.info.name != "not_alone":
        raise ValueError(f"the fitted value is for Not Alone, not {game.info.name!r}")
    params: NotAloneParams = game.params
    fits = read_fits()
    fit = fits.get(str(params.players))
    if fit is None:
        raise ValueError(
            f"no fitted Not Alone value for {params.players} players (fitted: "
            f"{sorted(int(k) for k in fits)}); fit one with `{fit_command(params.players)}`"
        )
    if fit["rules_version"] != game.info.rules_version or fit["params"] != params.to_dict():
        raise ValueError(
            f"the fitted Not Alone value for {params.players} players is for rules "
            f"{fit['rules_version']} with params {fit['params']}, not {game.info.rules_version} "
            f"with {params.to_dict()}; refit it with `{fit_command(params.players)}`"
        )
    if tuple(fit["features"]) != FEATURES:
        raise ValueError(
            f"the fitted Not Alone value has features {fit['features']}, the code expects "
            f"{list(FEATURES)}; refit it with `{fit_command(params.players)}`"
        )
    return NotAloneValue(tuple(float(w) for w in fit["weights"]), turns)


def shaping_potential(game: Any) -> Callable[[Any], tuple[float, ...]]:
    """The kit's reward-shaping potential: the fitted value of a position, valued where it is
    (no rollout), one entry per seat (agents/rl/shaping.py)."""
    return load_value(game, turns=0).value
