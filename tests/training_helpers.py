"""Shared by the PPO tests: train straight through, and again with an interruption."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.rl.ppo import PPOSettings, PPOTrainer
from experiments.train import TrainPlan, train


def straight_and_resumed(
    game: Any, settings: PPOSettings, seed: int, updates: int, split: int, root: Path
) -> tuple[PPOTrainer, PPOTrainer]:
    """`updates` in one go (root/a), and `split` then a resume to `updates` (root/b, root/c).

    The resumed run must run only updates split+1..updates: a resume that read the checkpoint
    and never restored it would train from update 1 to the straight run's very weights."""

    def plan(n: int) -> TrainPlan:
        return TrainPlan(n, None, 0, 0)

    straight = train(game, settings, plan(updates), seed, root / "a", progress=False)
    train(game, settings, plan(split), seed, root / "b", progress=False)
    resumed = train(
        game, settings, plan(updates), seed, root / "c", resume=root / "b" / "final.pt",
        progress=False,
    )  # fmt: skip
    assert logged_updates(root / "c") == list(range(split + 1, updates + 1))
    return straight, resumed


def logged_updates(run: Path) -> list[int]:
    """The update of each row of run/metrics.jsonl (a half-written last row left out)."""
    rows = []
    for line in (run / "metrics.jsonl").read_text(encoding="utf-8").splitlines():
        try:
            rows.append(json.loads(line)["update"])
        except ValueError:  # the row a kill cut short
            continue
    return rows


def assert_same_weights(a: PPOTrainer, b: PPOTrainer) -> None:
    """Every network tensor equal, and the same env steps."""
    for name, net in a.nets.items():
        other = b.nets[name].state_dict()
        for key, value in net.state_dict().items():
            assert torch.equal(value, other[key]), (name, key)
    assert a.env_steps == b.env_steps


def differences(a: Any, b: Any, where: str = "") -> list[str]:
    """Where two checkpoint values differ: nested mappings and sequences are walked, tensors
    compared element by element with their dtype and shape, generator states as plain data."""
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        same = (
            isinstance(a, torch.Tensor)
            and isinstance(b, torch.Tensor)
            and a.dtype == b.dtype
            and torch.equal(a, b)
        )
        return [] if same else [where or "."]
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return [] if np.array_equal(a, b) else [where or "."]
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        if set(a) != set(b):
            return [f"{where}: keys {sorted(map(str, a))} != {sorted(map(str, b))}"]
        return [d for k in a for d in differences(a[k], b[k], f"{where}/{k}")]
    if isinstance(a, Sequence) and isinstance(b, Sequence) and not isinstance(a, str):
        if len(a) != len(b):
            return [f"{where}: length {len(a)} != {len(b)}"]
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in differences(x, y, f"{where}[{i}]")
        ]
    return [] if a == b else [f"{where}: {a!r} != {b!r}"]


def assert_same_checkpoint(a: Mapping[str, Any], b: Mapping[str, Any]) -> None:
    """Two checkpoints hold the same state: weights, optimisers, pool, counters, generators."""
    keys = ("update", "env_steps", "games_started", "nets", "optims", "snapshots", "rng",
            "torch_gen", "torch_global", "workers")  # fmt: skip
    found = [d for key in keys for d in differences(a[key], b[key], key)]
    assert not found, found[:10]
