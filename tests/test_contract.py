"""The kernel contract under random play (shared/DESIGN.md §2, §5.2-5.3), for every registered
game, player count and variant (tests/games.py; the test-only Toy Raid included).

A game is exactly `(params, action history)`: legal ids are sorted, unique and in range; chance
is a player whose probabilities sum to 1; returns match the game's utility kind (one return per
team, teams opposed); serialization, replay and clones reproduce states exactly (compared by
fingerprint); the same seed and actions give the same trajectory byte for byte; and a saved
game refuses a mismatched ruleset or config.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.chance import sample_outcome, spawn_streams
from nemesis_env.core.errors import CheckpointError, IllegalActionError, ParamError
from nemesis_env.core.game import CHANCE, TERMINAL
from nemesis_env.envs.registry import game_entry, load_game
from nemesis_env.games.not_alone.game import NotAloneGame
from nemesis_env.tools.playthrough import random_history
from tests import games
from tests.games import cases, check_returns, game

CASES = cases()
SEEDS = range(3)


def history(name: str, params: dict[str, Any], seed: int) -> tuple[int, ...]:
    return games.history(name, params, 100 * params["players"] + seed)


def walk(g: Any, actions: tuple[int, ...]) -> Iterator[tuple[Any, int]]:
    """Yields (state before the action, action) along recorded ids, then (last state, -1)."""
    state = g.new_initial_state()
    for action in actions:
        yield state, action
        state.apply_action(action)
    yield state, -1


# -- random-play contract --------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "params"), CASES)
def test_random_play_contract(name: str, params: dict[str, Any], seed: int) -> None:
    g = game(name, params)
    info = g.info
    players = params["players"]
    assert info.num_players == players and info.num_actions == len(g.space)
    assert info.name == name and info.min_utility <= info.max_utility
    chance_rng, policy_rng = spawn_streams(seed, 2)
    state = g.new_initial_state()
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        assert legal, "legal actions are empty only at the end"
        assert legal == sorted(set(legal)), f"legal ids must be sorted and unique: {legal}"
        assert state.returns() == (0.0,) * players
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            assert [o for o, _ in outcomes] == legal
            assert all(0 <= o < info.max_chance_outcomes for o, _ in outcomes)
            assert all(p > 0 for _, p in outcomes)
            assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-9)
            action = sample_outcome(outcomes, chance_rng)
        else:
            assert 0 <= player < players
            assert all(0 <= a < info.num_actions for a in legal)
            assert state.chance_outcomes() == []
            action = legal[int(policy_rng.integers(len(legal)))]
        state.apply_action(action)
        steps += 1
        assert steps <= info.max_game_length
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    check_returns(info, state.returns())
    assert len(state.history) == steps
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(0)


@pytest.mark.parametrize("players", range(2, 8))
def test_not_alone_ends_with_a_winner(players: int) -> None:
    """Not Alone has no draw: the Creature wins or the Hunted win, as one team."""
    g = load_game("not_alone", players=players)
    assert g.info.num_actions == 76
    returns = g.replay(random_history(g, 100 * players)).returns()
    assert returns[0] in (-1.0, 1.0)
    assert all(r == -returns[0] for r in returns[1:])


@pytest.mark.parametrize(("name", "params"), CASES)
def test_illegal_actions_are_refused_without_changing_the_state(
    name: str, params: dict[str, Any]
) -> None:
    g = game(name, params)
    for state, action in walk(g, history(name, params, 0)[:60]):
        if action < 0:
            break
        fingerprint, length = state.fingerprint(), len(state.history)
        legal = state.legal_actions()
        for bad in sorted({-1, 999, *(a for a in range(g.info.num_actions) if a not in legal)})[:4]:
            with pytest.raises(IllegalActionError, match="legal actions are"):
                state.apply_action(bad)
            assert state.fingerprint() == fingerprint and len(state.history) == length
            assert state.legal_actions() == legal


# -- serialization and replay ----------------------------------------------------------------
@pytest.mark.parametrize(("name", "params"), CASES)
def test_serialize_then_deserialize_gives_the_same_state(name: str, params: dict[str, Any]) -> None:
    g = game(name, params)
    actions = history(name, params, 0)
    for cut in sorted({0, 1, len(actions) // 3, 2 * len(actions) // 3, len(actions)}):
        state = g.replay(actions[:cut])
        text = g.serialize(state)
        doc = json.loads(text)
        assert doc == {
            "game": name,
            "rules_version": g.info.rules_version,
            "params": g.params_dict(),
            "history": list(actions[:cut]),
        }
        again = g.deserialize(text)
        assert again.fingerprint() == state.fingerprint()
        assert again.history == state.history
        # a fresh Game object with the same params reads it too
        assert type(g)(**g.params_dict()).deserialize(text).fingerprint() == (state.fingerprint())


@pytest.mark.parametrize(("name", "params"), CASES)
def test_replaying_the_history_reproduces_every_step(name: str, params: dict[str, Any]) -> None:
    g = game(name, params)
    for seed in SEEDS:
        actions = history(name, params, seed)
        fingerprints = [state.fingerprint() for state, _ in walk(g, actions)]
        assert g.replay(actions).is_terminal()
        replayed = g.new_initial_state()
        assert replayed.fingerprint() == fingerprints[0]
        for i, action in enumerate(actions):
            replayed.apply_action(action)
            assert replayed.fingerprint() == fingerprints[i + 1], f"step {i} diverged"


@pytest.mark.parametrize(("name", "params"), CASES)
def test_deserialize_refuses_a_mismatched_checkpoint(name: str, params: dict[str, Any]) -> None:
    g = game(name, params)
    doc = json.loads(g.serialize(g.replay(history(name, params, 1)[:30])))

    def load(**changes: object) -> None:
        g.deserialize(json.dumps({**doc, **changes}))

    players = params["players"]
    other_players = next(n for n in game_entry(name).player_counts if n != players)
    with pytest.raises(CheckpointError, match="params"):
        load(params={**doc["params"], "players": other_players})
    for key in doc["params"]:
        with pytest.raises(CheckpointError, match="params"):
            load(params={k: v for k, v in doc["params"].items() if k != key})
    with pytest.raises(CheckpointError, match="rules version"):
        load(rules_version=g.info.rules_version + "-old")
    with pytest.raises(CheckpointError, match="rules version"):
        load(rules_version=None)
    with pytest.raises(CheckpointError, match="no_such_game"):
        load(game="no_such_game")
    with pytest.raises(CheckpointError):
        g.deserialize(json.dumps(doc["history"]))
    try:
        other = game(name, {**params, "players": other_players})
    except ParamError:  # a variant bound to its own player count (a one-player mode)
        other = game(name, {"players": other_players})
    with pytest.raises(CheckpointError, match="params"):
        other.deserialize(json.dumps(doc))
    g.deserialize(json.dumps(doc))  # the unchanged document still loads


@pytest.mark.parametrize("players", range(2, 8))
def test_not_alone_refuses_a_checkpoint_of_another_variant(players: int) -> None:
    g = NotAloneGame(players=players)
    doc = json.loads(g.serialize(g.replay(random_history(g, 1)[:30])))
    with pytest.raises(CheckpointError, match="params"):
        g.deserialize(json.dumps({**doc, "params": {**doc["params"], "expert": True}}))
    with pytest.raises(CheckpointError, match="params"):
        NotAloneGame(players=players, expert=True).deserialize(json.dumps(doc))


# -- clones (TAG's ForwardModelTester) ---------------------------------------------------------
@pytest.mark.parametrize(("name", "params"), CASES)
def test_clones_are_deep(name: str, params: dict[str, Any]) -> None:
    """Applying actions to the original or to a clone never changes another copy."""
    g = game(name, params)
    for seed in SEEDS[:2]:
        chance_rng, policy_rng = spawn_streams(1000 + seed, 2)
        state = g.new_initial_state()
        snapshots: list[tuple[Any, str]] = []
        while not state.is_terminal():
            snapshots.append((state.clone(), state.fingerprint()))
            if state.current_player() == CHANCE:
                action = sample_outcome(state.chance_outcomes(), chance_rng)
            else:
                legal = state.legal_actions()
                action = legal[int(policy_rng.integers(len(legal)))]
            # play other legal moves on throwaway clones: the original must not notice
            for alternative in state.legal_actions()[:3]:
                branch = state.clone()
                branch.apply_action(alternative)
                assert state.fingerprint() == snapshots[-1][1]
            state.apply_action(action)
            assert all(snap.fingerprint() == fp for snap, fp in snapshots[-25:])
        assert all(snap.fingerprint() == fp for snap, fp in snapshots)
        # every snapshot replays its own future to the same end
        for snap, _ in snapshots[:: max(1, len(snapshots) // 5)]:
            for action in state.history[len(snap.history) :]:
                snap.apply_action(action)
            assert snap.fingerprint() == state.fingerprint()


# -- determinism -------------------------------------------------------------------------------
def _trajectory_bytes(name: str, params: dict[str, Any], seed: int) -> list[bytes]:
    """Every step's mover, action and every seat's encoded observation, from a fresh Game."""
    g = load_game(name, **params)
    players = params["players"]
    chance_rng, policy_rng = spawn_streams(seed, 2)
    state = g.new_initial_state()
    out = np.zeros(g.observation_size(), dtype=np.float32)
    frames: list[bytes] = []
    while not state.is_terminal():
        frame = [str(state.current_player()).encode()]
        for seat in range(players):
            g.encode(g.view_for(state, seat), out)
            frame.append(out.tobytes())
        if state.current_player() == CHANCE:
            action = sample_outcome(state.chance_outcomes(), chance_rng)
        else:
            legal = state.legal_actions()
            action = legal[int(policy_rng.integers(len(legal)))]
        frames.append(b"|".join([*frame, str(action).encode()]))
        state.apply_action(action)
    frames.append(repr(state.returns()).encode())
    return frames


@pytest.mark.parametrize(("name", "params"), CASES)
def test_same_seed_same_actions_same_trajectory_byte_for_byte(
    name: str, params: dict[str, Any]
) -> None:
    first = _trajectory_bytes(name, params, 42)
    assert _trajectory_bytes(name, params, 42) == first
    assert _trajectory_bytes(name, params, 43) != first
    g = game(name, params)
    assert random_history(g, 7) == random_history(load_game(name, **params), 7)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_env_same_seed_same_observations_byte_for_byte(name: str, params: dict[str, Any]) -> None:
    def run() -> list[bytes]:
        env = nemesis_env.env(name, **params)
        env.reset(seed=99)
        rng = np.random.default_rng(99)
        frames: list[bytes] = []
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            everyone = b"".join(env.observe(a)["observation"].tobytes() for a in env.agents)
            frames.append(
                agent.encode()
                + obs["observation"].tobytes()
                + obs["action_mask"].tobytes()
                + info["action_mask"].tobytes()
                + repr((reward, terminated, truncated)).encode()
                + everyone
            )
            action = None
            if not (terminated or truncated):
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        return frames

    assert run() == run()
