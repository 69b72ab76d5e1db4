"""Stable-Baselines3 on the single-agent adapter: sb3-contrib's MaskablePPO learns, through the
shipped example, and runs under SubprocVecEnv with masks from `action_masks()`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from experiments.sb3 import env_fns

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "sb3_maskable_ppo.py"


def run_example(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLE), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
        check=False,
    )


def test_maskable_ppo_beats_random_after_a_few_thousand_steps(tmp_path: Path) -> None:
    """4,096 steps as a Not Alone Hunted against random seats: the greedy policy's 95% interval
    lies above a uniformly random Hunted's on the same 200 unseen seeds (measured 0.385 [0.32,
    0.45] against 0.085 [0.05, 0.13]). A learner that learned nothing overlaps random."""
    model = tmp_path / "model.zip"
    done = run_example(
        "--game",
        "not_alone",
        "--learner",
        "hunted",
        "--opponent",
        "random",
        "--steps",
        "4096",
        "--eval-games",
        "200",
        "--save",
        str(model),
        "--json",
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["learner"] == "hunted_0" and result["steps"] == 4096
    assert result["trained"]["ci95"][0] > result["random"]["ci95"][1], result
    assert model.is_file()
    again = run_example("--steps", "10", "--save", str(model))
    assert again.returncode != 0 and "the file exists" in again.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--steps", "0"], "--steps must be at least 1"),
        (["--learner", "intruder"], "neither a seat"),
        (["--opponent", "nope"], "unknown agent kind 'nope'"),
        (["--game", "nemesis", "--players", "2", "--param", "mode=bogus"], "mode must be one of"),
        (["--param", "players"], "write KEY=VALUE"),
    ],
)
def test_the_example_rejects_bad_input_clearly(args: list[str], message: str) -> None:
    done = run_example(*args)
    assert done.returncode != 0 and message in done.stderr, done.stderr


def test_subproc_vec_env_trains_on_nemesis_coop_with_masks() -> None:
    """Two SubprocVecEnv workers (spawned) on 2-player Nemesis co-op with heuristic mates; the
    envs raise on an illegal action (experiments.sb3 default), so a policy that ignored the masks
    would crash the rollout."""
    from sb3_contrib import MaskablePPO  # installed by `make test` (the sb3 extra)
    from stable_baselines3.common.vec_env import SubprocVecEnv

    vec = SubprocVecEnv(
        env_fns(2, "nemesis", "player_0", players=2, mode="coop"), start_method="spawn"
    )
    try:
        vec.seed(0)
        model = MaskablePPO("MlpPolicy", vec, n_steps=256, batch_size=64, seed=0, device="cpu")
        model.learn(1024)
        masks = np.stack(vec.env_method("action_masks"))
        assert masks.shape == (2, vec.action_space.n) and masks.any(axis=1).all()
    finally:
        vec.close()
    assert model.num_timesteps >= 1024
