"""The kernel contract under random play, for every player count (shared/DESIGN.md §2, §5.2-5.3).

A game is exactly `(params, action history)`: legal ids are sorted, unique and in range; chance
is a player whose probabilities sum to 1; returns are zero-sum between the Creature and the
Hunted team; serialization, replay and clones reproduce states exactly (compared by
fingerprint); the same seed and actions give the same trajectory byte for byte; and a saved
game refuses a mismatched ruleset or config.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Iterator

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.chance import sample_outcome, spawn_streams
from nemesis_env.core.errors import CheckpointError, IllegalActionError
from nemesis_env.core.game import CHANCE, TERMINAL
from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState
from nemesis_env.tools.playthrough import random_history

PLAYERS = range(2, 8)
SEEDS = range(3)


@functools.cache
def game(players: int) -> NotAloneGame:
    return NotAloneGame(players=players)


@functools.cache
def history(players: int, seed: int) -> tuple[int, ...]:
    return tuple(random_history(game(players), 100 * players + seed))


def walk(g: NotAloneGame, actions: tuple[int, ...]) -> Iterator[tuple[NotAloneState, int]]:
    """Yields (state before the action, action) along recorded ids, then (last state, -1)."""
    state = g.new_initial_state()
    for action in actions:
        yield state, action
        state.apply_action(action)
    yield state, -1


# -- random-play contract --------------------------------------------------------------------
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", PLAYERS)
def test_random_play_contract(players: int, seed: int) -> None:
    g = game(players)
    info = g.info
    assert info.num_players == players and info.num_actions == len(g.codec) == 76
    assert (info.min_utility, info.max_utility) == (-1.0, 1.0)
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
    returns = state.returns()
    assert len(returns) == players
    assert all(info.min_utility <= r <= info.max_utility for r in returns)
    assert returns[0] in (-1.0, 1.0)
    assert all(r == -returns[0] for r in returns[1:]), "the Hunted win or lose as one team"
    assert len(state.history) == steps
    with pytest.raises(IllegalActionError, match="over"):
        state.apply_action(0)


@pytest.mark.parametrize("players", PLAYERS)
def test_illegal_actions_are_refused_without_changing_the_state(players: int) -> None:
    g = game(players)
    for state, action in walk(g, history(players, 0)[:60]):
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
@pytest.mark.parametrize("players", PLAYERS)
def test_serialize_then_deserialize_gives_the_same_state(players: int) -> None:
    g = game(players)
    actions = history(players, 0)
    for cut in sorted({0, 1, len(actions) // 3, 2 * len(actions) // 3, len(actions)}):
        state = g.replay(actions[:cut])
        text = g.serialize(state)
        doc = json.loads(text)
        assert doc == {
            "game": "not_alone",
            "rules_version": g.info.rules_version,
            "params": g.params_dict(),
            "history": list(actions[:cut]),
        }
        again = g.deserialize(text)
        assert again.fingerprint() == state.fingerprint()
        assert again.history == state.history
        # a fresh Game object with the same params reads it too
        assert NotAloneGame(**g.params_dict()).deserialize(text).fingerprint() == (
            state.fingerprint()
        )


@pytest.mark.parametrize("players", PLAYERS)
def test_replaying_the_history_reproduces_every_step(players: int) -> None:
    g = game(players)
    for seed in SEEDS:
        fingerprints = [state.fingerprint() for state, _ in walk(g, history(players, seed))]
        assert g.replay(history(players, seed)).is_terminal()
        replayed = g.new_initial_state()
        assert replayed.fingerprint() == fingerprints[0]
        for i, action in enumerate(history(players, seed)):
            replayed.apply_action(action)
            assert replayed.fingerprint() == fingerprints[i + 1], f"step {i} diverged"


@pytest.mark.parametrize("players", PLAYERS)
def test_deserialize_refuses_a_mismatched_checkpoint(players: int) -> None:
    g = game(players)
    doc = json.loads(g.serialize(g.replay(history(players, 1)[:30])))

    def load(**changes: object) -> None:
        g.deserialize(json.dumps({**doc, **changes}))

    other_players = 3 if players == 2 else 2
    with pytest.raises(CheckpointError, match="params"):
        load(params={**doc["params"], "players": other_players})
    with pytest.raises(CheckpointError, match="params"):
        load(params={**doc["params"], "expert": True})
    with pytest.raises(CheckpointError, match="params"):
        load(params={k: v for k, v in doc["params"].items() if k != "board_side"})
    with pytest.raises(CheckpointError, match="rules version"):
        load(rules_version="not_alone-0")
    with pytest.raises(CheckpointError, match="rules version"):
        load(rules_version=None)
    with pytest.raises(CheckpointError, match="nemesis"):
        load(game="nemesis")
    with pytest.raises(CheckpointError):
        g.deserialize(json.dumps(doc["history"]))
    with pytest.raises(CheckpointError, match="params"):
        NotAloneGame(players=players, expert=True).deserialize(json.dumps(doc))
    with pytest.raises(CheckpointError, match="params"):
        game(other_players).deserialize(json.dumps(doc))
    g.deserialize(json.dumps(doc))  # the unchanged document still loads


# -- clones (TAG's ForwardModelTester) ---------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_clones_are_deep(players: int) -> None:
    """Applying actions to the original or to a clone never changes another copy."""
    g = game(players)
    for seed in SEEDS[:2]:
        chance_rng, policy_rng = spawn_streams(1000 + seed, 2)
        state = g.new_initial_state()
        snapshots: list[tuple[NotAloneState, str]] = []
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
def _trajectory_bytes(players: int, seed: int) -> list[bytes]:
    """Every step's mover, action and every seat's encoded observation, from a fresh Game."""
    g = NotAloneGame(players=players)
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


@pytest.mark.parametrize("players", PLAYERS)
def test_same_seed_same_actions_same_trajectory_byte_for_byte(players: int) -> None:
    first = _trajectory_bytes(players, 42)
    assert _trajectory_bytes(players, 42) == first
    assert _trajectory_bytes(players, 43) != first
    g = game(players)
    assert random_history(g, 7) == random_history(NotAloneGame(players=players), 7)


@pytest.mark.parametrize("players", PLAYERS)
def test_env_same_seed_same_observations_byte_for_byte(players: int) -> None:
    def run() -> list[bytes]:
        env = nemesis_env.env("not_alone", players=players)
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
