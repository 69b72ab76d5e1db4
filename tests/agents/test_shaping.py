"""Potential-based reward shaping (agents/rl/shaping.py; Ng, Harada & Russell 1999)."""

from __future__ import annotations

import dataclasses

import pytest

from agents.rl.ppo import PPOSettings, PPOTrainer
from agents.rl.shaping import SHAPINGS, check_shaping
from experiments.config import SHAPING_KINDS, ConfigError, TrainConfig
from nemesis_env import load_game

SETTINGS = PPOSettings(
    rollout_steps=300, num_slots=3, hidden=(8,), gamma=1.0, shaping="not_alone_value",
    shaping_weight=0.5, opponent_weights=(("heuristic", 0.5), ("random", 0.5)),
)  # fmt: skip


def chains(nexts: list[int]) -> list[list[int]]:
    """Each learner seat's transitions in one game, first to last, following `next`."""
    starts = set(range(len(nexts))) - {n for n in nexts if n >= 0}
    result = []
    for start in sorted(starts):
        chain, i = [], start
        while i >= 0:
            chain.append(i)
            i = nexts[i]
        result.append(chain)
    return result


def test_shaped_rewards_telescope_to_the_result_minus_the_first_potential() -> None:
    """With gamma 1 a seat's shaped rewards sum to its game result minus phi(first state), so
    the ranking of policies is unchanged; the per-step rewards are not the sparse ones."""
    trainer = PPOTrainer(load_game("not_alone", players=4), SETTINGS, seed=3)
    batch, stats = trainer.collector.collect(SETTINGS.rollout_steps, trainer.policy_for)
    assert stats
    intermediate = []
    for chain in chains(batch.next):
        total = sum(batch.reward[i] for i in chain)
        result = total + batch.potential[chain[0]]
        assert result == pytest.approx(round(result), abs=1e-9) and round(result) in (-1, 1)
        assert batch.done[chain[-1]] and not any(batch.done[i] for i in chain[:-1])
        intermediate += [batch.reward[i] for i in chain[:-1]]
    assert any(abs(r) > 1e-6 for r in intermediate)  # shaping paid out before the end
    assert all(abs(p) <= 0.5 for p in batch.potential)  # weight 0.5 times a value in [-1, 1]


def test_without_shaping_only_the_result_is_paid() -> None:
    plain = dataclasses.replace(SETTINGS, shaping=None)
    trainer = PPOTrainer(load_game("not_alone", players=4), plain, seed=3)
    batch, _ = trainer.collector.collect(plain.rollout_steps, trainer.policy_for)
    assert all(r == 0.0 for r, done in zip(batch.reward, batch.done, strict=True) if not done)
    assert set(batch.potential) == {0.0}


def test_bad_shaping_is_refused() -> None:
    assert set(SHAPING_KINDS) == set(SHAPINGS)
    TrainConfig(game="not_alone", shaping="kit")
    TrainConfig(game="not_alone", shaping="not_alone_value")  # Not Alone's kit keeps its older name
    with pytest.raises(ConfigError, match=r"shaping: must be null or one of \['kit', 'not_alone_"):
        TrainConfig(game="not_alone", shaping="oracle")
    with pytest.raises(ValueError, match=r"shaping must be one of \['kit', 'not_alone_value'\]"):
        check_shaping("oracle", 1.0, load_game("not_alone", players=4))
    with pytest.raises(ConfigError, match="shaping_weight"):
        TrainConfig(game="not_alone", shaping="not_alone_value", shaping_weight=-1.0)
    with pytest.raises(ValueError, match="shaping must be null or one of"):
        check_shaping("oracle", 1.0)
    with pytest.raises(ValueError, match="no fitted Not Alone value for 2 players"):
        PPOTrainer(load_game("not_alone", players=2), SETTINGS, seed=0)
