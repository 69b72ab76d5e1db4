"""Masked PPO with self-play against a pool of frozen snapshots, heuristics and random agents.

CleanRL-style: one readable module for the update, the opponent pool and exact checkpoints.
Masks are stored with each transition and re-applied in the update; entropy counts legal
actions only. One policy per role that the game's GameInfo names, or one shared policy (the
seat one-hot in the observation tells the roles apart). A checkpoint holds weights, optimiser,
snapshot pool, role names and every random generator's state, so a resumed run continues
exactly as an uninterrupted one, and a game with other roles refuses it; a resume may change the
learning rate (the restored optimiser takes the run's `lr`), not the network's shape.
Checkpoint files (atomic, checksummed, loaded without running code): agents/rl/checkpoint.py.
"""

from __future__ import annotations

import copy
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
import torch

from agents.base import Agent, RandomAgent
from agents.kit import kit_for
from agents.rl.advice import check_advice
from agents.rl.checkpoint import (
    FORMAT,
    SHARED,
    UNFIT,
    check_checkpoint,
    check_resumable,
    load_checkpoint,
    load_weights,
    one_line,
    write_checkpoint,
)
from agents.rl.distill import ExpertTargets
from agents.rl.network import ActorCritic
from agents.rl.rollout import LEARNER, Batch, GameStats, RolloutCollector
from agents.rl.settings import PPOSettings
from agents.rl.shaping import Shaping, check_shaping
from agents.rl.workers import WorkerPool
from nemesis_env.core.errors import CheckpointError

PPO_METRICS = ("policy_loss", "value_loss", "entropy", "approx_kl")


