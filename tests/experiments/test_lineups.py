"""Lineups, win rates and ratings for games of more than two roles, teams, several winners."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agents.play import GameResult, winners
from experiments import tournament
from experiments.config import TournamentConfig, config_from_dict
from experiments.lineup import is_focal, lineups, pair_index, positions
from experiments.ratings import ratings, team_ranks
from experiments.report import crossplay, win_rates
from experiments.tournament import run_tournament, schedule
from nemesis_env.core.game import GameInfo, UtilityKind


def info(
    roles: tuple[str, ...],
    teams: tuple[int, ...],
    team_names: tuple[str, ...],
    names: tuple[str, ...],
    utility: UtilityKind = UtilityKind.TEAM,
) -> GameInfo:
    return GameInfo(
        name="toy", num_players=len(roles), num_actions=2, max_chance_outcomes=1,
        max_game_length=10, min_utility=-1.0, max_utility=1.0, rules_version="toy-1",
        seat_names=names, seat_roles=roles, seat_teams=teams, team_names=team_names,
        utility=utility,
    )  # fmt: skip


# an expedition (a leader and two scouts) against a raider: three roles, two teams
EXPEDITION = info(
    ("leader", "scout", "scout", "raider"),
    (0, 0, 0, 1),
    ("expedition", "raiders"),
    ("leader", "scout_0", "scout_1", "raider"),
)
# three rivals of one role, each its own team, several of whom may win
RIVALS = info(
    ("player", "player", "player"),
    (0, 1, 2),
    ("red", "green", "blue"),
    ("red", "green", "blue"),
    UtilityKind.GENERAL_SUM,
)


def seating(game_info: GameInfo) -> dict[str, Any]:
    return {
        "seat_names": list(game_info.seat_names),
        "seat_roles": list(game_info.seat_roles),
        "seat_teams": list(game_info.seat_teams),
        "team_names": list(game_info.team_names),
        "utility": game_info.utility.value,
        "positions": [p.as_dict() for p in positions(game_info)],
    }


def test_positions_are_roles_split_where_a_role_spans_teams() -> None:
    assert [(p.name, p.seats) for p in positions(EXPEDITION)] == [
        ("leader", (0,)),
        ("scout", (1, 2)),
        ("raider", (3,)),
    ]
    assert [(p.name, p.role, p.team) for p in positions(RIVALS)] == [
        ("red", "player", 0),
        ("green", "player", 1),
        ("blue", "player", 2),
    ]
    mixed = info(("a", "a", "a"), (0, 0, 1), ("x", "y"), ("s0", "s1", "s2"))
    assert [p.name for p in positions(mixed)] == ["a@x", "s2"]


def test_lineup_schemes_over_three_roles() -> None:
    focal = lineups(3, 3, "focal")
    assert len(focal) == 3 + 3 * 3 * 2  # all-same, and one focal role of 3 against 2 others
    assert all(is_focal(lineup) for lineup in focal)
    assert (0, 1, 2) not in focal and (0, 1, 2) in lineups(3, 3, "all")
    assert len(lineups(3, 3, "all")) == 27
    assert [pair_index(lineup, 3) for lineup in focal] == sorted(
        pair_index(lineup, 3) for lineup in focal
    )
    assert pair_index((1, 2), 4) == 1 * 4 + 2  # two roles: pair i * n + j, as before
    assert lineups(2, 2, "focal") == [(0, 0), (0, 1), (1, 0), (1, 1)]
    with pytest.raises(ValueError, match="'focal' or 'all'"):
        lineups(2, 2, "some")


def test_winners_may_be_several_or_none() -> None:
    assert winners((1.0, -1.0, -1.0)) == (0,)
    assert winners((-1.0, 1.0, 1.0)) == (1, 2)
    assert winners((0.0, 0.0)) == ()  # a draw
    assert winners((-1.0, -1.0, -1.0)) == ()  # everyone lost alike
    assert winners((0.0, -1.0, -1.0)) == (0,)  # no positive return: the top one wins
    assert winners((3.0, 5.0, 5.0)) == (0, 1, 2)  # scores: every positive return wins


class ToyGame:
    """Stands in for a registered game: the tournament reads only its GameInfo."""

    params = None

    def __init__(self, game_info: GameInfo) -> None:
        self.info = game_info


def toy_config(out: Path, names: list[str], **over: Any) -> TournamentConfig:
    doc: dict[str, Any] = {
        "game": "not_alone",
        "players": 4,
        "agents": [{"name": n, "kind": "random"} for n in names],
        "games_per_match": 2,
        "seed": 3,
        "out_dir": str(out),
        "self_play_games": 1,
    }
    doc.update(over)
    return config_from_dict(TournamentConfig, doc)


def test_tournament_over_three_roles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every seat of a role holds that role's agent; the team with more strong seats wins."""

    def rigged(game: Any, agents: Any, chance_rng: Any, agent_rngs: Any, **_: Any) -> GameResult:
        strong = [a.name == "strong" for a in agents]
        expedition = sum(strong[:3]) * 1.0 > strong[3] * 1.5
        r = 1.0 if expedition else -1.0
        return GameResult((r, r, r, -r), 1, ())

    monkeypatch.setattr(tournament, "make_game", lambda config: ToyGame(EXPEDITION))
    monkeypatch.setattr(tournament, "play_game", rigged)
    cfg = toy_config(tmp_path / "run", ["weak", "strong", "idle"])
    jobs = schedule(cfg, ToyGame(EXPEDITION))
    assert len({j.lineup for j in jobs}) == 21
    result = run_tournament(cfg, progress=False)
    games = result.games
    assert all(set(g["lineup"]) == {"leader", "scout", "raider"} for g in games)
    one = next(g for g in games if g["lineup"] == {"leader": "strong", "scout": "strong",
                                                    "raider": "weak"})  # fmt: skip
    assert one["winners"] == ["leader", "scout_0", "scout_1"]
    assert one["pair"] == pair_index((1, 1, 0), 3)
    results = result.results
    assert [m["role"] for m in results["crossplay"]] == ["leader", "scout", "raider"]
    leader = result.crossplay["leader"]
    assert leader["against"] == ["scout", "raider"]
    i, j = leader["rows"].index("strong"), leader["cols"].index("weak")
    assert leader["win_rate"][i][j] == 1.0 and leader["n"][i][j] == 2
    rows = {(r["agent"], r["role"]): r for r in results["win_rates"]}
    assert {role for _, role in rows} == {"leader", "scout", "raider", "scout_0", "scout_1"}
    assert rows[("strong", "scout_0")]["wins"] == rows[("strong", "scout")]["wins"]
    rt = results["ratings"]
    assert "expedition: leader, scout_0, scout_1; raiders: raider" in rt["teams"]
    assert rt["agent"]["strong"]["ordinal"] > rt["agent"]["weak"]["ordinal"]
    assert (
        rt["agent_role"]["strong"]["raider"]["ordinal"]
        > rt["agent_role"]["idle"]["raider"]["ordinal"]
    )
    md = (result.run_dir / "results.md").read_text()
    assert "## Cross-play: scout win rate" in md and "leader: leader; scout: scout_0" in md


