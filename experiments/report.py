"""Tournament statistics and their files: Wilson intervals, cross-play, ratings, tables, plot.

Input: one record per game, as written to games.jsonl by experiments.tournament:
    {"pair": 1, "game": 0, "creature": "random", "hunted": "heuristic", "seed": [7, 1, 0],
     "returns": [-1.0, 1.0], "length": 118, "winner": "hunted"}

- Win rates carry Wilson score 95% intervals (draws count as non-wins; Not Alone has none).
- Ratings: openskill's Plackett-Luce model; each game is two teams, [Creature agent] against
  [Hunted agent x number of Hunted seats], ranked by the winner. Games are rated in schedule
  order (game index, then pair index), so the result is deterministic. One rating per agent
  (self-play games skipped: they say nothing about one agent against another) and one per
  (agent, role), where `X as Creature` and `X as Hunted` are separate players and every game
  counts.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile
ROLES = ("creature", "hunted")


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0, 1) when n == 0."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    lo = 0.0 if successes == 0 else max(0.0, center - half)
    hi = 1.0 if successes == n else min(1.0, center + half)
    return (lo, hi)


def _r(x: float) -> float:
    return round(x, 6)


@dataclass(frozen=True, slots=True)
class Tally:
    wins: int = 0
    draws: int = 0
    n: int = 0

    def add(self, won: bool, drawn: bool) -> Tally:
        return Tally(self.wins + int(won), self.draws + int(drawn), self.n + 1)

    def as_dict(self) -> dict[str, Any]:
        lo, hi = wilson_interval(self.wins, self.n)
        return {
            "n": self.n,
            "wins": self.wins,
            "draws": self.draws,
            "win_rate": _r(self.wins / self.n) if self.n else None,
            "ci95_low": _r(lo),
            "ci95_high": _r(hi),
        }


# ------------------------------------------------------------------------------ statistics
def crossplay(records: Sequence[Mapping[str, Any]], names: Sequence[str]) -> dict[str, Any]:
    """Matrix: rows = Creature agent, cols = Hunted agent, cell = the Creature's win rate."""
    tallies = {(x, y): Tally() for x in names for y in names}
    lengths: dict[tuple[str, str], list[int]] = {key: [] for key in tallies}
    for rec in records:
        key = (rec["creature"], rec["hunted"])
        tallies[key] = tallies[key].add(rec["winner"] == "creature", rec["winner"] == "draw")
        lengths[key].append(int(rec["length"]))

    def grid(field: str) -> list[list[Any]]:
        return [[tallies[(x, y)].as_dict()[field] for y in names] for x in names]

    return {
        "description": "rows = Creature agent, cols = Hunted agent (on every Hunted seat), "
        "value = Creature win rate with Wilson 95% CI",
        "rows": list(names),
        "cols": list(names),
        "n": grid("n"),
        "creature_wins": grid("wins"),
        "draws": grid("draws"),
        "creature_win_rate": grid("win_rate"),
        "ci95_low": grid("ci95_low"),
        "ci95_high": grid("ci95_high"),
        "mean_length": [
            [
                _r(sum(lengths[(x, y)]) / len(lengths[(x, y)])) if lengths[(x, y)] else None
                for y in names
            ]
            for x in names
        ],
    }


def win_rates(
    records: Sequence[Mapping[str, Any]], names: Sequence[str], seat_names: Sequence[str]
) -> list[dict[str, Any]]:
    """Rows (agent, role): `creature`, `hunted` (the team) and each Hunted seat's name.

    In this schedule one agent fills every Hunted seat and the Hunted share one outcome, so the
    per-seat rows repeat the team row; they are kept so the table has the same shape when
    lineups mix agents across seats.
    """
    hunted_seats = list(seat_names[1:])
    roles = ["creature", "hunted", *hunted_seats]
    tallies = {(a, role): Tally() for a in names for role in roles}
    for rec in records:
        winner = rec["winner"]
        drawn = winner == "draw"
        c = (rec["creature"], "creature")
        tallies[c] = tallies[c].add(winner == "creature", drawn)
        for role in ["hunted", *hunted_seats]:
            h = (rec["hunted"], role)
            tallies[h] = tallies[h].add(winner == "hunted", drawn)
    return [
        {"agent": a, "role": role, **tallies[(a, role)].as_dict()} for a in names for role in roles
    ]


