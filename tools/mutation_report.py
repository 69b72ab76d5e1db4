"""What a mutation run found, as mutation.json (every mutant) and mutation.md (the kill rate
and the mutants to act on: survivors first)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.mutation_sites import Site

STATUSES = ("killed", "survived", "timeout", "incompetent")


@dataclass(frozen=True)
class Outcome:
    site: Site
    status: str  # one of STATUSES
    seconds: float
    returncode: int | None  # None: timed out, or never ran (did not compile)
    detail: str  # the last lines of pytest's output, or the compile error


def counts_of(outcomes: Sequence[Outcome]) -> dict[str, int]:
    return {status: sum(o.status == status for o in outcomes) for status in STATUSES}


def kill_rate(counts: Mapping[str, int]) -> float | None:
    """(killed + timeout) / competent mutants; None when no mutant was competent."""
    competent = sum(counts.values()) - counts["incompetent"]
    return (counts["killed"] + counts["timeout"]) / competent if competent else None


def commit_of(root: Path) -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain"], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" (with uncommitted changes)" if dirty else "")


def write_reports(
    out: Path, outcomes: Sequence[Outcome], settings: Mapping[str, Any], root: Path
) -> dict[str, int]:
    counts = counts_of(outcomes)
    doc = {
        "format": "nemesis-mutation/1",
        **settings,
        "commit": commit_of(root),
        "counts": counts,
        "kill_rate": kill_rate(counts),
        "mutants": [
            {
                **o.site.as_dict(),
                "status": o.status,
                "seconds": round(o.seconds, 2),
                "returncode": o.returncode,
                "detail": o.detail,
            }
            for o in outcomes
        ],
    }
    (out / "mutation.json").write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    (out / "mutation.md").write_text(markdown(doc, outcomes), encoding="utf-8")
    return counts


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _table(outcomes: Sequence[Outcome]) -> list[str]:
    lines = ["| file:line | operator | original | mutant |", "|---|---|---|---|"]
    for o in outcomes:
        s = o.site
        original, mutated = (_cell(" ".join(t.split())) for t in (s.original, s.mutated))
        lines.append(f"| {s.where} | {s.operator} | `{original}` | `{mutated}` |")
    return lines


def markdown(doc: Mapping[str, Any], outcomes: Sequence[Outcome]) -> str:
    counts, rate = doc["counts"], doc["kill_rate"]
    rate_text = "n/a (no competent mutant)" if rate is None else f"{rate:.1%}"
    lines = [
        "# Mutation testing",
        "",
        f"- targets: {', '.join(doc['targets'])}; tests: `{' '.join(doc['tests'])}`",
        f"- {len(outcomes)} mutants sampled with seed {doc['seed']} from {doc['sites_total']} "
        f"sites; timeout {doc['timeout_s']:g} s per mutant; commit `{doc['commit']}`",
        f"- **kill rate {rate_text}** = (killed + timeout) / (all − incompetent): "
        + ", ".join(f"{counts[s]} {s}" for s in STATUSES),
        "- a survivor is a missing test or an equivalent mutant: read it before writing one",
    ]
    for status, title in (
        ("survived", "Survivors"),
        ("timeout", "Timeouts"),
        ("incompetent", "Incompetent (did not compile or import)"),
    ):
        chosen = [o for o in outcomes if o.status == status]
        if chosen:
            lines += ["", f"## {title}", "", *_table(chosen)]
    return "\n".join(lines) + "\n"
