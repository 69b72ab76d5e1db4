"""Shared by the PPO tests: train straight through, and again with an interruption."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

from agents.rl.ppo import PPOSettings, PPOTrainer
from experiments.train import TrainPlan, train


def straight_and_resumed(
    game: Any, settings: PPOSettings, seed: int, updates: int, split: int, root: Path
) -> tuple[PPOTrainer, PPOTrainer]:
    """`updates` in one go (root/a), and `split` then a resume to `updates` (root/b, root/c)."""

    def plan(n: int) -> TrainPlan:
        return TrainPlan(n, None, 0, 0)

    straight = train(game, settings, plan(updates), seed, root / "a", progress=False)
    train(game, settings, plan(split), seed, root / "b", progress=False)
    resumed = train(
        game, settings, plan(updates), seed, root / "c", resume=root / "b" / "final.pt",
        progress=False,
    )  # fmt: skip
    return straight, resumed


def assert_same_weights(a: PPOTrainer, b: PPOTrainer) -> None:
    """Every network tensor equal, and the same env steps."""
    for name, net in a.nets.items():
        other = b.nets[name].state_dict()
        for key, value in net.state_dict().items():
            assert torch.equal(value, other[key]), (name, key)
    assert a.env_steps == b.env_steps
