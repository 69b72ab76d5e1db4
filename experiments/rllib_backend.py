"""`nemesis train CONFIG --backend rllib`: PPO on Ray RLlib (new API stack), self-play league.

    nemesis train configs/rllib_GAME.yaml --backend rllib
    RAY_ADDRESS=ray://head:10001 nemesis train configs/rllib_GAME.yaml --backend rllib \\
        --set num_env_runners=32 --set num_learners=4        # on a cluster

The game is our PettingZoo AEC env in RLlib's PettingZoo wrapper (experiments/rllib_env.py).
Modules come from the game's roles: one learning module per starting role (one "shared"
module with `shared_module: true`), each RLlib's action-masking PPO
module, and a uniformly random masked module per role as the league's first opponent. Each
episode draws a focal role: its seats play the role's learning module, every other seat plays a
member of its role's opponent pool. When a role's focal win rate over `win_rate_window` games
played since its last snapshot passes `win_rate_threshold`, its module is frozen into that
role's pool as `<role>_v<k>` (the random opponent leaves the pool then). A game of one role
(a co-operative mode) is pure self-play.

Ray starts locally (`num_cpus`) unless `address` or RAY_ADDRESS names a cluster;
`num_env_runners` and `num_learners` scale it. The run directory holds config.yaml,
meta.json, metrics.jsonl (one line per iteration: env steps, steps/s, win rates, league),
checkpoint/ (Algorithm.save_to_path) and eval.json (experiments/rllib_eval.py). Ray's sampling
is asynchronous across processes, so unlike the embedded backend two runs are not
byte-identical; the seed fixes each env's chance.
"""

from __future__ import annotations

import json
import os
import time
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from experiments.config import ConfigError, check_game
from experiments.typed_yaml import check

TARGET_ROLE_KEY = "focal_role"


@dataclass(frozen=True, kw_only=True)
class RLlibConfig:
    game: str
    players: int = 4
    game_params: dict[str, Any] = field(default_factory=dict)
    iterations: int = 10
    train_batch_size: int = 4000
    minibatch_size: int = 500
    num_epochs: int = 4
    lr: float = 0.0003
    gamma: float = 0.99
    gae_lambda: float = 0.95  # RLlib's own default is 1.0 (plain Monte-Carlo advantages)
    entropy_coeff: float = 0.003
    hidden_sizes: list[int] = field(default_factory=lambda: [256, 256])
    shared_module: bool = False
    num_env_runners: int = 1
    num_learners: int = 0
    num_cpus: int | None = None  # for a local Ray instance (None: Ray's own count)
    address: str | None = None  # a Ray cluster; also RAY_ADDRESS
    win_rate_threshold: float = 0.6
    win_rate_window: int = 200  # focal games the win rate is taken over
    eval_games: int = 100  # per role, after training: the trained module and random vs random
    seed: int = 0
    out_dir: str = "runs/rllib"

    def __post_init__(self) -> None:
        check_game(self.game)
        for key in (
            "iterations",
            "train_batch_size",
            "minibatch_size",
            "num_epochs",
            "players",
            "win_rate_window",
            "eval_games",
        ):
            check(getattr(self, key) >= 1, key, f"must be at least 1, got {getattr(self, key)}")
        check(self.num_env_runners >= 0, "num_env_runners", "must be 0 or more")
        check(self.num_learners >= 0, "num_learners", "must be 0 or more")
        check(0.0 < self.win_rate_threshold <= 1.0, "win_rate_threshold", "must be in (0, 1]")
        check(self.lr > 0, "lr", f"must be positive, got {self.lr}")
        check(0.0 <= self.gae_lambda <= 1.0, "gae_lambda", "must be in [0, 1]")
        check(0.0 < self.gamma <= 1.0, "gamma", "must be in (0, 1]")
        check(
            bool(self.hidden_sizes) and min(self.hidden_sizes) >= 1,
            "hidden_sizes",
            f"must be a non-empty list of positive sizes, got {self.hidden_sizes}",
        )
        check("players" not in self.game_params, "game_params", "set players at the top level")


