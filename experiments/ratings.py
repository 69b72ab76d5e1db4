"""Team-aware OpenSkill ratings of tournament games (records as experiments.tournament writes).

Each game is rated as the game's teams (GameInfo.seat_teams): every seat is a player of its
team, holding the rating of its agent, and the teams are ranked by the winners: a team with a
winning seat ranks first, the others tie behind it, and a game without winners ties everyone
(general-sum games may have winners on several teams). openskill's Plackett-Luce model rates
them. Games are rated in schedule order (game index, then pair index), so the result is
deterministic.

A late role (GameInfo.late_roles: a seat that takes the enemy over, say) is a team of its own
in the games where a seat played it, ranked first when it won; the seat's starting role still
counts, as a loss where the seat lost it. A game of one team (every seat shares one return,
e.g. a co-operative mode) and no late role is rated as that team against the game itself: a
fixed opponent at openskill's default rating that ranks first when the team loses and last
when it wins, so an agent rises by winning its games.

Two tables: one rating per agent (games with one agent on every seat are skipped: they say
nothing about one agent against another), and one per (agent, role), where a role is a
lineup position (experiments/lineup.py: e.g. `X as <role>` for each role) and
every game counts. An agent holding several seats of one team appears once per seat (openskill
needs distinct rating objects), and its new rating is the mean over those seats.

(agent, role) ratings compare agents within one role only (`ranked_within_roles`): a team's
strength is the sum of its seats' ratings, so where roles field teams of different sizes, the
smaller team's seats settle at a higher mu for the same record (one seat against a team of
three, each side winning half the games: the lone seat's mu near 38, the three's near 13).
Ranking one role's row above another role's would say nothing about either agent.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from importlib import metadata
from typing import Any

Rating = tuple[float, float]  # (mu, sigma)
Members = list[tuple[int, Hashable]]  # (team index, rating key) per player of one game


def team_ranks(winners: Sequence[str], seating: Mapping[str, Any]) -> list[float]:
    """Per team, 0 when one of its seats won (or nobody did), else 1."""
    won = set(winners)
    teams = seating["team_names"]
    if not won:
        return [0.0] * len(teams)
    ranks = [1.0] * len(teams)
    for seat, name in enumerate(seating["seat_names"]):
        if name in won:
            ranks[seating["seat_teams"][seat]] = 0.0
    return ranks


def ratings(
    records: Sequence[Mapping[str, Any]], names: Sequence[str], seating: Mapping[str, Any]
) -> dict[str, Any]:
    """OpenSkill Plackett-Luce ratings per agent and per (agent, role)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    places = seating["positions"]
    agent: dict[Hashable, Rating] = {a: (model.mu, model.sigma) for a in names}
    agent_games = dict.fromkeys(names, 0)
    role: dict[Hashable, Rating] = {
        (a, p["name"]): (model.mu, model.sigma) for a in names for p in places
    }
    role_games = dict.fromkeys(role, 0)
    for rec in sorted(records, key=lambda r: (r["game"], r["pair"])):
        teams_of, agents, places_of, ranks = _game_players(rec, seating)
        role_keys: list[Hashable] = list(zip(agents, places_of, strict=True))
        _rate(model, role, list(zip(teams_of, role_keys, strict=True)), ranks)
        for key in set(role_keys):
            role_games[key] += 1
        if len(set(agents)) > 1:
            _rate(model, agent, list(zip(teams_of, agents, strict=True)), ranks)
            for a in set(agents):
                agent_games[a] += 1
    return {
        "model": "openskill.models.PlackettLuce (default parameters)",
        "openskill_version": _openskill_version(),
        "teams": f"teams of seats [{_teams_text(seating)}], each seat a player rated as its "
        "(agent, role)",
        "ordinal": "mu - 3 * sigma",
        "agent": {a: _entry(agent[a], agent_games[a]) for a in names},
        "agent_role": {
            a: {p["name"]: _entry(role[(a, p["name"])], role_games[(a, p["name"])])
                for p in places}
            for a in names
        },
    }  # fmt: skip


