"""Round-robin tournaments over the seats, roles and teams that the game declares.

    python -m experiments.tournament configs/tournament_smoke.yaml --set games_per_match=50

Schedule (experiments/lineup.py): a match is a lineup, one configured agent per position (a
role, or a role on one team), every seat of a position held by that agent. Every lineup of the
config's scheme is played, `games_per_match` games (or the smallest `max_games` of its agents:
the first games of the full schedule, same seeds). For a game of two positions (one role
against a team, say), the default scheme is every ordered pair (X, Y), X == Y included,
with pair p = i * n + j for X = agents[i] on the first and Y = agents[j] on the second. Game g
of pair p draws from `np.random.SeedSequence(seed, spawn_key=(p, g)).spawn(players + 1)`:
stream 0 for chance, stream 1 + s for seat s's agent. Agents are built fresh for every game, so
a game depends only on the config and its own seeds: any number of workers gives
byte-identical results.

A game's record: {"pair", "game", "lineup": {position: agent}, "seed", "returns", "length",
"winners": [seat names]}, where the winners are agents.play.winners (several may win).

The run directory (`out_dir`) receives config.yaml, meta.json (experiments.rundir), games.jsonl,
results.json, crossplay.csv, crossplay.json, crossplay.png and results.md (experiments.report).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from agents.base import Agent
from agents.play import play_game, play_with_notes, winners
from experiments import report
from experiments.agent_factory import make_agent, resolve_kind, single_threaded_torch
from experiments.config import TournamentConfig, load_tournament_config, resolved_config_dict
from experiments.lineup import lineups, pair_index, position_of_seats, positions
from experiments.ratings import ratings
from experiments.rundir import create_run_dir, git_info
from experiments.typed_yaml import add_override_argument
from nemesis_env.core.errors import NemesisError
from nemesis_env.core.files import atomic_write_text
from nemesis_env.envs.registry import load_game
from nemesis_env.tools import recording

REPLAY_KEY = "_replay"  # a record's recording, written to replays/ (config.save_replays)
FILES = (
    "games.jsonl",
    "results.json",
    "crossplay.csv",
    "crossplay.json",
    "crossplay.png",
    "results.md",
)


@dataclass(frozen=True, slots=True)
class Job:
    pair: int
    game: int
    lineup: tuple[int, ...]  # per position, an index into config.agents


@dataclass(frozen=True)
class TournamentResult:
    run_dir: Path
    results: dict[str, Any]
    games: list[dict[str, Any]]

    @property
    def crossplay(self) -> dict[str, Any]:
        """One cross-play matrix per position, by position name."""
        return {m["role"]: m for m in self.results["crossplay"]}


def make_game(config: TournamentConfig) -> Any:
    return load_game(config.game, players=config.players, **config.game_params)


def schedule(config: TournamentConfig, game: Any = None) -> list[Job]:
    """Every game of the tournament, in (pair, game) order."""
    n = len(config.agents)
    places = positions((game or make_game(config)).info)
    return [
        Job(pair=pair_index(lineup, n), game=g, lineup=lineup)
        for lineup in lineups(n, len(places), config.lineups)
        for g in range(config.games_in_match(*lineup))
    ]


def game_streams(seed: int, pair: int, game: int, players: int) -> list[np.random.Generator]:
    """[chance, seat 0, ..., seat players-1] generators for one game."""
    children = np.random.SeedSequence(seed, spawn_key=(pair, game)).spawn(players + 1)
    return [np.random.default_rng(s) for s in children]


class _Runner:
    """Plays scheduled games; one per process (the game object is built once)."""

    def __init__(self, config: TournamentConfig) -> None:
        self.config = config
        self.game = make_game(config)
        self.players = int(self.game.info.num_players)
        self.positions = positions(self.game.info)
        self.position_of = position_of_seats(self.positions, self.players)

    def lineup(self, job: Job) -> list[Agent]:
        """One fresh agent per seat: the agent of the seat's position, built for that seat."""
        specs = self.config.agents
        return [
            make_agent(specs[job.lineup[self.position_of[seat]]], self.game, seat)
            for seat in range(self.players)
        ]

    def late_agents(self, job: Job) -> Callable[[int, str], Agent]:
        """The builder of the agent of a late role's position, for the seat that takes it."""
        specs, where = self.config.agents, {p.name: k for k, p in enumerate(self.positions)}
        return lambda seat, role: make_agent(specs[job.lineup[where[role]]], self.game, seat)

    def play(self, job: Job) -> dict[str, Any]:
        chance_rng, *seat_rngs = game_streams(self.config.seed, job.pair, job.game, self.players)
        replay = job.game < self.config.save_replays
        lineup = self.lineup(job)
        late = self.late_agents(job)
        if replay:
            result, notes = play_with_notes(self.game, lineup, chance_rng, seat_rngs, late)
        else:
            result = play_game(self.game, lineup, chance_rng, seat_rngs, late_agents=late)
            notes = {}
        info = self.game.info
        names = info.seat_names
        record = {
            "pair": job.pair,
            "game": job.game,
            "lineup": {
                p.name: self.config.agents[i].name
                for p, i in zip(self.positions, job.lineup, strict=True)
            },
            "seed": [self.config.seed, job.pair, job.game],
            "returns": [float(r) for r in result.returns],
            "length": result.length,
            # a seat wins when it wins in the role it started in (a seat that took a late
            # role lost its first one: its late role's result is under "late")
            "winners": [names[s] for s in winners(result.starting_role_returns(info))],
        }
        if replay:  # taken out of the record before games.jsonl (write_outputs)
            agents = {names[s]: agent.name for s, agent in enumerate(lineup)}
            record[REPLAY_KEY] = recording.build(
                self.game, result.history, agents=agents, notes=notes
            )
        if info.late_roles:
            record["late"] = [
                {"role": r.role, "seat": names[r.seat], "value": r.value, "won": r.value > 0}
                for r in result.late_results(info)
            ]
        return record