def load_rllib_config(path: str | Path, overrides: list[str]) -> RLlibConfig:
    from experiments.config import load_config, read_yaml

    data = read_yaml(path)
    if "train" in data or "tournament" in data:
        raise ConfigError(
            f"{path}: a run config; the rllib backend reads a flat rllib config "
            "(configs/rllib_*.yaml)"
        )
    return load_config(RLlibConfig, data, overrides)


def roles_and_seats(cfg: RLlibConfig) -> dict[str, list[str]]:
    """Starting role -> its seat names (late roles refused by the env)."""
    from nemesis_env.envs.registry import load_game

    info = load_game(cfg.game, players=cfg.players, **cfg.game_params).info
    if info.late_roles:
        raise ConfigError(
            f"{cfg.game}: late roles {list(info.late_roles)} are not supported by the rllib "
            "backend (an agent keeps one module per episode); use the embedded backend"
        )
    out: dict[str, list[str]] = defaultdict(list)
    for name, role in zip(info.seat_names, info.seat_roles, strict=True):
        out[role].append(name)
    return dict(out)


class League:
    """Who plays what: the learning module per role and each role's pool of opponents."""

    def __init__(self, roles: dict[str, list[str]], shared: bool) -> None:
        self.roles = roles
        self.shared = shared
        self.role_of = {seat: role for role, seats in roles.items() for seat in seats}
        self.pools: dict[str, list[str]] = {r: [f"{r}_random"] for r in roles}
        self.snapshots: dict[str, int] = dict.fromkeys(roles, 0)

    def main_module(self, role: str) -> str:
        return "shared" if self.shared else role

    def focal_role(self, episode_id: str) -> str:
        roles = sorted(self.roles)
        return roles[zlib.crc32(episode_id.encode()) % len(roles)]

    def module_for(self, seat: str, episode_id: str) -> str:
        role = self.role_of[seat]
        if len(self.roles) == 1 or role == self.focal_role(episode_id):
            return self.main_module(role)
        pool = self.pools[role]
        return pool[zlib.crc32(f"{episode_id}:{seat}".encode()) % len(pool)]

    def mapping_fn(self) -> Any:
        """A picklable agent -> module function over the current pools."""
        league = _FrozenLeague(self.roles, self.shared, {k: list(v) for k, v in self.pools.items()})
        return league.module_for_agent


@dataclass(frozen=True)
class _FrozenLeague:
    roles: dict[str, list[str]]
    shared: bool
    pools: dict[str, list[str]]

    def module_for_agent(self, agent_id: str, episode: Any, **kwargs: Any) -> str:
        league = League(self.roles, self.shared)
        league.pools = self.pools
        return league.module_for(agent_id, str(episode.id_))


def build_algorithm(cfg: RLlibConfig, league: League) -> Any:
    """The RLlib PPO Algorithm for `cfg` (Ray must be initialised)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    from experiments.rllib_env import rllib_env
    from experiments.rllib_modules import UniformMaskedRLModule, league_callback

    register_env("nemesis_env_pettingzoo", rllib_env)
    mains = sorted({league.main_module(r) for r in league.roles})
    randoms = sorted(p for pool in league.pools.values() for p in pool)
    specs = {m: RLModuleSpec(module_class=ActionMaskingTorchRLModule) for m in mains}
    specs |= {r: RLModuleSpec(module_class=UniformMaskedRLModule) for r in randoms}
    env_config = {"game": cfg.game, "params": {"players": cfg.players, **cfg.game_params}}
    return (
        PPOConfig()
        .environment(
            "nemesis_env_pettingzoo", env_config=env_config, disable_env_checking=True
        )  # its checker steps unmasked random actions
        .env_runners(num_env_runners=cfg.num_env_runners, num_envs_per_env_runner=1)
        .learners(num_learners=cfg.num_learners)
        .training(
            lr=cfg.lr,
            gamma=cfg.gamma,
            lambda_=cfg.gae_lambda,
            entropy_coeff=cfg.entropy_coeff,
            train_batch_size_per_learner=cfg.train_batch_size,
            minibatch_size=cfg.minibatch_size,
            num_epochs=cfg.num_epochs,
        )
        .multi_agent(
            policies=set(specs), policy_mapping_fn=league.mapping_fn(), policies_to_train=mains
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(rl_module_specs=specs),
            model_config=DefaultModelConfig(fcnet_hiddens=list(cfg.hidden_sizes)),
        )
        .callbacks(league_callback(league, cfg.win_rate_threshold, cfg.win_rate_window))
        .debugging(seed=cfg.seed)
        .build_algo()
    )


def _plain(value: Any) -> Any:
    """Ray's numbers (numpy scalars) as JSON numbers."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value.item() if hasattr(value, "item") else value


