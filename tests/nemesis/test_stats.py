"""agents/games/nemesis/stats.py: the acceptance figures (how games end, victory-check kills,
survival and win rates) count what the rules recorded."""

from __future__ import annotations

import pytest

from agents.games.nemesis import stats
from agents.games.nemesis.value import NemesisValue
from nemesis_env.games.nemesis.rules import ending
from nemesis_env.games.nemesis.state import ev
from tests.nemesis.helpers import play_to_round


def test_each_end_reason_is_classified() -> None:
    s = play_to_round(2)
    s.end_reason = ending.HYPERSPACE_JUMP
    assert stats.ending(s) == "time track ran out"
    s.end_reason = ending.NOBODY_LEFT
    assert stats.ending(s) == "nobody left aboard"
    s.end_reason = "a 9th fire marker"
    assert stats.ending(s) == "ship destroyed"


def test_victory_check_kills_count_only_deaths_after_the_end_began() -> None:
    s = play_to_round(3)
    s.events = []
    s.log(ev("death", 0, (("cause", "engines exploded"), ("room", -1))))  # before: not counted
    s.log(ev("jump", -1, ()))
    s.log(ev("death", 1, (("cause", "engines exploded"), ("room", -1))))
    s.log(ev("death", 2, (("cause", "the ship jumped to mars"), ("room", -1))))
    s.log(ev("final_draw", 0, (("dies", 1),)))
    s.log(ev("final_draw", 1, (("dies", 0),)))
    assert stats.victory_check_kills(s) == {"engines": 1, "coordinates": 1, "contamination": 1}


def test_a_tally_of_random_games_adds_up() -> None:
    tally = stats.tally_games(2, ["random", "random"], games=3)
    report = tally.report()
    assert report["games"] == 3 and sum(report["endings"].values()) == 3
    assert report["rates"]["random"]["seats"] == 6
    assert 0 <= report["rates"]["random"]["win"] <= report["rates"]["random"]["survival"] <= 1
    assert report["decisions_per_game"] > 0


def test_co_op_reports_each_dealt_card_and_standard_reports_none() -> None:
    """Co-op deals one Solo/Co-op card per player (§18.2): over 3 two-player games 6 cards are
    dealt, none held more often than dealt; a standard game has no co-op figures."""
    report = stats.tally_games(2, ["heuristic"] * 2, games=3, mode="coop").report()
    cards = report["coop_cards"]
    assert sum(c["dealt"] for c in cards.values()) == 6
    assert all(0 <= c["held"] <= c["dealt"] for c in cards.values())
    assert 0 <= report["coop_all_cards_held"] <= 3
    standard = stats.tally_games(2, ["random"] * 2, games=1).report()
    assert standard["coop_cards"] == {} and standard["coop_all_cards_held"] == 0


def test_the_command_refuses_an_unknown_agent() -> None:
    with pytest.raises(SystemExit):
        stats.main(["--crew", "wizard", "--games", "1"])
    with pytest.raises(ValueError, match="random, heuristic, ppo:CHECKPOINT or ismcts:N"):
        stats.make_agent(stats.NemesisGame(players=2), "wizard", 0)


def test_params_are_read_as_yaml_and_bad_ones_are_named() -> None:
    assert stats.parse_params(["intruder_player=true", "max_rounds=40"]) == {
        "intruder_player": True, "max_rounds": 40}  # fmt: skip
    with pytest.raises(ValueError, match="KEY=VALUE"):
        stats.parse_params(["intruder_player"])
    with pytest.raises(ValueError, match="use --mode"):
        stats.parse_params(["mode=coop"])
    with pytest.raises(SystemExit):
        stats.main(["--param", "colour=blue", "--games", "1"])


def test_the_report_gives_wilson_intervals_over_seats_and_over_games() -> None:
    """1 success in 4 has the Wilson 95% interval [0.0456, 0.6994] (computed by hand from
    Wilson 1927's formula with z = 1.96); the games with a winner are counted over games (a
    co-op crew's shared win once), not over seats."""
    tally = stats.Tally(games=4, games_with_a_winner=1)
    tally.seats["heuristic"], tally.survived["heuristic"], tally.won["heuristic"] = 4, 1, 0
    report = tally.report()
    low, high = report["games_with_a_winner_ci95"]
    assert low == pytest.approx(0.0456, abs=1e-4) and high == pytest.approx(0.6994, abs=1e-4)
    assert report["rates"]["heuristic"]["survival_ci95"] == pytest.approx([low, high])
    assert report["rates"]["heuristic"]["win_ci95"][0] == 0.0