class PPOTrainer:
    """Holds the learner, its optimiser(s), the snapshot pool and the collector."""

    def __init__(self, game: Any, settings: PPOSettings, seed: int) -> None:
        self.game, self.settings, self.seed = game, settings, seed
        torch.manual_seed(seed)
        streams = np.random.SeedSequence(seed).spawn(2)
        self.rng = np.random.default_rng(streams[0])
        self.torch_gen = torch.Generator().manual_seed(int(streams[1].generate_state(1)[0]))
        obs, n_act = game.observation_size(), game.info.num_actions
        self.roles: tuple[str, ...] = tuple(game.info.roles)
        self.role_shares = role_shares(self.roles, settings.role_shares)
        self.num_slots = settings.num_slots
        names = [SHARED] if settings.shared_policy else list(self.roles)
        check_advice(settings.advice, game)
        self.nets = {
            n: ActorCritic(obs, n_act, settings.hidden, settings.advice, settings.advice_weight)
            for n in names
        }
        self.optims = {
            n: torch.optim.Adam(net.parameters(), lr=settings.lr, eps=1e-5)
            for n, net in self.nets.items()
        }
        self.expert = (
            None
            if settings.expert_data is None
            else ExpertTargets(
                game, settings.expert_data, settings.advice, settings.expert_temperature, seed
            )
        )
        self.snapshots: list[dict[str, ActorCritic]] = []
        self.pool_version = 0  # bumped whenever the snapshot pool changes
        self.update = 0
        self.env_steps = 0
        check_shaping(settings.shaping, settings.shaping_weight, game)
        self.shaping = (
            None
            if settings.shaping is None
            else Shaping(game, settings.shaping, settings.shaping_weight, settings.gamma)
        )
        self.collector = RolloutCollector(
            game,
            settings.num_slots,
            self.choose_opponent,
            self.rng,
            self.torch_gen,
            self.role_shares,
            self.shaping,
        )
        self._fixed_agents = self._build_fixed_agents()
        if settings.num_workers < 1:
            raise ValueError(f"num_workers must be at least 1, got {settings.num_workers}")
        self.workers = (
            WorkerPool(self, settings.num_workers, seed) if settings.num_workers > 1 else None
        )

    def close(self) -> None:
        """Stops the worker processes (a no-op with num_workers=1)."""
        if self.workers is not None:
            self.workers.close()
            self.workers = None

    # -- opponents ------------------------------------------------------------------------
    def _build_fixed_agents(self) -> dict[str, list[Agent]]:
        players = self.game.info.num_players
        fixed: dict[str, list[Agent]] = {"random": [RandomAgent() for _ in range(players)]}
        if dict(self.settings.opponent_weights).get("heuristic", 0.0) > 0:
            heuristic = kit_for(self.game).heuristic
            fixed["heuristic"] = [heuristic(self.game, seat) for seat in range(players)]
        return fixed

    def choose_opponent(self, rng: np.random.Generator) -> tuple[str, Any]:
        names = [n for n, _ in self.settings.opponent_weights]
        weights = np.array([w for _, w in self.settings.opponent_weights], dtype=np.float64)
        name = names[int(rng.choice(len(names), p=weights / weights.sum()))]
        if name == "snapshot":
            if not self.snapshots:
                return "self", LEARNER
            return "snapshot", ("snapshot", int(rng.integers(len(self.snapshots))))
        if name == "self":
            return "self", LEARNER
        return name, self._fixed_agents[name]

    def net_for(self, role: int, nets: dict[str, ActorCritic] | None = None) -> ActorCritic:
        """The network of role `role` (an index into game.info.roles)."""
        nets = self.nets if nets is None else nets
        return nets[SHARED] if SHARED in nets else nets[self.roles[role]]

    def policy_for(self, controller: Any, role: int) -> ActorCritic:
        if controller == LEARNER:
            return self.net_for(role)
        return self.net_for(role, self.snapshots[controller[1]])

    # -- one iteration ----------------------------------------------------------------------
    def iterate(self) -> dict[str, float]:
        """Collects one rollout and runs the PPO update; returns scalar metrics."""
        start = time.perf_counter()
        if self.settings.anneal_lr and self.settings.total_env_steps > 0:
            frac = max(0.0, 1.0 - self.env_steps / self.settings.total_env_steps)
            for optim in self.optims.values():
                optim.param_groups[0]["lr"] = frac * self.settings.lr
        if self.update == 0 and self.expert is not None:
            self._pretrain()
        batch, stats = self._collect()
        collect_s = time.perf_counter() - start
        advantages, returns = self._gae(batch)
        metrics = self._update(batch, advantages, returns, values=np.asarray(batch.value))
        self.update += 1
        self.env_steps += sum(s.length for s in stats)
        if self.update % self.settings.snapshot_every == 0:
            self._snapshot()
        metrics.update(_game_metrics(stats, self.roles))
        metrics["env_steps_per_s"] = sum(s.length for s in stats) / max(collect_s, 1e-9)
        metrics["learner_steps"] = float(len(batch))
        return metrics

    def _expert_key(self) -> str | None:
        """The net that learns from the expert's targets (None without an expert)."""
        if self.expert is None:
            return None
        return SHARED if SHARED in self.nets else self.expert.role

    def _pretrain(self) -> None:
        """Fits the expert's policy to its targets before the first rollout (fresh runs only:
        a resumed run restores update > 0)."""
        key, s = self._expert_key(), self.settings
        if key is not None and self.expert is not None:
            self.expert.fit(
                self.nets[key], self.optims[key], s.expert_pretrain_steps, s.expert_batch,
                s.max_grad_norm, self.torch_gen,
            )  # fmt: skip

    def _collect(self) -> tuple[Batch, list[GameStats]]:
        steps = self.settings.rollout_steps
        if self.workers is None:
            return self.collector.collect(steps, self.policy_for)
        nets = {n: net.state_dict() for n, net in self.nets.items()}
        pool = [{n: net.state_dict() for n, net in snap.items()} for snap in self.snapshots]
        return self.workers.collect(steps, nets, pool, self.pool_version)

    def _snapshot(self) -> None:
        frozen = {n: copy.deepcopy(net).eval() for n, net in self.nets.items()}
        self.snapshots.append(frozen)
        del self.snapshots[: -self.settings.pool_size]
        self.pool_version += 1

    def load_snapshots(self, pool: list[dict[str, dict[str, torch.Tensor]]]) -> None:
        """Replaces the snapshot pool with frozen copies of the learner holding these weights."""
        self.snapshots = []
        for snap in pool:
            frozen = {n: copy.deepcopy(net) for n, net in self.nets.items()}
            for n, net in frozen.items():
                net.load_state_dict(snap[n])
                net.eval()
            self.snapshots.append(frozen)
        self.pool_version += 1

    def _gae(self, batch: Batch) -> tuple[np.ndarray, np.ndarray]:
        s = self.settings
        n = len(batch)
        values = np.asarray(batch.value, dtype=np.float64)
        adv = np.zeros(n, dtype=np.float64)
        for i in range(n - 1, -1, -1):
            nxt = batch.next[i]
            if batch.done[i] or nxt < 0:
                adv[i] = batch.reward[i] - values[i]
            else:
                delta = batch.reward[i] + s.gamma * values[nxt] - values[i]
                adv[i] = delta + s.gamma * s.gae_lambda * adv[nxt]
        return adv, adv + values

    def _update(
        self, batch: Batch, adv: np.ndarray, ret: np.ndarray, values: np.ndarray
    ) -> dict[str, float]:
        obs = torch.from_numpy(np.stack(batch.obs))
        mask = torch.from_numpy(np.stack(batch.mask))
        actions = torch.tensor(batch.action, dtype=torch.int64)
        old_logp = torch.tensor(batch.logp, dtype=torch.float32)
        adv_t = torch.tensor(adv, dtype=torch.float32)
        ret_t = torch.tensor(ret, dtype=torch.float32)
        old_v = torch.tensor(values, dtype=torch.float32)
        roles = np.asarray(batch.role)
        metrics: dict[str, float] = {}
        for name, net in self.nets.items():
            rows = (
                np.arange(len(batch))
                if name == SHARED
                else np.flatnonzero(roles == self.roles.index(name))
            )
            if len(rows) == 0:
                continue
            part = (
                obs[rows], mask[rows], actions[rows], old_logp[rows], adv_t[rows], ret_t[rows],
                old_v[rows],
            )  # fmt: skip
            distill = name == self._expert_key()
            for key, value in self._update_net(net, self.optims[name], part, distill).items():
                metrics[f"{name}/{key}"] = value
        return metrics

    def _update_net(
        self,
        net: ActorCritic,
        optim: torch.optim.Optimizer,
        part: tuple[torch.Tensor, ...],
        distill: bool = False,
    ) -> dict[str, float]:
        s = self.settings
        obs, mask, actions, old_logp, adv, ret, old_v = part
        n = len(actions)
        totals = dict.fromkeys(PPO_METRICS, 0.0)
        if distill:
            totals["expert_ce"] = 0.0
        steps = 0
        for _ in range(s.epochs):
            if s.target_kl is not None and steps and totals["approx_kl"] / steps > s.target_kl:
                break
            order = torch.randperm(n, generator=self.torch_gen)
            for start in range(0, n, s.minibatch_size):
                idx = order[start : start + s.minibatch_size]
                dist = net.distribution(obs[idx], mask[idx])
                logp = dist.log_prob(actions[idx])
                ratio = torch.exp(logp - old_logp[idx])
                a = adv[idx]
                if s.norm_adv and len(idx) > 1:
                    a = (a - a.mean()) / (a.std() + 1e-8)
                policy_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - s.clip, 1 + s.clip)).mean()
                value_loss = self._value_loss(net.value(obs[idx]), ret[idx], old_v[idx])
                entropy = dist.entropy().mean()
                loss = policy_loss + s.vf_coef * value_loss - s.ent_coef * entropy
                if distill and self.expert is not None:
                    expert_ce = self.expert.loss(net, s.expert_batch, self.torch_gen)
                    loss = loss + s.expert_coef * expert_ce
                    totals["expert_ce"] += float(expert_ce.detach())
                optim.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), s.max_grad_norm)
                optim.step()
                with torch.no_grad():
                    kl = ((ratio - 1) - torch.log(ratio)).mean()
                parts = (policy_loss, value_loss, entropy, kl)
                for key, value in zip(PPO_METRICS, parts, strict=True):
                    totals[key] += float(value.detach())
                steps += 1
        return {k: v / max(steps, 1) for k, v in totals.items()}

    def _value_loss(self, v: torch.Tensor, ret: torch.Tensor, old_v: torch.Tensor) -> torch.Tensor:
        if not self.settings.clip_vloss:
            return 0.5 * ((v - ret) ** 2).mean()
        clipped = old_v + (v - old_v).clamp(-self.settings.clip, self.settings.clip)
        return 0.5 * torch.max((v - ret) ** 2, (clipped - ret) ** 2).mean()

    # -- checkpoints ----------------------------------------------------------------------------
    def checkpoint(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game.info.name,
            "rules_version": self.game.info.rules_version,
            "game_params": self.game.params_dict(),
            "roles": list(self.roles),
            "settings": asdict(self.settings),
            "seed": self.seed,
            "update": self.update,
            "env_steps": self.env_steps,
            "games_started": self.collector.games_started,
            "nets": {n: net.state_dict() for n, net in self.nets.items()},
            "optims": {n: opt.state_dict() for n, opt in self.optims.items()},
            "snapshots": [
                {n: net.state_dict() for n, net in snap.items()} for snap in self.snapshots
            ],
            "rng": self.rng.bit_generator.state,
            "torch_gen": self.torch_gen.get_state(),
            "torch_global": torch.get_rng_state(),
            "workers": None if self.workers is None else self.workers.states(),
        }

    def save(self, path: str | Path) -> None:
        """Atomically, with a checksum (agents/rl/checkpoint.py)."""
        write_checkpoint(path, self.checkpoint())

    def restore(self, ckpt: dict[str, Any]) -> None:
        """Continues exactly where `ckpt` stopped; a checkpoint that does not fit this run (or
        lacks a key) raises CheckpointError (agents/rl/checkpoint.py) and changes nothing."""
        check_resumable(ckpt, self.game, self.settings)
        # some parts only show they do not fit when loaded, after others were: put them back
        before = copy.deepcopy(self.checkpoint())
        try:
            self._restore(ckpt)
        except CheckpointError:
            self._restore(before)
            raise

    def _restore(self, ckpt: dict[str, Any]) -> None:
        for n, net in self.nets.items():
            load_weights(net, ckpt["nets"][n], f"weights of {n!r}")
            load_weights(self.optims[n], ckpt["optims"][n], f"optimiser state of {n!r}")
            # Adam's state dict carries the learning rate it was saved with; the run's
            # settings (what its config.yaml records) decide the rate from here on
            for group in self.optims[n].param_groups:
                group["lr"] = self.settings.lr
        try:
            self.load_snapshots(ckpt["snapshots"])
            if self.workers is not None:
                self.workers.restore(ckpt.get("workers") or [])
            self.rng.bit_generator.state = ckpt["rng"]
            self.torch_gen.set_state(ckpt["torch_gen"])
            torch.set_rng_state(ckpt["torch_global"])
        except UNFIT as exc:
            raise CheckpointError(f"cannot resume from this checkpoint: {one_line(exc)}") from exc
        self.update, self.env_steps = ckpt["update"], ckpt["env_steps"]
        self.collector.games_started = ckpt["games_started"]


