"""How well a distilled policy predicts its search expert on games it was not fitted on.

    python -m agents.rl.distill_probe --game GAME --players P --data DATASET \\
        --advice heuristic_mix --steps 0,500,1000,4000

(DATASET: a name from the game's agent kit, `expert_datasets`, or a path; docs/agents.md has
the command and table for each shipped dataset.)

Holds out the last `--holdout` share of the expert's games, fits a fresh policy (the trainer's
network, Adam and batch) to the targets of the others alone, as `expert_pretrain_steps` does,
and prints at each listed step the cross-entropy and the agreement (the policy's likeliest move
is the expert's most visited) on both parts, next to the targets' entropy, the floor of the
cross-entropy. Step 0 is the advice alone: how much of the expert the prior already predicts.
Everything is seeded by `--seed`, so a table is reproduced exactly.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import torch

from agents.rl.distill import ExpertTargets
from agents.rl.network import ActorCritic
from agents.rl.ppo import PPOSettings
from nemesis_env import load_game


def _ints(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected comma-separated integers, got {text!r}"
        ) from None
    if any(v < 0 for v in values):
        raise argparse.ArgumentTypeError(f"expected non-negative integers, got {text!r}")
    return values


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m agents.rl.distill_probe", description=__doc__)
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--data", required=True, nargs="+", help="expert dataset names or paths")
    p.add_argument("--advice", default=None, help="null or an advice kind (agents/rl/advice.py)")
    p.add_argument("--advice-weight", type=float, default=4.5)
    p.add_argument("--hidden", type=_ints, default=[256, 256])
    p.add_argument("--steps", type=_ints, default=[0, 250, 500, 1000, 2000, 4000])
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--temperature", type=float, default=1.0)
    p.add_argument("--holdout", type=float, default=0.2)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    if args.advice in ("null", "none", ""):
        args.advice = None
    if args.seed < 0 or args.batch < 1 or not args.hidden or min(args.hidden) < 1:
        p.error("--seed must be >= 0, --batch >= 1 and --hidden positive sizes")
    return args


def probe(args: argparse.Namespace) -> list[dict[str, float]]:
    """One row per step of `args.steps`: the step, then the measures on both parts."""
    game = load_game(args.game, **({} if args.players is None else {"players": args.players}))
    targets = ExpertTargets(game, args.data, args.advice, args.temperature, args.seed)
    fitted, held = targets.split(args.holdout)
    torch.manual_seed(args.seed)  # the network's initial weights
    net = ActorCritic(game.observation_size(), game.info.num_actions, tuple(args.hidden),
                      args.advice, args.advice_weight)  # fmt: skip
    optim = torch.optim.Adam(net.parameters(), lr=args.lr, eps=1e-5)
    gen = torch.Generator().manual_seed(args.seed)
    rows, done = [], 0
    for step in sorted(set(args.steps)):
        targets.fit(net, optim, step - done, args.batch, PPOSettings.max_grad_norm, gen, fitted)
        done = step
        row = {"step": float(step)}
        for part, idx in (("fitted", fitted), ("held_out", held)):
            row.update({f"{part}_{k}": v for k, v in targets.measure(net, idx).items()})
        rows.append(row)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        rows = probe(args)
    except (ValueError, OSError) as err:  # DatasetError is a ValueError
        print(f"distill_probe: {err}", file=sys.stderr)
        return 2
    print("| step | fitted CE | fitted agreement | held-out CE | held-out agreement | "
          "held-out target entropy |")  # fmt: skip
    print("|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {int(r['step'])} | {r['fitted_cross_entropy']:.3f} | {r['fitted_agreement']:.3f} "
              f"| {r['held_out_cross_entropy']:.3f} | {r['held_out_agreement']:.3f} "
              f"| {r['held_out_target_entropy']:.3f} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
