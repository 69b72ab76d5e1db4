"""PPO with advice (agents/rl/advice.py): the heuristic's move as input and as a learned prior."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pytest
import torch

from agents.base import AgentContext
from agents.games.not_alone import heuristic_agent
from agents.play import play_game
from agents.rl.advice import ADVISORS, Advisor, check_advice
from agents.rl.agent import PPOAgent
from agents.rl.network import ActorCritic
from agents.rl.ppo import PPOSettings, PPOTrainer, load_checkpoint
from agents.rl.rollout import learner_role
from experiments.config import ADVICE_KINDS, ConfigError, TrainConfig
from experiments.train import TrainPlan, train
from nemesis_env import load_game
from nemesis_env.core.errors import CheckpointError
from tests.training_helpers import assert_same_weights, straight_and_resumed

TINY = PPOSettings(
    rollout_steps=128, num_slots=4, minibatch_size=64, epochs=2, hidden=(16,),
    snapshot_every=1, pool_size=2, advice="heuristic", advice_weight=3.0,
    opponent_weights=(("self", 0.4), ("snapshot", 0.3), ("heuristic", 0.2), ("random", 0.1)),
)  # fmt: skip


def test_config_and_network_agree_on_advice_kinds() -> None:
    assert set(ADVICE_KINDS) == set(ADVISORS)
    with pytest.raises(ConfigError, match="advice: must be null or one of"):
        TrainConfig(game="not_alone", advice="oracle")
    with pytest.raises(ConfigError, match="advice_weight"):
        TrainConfig(game="not_alone", advice="heuristic", advice_weight=-1.0)
    with pytest.raises(ValueError, match="advice must be null or one of"):
        check_advice("oracle")


def test_untrained_policy_follows_the_advice() -> None:
    """Before any update the advised move has probability e^w / (e^w + legal - 1)."""
    net = ActorCritic(10, 5, (8,), advice="heuristic", advice_weight=3.0)
    x = torch.from_numpy(np.stack([np.concatenate([np.zeros(10), np.eye(5)[a]]) for a in range(5)]))
    x = x.float()
    mask = torch.ones(5, 5, dtype=torch.int8)
    probs = net.distribution(x, mask).probs
    expected = math.exp(3.0) / (math.exp(3.0) + 4)
    for advised in range(5):
        assert probs[advised, advised].item() == pytest.approx(expected, abs=0.02)
    assert net.input_size == 15
    plain = ActorCritic(10, 5, (8,))
    assert plain.input_size == 10 and not hasattr(plain, "advice_gain")


def test_advisor_gives_the_heuristic_move_from_the_view_alone() -> None:
    game = load_game("not_alone", players=4)
    state = game.new_initial_state(log_events=False)
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    mask = np.zeros(game.info.num_actions, dtype=np.int8)
    mask[state.legal_actions()] = 1
    obs = np.zeros(game.observation_size(), dtype=np.float32)
    ctx = AgentContext(seat, obs, mask, game.view_for(state, seat), game)  # no state given
    advised = Advisor("heuristic").advise(ctx, np.random.default_rng(5))
    assert advised == heuristic_agent(game, seat).act(ctx, np.random.default_rng(5))
    assert mask[advised] == 1


@pytest.mark.parametrize("advice", ADVISORS)
def test_advice_training_resumes_exactly_and_plays(advice: str, tmp_path: Path) -> None:
    game = load_game("not_alone", players=2, board_side=1)
    settings = dataclasses.replace(TINY, advice=advice)
    straight, resumed = straight_and_resumed(game, settings, 1, 3, 2, tmp_path)
    assert all(net.advice == advice for net in straight.nets.values())
    assert_same_weights(straight, resumed)
    # the gain is a parameter that the update moves
    assert straight.nets["creature"].advice_gain.item() != 3.0

    def play(seed: int) -> tuple[int, ...]:
        agent = PPOAgent.from_checkpoint(tmp_path / "a" / "final.pt", game)
        seeds = np.random.SeedSequence(seed).spawn(3)
        result = play_game(
            game, [agent, agent], np.random.default_rng(seeds[0]),
            [np.random.default_rng(s) for s in seeds[1:]],
        )  # fmt: skip
        return result.history

    assert play(4) == play(4)


def test_resume_refuses_a_checkpoint_with_other_advice(tmp_path: Path) -> None:
    game = load_game("not_alone", players=2, board_side=1)
    train(game, TINY, TrainPlan(1, None, 0, 0), 0, tmp_path, progress=False)
    ckpt = load_checkpoint(tmp_path / "final.pt")
    plain = PPOTrainer(game, dataclasses.replace(TINY, advice=None), 0)
    with pytest.raises(CheckpointError, match=r"advice='heuristic'.*advice=None"):
        plain.restore(ckpt)


def test_role_shares_set_the_learners_role_pattern() -> None:
    game = load_game("not_alone", players=2, board_side=1)
    roles = {}
    for share in (0.5, 0.75, 0.25):
        shares = (("creature", share), ("hunted", 1.0 - share))
        trainer = PPOTrainer(game, dataclasses.replace(TINY, role_shares=shares), 0)
        roles[share] = [trainer.collector._new_slot().learner_role for _ in range(8)]
    assert roles[0.5] == [0, 1, 0, 1, 0, 1, 0, 1]  # 0 = Creature
    assert roles[0.75] == [0, 0, 0, 1, 0, 0, 0, 1]
    assert roles[0.25].count(0) == 2
    default = PPOTrainer(game, TINY, 0)  # no shares: equal ones
    assert [default.collector._new_slot().learner_role for _ in range(8)] == roles[0.5]
    with pytest.raises(ValueError, match=r"role_shares must give each of .*'hunted'"):
        PPOTrainer(game, dataclasses.replace(TINY, role_shares=(("creature", 1.0),)), 0)
    with pytest.raises(ValueError, match="role_shares must all be positive"):
        shares = (("creature", 1.0), ("hunted", 0.0))
        PPOTrainer(game, dataclasses.replace(TINY, role_shares=shares), 0)
    with pytest.raises(ConfigError, match="role_shares"):
        TrainConfig(game="not_alone", role_shares={"creature": 0.0, "hunted": 1.0})


@pytest.mark.parametrize("shares", [(1, 1, 1), (0.5, 0.3, 0.2), (0.1, 0.1, 0.8), (1, 2, 3, 4)])
def test_learner_role_pattern_gives_each_role_its_share(shares: tuple[float, ...]) -> None:
    total = sum(shares)
    norm = [s / total for s in shares]
    pattern = [learner_role(k, norm) for k in range(400)]
    for k in (10, 100, 400):
        for role, share in enumerate(norm):
            assert abs(pattern[:k].count(role) - k * share) <= len(shares)
