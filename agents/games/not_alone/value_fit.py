"""Fits `NotAloneValue`: a logistic model of who wins, from heuristic self-play games.

    python -m agents.games.not_alone.value_fit --players 4 [--games 3000] [--seed 0]

plays `games` seeded games of the heuristic agents against each other (game i: chance from
`seed_sequence(seed, i)`), records the state at the first decision of every turn with the
game's winner, fits the weights by Newton's method on the log loss (a small L2 term keeps the
Hessian well conditioned), and writes them, with their provenance and held-out log loss (the
last fifth of the games), into `agents/games/not_alone/data/not_alone_value.json`. Same
arguments, same weights: nothing here draws from a global generator.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from agents.base import AgentContext
from agents.games.not_alone.heuristic import heuristic_agent
from agents.games.not_alone.value import DATA_FILE, FEATURES, features
from agents.logistic import Array, fit_record, held_out_fit
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.game import NotAloneGame

Samples = tuple[Array, Array, npt.NDArray[np.int64]]


def game_seeds(seed: int, index: int) -> list[np.random.Generator]:
    """Chance's generator and one per seat for game `index` of a fit with `seed`."""
    children = np.random.SeedSequence([seed, index]).spawn(1 + 16)
    return [np.random.default_rng(child) for child in children]


def turn_starts(game: NotAloneGame, index: int, seed: int) -> tuple[list[list[float]], bool]:
    """Features at each turn's first decision of one heuristic game; did the Creature win?"""
    state = game.new_initial_state(log_events=False)
    chance, *seat_rngs = game_seeds(seed, index)
    agents = [heuristic_agent(game, seat) for seat in range(game.info.num_players)]
    observation = np.zeros(0, dtype=np.float32)  # the heuristics read the View only
    rows: list[list[float]] = []
    last_turn = -1
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), chance))
            continue
        if state.turn != last_turn:
            last_turn = state.turn
            rows.append(features(state))
        mask = np.zeros(game.info.num_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        ctx = AgentContext(seat, observation, mask, game.view_for(state, seat), game)
        state.apply_action(agents[seat].act(ctx, seat_rngs[seat]))
    return rows, state.returns()[0] > 0


def collect(game: NotAloneGame, games: int, seed: int) -> Samples:
    """(features, Creature won, game index) of every turn start in `games` heuristic games."""
    xs: list[list[float]] = []
    ys: list[float] = []
    index: list[int] = []
    for i in range(games):
        rows, creature_won = turn_starts(game, i, seed)
        xs += rows
        ys += [float(creature_won)] * len(rows)
        index += [i] * len(rows)
    return np.array(xs), np.array(ys), np.array(index, dtype=np.int64)


def fit_value(players: int, games: int, seed: int) -> dict[str, Any]:
    """The fit record written to the data file: weights, provenance and held-out quality."""
    if games < 5:
        raise ValueError(f"games must be >= 5 (a fifth is held out), got {games}")
    game = NotAloneGame(players=players)
    x, y, index = collect(game, games, seed)
    weights, report = held_out_fit(x, y, index, games)
    return fit_record(game, games, seed, FEATURES, weights, report)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent / "data" / DATA_FILE)
    args = parser.parse_args(argv)
    fits = json.loads(args.out.read_text("utf-8")) if args.out.exists() else {}
    try:
        fits[str(args.players)] = fit_value(args.players, args.games, args.seed)
    except ValueError as exc:  # bad --players, --mode or --games: one line, exit 2
        parser.error(str(exc))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(fits, indent=1, sort_keys=True) + "\n", "utf-8")
    held_out = fits[str(args.players)]["held_out"]
    print(
        f"{args.players} players: held-out log loss {held_out['log_loss']:.4f} "
        f"(constant {held_out['constant_log_loss']:.4f}) over {held_out['samples']} turn starts"
    )


if __name__ == "__main__":
    main()
