"""A tournament of PPO agents on forked workers, started by a process whose torch already ran
multi-threaded: it must finish (it used to hang for ever in the workers' first forward pass,
waiting for OpenMP threads that do not survive a fork)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from agents.rl.ppo import PPOSettings, PPOTrainer
from nemesis_env import load_game

TINY = PPOSettings(
    rollout_steps=64, num_slots=2, minibatch_size=32, epochs=1, hidden=(256, 256)
)  # big enough for BLAS to use its threads


def test_forked_tournament_of_ppo_agents_finishes(tmp_path: Path) -> None:
    game = load_game("not_alone", players=2, board_side=1)
    trainer = PPOTrainer(game, TINY, 0)
    try:
        trainer.save(tmp_path / "tiny.pt")
    finally:
        trainer.close()
    checkpoint = str(tmp_path / "tiny.pt")
    script = textwrap.dedent(
        f"""
        import torch
        torch.set_num_threads(2)
        a = torch.ones(256, 256)
        for _ in range(20):
            a = (a @ a).clamp(max=1.0)  # the parent's OpenMP pool is now running
        from experiments.config import TournamentConfig, config_from_dict
        from experiments.tournament import run_tournament
        import experiments.ppo_kind  # registers the "ppo" agent kind
        cfg = config_from_dict(TournamentConfig, {{
            "game": "not_alone", "players": 2, "game_params": {{"board_side": 1}},
            "agents": [{{"name": "ppo", "kind": "ppo", "checkpoint": {checkpoint!r}}},
                       {{"name": "random", "kind": "random"}}],
            "games_per_match": 2, "seed": 3, "workers": 2,
            "out_dir": {str(tmp_path / "run")!r},
        }})
        run_tournament(cfg, progress=False)
        print("finished")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "finished" in done.stdout
