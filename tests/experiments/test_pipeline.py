"""`nemesis train` / `tournament` / `run` on tiny budgets; exact resume; checkpoint checks."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from agents.rl.ppo import PPOSettings, check_checkpoint, load_checkpoint
from experiments.train import TrainPlan, train
from nemesis_env import load_game
from nemesis_env.cli import main
from nemesis_env.core.errors import CheckpointError
from tests.training_helpers import assert_same_weights, straight_and_resumed

ROOT = Path(__file__).resolve().parents[2]
SMOKE = ROOT / "configs" / "smoke_run.yaml"
TINY = PPOSettings(
    rollout_steps=128, num_slots=4, minibatch_size=64, epochs=2, hidden=(16,),
    snapshot_every=1, pool_size=2,
    opponent_weights=(("self", 0.4), ("snapshot", 0.3), ("heuristic", 0.2), ("random", 0.1)),
)  # fmt: skip


def test_nemesis_run_writes_every_artefact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    code = main(["run", str(SMOKE), "--set", f"out_dir={out}", "--no-progress"])
    assert code == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"report: {out / 'report.md'}"
    for rel in (
        "report.md",
        "learning_curve.png",
        "train/final.pt",
        "train/metrics.jsonl",
        "train/meta.json",
        "train/config.yaml",
        "tournament/results.md",
        "tournament/crossplay.png",
        "tournament/crossplay.csv",
        "tournament/meta.json",
    ):
        assert (out / rel).exists(), rel
    (events,) = (out / "train" / "tb").glob("events.out.tfevents.*")
    # TensorBoard gets every metrics.jsonl column of every update, at its env steps
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    board = EventAccumulator(str(events))
    board.Reload()
    rows = [json.loads(line) for line in (out / "train" / "metrics.jsonl").read_text().splitlines()]
    for key in set(rows[-1]) - {"update", "env_steps"}:
        assert [e.step for e in board.Scalars(key)] == [r["env_steps"] for r in rows if key in r]
    report = (out / "report.md").read_text()
    assert "ppo creature vs heuristic hunted" in report
    # the stopping rule and what the run cost (issue: a reproducible main job)
    assert "- stopped by a fixed number of updates (total_updates)" in report
    assert "wall time on this machine: training " in report and ", tournament " in report
    summary = json.loads((out / "train" / "train_summary.json").read_text())
    assert summary["stopped_by"] == "total_updates" and summary["wall_s"] > 0


def test_nemesis_run_checks_the_tournament_agents_before_training(tmp_path: Path) -> None:
    """An agent the tournament cannot build stops `nemesis run` before any training (exit 2),
    not after it: nothing is written."""
    out = tmp_path / "run"
    bad = "tournament.agents.3.params={depth: 2}"  # a random agent takes no params
    code = main(["run", str(SMOKE), "--set", f"out_dir={out}", "--set", bad, "--no-progress"])
    assert code == 2
    assert not out.exists()


def test_train_resume_is_exact(tmp_path: Path) -> None:
    """Same seed and config give the same weights with or without an interruption."""
    game = load_game("not_alone", players=2, board_side=1)
    assert_same_weights(*straight_and_resumed(game, TINY, 3, 4, 2, tmp_path))


def test_worker_processes_resume_exactly(tmp_path: Path) -> None:
    """num_workers=2: the same weights with or without an interruption, and per-worker streams."""
    game = load_game("not_alone", players=2, board_side=1)
    two = dataclasses.replace(TINY, num_workers=2)
    straight, resumed = straight_and_resumed(game, two, 5, 3, 1, tmp_path)
    assert_same_weights(straight, resumed)
    assert straight.workers is None  # closed when training ends
    ckpt = load_checkpoint(tmp_path / "a" / "final.pt")
    assert len(ckpt["workers"]) == 2
    assert ckpt["workers"][0]["rng"] != ckpt["workers"][1]["rng"]
    one = train(game, TINY, TrainPlan(1, None, 0, 0), 5, tmp_path / "d", progress=False)
    with pytest.raises(CheckpointError, match="num_workers"):
        one.restore(ckpt)


def test_checkpoint_refuses_other_rules_or_params(tmp_path: Path) -> None:
    game = load_game("not_alone", players=2, board_side=1)
    train(game, TINY, TrainPlan(1, None, 0, 0), 0, tmp_path, progress=False)
    ckpt = load_checkpoint(tmp_path / "final.pt")
    check_checkpoint(ckpt, game)
    assert ckpt["roles"] == ["creature", "hunted"] and set(ckpt["nets"]) == set(ckpt["roles"])
    with pytest.raises(CheckpointError, match="params"):
        check_checkpoint(ckpt, load_game("not_alone", players=3, board_side=1))
    other = {**ckpt, "roles": ["leader", "scout", "raider"]}
    with pytest.raises(CheckpointError, match=r"roles \['leader', 'scout', 'raider'\], but"):
        check_checkpoint(other, game)
    older = {k: v for k, v in ckpt.items() if k != "roles"}  # before roles were stored
    check_checkpoint(older, game)
    ckpt["rules_version"] = "not_alone-1"  # a checkpoint from before issue 10's corrections
    with pytest.raises(CheckpointError, match=r"rules 'not_alone-1', .* rules not_alone-2"):
        check_checkpoint(ckpt, game)


def test_tournament_command_uses_ppo_checkpoints(tmp_path: Path) -> None:
    game = load_game("not_alone", players=2, board_side=1)
    train(game, TINY, TrainPlan(1, None, 0, 0), 0, tmp_path / "t", progress=False)
    config = tmp_path / "t.yaml"
    config.write_text(
        "game: not_alone\nplayers: 2\ngame_params: {board_side: 1}\n"
        f"agents:\n  - {{name: ppo, kind: ppo, checkpoint: '{tmp_path / 't' / 'final.pt'}'}}\n"
        "  - {name: random, kind: random}\n"
        f"games_per_match: 2\nseed: 1\nout_dir: '{tmp_path / 'out'}'\n"
    )
    assert main(["tournament", str(config), "--no-progress"]) == 0
    assert "ppo" in (tmp_path / "out" / "results.md").read_text()


def test_report_compares_the_trained_agent_with_the_heuristic() -> None:
    from experiments.report_run import headline, versus_baseline

    names = ["ppo", "heuristic"]
    # Creature win rates: rows = Creature agent, cols = Hunted agent
    rate = [[0.5, 0.70], [0.20, 0.45]]
    low = [[0.4, 0.64], [0.15, 0.38]]
    high = [[0.6, 0.76], [0.26, 0.52]]

    def matrices() -> list[dict[str, Any]]:
        """The Creature's matrix and the Hunted's (its complement, transposed: no draws)."""
        return [
            {"role": "creature", "against": ["hunted"], "rows": names, "cols": names,
             "win_rate": rate, "ci95_low": low, "ci95_high": high, "n": [[200] * 2] * 2},
            {"role": "hunted", "against": ["creature"], "rows": names, "cols": names,
             "win_rate": [[1 - rate[j][i] for j in range(2)] for i in range(2)],
             "ci95_low": [[1 - high[j][i] for j in range(2)] for i in range(2)],
             "ci95_high": [[1 - low[j][i] for j in range(2)] for i in range(2)],
             "n": [[200] * 2] * 2},
        ]  # fmt: skip

    results = {"crossplay": matrices()}
    creature, hunted = versus_baseline(results)
    assert "ppo as the creature: 0.700 vs the heuristic creature's 0.450" in creature
    assert "+25.0 points" in creature and "are disjoint" in creature
    # as the Hunted: 1 - 0.20 = 0.80 [0.74, 0.85] vs 0.55 [0.48, 0.62]
    assert "ppo as the hunted: 0.800 vs the heuristic hunted's 0.550" in hunted
    assert "+25.0 points" in hunted and "are disjoint" in hunted
    assert "| ppo hunted vs heuristic creature | 0.800 [0.740, 0.850] (n=200) |" in headline(
        results
    )
    high[0][1] = 0.9
    low[0][1] = 0.50
    assert "overlap" in versus_baseline({"crossplay": matrices()})[0]
