"""Fuzz of `env.step` with invalid actions, for every registered game and variant
(tests/games.py `cases()`), at random points of random games (the end included): the
PettingZoo AEC env, the single-agent Gymnasium adapter in both of its modes, and the kernel's
`State.apply_action`.

The property: an invalid action (an id the mask forbids, out of range, negative, huge, None
for a live agent, anything but None for a finished one, a bool, a float, a string, a numpy
array or float...) raises IllegalActionError with a one-line message and changes nothing: the
state's fingerprint and history, whose turn it is, rewards, terminations, masks, the
observation and the env's random generator are as before, and the env still plays on. The
single-agent adapter's "penalty" mode answers an integer the mask forbids with the penalty
instead, leaving the game as it was (its documented behaviour)."""

from __future__ import annotations

import functools
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nemesis_env
from nemesis_env.core.errors import IllegalActionError
from nemesis_env.envs.single_agent import SingleAgentEnv
from tests.fuzz.budget import fuzz_settings, one_line, tried, watchdog
from tests.games import cases, default_cases

EACH_CASE = pytest.mark.parametrize(("name", "params"), cases())
STEPS = 150  # random steps before the bad action, at most: Toy Raid ends well within


@functools.cache
def _env(name: str, frozen: tuple[tuple[str, Any], ...]) -> Any:
    return nemesis_env.env(name, **dict(frozen))


def env_at(name: str, params: dict[str, Any], seed: int, steps: int) -> Any:
    """The case's env after reset(seed) and `steps` random legal steps (or the end)."""
    env = _env(name, tuple(sorted(params.items())))
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        env.step(int(rng.choice(np.flatnonzero(env.infos[agent]["action_mask"]))))
    return env


def snapshot(env: Any) -> tuple[Any, ...]:
    raw = env.unwrapped
    agent = raw.agent_selection
    masks = {a: raw.infos[a]["action_mask"].tobytes() for a in raw.agents}
    return (
        raw.state_.fingerprint(), tuple(raw.state_.history), agent, list(raw.agents),
        dict(raw.rewards), dict(raw._cumulative_rewards), dict(raw.terminations),
        dict(raw.truncations), masks, raw.observe(agent)["observation"].tobytes(),
        raw._rng.bit_generator.state,
    )  # fmt: skip


def bad_actions(mask: np.ndarray, done: bool) -> st.SearchStrategy[Any]:
    """Actions `step` must refuse where `mask` is the acting agent's (done: it has finished)."""
    n = len(mask)
    legal = [int(a) for a in np.flatnonzero(mask)] or [0]
    forbidden = [a for a in range(n) if not mask[a]]
    ids = st.one_of(
        st.sampled_from(forbidden or [n]),
        st.integers(max_value=-1),
        st.integers(min_value=n),
        st.sampled_from([10**30, -(10**30), 2**63, 2**64, np.int64(-1)]),
        st.builds(lambda: 10**5000),  # not in sampled_from: Hypothesis could not print it
        st.sampled_from([np.uint64(2**64 - 1), np.int8(-128), np.int32(n)]),
    )
    wrapped = st.sampled_from(legal).flatmap(
        lambda a: st.sampled_from(
            [float(a), a + 0.5, np.float32(a), np.float64(a), complex(a), Fraction(a),
             Decimal(a), str(a), str(a).encode(), [a], (a,), {a}, {"action": a},
             np.array(a), np.array([a]), np.array([[a], [a]]), np.array(float(a))]
        )
    )  # fmt: skip
    others = st.sampled_from([True, False, np.bool_(True), float("nan"), float("inf"), "", ...])
    values = st.one_of(ids, wrapped, others, st.floats(), st.text(max_size=8))
    return values if done else values | st.none()


def refuses(step: Any, env: Any, action: Any) -> None:
    """`step(action)` raises IllegalActionError in one line and leaves `env` as it was."""
    before = snapshot(env)
    with watchdog(), pytest.raises(IllegalActionError) as caught:
        step(action)
    one_line(caught.value)
    assert snapshot(env) == before


def play_on(env: Any) -> None:
    """The env still works: the agent to act takes a legal action (None once it is done)."""
    agent = env.agent_selection
    done = env.terminations[agent] or env.truncations[agent]
    env.step(None if done else int(np.flatnonzero(env.infos[agent]["action_mask"])[0]))


@EACH_CASE
@fuzz_settings(25)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, STEPS), data=st.data())
def test_a_bad_action_is_refused_and_changes_nothing(
    name: str, params: dict[str, Any], seed: int, steps: int, data: st.DataObject
) -> None:
    env = env_at(name, params, seed, steps)
    agent = env.agent_selection
    done = env.terminations[agent] or env.truncations[agent]
    action = data.draw(bad_actions(env.infos[agent]["action_mask"], done), label="action")
    tried("env.step (AEC)")
    refuses(env.step, env, action)
    play_on(env)


@EACH_CASE
@fuzz_settings(10)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, STEPS), data=st.data())
def test_the_kernel_refuses_a_bad_id_and_changes_nothing(
    name: str, params: dict[str, Any], seed: int, steps: int, data: st.DataObject
) -> None:
    state = env_at(name, params, seed, steps).unwrapped.state_.clone()
    mask = np.zeros(state.game.info.num_actions, dtype=np.int8)
    mask[state.legal_actions()] = 1
    # the kernel takes ints (as_action_id in front of it refuses the rest, and the 64-bit ones)
    in_int64 = bad_actions(mask, state.is_terminal()).filter(
        lambda a: type(a) is int and -(2**63) <= a < 2**63
    )
    bad = data.draw(in_int64)
    tried("State.apply_action")
    before = (state.fingerprint(), list(state.history))
    with watchdog(), pytest.raises(IllegalActionError) as caught:
        state.apply_action(bad)
    one_line(caught.value)
    assert (state.fingerprint(), list(state.history)) == before


def _single(name: str, params: dict[str, Any], mode: str, seed: int) -> SingleAgentEnv:
    env = SingleAgentEnv(name, nemesis_env.load_game(name, **params).seat_names()[0],
                         illegal_action=mode, **params)  # fmt: skip
    env.reset(seed=seed)
    return env


@pytest.mark.parametrize(("name", "params"), default_cases()[:1] + default_cases()[-1:])
@pytest.mark.parametrize("mode", ["raise", "penalty"])
@fuzz_settings(25)
@given(seed=st.integers(0, 2**16), data=st.data())
def test_the_single_agent_env_refuses_a_bad_action(
    name: str, params: dict[str, Any], mode: str, seed: int, data: st.DataObject
) -> None:
    env = _single(name, params, mode, seed)
    action = data.draw(bad_actions(env.action_masks(), done=True), label="action")
    tried(f"env.step (single agent, {mode})")
    before = (env.aec.state_.fingerprint(), env.action_masks().tobytes())
    integer = type(action) in (int, np.int64, np.int8, np.int32, np.uint64)
    if mode == "penalty" and integer and -(2**63) <= int(action) < 2**63:
        with watchdog():
            _, reward, terminated, _, info = env.step(action)
        assert reward == -1.0 and info["illegal_action"] and not terminated
    else:
        with watchdog(), pytest.raises(IllegalActionError) as caught:
            env.step(action)
        one_line(caught.value)
    assert (env.aec.state_.fingerprint(), env.action_masks().tobytes()) == before
    env.step(np.int64(np.flatnonzero(env.action_masks())[0]))
