"""Fits `NemesisValue`: a logistic model of which seats win, from heuristic crew games.

    python -m agents.games.nemesis.value_fit --players 4 --mode standard [--games 2000] [--seed 0]
        [--param intruder_player=true]

plays `games` seeded games of the heuristic crew on every seat (game i: chance and each seat
from `SeedSequence([seed, i])`), records each living character's features at the first decision
of every turn with whether that seat won, fits the weights by Newton's method on the log loss
(agents/logistic.py, the solver every kit's value shares), and writes them,
with their provenance and held-out log loss (the last fifth of the games), into
`agents/games/nemesis/data/nemesis_value.json` under the key `fit_key` gives ("4 standard",
"4 standard intruder_player=true"). Same arguments,
same weights: nothing here draws from a global generator.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import yaml

from agents.base import AgentContext
from agents.games.nemesis.crew import heuristic_agent
from agents.games.nemesis.value import DATA_FILE, FEATURES, features, fit_key
from agents.logistic import Array, fit_record, held_out_fit
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.nemesis.character import DEAD
from nemesis_env.games.nemesis.game import NemesisGame

Samples = tuple[Array, Array, npt.NDArray[np.int64]]


def game_seeds(seed: int, index: int, players: int) -> list[np.random.Generator]:
    """Chance's generator and one per seat for game `index` of a fit with `seed`."""
    children = np.random.SeedSequence([seed, index]).spawn(1 + players)
    return [np.random.default_rng(child) for child in children]


def turn_starts(game: NemesisGame, index: int, seed: int) -> tuple[list[list[float]], list[int]]:
    """(features, seat) of every living character at each turn's first decision of one
    heuristic game, and the game's returns as 0/1 per row."""
    players = game.info.num_players
    state = game.new_initial_state(log_events=False)
    chance, *seat_rngs = game_seeds(seed, index, players)
    agents = [heuristic_agent(game, seat) for seat in range(players)]
    observation = np.zeros(0, dtype=np.float32)  # the crew agent reads the View only
    rows: list[list[float]] = []
    seats: list[int] = []
    last_time = None
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), chance))
            continue
        if state.time != last_time:
            last_time = state.time
            for s in range(players):
                if state.chars[s].status != DEAD:
                    rows.append(features(state, s))
                    seats.append(s)
        mask = np.zeros(game.info.num_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        ctx = AgentContext(seat, observation, mask, game.view_for(state, seat), game,
                           role=game.role_of(state, seat))  # fmt: skip
        state.apply_action(agents[seat].act(ctx, seat_rngs[seat]))
    returns = state.returns()
    return rows, [int(returns[s] > 0) for s in seats]


def collect(game: NemesisGame, games: int, seed: int) -> Samples:
    """(features, seat won, game index) of every turn start in `games` heuristic games."""
    xs: list[list[float]] = []
    ys: list[int] = []
    index: list[int] = []
    for i in range(games):
        rows, won = turn_starts(game, i, seed)
        xs += rows
        ys += won
        index += [i] * len(rows)
    return np.array(xs), np.array(ys, dtype=np.float64), np.array(index, dtype=np.int64)


def fit_value(players: int, mode: str, games: int, seed: int, **params: Any) -> dict[str, Any]:
    """The fit record written to the data file: weights, provenance and held-out quality;
    `params`: other game params (intruder_player, board_side, ...)."""
    if games < 5:
        raise ValueError(f"games must be >= 5 (a fifth is held out), got {games}")
    game = NemesisGame(players=players, mode=mode, **params)
    x, y, index = collect(game, games, seed)
    weights, report = held_out_fit(x, y, index, games)
    report["win_rate"] = float(y[index >= games - games // 5].mean())
    return fit_record(game, games, seed, FEATURES, weights, report)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--mode", default="standard", choices=("standard", "coop", "solo"))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="another game param, YAML value (repeatable), e.g. "
                             "intruder_player=true")  # fmt: skip
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / DATA_FILE)
    args = parser.parse_args(argv)
    fits = json.loads(args.out.read_text("utf-8")) if args.out.exists() else {}
    try:
        params = {}
        for pair in args.param:
            name, sep, value = pair.partition("=")
            if not sep or name in ("players", "mode"):
                raise ValueError(f"--param takes KEY=VALUE (not players or mode), got {pair!r}")
            params[name] = yaml.safe_load(value)
        fit = fit_value(args.players, args.mode, args.games, args.seed, **params)
    except ValueError as exc:  # bad --players, --mode, --param or --games: one line, exit 2
        parser.error(str(exc))
    key = fit_key(NemesisGame(players=args.players, mode=args.mode, **params).params)
    fits[key] = fit
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(fits, indent=1, sort_keys=True) + "\n", "utf-8")
    held_out = fit["held_out"]
    print(
        f"{key}: held-out log loss {held_out['log_loss']:.4f} (constant "
        f"{held_out['constant_log_loss']:.4f}) over {held_out['samples']} turn starts"
    )


if __name__ == "__main__":
    main()