def ratings(
    records: Sequence[Mapping[str, Any]], names: Sequence[str], num_hunted: int
) -> dict[str, Any]:
    """OpenSkill Plackett-Luce ratings per agent and per (agent, role)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    agent = {a: (model.mu, model.sigma) for a in names}
    agent_games = dict.fromkeys(names, 0)
    role = {(a, r): (model.mu, model.sigma) for a in names for r in ROLES}
    role_games = dict.fromkeys(role, 0)

    def update(
        c: tuple[float, float], h: tuple[float, float], winner: str
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        # distinct rating objects per Hunted seat: openskill deep-copies teams, and one object
        # repeated in a team would be updated once per appearance
        teams = [
            [model.rating(mu=c[0], sigma=c[1])],
            [model.rating(mu=h[0], sigma=h[1]) for _ in range(num_hunted)],
        ]
        ranks = (
            [0.0, 0.0] if winner == "draw" else ([0.0, 1.0] if winner == "creature" else [1.0, 0.0])
        )
        new = model.rate(teams, ranks=ranks)
        hunted_team = new[1]
        return (
            (new[0][0].mu, new[0][0].sigma),
            (
                sum(p.mu for p in hunted_team) / len(hunted_team),
                sum(p.sigma for p in hunted_team) / len(hunted_team),
            ),
        )

    for rec in sorted(records, key=lambda r: (r["game"], r["pair"])):
        x, y, winner = rec["creature"], rec["hunted"], rec["winner"]
        role[(x, "creature")], role[(y, "hunted")] = update(
            role[(x, "creature")], role[(y, "hunted")], winner
        )
        role_games[(x, "creature")] += 1
        role_games[(y, "hunted")] += 1
        if x != y:
            agent[x], agent[y] = update(agent[x], agent[y], winner)
            agent_games[x] += 1
            agent_games[y] += 1

    def entry(mu_sigma: tuple[float, float], games: int) -> dict[str, Any]:
        mu, sigma = mu_sigma
        return {"mu": _r(mu), "sigma": _r(sigma), "ordinal": _r(mu - 3 * sigma), "games": games}

    try:
        version: str | None = metadata.version("openskill")
    except metadata.PackageNotFoundError:  # pragma: no cover
        version = None
    return {
        "model": "openskill.models.PlackettLuce (default parameters)",
        "openskill_version": version,
        "teams": f"[Creature agent] vs [Hunted agent x {num_hunted}]",
        "ordinal": "mu - 3 * sigma",
        "agent": {a: entry(agent[a], agent_games[a]) for a in names},
        "agent_role": {
            a: {r: entry(role[(a, r)], role_games[(a, r)]) for r in ROLES} for a in names
        },
    }


# ------------------------------------------------------------------------------ files
def crossplay_csv(cp: Mapping[str, Any]) -> str:
    """Tidy CSV: one row per matrix cell, row-major (Creature agent, then Hunted agent)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(
        [
            "creature",
            "hunted",
            "n",
            "creature_wins",
            "draws",
            "creature_win_rate",
            "ci95_low",
            "ci95_high",
            "mean_length",
        ]
    )
    for i, x in enumerate(cp["rows"]):
        for j, y in enumerate(cp["cols"]):
            w.writerow(
                [
                    x,
                    y,
                    cp["n"][i][j],
                    cp["creature_wins"][i][j],
                    cp["draws"][i][j],
                    _fmt(cp["creature_win_rate"][i][j]),
                    _fmt(cp["ci95_low"][i][j]),
                    _fmt(cp["ci95_high"][i][j]),
                    _fmt(cp["mean_length"][i][j]),
                ]
            )
    return buf.getvalue()


def _fmt(x: Any) -> str:
    return "" if x is None else f"{x:.6f}"


