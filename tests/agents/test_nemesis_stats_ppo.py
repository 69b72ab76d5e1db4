"""agents/games/nemesis/stats.py with trained policies: `--crew ppo:CHECKPOINT` plays a
checkpoint in the seats that name it on the shared seeds, and every agent is told the role its
seat plays now (an intruder-player seat turns from crew to intruder, GameInfo's late role)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from agents.base import AgentContext
from agents.games.nemesis import stats
from agents.games.nemesis.crew import HeuristicCrew
from agents.rl.ppo import PPOSettings, PPOTrainer
from nemesis_env import load_game
from nemesis_env.games.nemesis.game import NemesisGame

TINY = PPOSettings(rollout_steps=64, num_slots=1, hidden=(8,), minibatch_size=32, epochs=1)


@pytest.fixture(scope="module")
def standard_checkpoint(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ppo") / "standard.pt"
    trainer = PPOTrainer(load_game("nemesis", players=4), TINY, seed=0)
    trainer.save(path)
    trainer.close()
    return path


def test_a_checkpoint_plays_the_seats_that_name_it(standard_checkpoint: Path) -> None:
    name = f"ppo:{standard_checkpoint}"
    report = stats.tally_games(4, [name, "heuristic", "heuristic", "heuristic"], games=2).report()
    assert report["rates"][name]["seats"] == 2  # seat 0 of each game
    assert report["rates"]["heuristic"]["seats"] == 6


def test_a_checkpoint_of_another_game_is_refused_before_any_game(
    standard_checkpoint: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its params (no intruder player) do not match the game asked for."""
    with pytest.raises(SystemExit) as exc:
        stats.main(["--games", "1", "--param", "intruder_player=true",
                    "--crew", f"ppo:{standard_checkpoint}"])  # fmt: skip
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "intruder_player: checkpoint False, game True" in err, err
    assert "board_side" not in err  # only the params that differ are named


@pytest.mark.parametrize("spec", ["ppo:/nonexistent/x.pt", "ppo:"])
def test_a_bad_checkpoint_name_exits_2_naming_it(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        stats.main(["--games", "1", "--crew", spec])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and ("/nonexistent/x.pt" in err or "ppo:CHECKPOINT" in err)


class RoleRecorder(HeuristicCrew):
    def __init__(self) -> None:
        super().__init__()
        self.roles: set[str] = set()

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        self.roles.add(ctx.role_now())
        return super().act(ctx, rng)


def test_a_seat_that_takes_the_intruders_over_is_told_its_new_role() -> None:
    game = NemesisGame(players=4, intruder_player=True)
    for seed in range(40, 60):
        crew = [RoleRecorder() for _ in range(4)]
        s = stats.play(game, crew, seed).state
        assert s.ip is not None and s.events is not None
        if any(e.kind == "ip_play" for e in s.events):  # the seat of the dead played a card
            taken = crew[s.ip.seat].roles
            assert taken == {"crew", "intruder"}, taken
            return
    raise AssertionError("no seat took the Intruders over in 20 heuristic games")
