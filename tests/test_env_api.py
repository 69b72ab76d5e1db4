"""The PettingZoo face of every registered game, player count and variant (tests/games.py;
shared/DESIGN.md §3 and §5.1), plus Not Alone's own params, seats and drawings.

PettingZoo's own checks (api_test, seed_test, render_test, the AEC half of state_test) plus the
conventions DESIGN.md §3 promises: registry id, params surviving reset, int8 masks mirrored in
infos, all-zero masks for idle agents, observations inside their Box, spaces built once,
ValueErrors that name the legal actions, ParamErrors that name the allowed params, state().
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import pettingzoo
import pytest

import nemesis_env
from nemesis_env.core.errors import IllegalActionError, ParamError
from nemesis_env.envs.aec import NemesisAECEnv
from nemesis_env.envs.registry import game_entry
from tests.games import cases, check_returns

with warnings.catch_warnings():  # pettingzoo.test imports classic envs through a deprecated API
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, render_test, seed_test
    from pettingzoo.test.state_test import test_state_space as pz_state_space_test

PLAYERS = range(2, 8)
CASES = cases()
EACH_CASE = pytest.mark.parametrize(("name", "params"), CASES)
ENV_ID = "nemesis_env/NotAlone-v0"
ALLOWED_PARAMS = ("players", "board_side", "expert", "zero_will_assimilation")

# PettingZoo's checks warn about things that are deliberate here: Dict observations
# (observation + action_mask), and seat names ("creature", "hunted_0") that are not "player_N".
pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def make(name: str, params: dict[str, Any], **kwargs: Any) -> Any:
    return nemesis_env.env(name, **params, **kwargs)


def make_not_alone(players: int, **kwargs: Any) -> Any:
    return nemesis_env.env("not_alone", players=players, **kwargs)


def masked_random_play(
    env: Any, seed: int, check: Callable[[Any, str, Any, dict[str, Any]], None]
) -> None:
    """Plays one whole game with uniformly random legal actions, calling `check` every step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, info = env.last()
        check(env, agent, observation, info)
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


# -- PettingZoo's own test suite -----------------------------------------------------------------
@EACH_CASE
def test_pettingzoo_api_test(name: str, params: dict[str, Any]) -> None:
    api_test(make(name, params), num_cycles=300)


@EACH_CASE
def test_pettingzoo_seed_test(name: str, params: dict[str, Any]) -> None:
    seed_test(lambda: make(name, params), num_cycles=300)


@EACH_CASE
def test_pettingzoo_render_test(name: str, params: dict[str, Any]) -> None:
    def env_fn(render_mode: str | None = None) -> Any:
        return make(name, params, render_mode=render_mode)

    render_test(env_fn, custom_tests={"ansi": lambda text: "view of spectator" in text})


@EACH_CASE
def test_pettingzoo_state_test_aec_part(name: str, params: dict[str, Any]) -> None:
    """PettingZoo's state_test, as far as it applies to an AEC-only env.

    `pettingzoo.test.state_test(env, parallel_env)` needs a ParallelEnv; this game is strictly
    turn-based (metadata is_parallelizable=False: exploration choices are sequential and
    hidden), so the parallel part cannot apply. Its AEC part `test_state` samples actions with
    `action_space.sample()` without the mask, which an action-masked env rejects; its checks
    are repeated below with masked actions instead.
    """
    env = make(name, params)
    env.reset(seed=0)
    pz_state_space_test(env)
    state_0 = env.state()

    def check(env: Any, agent: str, observation: Any, info: dict[str, Any]) -> None:
        state = env.state()
        assert env.state_space.contains(state)
        assert isinstance(state, np.ndarray) and state.dtype == np.float32
        assert state.shape == state_0.shape and state.ndim == 1
        assert np.isfinite(state).all() and state.any()

    masked_random_play(env, 0, check)


# -- registry and params ---------------------------------------------------------------------------
@EACH_CASE
def test_registry_id_makes_the_env(name: str, params: dict[str, Any]) -> None:
    env_id = game_entry(name).env_id
    assert env_id in pettingzoo.aec_registry
    assert pettingzoo.spec("aec", env_id).version == 0
    env = pettingzoo.make("aec", env_id, **params, render_mode="ansi")
    assert isinstance(env, pettingzoo.AECEnv)
    assert isinstance(env.unwrapped, NemesisAECEnv)
    assert env.metadata["name"] == env_id
    env.reset(seed=3)
    info = env.unwrapped.game.info
    assert env.possible_agents == list(info.seat_names) and info.num_players == params["players"]
    assert env.unwrapped.game.params_dict() == {**env.unwrapped.game.params_dict(), **params}
    assert f"{params['players']} players" in env.render()


