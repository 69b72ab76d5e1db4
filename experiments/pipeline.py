"""Training runs and the full pipeline (train -> tournament -> report) over run directories."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from agents.rl.ppo import PPOSettings
from experiments.config import AgentSpec, RunConfig, TrainConfig
from experiments.rundir import create_run_dir
from experiments.train import TrainPlan, train
from nemesis_env import load_game

TRAINED = "@train"  # an AgentSpec checkpoint that means "the checkpoint this run trained"


def settings_from_config(cfg: TrainConfig) -> PPOSettings:
    weights = {"snapshot" if k == "snapshots" else k: v for k, v in cfg.opponent_mix.items()}
    return PPOSettings(
        rollout_steps=cfg.rollout_steps,
        num_slots=cfg.num_slots,
        num_workers=cfg.num_workers,
        role_shares=tuple(cfg.role_shares.items()),
        lr=cfg.lr,
        total_env_steps=cfg.total_env_steps,
        gamma=cfg.gamma,
        gae_lambda=cfg.gae_lambda,
        clip=cfg.clip,
        ent_coef=cfg.ent_coef,
        vf_coef=cfg.vf_coef,
        max_grad_norm=cfg.max_grad_norm,
        epochs=cfg.epochs,
        minibatch_size=cfg.minibatch_size,
        hidden=tuple(cfg.hidden_sizes),
        shared_policy=cfg.shared_policy,
        advice=cfg.advice,
        advice_weight=cfg.advice_weight,
        shaping=cfg.shaping,
        shaping_weight=cfg.shaping_weight,
        expert_data=cfg.expert_data,
        expert_coef=cfg.expert_coef,
        expert_temperature=cfg.expert_temperature,
        expert_batch=cfg.expert_batch,
        expert_pretrain_steps=cfg.expert_pretrain_steps,
        snapshot_every=cfg.snapshot_every,
        pool_size=cfg.pool_size,
        opponent_weights=tuple(weights.items()),
    )


def plan_from_config(cfg: TrainConfig) -> TrainPlan:
    return TrainPlan(
        total_updates=cfg.total_updates,
        time_budget_s=cfg.time_budget_s,
        eval_every=cfg.eval_every,
        eval_games=cfg.eval_games,
        eval_opponents=tuple(cfg.eval_opponents),
        total_env_steps=cfg.total_env_steps,
    )


def run_training(
    cfg: TrainConfig,
    out: Path,
    *,
    resume: str | None = None,
    overwrite: bool = False,
    progress: bool = True,
    argv: Sequence[str] | None = None,
) -> Path:
    """Trains into run directory `out`; returns the final checkpoint path."""
    if cfg.device != "cpu":
        raise ValueError(f"device {cfg.device!r}: only 'cpu' is supported by this trainer")
    game = load_game(cfg.game, players=cfg.players, **cfg.game_params)
    run_dir = create_run_dir(
        out.parent, out.name, config=cfg, game=game, timestamp=False,
        overwrite=overwrite or resume is not None, argv=argv,
        seeds={"seed": cfg.seed, "derivation": "PPOTrainer: SeedSequence(seed).spawn(2) -> "
               "[numpy rollout stream, torch generator]; torch.manual_seed(seed)"},
    )  # fmt: skip
    trainer = train(
        game, settings_from_config(cfg), plan_from_config(cfg), cfg.seed, run_dir,
        resume=Path(resume) if resume else None, progress=progress,
    )  # fmt: skip
    summary = {"updates": trainer.update, "env_steps": trainer.env_steps}
    (run_dir / "train_summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    return run_dir / "final.pt"


def run_pipeline(
    cfg: RunConfig, *, overwrite: bool = False, progress: bool = True,
    argv: Sequence[str] | None = None,
) -> Path:  # fmt: skip
    """`nemesis run`: train, then the tournament with the trained agent, then report.md."""
    from experiments import ppo_kind  # noqa: F401  (registers the "ppo" agent kind)
    from experiments.report_run import write_run_report
    from experiments.tournament import run_tournament

    root = Path(cfg.out_dir)
    checkpoint = run_training(
        cfg.train, root / "train", overwrite=overwrite, progress=progress, argv=argv
    )
    agents = [_resolve_checkpoint(spec, checkpoint) for spec in cfg.tournament.agents]
    tournament_cfg = dataclasses.replace(
        cfg.tournament, agents=agents, out_dir=str(root / "tournament")
    )
    result = run_tournament(tournament_cfg, overwrite=overwrite, progress=progress, argv=argv)
    return write_run_report(root, result.results)


def _resolve_checkpoint(spec: AgentSpec, checkpoint: Path) -> AgentSpec:
    if spec.checkpoint == TRAINED:
        return dataclasses.replace(spec, checkpoint=str(checkpoint))
    return spec


__all__ = ["TRAINED", "run_pipeline", "run_training", "settings_from_config"]