def test_team_aware_ratings_with_several_winners() -> None:
    seats = seating(RIVALS)
    assert team_ranks(["red", "blue"], seats) == [0.0, 1.0, 0.0]
    assert team_ranks([], seats) == [0.0, 0.0, 0.0]
    records = []
    lineups_ = [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for g in range(8):
        for pair, lineup in enumerate(lineups_):
            # `a` always wins, and `b` wins beside it: general-sum, two winners a game
            won = [name for name, agent in zip(seats["seat_names"], lineup, strict=True)
                   if agent in ("a", "b")]  # fmt: skip
            order = dict(zip(seats["seat_names"], lineup, strict=True))
            records.append({"pair": pair, "game": g, "length": 1, "winners": won, "lineup": order})
    r = ratings(records, ["a", "b", "c"], seats)
    assert r["agent"]["a"]["ordinal"] > r["agent"]["c"]["ordinal"]
    assert r["agent"]["b"]["ordinal"] > r["agent"]["c"]["ordinal"]
    assert r["agent"]["a"]["mu"] == pytest.approx(r["agent"]["b"]["mu"])  # tied every game
    assert r["agent"]["a"]["games"] == 24
    assert r["agent_role"]["a"]["red"]["games"] == 8
    rates = {(w["agent"], w["role"]): w for w in win_rates(records, ["a", "b", "c"], seats)}
    assert rates[("a", "red")]["win_rate"] == rates[("b", "green")]["win_rate"] == 1.0
    assert rates[("c", "blue")]["win_rate"] == 0.0
    # the focal scheme's matrices read only lineups with one background agent: none here
    assert all(n == 0 for m in crossplay(records, ["a", "b", "c"], seats) for row in m["n"]
               for n in row)  # fmt: skip
