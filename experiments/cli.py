"""`nemesis train`, `tournament`, `run` and `expert`, added to the nemesis CLI through the
`nemesis_env.commands` entry point (so nemesis_env never imports experiments or torch).

`nemesis run CONFIG` trains PPO by self-play, then runs the tournament (an agent whose
checkpoint is "@train" uses the checkpoint just trained), then writes report.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    from experiments import tournament
    from experiments.typed_yaml import add_override_argument

    p = sub.add_parser("train", help="train masked PPO by self-play (writes TensorBoard scalars)")
    p.add_argument("config", help="run YAML (train: section) or a bare train YAML")
    add_override_argument(p, "train.time_budget_s=60")
    p.add_argument("--out", help="run directory (default: the config's out_dir + /train)")
    p.add_argument(
        "--resume",
        help="checkpoint to resume from (exactly): continues its own run when --out is that "
        "run's directory, else starts a new run that records it as its parent",
    )
    p.add_argument(
        "--overwrite", action="store_true", help="replace an earlier run in --out (cleared first)"
    )
    p.add_argument("--no-progress", action="store_true")
    p.add_argument(
        "--backend",
        choices=["embedded", "rllib"],
        default="embedded",
        help="embedded: this package's PPO (default); rllib: Ray RLlib with a self-play league, "
        "on a local Ray instance or the cluster RAY_ADDRESS names (a flat rllib config: "
        "configs/rllib_*.yaml)",
    )
    p.set_defaults(func=cmd_train)
    p = sub.add_parser("tournament", help="round-robin tournament with CIs, ratings, cross-play")
    tournament.add_arguments(p)
    p.set_defaults(func=cmd_tournament)
    p = sub.add_parser("run", help="train, then tournament, then report (the main job)")
    p.add_argument("config", help="run YAML with train: and tournament: sections")
    add_override_argument(p, "train.time_budget_s=60")
    p.add_argument(
        "--overwrite", action="store_true", help="replace an earlier run in out_dir (cleared first)"
    )
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_run)
    from experiments import expert

    p = sub.add_parser("expert", help="play a search expert and write a distillation dataset")
    expert.add_arguments(p)
    p.set_defaults(func=cmd_expert)
    p = sub.add_parser("serve", help="the web viewer: watch recordings, play a seat vs agents")
    p.add_argument("recordings", nargs="*", type=Path,
                   help="recording files, or directories searched for them (e.g. a "
                        "tournament's replays/)")  # fmt: skip
    p.add_argument("--host", default="127.0.0.1", help="address to bind (default: localhost)")
    p.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    p.add_argument("--configs", type=Path, default=Path("configs"),
                   help="where live games find their agents (default: configs/)")  # fmt: skip
    p.set_defaults(func=cmd_serve)


def cmd_train(args: argparse.Namespace) -> int:
    if args.backend == "rllib":
        return _train_rllib(args)
    from experiments.config import TrainConfig, load_config, read_yaml
    from experiments.pipeline import run_training

    data = read_yaml(args.config)
    if "train" in data:
        from experiments.config import RunConfig

        run = load_config(RunConfig, args.config, args.overrides)
        cfg, out = run.train, Path(args.out or Path(run.out_dir) / "train")
    else:
        cfg = load_config(TrainConfig, args.config, args.overrides)
        out = Path(args.out or "runs/train")
    ckpt = run_training(
        cfg,
        out,
        resume=args.resume,
        overwrite=args.overwrite,
        progress=not args.no_progress,
        argv=sys.argv,
    )
    print(f"trained: {ckpt}")
    return 0


def _train_rllib(args: argparse.Namespace) -> int:
    import dataclasses

    from experiments.config import ConfigError

    if args.resume:
        raise ConfigError("--resume: the rllib backend does not resume runs (yet); start anew")
    try:
        from experiments import rllib_backend
    except ImportError as exc:
        raise ConfigError(
            f"--backend rllib needs Ray RLlib ({exc}): pip install -e '.[rllib]'"
        ) from exc
    cfg = rllib_backend.load_rllib_config(args.config, list(args.overrides or []))
    if args.out:
        cfg = dataclasses.replace(cfg, out_dir=str(args.out))
    run_dir = rllib_backend.run_rllib(cfg, overwrite=args.overwrite, argv=sys.argv)
    print(f"trained: {run_dir / 'checkpoint'}")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    import experiments.ppo_kind  # noqa: F401  (registers the "ppo" agent kind)
    from experiments import tournament

    return tournament.run_from_args(args, sys.argv)


def cmd_serve(args: argparse.Namespace) -> int:
    from experiments.config import ConfigError
    from experiments.live_game import ConfigAgents
    from nemesis_env.viewer.server import Viewer, load_recordings, serve

    if not 0 <= args.port <= 65535:
        raise ConfigError(f"--port must be 0..65535, got {args.port}")
    missing = [str(p) for p in args.recordings if not p.exists()]
    if missing:
        raise ConfigError(f"no such recording or directory: {', '.join(missing)}")
    viewer = Viewer(load_recordings(list(args.recordings)), ConfigAgents(args.configs))
    return serve(viewer, args.host, args.port)


def cmd_expert(args: argparse.Namespace) -> int:
    import experiments.ppo_kind  # noqa: F401  (a behaviour may be a "ppo" checkpoint)
    from experiments import expert

    return expert.run_from_args(args)


def cmd_run(args: argparse.Namespace) -> int:
    from experiments.config import RunConfig, load_config
    from experiments.pipeline import run_pipeline

    cfg = load_config(RunConfig, args.config, args.overrides)
    report = run_pipeline(
        cfg, overwrite=args.overwrite, progress=not args.no_progress, argv=sys.argv
    )
    print(f"report: {report}")
    return 0
