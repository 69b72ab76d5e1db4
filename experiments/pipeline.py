"""Training runs and the full pipeline (train -> tournament -> report) over run directories.

`nemesis run` validates the whole run before it writes anything: the output directory, the
training (config, expert dataset, advisor...), and every tournament agent except the one it is
about to train. The run directory (`out_dir`) holds config.yaml and meta.json of the whole
run, train/ and tournament/ (each a run directory of its own) and report.md; `overwrite`
clears an earlier run there first, so the report never mixes two runs.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from pathlib import Path

from experiments.config import AgentSpec, RunConfig, TournamentConfig, TrainConfig
from experiments.rundir import RUN_MARKER, check_run_dir, create_run_dir
from experiments.train_run import plan_from_config, prepare_training, settings_from_config

TRAINED = "@train"  # an AgentSpec checkpoint that means "the checkpoint this run trained"
# a pipeline directory written before it had its own meta.json is still recognised as a run
# (by its train/ part), so that `make run --overwrite` replaces it
PIPELINE_MARKERS = (RUN_MARKER, f"train/{RUN_MARKER}")


def run_training(
    cfg: TrainConfig,
    out: Path,
    *,
    resume: str | None = None,
    overwrite: bool = False,
    progress: bool = True,
    argv: Sequence[str] | None = None,
) -> Path:
    """Trains into run directory `out` (validated first: experiments/train_run.py); returns the
    final checkpoint path."""
    with prepare_training(cfg, out, resume=resume, overwrite=overwrite) as job:
        return job.run(progress=progress, argv=argv)


def run_pipeline(
    cfg: RunConfig, *, overwrite: bool = False, progress: bool = True,
    argv: Sequence[str] | None = None,
) -> Path:  # fmt: skip
    """`nemesis run`: train, then the tournament with the trained agent, then report.md."""
    from experiments import ppo_kind  # noqa: F401  (registers the "ppo" agent kind)
    from experiments.report_run import write_run_report
    from experiments.tournament import run_tournament

    root = Path(cfg.out_dir)
    check_run_dir(root, overwrite=overwrite, markers=PIPELINE_MARKERS)
    _check_tournament(cfg.tournament)
    # train/ is checked as part of the root, which is cleared as a whole
    clock = time.perf_counter()
    with prepare_training(cfg.train, root / "train", check_out=False) as job:
        create_run_dir(
            root.parent, root.name, config=cfg, game=job.trainer.game, timestamp=False,
            overwrite=overwrite, argv=argv, markers=PIPELINE_MARKERS,
        )  # fmt: skip
        checkpoint = job.run(progress=progress, argv=argv)
    agents = [_resolve_checkpoint(spec, checkpoint) for spec in cfg.tournament.agents]
    tournament_cfg = dataclasses.replace(
        cfg.tournament, agents=agents, out_dir=str(root / "tournament")
    )
    train_s = time.perf_counter() - clock
    clock = time.perf_counter()
    result = run_tournament(tournament_cfg, progress=progress, argv=argv)
    walls = {"training": train_s, "tournament": time.perf_counter() - clock}
    return write_run_report(root, result.results, walls)


def _check_tournament(cfg: TournamentConfig) -> None:
    """Builds every tournament agent but the one still to be trained."""
    from experiments.tournament import check_agents, make_game

    ready = [spec for spec in cfg.agents if spec.checkpoint != TRAINED]
    if ready:
        check_agents(dataclasses.replace(cfg, agents=ready), make_game(cfg))


def _resolve_checkpoint(spec: AgentSpec, checkpoint: Path) -> AgentSpec:
    if spec.checkpoint == TRAINED:
        return dataclasses.replace(spec, checkpoint=str(checkpoint))
    return spec


__all__ = [
    "PIPELINE_MARKERS",
    "TRAINED",
    "plan_from_config",
    "run_pipeline",
    "run_training",
    "settings_from_config",
]
