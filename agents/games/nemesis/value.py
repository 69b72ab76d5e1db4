"""A fitted value of Nemesis positions, so that search rollouts can stop early.

A seat wins Nemesis (standard mode) by surviving with its objective met, which happens in about
8% of a heuristic crew's seats, and only at the very end of a game of ~15 turns. A search
rollout cut at a fixed depth therefore scores 0 almost every time, which tells the root nothing
(docs/benchmarks.md: ISMCTS with such rollouts made exactly the heuristic's moves).
`NemesisValue` plays a rollout on until the start of a later turn and answers with P(seat wins),
per seat, from a logistic model of the position fitted on games of the heuristic crew
(`agents.games.nemesis.value_fit`): the value of the position if the heuristic crew plays on.
A dead character's value is 0 and a finished game's is its true returns.

The features are the seat's body (status, wounds, infection), its objective (met now or not),
its way out (corridor distance to the Hibernatorium, Intruders around it) and the ship (time
left, self-destruct, fires, malfunctions, working engines). They read the true state of a
sampled world, which the search draws from the seat's own information set.

The fitted weights ship in `data/nemesis_value.json`, one set per fitted params (players,
mode and any other param off its default: `fit_key`), with the rules version, the games and
seed they came from and their held-out log loss; `load_value` refuses a game they were not
fitted for, naming the command that fits them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from agents.games.nemesis.lookup import lookup_for
from nemesis_env.games.nemesis.character import ACTIVE, DEAD, ESCAPED, HIBERNATING, IN_POD
from nemesis_env.games.nemesis.rules.objectives import met
from nemesis_env.games.nemesis.state import WORKING

FEATURES = (
    "bias",
    "hibernating",
    "in_pod",
    "escaped",
    "objective_chosen",
    "objective_met",  # the chosen objective holds now (surviving aside)
    "light_wounds",
    "serious_wounds",
    "undressed_wounds",
    "larva",
    "slime",
    "contamination",  # contamination cards in hand and discard
    "action_cards",  # cards in hand that can pay a cost
    "way_out",  # corridor distance to the Hibernatorium (0 once off the board)
    "intruders_here",
    "intruders_near",  # in rooms one corridor away
    "turns_left",  # time-track spaces left
    "self_destruct",  # 1 while the sequence runs
    "fires",
    "malfunctions",
    "engines_working",  # engines whose top token is face up WORKING
    "crew_alive",  # other characters not dead
    "intruders_on_board",
)
DATA_FILE = "nemesis_value.json"


def fit_key(params: Any) -> str:
    """The shipped fits are keyed by player count and mode, then every other param that
    differs from its default, e.g. "4 standard" or "4 standard intruder_player=true"."""
    values = params.to_dict()
    defaults = type(params)(players=params.players, mode=params.mode).to_dict()
    others = [f"{k}={v if isinstance(v, str) else json.dumps(v)}"
              for k, v in sorted(values.items()) if v != defaults[k]]  # fmt: skip
    return " ".join([str(params.players), params.mode, *others])


def features(state: Any, seat: int) -> list[float]:
    """The model's inputs for `seat` in a Nemesis state (e.g. a sampled world)."""
    lk = lookup_for(state.game)
    c = state.chars[seat]
    room = c.room if c.status == ACTIVE else -1
    intruders = [r for r in state.intruder_room if r >= 0]
    here = sum(1 for r in intruders if r == room) if room >= 0 else 0
    near = sum(1 for r in intruders if room >= 0 and lk.dist[room][r] == 1)
    way_out = lk.dist[room][lk.hibernatorium] if room >= 0 else 0
    limit = lk.contamination_from
    contamination = sum(1 for card in c.hand if card >= limit)
    contamination += sum(1 for card in c.discard if card >= limit)
    return [
        1.0,
        float(c.status == HIBERNATING),
        float(c.status == IN_POD),
        float(c.status == ESCAPED),
        float(c.objective >= 0),
        float(met(state, seat)),
        float(c.light_wounds),
        float(len(c.serious)),
        float(sum(1 for w in c.serious if w >= 0)),
        float(c.larva),
        float(c.slime),
        float(contamination),
        float(sum(1 for card in c.hand if card < limit)),
        float(min(way_out, 10)),
        float(here),
        float(near),
        float(state.time),
        float(state.self_destruct >= 0),
        float(sum(state.fire)),
        float(sum(state.malfunction)),
        float(sum(1 for e in state.engine if e == WORKING)),
        float(sum(1 for i, o in enumerate(state.chars) if i != seat and o.status != DEAD)),
        float(len(intruders)),
    ]