@pytest.mark.parametrize("players", PLAYERS)
def test_not_alone_seat_names(players: int) -> None:
    env = make_not_alone(players)
    assert env.possible_agents == ["creature"] + [f"hunted_{h}" for h in range(players - 1)]


@pytest.mark.parametrize("players", PLAYERS)
def test_params_survive_reset(players: int) -> None:
    params = {
        "players": players,
        "board_side": 2,
        "expert": True,
        "zero_will_assimilation": "per_hunted",
    }
    env = nemesis_env.env("not_alone", render_mode="ansi", **params)
    for seed in (None, 0, 7, None):
        env.reset(seed=seed)
        assert env.unwrapped.game.params_dict() == params
        assert env.unwrapped.state_.side == 2  # board_side=2 fixes the side at setup
        assert env.num_agents == players
        assert "board side 2" in env.render()


@EACH_CASE
def test_reset_with_a_seed_repeats_the_game(name: str, params: dict[str, Any]) -> None:
    def trajectory(env: Any, seed: int) -> list[bytes]:
        frames: list[bytes] = []

        def check(env: Any, agent: str, observation: Any, info: dict[str, Any]) -> None:
            frames.append(agent.encode() + observation["observation"].tobytes())

        masked_random_play(env, seed, check)
        return frames

    env = make(name, params)
    first = trajectory(env, 11)
    assert trajectory(env, 11) == first  # the same env, reset with the same seed
    assert trajectory(make(name, params), 11) == first  # a fresh env
    assert any(trajectory(env, seed) != first for seed in (12, 13))


@pytest.mark.parametrize("players", PLAYERS)
def test_unknown_param_raises_param_error_naming_the_allowed_params(players: int) -> None:
    with pytest.raises(ParamError) as caught:
        make_not_alone(players, colour="red")
    message = str(caught.value)
    assert "colour" in message
    assert all(name in message for name in ALLOWED_PARAMS)
    with pytest.raises(ParamError, match="colour"):
        pettingzoo.make("aec", ENV_ID, players=players, colour="red")
    with pytest.raises(ParamError, match="render_mode"):
        make_not_alone(players, render_mode="rgb_array")
    with pytest.raises(ParamError, match="board_side"):
        make_not_alone(players, board_side=3)


@pytest.mark.parametrize("players", [0, 1, 8, "4"])
def test_player_count_out_of_range_raises_param_error(players: Any) -> None:
    with pytest.raises(ParamError, match=r"players must be an integer in 2\.\.7"):
        nemesis_env.env("not_alone", players=players)


# -- masks, observations and spaces ------------------------------------------------------------
@EACH_CASE
def test_masks_observations_and_spaces_during_play(name: str, params: dict[str, Any]) -> None:
    env = make(name, params)
    env.reset(seed=0)
    obs_spaces = {a: env.observation_space(a) for a in env.possible_agents}
    act_spaces = {a: env.action_space(a) for a in env.possible_agents}
    obs_size = env.unwrapped.game.observation_size()
    num_actions = env.unwrapped.game.info.num_actions
    steps = [0]

    def check(env: Any, agent: str, observation: Any, info: dict[str, Any]) -> None:
        steps[0] += 1
        assert list(observation) == ["observation", "action_mask"]
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (num_actions,)
        assert info["action_mask"].dtype == np.int8
        assert np.array_equal(mask, info["action_mask"])
        vector = observation["observation"]
        assert vector.dtype == np.float32 and vector.shape == (obs_size,)
        assert obs_spaces[agent].contains(observation)
        for a in env.possible_agents:  # spaces are built once and never change
            assert env.observation_space(a) is obs_spaces[a]
            assert env.action_space(a) is act_spaces[a]
        state = env.unwrapped.state_
        if state.is_terminal():
            assert not mask.any()
            return
        legal = state.legal_actions()
        assert np.flatnonzero(mask).tolist() == legal and legal
        assert agent == env.possible_agents[state.current_player()]
        for other in env.agents:
            if other != agent:  # idle agents get an all-zero mask, in obs and infos alike
                assert not env.observe(other)["action_mask"].any()
                assert not env.infos[other]["action_mask"].any()
                assert env.observation_space(other).contains(env.observe(other))

    for seed in (0, 1):
        masked_random_play(env, seed, check)
    assert steps[0] > 4 * params["players"]


