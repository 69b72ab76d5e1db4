"""How much one-step search could gain over an agent: a rollout policy-improvement probe.

Tesauro & Galperin (1996) improve a policy by rollouts: at each decision, play every legal move
followed by the policy itself, and keep the move whose rollouts score best. The policy
improvement theorem says the improved policy is no worse; how much better it is measures the
headroom a search (ISMCTS with the agent as prior and rollout policy) or an RL fine-tune
starting from the agent can find one decision at a time.

The probe plays games with the game kit's heuristic at every seat (the `baseline` agent at the
probed seats) and, at every `stride`-th decision of the probed role with two or more legal
moves, runs from that seat's View only:

1. **Selection.** `select_worlds` worlds are drawn with `game.sample_world(view, rng)`; in each
   world every legal move is played and then the game is played out to its end by the baseline
   at the probed seat and fresh heuristic agents at the others. The rollouts of one world share
   one random stream (common random numbers), so the moves are compared paired. The move with
   the best mean return is the one the improved policy would play (the baseline's own move wins
   ties).
2. **Fresh evaluation.** The best of several noisy means is biased upwards (the winner's curse),
   so where the selected move differs from the baseline's, `eval_worlds` new worlds and streams
   measure the paired difference again. Its mean is the probe's gain; where the moves agree the
   gain is exactly 0.

The sum of the fresh gains over the probed decisions, times `stride`, over the games played, is a
first-order estimate of what the rollout-improved policy adds per game (the performance
difference lemma, taken on the baseline's own visits): `report` gives it with its standard error.
The game then goes on with the baseline's move, so the probe never changes the games it watches.

A probe reads the View only (never the true state of the game it watches), and is a pure function
of the game seed and its settings: `workers` split the seeds, not the results.

    python -m agents.search.headroom --game nemesis --players 4 --role crew --seat 0 --games 40
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from agents.base import Agent, AgentContext, RandomAgent
from agents.kit import kit_for
from agents.play import decision_context, new_state
from agents.stats import key_values
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.envs.registry import load_game

AgentFactory = Callable[[Any, int], Agent]


@dataclass(frozen=True, slots=True)
class ProbeSettings:
    """What is probed and how hard: `role` (and `seat`, or any seat in that role), every
    `stride`-th of its decisions with two or more legal moves, with `select_worlds` paired
    worlds per move to pick a move and `eval_worlds` fresh ones to measure it."""

    role: str
    seat: int | None = None
    select_worlds: int = 8
    eval_worlds: int = 16
    stride: int = 1

    def __post_init__(self) -> None:
        if self.select_worlds < 1 or self.eval_worlds < 1 or self.stride < 1:
            raise ValueError(
                "select_worlds, eval_worlds and stride must be at least 1, got "
                f"{self.select_worlds}, {self.eval_worlds}, {self.stride}"
            )


@dataclass(frozen=True, slots=True)
class Probe:
    """One probed decision: the baseline's move and the selected one (action names), the
    selection's mean returns of both, and the fresh paired differences (selected minus
    baseline; empty where the two moves agree)."""

    seed: int
    seat: int
    decision: int  # the probed seat's decision index in its game
    legal: int
    baseline_move: str
    selected_move: str
    baseline_mean: float
    selected_mean: float
    fresh: tuple[float, ...] = field(default_factory=tuple)

    @property
    def gain(self) -> float:
        return sum(self.fresh) / len(self.fresh) if self.fresh else 0.0

    @property
    def gain_variance(self) -> float:
        """The variance of `gain` (0 where the moves agree: nothing was sampled)."""
        n = len(self.fresh)
        if n < 2:
            return 0.0
        mean = self.gain
        return sum((x - mean) ** 2 for x in self.fresh) / (n - 1) / n


def heuristic_factory(game: Any) -> AgentFactory:
    """The game kit's heuristic for any seat (agents/kit.py)."""
    return kit_for(game).heuristic


def baseline_factory(name: str, game: Any) -> AgentFactory:
    """`heuristic` (the kit's) or `random` (uniform over the legal moves)."""
    if name == "heuristic":
        return heuristic_factory(game)
    if name == "random":
        return lambda g, seat: RandomAgent()
    raise ValueError(f"baseline must be 'heuristic' or 'random', got {name!r}")


def role_value(game: Any, state: Any, seat: int, role: str) -> float:
    """The return of `seat` playing `role` in a finished game (0 if it never took the role)."""
    for result in game.role_results(state):
        if result.seat == seat and result.role == role:
            return float(result.value)
    return 0.0


Watch = Callable[[AgentContext, int], None]
"""`watch(ctx, move)`: told each agent's decision and chosen move before the move is applied."""


