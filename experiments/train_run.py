"""A training run, validated whole before it touches the disk (`nemesis train`, `nemesis run`).

    with prepare_training(cfg, Path("runs/b/train"), resume="runs/a/train/final.pt") as job:
        checkpoint = job.run(progress=True, argv=sys.argv)   # the trainer's workers stop after

`prepare_training` checks the config, builds the trainer (which loads the expert dataset, the
advisor and the shaping potential), reads, verifies and checks the checkpoint to resume from,
and checks the output directory; it writes nothing, so a typo never leaves a stub directory
or rewrites a run. A resume then either

- continues the checkpoint's own run, when `out` is the run directory that holds the
  checkpoint: metrics and TensorBoard scalars logged after the checkpoint are dropped,
  config.yaml becomes the config the run now follows, and meta.json lists the resume; or
- starts a new run (an empty or new directory, or one replaced with `overwrite`) whose
  meta.json names its parent: the checkpoint's path and sha256, its run directory, its update
  and the settings that changed.
"""

from __future__ import annotations

import datetime as _dt
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch
import yaml

from agents.rl.checkpoint import changed_settings, check_resumable, file_sha256, load_checkpoint
from agents.rl.ppo import PPOSettings, PPOTrainer
from experiments.config import ConfigError, TrainConfig, dump_yaml, resolved_config_dict
from experiments.rundir import (
    RUN_MARKER,
    RunDirError,
    check_run_dir,
    create_run_dir,
    git_info,
    load_meta,
    write_json,
)
from experiments.train import TrainPlan, run_trainer
from nemesis_env import load_game
from nemesis_env.core.files import atomic_write_text

SEEDS = "PPOTrainer: SeedSequence(seed).spawn(2) -> [numpy rollout stream, torch generator]; "
SEEDS += "torch.manual_seed(seed)"


def settings_from_config(cfg: TrainConfig) -> PPOSettings:
    weights = {"snapshot" if k == "snapshots" else k: v for k, v in cfg.opponent_mix.items()}
    return PPOSettings(
        rollout_steps=cfg.rollout_steps, num_slots=cfg.num_slots, num_workers=cfg.num_workers,
        role_shares=tuple(cfg.role_shares.items()), lr=cfg.lr,
        total_env_steps=cfg.total_env_steps, gamma=cfg.gamma, gae_lambda=cfg.gae_lambda,
        clip=cfg.clip, ent_coef=cfg.ent_coef, vf_coef=cfg.vf_coef,
        max_grad_norm=cfg.max_grad_norm, epochs=cfg.epochs, minibatch_size=cfg.minibatch_size,
        hidden=tuple(cfg.hidden_sizes), shared_policy=cfg.shared_policy, advice=cfg.advice,
        advice_weight=cfg.advice_weight, shaping=cfg.shaping, shaping_weight=cfg.shaping_weight,
        expert_data=cfg.expert_data, expert_coef=cfg.expert_coef,
        expert_temperature=cfg.expert_temperature, expert_batch=cfg.expert_batch,
        expert_pretrain_steps=cfg.expert_pretrain_steps, snapshot_every=cfg.snapshot_every,
        pool_size=cfg.pool_size, opponent_weights=tuple(weights.items()),
    )  # fmt: skip


def plan_from_config(cfg: TrainConfig) -> TrainPlan:
    return TrainPlan(
        total_updates=cfg.total_updates,
        time_budget_s=cfg.time_budget_s,
        eval_every=cfg.eval_every,
        eval_games=cfg.eval_games,
        eval_opponents=tuple(cfg.eval_opponents),
        total_env_steps=cfg.total_env_steps,
        checkpoint_every=cfg.checkpoint_every,
    )


@dataclass
class TrainingJob:
    """A validated training run; `run` writes it. Use it as a context manager (or call
    `close`): the trainer's worker processes are already running."""

    cfg: TrainConfig
    out: Path
    trainer: PPOTrainer
    overwrite: bool
    origin: dict[str, Any] | None  # the checkpoint resumed from, as meta.json records it
    continues: bool  # out is the checkpoint's own run

    def __enter__(self) -> TrainingJob:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.trainer.close()

    def run(self, *, progress: bool = True, argv: Sequence[str] | None = None) -> Path:
        """Trains; returns the final checkpoint's path."""
        if self.continues:
            assert self.origin is not None
            record_resume(self.out, self.cfg, self.origin, argv)
        else:
            extra = None if self.origin is None else {"parent": self.origin}
            create_run_dir(
                self.out.parent, self.out.name, config=self.cfg, game=self.trainer.game,
                timestamp=False, overwrite=self.overwrite, argv=argv, extra_meta=extra,
                seeds={"seed": self.cfg.seed, "derivation": SEEDS},
            )  # fmt: skip
        # the restored update (0 for a fresh run): how much of the run this command redid or
        # skipped shows here, not in the weights, which a run from scratch would reproduce
        started = self.trainer.update
        plan = plan_from_config(self.cfg)
        clock = time.perf_counter()
        run_trainer(
            self.trainer, plan, self.cfg.seed, self.out, progress=progress,
            continues=self.continues,
        )  # fmt: skip
        summary = {
            "updates": self.trainer.update,
            "env_steps": self.trainer.env_steps,
            "started_at_update": started,
            "stopped_by": stopping_reason(plan, self.trainer.update, self.trainer.env_steps),
            "wall_s": round(time.perf_counter() - clock, 1),
        }
        write_json(self.out / "train_summary.json", summary)
        return self.out / "final.pt"


