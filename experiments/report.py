"""Tournament statistics and their files: Wilson intervals, cross-play, win rates, tables, plot.

Input: one record per game, as written to games.jsonl by experiments.tournament:
    {"pair": 1, "game": 0, "lineup": {"role_a": "random", "role_b": "heuristic"},
     "seed": [7, 1, 0], "returns": [-1.0, 1.0], "length": 118, "winners": ["seat_1"]}
(a game with late roles adds "late": [{"role", "seat", "value", "won"}] for each late role
played; a late role's position counts only the games where it was played), and the game's
seating (seat names, roles, teams, lineup positions; tournament.summarize).

- Win rates carry Wilson score 95% intervals, per agent and role (a lineup position,
  experiments/lineup.py) and per seat. Several seats may win a game (general-sum games); a game
  without winners counts as a non-win (a draw) for everyone.
- Cross-play: one matrix per role, its agent against the agent on every other role.
- Ratings: experiments/ratings.py (OpenSkill, teams as the game declares them).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agents.stats import wilson_interval
from experiments.lineup import focal_view
from experiments.ratings import ranked_within_roles, ratings

__all__ = ["crossplay", "ratings", "results_markdown", "wilson_interval", "win_rates"]


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
def position_won(rec: Mapping[str, Any], position: Mapping[str, Any], seats: Sequence[str]) -> bool:
    """Whether one of the position's seats is among the game's winners; for a late role's
    position (no seats), whether the seat that played it won in it."""
    if not position["seats"]:
        return any(e["won"] for e in rec.get("late", ()) if e["role"] == position["role"])
    won = set(rec["winners"])
    return any(seats[s] in won for s in position["seats"])


def position_played(rec: Mapping[str, Any], position: Mapping[str, Any]) -> bool:
    """A seated position plays every game; a late role's only those where a seat took it."""
    return bool(position["seats"]) or any(
        e["role"] == position["role"] for e in rec.get("late", ())
    )


def drawn(rec: Mapping[str, Any]) -> bool:
    """Nobody won: no seat in its starting role, no late role."""
    return not rec["winners"] and not any(e["won"] for e in rec.get("late", ()))


