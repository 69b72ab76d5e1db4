"""`nemesis expert CONFIG`: plays a search expert in one seat against fixed agents and writes
the dataset that PPO distils (agents/rl/expert_data.py, agents/rl/distill.py).

    nemesis expert CONFIG                                   # e.g. a shipped dataset's config
    nemesis expert CONFIG --set games=20 --set out=/tmp/few.json.gz

Game `i` is seeded by (seed, i) only, so the file does not depend on `workers`, and a dataset
of N games is the first N games of a larger one.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from agents.rl.expert_data import ExpertGame, dataset_header, play_expert_game, write_dataset
from experiments.agent_factory import make_agent
from experiments.config import AgentSpec, ConfigError, check_game, load_config
from experiments.typed_yaml import add_override_argument, check
from nemesis_env.core.errors import NemesisError
from nemesis_env.envs.registry import load_game


@dataclass(frozen=True, kw_only=True)
class ExpertConfig:
    """`expert` plays seat `seat`, `others` every other seat, for `games` seeded games.

    The expert must be a search agent that reports its root (`last_root`): kind ismcts or
    mcts. `workers` processes play the games; the output does not depend on it.
    """

    game: str  # a registered game (nemesis_env.list_games())
    players: int = 4
    game_params: dict[str, Any] = field(default_factory=dict)
    seat: int = 0
    expert: AgentSpec
    others: AgentSpec
    games: int = 100
    seed: int = 0
    workers: int = 1
    out: str = "runs/expert.json.gz"

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


class _Player:
    """Plays expert games; one per process (the game is built once)."""

    def __init__(self, config: ExpertConfig) -> None:
        self.config = config
        self.game = load_game(config.game, players=config.players, **config.game_params)

    def play(self, index: int) -> ExpertGame:
        c = self.config
        agents = [
            make_agent(c.expert if seat == c.seat else c.others, self.game, seat)
            for seat in range(c.players)
        ]
        return play_expert_game(self.game, agents, c.seat, c.seed, index)


_WORKER: _Player | None = None


def _init_worker(config: ExpertConfig) -> None:
    global _WORKER
    _WORKER = _Player(config)


def _play_in_worker(index: int) -> ExpertGame:
    assert _WORKER is not None, "worker not initialised"
    return _WORKER.play(index)


def generate(config: ExpertConfig, progress: bool | None = None) -> Path:
    """Plays the games and writes `config.out`; returns its path."""
    player = _Player(config)  # checks the game and agents before any process starts
    for seat in range(config.players):
        make_agent(config.expert if seat == config.seat else config.others, player.game, seat)
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
    out = Path(config.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    header = dataset_header(
        player.game, config.seat, config.seed, asdict(config.expert), asdict(config.others)
    )
    write_dataset(out, header, games)
    return out


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "config", help="expert YAML (game, players, seat, expert, others, games, seed, out)"
    )
    add_override_argument(parser, "games=20")
    parser.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def run_from_args(args: argparse.Namespace) -> int:
    try:
        config = load_config(ExpertConfig, args.config, args.overrides)
        out = generate(config, progress=False if args.no_progress else None)
    except NemesisError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{config.games} expert games -> {out}")
    return 0