def iteration_record(result: dict[str, Any], iteration: int, wall: float) -> dict[str, Any]:
    runners = result.get("env_runners", {})
    steps = float(runners.get("num_env_steps_sampled", 0.0))
    sample_s = float(result.get("timers", {}).get("env_runner_sampling_timer", 0.0) or 0.0)
    return _plain(
        {
            "iteration": iteration,
            "env_steps": steps,
            "env_steps_lifetime": float(runners.get("num_env_steps_sampled_lifetime", 0.0)),
            "iteration_s": round(wall, 3),
            "env_steps_per_s": round(steps / wall, 1) if wall > 0 else None,
            "sampling_s": round(sample_s, 3),
            "episodes": runners.get("num_episodes"),
            "win_rates": result.get("league", {}).get("win_rates", {}),
            "league": result.get("league", {}).get("pools", {}),
        }
    )


def run_rllib(cfg: RLlibConfig, *, overwrite: bool = False, argv: Any = None) -> Path:
    """Trains `cfg.iterations` iterations; returns the run directory."""
    import ray

    from experiments.rundir import create_run_dir
    from nemesis_env.core.files import atomic_write_text

    league = League(roles_and_seats(cfg), cfg.shared_module)  # validates the game first
    out = Path(cfg.out_dir)
    run_dir = create_run_dir(
        out.parent, out.name, config=cfg, timestamp=False, overwrite=overwrite, argv=argv
    )
    address = cfg.address or os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, ignore_reinit_error=True)
    else:
        ray.init(num_cpus=cfg.num_cpus, include_dashboard=False, ignore_reinit_error=True)
    try:
        algo = build_algorithm(cfg, league)
        with (run_dir / "metrics.jsonl").open("w", encoding="utf-8") as metrics:
            for k in range(1, cfg.iterations + 1):
                start = time.perf_counter()
                result = algo.train()
                record = iteration_record(result, k, time.perf_counter() - start)
                metrics.write(json.dumps(record) + "\n")
                metrics.flush()
                print(
                    f"iteration {k}: {record['env_steps']:.0f} env steps, "
                    f"{record['env_steps_per_s']} steps/s, win rates {record['win_rates']}"
                )
        algo.save_to_path(str((run_dir / "checkpoint").resolve()))
        from experiments.rllib_eval import evaluate_against_random

        evaluation = evaluate_against_random(algo, cfg, league)
        atomic_write_text(run_dir / "eval.json", json.dumps(evaluation, indent=1) + "\n")
        for role, row in evaluation["roles"].items():
            print(
                f"{role}: trained {row['trained']['win_rate']:.3f} {row['trained']['ci95']} vs "
                f"random {row['random']['win_rate']:.3f} {row['random']['ci95']} against random"
            )
        algo.stop()
    finally:
        ray.shutdown()
    return run_dir


def last_records(run_dir: Path) -> list[dict[str, Any]]:
    lines = (run_dir / "metrics.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]
