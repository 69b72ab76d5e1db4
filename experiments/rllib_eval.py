"""After an rllib run: each role's trained module against uniformly random seats, next to a
random player in its place (same seeds, seeds 10**6 and up, which training never uses)."""

from __future__ import annotations

from typing import Any

import numpy as np
import torch
from ray.rllib.core.columns import Columns

from agents.stats import wilson_interval
from experiments.rllib_env import aec_of, rllib_env

EVAL_SEED = 10**6


def sample(module: Any, obs: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    """An action drawn from the module's masked policy, as it plays in training (its forward
    pass applies the mask); drawn with `rng`, so an evaluation is reproducible."""
    batch = {Columns.OBS: {k: torch.from_numpy(v)[None] for k, v in obs.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0]
    probs = torch.softmax(logits.double(), dim=0).numpy()
    return int(rng.choice(len(probs), p=probs / probs.sum()))


def trained_module(algo: Any, module_id: str) -> Any:
    """The learner's current weights in a module of this process (the local EnvRunner's copy
    is not kept in sync when remote EnvRunners sample)."""
    module = algo.get_module(module_id)
    module.set_state(algo.learner_group.get_weights(module_ids=[module_id])[module_id])
    module.eval()
    return module


def play(env: Any, role: str, module: Any, seed: int) -> bool:
    """One game: the seats of `role` play `module` (random if None), the others random."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    info = aec_of(env).game.info
    roles = dict(zip(info.seat_names, info.seat_roles, strict=True))
    while True:
        ((agent, seat_obs),) = obs.items()
        if module is not None and roles[agent] == role:
            action = sample(module, seat_obs, rng)
        else:
            action = int(rng.choice(np.flatnonzero(seat_obs["action_mask"])))
        obs, rewards, terminated, truncated, _ = env.step({agent: action})
        if terminated["__all__"] or truncated["__all__"]:
            seat = next(a for a in info.seat_names if roles[a] == role)
            return bool(rewards.get(seat, 0.0) > 0)


def evaluate_against_random(algo: Any, cfg: Any, league: Any) -> dict[str, Any]:
    env = rllib_env({"game": cfg.game, "params": {"players": cfg.players, **cfg.game_params}})
    out: dict[str, Any] = {"games_per_cell": cfg.eval_games, "seeds": f"{EVAL_SEED}+k", "roles": {}}
    for role in sorted(league.roles):
        module = trained_module(algo, league.main_module(role))
        row = {}
        for label, player in (("trained", module), ("random", None)):
            wins = sum(play(env, role, player, EVAL_SEED + k) for k in range(cfg.eval_games))
            lo, hi = wilson_interval(wins, cfg.eval_games)
            row[label] = {
                "wins": wins,
                "win_rate": wins / cfg.eval_games,
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        out["roles"][role] = row
    return out
