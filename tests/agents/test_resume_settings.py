"""Resuming a run with changed settings: what carries over and what applies."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from agents.rl.ppo import PPOSettings, PPOTrainer, load_checkpoint
from experiments.train import TrainPlan, train
from nemesis_env import load_game


def test_a_changed_learning_rate_reaches_the_restored_optimizer(tmp_path: Path) -> None:
    """The run's config records the new rate, so the restored optimiser must use it."""
    game = load_game("not_alone", players=2, board_side=1)
    tiny = PPOSettings(rollout_steps=64, num_slots=2, minibatch_size=32, epochs=1, hidden=(8,),
                       lr=1e-3, opponent_weights=(("random", 1.0),))  # fmt: skip
    train(game, tiny, TrainPlan(1, None, 0, 0), 0, tmp_path, progress=False)
    slower = dataclasses.replace(tiny, lr=1e-4)
    trainer = PPOTrainer(game, slower, 0)
    trainer.restore(load_checkpoint(tmp_path / "final.pt"))
    assert [o.param_groups[0]["lr"] for o in trainer.optims.values()] == [1e-4, 1e-4]
