"""`nemesis expert CONFIG`: plays a search expert in one seat against fixed agents and writes
the dataset that PPO distils (agents/rl/expert_data.py, agents/rl/distill.py).

    nemesis expert CONFIG                                   # a run directory: CONFIG's out_dir
    nemesis expert CONFIG --set games=20 --set out_dir=/tmp/few
    nemesis expert CONFIG --ship                            # also replaces the shipped dataset

The output is a run directory like a training or tournament run's: config.yaml, meta.json
and dataset.json.gz. A dataset shipped in a game's agent kit is replaced only with `--ship`:
the config's `ship_as` names it (one of the kit's `expert_datasets`), and the command refuses
to ship without one, before any game is played.

Game `i` is seeded by (seed, i) only, so the file does not depend on `workers`, and a dataset
of N games is the first N games of a larger one.
"""

from __future__ import annotations

import argparse
import hashlib
import multiprocessing as mp
import os
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from agents.base import Agent
from agents.kit import KitError, kit_for
from agents.rl.expert_data import (
    ExpertGame,
    LabelledBehaviour,
    dataset_header,
    play_expert_game,
    write_dataset,
)
from experiments.agent_factory import make_agent, single_threaded_torch
from experiments.config import AgentSpec, ConfigError, check_game, load_config
from experiments.rundir import check_run_dir, create_run_dir, load_meta, write_json
from experiments.typed_yaml import add_override_argument, check
from nemesis_env.core.errors import NemesisError
from nemesis_env.core.files import atomic_write_bytes
from nemesis_env.envs.registry import load_game

DATASET = "dataset.json.gz"  # the dataset's name inside the run directory
SEEDS = "game i: chance default_rng([seed, i]), seat k default_rng([seed, i, 1 + k])"


@dataclass(frozen=True, kw_only=True)
class ExpertConfig:
    """`expert` plays seat `seat`, `others` every other seat, for `games` seeded games.

    The expert must be a search agent that reports its root (`last_root`): kind ismcts or
    mcts. With a `behaviour` agent (DAgger, agents/rl/expert_data.py `LabelledBehaviour`) the
    expert still searches and labels every decision of the seat, but the behaviour's move is
    played: typically the policy distilled from an earlier dataset, so that the new games
    cover the positions that policy reaches. `workers` processes play the games; the output
    does not depend on it. `out_dir` is the run directory; `ship_as` names the dataset of the
    game's agent kit that `--ship` replaces (null: this config ships nothing).
    """

    game: str  # a registered game (nemesis_env.list_games())
    players: int = 4
    game_params: dict[str, Any] = field(default_factory=dict)
    seat: int = 0
    expert: AgentSpec
    behaviour: AgentSpec | None = None  # null: the expert plays its own moves
    others: AgentSpec
    games: int = 100
    seed: int = 0
    workers: int = 1
    out_dir: str = "runs/expert"
    ship_as: str | None = None

    def __post_init__(self) -> None:
        check_game(self.game)
        check(self.players >= 2, "players", f"must be at least 2, got {self.players}")
        check(
            0 <= self.seat < self.players,
            "seat",
            f"must be in [0, {self.players - 1}], got {self.seat}",
        )
        check(self.games >= 1, "games", f"must be at least 1, got {self.games}")
        check(self.seed >= 0, "seed", "must be a non-negative integer")
        check(self.workers >= 1, "workers", f"must be at least 1, got {self.workers}")
        check(
            self.expert.kind in ("ismcts", "mcts"),
            "expert.kind",
            f"must be 'ismcts' or 'mcts' (a search that reports its root), got "
            f"{self.expert.kind!r}",
        )
        if self.expert.params.get("time_budget_s") is not None:
            raise ConfigError("expert.params.time_budget_s: must be null (use iterations)")
        if "players" in self.game_params:
            raise ConfigError("game_params: set `players` at the top level, not in game_params")
        if self.ship_as is not None:
            shipped = shipped_datasets(self.game)
            check(
                self.ship_as in shipped,
                "ship_as",
                f"must be null or a dataset of game {self.game!r}'s agent kit, one of "
                f"{sorted(shipped)}; got {self.ship_as!r}",
            )


def behaviour_record(spec: AgentSpec) -> dict[str, Any]:
    """The behaviour agent as the dataset header records it: its spec, and the sha256 of its
    checkpoint, so the header says which weights played the games."""
    record = asdict(spec)
    if spec.checkpoint is not None:
        record["checkpoint_sha256"] = hashlib.sha256(Path(spec.checkpoint).read_bytes()).hexdigest()
    return record


def shipped_datasets(game: str) -> dict[str, Path]:
    """The datasets a game's agent kit ships, by name (none when the game has no kit)."""
    try:
        return {name: Path(path) for name, path in kit_for(game).expert_datasets.items()}
    except (KitError, NemesisError):
        return {}


