"""Copies, pickles and saves of every registered game (issue 10 items 8.5 and 8.7).

Vectorised and multiprocess users deep-copy and pickle envs; a saved game must rebuild the same
state, including one that started from a scenario document.
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.chance import resolve_chance
from nemesis_env.core.errors import CheckpointError
from nemesis_env.envs.registry import game_entry
from nemesis_env.tools.playthrough import random_history

GAMES = nemesis_env.list_games()


def _mid_game(name: str, seed: int = 3) -> tuple[object, object]:
    players = game_entry(name).player_counts[0]
    game = nemesis_env.load_game(name, players=players)
    history = random_history(game, seed)
    state = game.new_initial_state()
    for action in history[: len(history) // 2]:
        state.apply_action(action)
    return game, state


@pytest.mark.parametrize("name", GAMES)
def test_games_and_states_pickle_and_deep_copy(name: str) -> None:
    game, state = _mid_game(name)
    for copied in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert copied.fingerprint() == state.fingerprint()
        assert copied.history == state.history
        legal = copied.legal_actions()
        copied.apply_action(legal[0])
        assert copied.fingerprint() != state.fingerprint() or copied.history != state.history
        assert len(state.history) == len(copied.history) - 1  # the original did not move
    clone = pickle.loads(pickle.dumps(game))
    assert clone.params_dict() == game.params_dict()
    assert clone.serialize(clone.replay(state.history)) == game.serialize(state)


def _play(env: object, rng: np.random.Generator, steps: int) -> list[tuple[str, bytes]]:
    trace = []
    for agent in env.agent_iter(max_iter=steps):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            trace.append((agent, b"done"))
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
        trace.append((agent, obs["observation"].tobytes() + action.to_bytes(2, "little")))
    return trace


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copied_env_continues_exactly_like_the_original(name: str, how: str) -> None:
    players = game_entry(name).player_counts[0]
    env = nemesis_env.env(name, players=players)
    env.reset(seed=11)
    _play(env, np.random.default_rng(0), 15)
    twin = copy.deepcopy(env) if how == "deepcopy" else pickle.loads(pickle.dumps(env))
    original = _play(env, np.random.default_rng(1), 60)
    copied = _play(twin, np.random.default_rng(1), 60)
    assert copied == original  # same chance stream, same observations


SCENARIO = {
    "game": "not_alone",
    "params": {"players": 3},
    "phase": "reckoning",
    "rescue": 2,
    "hunted": [
        {"hand": ["jungle", "river", "beach", "rover"], "played": ["lair"]},
        {"hand": ["lair", "jungle", "river", "beach"], "played": ["rover"]},
    ],
}


def test_a_scenario_state_round_trips_through_a_save() -> None:
    """Before the fix a scenario state saved an empty history and came back as a new game
    (Rescue 2 came back as 14)."""
    from nemesis_env import scenario

    state = scenario.load(SCENARIO)
    rng = np.random.default_rng(5)
    resolve_chance(state, rng)
    for _ in range(3):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])
        resolve_chance(state, rng)
    game = state.game
    back = game.deserialize(game.serialize(state))
    assert back.fingerprint() == state.fingerprint()
    assert back.history == state.history
    assert back.rescue == state.rescue <= 2  # not the 14 of a fresh 3-player game


def test_saves_refuse_foreign_rules_versions_and_garbage() -> None:
    game = nemesis_env.load_game("not_alone", players=3)
    text = game.serialize(game.new_initial_state())
    assert game.info.rules_version == "not_alone-2"
    older = text.replace(game.info.rules_version, "not_alone-1")  # before issue 10's corrections
    with pytest.raises(CheckpointError, match=r"rules version 'not_alone-1'.*'not_alone-2'"):
        game.deserialize(older)
    with pytest.raises(CheckpointError, match="not"):
        game.deserialize("{not json")
    with pytest.raises(CheckpointError, match="integer action ids"):
        game.deserialize(text.replace('"history": []', '"history": ["x"]'))