def role_shares(roles: tuple[str, ...], shares: tuple[tuple[str, float], ...]) -> list[float]:
    """Per role of `roles`, its normalised share of the learner's games (uniform if empty)."""
    if not shares:
        return [1.0 / len(roles)] * len(roles)
    given = dict(shares)
    if sorted(given) != sorted(roles) or len(given) != len(shares):
        raise ValueError(
            f"role_shares must give each of the game's roles {list(roles)} once, got "
            f"{[r for r, _ in shares]}"
        )
    if not all(given[r] > 0 for r in roles):
        raise ValueError(f"role_shares must all be positive, got {dict(shares)}")
    total = sum(given[r] for r in roles)
    return [given[r] / total for r in roles]


def _game_metrics(stats: list[GameStats], roles: tuple[str, ...]) -> dict[str, float]:
    out: dict[str, float] = {"games": float(len(stats))}
    if stats:
        out["episode_length"] = float(np.mean([s.length for s in stats]))
    for role, name in enumerate(roles):
        mine = [s for s in stats if s.learner_role == role and s.learner_played]
        if mine:
            out[f"rollout_return/{name}"] = float(np.mean([s.learner_return for s in mine]))
    return out


__all__ = [
    "PPO_METRICS",
    "SHARED",
    "PPOSettings",
    "PPOTrainer",
    "check_checkpoint",  # re-exported: agents/rl/checkpoint.py holds the file format
    "load_checkpoint",
    "role_shares",
]
