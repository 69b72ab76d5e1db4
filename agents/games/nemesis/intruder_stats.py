"""Figures for the intruder player (param intruder_player): random games per player count with
the invariants checked after every step, and heuristic crews against the heuristic intruder.

    python -m agents.games.nemesis.intruder_stats --games 200 --heuristic-games 100

`--seat AGENT` instead plays heuristic crews (4 players) against the intruder seat played by
AGENT (heuristic, random, or ppo:CHECKPOINT, a trained policy of the late role "intruder":
agents.play.play_game's late_agents) on seeds first-seed.. and prints the intruder's win rate
over the games in which a seat took the Intruders over, with its Wilson 95% interval (issue
14's intruder-seat comparison); `--workers` splits the seeds, not the results:

    python -m agents.games.nemesis.intruder_stats --seat heuristic --games 2000 --first-seed 1000
"""

from __future__ import annotations

import argparse
import multiprocessing
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import torch

from agents.base import AgentContext, RandomAgent
from agents.games.nemesis.crew import HeuristicCrew, heuristic_agent
from agents.play import play_game
from agents.rl.agent import PPOAgent
from agents.stats import wilson_interval
from nemesis_env.core.engine import CHANCE
from nemesis_env.core.errors import CheckpointError
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


def seat_match(
    agent: str,
    games: int,
    first_seed: int,
    players: int = 4,
    workers: int = 1,
    greedy: bool = False,
) -> dict[str, Any]:
    """Heuristic crews against the intruder seat played by `agent` (module docstring). Game g
    is seeded by its seed alone, so `workers` processes give the same counts as one."""
    _seat_agent(agent, NemesisGame(players=players, intruder_player=True), greedy)  # fail early
    seeds = list(range(first_seed, first_seed + games))
    chunks = [(agent, players, seeds[i::workers], greedy) for i in range(workers)]
    if workers == 1:
        counts = [_play_seeds(*chunks[0])]
    else:
        # one torch thread per worker: the processes already fill the cores (set only in the
        # workers, so a one-process call leaves the caller's torch settings alone)
        pool_of = multiprocessing.get_context("fork").Pool
        with pool_of(workers, initializer=torch.set_num_threads, initargs=(1,)) as pool:
            counts = pool.starmap(_play_seeds, chunks)
    played, won = sum(c[0] for c in counts), sum(c[1] for c in counts)
    low, high = wilson_interval(won, played)
    return {"intruder": agent, "greedy": greedy, "games": games, "first_seed": first_seed,
            "taken": played, "won": won, "win_rate": won / max(played, 1),
            "ci95": [low, high]}  # fmt: skip


def _play_seeds(agent: str, players: int, seeds: list[int], greedy: bool) -> tuple[int, int]:
    """(games in which a seat took the Intruders over, games of those no character won)."""
    game = NemesisGame(players=players, intruder_player=True)
    seat_agent = _seat_agent(agent, game, greedy)
    played = won = 0
    for seed in seeds:
        streams = [
            np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(players + 1)
        ]
        crew = [heuristic_agent(game, s) for s in range(players)]
        result = play_game(game, crew, streams[0], streams[1:], late_agents=seat_agent)
        taken = result.late_results(game.info)
        played += bool(taken)
        won += any(r.value > 0 for r in taken)
    return played, won


def _seat_agent(agent: str, game: NemesisGame, greedy: bool = False) -> Any:
    """heuristic, random, or ppo:CHECKPOINT (a trained policy of the "intruder" role, sampled,
    or with `greedy` its likeliest move; the checkpoint is checked against the game before any
    game is played)."""
    if agent == "random":
        return lambda seat, role: RandomAgent()
    if agent == "heuristic":
        return lambda seat, role: heuristic_agent(game, seat)
    kind, _, path = agent.partition(":")
    if kind != "ppo" or not path:
        raise ValueError(f"--seat must be heuristic, random or ppo:CHECKPOINT, got {agent!r}")
    policy = PPOAgent.from_checkpoint(path, game, name="ppo", greedy=greedy)
    return lambda seat, role: policy


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--heuristic-games", type=int, default=100)
    parser.add_argument("--seat", metavar="AGENT",
                        help="heuristic crews against this intruder seat agent: heuristic, "
                        "random or ppo:CHECKPOINT")  # fmt: skip
    parser.add_argument("--workers", type=int, default=1, help="processes (same counts)")
    parser.add_argument("--greedy", action="store_true", help="a ppo seat plays its likeliest move")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.seat is not None:
        if args.workers < 1 or args.games < 1:
            parser.error("--games and --workers must be at least 1")
        try:
            r = seat_match(
                args.seat, args.games, args.first_seed, workers=args.workers, greedy=args.greedy
            )
        except (ValueError, CheckpointError) as exc:
            parser.error(str(exc))
        low, high = r["ci95"]
        mode = " (greedy)" if r["greedy"] else ""
        print(f"intruder seat {r['intruder']}{mode}: took over in {r['taken']} of "
              f"{r['games']} games, won {r['won']} = {r['win_rate']:.3f} "
              f"[{low:.3f}, {high:.3f}]")  # fmt: skip
        return
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
