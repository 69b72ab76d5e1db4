"""Train sb3-contrib's MaskablePPO on one seat of a nemesis_env game, then measure it.

    pip install -e '.[sb3]'            # sb3-contrib (MaskablePPO); `make test` installs it
    python examples/sb3_maskable_ppo.py --game not_alone --learner hunted --steps 20000
    python examples/sb3_maskable_ppo.py --game nemesis --param mode=coop --players 2 \\
        --learner player_0 --opponent heuristic --steps 20000 --envs 2

The learner plays one seat (or the first seat of a role); every other seat plays an agent drawn
per episode from the --opponent kinds (experiments/sb3.py). With --envs above 1 the rollouts run
in SubprocVecEnv processes. Afterwards the greedy policy and a uniformly random policy play the
same seat against the same opponents on the same --eval-games seeds (seeds 10**6 and up, which
training never sees), and the script prints both win rates with 95% Wilson intervals
(--json: one JSON object). --save PATH writes the model with SB3's `save` (refusing to replace
an existing file).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from agents.stats import wilson_interval
from experiments.config import ConfigError
from experiments.sb3 import env_fns, make_env
from nemesis_env.envs.single_agent import SingleAgentEnv

EVAL_SEED = 10**6


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="not_alone")
    p.add_argument("--learner", default="hunted", help="a seat name or a role")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument(
        "--opponent",
        action="append",
        metavar="KIND",
        help="an agent kind for the other seats (repeatable: a uniform pool); default heuristic",
    )
    p.add_argument("--steps", type=int, default=20_000, help="learner decisions to train on")
    p.add_argument("--envs", type=int, default=1, help="rollout envs (SubprocVecEnv above 1)")
    p.add_argument("--n-steps", type=int, default=512, help="PPO rollout length per env")
    p.add_argument("--eval-games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--save", type=Path, help="write the trained model here (a new .zip file)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    for name in ("steps", "envs", "n_steps", "eval_games"):
        if getattr(args, name) < 1:
            p.error(f"--{name.replace('_', '-')} must be at least 1, got {getattr(args, name)}")
    if args.save is not None and args.save.exists():
        p.error(f"--save {args.save}: the file exists; choose a new path")
    return args


def game_params(args: argparse.Namespace) -> dict[str, Any]:
    params: dict[str, Any] = {"players": args.players}
    for item in args.param:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise ConfigError(f"--param {item!r}: write KEY=VALUE")
        params[key] = int(value) if value.lstrip("-").isdigit() else value
    return params


def play(env: SingleAgentEnv, choose: Any, games: int) -> tuple[int, float]:
    """Wins and mean return of `choose(obs, mask, rng)` over `games` seeded games."""
    rng = np.random.default_rng(0)
    wins, total = 0, 0.0
    for k in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + k)
        reward, done = 0.0, False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(choose(obs, env.action_masks(), rng))
            done = terminated or truncated
        wins += reward > 0
        total += reward
    return wins, total / games


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv
    except ImportError:
        sys.exit("this example needs sb3-contrib: pip install -e '.[sb3]'")
    kinds = args.opponent or ["heuristic"]
    opponents = [{"name": f"{kind}_{i}", "kind": kind} for i, kind in enumerate(kinds)]
    try:
        params = game_params(args)
        fns = env_fns(args.envs, args.game, args.learner, opponents, **params)
    except (ConfigError, ValueError) as exc:
        sys.exit(f"error: {exc}")
    vec = SubprocVecEnv(fns, start_method="spawn") if args.envs > 1 else DummyVecEnv(fns)
    vec.seed(args.seed)
    start = time.perf_counter()
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=args.n_steps,
        batch_size=128,
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    model.learn(args.steps)
    train_s = time.perf_counter() - start
    vec.close()
    if args.save is not None:
        model.save(args.save)
    env = make_env(args.game, args.learner, opponents, **params)

    def greedy(obs: Any, mask: Any, rng: np.random.Generator) -> int:
        return int(model.predict(obs, action_masks=mask, deterministic=True)[0])

    def uniform(obs: Any, mask: Any, rng: np.random.Generator) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    result: dict[str, Any] = {
        "game": args.game,
        "params": params,
        "learner": env.seat,
        "opponents": kinds,
        "steps": args.steps,
        "envs": args.envs,
        "train_s": round(train_s, 1),
        "eval_games": args.eval_games,
    }
    for label, choose in (("trained", greedy), ("random", uniform)):
        wins, mean_return = play(env, choose, args.eval_games)
        lo, hi = wilson_interval(wins, args.eval_games)
        result[label] = {
            "wins": wins,
            "win_rate": wins / args.eval_games,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_return": mean_return,
        }
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"{args.game} {params}, learner {env.seat}, opponents {kinds}: "
            f"{args.steps} steps in {train_s:.0f} s"
        )
        for label in ("trained", "random"):
            r = result[label]
            print(
                f"  {label:<8} wins {r['win_rate']:.3f} [{r['ci95'][0]:.3f}, "
                f"{r['ci95'][1]:.3f}]  mean return {r['mean_return']:+.3f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
