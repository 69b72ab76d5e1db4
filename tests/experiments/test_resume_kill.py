"""Kill and resume: `nemesis train` killed with SIGKILL at a random moment after its first
checkpoint, then resumed, ends with the weights of a run that was never interrupted.

The run checkpoints every update (`checkpoint_every: 1`), so a kill loses at most the update
in progress and the one logged but not yet checkpointed. Whatever the moment, the latest
checkpoint loads (atomic writes, checksum checked), the resume starts at its update and
redoes only what came after, metrics.jsonl reads as one run, and the final checkpoint equals
the uninterrupted run's tensor for tensor. The moment of the kill is drawn from
NEMESIS_KILL_SEED (default 0); the assertions hold for any seed (docs/reliability.md).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

from agents.rl.checkpoint import load_checkpoint
from nemesis_env.cli import main
from tests.training_helpers import assert_same_checkpoint, logged_updates

ROOT = Path(__file__).resolve().parents[2]
UPDATES = 8
# 2-player Not Alone on board side 1 with a tiny network: a fraction of a second per update
CONFIG = {
    "game": "not_alone", "players": 2, "game_params": {"board_side": 1},
    "total_updates": UPDATES, "rollout_steps": 64, "num_slots": 2, "num_workers": 1,
    "minibatch_size": 32, "epochs": 1, "hidden_sizes": [8], "snapshot_every": 2, "pool_size": 2,
    "opponent_mix": {"self": 0.4, "snapshots": 0.3, "random": 0.3}, "eval_every": UPDATES,
    "eval_games": 1, "eval_opponents": ["random"], "checkpoint_every": 1, "seed": 3,
}  # fmt: skip
FIRST_CHECKPOINT_TIMEOUT_S = 600  # generous: the machine may be busy with other jobs


def _start_training(config: Path, run: Path, log: Path) -> subprocess.Popen[bytes]:
    """`nemesis train` in its own process group, importing this checkout's code."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    command = [sys.executable, "-m", "nemesis_env.cli", "train", str(config), "--out", str(run)]
    with log.open("wb") as out:
        return subprocess.Popen(
            [*command, "--no-progress"], cwd=run.parent, env=env, stdout=out, stderr=out,
            start_new_session=True,
        )  # fmt: skip


def _wait_for(path: Path, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + FIRST_CHECKPOINT_TIMEOUT_S
    while not path.exists():
        assert proc.poll() is None, f"train exited {proc.returncode}: {log.read_text()[-2000:]}"
        assert time.monotonic() < deadline, "no checkpoint in time"
        time.sleep(0.01)


def _kill_at_random(proc: subprocess.Popen[bytes], run: Path, seed: int) -> str:
    """SIGKILL to the process group once `target` updates are logged plus a random part of a
    third of a second: counting updates, not seconds, spreads the kills over the whole run
    however busy the machine is (the row is logged just before the update's checkpoint)."""
    rng = random.Random(seed)
    target, delay = rng.randint(1, UPDATES - 1), rng.uniform(0.0, 0.3)
    while proc.poll() is None and len(logged_updates(run)) < target:
        time.sleep(0.01)
    time.sleep(delay)
    _kill(proc)
    return f"{delay:.2f}s after update {target} was logged"


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)  # the group: whatever the run started dies too
    proc.wait()


def test_a_run_killed_after_a_checkpoint_resumes_to_the_uninterrupted_weights(
    tmp_path: Path,
) -> None:
    config = tmp_path / "train.yaml"
    config.write_text(yaml.safe_dump(CONFIG))
    run, latest = tmp_path / "run", tmp_path / "run" / "checkpoints" / "latest.pt"
    proc = _start_training(config, run, tmp_path / "killed.log")
    try:
        _wait_for(latest, proc, tmp_path / "killed.log")
        when = _kill_at_random(proc, run, int(os.environ.get("NEMESIS_KILL_SEED", "0")))
    finally:
        _kill(proc)  # never leave it running when the test fails
    killed_at = load_checkpoint(latest)["update"]  # a checksum mismatch would raise here
    logged = logged_updates(run)
    lost = max(logged) - killed_at
    print(f"killed {when} (exit {proc.returncode}): checkpoint at update {killed_at}, "
          f"{max(logged)} logged, {lost} logged update(s) lost")  # fmt: skip
    assert 1 <= killed_at <= UPDATES and logged == list(range(1, max(logged) + 1))
    assert 0 <= lost <= CONFIG["checkpoint_every"]
    # a kill inside an atomic write leaves its temporary; the resume clears it
    (latest.parent / ".latest.pt.killed.tmp").write_bytes(b"half a checkpoint")

    argv = ["train", str(config), "--no-progress", "--out"]
    assert main([*argv, str(run), "--resume", str(latest)]) == 0
    assert main([*argv, str(tmp_path / "straight")]) == 0
    summary = json.loads((run / "train_summary.json").read_text())
    assert summary["started_at_update"] == killed_at and summary["updates"] == UPDATES
    assert logged_updates(run) == list(range(1, UPDATES + 1))
    meta = json.loads((run / "meta.json").read_text())
    assert [r["update"] for r in meta["resumes"]] == [killed_at]
    assert not list(run.glob(".*.tmp")) and not list(latest.parent.glob(".*.tmp"))
    resumed = load_checkpoint(run / "final.pt")
    straight = load_checkpoint(tmp_path / "straight" / "final.pt")
    assert resumed["update"] == straight["update"] == UPDATES
    assert_same_checkpoint(resumed, straight)