def crossplay(
    records: Sequence[Mapping[str, Any]], names: Sequence[str], seating: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """One matrix per position: rows = that position's agent, cols = the agent on every other
    position (lineups where the others differ are left out), cell = the position's win rate.

    For a game of two positions each matrix is the classic cross-play: one position's agent's
    win rate against the agent on the other position.
    """
    seats = seating["seat_names"]
    out = []
    for k, position in enumerate(seating["positions"]):
        tallies = {(x, y): Tally() for x in names for y in names}
        lengths: dict[tuple[str, str], list[int]] = {key: [] for key in tallies}
        for rec in records:
            lineup = [rec["lineup"][p["name"]] for p in seating["positions"]]
            against = focal_view(lineup, k)
            if against is None or not position_played(rec, position):
                continue
            key = (lineup[k], against)
            won = position_won(rec, position, seats)
            tallies[key] = tallies[key].add(won, drawn(rec))
            lengths[key].append(int(rec["length"]))

        def grid(field: str, t: dict[tuple[str, str], Tally] = tallies) -> list[list[Any]]:
            return [[t[(x, y)].as_dict()[field] for y in names] for x in names]

        others = [p["name"] for q, p in enumerate(seating["positions"]) if q != k]
        out.append(
            {
                "role": position["name"],
                "against": others,
                "description": f"rows = agent on {position['name']}, cols = agent on "
                f"{', '.join(others) or 'no other position'}, value = {position['name']} win "
                "rate with Wilson 95% CI",
                "rows": list(names),
                "cols": list(names),
                "n": grid("n"),
                "wins": grid("wins"),
                "draws": grid("draws"),
                "win_rate": grid("win_rate"),
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
        )
    return out


def win_rates(
    records: Sequence[Mapping[str, Any]], names: Sequence[str], seating: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """Rows (agent, role): each position (one trial per game the agent held it: won when one
    of its seats won; a late role's position, per game in which a seat took it) and each seat
    not named like a position (one trial per game the agent held that seat), e.g. a lone role,
    a team's role, and each seat of that team.

    A seat is won when it is among the game's winners; a game without winners is a draw.
    """
    seats = seating["seat_names"]
    places = seating["positions"]
    position_names = [p["name"] for p in places]
    seat_rows = [(s, name) for s, name in enumerate(seats) if name not in position_names]
    roles = position_names + [name for _, name in seat_rows]
    tallies = {(a, role): Tally() for a in names for role in roles}
    position_of = {s: p for p in places for s in p["seats"]}
    for rec in records:
        no_winner = drawn(rec)
        won = set(rec["winners"])
        for position in places:
            if not position_played(rec, position):
                continue
            key = (rec["lineup"][position["name"]], position["name"])
            tallies[key] = tallies[key].add(position_won(rec, position, seats), no_winner)
        for s, name in seat_rows:
            key = (rec["lineup"][position_of[s]["name"]], name)
            tallies[key] = tallies[key].add(name in won, no_winner)
    return [
        {"agent": a, "role": role, **tallies[(a, role)].as_dict()} for a in names for role in roles
    ]


# ------------------------------------------------------------------------------ files
CSV_COLUMNS = (
    "role", "agent", "against", "n", "wins", "draws", "win_rate", "ci95_low", "ci95_high",
    "mean_length",
)  # fmt: skip


def crossplay_csv(matrices: Sequence[Mapping[str, Any]]) -> str:
    """Tidy CSV: one row per matrix cell (position, its agent, the agent on the others)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for cp in matrices:
        for i, x in enumerate(cp["rows"]):
            for j, y in enumerate(cp["cols"]):
                w.writerow(
                    [
                        cp["role"],
                        x,
                        y,
                        cp["n"][i][j],
                        cp["wins"][i][j],
                        cp["draws"][i][j],
                        _fmt(cp["win_rate"][i][j]),
                        _fmt(cp["ci95_low"][i][j]),
                        _fmt(cp["ci95_high"][i][j]),
                        _fmt(cp["mean_length"][i][j]),
                    ]
                )
    return buf.getvalue()


def _fmt(x: Any) -> str:
    return "" if x is None else f"{x:.6f}"


def crossplay_png(matrices: Sequence[Mapping[str, Any]], path: Path, title: str = "") -> None:
    """One heatmap per position of its win rate, each cell annotated with rate, CI and n."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    size = max(4.0, 1.6 * len(matrices[0]["cols"]) + 2.0)
    height = max(3.5, 1.2 * len(matrices[0]["rows"]) + 1.8)
    fig = Figure(figsize=(size * len(matrices), height))
    FigureCanvasAgg(fig)
    for k, cp in enumerate(matrices):
        ax = fig.add_subplot(1, len(matrices), k + 1)
        _heatmap(fig, ax, cp)
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=120, metadata={"Software": None})


def _heatmap(fig: Any, ax: Any, cp: Mapping[str, Any]) -> None:
    rows, cols, role = cp["rows"], cp["cols"], cp["role"]
    values = [[float("nan") if v is None else v for v in row] for row in cp["win_rate"]]
    im = ax.imshow(values, vmin=0.0, vmax=1.0, cmap="RdBu_r")
    ax.set_xticks(range(len(cols)), labels=cols, rotation=30, ha="right")
    ax.set_yticks(range(len(rows)), labels=rows)
    ax.set_xlabel(f"agent on {', '.join(cp['against']) or 'no other position'}")
    ax.set_ylabel(f"{role} agent")
    ax.set_title(f"{role} win rate (Wilson 95% CI)")
    for i in range(len(rows)):
        for j in range(len(cols)):
            rate = cp["win_rate"][i][j]
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
    fig.colorbar(im, ax=ax, label=f"{role} win rate")


def _ci(row: Mapping[str, Any]) -> str:
    return f"[{row['ci95_low']:.3f}, {row['ci95_high']:.3f}]"


def fmt_rate(x: float | None) -> str:
    return "–" if x is None else f"{x:.3f}"


def results_markdown(results: Mapping[str, Any], commit: str = "unknown") -> str:
    """The human-readable summary: setup, cross-play, win rates by role and seat, ratings."""
    agents = results["agents"]
    label = {a["name"]: a["name"] + (" (omniscient)" if a["omniscient"] else "") for a in agents}
    lines = _setup_lines(results, label, commit)
    for cp in results["crossplay"]:
        lines += _crossplay_table(cp, label)
    lines += _win_rate_lines(results["win_rates"], label)
    lines += _rating_lines(results["ratings"], label)
    lines += [
        "",
        "Files: `games.jsonl` (one line per game), `results.json`, `crossplay.csv`, "
        "`crossplay.json`, `crossplay.png`, `config.yaml`, `meta.json`.",
        "",
    ]
    return "\n".join(lines)


def _setup_lines(results: Mapping[str, Any], label: Mapping[str, str], commit: str) -> list[str]:
    """The header: the game, its seats and roles, the agents, the schedule and the seeds."""
    agents = results["agents"]
    seating = results["seating"]
    held = "; ".join(f"{p['name']}: {', '.join(seating['seat_names'][s] for s in p['seats'])}"
                     for p in seating["positions"])  # fmt: skip
    scheme = (
        "every lineup in which at most one role's agent differs from the agent on all the "
        "others (for two roles: every ordered pair)"
        if results.get("lineups", "focal") == "focal"
        else "every assignment of agents to roles"
    )
    return [
        "# Tournament results",
        "",
        f"- game: `{results['game']}`, rules version `{results['rules_version']}`, "
        f"params `{json.dumps(results['game_params'], sort_keys=True)}`",
        f"- players: {results['players']}; roles (seats): {held}; utility: {seating['utility']}",
        "- agents: " + ", ".join(f"{label[a['name']]} [{a['kind']}]" for a in agents),
        f"- schedule: {scheme}, one agent on every seat of a role, self-play included; "
        f"{results['games_per_match']} games each{_caps(agents)}, "
        f"{results['total_games']} games in all",
        f"- seed: {results['seed']} (game g of pair p: SeedSequence({results['seed']}, "
        "spawn_key=(p, g)), one stream for chance and one per seat)",
        f"- commit: `{commit}` (versions and command line: meta.json)",
        "- winners: every seat with a positive return (else the top return); intervals: "
        "Wilson score 95%; games without winners count as non-wins",
        *(f"- **warning**: {w}" for w in results.get("warnings", [])),
    ]


def _win_rate_lines(win_rates: list[Mapping[str, Any]], label: Mapping[str, str]) -> list[str]:
    lines = [
        "",
        "## Win rates by agent and role",
        "",
        "Per role: games in which the agent held that role's seats, won when one of them won. "
        "Per seat (seats not named like a role): games on that seat. Self-play games count "
        "for every role.",
        "",
        "| agent | role | games | wins | win rate | 95% CI |",
        "|---|---|---:|---:|---:|---|",
    ]
    for row in win_rates:
        lines.append(
            f"| {label[row['agent']]} | {row['role']} | {row['n']} | {row['wins']} | "
            f"{fmt_rate(row['win_rate'])} | {_ci(row)} |"
        )
    return lines


def _rating_lines(rt: Mapping[str, Any], label: Mapping[str, str]) -> list[str]:
    """The OpenSkill ratings: per agent, then per agent and role."""
    lines = [
        "",
        f"## Ratings (OpenSkill Plackett-Luce, openskill {rt['openskill_version']})",
        "",
        f"Each game: {rt['teams']}; teams ranked by their winners; ordinal = mu − 3σ. "
        "Sorted by ordinal.",
        "",
        "### Per agent (games of one agent on every seat skipped)",
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
    return lines + _role_rating_tables(rt["agent_role"], label)


def _role_rating_tables(
    agent_role: Mapping[str, Mapping[str, Mapping[str, Any]]], label: Mapping[str, str]
) -> list[str]:
    """One table per role, ranked within it: ratings of roles whose teams differ in size sit
    at different mu for the same record (experiments/ratings.py), so they are never ranked
    together."""
    lines = [
        "",
        "Per role (all games): a team's strength is the sum of its seats' ratings, so roles "
        "with teams of different sizes settle at different mu for the same record; compare "
        "agents within a role, never across roles.",
    ]
    for role, rows in ranked_within_roles(agent_role).items():
        lines += [
            "",
            f"### Role {role} (ranked within the role)",
            "",
            "| # | agent | mu | sigma | ordinal | games |",
            "|---:|---|---:|---:|---:|---:|",
        ]
        lines += [
            f"| {k} | {label[name]} | {e['mu']:.2f} | {e['sigma']:.2f} | {e['ordinal']:.2f} | "
            f"{e['games']} |"
            for k, (name, e) in enumerate(rows, 1)
        ]
    return lines


def _crossplay_table(cp: Mapping[str, Any], label: Mapping[str, str]) -> list[str]:
    role, against = cp["role"], ", ".join(cp["against"]) or "no other role"
    lines = [
        "",
        f"## Cross-play: {role} win rate",
        "",
        f"Rows: {role} agent; columns: the agent on {against}. Cell: win rate [95% CI] (n).",
        "",
        f"| {role} \\ {against} | " + " | ".join(label[c] for c in cp["cols"]) + " |",
        "|---|" + "---|" * len(cp["cols"]),
    ]
    for i, x in enumerate(cp["rows"]):
        cells = []
        for j in range(len(cp["cols"])):
            rate = cp["win_rate"][i][j]
            cells.append(
                f"{fmt_rate(rate)} [{cp['ci95_low'][i][j]:.2f}, {cp['ci95_high'][i][j]:.2f}] "
                f"({cp['n'][i][j]})"
            )
        lines.append(f"| **{label[x]}** | " + " | ".join(cells) + " |")
    return lines


def dumps(data: Any) -> str:
    return json.dumps(data, indent=2, allow_nan=False) + "\n"


def _caps(agents: Sequence[Mapping[str, Any]]) -> str:
    """ " (at most N in matches of X)" for agents with max_games."""
    caps = [
        f"at most {a['max_games']} in matches of {a['name']}" for a in agents if a.get("max_games")
    ]
    return f" ({'; '.join(caps)})" if caps else ""