def crossplay_png(cp: Mapping[str, Any], path: Path, title: str = "") -> None:
    """Heatmap of the Creature win rate, each cell annotated with rate, CI and n."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rows, cols = cp["rows"], cp["cols"]
    values = [[float("nan") if v is None else v for v in row] for row in cp["creature_win_rate"]]
    size = max(4.0, 1.6 * len(cols) + 2.0)
    fig = Figure(figsize=(size, max(3.5, 1.2 * len(rows) + 1.8)))
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    im = ax.imshow(values, vmin=0.0, vmax=1.0, cmap="RdBu_r")
    ax.set_xticks(range(len(cols)), labels=cols, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), labels=rows)
    ax.set_xlabel("Hunted agent (all Hunted seats)")
    ax.set_ylabel("Creature agent")
    ax.set_title(title or "Creature win rate (Wilson 95% CI)")
    for i in range(len(rows)):
        for j in range(len(cols)):
            rate = cp["creature_win_rate"][i][j]
            text = (
                "n/a"
                if rate is None
                else (
                    f"{rate:.2f}\n[{cp['ci95_low'][i][j]:.2f}, {cp['ci95_high'][i][j]:.2f}]\n"
                    f"n={cp['n'][i][j]}"
                )
            )
            dark = rate is not None and abs(rate - 0.5) > 0.3
            ax.text(
                j, i, text, ha="center", va="center", fontsize=8, color="white" if dark else "black"
            )
    fig.colorbar(im, ax=ax, label="Creature win rate")
    fig.tight_layout()
    fig.savefig(path, dpi=120, metadata={"Software": None})


def _ci(row: Mapping[str, Any]) -> str:
    return f"[{row['ci95_low']:.3f}, {row['ci95_high']:.3f}]"


def fmt_rate(x: float | None) -> str:
    return "–" if x is None else f"{x:.3f}"


def results_markdown(results: Mapping[str, Any], commit: str = "unknown") -> str:
    """The human-readable summary: setup, cross-play, win rates by role and seat, ratings."""
    cp = results["crossplay"]
    agents = results["agents"]
    label = {a["name"]: a["name"] + (" (omniscient)" if a["omniscient"] else "") for a in agents}
    num_hunted = results["players"] - 1
    lines = [
        "# Tournament results",
        "",
        f"- game: `{results['game']}`, rules version `{results['rules_version']}`, "
        f"params `{json.dumps(results['game_params'], sort_keys=True)}`",
        f"- players: {results['players']} (1 Creature, {num_hunted} Hunted)",
        "- agents: " + ", ".join(f"{label[a['name']]} [{a['kind']}]" for a in agents),
        f"- schedule: every ordered pair (Creature agent, Hunted agent on all Hunted seats), "
        f"self-play included; {results['games_per_match']} games each{_caps(agents)}, "
        f"{results['total_games']} games in all",
        f"- seed: {results['seed']} (game g of pair p: SeedSequence({results['seed']}, "
        "spawn_key=(p, g)), one stream for chance and one per seat)",
        f"- commit: `{commit}` (versions and command line: meta.json)",
        "- intervals: Wilson score 95%; draws count as non-wins",
        *(f"- **warning**: {w}" for w in results.get("warnings", [])),
        "",
        "## Cross-play: Creature win rate",
        "",
        "Rows: Creature agent; columns: Hunted agent. Cell: win rate [95% CI] (n).",
        "",
        "| Creature \\ Hunted | " + " | ".join(label[c] for c in cp["cols"]) + " |",
        "|---|" + "---|" * len(cp["cols"]),
    ]
    for i, x in enumerate(cp["rows"]):
        cells = []
        for j in range(len(cp["cols"])):
            rate = cp["creature_win_rate"][i][j]
            cells.append(
                f"{fmt_rate(rate)} [{cp['ci95_low'][i][j]:.2f}, {cp['ci95_high'][i][j]:.2f}] "
                f"({cp['n'][i][j]})"
            )
        lines.append(f"| **{label[x]}** | " + " | ".join(cells) + " |")
    lines += [
        "",
        "## Win rates by agent and role",
        "",
        "`creature`: games as the Creature; `hunted`: games as the Hunted team; "
        "`hunted_i`: games on Hunted seat i (the Hunted share one outcome, and one agent holds "
        "every Hunted seat here, so seat rows equal the team row). Self-play games count "
        "for both roles.",
        "",
        "| agent | role | games | wins | win rate | 95% CI |",
        "|---|---|---:|---:|---:|---|",
    ]
    for row in results["win_rates"]:
        lines.append(
            f"| {label[row['agent']]} | {row['role']} | {row['n']} | {row['wins']} | "
            f"{fmt_rate(row['win_rate'])} | {_ci(row)} |"
        )
    rt = results["ratings"]
    lines += [
        "",
        f"## Ratings (OpenSkill Plackett-Luce, openskill {rt['openskill_version']})",
        "",
        f"Each game: {rt['teams']}, ranked by the winner; ordinal = mu − 3σ. Sorted by ordinal.",
        "",
        "### Per agent (self-play games skipped)",
        "",
        "| # | agent | mu | sigma | ordinal | games |",
        "|---:|---|---:|---:|---:|---:|",
    ]
    per_agent = sorted(rt["agent"].items(), key=lambda kv: (-kv[1]["ordinal"], kv[0]))
    for k, (name, e) in enumerate(per_agent, 1):
        lines.append(
            f"| {k} | {label[name]} | {e['mu']:.2f} | {e['sigma']:.2f} | "
            f"{e['ordinal']:.2f} | {e['games']} |"
        )
    lines += [
        "",
        "### Per agent and role (all games)",
        "",
        "| # | agent | role | mu | sigma | ordinal | games |",
        "|---:|---|---|---:|---:|---:|---:|",
    ]
    per_role = sorted(
        ((a, r, e) for a, roles in rt["agent_role"].items() for r, e in roles.items()),
        key=lambda t: (-t[2]["ordinal"], t[0], t[1]),
    )
    for k, (name, r, e) in enumerate(per_role, 1):
        lines.append(
            f"| {k} | {label[name]} | {r} | {e['mu']:.2f} | {e['sigma']:.2f} | "
            f"{e['ordinal']:.2f} | {e['games']} |"
        )
    lines += [
        "",
        "Files: `games.jsonl` (one line per game), `results.json`, `crossplay.csv`, "
        "`crossplay.json`, `crossplay.png`, `config.yaml`, `meta.json`.",
        "",
    ]
    return "\n".join(lines)


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, allow_nan=False) + "\n"


def _caps(agents: Sequence[Mapping[str, Any]]) -> str:
    """ " (at most N in matches of X)" for agents with max_games."""
    caps = [
        f"at most {a['max_games']} in matches of {a['name']}" for a in agents if a.get("max_games")
    ]
    return f" ({'; '.join(caps)})" if caps else ""