def play_out(
    game: Any,
    state: Any,
    agents: Sequence[Agent],
    rng: np.random.Generator,
    obs: np.ndarray,
    watch: Watch | None = None,
) -> Any:
    """Plays `state` (changed in place) to its end; chance and every agent draw from `rng`, so
    two rollouts from generators with one seed share their randomness."""
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        agent = agents[seat]
        ctx = decision_context(game, state, seat, agent, game.role_of(state, seat), obs)
        move = int(agent.act(ctx, rng))
        if watch is not None:
            watch(ctx, move)
        state.apply_action(move)
    return state


class PairedRollouts:
    """Paired rollouts from one decision's View: every world and stream drawn from `rng`."""

    def __init__(
        self, game: Any, view: Any, seat: int, role: str, agents: Callable[[], list[Agent]]
    ) -> None:
        self.game, self.view, self.seat, self.role, self.agents = game, view, seat, role, agents
        self.obs = np.zeros(game.observation_size(), dtype=np.float32)

    def values(self, moves: Sequence[int], rng: np.random.Generator) -> list[float]:
        """One sampled world and one stream: each move's return played out from it."""
        world = self.game.sample_world(self.view, rng)
        stream = int(rng.integers(2**62))
        out = []
        for move in moves:
            state = world.clone()
            state.apply_action(move)
            end = play_out(self.game, state, self.agents(), np.random.default_rng(stream), self.obs)
            out.append(role_value(self.game, end, self.seat, self.role))
        return out


def probe_decision(
    game: Any,
    view: Any,
    legal: Sequence[int],
    seat: int,
    role: str,
    baseline_move: int,
    agents: Callable[[], list[Agent]],
    settings: ProbeSettings,
    rng: np.random.Generator,
    where: tuple[int, int] = (0, 0),
) -> Probe:
    """Selection and fresh evaluation (module docstring) at one decision, from its View."""
    rollouts = PairedRollouts(game, view, seat, role, agents)
    moves = [baseline_move, *(a for a in legal if a != baseline_move)]
    totals = [0.0] * len(moves)
    for _ in range(settings.select_worlds):
        totals = [t + v for t, v in zip(totals, rollouts.values(moves, rng), strict=True)]
    best = max(range(len(moves)), key=lambda i: (totals[i], -i))  # ties: the baseline's
    fresh: tuple[float, ...] = ()
    if best != 0:
        pairs = [rollouts.values([moves[best], baseline_move], rng)
                 for _ in range(settings.eval_worlds)]  # fmt: skip
        fresh = tuple(a - b for a, b in pairs)
    k = settings.select_worlds
    return Probe(where[0], seat, where[1], len(legal), game.action_name(baseline_move),
                 game.action_name(moves[best]), totals[0] / k, totals[best] / k, fresh)  # fmt: skip


def probe_game(
    game: Any, seed: int, settings: ProbeSettings, baseline: AgentFactory
) -> list[Probe]:
    """Plays game `seed` (heuristic seats, `baseline` at the probed ones) and probes it."""
    heuristic = heuristic_factory(game)
    players = len(game.info.seat_roles)

    def probed(seat: int) -> bool:
        return settings.seat is None or seat == settings.seat

    def fresh_agents() -> list[Agent]:
        return [(baseline if probed(s) else heuristic)(game, s) for s in range(players)]

    streams = np.random.SeedSequence(seed).spawn(2)
    play_rng, probe_rng = np.random.default_rng(streams[0]), np.random.default_rng(streams[1])
    probes: list[Probe] = []
    counts = [0] * players

    def watch(ctx: AgentContext, move: int) -> None:
        seat, legal = ctx.seat, ctx.legal_actions()
        if ctx.role != settings.role or not probed(seat) or len(legal) < 2:
            return
        counts[seat] += 1
        if (counts[seat] - 1) % settings.stride == 0:
            probes.append(probe_decision(
                game, ctx.view, legal, seat, ctx.role, move, fresh_agents, settings, probe_rng,
                (seed, counts[seat] - 1)))  # fmt: skip

    obs = np.zeros(game.observation_size(), dtype=np.float32)
    play_out(game, new_state(game), fresh_agents(), play_rng, obs, watch)
    return probes


def report(probes: Sequence[Probe], games: int, settings: ProbeSettings) -> dict[str, Any]:
    """Totals: decisions probed and changed, the selection's and the fresh gain, and the
    first-order gain per game (fresh gain x stride / games, summed over the probed seats: name
    one `seat` for one seat's gain) with its standard error; also per baseline move name (its
    text before any ':')."""
    changed = [p for p in probes if p.fresh]
    fresh = sum(p.gain for p in probes)
    se = math.sqrt(sum(p.gain_variance for p in probes))
    selection = sum(p.selected_mean - p.baseline_mean for p in probes)
    by_kind: dict[str, dict[str, float]] = {}
    for p in probes:
        row = by_kind.setdefault(p.baseline_move.split(":")[0],
                                 {"probed": 0, "changed": 0, "selection_gain": 0.0,
                                  "fresh_gain": 0.0})  # fmt: skip
        row["probed"] += 1
        row["changed"] += bool(p.fresh)
        row["selection_gain"] += p.selected_mean - p.baseline_mean
        row["fresh_gain"] += p.gain
    scale = settings.stride / max(games, 1)
    return {
        "settings": asdict(settings),
        "games": games,
        "probed": len(probes),
        "changed": len(changed),
        "selection_gain": selection,
        "fresh_gain": fresh,
        "fresh_gain_se": se,
        "per_game_gain": fresh * scale,
        "per_game_gain_se": se * scale,
        "by_move": dict(sorted(by_kind.items())),
    }