def ship_target(config: ExpertConfig) -> Path:
    """Where `--ship` writes: the kit's file named `ship_as`; ConfigError when there is none."""
    if config.ship_as is None:
        raise ConfigError(
            "--ship: the config has no ship_as (the name of the kit dataset to replace); "
            f"datasets of game {config.game!r}: {sorted(shipped_datasets(config.game))}"
        )
    target = shipped_datasets(config.game)[config.ship_as]
    if not target.parent.is_dir():
        raise ConfigError(f"--ship: the kit's data directory {target.parent} does not exist")
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise ConfigError(f"--ship: the kit's data directory {target.parent} is not writable")
    return target


class _Player:
    """Plays expert games; one per process (the game is built once)."""

    def __init__(self, config: ExpertConfig) -> None:
        self.config = config
        self.game = load_game(config.game, players=config.players, **config.game_params)

    def play(self, index: int) -> ExpertGame:
        return play_expert_game(self.game, self.agents(), self.config.seat, self.config.seed, index)

    def agents(self) -> list[Agent]:
        """Fresh agents for one game: the expert's seat (labelled behaviour or the expert
        itself), then `others` on every other seat."""
        c = self.config
        seat_agent: Agent = make_agent(c.expert, self.game, c.seat)
        if c.behaviour is not None:
            behaviour = make_agent(c.behaviour, self.game, c.seat)
            seat_agent = LabelledBehaviour(seat_agent, behaviour)
        return [
            seat_agent if seat == c.seat else make_agent(c.others, self.game, seat)
            for seat in range(c.players)
        ]


_WORKER: _Player | None = None


def _init_worker(config: ExpertConfig) -> None:
    global _WORKER
    single_threaded_torch()  # a forked process inherits no usable BLAS threads
    _WORKER = _Player(config)


def _play_in_worker(index: int) -> ExpertGame:
    assert _WORKER is not None, "worker not initialised"
    return _WORKER.play(index)


def generate(
    config: ExpertConfig,
    progress: bool | None = None,
    *,
    overwrite: bool = False,
    ship: bool = False,
    argv: list[str] | None = None,
) -> Path:
    """Plays the games into the run directory `config.out_dir` (and, with `ship`, replaces the
    kit's dataset `config.ship_as`); returns the run's dataset path. Everything is checked
    before the first game."""
    player = _Player(config)  # checks the game and agents before any process starts
    player.agents()
    out = Path(config.out_dir)
    check_run_dir(out, overwrite=overwrite)
    target = ship_target(config) if ship else None
    # the weights that will play, hashed before they do
    behaviour = None if config.behaviour is None else behaviour_record(config.behaviour)
    games = _play_all(config, player, progress)
    run = create_run_dir(
        out.parent, out.name, config=config, game=player.game, timestamp=False,
        overwrite=overwrite, argv=argv, seeds={"seed": config.seed, "derivation": SEEDS},
        extra_meta={"dataset": DATASET},
    )  # fmt: skip
    header = dataset_header(
        player.game, config.seat, config.seed, asdict(config.expert), asdict(config.others)
    )
    if behaviour is not None:
        header["behaviour"] = behaviour
    dataset = run / DATASET
    write_dataset(dataset, header, games)
    if target is not None:
        atomic_write_bytes(target, dataset.read_bytes())
        meta = load_meta(run)
        meta["shipped_to"] = str(target)
        write_json(run / "meta.json", meta)
    return dataset


def _play_all(config: ExpertConfig, player: _Player, progress: bool | None) -> list[ExpertGame]:
    games: list[ExpertGame] = []
    bar = tqdm(total=config.games, desc="expert games", unit="game", disable=progress is False)
    indices = range(config.games)
    if config.workers == 1:
        for index in indices:
            games.append(player.play(index))
            bar.update()
    else:
        ctx = mp.get_context("fork")
        with ctx.Pool(config.workers, initializer=_init_worker, initargs=(config,)) as pool:
            for g in pool.imap_unordered(_play_in_worker, indices):
                games.append(g)
                bar.update()
    bar.close()
    games.sort(key=lambda g: g.index)
    return games


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "config",
        help="expert YAML (game, players, seat, expert, others, games, seed, out_dir, ship_as)",
    )
    add_override_argument(parser, "games=20 --set out_dir=/tmp/few")
    parser.add_argument(
        "--overwrite", action="store_true", help="replace an earlier run in out_dir (cleared)"
    )
    parser.add_argument(
        "--ship",
        action="store_true",
        help="also replace the agent kit's dataset that the config's ship_as names",
    )
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def run_from_args(args: argparse.Namespace) -> int:
    try:
        config = load_config(ExpertConfig, args.config, args.overrides)
        out = generate(
            config,
            progress=False if args.no_progress else None,
            overwrite=args.overwrite,
            ship=args.ship,
            argv=sys.argv,
        )
    except NemesisError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{config.games} expert games -> {out}")
    if args.ship:
        print(f"shipped as {config.ship_as}: {ship_target(config)}")
    return 0
