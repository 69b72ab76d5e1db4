"""Speed measurements behind `nemesis bench` (shared/research/peer-speed.md, "Method").

Every measurement plays uniformly random legal moves in one process for a fixed wall time and
stops only at a game boundary, so every counted decision belongs to a finished game and resets
are inside the timed region. The PettingZoo loop is exactly peer_bench.py's `run_pettingzoo`
"obs" loop (env.last() every decision, a random id from the mask), and the same function drives
our env and a peer env, so the two numbers compare like for like. Nothing touches the global RNG.
"""

from __future__ import annotations

import platform
import random
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

from nemesis_env.core.chance import check_seed, sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.envs.registry import load_game

perf = time.perf_counter
PEERS = ("connect_four_v3",)


def _timed_games(seconds: float, play_one_game: Callable[[], int]) -> dict[str, float]:
    """Plays whole games until `seconds` have passed (at least one); decisions, games, elapsed."""
    decisions = games = 0
    start = perf()
    deadline = start + seconds
    while True:
        decisions += play_one_game()
        games += 1
        if perf() >= deadline:
            break
    elapsed = perf() - start
    return {
        "decisions": decisions,
        "games": games,
        "elapsed_s": elapsed,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "mean_game_length": decisions / games,
    }


def aec_loop(env: Any, seconds: float, seed: int) -> dict[str, float]:
    """peer_bench.py run_pettingzoo(with_obs=True) on any AEC env: observation + mask per step."""
    rng = random.Random(seed)
    env.reset(seed=seed)  # seeded once, as peer_bench does; later resets continue the stream
    flatnonzero = np.flatnonzero
    choice = rng.choice

    def game_obs() -> int:
        env.reset()
        n = 0
        for _agent in env.agent_iter():
            obs, _rew, term, trunc, _info = env.last()  # observe(): observation + action_mask
            if term or trunc:
                env.step(None)
            else:
                env.step(int(choice(flatnonzero(obs["action_mask"]))))
                n += 1
        return n

    return _timed_games(seconds, game_obs)


def bench_env(game: str, seconds: float, seed: int = 0, **params: Any) -> dict[str, float]:
    """Our PettingZoo AEC env through the public `nemesis_env.env(...)`."""
    import nemesis_env

    return aec_loop(nemesis_env.env(game, **params), seconds, seed)


def bench_peer(name: str, seconds: float, seed: int = 0) -> dict[str, float]:
    """A PettingZoo classic env (imported lazily: it needs the `bench` extra) in the same loop."""
    if name not in PEERS:
        raise ValueError(f"unknown peer {name!r}; available peers: {list(PEERS)}")
    with warnings.catch_warnings():  # PettingZoo 1.27 flags its classic import path as old
        warnings.simplefilter("ignore", DeprecationWarning)
        from pettingzoo.classic import connect_four_v3

        peer_env = connect_four_v3.env()
    return aec_loop(peer_env, seconds, seed)


def bench_engine(game: str, seconds: float, seed: int = 0, **params: Any) -> dict[str, float]:
    """The kernel alone: legal_actions / apply_action, chance sampled, no observations."""
    g = load_game(game, **params)
    chance_rng = np.random.default_rng(np.random.SeedSequence(seed))
    choice = random.Random(seed).choice

    def play() -> int:
        state = g.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), chance_rng))
            else:
                state.apply_action(choice(state.legal_actions()))
                n += 1
        return n

    return _timed_games(seconds, play)


