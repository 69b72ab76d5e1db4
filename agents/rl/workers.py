"""Rollouts in worker processes: one RolloutCollector per worker, so every core plays games.

PPO here is bound by the game and the heuristic opponents, not by the network, so collecting
on `num_workers` processes multiplies the samples per second by about that many cores. Worker
i owns its generators (streams spawned from the run seed), its game slots and its copies of
the networks; before each rollout the learner's weights (and the snapshot pool, when it has
changed) are sent down, and each worker returns its complete games. Batches are merged in
worker order, so a run is a pure function of (seed, settings, num_workers); a checkpoint stores
every worker's generator state and a resumed run continues exactly.

Workers are forked, so they start with the trainer's game, agents and networks already built;
where fork is unavailable the trainer refuses `num_workers > 1`.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any, Protocol

import numpy as np
import torch

from agents.rl.network import ActorCritic
from agents.rl.rollout import Batch, GameStats, RolloutCollector
from agents.rl.shaping import Shaping

StateDicts = dict[str, dict[str, torch.Tensor]]


class Learner(Protocol):
    """What a worker needs of the trainer (agents.rl.ppo.PPOTrainer), so this module does not
    import the trainer that imports it."""

    game: Any
    nets: dict[str, ActorCritic]
    shaping: Shaping | None

    @property
    def num_slots(self) -> int: ...

    @property
    def role_shares(self) -> Sequence[float]:
        """The share of games the learner plays in each role of game.info.roles."""

    def choose_opponent(self, rng: np.random.Generator) -> tuple[str, Any]: ...

    def policy_for(self, controller: Any, role: int) -> ActorCritic: ...

    def load_snapshots(self, pool: list[StateDicts]) -> None: ...


def merge(parts: list[tuple[Batch, list[GameStats]]]) -> tuple[Batch, list[GameStats]]:
    """One batch from the workers' batches, in worker order (`next` indices shifted)."""
    merged, stats = Batch(), []
    for batch, part_stats in parts:
        offset = len(merged)
        merged.obs += batch.obs
        merged.mask += batch.mask
        merged.action += batch.action
        merged.logp += batch.logp
        merged.value += batch.value
        merged.role += batch.role
        merged.reward += batch.reward
        merged.done += batch.done
        merged.potential += batch.potential
        merged.next += [n + offset if n >= 0 else -1 for n in batch.next]
        stats += part_stats
    return merged, stats


def _serve(conn: Connection, trainer: Learner, collector: RolloutCollector) -> None:
    """The worker loop: answers collect / state / restore until close."""
    torch.set_num_threads(1)
    while True:
        command, payload = conn.recv()
        if command == "collect":
            min_steps, nets, pool = payload
            _load(trainer, nets, pool)
            conn.send(collector.collect(min_steps, trainer.policy_for))
        elif command == "state":
            conn.send(_collector_state(collector))
        elif command == "restore":
            _restore_collector(collector, payload)
            conn.send(None)
        else:
            conn.close()
            return


def _load(trainer: Learner, nets: StateDicts, pool: list[StateDicts] | None) -> None:
    for name, net in trainer.nets.items():
        net.load_state_dict(nets[name])
    if pool is not None:
        trainer.load_snapshots(pool)


def _collector_state(collector: RolloutCollector) -> dict[str, Any]:
    return {
        "rng": collector.rng.bit_generator.state,
        "torch_gen": collector.torch_gen.get_state(),
        "games_started": collector.games_started,
    }


def _restore_collector(collector: RolloutCollector, state: dict[str, Any]) -> None:
    collector.rng.bit_generator.state = state["rng"]
    collector.torch_gen.set_state(state["torch_gen"])
    collector.games_started = state["games_started"]


class WorkerPool:
    """`num_workers` forked collectors driven by the trainer, one pipe each."""

    def __init__(self, trainer: Learner, num_workers: int, seed: int) -> None:
        if "fork" not in mp.get_all_start_methods():
            raise ValueError("num_workers > 1 needs the 'fork' start method (Linux, macOS)")
        ctx = mp.get_context("fork")
        streams = np.random.SeedSequence([seed, 1]).spawn(2 * num_workers)
        self.conns: list[Connection] = []
        self.procs: list[Any] = []
        self.pool_version = -1
        for i in range(num_workers):
            collector = RolloutCollector(
                trainer.game,
                trainer.num_slots,
                trainer.choose_opponent,
                np.random.default_rng(streams[2 * i]),
                torch.Generator().manual_seed(int(streams[2 * i + 1].generate_state(1)[0])),
                trainer.role_shares,
                trainer.shaping,
            )
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(child, trainer, collector), daemon=True)
            proc.start()
            child.close()
            self.conns.append(parent)
            self.procs.append(proc)

    def collect(
        self, min_steps: int, nets: StateDicts, pool: list[StateDicts], pool_version: int
    ) -> tuple[Batch, list[GameStats]]:
        share = -(-min_steps // len(self.conns))
        send_pool = pool if pool_version != self.pool_version else None
        self.pool_version = pool_version
        for conn in self.conns:
            conn.send(("collect", (share, nets, send_pool)))
        return merge([conn.recv() for conn in self.conns])

    def states(self) -> list[dict[str, Any]]:
        for conn in self.conns:
            conn.send(("state", None))
        return [conn.recv() for conn in self.conns]

    def restore(self, states: list[dict[str, Any]]) -> None:
        if len(states) != len(self.conns):
            raise ValueError(f"checkpoint has {len(states)} workers, this run {len(self.conns)}")
        for conn, state in zip(self.conns, states, strict=True):
            conn.send(("restore", state))
        for conn in self.conns:
            conn.recv()
        self.pool_version = -1  # resend the pool with the next rollout

    def close(self) -> None:
        for conn, proc in zip(self.conns, self.procs, strict=True):
            with contextlib.suppress(BrokenPipeError, OSError):
                conn.send(("close", None))
            conn.close()
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
        self.conns, self.procs = [], []