def probe_games(
    game_name: str,
    params: dict[str, Any],
    settings: ProbeSettings,
    games: int,
    first_seed: int = 0,
    baseline: str = "heuristic",
    workers: int = 1,
) -> list[Probe]:
    """Probes games first_seed.. (in seed order, whatever `workers` is). Every argument is
    checked before the first game is played."""
    if games < 1 or workers < 1:
        raise ValueError(f"games and workers must be at least 1, got {games}, {workers}")
    game = load_game(game_name, **params)
    _check_role(game, settings)
    baseline_factory(baseline, game)
    seeds = list(range(first_seed, first_seed + games))
    chunks = [(game_name, params, settings, seeds[i::workers], baseline) for i in range(workers)]
    if workers == 1:
        parts = [_probe_seeds(*chunks[0])]
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            parts = pool.starmap(_probe_seeds, chunks)
    probes = [p for part in parts for p in part]
    return sorted(probes, key=lambda p: (p.seed, p.decision))


def _check_role(game: Any, settings: ProbeSettings) -> None:
    roles = sorted(set(game.info.seat_roles) | set(game.info.late_roles))
    if settings.role not in roles:
        raise ValueError(f"unknown role {settings.role!r}: this game has {roles}")
    players = len(game.info.seat_roles)
    if settings.seat is not None and not 0 <= settings.seat < players:
        raise ValueError(f"seat must be in 0..{players - 1}, got {settings.seat}")


def _probe_seeds(
    game_name: str, params: dict[str, Any], settings: ProbeSettings, seeds: list[int],
    baseline: str,
) -> list[Probe]:  # fmt: skip
    game = load_game(game_name, **params)
    factory = baseline_factory(baseline, game)
    return [p for seed in seeds for p in probe_game(game, seed, settings, factory)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, help="a registered game, e.g. nemesis")
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="a game param (players=4), its value read as YAML")  # fmt: skip
    parser.add_argument("--role", required=True, help="the role whose decisions are probed")
    parser.add_argument("--seat", type=int, default=None, help="only this seat (default: any)")
    parser.add_argument("--baseline", default="heuristic", help="heuristic or random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--select", type=int, default=8, help="paired worlds per move to select")
    parser.add_argument("--eval", type=int, default=16, help="fresh paired worlds to measure")
    parser.add_argument("--stride", type=int, default=1, help="probe every N-th decision")
    parser.add_argument("--workers", type=int, default=1, help="processes (same results)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--detail", action="store_true",
                        help="list every probe (--json) or the ten largest gains")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        settings = ProbeSettings(args.role, args.seat, args.select, args.eval, args.stride)
        params = key_values(args.param)
        probes = probe_games(args.game, params, settings, args.games, args.first_seed,
                             args.baseline, args.workers)  # fmt: skip
    except (ValueError, TypeError, KeyError) as exc:
        parser.error(str(exc))
    r = report(probes, args.games, settings)
    if args.detail:
        r["probes"] = [{**asdict(p), "gain": p.gain} for p in probes]
    if args.json:
        print(json.dumps(r, indent=2))
        return
    print(f"{r['probed']} decisions probed in {args.games} games, {r['changed']} changed by the "
          f"selection; selection gain {r['selection_gain']:.2f}, fresh gain "
          f"{r['fresh_gain']:.2f} +- {r['fresh_gain_se']:.2f} (SE); per game "
          f"{r['per_game_gain']:+.4f} +- {r['per_game_gain_se']:.4f}")  # fmt: skip
    for name, row in r["by_move"].items():
        print(f"  {name:24} probed {row['probed']:5}  changed {row['changed']:4}  selection "
              f"{row['selection_gain']:+7.2f}  fresh {row['fresh_gain']:+7.2f}")  # fmt: skip
    if args.detail:  # where the agent most plainly could do better
        print("largest fresh gains (seed, seat, decision: baseline -> selected):")
        for p in sorted(probes, key=lambda p: -p.gain)[:10]:
            print(f"  {p.seed}, {p.seat}, {p.decision}: {p.baseline_move} -> {p.selected_move} "
                  f"{p.gain:+.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