@dataclass(frozen=True, slots=True)
class NemesisValue:
    """Leaf evaluator for `agents.search` (the `LeafValue` protocol): the rollout runs until
    `turns` turns after its start, then each seat's fitted P(win) is its value (returns are 1
    for a winner and 0 otherwise, so that is the expected return)."""

    weights: tuple[float, ...]
    turns: int = 1

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(
                f"NemesisValue needs {len(FEATURES)} weights ({', '.join(FEATURES)}), "
                f"got {len(self.weights)}"
            )
        if self.turns < 0:
            raise ValueError(f"turns must be >= 0, got {self.turns}")

    def mark(self, state: Any) -> int:
        return int(state.time) - self.turns  # the time track counts down, one space a turn

    def reached(self, state: Any, mark: int) -> bool:
        return bool(state.time <= mark)

    def win_probability(self, state: Any, seat: int) -> float:
        if state.chars[seat].status == DEAD:
            return 0.0
        z = sum(w * x for w, x in zip(self.weights, features(state, seat), strict=True))
        return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))

    def value(self, state: Any) -> tuple[float, ...]:
        if state.is_terminal():
            return tuple(state.returns())
        values = [self.win_probability(state, seat) for seat in range(len(state.chars))]
        ip = state.ip
        if ip is not None and ip.active:  # the intruder seat's aim: no character wins
            crew = [v for seat, v in enumerate(values) if seat != ip.seat]
            values[ip.seat] = math.prod(1.0 - v for v in crew)
        return tuple(values)


def fit_command(key: str) -> str:
    players, mode, *others = key.split()
    extra = "".join(f" --param {pair}" for pair in others)
    return f"python -m agents.games.nemesis.value_fit --players {players} --mode {mode}{extra}"


def read_fits() -> dict[str, Any]:
    """The shipped fits, keyed by `fit_key`."""
    text = resources.files("agents.games.nemesis").joinpath("data", DATA_FILE).read_text("utf-8")
    fits: dict[str, Any] = json.loads(text)
    return fits


def load_value(game: Any, turns: int = 1) -> NemesisValue:
    """The shipped value for `game` (a NemesisGame); a clear error where none was fitted."""
    if game.info.name != "nemesis":
        raise ValueError(f"the fitted value is for Nemesis, not {game.info.name!r}")
    key = fit_key(game.params)
    fits = read_fits()
    fit = fits.get(key)
    if fit is None:
        raise ValueError(
            f"no fitted Nemesis value for {key!r} (fitted: {sorted(fits)}); fit one with "
            f"`{fit_command(key)}`"
        )
    if fit["rules_version"] != game.info.rules_version or fit["params"] != game.params.to_dict():
        raise ValueError(
            f"the fitted Nemesis value {key!r} is for rules {fit['rules_version']} with params "
            f"{fit['params']}, not {game.info.rules_version} with {game.params.to_dict()}; "
            f"refit it with `{fit_command(key)}`"
        )
    if tuple(fit["features"]) != FEATURES:
        raise ValueError(
            f"the fitted Nemesis value has features {fit['features']}, the code expects "
            f"{list(FEATURES)}; refit it with `{fit_command(key)}`"
        )
    return NemesisValue(tuple(float(w) for w in fit["weights"]), turns)


def shaping_potential(game: Any) -> Callable[[Any], tuple[float, ...]]:
    """The kit's reward-shaping potential: the fitted P(win) of a position, valued where it is
    (no rollout), one entry per seat (agents/rl/shaping.py)."""
    return load_value(game, turns=0).value
