"""The fitted Nemesis value (agents/games/nemesis/value.py): its features read the position as
the rules define it, it values the dead and finished games exactly, it is refused for games it
was not fitted for, and the shipped fit predicts winners better than the base rate."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext
from agents.games.nemesis import KIT, heuristic_agent
from agents.games.nemesis.lookup import lookup_for
from agents.games.nemesis.value import (
    FEATURES,
    NemesisValue,
    features,
    fit_key,
    load_value,
    read_fits,
)
from agents.games.nemesis.value_fit import fit_value
from agents.games.nemesis.value_fit import main as value_fit_main
from nemesis_env import load_game
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.nemesis.character import ACTIVE, DEAD

F = {name: i for i, name in enumerate(FEATURES)}


def mid_game(game: Any, seed: int = 3, time_left: int = 12) -> Any:
    """A heuristic game played until the time track shows `time_left`, at a player decision."""
    state = game.new_initial_state(log_events=False)
    rng = np.random.default_rng(seed)
    agents = [heuristic_agent(game, seat) for seat in range(game.info.num_players)]
    obs = np.zeros(0, dtype=np.float32)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        if state.time <= time_left:
            return state
        mask = np.zeros(game.info.num_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        ctx = AgentContext(seat, obs, mask, game.view_for(state, seat), game)
        state.apply_action(agents[seat].act(ctx, rng))
    raise AssertionError("the game ended before the time asked for")


@pytest.fixture(scope="module")
def game() -> Any:
    return load_game("nemesis", players=4)


@pytest.fixture(scope="module")
def state(game: Any) -> Any:
    return mid_game(game)


def active_seat(state: Any) -> int:
    return next(s for s, c in enumerate(state.chars) if c.status == ACTIVE)


def test_features_read_the_body_and_the_room(game: Any, state: Any) -> None:
    """Each feature is what the rules call it: the wound track (§ wounds), Intruders in the
    character's room and one corridor away, the ship's fires (nemesis-reference §9, §11)."""
    seat = active_seat(state)
    s = state.clone()
    c = s.chars[seat]
    lk = lookup_for(game)
    c.light_wounds, c.serious, c.larva = 2, [5, ~7], True
    s.intruder_room = [c.room, c.room] + [-1] * (len(s.intruder_room) - 2)
    neighbour = next(r for r in range(len(lk.dist)) if lk.dist[c.room][r] == 1)
    s.intruder_room[2] = neighbour
    s.fire = [False] * len(s.fire)
    s.fire[0] = s.fire[3] = True
    x = features(s, seat)
    assert x[F["light_wounds"]] == 2 and x[F["serious_wounds"]] == 2
    assert x[F["undressed_wounds"]] == 1  # a dressed wound is stored as ~card
    assert x[F["larva"]] == 1
    assert x[F["intruders_here"]] == 2 and x[F["intruders_near"]] == 1
    assert x[F["intruders_on_board"]] == 3
    assert x[F["fires"]] == 2
    assert x[F["way_out"]] == lk.dist[c.room][lk.hibernatorium]
    assert x[F["turns_left"]] == s.time == 12


def test_the_dead_are_worth_nothing_and_an_ended_game_its_returns(game: Any, state: Any) -> None:
    value = load_value(game)
    seat = active_seat(state)
    s = state.clone()
    assert 0.0 < value.value(s)[seat] < 1.0
    s.chars[seat].status = DEAD
    assert value.value(s)[seat] == 0.0
    s.terminal = True
    s.winners = [False, True, False, False]
    assert value.value(s) == s.returns() == (0.0, 1.0, 0.0, 0.0)


def test_the_fit_learned_what_the_rules_make_likely(game: Any, state: Any) -> None:
    """Serious wounds, an Intruder in the room and the self-destruct sequence make a win less
    likely; a met objective makes it more likely (a winner survives with it met, seed 000)."""
    value = load_value(game)
    seat = active_seat(state)
    base = value.win_probability(state, seat)
    for change, lower in (
        (lambda s, c: c.serious.extend([1, 2]), True),
        (lambda s, c: s.intruder_room.__setitem__(0, c.room), True),
        (lambda s, c: setattr(s, "self_destruct", 2), True),
    ):
        s = state.clone()
        change(s, s.chars[seat])
        assert (value.win_probability(s, seat) < base) == lower
    weights = dict(zip(FEATURES, value.weights, strict=True))
    assert weights["objective_met"] > 0 and weights["escaped"] > 0


def test_the_horizon_counts_turns_on_the_time_track(game: Any, state: Any) -> None:
    value = NemesisValue(load_value(game).weights, turns=2)
    mark = value.mark(state)
    assert mark == state.time - 2
    later = state.clone()
    later.time = state.time - 1
    assert not value.reached(later, mark)
    later.time = state.time - 2
    assert value.reached(later, mark)


def test_the_intruder_seat_is_worth_no_character_winning() -> None:
    game = load_game("nemesis", players=4)
    value = load_value(game)
    s = mid_game(game)
    crew = [value.win_probability(s, seat) for seat in range(4)]
    ip = type("IP", (), {"active": True, "seat": 1})()
    s.ip = ip
    values = value.value(s)
    assert values[1] == pytest.approx(np.prod([1 - crew[k] for k in (0, 2, 3)]))


@pytest.mark.parametrize(
    ("params", "message"),
    [({"players": 1, "mode": "solo"}, "no fitted Nemesis value for '1 solo'"),
     ({"players": 4, "mode": "coop"}, "no fitted Nemesis value for '4 coop'"),
     ({"players": 3, "intruder_player": True},
      "'3 standard intruder_player=true'.*--mode standard --param intruder_player=true")],
)  # fmt: skip
def test_a_game_it_was_not_fitted_for_is_refused(params: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_value(load_game("nemesis", **params))


def test_the_kit_serves_it_and_other_games_are_refused(game: Any) -> None:
    assert KIT.leaf_value is not None and KIT.shaping is not None
    assert isinstance(KIT.leaf_value(game, 1), NemesisValue)
    with pytest.raises(ValueError, match="for Nemesis, not 'not_alone'"):
        load_value(load_game("not_alone", players=3))
    with pytest.raises(ValueError, match="needs 23 weights"):
        NemesisValue((0.0,) * 3)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_shipped_fit_beats_the_base_rate_and_names_its_origin(players: int) -> None:
    game = load_game("nemesis", players=players)
    fit = read_fits()[f"{players} standard"]
    assert fit["rules_version"] == game.info.rules_version
    assert fit["params"] == game.params.to_dict() and fit["features"] == list(FEATURES)
    held_out = fit["held_out"]
    assert held_out["log_loss"] < 0.95 * held_out["constant_log_loss"]
    assert held_out["samples"] > 5_000


def test_the_fit_is_a_function_of_its_arguments() -> None:
    one = fit_value(4, "standard", games=5, seed=11)
    two = fit_value(4, "standard", games=5, seed=11)
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    other = fit_value(4, "standard", games=5, seed=12)
    assert other["weights"] != one["weights"]
    with pytest.raises(ValueError, match="games must be >= 5"):
        fit_value(4, "standard", games=4, seed=0)


def test_a_value_for_other_rules_is_refused(game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    fits = read_fits()
    stale = {"4 standard": {**fits["4 standard"], "rules_version": "nemesis-old"}}
    monkeypatch.setattr("agents.games.nemesis.value.read_fits", lambda: stale)
    with pytest.raises(ValueError, match="is for rules nemesis-old"):
        load_value(game)


def test_the_fit_command_answers_bad_arguments_in_one_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "fits.json"
    for argv, message in ((["--games", "2"], "games must be >= 5"),
                          (["--players", "9"], "players must be an integer in 2..5")):  # fmt: skip
        with pytest.raises(SystemExit) as stop:
            value_fit_main(["--players", "4", *argv, "--out", str(out)])
        assert stop.value.code == 2 and message in capsys.readouterr().err
    with pytest.raises(SystemExit):
        value_fit_main(["--players", "4", "--param", "mode=coop", "--out", str(out)])
    assert "--param takes KEY=VALUE" in capsys.readouterr().err
    assert not out.exists()  # nothing written


def test_fits_are_keyed_by_every_param_off_its_default() -> None:
    assert fit_key(load_game("nemesis", players=4).params) == "4 standard"
    assert fit_key(load_game("nemesis", players=2, mode="coop").params) == "2 coop"
    key = fit_key(load_game("nemesis", players=3, board_side="alternate", max_rounds=90).params)
    assert key == "3 standard board_side=alternate max_rounds=90"
