"""`nemesis train CONFIG --backend rllib` on a local 2-CPU Ray instance, as a user runs it:
RLlib's PPO with the action-masking module per role and the self-play league learns to beat
random play in both roles of Not Alone, and the run directory holds one run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "configs" / "rllib_not_alone.yaml"
SMALL = ["--set", "train_batch_size=2000", "--set", "minibatch_size=250",
         "--set", "hidden_sizes=[64,64]", "--set", "num_epochs=6"]  # fmt: skip


def train(*args: str) -> subprocess.CompletedProcess[str]:
    cli = Path(sys.executable).with_name("nemesis")
    return subprocess.run(
        [str(cli), "train", str(CONFIG), "--backend", "rllib", *SMALL, *args],
        capture_output=True, text=True, cwd=ROOT, timeout=900, check=False,
    )  # fmt: skip


def test_rllib_hunted_beat_random_with_two_env_runners(tmp_path: Path) -> None:
    """4-player Not Alone, 30 iterations of 2,000 env steps on 2 env runners, then 200 games
    per role (actions drawn from the policy) against random seats next to random players in
    their place, on seeds training never used. Ray's sampling is asynchronous, so two runs of
    one seed differ: the budget is sized for the worst run seen. Measured (session 23, 200
    games each): after 30 iterations the Hunted won 0.955, 0.655, 0.595 and 0.880 (seeds
    0-3), then 0.675 and 0.810 (seed 0 again), the weakest [0.526, 0.661], where random
    Hunted win 0.100 [0.066, 0.149] (a trained interval clears that from about 0.21); after
    12 iterations two runs of seed 0 gave 0.465 and 0.145, the second overlapping random (a
    CI failure). The Creature wins about 0.95 where a random Creature wins 0.90 against random
    Hunted: too little room to demand disjoint intervals at this budget, so only the Hunted's
    gap is asserted. An untrained or unmasked module overlaps the random one."""
    out = tmp_path / "run"
    done = train("--set", "iterations=30", "--set", "eval_games=200", "--out", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    records = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    assert [r["iteration"] for r in records] == list(range(1, 31))
    assert all(r["env_steps"] >= 2000 and r["env_steps_per_s"] > 0 for r in records)
    assert records[-1]["env_steps_lifetime"] >= 60_000
    evaluation = json.loads((out / "eval.json").read_text())
    hunted = evaluation["roles"]["hunted"]
    assert hunted["trained"]["ci95"][0] > hunted["random"]["ci95"][1], hunted
    assert set(evaluation["roles"]) == {"creature", "hunted"}
    assert (out / "checkpoint").is_dir() and (out / "config.yaml").is_file()
    again = train("--set", "iterations=1", "--out", str(out))  # a run is there: refused
    assert again.returncode == 2 and "--overwrite" in again.stderr


def test_the_league_freezes_a_snapshot_when_a_role_wins(tmp_path: Path) -> None:
    """With a 5-game window and a 0.5 threshold the Hunted (over 0.9 against a random Creature
    in 2-player games) is frozen into the Hunted's pool, which the random module leaves."""
    out = tmp_path / "league"
    done = train("--set", "players=2", "--set", "iterations=3", "--set", "num_env_runners=1",
                 "--set", "eval_games=5", "--set", "win_rate_window=5",
                 "--set", "win_rate_threshold=0.5", "--out", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    records = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    assert records[-1]["league"]["hunted"][0] == "hunted_v1"
    assert "hunted_random" not in records[-1]["league"]["hunted"]


def test_bad_rllib_configs_fail_before_ray_starts(tmp_path: Path) -> None:
    for args, message in (
        (["--set", "num_env_runners=-1"], "num_env_runners"),
        (["--set", "win_rate_threshold=2"], "win_rate_threshold"),
        (["--set", "nonsense=1"], "nonsense"),
        (["--resume", "x.pt"], "does not resume"),
        (["--set", "game=nemesis", "--set", "game_params={intruder_player: true}"], "late roles"),
    ):
        done = train(*args, "--out", str(tmp_path / "bad"))
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr[-2000:])
        assert not (tmp_path / "bad").exists()