def mid_game_states(game: str, count: int, seed: int = 0, **params: Any) -> list[Any]:
    """`count` states taken at a random point of random games (never a terminal state)."""
    g = load_game(game, **params)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    states: list[Any] = []
    while len(states) < count:
        state = g.new_initial_state()
        path = [state.clone()]
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                path.append(state.clone())
        states.append(path[int(rng.integers(len(path) // 4, 3 * len(path) // 4 + 1))])
    return states


def bench_clone(game: str, seconds: float, seed: int = 0, **params: Any) -> dict[str, float]:
    """state.clone() on a pool of mid-game states (building the pool is not timed)."""
    pool = mid_game_states(game, 16, seed, **params)
    clones = 0
    start = perf()
    deadline = start + seconds
    while perf() < deadline or clones == 0:
        for state in pool:
            state.clone()
        clones += len(pool)
    elapsed = perf() - start
    return {"clones": clones, "elapsed_s": elapsed, "clone_per_s": clones / elapsed}


def machine_info() -> dict[str, Any]:
    import os

    import pettingzoo

    import nemesis_env

    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "numpy": np.__version__,
        "pettingzoo": getattr(pettingzoo, "__version__", "?"),
        "nemesis_env": nemesis_env.__version__,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor() or "?",
        "cpu_count": os.cpu_count(),
        "executable": sys.executable,
    }


def run_bench(
    game: str,
    seconds: float,
    players: int | None = None,
    seed: int = 0,
    peer: str | None = None,
    **params: Any,
) -> dict[str, Any]:
    """Every measurement, `seconds` split equally between them; one flat JSON-ready dict.
    `players` None plays the game's default player count."""
    players = load_game(game, **params).info.num_players if players is None else players
    load_game(game, players=players, **params)  # validate before spending time
    check_seed(seed)
    if peer is not None and peer not in PEERS:
        raise ValueError(f"unknown peer {peer!r}; available peers: {list(PEERS)}")
    share = seconds / (4 if peer else 3)
    env = bench_env(game, share, seed, players=players, **params)
    engine = bench_engine(game, share, seed, players=players, **params)
    clone = bench_clone(game, share, seed, players=players, **params)
    decisions = env["decisions"] + engine["decisions"]
    result: dict[str, Any] = {
        "game": game,
        "players": players,
        "params": dict(params),
        "seed": seed,
        "seconds": seconds,
        "env_steps_per_s": env["decisions_per_s"],
        "engine_decisions_per_s": engine["decisions_per_s"],
        "games_per_s": {"env": env["games_per_s"], "engine": engine["games_per_s"]},
        "mean_game_length": decisions / (env["games"] + engine["games"]),
        "games_counted": {"env": env["games"], "engine": engine["games"]},
        "clone_per_s": clone["clone_per_s"],
    }
    if peer:
        peer_result = bench_peer(peer, share, seed)
        result["peer"] = peer
        result["peer_env_steps_per_s"] = peer_result["decisions_per_s"]
        result["peer_games_per_s"] = peer_result["games_per_s"]
        result["peer_mean_game_length"] = peer_result["mean_game_length"]
        result["ratio"] = env["decisions_per_s"] / peer_result["decisions_per_s"]
    result["machine"] = machine_info()
    return result


def format_table(result: dict[str, Any]) -> str:
    """A small human-readable table of a run_bench() result."""
    rows = [
        ("env steps/s (AEC, obs + mask)", result["env_steps_per_s"]),
        ("engine decisions/s (no obs)", result["engine_decisions_per_s"]),
        ("games/s (env)", result["games_per_s"]["env"]),
        ("games/s (engine)", result["games_per_s"]["engine"]),
        ("mean game length (decisions)", result["mean_game_length"]),
        ("clones/s (mid-game states)", result["clone_per_s"]),
    ]
    if "peer" in result:
        rows.append((f"peer {result['peer']} env steps/s", result["peer_env_steps_per_s"]))
        rows.append(("ratio (ours / peer)", result["ratio"]))
    machine = result["machine"]
    lines = [
        f"{result['game']}, {result['players']} player{'s' * (result['players'] != 1)}, "
        f"seed {result['seed']}, "
        f"{result['seconds']:g} s in all",
    ]
    lines += [f"  {label:<34} {value:>12,.2f}" for label, value in rows]
    lines.append(
        f"  python {machine['python']}, numpy {machine['numpy']}, {machine['platform']}, "
        f"{machine['cpu_count']} CPUs"
    )
    return "\n".join(lines)