def stopping_reason(plan: TrainPlan, update: int, env_steps: int) -> str:
    """Which limit ended the run: a fixed amount of work (reproducible) or the time budget."""
    if plan.total_updates is not None and update >= plan.total_updates:
        return "total_updates"
    if plan.total_env_steps is not None and env_steps >= plan.total_env_steps:
        return "total_env_steps"
    return "time_budget_s"


def prepare_training(
    cfg: TrainConfig,
    out: Path,
    *,
    resume: str | Path | None = None,
    overwrite: bool = False,
    check_out: bool = True,
) -> TrainingJob:
    """Everything a training run needs, checked; nothing written. `check_out=False`: the
    caller has checked (and will clear) a directory that holds `out`."""
    if cfg.device != "cpu":
        raise ConfigError(f"device: only 'cpu' is supported by this trainer, got {cfg.device!r}")
    game = load_game(cfg.game, players=cfg.players, **cfg.game_params)
    settings = settings_from_config(cfg)
    ckpt, origin, continues = None, None, False
    if resume is not None:
        ckpt = load_checkpoint(resume)
        check_resumable(ckpt, game, settings)
        origin = resume_origin(Path(resume), ckpt, settings)
        continues = origin["run_dir"] is not None and Path(origin["run_dir"]) == out.resolve()
        if continues:  # readable, so that the resume can be recorded in them
            load_meta(out)
            _read_config(out)
        elif Path(resume).resolve().is_relative_to(out.resolve()):
            raise RunDirError(
                f"--resume {resume} lies inside --out {out}, which is not its run directory; "
                f"resume in {origin['run_dir'] or Path(resume).parent} or choose another --out"
            )
    if check_out and not continues:
        check_run_dir(out, overwrite=overwrite)
    trainer = build_trainer(game, settings, cfg.seed)
    try:
        if ckpt is not None:
            trainer.restore(ckpt)
    except BaseException:
        trainer.close()
        raise
    return TrainingJob(cfg, out, trainer, overwrite, origin, continues)


def build_trainer(game: Any, settings: PPOSettings, seed: int) -> PPOTrainer:
    """The trainer; what its pieces refuse (a missing expert dataset, a game without an
    advisor...) is a config error."""
    torch.set_num_threads(1)  # small MLPs: threads cost more than they give on 2 cores
    try:
        return PPOTrainer(game, settings, seed)
    except ConfigError:
        raise
    except ValueError as exc:
        raise ConfigError(f"train config: {exc}") from exc


def run_dir_of(checkpoint: Path) -> Path | None:
    """The run directory a checkpoint belongs to (run/final.pt, run/checkpoints/latest.pt)."""
    for folder in checkpoint.resolve().parents[:2]:
        if (folder / RUN_MARKER).is_file():
            return folder
    return None


def resume_origin(checkpoint: Path, ckpt: dict[str, Any], settings: PPOSettings) -> dict[str, Any]:
    run = run_dir_of(checkpoint)
    return {
        "checkpoint": str(checkpoint.resolve()),
        "sha256": file_sha256(checkpoint),
        "run_dir": None if run is None else str(run),
        "update": ckpt["update"],
        "env_steps": ckpt["env_steps"],
        "changed_settings": changed_settings(ckpt, settings),
    }


def record_resume(
    run: Path, cfg: TrainConfig, origin: dict[str, Any], argv: Sequence[str] | None
) -> None:
    """A run continued in its own directory keeps meta.json's record of how it was made and
    adds the resume; config.yaml becomes the config it now follows (the changes are listed)."""
    meta = load_meta(run)
    before = _read_config(run)
    after = resolved_config_dict(cfg)
    changed = {
        key: [before.get(key), after.get(key)]
        for key in sorted(set(before) | set(after))
        if before.get(key) != after.get(key)
    }
    meta.setdefault("resumes", []).append({
        **{k: v for k, v in origin.items() if k != "run_dir"},
        "created_utc": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": list(sys.argv if argv is None else argv),
        "git": git_info(),
        "changed_config": changed,
    })  # fmt: skip
    atomic_write_text(run / "config.yaml", dump_yaml(cfg))
    write_json(run / "meta.json", meta)


def _read_config(run: Path) -> dict[str, Any]:
    """The run's config.yaml as a mapping (empty when a run left none)."""
    path = run / "config.yaml"
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError:
        raise RunDirError(f"{path} is not valid YAML; cannot record a resume in it") from None
    return data if isinstance(data, dict) else {}


__all__ = [
    "TrainingJob",
    "plan_from_config",
    "prepare_training",
    "record_resume",
    "resume_origin",
    "run_dir_of",
    "settings_from_config",
]
