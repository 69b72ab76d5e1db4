"""What the env does with inputs it must refuse or accept, for every registered game
(tests/games.py): seeds, action types, params given as numpy integers, and a raw env used
before reset(). A refusal is a clear error naming what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.errors import IllegalActionError, NemesisError, ParamError
from nemesis_env.envs.registry import load_game
from tests.games import cases

EACH_CASE = pytest.mark.parametrize(("name", "params"), cases())


@EACH_CASE
@pytest.mark.parametrize("seed", [-1, -(2**40)])
def test_a_negative_seed_is_a_param_error(name: str, params: dict[str, Any], seed: int) -> None:
    env = nemesis_env.env(name, **params)
    with pytest.raises(ParamError, match=rf"seed must be a non-negative integer.*got {seed}"):
        env.reset(seed=seed)


@EACH_CASE
@pytest.mark.parametrize("seed", [1.5, "3", True])
def test_a_seed_that_is_not_an_integer_is_a_param_error(
    name: str, params: dict[str, Any], seed: Any
) -> None:
    env = nemesis_env.env(name, **params)
    with pytest.raises(ParamError, match="seed must be a non-negative integer"):
        env.reset(seed=seed)


@EACH_CASE
def test_numpy_integer_seeds_are_accepted(name: str, params: dict[str, Any]) -> None:
    env = nemesis_env.env(name, **params)
    env.reset(seed=np.int64(7))
    first = env.unwrapped.state_.fingerprint()
    env.reset(seed=7)
    assert env.unwrapped.state_.fingerprint() == first


def _first_legal(env: Any) -> int:
    return int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])


@EACH_CASE
@pytest.mark.parametrize(
    ("wrap", "type_name"),
    [
        (lambda a: a + 0.7, "float"),  # would be truncated to a legal id
        (float, "float"),  # 72.0 is still not an integer id
        (str, "str"),
        (lambda a: np.float32(a), "float32"),
        (lambda a: [a], "list"),
        (lambda a: True, "bool"),
        (lambda a: np.bool_(True), "bool"),
    ],
)
def test_a_step_with_a_non_integer_action_names_its_type(
    name: str, params: dict[str, Any], wrap: Any, type_name: str
) -> None:
    env = nemesis_env.env(name, **params)
    env.reset(seed=3)
    legal = _first_legal(env)
    before = env.unwrapped.state_.fingerprint()
    with pytest.raises(IllegalActionError, match=rf"an action is an integer id.*got {type_name}"):
        env.step(wrap(legal))
    assert env.unwrapped.state_.fingerprint() == before  # nothing happened
    env.step(legal)  # the env is still usable


@EACH_CASE
@pytest.mark.parametrize("kind", [int, np.int8, np.int64, np.uint16])
def test_python_and_numpy_integer_actions_are_accepted(
    name: str, params: dict[str, Any], kind: Any
) -> None:
    env = nemesis_env.env(name, **params)
    env.reset(seed=3)
    env.step(kind(_first_legal(env)))
    assert env.unwrapped.state_.history  # the action was applied


@EACH_CASE
def test_a_raw_env_stepped_or_observed_before_reset_says_so(
    name: str, params: dict[str, Any]
) -> None:
    env = nemesis_env.raw_env(name, **params)
    for call in (
        lambda: env.step(0),
        lambda: env.observe(env.possible_agents[0]),
        lambda: env.last(),
        lambda: env.state(),
    ):
        with pytest.raises(NemesisError, match=r"call reset\(\) before"):
            call()
    env.reset(seed=0)
    env.step(_first_legal(env))


@EACH_CASE
def test_numpy_integer_params_are_accepted_and_stored_as_int(
    name: str, params: dict[str, Any]
) -> None:
    numpy_params = {k: np.int64(v) if type(v) is int else v for k, v in params.items()}
    game = load_game(name, **numpy_params)
    assert game.params_dict() == load_game(name, **params).params_dict()
    assert all(type(v) is type(params[k]) for k, v in game.params_dict().items() if k in params)
    env = nemesis_env.env(name, **numpy_params)
    env.reset(seed=0)
    assert env.unwrapped.game.info.num_players == params["players"]


@pytest.mark.parametrize("players", [np.int8(2), np.int64(7), np.uint32(4)])
def test_not_alone_params_take_numpy_integers_directly(players: Any) -> None:
    from nemesis_env.games.not_alone.params import NotAloneParams

    got = NotAloneParams(players=players, board_side=np.int64(1))
    assert type(got.players) is int and got.players == int(players)
    assert type(got.board_side) is int and got.board_side == 1


@pytest.mark.parametrize("players", [3.0, True, np.float64(3), np.bool_(True)])
def test_not_alone_params_still_refuse_non_integers(players: Any) -> None:
    with pytest.raises(ParamError, match=r"players must be an integer in 2\.\.7"):
        load_game("not_alone", players=players)
