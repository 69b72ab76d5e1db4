"""Rating values, checked against a hand-derived closed form and against openskill itself on
the teams the game declares; and per-role tables that never rank one role against another.

Weng & Lin (2011), Algorithm 4 (Plackett-Luce), as openskill implements it with its defaults
(mu 25, sigma 25/3, beta 25/6, tau 25/300 added to every sigma before a game, gamma = sigma/c).
"""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from openskill.models import PlackettLuce

from experiments.lineup import positions
from experiments.ratings import ranked_within_roles, ratings
from experiments.report import results_markdown
from nemesis_env import load_game

MU, SIGMA, BETA, TAU = 25.0, 25.0 / 3.0, 25.0 / 6.0, 25.0 / 300.0
HUNTED_3 = ["hunted_0", "hunted_1", "hunted_2"]


def seating(players: int, game: str = "not_alone", **params: Any) -> dict[str, Any]:
    info = load_game(game, players=players, **params).info
    return {
        "seat_names": list(info.seat_names),
        "seat_roles": list(info.seat_roles),
        "seat_teams": list(info.seat_teams),
        "team_names": list(info.team_names),
        "utility": info.utility.value,
        "positions": [p.as_dict() for p in positions(info)],
    }


def record(game: int, pair: int, creature: str, hunted: str, winners: list[str]) -> dict[str, Any]:
    lineup = {"creature": creature, "hunted": hunted}
    return {"game": game, "pair": pair, "lineup": lineup, "winners": winners, "length": 1}


# -- closed form ------------------------------------------------------------------------------
def one_win_closed_form() -> tuple[float, float, float]:
    """(winner's mu, loser's mu, both sigmas) after one game between two fresh players.

    With equal mu, each team's exp(mu/c) share is 1/2: the winner's Omega = s²/c · (1 − 1/2),
    the loser's = s²/c · (0 − 1/2) + s²/c · (1 − 1) = −s²/(2c); both Deltas = (s/c)·(s²/c²)·
    (1/2)(1/2), where s² = sigma² + tau² and c² = 2 (s² + beta²)."""
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (s2 + BETA**2))
    shift = s2 / (2 * c)
    delta = (math.sqrt(s2) / c) * (s2 / c**2) / 4
    return MU + shift, MU - shift, math.sqrt(s2 * (1 - delta))


def test_one_game_between_two_seats_matches_the_closed_form() -> None:
    """Two players (one Creature, one Hunted: two teams of one seat): after `a` beats `b` once,
    mu_a − 25 == 25 − mu_b, the sigmas are equal, and all three match the formulas."""
    won, lost, sigma = one_win_closed_form()
    assert won == pytest.approx(27.635389, abs=1e-6)  # 27.635231 without tau
    r = ratings([record(0, 0, "a", "b", ["creature"])], ["a", "b"], seating(2))
    a, b = r["agent"]["a"], r["agent"]["b"]
    assert a["mu"] == pytest.approx(won, abs=1e-6) and b["mu"] == pytest.approx(lost, abs=1e-6)
    assert a["mu"] - MU == pytest.approx(MU - b["mu"], abs=1e-6)
    assert a["sigma"] == pytest.approx(sigma, abs=1e-6) == b["sigma"]
    assert a["ordinal"] == pytest.approx(won - 3 * sigma, abs=1e-6)
    roles = r["agent_role"]
    assert roles["a"]["creature"]["mu"] == pytest.approx(won, abs=1e-6)
    assert roles["b"]["hunted"]["mu"] == pytest.approx(lost, abs=1e-6)
    assert roles["a"]["hunted"] == {"mu": MU, "sigma": round(SIGMA, 6), "ordinal": 0.0,
                                    "games": 0}  # fmt: skip


def test_the_hunted_winning_mirrors_the_creature_winning() -> None:
    """The same closed form with the ranks the other way round: the winners list decides."""
    won, lost, _ = one_win_closed_form()
    r = ratings([record(0, 0, "a", "b", ["hunted_0"])], ["a", "b"], seating(2))
    assert r["agent"]["b"]["mu"] == pytest.approx(won, abs=1e-6)
    assert r["agent"]["a"]["mu"] == pytest.approx(lost, abs=1e-6)


# -- against openskill on the declared teams --------------------------------------------------
def rate(model: PlackettLuce, teams: list[list[tuple[float, float]]], ranks: list[float]) -> Any:
    return model.rate([[model.rating(mu=m, sigma=s) for m, s in t] for t in teams], ranks=ranks)


def test_one_creature_against_three_hunted_matches_openskill() -> None:
    """Four players: the Creature is a team of one, the three Hunted a team of three (Not
    Alone's GameInfo). Games are rated in (game, pair) order; a game with one agent on every
    seat counts only for the (agent, role) table. Expected values: openskill's own `rate` on
    those teams, fed by hand."""
    records = [  # listed out of order on purpose
        record(1, 0, "a", "a", ["creature"]),
        record(0, 1, "a", "b", HUNTED_3),
        record(0, 0, "b", "a", ["creature"]),
    ]
    got = ratings(records, ["a", "b"], seating(4))
    model, fresh = PlackettLuce(), (MU, SIGMA)

    # per agent: (0, 0) b beats a,a,a; then (0, 1) b,b,b beat a; (1, 0) skipped (self-play)
    [[b1], [a1, *_]] = rate(model, [[fresh], [fresh] * 3], [0, 1])
    [[a2], [b2, *_]] = rate(model, [[(a1.mu, a1.sigma)], [(b1.mu, b1.sigma)] * 3], [1, 0])
    for agent, want in (("a", a2), ("b", b2)):
        assert got["agent"][agent]["mu"] == pytest.approx(want.mu, abs=1e-6)
        assert got["agent"][agent]["sigma"] == pytest.approx(want.sigma, abs=1e-6)
    assert got["agent"]["a"]["games"] == got["agent"]["b"]["games"] == 2

    # per (agent, role): every game counts, each role its own rating
    [[bc], [ah, *_]] = rate(model, [[fresh], [fresh] * 3], [0, 1])
    [[ac], [bh, *_]] = rate(model, [[fresh], [fresh] * 3], [1, 0])
    [[ac], [ah, *_]] = rate(model, [[(ac.mu, ac.sigma)], [(ah.mu, ah.sigma)] * 3], [0, 1])
    roles = got["agent_role"]
    for (agent, role), want in {("a", "creature"): ac, ("a", "hunted"): ah,
                                ("b", "creature"): bc, ("b", "hunted"): bh}.items():  # fmt: skip
        assert roles[agent][role]["mu"] == pytest.approx(want.mu, abs=1e-6), (agent, role)
        assert roles[agent][role]["sigma"] == pytest.approx(want.sigma, abs=1e-6)
    assert roles["a"]["creature"]["games"] == 2 and roles["b"]["hunted"]["games"] == 1


