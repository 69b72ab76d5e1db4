"""PPO with a late role (GameInfo.late_roles): Nemesis with the intruder player (seed 000
"Modes": the first player whose character dies takes the Intruders over).

The intruder seat is its own role: its own network, its own share of the learner's games, and
a trajectory of its own that ends with the intruder's result, while the same seat's crew
trajectory ends at its character's death with the crew's loss (Game.role_results)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext
from agents.rl.agent import PPOAgent
from agents.rl.ppo import PPOSettings, PPOTrainer
from agents.rl.rollout import Batch, RolloutCollector
from experiments.train import TrainPlan, evaluate
from nemesis_env import load_game
from nemesis_env.core.game import RoleResult

SETTINGS = PPOSettings(
    rollout_steps=600, num_slots=1, hidden=(16,), minibatch_size=128, epochs=1,
    role_shares=(("crew", 0.5), ("intruder", 0.5)), opponent_weights=(("self", 1.0),),
)  # fmt: skip


@pytest.fixture(scope="module")
def game() -> Any:
    return load_game("nemesis", players=2, intruder_player=True)


def test_the_intruder_role_has_its_own_network(game: Any) -> None:
    trainer = PPOTrainer(game, SETTINGS, seed=0)
    assert set(trainer.nets) == {"crew", "intruder"}
    agent = PPOAgent(trainer.nets)
    obs = np.zeros(game.observation_size(), dtype=np.float32)
    mask = np.ones(game.info.num_actions, dtype=np.int8)
    ctx = AgentContext(0, obs, mask, None, game, role="intruder")
    assert agent._key(ctx) == "intruder"
    assert agent._key(AgentContext(0, obs, mask, None, game)) == "crew"  # no role: the seat's


def test_each_role_trajectory_ends_with_that_roles_result(
    game: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Self-play, one game at a time, so a game's transitions are contiguous in the batch.
    Every seat is the learner: each (seat, role) that decided ends exactly one trajectory, with
    the result the game gives that role. A collector that rewarded the seat's final return
    instead would give a dead crew member the intruder's win."""
    finished: list[tuple[int, list[RoleResult]]] = []  # (batch size at the end, results)
    real_finish = RolloutCollector._finish

    def finish(self: RolloutCollector, slot: Any, batch: Batch) -> Any:
        finished.append((len(batch), game.role_results(slot.state)))
        return real_finish(self, slot, batch)

    monkeypatch.setattr(RolloutCollector, "_finish", finish)
    trainer = PPOTrainer(game, SETTINGS, seed=1)
    batch, stats = trainer.collector.collect(SETTINGS.rollout_steps, trainer.policy_for)
    assert len(stats) == len(finished) >= 2
    roles = trainer.roles
    for i, j in enumerate(batch.next):
        if j != -1:
            assert batch.role[j] == batch.role[i]  # a trajectory never changes role
    took_over, begin = 0, 0
    for end, results in finished:
        done = [i for i in range(begin, end) if batch.done[i]]
        got = sorted((roles[batch.role[i]], batch.reward[i]) for i in done)
        assert got == sorted((r.role, r.value) for r in results)
        took_over += any(r.role == "intruder" for r in results)
        begin = end
    assert took_over >= 1, "no game of the batch had an intruder player"


def test_evaluation_reports_the_late_role(game: Any) -> None:
    trainer = PPOTrainer(game, SETTINGS, seed=2)
    metrics = evaluate(trainer, TrainPlan(1, None, 0, 6, eval_opponents=("random",)), seed=3)
    assert {"eval/random/win_rate/crew", "eval/random/win_rate/intruder",
            "eval/random/played/intruder"} <= set(metrics)  # fmt: skip
    assert 0.0 <= metrics["eval/random/played/intruder"] <= 1.0


def test_games_where_nobody_takes_the_learners_late_role_are_skipped(
    game: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The learner plays the intruder seat against heuristic crews (after one crew game, the
    first of the share pattern, agents/rl/rollout.learner_role): a game in which no
    character dies (so nobody takes the Intruders over) is played out by the fixed agents
    alone and gives the network no decision. The collector starts another game instead of
    handing a heuristic agent to the network (it used to fail in `policy_for`)."""
    settings = PPOSettings(
        rollout_steps=300, num_slots=1, hidden=(16,), minibatch_size=128, epochs=1,
        role_shares=(("crew", 0.001), ("intruder", 0.999)), opponent_weights=(("heuristic", 1.0),),
    )  # fmt: skip
    without_intruder = 0
    real_finish = RolloutCollector._finish

    def finish(self: RolloutCollector, slot: Any, batch: Batch) -> Any:
        nonlocal without_intruder
        roles = {r.role for r in game.role_results(slot.state)}
        learner_is_intruder = self.roles[slot.learner_role] == "intruder"
        without_intruder += learner_is_intruder and "intruder" not in roles
        return real_finish(self, slot, batch)

    monkeypatch.setattr(RolloutCollector, "_finish", finish)
    trainer = PPOTrainer(game, settings, seed=0)
    batch, _ = trainer.collector.collect(settings.rollout_steps, trainer.policy_for)
    assert len(batch) >= settings.rollout_steps
    assert "intruder" in {trainer.roles[r] for r in batch.role}
    assert without_intruder >= 1, "no game without an intruder player: the case was not played"
