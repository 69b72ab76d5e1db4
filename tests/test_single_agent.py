"""The single-agent Gymnasium adapter (nemesis_env/envs/single_agent.py) for every registered
game (tests/games.py): Gymnasium's env checker passes, an illegal action is either penalised
(reward -1, nothing else happens) or raised, as the caller chooses, and `action_masks()` stays
the first-class way to act legally."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from nemesis_env.core.errors import IllegalActionError, NotResetError, ParamError
from nemesis_env.envs.single_agent import ILLEGAL_PENALTY, SingleAgentEnv
from tests.games import cases, game

EACH_CASE = pytest.mark.parametrize(("name", "params"), cases())


def seats(name: str, params: dict[str, Any]) -> list[str]:
    """The first and the last seat: a lone role and a team role in the built-in games."""
    names = game(name, params).seat_names()
    return [names[0], names[-1]]


def make(name: str, params: dict[str, Any], seat: str, **kwargs: Any) -> SingleAgentEnv:
    return SingleAgentEnv(name, seat, **params, **kwargs)


def illegal_id(env: SingleAgentEnv) -> int:
    return int(np.flatnonzero(env.action_masks() == 0)[0])


@EACH_CASE
def test_gymnasiums_env_checker_passes(name: str, params: dict[str, Any]) -> None:
    """It samples unmasked actions from the action space; before the adapter took an illegal
    action as a no-op with a penalty, the first illegal sample crashed it."""
    for seat in seats(name, params):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # no env spec: render modes cannot be re-made
            check_env(make(name, params, seat))


def test_stable_baselines3_env_checker_passes() -> None:
    """SB3 is not a dependency; where it is installed, its checker must pass too."""
    sb3_checker = pytest.importorskip("stable_baselines3.common.env_checker")
    for name, params in (("not_alone", {"players": 3}), ("toy_raid", {"players": 3})):
        sb3_checker.check_env(make(name, params, game(name, params).seat_names()[-1]))


@EACH_CASE
def test_an_illegal_action_costs_the_penalty_and_changes_nothing(
    name: str, params: dict[str, Any]
) -> None:
    env = make(name, params, seats(name, params)[0])
    obs, info = env.reset(seed=4)
    state = env.aec.state_
    before, mask = state.fingerprint(), env.action_masks()
    after, reward, terminated, truncated, info = env.step(np.int64(illegal_id(env)))
    assert reward == ILLEGAL_PENALTY == -1.0
    assert not terminated and not truncated
    assert info["illegal_action"] is True
    assert np.array_equal(after, obs) and after is not obs
    assert np.array_equal(info["action_mask"], mask) and np.array_equal(env.action_masks(), mask)
    assert env.aec.state_ is state and state.fingerprint() == before  # nothing happened
    legal = int(np.flatnonzero(mask)[0])
    _, _, _, _, info = env.step(legal)
    assert not info.get("illegal_action", False) and state.history  # play goes on


@EACH_CASE
def test_an_illegal_action_can_raise_instead(name: str, params: dict[str, Any]) -> None:
    env = make(name, params, seats(name, params)[-1], illegal_action="raise")
    env.reset(seed=4)
    before = env.aec.state_.fingerprint()
    with pytest.raises(IllegalActionError, match="is not legal"):
        env.step(illegal_id(env))
    assert env.aec.state_.fingerprint() == before


def test_the_illegal_action_option_is_checked() -> None:
    with pytest.raises(ParamError, match=r"illegal_action must be one of \['penalty', 'raise'\]"):
        SingleAgentEnv("not_alone", "creature", illegal_action="nearest")


@EACH_CASE
def test_a_run_of_illegal_actions_is_truncated(name: str, params: dict[str, Any]) -> None:
    """A policy repeating one illegal action on an unchanged state would never end an episode:
    after the game's max_game_length illegal actions in a row the episode is truncated."""
    env = make(name, params, seats(name, params)[0])
    env.reset(seed=1)
    limit = env.aec.game.info.max_game_length
    bad = illegal_id(env)
    for _ in range(limit - 1):
        assert env.step(bad)[3] is False
    _, reward, terminated, truncated, _ = env.step(bad)
    assert truncated and not terminated and reward == ILLEGAL_PENALTY
    with pytest.raises(NotResetError, match=r"the episode is over: call reset\(\)"):
        env.step(bad)


@EACH_CASE
def test_masked_play_reaches_the_end_and_repeats_with_the_seed(
    name: str, params: dict[str, Any]
) -> None:
    info_kit = game(name, params).info
    for seat in seats(name, params):
        runs = []
        for _ in range(2):
            env = make(name, params, seat)
            _, info = env.reset(seed=9)
            rng, trail, done = np.random.default_rng(0), [], False
            while not done:
                mask = env.action_masks()
                assert np.array_equal(mask, info["action_mask"]) and mask.any()
                action = int(rng.choice(np.flatnonzero(mask)))
                _, reward, done, truncated, info = env.step(action)
                assert not truncated and "illegal_action" not in info
                trail.append((action, reward))
            assert info_kit.min_utility <= reward <= info_kit.max_utility
            assert not env.action_masks().any()
            runs.append(trail)
        assert runs[0] == runs[1]


@EACH_CASE
def test_stepping_before_reset_says_so(name: str, params: dict[str, Any]) -> None:
    env = make(name, params, seats(name, params)[0])
    with pytest.raises(NotResetError, match=r"call reset\(\)"):
        env.step(0)
