"""The rollout policy-improvement probe (agents/search/headroom.py), on Toy Raid (tests/toy_game).

Toy Raid scores the values a team played and looted, the Hunter's doubled; cards left in hand
score nothing. So a Hunter who plays its 2 where it holds a 3 gives away points: the probe must
find the 3, measure a gain, and never a loss on worlds where the two plays are compared paired.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from agents.base import Agent, AgentContext, RandomAgent
from agents.search.headroom import (
    PairedRollouts,
    Probe,
    ProbeSettings,
    heuristic_factory,
    main,
    probe_decision,
    probe_games,
    report,
)
from nemesis_env.envs.registry import load_game
from nemesis_env.scenario import load

# Round 0 of a one-round, three-seat game, the Hunter to play from [2, 3]; each Scout holds one
# card. The Hunter does not see the Scouts' hands: the probe samples them.
FIRST_PLAY = {
    "game": "toy_raid",
    "params": {"players": 3, "rounds": 1},
    "round": 0,
    "turn": "hunter",
    "hands": {"hunter": [2, 3], "scout_0": [2], "scout_1": [2]},
}


class LowestCard:
    """Plays its lowest card: a Toy Raid seat that gives points away."""

    omniscient = False
    name = "lowest"

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        return min(ctx.legal_actions())  # play ids are ordered by value (tests/toy_game/rules)


def _probe(doc: dict[str, Any], settings: ProbeSettings, seed: int = 0) -> Probe:
    game = load_game("toy_raid", **doc["params"])
    state = load(doc)
    heuristic = heuristic_factory(game)

    def agents() -> list[Agent]:
        return [LowestCard(), heuristic(game, 1), heuristic(game, 2)]

    legal = state.legal_actions()
    return probe_decision(game, game.view_for(state, 0), legal, 0, "hunter", min(legal), agents,
                          settings, np.random.default_rng(seed))  # fmt: skip


def test_the_probe_finds_the_dominating_play_and_measures_it_paired() -> None:
    # Paired, playing the 3 instead of the 2 adds 2 doubled points to the Hunter and at most 1
    # to the Scouts (a raid takes the Hunter's lowest card, min(3, d) instead of min(2, d)), so no
    # world may score it lower: every fresh difference is >= 0, and some are > 0.
    p = _probe(FIRST_PLAY, ProbeSettings("hunter", 0, select_worlds=8, eval_worlds=32))
    assert (p.baseline_move, p.selected_move) == ("play:v2", "play:v3")
    assert len(p.fresh) == 32 and min(p.fresh) >= 0 and p.gain > 0
    assert p.selected_mean > p.baseline_mean


def test_rollouts_of_one_world_share_their_randomness() -> None:
    # Uniform players over three rounds: the same move twice from one world must score the
    # same (common random numbers), while worlds differ from one another.
    doc = {**FIRST_PLAY, "params": {"players": 3, "rounds": 3}}
    game = load_game("toy_raid", players=3, rounds=3)
    state = load(doc)
    rollouts = PairedRollouts(game, game.view_for(state, 0), 0, "hunter",
                              lambda: [RandomAgent() for _ in range(3)])  # fmt: skip
    rng = np.random.default_rng(1)
    move = state.legal_actions()[0]
    pairs = [rollouts.values([move, move], rng) for _ in range(30)]
    assert all(a == b for a, b in pairs)
    assert len({a for a, _ in pairs}) > 1


def test_the_probe_reads_the_view_only() -> None:
    # The Scouts' hands are hidden from the Hunter: other hands, the same View, the same probe
    other = {**FIRST_PLAY, "hands": {"hunter": [2, 3], "scout_0": [1], "scout_1": [4]}}
    settings = ProbeSettings("hunter", 0, select_worlds=4, eval_worlds=8)
    assert _probe(FIRST_PLAY, settings, seed=5) == _probe(other, settings, seed=5)


def test_the_baseline_keeps_its_move_where_every_world_ties() -> None:
    # The Hunter has already played three 4s (24 points): two Scout plays (at most 4 + 3, plus
    # a looted card) cannot catch up, so both plays win in every world and the probe must keep
    # the baseline's move without a fresh evaluation.
    doc = {**FIRST_PLAY, "played": {"hunter": [4, 4, 4]}}
    p = _probe(doc, ProbeSettings("hunter", 0, select_worlds=6, eval_worlds=8))
    assert p.selected_move == p.baseline_move == "play:v2"
    assert p.baseline_mean == p.selected_mean == 1.0
    assert p.fresh == () and p.gain == 0.0 and p.gain_variance == 0.0


def test_a_random_baseline_has_headroom_and_results_do_not_depend_on_workers() -> None:
    settings = ProbeSettings("hunter", None, select_worlds=4, eval_worlds=8)
    one = probe_games("toy_raid", {}, settings, games=12, first_seed=3, baseline="random")
    two = probe_games("toy_raid", {}, settings, games=12, first_seed=3, baseline="random",
                      workers=2)  # fmt: skip
    assert one == two
    r = report(one, 12, settings)
    # a uniform Hunter often plays a 1 or a 2 where it holds a 4: improvable by far
    assert r["changed"] > 0 and r["fresh_gain"] > 3 * r["fresh_gain_se"] > 0


def test_only_the_named_seat_is_probed() -> None:
    settings = ProbeSettings("scout", seat=2, select_worlds=1, eval_worlds=1, stride=2)
    probes = probe_games("toy_raid", {"players": 4}, settings, games=3)
    assert probes and {p.seat for p in probes} == {2}
    assert all(p.decision % 2 == 0 for p in probes)  # every other decision of the seat


def test_nemesis_intruder_seat_decisions_only() -> None:
    # The intruder player (a late role): only the seat that took the Intruders over is probed,
    # and only its intruder-player decisions, counted from its first.
    settings = ProbeSettings("intruder", select_worlds=1, eval_worlds=1)
    probes = probe_games("nemesis", {"players": 4, "intruder_player": True}, settings, 1, 60000)
    assert probes and len({p.seat for p in probes}) == 1
    assert [p.decision for p in probes] == list(range(len(probes)))
    intruder_moves = {"intruder", "ip_attack", "ip_attack_card", "ip_effect", "ip_move",
                      "ip_event", "ip_card", "corridor", "seat", "pass"}  # fmt: skip
    assert {p.baseline_move.split(":")[0] for p in probes} <= intruder_moves


def test_report_arithmetic() -> None:
    probes = [
        Probe(0, 0, 0, 3, "play:v1", "play:v4", 0.0, 0.75, (1.0, 0.0, 1.0, 0.0)),
        Probe(0, 0, 2, 2, "target:1", "target:1", 0.25, 0.25),
        Probe(1, 0, 0, 2, "play:v2", "play:v3", -0.5, 0.0, (0.0, -1.0)),
    ]
    r = report(probes, games=2, settings=ProbeSettings("hunter", stride=3))
    # gains 0.5, 0, -0.5; variances of the means: (1/3)/4 and (1/2)/2
    assert (r["probed"], r["changed"]) == (3, 2)
    assert r["fresh_gain"] == pytest.approx(0.0)
    assert r["fresh_gain_se"] == pytest.approx((1 / 12 + 1 / 4) ** 0.5)
    assert r["selection_gain"] == pytest.approx(1.25)
    assert r["per_game_gain_se"] == pytest.approx((1 / 12 + 1 / 4) ** 0.5 * 3 / 2)
    assert r["by_move"]["play"] == {"probed": 2, "changed": 2, "selection_gain": 1.25,
                                    "fresh_gain": 0.0}  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--role", "intruder"], "unknown role 'intruder'"),
        (["--role", "hunter", "--games", "0"], "games and workers must be at least 1"),
        (["--role", "hunter", "--select", "0"], "select_worlds, eval_worlds and stride"),
        (["--role", "hunter", "--param", "players"], "--param takes KEY=VALUE"),
        (["--role", "hunter", "--param", "players=9"], "players"),
        (["--role", "hunter", "--baseline", "oracle"], "baseline must be 'heuristic' or 'random'"),
        (["--role", "hunter", "--seat", "7"], "seat must be in 0..2"),
    ],
)
def test_bad_input_is_refused_before_any_game(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--game", "toy_raid", *argv])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_an_unknown_game_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--game", "chess", "--role", "white"])
    assert "unknown game 'chess'" in capsys.readouterr().err


def test_the_command_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--game", "toy_raid", "--role", "scout", "--games", "2", "--select", "2", "--eval",
          "2", "--json", "--detail"])  # fmt: skip
    r = json.loads(capsys.readouterr().out)
    assert r["probed"] == len(r["probes"]) > 0
    assert r["fresh_gain"] == pytest.approx(sum(p["gain"] for p in r["probes"]))
    assert {p["seat"] for p in r["probes"]} <= {1, 2}  # the Scouts
