"""experiments/sb3.py and agents/adapters.py: the single-agent env with other seats drawn from
agent specs, for every registered game (tests/games.py default variants)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from agents.adapters import SeatAgents
from agents.base import AgentContext, RandomAgent
from experiments.config import ConfigError
from experiments.sb3 import env_fns, learner_seat_name, make_env
from tests.games import default_cases, game

RANDOM = [{"name": "random", "kind": "random"}]


def trajectory(env: Any, seed: int, steps: int) -> list[bytes]:
    """Observations (bytes) after a seeded reset, the learner playing its first legal action."""
    obs, _ = env.reset(seed=seed)
    out = [obs.tobytes()]
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        out.append(obs.tobytes() + np.float64(reward).tobytes())
        if terminated or truncated:
            break
    return out


@pytest.mark.parametrize(("name", "params"), default_cases())
def test_same_seed_same_trajectory_another_seed_another(name: str, params: dict[str, Any]) -> None:
    """Two envs with the same opponents and seed agree byte for byte (chance and the
    opponents' draws both come from the reset's seed); another seed gives another game."""
    learner = game(name, params).seat_names()[0]
    a = make_env(name, learner, RANDOM, **params)
    b = make_env(name, learner, RANDOM, **params)
    assert trajectory(a, 5, 60) == trajectory(b, 5, 60)
    assert trajectory(a, 5, 60) != trajectory(a, 6, 60)


def test_heuristic_opponents_play_otherwise_than_random_ones() -> None:
    """The pool is really used: the heuristic Creature and Hunted do not move like random ones
    (the learner's observations part within the first rounds)."""
    heuristic = make_env("not_alone", "hunted", players=4)
    uniform = make_env("not_alone", "hunted", RANDOM, players=4)
    assert trajectory(heuristic, 3, 40) != trajectory(uniform, 3, 40)


class Recorder:
    """An agent that records which episodes it was built for, acting randomly."""

    omniscient = False
    built: list[str] = []  # noqa: RUF012

    def __init__(self, label: str) -> None:
        self.name = label
        Recorder.built.append(label)

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        assert ctx.state is None and ctx.view is not None  # the seat's view, never the state
        return RandomAgent().act(ctx, rng)


def test_a_pool_draws_by_weight_and_builds_fresh_agents_each_episode() -> None:
    Recorder.built = []
    pool = SeatAgents([lambda: Recorder("a"), lambda: Recorder("b")], weights=[3.0, 1.0])
    rng = np.random.default_rng(0)
    Recorder.built = []
    for _ in range(2000):
        pool.start_episode(rng)
    share = Recorder.built.count("a") / len(Recorder.built)
    assert len(Recorder.built) == 2000  # a fresh agent every episode
    assert 0.72 < share < 0.78  # 3:1, within ~4 standard errors of 0.75 at n=2000


def test_pool_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="at least one"):
        SeatAgents([])
    with pytest.raises(ValueError, match="2 weights for 1"):
        SeatAgents([RandomAgent], [1.0, 2.0])
    with pytest.raises(ValueError, match="not all zero"):
        SeatAgents([RandomAgent], [0.0])

    class Omniscient(RandomAgent):
        omniscient = True

    with pytest.raises(ValueError, match="omniscient"):
        SeatAgents([Omniscient])


def test_learner_is_a_seat_or_a_starting_role() -> None:
    assert learner_seat_name("not_alone", "hunted", players=4) == "hunted_0"
    assert learner_seat_name("not_alone", "creature", players=4) == "creature"
    assert learner_seat_name("not_alone", "hunted_2", players=4) == "hunted_2"
    with pytest.raises(ConfigError, match="neither a seat"):
        learner_seat_name("not_alone", "intruder", players=4)


@pytest.mark.parametrize(
    ("opponents", "message"),
    [
        ([], "non-empty list"),
        ({"name": "h", "kind": "heuristic"}, "non-empty list"),
        ([{"name": "x", "kind": "nope"}], "unknown agent kind 'nope'"),
        ([{"name": "x"}], r"opponents\[0\]"),
        (["heuristic"], r"opponents\[0\]: an agent spec mapping"),
        ([{"name": "p", "kind": "ppo"}], "needs a checkpoint"),
    ],
)
def test_bad_opponents_fail_before_any_game(opponents: Any, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_env("not_alone", "hunted", opponents, players=4)


def test_env_fns_validate_and_build_independent_envs() -> None:
    with pytest.raises(ConfigError, match="at least 1"):
        env_fns(0, "not_alone", "hunted", players=4)
    with pytest.raises(ConfigError, match="2 weights for 1"):
        env_fns(2, "not_alone", "hunted", RANDOM, weights=[1.0, 1.0], players=4)
    first, second = (fn() for fn in env_fns(2, "not_alone", "hunted", RANDOM, players=4))
    assert first is not second and first.aec is not second.aec
    assert trajectory(first, 1, 30) == trajectory(second, 1, 30)