@EACH_CASE
def test_illegal_action_raises_value_error_naming_the_legal_actions(
    name: str, params: dict[str, Any]
) -> None:
    env = make(name, params)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    legal = np.flatnonzero(mask).tolist()
    before = env.unwrapped.state_.fingerprint()
    for illegal in (int(np.flatnonzero(mask == 0)[0]), len(mask) + 3):
        with pytest.raises(ValueError) as caught:
            env.step(illegal)
        assert isinstance(caught.value, IllegalActionError)
        assert str(legal) in str(caught.value)
        assert env.unwrapped.state_.fingerprint() == before  # nothing happened
        assert env.agent_selection == agent
    env.step(legal[0])  # the env is still usable


@EACH_CASE
def test_state_is_every_seat_observation_concatenated(name: str, params: dict[str, Any]) -> None:
    env = make(name, params)
    env.reset(seed=2)
    obs_size = env.unwrapped.game.observation_size()
    players = params["players"]
    assert env.state_space.shape == (obs_size * players,)
    assert env.state().shape == (obs_size * players,)
    rng = np.random.default_rng(2)
    for _ in range(40):
        if env.terminations[env.agent_selection]:
            break
        state = env.state()
        assert env.state_space.contains(state)
        parts = [env.observe(a)["observation"] for a in env.possible_agents]
        assert np.array_equal(state, np.concatenate(parts))
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@EACH_CASE
def test_terminal_rewards_go_to_every_agent(name: str, params: dict[str, Any]) -> None:
    env = make(name, params)
    finals: dict[str, float] = {}

    def check(env: Any, agent: str, observation: Any, info: dict[str, Any]) -> None:
        _, reward, terminated, _, _ = env.last()
        if terminated:
            finals[agent] = float(reward)
        else:
            assert reward == 0.0

    masked_random_play(env, 4, check)
    assert set(finals) == set(env.possible_agents)
    returns = env.unwrapped.state_.returns()
    assert tuple(finals[a] for a in env.possible_agents) == returns
    check_returns(env.unwrapped.game.info, returns)
    assert env.agents == []  # every terminated agent was removed by its dead step


@pytest.mark.parametrize("players", PLAYERS)
def test_render_view_draws_one_seat(players: int) -> None:
    env = make_not_alone(players, render_mode="ansi")
    env.reset(seed=1)
    assert "view of spectator" in env.render()
    assert "view of Creature" in env.unwrapped.render_view("creature")
    assert "your hunt cards" in env.unwrapped.render_view("creature")
    last = f"hunted_{players - 2}"
    assert f"view of Hunted {players - 2}" in env.unwrapped.render_view(last)
    assert "your hand" in env.unwrapped.render_view(last)
    plain = make_not_alone(players)
    plain.reset(seed=1)
    assert plain.render() is None  # no render_mode, no drawing


@EACH_CASE
def test_fast_last_matches_pettingzoos_wrapper(name: str, params: dict[str, Any]) -> None:
    """`env()`'s wrapper answers last() on the raw env; PettingZoo's stock OrderEnforcingWrapper
    around a twin raw env must see the same tuple at every step of a seeded game."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours = make(name, params)
    stock = OrderEnforcingWrapper(nemesis_env.raw_env(name, **params))
    with pytest.raises(AssertionError, match="reset"):
        ours.last()  # order still enforced: last() observes, so it needs reset() first
    with pytest.raises(AssertionError, match="reset"):
        ours.step(0)
    for attribute in ("agents", "agent_selection"):
        with pytest.raises(AttributeError, match=f"{attribute} cannot be accessed before reset"):
            getattr(ours, attribute)
    ours.reset(seed=5)
    stock.reset(seed=5)
    rng = np.random.default_rng(5)
    for agent in ours.agent_iter():
        mine, theirs = ours.last(), stock.last()
        assert agent == stock.agent_selection
        np.testing.assert_array_equal(mine[0]["observation"], theirs[0]["observation"])
        np.testing.assert_array_equal(mine[0]["action_mask"], theirs[0]["action_mask"])
        assert mine[1:4] == theirs[1:4]
        assert ours.last(observe=False)[0] is None
        if mine[2] or mine[3]:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(mine[0]["action_mask"])))
        ours.step(action)
        stock.step(action)
    assert not stock.agents and not ours.agents
    from pettingzoo.utils.env_logger import EnvLogger

    logged = len(EnvLogger.mqueue)
    ours.step(None)  # the stock warning for a step after the end, and no step taken
    assert any("after all agents are terminated" in str(m) for m in EnvLogger.mqueue[logged:])
