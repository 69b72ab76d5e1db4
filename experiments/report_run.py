"""report.md for a whole run: training summary, learning curve, tournament headline numbers."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def read_metrics(train_dir: Path) -> list[dict[str, Any]]:
    path = train_dir / "metrics.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def plot_learning_curve(rows: list[dict[str, Any]], path: Path) -> bool:
    """Evaluation win rate against env steps, per opponent and role; False if nothing to plot."""
    keys = sorted({k for r in rows for k in r if k.startswith("eval/") and "/win_rate/" in k})
    if not keys:
        return False
    fig, ax = plt.subplots(figsize=(7, 4))
    for key in keys:
        points = [(r["env_steps"], r[key]) for r in rows if key in r]
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=key[5:])
    ax.set_xlabel("env steps (decisions)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def cell(results: Mapping[str, Any], creature: str, hunted: str) -> dict[str, float] | None:
    """Creature win rate (and CI) of `creature` against `hunted` on every Hunted seat."""
    cp = results["crossplay"]
    if creature not in cp["rows"] or hunted not in cp["cols"]:
        return None
    i, j = cp["rows"].index(creature), cp["cols"].index(hunted)
    return {
        "rate": cp["creature_win_rate"][i][j],
        "low": cp["ci95_low"][i][j],
        "high": cp["ci95_high"][i][j],
        "n": cp["n"][i][j],
    }


def _fmt(c: Mapping[str, float] | None, hunted_view: bool = False) -> str:
    if c is None:
        return "n/a"
    if hunted_view:
        return f"{1 - c['rate']:.3f} [{1 - c['high']:.3f}, {1 - c['low']:.3f}] (n={c['n']:.0f})"
    return f"{c['rate']:.3f} [{c['low']:.3f}, {c['high']:.3f}] (n={c['n']:.0f})"


def headline(results: Mapping[str, Any]) -> list[str]:
    """The comparisons the quickstart is judged by, when those agents took part."""
    lines = ["| comparison | win rate [95% CI] |", "|---|---|"]
    pairs = [
        ("heuristic Creature vs random Hunted", "heuristic", "random", False),
        ("heuristic Hunted vs random Creature", "random", "heuristic", True),
        ("ismcts Creature vs heuristic Hunted", "ismcts", "heuristic", False),
        ("ismcts Hunted vs heuristic Creature", "heuristic", "ismcts", True),
        ("ppo Creature vs heuristic Hunted", "ppo", "heuristic", False),
        ("heuristic Creature vs heuristic Hunted", "heuristic", "heuristic", False),
        ("ppo Hunted vs heuristic Creature", "heuristic", "ppo", True),
        ("heuristic Hunted vs heuristic Creature", "heuristic", "heuristic", True),
    ]
    for label, creature, hunted, hunted_view in pairs:
        c = cell(results, creature, hunted)
        if c is not None:
            lines.append(f"| {label} | {_fmt(c, hunted_view)} |")
    return lines


def versus_baseline(results: Mapping[str, Any], learner: str = "ppo") -> list[str]:
    """Trained agent against the heuristic baseline, per role: the gap and whether the 95%
    intervals are disjoint (the quickstart's acceptance test)."""
    lines = []
    for role, against_learner, against_base, hunted_view in (
        ("Creature", (learner, "heuristic"), ("heuristic", "heuristic"), False),
        ("Hunted", ("heuristic", learner), ("heuristic", "heuristic"), True),
    ):
        mine, base = cell(results, *against_learner), cell(results, *against_base)
        if mine is None or base is None:
            continue
        rate, low, high = _role_view(mine, hunted_view)
        base_rate, base_low, base_high = _role_view(base, hunted_view)
        disjoint = low > base_high or high < base_low
        lines.append(
            f"- {learner} as the {role}: {rate:.3f} vs the heuristic {role}'s {base_rate:.3f} "
            f"against the heuristic: {100 * (rate - base_rate):+.1f} points; 95% intervals "
            f"[{low:.3f}, {high:.3f}] and [{base_low:.3f}, {base_high:.3f}] "
            f"{'are disjoint' if disjoint else 'overlap'}"
        )
    return lines


def _role_view(c: Mapping[str, float], hunted_view: bool) -> tuple[float, float, float]:
    """(rate, low, high) for the side the comparison is about."""
    if hunted_view:
        return 1 - c["rate"], 1 - c["high"], 1 - c["low"]
    return c["rate"], c["low"], c["high"]


def write_run_report(root: Path, results: Mapping[str, Any]) -> Path:
    train_dir = root / "train"
    rows = read_metrics(train_dir)
    summary_path = train_dir / "train_summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else {}
    curve = plot_learning_curve(rows, root / "learning_curve.png")
    last_eval: dict[str, Any] = next(
        (r for r in reversed(rows) if any(k.startswith("eval/") for k in r)), {}
    )
    lines = [
        f"# Run report: {results['game']}, {results['players']} players",
        "",
        "## Training (masked PPO self-play)",
        f"- updates: {summary.get('updates', '?')}, env steps: {summary.get('env_steps', '?')}",
        f"- checkpoint: `{train_dir / 'final.pt'}`",
        f"- TensorBoard: `.venv/bin/tensorboard --logdir {train_dir / 'tb'}`",
    ]
    if last_eval:
        lines.append("- last evaluation (win rate per role against each opponent):")
        lines += [
            f"  - {k[5:]}: {v:.3f}"
            for k, v in last_eval.items()
            if k.startswith("eval/") and "/win_rate/" in k
        ]
    if curve:
        lines += ["", "![learning curve](learning_curve.png)"]
    lines += [
        "",
        "## Tournament",
        f"{results['total_games']} games, seed {results['seed']}; full tables in "
        "[tournament/results.md](tournament/results.md), cross-play heatmap "
        "[tournament/crossplay.png](tournament/crossplay.png).",
        "",
        *headline(results),
        "",
    ]
    if gaps := versus_baseline(results):
        lines += ["### Trained agent against the heuristic baseline", "", *gaps, ""]
    path = root / "report.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
