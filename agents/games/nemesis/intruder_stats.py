"""Figures for the intruder player (param intruder_player): random games per player count with
the invariants checked after every step, and heuristic crews against the heuristic intruder.

    python -m agents.games.nemesis.intruder_stats --games 200 --heuristic-games 100
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

import numpy as np

from agents.base import AgentContext
from agents.games.nemesis.crew import HeuristicCrew
from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis.game import NemesisGame


def play(game: NemesisGame, seed: int, heuristic: bool, check: bool) -> Counter[str]:
    rng = np.random.default_rng(seed)
    s = game.new_initial_state(log_events=False)
    agents = [HeuristicCrew() for _ in range(game.params.players)]
    out: Counter[str] = Counter()
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            outcomes = s.chance_outcomes()
            p = np.array([q for _, q in outcomes])
            s.apply_action(outcomes[int(rng.choice(len(outcomes), p=p / p.sum()))][0])
        else:
            seat = s.current_player()
            legal = s.legal_actions()
            if heuristic:
                mask = np.zeros(game.info.num_actions, np.int8)
                mask[legal] = 1
                obs = np.zeros(game.observation_size(), np.float32)
                ctx = AgentContext(seat, obs, mask, game.view_for(s, seat), game)
                s.apply_action(agents[seat].act(ctx, rng))
            else:
                s.apply_action(legal[int(rng.integers(len(legal)))])
            out["decisions"] += 1
        if check and (errors := game.invariant_errors(s)):
            raise AssertionError(f"seed {seed}: {errors}")
    returns = s.returns()
    ip = s.ip
    assert ip is not None
    out["intruder_seat"] += ip.active
    out["crew_win"] += any(s.winners)
    if ip.active:
        out["intruder_return"] += int(returns[ip.seat])
        assert returns[ip.seat] == (0.0 if any(s.winners) else 1.0)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--heuristic-games", type=int, default=100)
    args = parser.parse_args(argv)
    for players in (2, 3, 4, 5):
        game = NemesisGame(players=players, intruder_player=True)
        for label, n, heuristic in (("random", args.games, False),
                                    ("heuristic", args.heuristic_games, True)):  # fmt: skip
            total: Counter[str] = Counter()
            for seed in range(n):
                total += play(game, seed, heuristic, check=not heuristic)
            print(f"{players}p {label:9} games={n} intruder seat taken={total['intruder_seat']} "
                  f"crew won (someone)={total['crew_win']} intruder return 1="
                  f"{total['intruder_return']} "
                  f"decisions/game={total['decisions'] / n:.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
