"""The intruder-seat comparison (agents/games/nemesis/intruder_stats.py, issue 14): heuristic
crews against an intruder seat played by the heuristic, a random agent or a PPO checkpoint."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.games.nemesis.intruder_stats import main, seat_match
from agents.rl.ppo import PPOSettings, PPOTrainer
from nemesis_env import load_game

TINY = PPOSettings(rollout_steps=64, num_slots=1, hidden=(8,), minibatch_size=32, epochs=1)


def test_workers_split_the_seeds_not_the_counts() -> None:
    """Game g is seeded by g alone: two processes count what one does."""
    one = seat_match("random", 6, 40, workers=1)
    two = seat_match("random", 6, 40, workers=2)
    assert one == two and one["taken"] >= 1  # a death in 6 heuristic games (seeds 40-45)


def test_a_ppo_checkpoint_plays_the_intruder_seat(tmp_path: Path) -> None:
    game = load_game("nemesis", players=4, intruder_player=True)
    trainer = PPOTrainer(game, TINY, seed=0)
    trainer.save(tmp_path / "intruder.pt")
    trainer.close()
    result = seat_match(f"ppo:{tmp_path / 'intruder.pt'}", 3, 40, workers=1)
    assert result["taken"] >= 1 and 0 <= result["won"] <= result["taken"]


@pytest.mark.parametrize("seat", ["chess", "ppo:", "ppo:/nonexistent/intruder.pt"])
def test_a_bad_seat_agent_exits_2_naming_it(seat: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--seat", seat, "--games", "1"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert ("heuristic, random or ppo:CHECKPOINT" in err) or ("nonexistent" in err)


def test_a_checkpoint_of_another_game_is_refused(tmp_path: Path) -> None:
    """A standard-mode checkpoint (no intruder player): its params do not match the game."""
    trainer = PPOTrainer(load_game("nemesis", players=4), TINY, seed=0)
    trainer.save(tmp_path / "standard.pt")
    trainer.close()
    with pytest.raises(SystemExit) as exc:
        main(["--seat", f"ppo:{tmp_path / 'standard.pt'}", "--games", "1"])
    assert exc.value.code == 2