@pytest.mark.parametrize(
    "name",
    [
        "ismcts",
        "ismcts:0",
        "ismcts:x",
        "ismcts:-3",
        "ismcts:3:x",
        "ismcts:3:-1",
        "ismcts:3:1:0",
        "ismcts:3:1:x",
        "ismcts:3:1:1:1",
    ],
)
def test_a_search_crew_member_needs_a_positive_iteration_count(name: str) -> None:
    with pytest.raises(ValueError, match="ismcts:N"):
        stats.make_agent(stats.NemesisGame(players=2), name, 0)


def test_an_ismcts_seat_plays_a_game_among_heuristic_mates() -> None:
    """`--crew ismcts:N,heuristic`: the search seat is built with N iterations and the seat's
    heuristic as its prior, plays a whole legal game, and is tallied under its own name."""
    agent = stats.make_agent(stats.NemesisGame(players=2), "ismcts:3", 0)
    assert getattr(agent, "iterations", None) == 3 and getattr(agent, "prior", None) is not None
    report = stats.tally_games(2, ["ismcts:3", "heuristic"], games=1).report()
    assert report["rates"]["ismcts:3"]["seats"] == 1 and report["rates"]["heuristic"]["seats"] == 1


def test_a_search_seat_with_the_fitted_value_stops_its_rollouts_turns_on() -> None:
    """`ismcts:N:T`: the kit's fitted value ends each rollout T turns on (4 players, the fitted
    params); a game with no fitted value is refused by name."""
    game = stats.NemesisGame(players=4)
    agent = stats.make_agent(game, "ismcts:3:2", 0)
    leaf = getattr(agent, "leaf_value", None)
    assert isinstance(leaf, NemesisValue) and leaf.turns == 2
    assert getattr(stats.make_agent(game, "ismcts:3", 0), "leaf_value", "x") is None
    assert getattr(agent, "prior_weight", None) == stats.ISMCTS_PRIOR_WEIGHT == 4.0
    light = stats.make_agent(game, "ismcts:3::0.25", 0)  # the prior's weight, no value
    assert getattr(light, "prior_weight", None) == 0.25 and getattr(light, "leaf_value", 1) is None
    with pytest.raises(ValueError, match="no fitted Nemesis value for '2 coop'"):
        stats.make_agent(stats.NemesisGame(players=2, mode="coop"), "ismcts:3:1", 0)
    crew = stats.crew_names("ismcts:3:1,heuristic", 4)
    report = stats.tally_games(4, crew, games=1).report()
    assert report["rates"]["ismcts:3:1"]["seats"] == 2


def test_the_report_gives_each_seat_its_own_rates() -> None:
    """One seat's agent among fixed mates is compared seat by seat: 1 survivor in 4 games in
    seat 0 is 0.25 with the interval [0.0456, 0.6994] (Wilson, as above)."""
    tally = stats.Tally(games=4, players=2)
    tally.seat_survived[0], tally.seat_won[1] = 1, 2
    seat_rates = tally.report()["seat_rates"]
    assert [r["survival"] for r in seat_rates] == [0.25, 0.0]
    assert [r["win"] for r in seat_rates] == [0.0, 0.5]
    assert seat_rates[0]["survival_ci95"] == pytest.approx([0.0456, 0.6994], abs=1e-4)


def test_search_params_reach_the_search_seats_and_bad_ones_are_named() -> None:
    assert stats.search_params(["first_play=parent", "prior_even=0.25"]) == {
        "first_play": "parent", "prior_even": 0.25}  # fmt: skip
    agent = stats.make_agent(stats.NemesisGame(players=2), "ismcts:3", 0, {"prior_even": 0.5})
    assert getattr(agent, "prior_even", None) == 0.5
    with pytest.raises(ValueError, match="--search takes KEY=VALUE with KEY one of"):
        stats.search_params(["colour=blue"])
    with pytest.raises(SystemExit):
        stats.main(["--crew", "ismcts:2", "--games", "1", "--search", "first_play=mean"])