def _game_players(
    rec: Mapping[str, Any], seating: Mapping[str, Any]
) -> tuple[list[int], list[str], list[str], list[float]]:
    """One game's players: per player its team index, agent and role (lineup position; a late
    role's player follows the seats as a team of its own), and the rank of every team."""
    position_of = {s: p["name"] for p in seating["positions"] for s in p["seats"]}
    seat_teams = seating["seat_teams"]
    num_teams = len(seating["team_names"])
    late = list(rec.get("late", ()))
    ranks = team_ranks(rec["winners"], seating)
    if num_teams == 1 or (not rec["winners"] and any(e["won"] for e in late)):
        ranks = [0.0 if rec["winners"] else 1.0] * num_teams
    ranks += [0.0 if e["won"] else 1.0 for e in late]  # each late role: a team of its own
    held = [rec["lineup"][position_of[s]] for s in range(len(seat_teams))]
    teams_of = list(seat_teams) + [num_teams + j for j in range(len(late))]
    agents = held + [rec["lineup"][e["role"]] for e in late]
    places_of = [position_of[s] for s in range(len(seat_teams))] + [e["role"] for e in late]
    return teams_of, agents, places_of, ranks


def _rate(model: Any, table: dict[Hashable, Rating], members: Members, ranks: list[float]) -> None:
    """Rates one game of (team, key) members, ranks per team, and writes the new ratings; a
    lone team plays the game itself (a fixed opponent, fresh every game, module doc)."""
    teams: list[list[Any]] = [[] for _ in ranks]
    holders: list[list[Hashable]] = [[] for _ in ranks]
    for team, key in members:
        mu, sigma = table[key]
        teams[team].append(model.rating(mu=mu, sigma=sigma))
        holders[team].append(key)
    if len(ranks) == 1:
        teams.append([model.rating()])
        ranks = [ranks[0], 1.0 - ranks[0]]
    new = model.rate(teams, ranks=ranks)[: len(holders)]
    seen: dict[Hashable, list[Any]] = {}
    for keys, players in zip(holders, new, strict=True):
        for key, player in zip(keys, players, strict=True):
            seen.setdefault(key, []).append(player)
    for key, players in seen.items():  # a key holding several seats: the mean of its ratings
        table[key] = (
            sum(p.mu for p in players) / len(players),
            sum(p.sigma for p in players) / len(players),
        )


def _entry(mu_sigma: Rating, games: int) -> dict[str, Any]:
    mu, sigma = mu_sigma
    return {"mu": _r(mu), "sigma": _r(sigma), "ordinal": _r(mu - 3 * sigma), "games": games}


def _openskill_version() -> str | None:
    try:
        return metadata.version("openskill")
    except metadata.PackageNotFoundError:  # pragma: no cover
        return None


def _teams_text(seating: Mapping[str, Any]) -> str:
    """The teams and their seats, as the ratings' description names them (e.g.
    `red: red_0; blue: blue_0, blue_1`)."""
    return "; ".join(
        f"{team}: " + ", ".join(
            n for n, t in zip(seating["seat_names"], seating["seat_teams"], strict=True) if t == k
        )
        for k, team in enumerate(seating["team_names"])
    )  # fmt: skip


def ranked_within_roles(
    agent_role: Mapping[str, Mapping[str, Mapping[str, Any]]],
) -> dict[str, list[tuple[str, Mapping[str, Any]]]]:
    """Per role (in the order the roles are listed), its (agent, entry) rows best first: by
    ordinal, then by agent name. Rows of different roles are never ranked together (module
    docstring)."""
    by_role: dict[str, list[tuple[str, Mapping[str, Any]]]] = {}
    for agent, roles in agent_role.items():
        for role, entry in roles.items():
            by_role.setdefault(role, []).append((agent, entry))
    return {
        role: sorted(rows, key=lambda row: (-row[1]["ordinal"], row[0]))
        for role, rows in by_role.items()
    }


def _r(x: float) -> float:
    return round(x, 6)
