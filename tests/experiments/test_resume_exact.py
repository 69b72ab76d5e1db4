"""An exact resume restores the checkpoint, not just its weights' outcome.

A straight run and a resumed run on the same seed end with the same weights, but so does a
"resume" that reads the checkpoint and trains from update 1 anyway: the seed alone reproduces
the straight run. These tests fail for such a resume. After `restore` every piece of state the
checkpoint holds is the trainer's (each piece differed before); the resumed run logs updates
k+1.. only; and its weights equal the straight run's while differing from a fresh run of the
remaining updates. Toy Raid (tests/toy_game) keeps each run to a fraction of a second.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import torch

from agents.rl.ppo import PPOSettings, PPOTrainer, load_checkpoint
from experiments.train import TrainPlan, train
from nemesis_env import load_game
from tests.conftest import TOY
from tests.training_helpers import (
    assert_same_checkpoint,
    assert_same_weights,
    differences,
    logged_updates,
    straight_and_resumed,
)

GAME = load_game(TOY.name, players=3)
# every opponent kind, so that the snapshot pool and the heuristics' generators take part
TINY = PPOSettings(
    rollout_steps=48, num_slots=3, minibatch_size=24, epochs=1, hidden=(8,), snapshot_every=1,
    pool_size=2, opponent_weights=(("self", 0.3), ("snapshot", 0.3), ("heuristic", 0.2),
                                   ("random", 0.2)),
)  # fmt: skip
STATE = ("update", "env_steps", "games_started", "nets", "optims", "snapshots", "rng",
         "torch_gen", "torch_global", "workers")  # fmt: skip


# with worker processes, the workers draw the games (their generators and game counts are in
# "workers") and the trainer's own collector stays unused; without, there are no workers
UNUSED = {1: {"workers"}, 2: {"rng", "games_started"}}


@pytest.mark.parametrize("workers", [1, 2])
def test_restore_sets_every_piece_of_state_the_checkpoint_holds(
    tmp_path: Path, workers: int
) -> None:
    """Counters, weights, Adam's moments and step counts, the snapshot pool, the numpy, torch
    and global torch generators and each worker process's generators, read back from the
    trainer (the workers answer for theirs) after a round trip through the file."""
    settings = dataclasses.replace(TINY, num_workers=workers)
    trainer = PPOTrainer(GAME, settings, 4)
    try:
        for _ in range(3):
            trainer.iterate()
        trainer.save(tmp_path / "k.pt")
    finally:
        trainer.close()
    saved = load_checkpoint(tmp_path / "k.pt")
    assert saved["update"] == 3 and len(saved["snapshots"]) == 2
    fresh = PPOTrainer(GAME, settings, 4)
    try:
        # the global generator is wherever this process left it; move it so that restoring it
        # is tested, not assumed (the trainer itself draws nothing from it after building)
        torch.manual_seed(12345)
        before = fresh.checkpoint()
        for key in set(STATE) - UNUSED[workers]:  # each check below can fail: all differ now
            assert differences(before[key], saved[key], key), key
        fresh.restore(saved)
        after = fresh.checkpoint()
        assert fresh.update == 3 and fresh.env_steps == saved["env_steps"]
        steps = [s["step"] for opt in after["optims"].values() for s in opt["state"].values()]
        assert steps and all(float(s) >= 3 for s in steps)  # Adam's, not a new optimiser's
        assert_same_checkpoint(after, saved)
    finally:
        fresh.close()


def test_a_resumed_run_continues_after_its_checkpoint(tmp_path: Path) -> None:
    """Through experiments.train.train (`resume=`): the resumed run logs updates 2 and 3 only,
    ends in the straight run's state, and differs from a fresh run of the remaining 2 updates
    on the same seed (what a resume that ignores its checkpoint computes when it counts
    updates from its own start) and from the checkpoint it started from."""
    straight, resumed = straight_and_resumed(GAME, TINY, 6, updates=3, split=1, root=tmp_path)
    assert logged_updates(tmp_path / "a") == [1, 2, 3]
    assert logged_updates(tmp_path / "c") == [2, 3]  # update 1 is not run again
    assert resumed.update == 3
    assert_same_weights(straight, resumed)
    final = load_checkpoint(tmp_path / "c" / "final.pt")
    assert_same_checkpoint(final, load_checkpoint(tmp_path / "a" / "final.pt"))
    train(GAME, TINY, TrainPlan(2, None, 0, 0), 6, tmp_path / "fresh", progress=False)
    fresh = load_checkpoint(tmp_path / "fresh" / "final.pt")["nets"]
    start = load_checkpoint(tmp_path / "b" / "final.pt")["nets"]
    assert differences(final["nets"], fresh) and differences(final["nets"], start)