_WORKER: _Runner | None = None


def _init_worker(config: TournamentConfig) -> None:
    global _WORKER
    single_threaded_torch()
    _WORKER = _Runner(config)


def _play_in_worker(job: Job) -> dict[str, Any]:
    assert _WORKER is not None, "worker not initialised"
    return _WORKER.play(job)


def play_games(
    config: TournamentConfig, jobs: Sequence[Job], progress: bool | None = None
) -> list[dict[str, Any]]:
    """Plays `jobs` (in parallel when config.workers > 1); records sorted by (pair, game)."""
    bar = tqdm(
        total=len(jobs),
        desc="tournament",
        unit="game",
        disable=_disable(progress),
        dynamic_ncols=True,
    )
    records: list[dict[str, Any]] = []
    try:
        if config.executor == "ray":
            from experiments.tournament_ray import play_on_ray

            records = play_on_ray(config, jobs, _Runner, bar.update, single_threaded_torch)
        elif config.workers == 1 or len(jobs) <= 1:
            runner = _Runner(config)
            for job in jobs:
                records.append(runner.play(job))
                bar.update()
        else:
            methods = mp.get_all_start_methods()
            ctx = mp.get_context("fork" if "fork" in methods else "spawn")
            single_threaded_torch()
            chunk = max(1, len(jobs) // (config.workers * 16))
            with ctx.Pool(config.workers, initializer=_init_worker, initargs=(config,)) as pool:
                for rec in pool.imap_unordered(_play_in_worker, jobs, chunksize=chunk):
                    records.append(rec)
                    bar.update()
    finally:
        bar.close()
    records.sort(key=lambda r: (r["pair"], r["game"]))
    return records


def _disable(progress: bool | None) -> bool | None:
    # None: tqdm decides (off when stderr is not a terminal)
    return None if progress is None else not progress


def _results_config(config: TournamentConfig) -> dict[str, Any]:
    """The resolved config without the keys that cannot change results (out_dir, workers)."""
    data = resolved_config_dict(config)
    data.pop("out_dir")
    data.pop("workers")
    return data


def summarize(
    config: TournamentConfig,
    game: Any,
    records: Sequence[dict[str, Any]],
    omniscient: dict[str, bool],
) -> dict[str, Any]:
    names = [a.name for a in config.agents]
    info = game.info
    seating = {
        "seat_names": list(info.seat_names),
        "seat_roles": list(info.seat_roles),
        "seat_teams": list(info.seat_teams),
        "team_names": list(info.team_names),
        "utility": str(info.utility.value),
        "positions": [p.as_dict() for p in positions(info)],
    }
    params_dict = getattr(game, "params_dict", None)  # the Game protocol's params as JSON
    return {
        "format": "nemesis-tournament/1",
        "game": game.info.name,
        "rules_version": game.info.rules_version,
        "game_params": params_dict() if callable(params_dict) else dict(config.game_params),
        "players": int(game.info.num_players),
        "seat_names": list(info.seat_names),
        "seating": seating,
        "seed": config.seed,
        "lineups": config.lineups,
        "games_per_match": config.games_per_match,
        "total_games": len(records),
        "config": _results_config(config),
        "agents": [
            {
                "name": a.name,
                "kind": a.kind,
                "omniscient": omniscient[a.name],
                "max_games": a.max_games,
            }
            for a in config.agents
        ],
        "warnings": reproducibility_warnings(config),
        "crossplay": report.crossplay(records, names, seating),
        "win_rates": report.win_rates(records, names, seating),
        "ratings": ratings(records, names, seating),
    }


def reproducibility_warnings(config: TournamentConfig) -> list[str]:
    """Agents whose moves depend on wall-clock time (a search time budget)."""
    return [
        f"agent {spec.name!r} searches with time_budget_s={spec.params['time_budget_s']}: its "
        "games depend on machine speed and load, so reruns may differ (use iterations)"
        for spec in config.agents
        if spec.params.get("time_budget_s") is not None
    ]


def check_agents(config: TournamentConfig, game: Any) -> dict[str, bool]:
    """Builds every agent once per position before anything runs; returns the omniscient
    flags."""
    flags = {}
    for spec in config.agents:
        resolve_kind(spec.kind)
        built = [make_agent(spec, game, (p.seats or (0,))[0]) for p in positions(game.info)]
        flags[spec.name] = any(bool(getattr(agent, "omniscient", False)) for agent in built)
    return flags


def run_tournament(
    config: TournamentConfig,
    *,
    overwrite: bool = False,
    timestamp: bool = False,
    progress: bool | None = None,
    argv: Sequence[str] | None = None,
) -> TournamentResult:
    """Plays the whole round-robin and writes the run directory (see the module docstring)."""
    game = make_game(config)
    omniscient = check_agents(config, game)
    for warning in reproducibility_warnings(config):
        print(f"warning: {warning}", file=sys.stderr)
    out = Path(config.out_dir)
    run_dir = create_run_dir(
        out.parent,
        out.name,
        config=config,
        game=game,
        seeds={
            "seed": config.seed,
            "derivation": "game g of pair p: np.random.SeedSequence(seed, spawn_key=(p, g))"
            ".spawn(players + 1) -> [chance, seat 0, seat 1, ...]",
        },
        argv=argv,
        timestamp=timestamp,
        overwrite=overwrite,
    )
    records = play_games(config, schedule(config, game), progress)
    results = summarize(config, game, records, omniscient)
    write_outputs(run_dir, results, records)
    return TournamentResult(run_dir, results, records)


def write_outputs(
    run_dir: Path, results: dict[str, Any], records: Sequence[dict[str, Any]]
) -> None:
    replays = [(r["pair"], r["game"], r.pop(REPLAY_KEY)) for r in records if REPLAY_KEY in r]
    if replays:
        (run_dir / "replays").mkdir()
    for pair, game, doc in replays:
        name = f"replays/pair{pair:03d}_game{game:04d}.json"
        atomic_write_text(run_dir / name, json.dumps(doc, sort_keys=True) + "\n")
    atomic_write_text(run_dir / "games.jsonl", "".join(json.dumps(r) + "\n" for r in records))
    atomic_write_text(run_dir / "results.json", report.dumps(results))
    cp = results["crossplay"]
    atomic_write_text(run_dir / "crossplay.json", report.dumps(cp))
    atomic_write_text(run_dir / "crossplay.csv", report.crossplay_csv(cp))
    report.crossplay_png(
        cp,
        run_dir / "crossplay.png",
        title=f"{results['game']} ({results['players']} players)",
    )
    md = report.results_markdown(results, commit=git_info()["commit"])
    atomic_write_text(run_dir / "results.md", md)


# ------------------------------------------------------------------------------ command line
def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The tournament's arguments, for `nemesis tournament` or `python -m`."""
    parser.add_argument("config", help="tournament YAML (or a run YAML with a tournament: part)")
    add_override_argument(parser, "games_per_match=50 --set agents.1.params.iterations=200")
    parser.add_argument(
        "--overwrite", action="store_true", help="replace an earlier run in out_dir (cleared)"
    )
    parser.add_argument(
        "--timestamp", action="store_true", help="append -YYYYmmdd-HHMMSS (UTC) to out_dir"
    )
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def run_from_args(args: argparse.Namespace, argv: Sequence[str] | None = None) -> int:
    try:
        config = load_tournament_config(args.config, args.overrides)
        result = run_tournament(
            config,
            overwrite=args.overwrite,
            timestamp=args.timestamp,
            progress=False if args.no_progress else None,
            argv=argv,
        )
    except (NemesisError, FileExistsError) as exc:
        print(f"nemesis: error: {exc}", file=sys.stderr)  # as every nemesis command
        return 2
    print(f"{result.results['total_games']} games -> {result.run_dir}")
    position_names = {p["name"] for p in result.results["seating"]["positions"]}
    for rec in result.results["win_rates"]:
        if rec["role"] in position_names:
            print(
                f"  {rec['agent']:>20} as {rec['role']:<8} win rate "
                f"{report.fmt_rate(rec['win_rate'])} [{rec['ci95_low']:.3f}, "
                f"{rec['ci95_high']:.3f}] (n={rec['n']})"
            )
    print(f"report: {result.run_dir / 'results.md'}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m experiments.tournament",
        description="Round-robin tournament: agents x roles x seats, seeded games, "
        "win rates with 95% CIs, OpenSkill ratings, cross-play matrix.",
    )
    add_arguments(parser)
    args = parser.parse_args(argv)
    full_argv = [sys.argv[0], *(sys.argv[1:] if argv is None else argv)]
    return run_from_args(args, full_argv)


if __name__ == "__main__":
    sys.exit(main())