# -- per-role tables ----------------------------------------------------------------------------
def even_tournament() -> list[dict[str, Any]]:
    """Two agents, every lineup, each side winning every other game: a 50% record for every
    agent in every role."""
    records = []
    for game in range(20):
        for pair, (c, h) in enumerate([("a", "a"), ("a", "b"), ("b", "a"), ("b", "b")]):
            winners = ["creature"] if (game + pair) % 2 == 0 else HUNTED_3
            records.append(record(game, pair, c, h, winners))
    return records


def rating_tables(markdown: str) -> dict[str, list[list[str]]]:
    """Each `### ...` section's table rows (cells), by heading."""
    tables: dict[str, list[list[str]]] = {}
    heading = ""
    for line in markdown.splitlines():
        if line.startswith("### "):
            heading = line[4:]
            tables[heading] = []
        elif heading and re.match(r"\| \d+ \|", line):
            tables[heading].append([cell.strip() for cell in line.strip("|").split("|")])
    return tables


def test_at_a_fifty_percent_record_roles_are_never_ranked_together() -> None:
    """One Creature against three Hunted, every agent winning half its games in each role:
    the team sums put every Creature mu far above every Hunted mu (so one table across roles
    would rank all Creatures first for no merit). The report gives each role its own table,
    ranked from 1 within it."""
    seats = seating(4)
    rt = ratings(even_tournament(), ["a", "b"], seats)
    creature = [rt["agent_role"][a]["creature"]["mu"] for a in ("a", "b")]
    hunted = [rt["agent_role"][a]["hunted"]["mu"] for a in ("a", "b")]
    assert min(creature) > 35 and max(hunted) < 15  # the offset the per-role tables keep apart

    ranked = ranked_within_roles(rt["agent_role"])
    assert list(ranked) == ["creature", "hunted"]
    for role, rows in ranked.items():
        assert sorted(agent for agent, _ in rows) == ["a", "b"]
        assert [e["ordinal"] for _, e in rows] == sorted((e["ordinal"] for _, e in rows),
                                                         reverse=True), role  # fmt: skip

    results = {
        "agents": [{"name": n, "kind": "random", "omniscient": False} for n in ("a", "b")],
        "seating": seats, "game": "not_alone", "rules_version": "-", "game_params": {},
        "players": 4, "games_per_match": 20, "total_games": 80, "seed": 0,
        "crossplay": [], "win_rates": [], "ratings": rt,
    }  # fmt: skip
    tables = rating_tables(results_markdown(results))
    per_role = {h: rows for h, rows in tables.items() if h.startswith("Role ")}
    assert set(per_role) == {"Role creature (ranked within the role)",
                             "Role hunted (ranked within the role)"}  # fmt: skip
    for heading, rows in per_role.items():
        role = heading.split()[1]
        assert [row[0] for row in rows] == ["1", "2"]  # ranks restart in every role's table
        mus = {row[1]: float(row[2]) for row in rows}
        assert mus == {a: pytest.approx(rt["agent_role"][a][role]["mu"], abs=0.01)
                       for a in ("a", "b")}  # fmt: skip
    assert not any("creature" in h and "hunted" in h for h in tables)


def test_a_one_team_game_is_rated_against_the_game_itself() -> None:
    """Nemesis co-op: both seats are one team (GameInfo). Each game is that team against a
    fixed opponent at the default rating: a win raises the agent exactly as openskill rates a
    two-seat team beating one default player, a loss lowers it as the mirror image."""
    seats = seating(2, "nemesis", mode="coop")
    assert seats["team_names"] == ["crew"]
    games = [
        {"game": 0, "pair": 0, "lineup": {"crew": "good"}, "winners": ["player_0", "player_1"],
         "length": 1},
        {"game": 0, "pair": 1, "lineup": {"crew": "bad"}, "winners": [], "length": 1},
    ]  # fmt: skip
    r = ratings(games, ["good", "bad"], seats)
    model = PlackettLuce()
    won = model.rate([[model.rating(), model.rating()], [model.rating()]], ranks=[0, 1])[0]
    lost = model.rate([[model.rating(), model.rating()], [model.rating()]], ranks=[1, 0])[0]
    good, bad = r["agent_role"]["good"]["crew"], r["agent_role"]["bad"]["crew"]
    assert good["mu"] == pytest.approx(sum(p.mu for p in won) / 2, abs=1e-6)
    assert bad["mu"] == pytest.approx(sum(p.mu for p in lost) / 2, abs=1e-6)
    assert good["mu"] > MU > bad["mu"] and good["games"] == bad["games"] == 1
