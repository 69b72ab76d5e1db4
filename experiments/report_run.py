"""report.md for a whole run: training summary, learning curve, tournament headline numbers."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from nemesis_env.core.files import atomic_write_text


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


def cell(
    results: Mapping[str, Any], role: str, agent: str, against: str
) -> dict[str, float] | None:
    """The win rate (and CI) of `agent` on `role` against `against` on every other role."""
    cp = next((m for m in results["crossplay"] if m["role"] == role), None)
    if cp is None or agent not in cp["rows"] or against not in cp["cols"]:
        return None
    i, j = cp["rows"].index(agent), cp["cols"].index(against)
    return {
        "rate": cp["win_rate"][i][j],
        "low": cp["ci95_low"][i][j],
        "high": cp["ci95_high"][i][j],
        "n": cp["n"][i][j],
    }


def _fmt(c: Mapping[str, float] | None) -> str:
    if c is None:
        return "n/a"
    return f"{c['rate']:.3f} [{c['low']:.3f}, {c['high']:.3f}] (n={c['n']:.0f})"


# (agent, against): the comparisons the quickstart is judged by, in every role
HEADLINE = (("heuristic", "random"), ("ismcts", "heuristic"), ("ppo", "heuristic"),
            ("heuristic", "heuristic"))  # fmt: skip


def headline(results: Mapping[str, Any]) -> list[str]:
    """The comparisons the quickstart is judged by, when those agents took part."""
    lines = ["| comparison | win rate [95% CI] |", "|---|---|"]
    for agent, against in HEADLINE:
        for cp in results["crossplay"]:
            c = cell(results, cp["role"], agent, against)
            if c is not None and c["n"]:
                others = "/".join(cp["against"])
                lines.append(f"| {agent} {cp['role']} vs {against} {others} | {_fmt(c)} |")
    return lines


def versus_baseline(results: Mapping[str, Any], learner: str = "ppo") -> list[str]:
    """Trained agent against the heuristic baseline, per role: the gap and whether the 95%
    intervals are disjoint (the quickstart's acceptance test)."""
    lines = []
    for cp in results["crossplay"]:
        role = cp["role"]
        mine = cell(results, role, learner, "heuristic")
        base = cell(results, role, "heuristic", "heuristic")
        if mine is None or base is None or not mine["n"] or not base["n"]:
            continue
        disjoint = mine["low"] > base["high"] or mine["high"] < base["low"]
        lines.append(
            f"- {learner} as the {role}: {mine['rate']:.3f} vs the heuristic {role}'s "
            f"{base['rate']:.3f} against the heuristic: {100 * (mine['rate'] - base['rate']):+.1f} "
            f"points; 95% intervals [{mine['low']:.3f}, {mine['high']:.3f}] and "
            f"[{base['low']:.3f}, {base['high']:.3f}] {'are disjoint' if disjoint else 'overlap'}"
        )
    return lines


def _minutes(seconds: float) -> str:
    return f"{int(seconds // 60)} min {int(seconds % 60)} s"


def _stopping_line(summary: Mapping[str, Any], walls: Mapping[str, float] | None) -> str:
    """How training ended, and what it cost on this machine (the weights depend only on the
    first part when the run stops on a fixed number of updates)."""
    reason = summary.get("stopped_by")
    if reason == "total_updates":
        rule = "a fixed number of updates (total_updates): the same weights on any machine"
    elif reason == "time_budget_s":
        rule = "the time budget (time_budget_s): the weights depend on the machine's speed"
    else:
        rule = str(reason or "?")
    line = f"- stopped by {rule}"
    if walls:
        line += (
            f"; wall time on this machine: training {_minutes(walls['training'])} "
            f"(expert pretraining included), tournament {_minutes(walls['tournament'])}"
        )
    return line


def write_run_report(
    root: Path, results: Mapping[str, Any], walls: Mapping[str, float] | None = None
) -> Path:
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
        _stopping_line(summary, walls),
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
    atomic_write_text(path, "\n".join(lines))
    return path
