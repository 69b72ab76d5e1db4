"""Playing Nemesis games with agents, without the registry (the game is not registered yet):
the driver the tests use, and the survival / win measurement of docs/agents.md.

    python -m agents.games.nemesis.measure --players 4 --games 100

prints, for heuristic and random crews, the share of characters that survive and that win,
the games per second and the agent time per game.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from agents.base import Agent, AgentContext, RandomAgent
from agents.games.nemesis.crew import heuristic_agent
from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.state import State

SURVIVED = (1, 3)  # hibernating, escaped (character.py)


@dataclass(frozen=True)
class Result:
    state: State
    agent_seconds: float
    decisions: int


def play_game(game: NemesisGame, agents: Sequence[Agent], seed: int) -> Result:
    """One game: chance from `seed`, each seat's agent with its own generator from `seed`.
    Agents get the view, observation and mask of their seat (never the state)."""
    s = game.new_initial_state(log_events=False)
    chance_rng = np.random.default_rng([seed, 0])
    agent_rngs = [np.random.default_rng([seed, 1, seat]) for seat in range(len(agents))]
    obs = np.empty(game.observation_size(), np.float32)
    spent, decisions = 0.0, 0
    while not s.is_terminal():
        p = s.current_player()
        if p == CHANCE:
            outcomes = s.chance_outcomes()
            probs = np.array([q for _, q in outcomes])
            s.apply_action(
                outcomes[int(chance_rng.choice(len(outcomes), p=probs / probs.sum()))][0]
            )
            continue
        legal = s.legal_actions()
        view = game.view_for(s, p)
        game.encode(view, obs)
        ctx = AgentContext(p, obs, game.space.mask(legal), view, game)
        start = time.perf_counter()
        action = agents[p].act(ctx, agent_rngs[p])
        spent += time.perf_counter() - start
        decisions += 1
        s.apply_action(action)
    return Result(s, spent, decisions)


def crews(game: NemesisGame, kind: str) -> list[Agent]:
    n = game.params.players
    if kind == "heuristic":
        return [heuristic_agent(game, seat) for seat in range(n)]
    return [RandomAgent() for _ in range(n)]


def measure(players: int, games: int, kind: str, first_seed: int = 0) -> dict[str, float]:
    game = NemesisGame(players=players)
    survived = won = 0
    agent_time = decisions = 0.0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        r = play_game(game, crews(game, kind), seed)
        survived += sum(1 for c in r.state.chars if c.status in SURVIVED)
        won += sum(r.state.winners)
        agent_time += r.agent_seconds
        decisions += r.decisions
    wall = time.perf_counter() - start
    seats = players * games
    return {
        "survival": survived / seats, "wins": won / seats, "games_per_s": games / wall,
        "agent_s_per_game": agent_time / games, "decisions_per_game": decisions / games,
    }  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[4])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--kinds", nargs="+", default=["heuristic", "random"])
    args = parser.parse_args(argv)
    for players in args.players:
        for kind in args.kinds:
            m = measure(players, args.games, kind)
            print(f"{players}p {kind:9s} " + " ".join(f"{k}={v:.3f}" for k, v in m.items()))


if __name__ == "__main__":
    main()
