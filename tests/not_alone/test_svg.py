"""The SVG board of Not Alone (nemesis_env/games/not_alone/svg.py, NotAloneGame.render_svg).

States come from whole random games (tests/games.py) cut at many points, for 2, 4 and 7
players; every seat and the spectator draw each one. Expected values come from the seat's view
and the rules (shared/rules/not-alone-reference.md A.2-A.3), read back from the SVG through its
stable ids, classes and data-* attributes; the hidden-information tests compare drawings of
worlds sampled from a seat's view, and look for hand card names where they must not be.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest

from nemesis_env.core.game import Game
from nemesis_env.games.not_alone import svg_parts
from nemesis_env.games.not_alone.defs import load_data
from nemesis_env.games.not_alone.render import seat_name
from nemesis_env.games.not_alone.rules.kinds import DECISION_NAMES, STAGE_NAMES
from nemesis_env.games.not_alone.state import FLAG_NAMES
from nemesis_env.games.not_alone.svg import board_svg
from tests import games

SVG = "{http://www.w3.org/2000/svg}"
PLAYERS = (2, 4, 7)
SEEDS = (0, 1)
DATA = load_data()
# The rules, written out here rather than read from data/board.yaml (reference A.2-A.3).
ROWS = ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))
ARTEMIA_SQUARES = {0: set(), 1: {1, 2, 3, 4, 5, 6}, 2: {1, 3, 5, 7, 9, 11}}
BEACH = 4


def _game(players: int) -> Any:
    return games.game("not_alone", {"players": players})


@functools.cache
def _states(players: int) -> tuple[Any, ...]:
    """The start, every eighth step and the end of a few random games."""
    game, out = _game(players), []
    for seed in SEEDS:
        history = games.history("not_alone", {"players": players}, seed)
        cuts = sorted({*range(0, len(history), 8), len(history)})
        out += [game.replay(history[:k]) for k in cuts]
    return tuple(out)


def _seats(players: int) -> list[int]:
    return [-1, *range(players)]  # -1: the spectator


@functools.cache
def _drawing(players: int, index: int, seat: int) -> tuple[str, ET.Element]:
    state = _states(players)[index]
    markup = _game(players).render_svg(state, None if seat < 0 else seat)
    return markup, ET.fromstring(markup)


def _cases(players: int) -> list[tuple[Any, Any, int, ET.Element]]:
    """(state, view, seat, parsed drawing) for every state and seat."""
    game = _game(players)
    out = []
    for i, state in enumerate(_states(players)):
        for seat in _seats(players):
            out.append((state, game.view_for(state, seat), seat, _drawing(players, i, seat)[1]))
    return out


def _classes(e: ET.Element) -> set[str]:
    return set((e.get("class") or "").split())


def _all(root: ET.Element, *classes: str) -> list[ET.Element]:
    return [e for e in root.iter() if set(classes) <= _classes(e)]


def _by_id(root: ET.Element, ident: str) -> ET.Element:
    found = [e for e in root.iter() if e.get("id") == ident]
    assert len(found) == 1, f"{len(found)} elements with id {ident!r}"
    return found[0]


def _texts(root: ET.Element) -> list[str]:
    """Every <text> and <title> string, as drawn."""
    return ["".join(e.itertext()) for e in root.iter() if e.tag in (SVG + "text", SVG + "title")]


def _places(mask: int) -> set[int]:
    """Place numbers of a place bitmask (bit p-1)."""
    return {p for p in range(1, 11) if mask >> (p - 1) & 1}


def _cards(mask: int, size: int) -> set[int]:
    """Card indices of a hunt or survival card bitmask."""
    return {c for c in range(size) if mask >> c & 1}


def _box(e: ET.Element) -> tuple[float, float, float, float]:
    """x, y, width, height of the first <rect> under `e` (a card's or a space's outline)."""
    r = next(e.iter(SVG + "rect"))
    x, y, w, h = (float(r.get(a, 0)) for a in ("x", "y", "width", "height"))
    return x, y, w, h


def _centre(e: ET.Element) -> tuple[float, float]:
    c = next(e.iter(SVG + "circle"))
    return float(c.get("cx", 0)), float(c.get("cy", 0))


def _inside(point: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


@pytest.mark.parametrize("players", PLAYERS)
def test_the_games_reach_what_the_drawing_shows(players: int) -> None:
    """The sampled states include tokens, reveals, played cards and the end (so the checks
    below are not vacuous)."""
    views = [_game(players).view_for(s, -1) for s in _states(players)]
    assert any(v.creature_token for v in views)
    assert any(v.revealed for v in views)
    assert any(any(v.played_count) and not v.revealed for v in views)
    assert any(any(v.discard) for v in views)
    assert any(v.terminal for v in views) and any(v.side == 0 for v in views)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_standalone_svg_document_per_seat(players: int) -> None:
    for _, view, seat, root in _cases(players):
        assert root.tag == SVG + "svg"
        assert root.get("viewBox") == "0 0 1000 700"
        assert (root.get("width"), root.get("height")) == ("1000", "700")
        assert root.get("data-seat") == str(seat) == str(view.seat)


@pytest.mark.parametrize("players", PLAYERS)
def test_ten_places_in_two_rows_with_the_reserve(players: int) -> None:
    for _, view, _, root in _cases(players):
        boxes = {}
        for p in range(1, 11):
            place = _by_id(root, f"place-{p}")
            assert "place" in _classes(place) and place.get("data-place") == str(p)
            texts = _texts(place)
            assert DATA.places[p - 1].name in texts and str(p) in texts
            boxes[p] = _box(place)
            reserve = _all(place, "reserve")
            if p <= 5:
                assert reserve == []
            else:  # places 6-10 show the copies left in the reserve
                assert [e.get("data-count") for e in reserve] == [str(view.reserve[p - 6])]
        for row in ROWS:
            assert len({boxes[p][1] for p in row}) == 1, "a row shares its y"
            assert [boxes[p][0] for p in row] == sorted(boxes[p][0] for p in row)
        assert boxes[6][1] > boxes[1][1] and boxes[6][0] == boxes[1][0]


@pytest.mark.parametrize("players", PLAYERS)
def test_tracks_and_board_side(players: int) -> None:
    starts = {"rescue": 11 + players, "assimilation": 5 + players}
    for _, view, _, root in _cases(players):
        values = {"rescue": view.rescue, "assimilation": view.assimilation}
        for kind, value in values.items():
            track = _by_id(root, f"track-{kind}")
            assert track.get("data-value") == str(value)
            spaces = {int(e.get("data-distance", -1)): e for e in _all(track, "space")}
            assert set(spaces) == set(range(starts[kind] + 1)), "the star, then 1..start"
            marked = {d for d, e in spaces.items() if "artemia" in _classes(e)}
            assert marked == (ARTEMIA_SQUARES[view.side] if kind == "rescue" else set())
            (counter,) = _all(track, "counter")
            assert counter.get("data-value") == str(value)
            assert _inside(_centre(counter), _box(spaces[value]))
        assert _by_id(root, "board-side").get("data-side") == str(view.side)
        assert f"BOARD SIDE {view.side or '?'}" in _texts(root)


@pytest.mark.parametrize("players", PLAYERS)
def test_tokens_marker_and_hunted_on_their_places(players: int) -> None:
    for _, view, _, root in _cases(players):
        expected = {
            "creature": {view.creature_token} - {0},
            "target": _places(view.target),
            "artemia": _places(view.artemia),
        }
        for kind, places in expected.items():
            tokens = _all(root, "token", kind)
            assert sorted(int(t.get("data-place", 0)) for t in tokens) == sorted(places)
            for t in tokens:
                assert _inside(_centre(t), _box(_by_id(root, f"place-{t.get('data-place')}")))
        held = {e.get("class", "").split()[-1] for e in _all(root, "held-token")}
        assert held == {kind for kind, places in expected.items() if not places}
        beacon = [e for e in root.iter() if e.get("id") == "beacon"]
        assert [e.get("data-place") for e in beacon] == ([str(BEACH)] if view.beacon else [])
        pawns = {
            (int(e.get("data-hunted", -1)), int(e.get("data-place", 0))) for e in _all(root, "pawn")
        }
        on = {(h, p) for h in range(view.num_hunted) for p in view.location[h] if p}
        assert pawns == (on if view.revealed else set())


@pytest.mark.parametrize("players", PLAYERS)
def test_each_hunted_area(players: int) -> None:
    for _, view, seat, root in _cases(players):
        assert len(_all(root, "hunted")) == players - 1
        for h in range(players - 1):
            area = _by_id(root, f"hunted-{h}")
            assert area.get("data-will") == str(view.will[h])
            assert len(_all(area, "will-on")) == view.will[h]
            counts = f"{view.hand_size[h]} place cards · {view.survival_count[h]} survival"
            assert counts in _texts(area)
            assert len(_all(area, "survival-back")) == view.survival_count[h]
            pile = [int(e.get("data-place", 0)) for e in _all(area, "discard-card")]
            assert pile == list(view.discard[h]), "the discard pile, in order"
            played = _all(area, "played-card")
            if view.revealed:
                assert [int(e.get("data-place", 0)) for e in played] == list(view.revealed[h])
            elif seat == h + 1:
                assert [int(e.get("data-place", 0)) for e in played] == list(view.own_played)
            else:
                assert len(played) == view.played_count[h]
                assert all("back" in _classes(e) for e in played)
            if seat == h + 1:  # the owner's hand face up in its area
                own = {int(e.get("data-place", 0)) for e in _all(area, "mini", "own")}
                assert own == _places(view.own_hand) and not _all(area, "hand-back")
            else:
                assert len(_all(area, "hand-back")) == view.hand_size[h] and not _all(area, "mini")


@pytest.mark.parametrize("players", PLAYERS)
def test_creature_area_and_status(players: int) -> None:
    for _, view, _, root in _cases(players):
        creature = _by_id(root, "creature")
        assert creature.get("data-hunt-cards") == str(view.hunt_hand_size)
        assert len(_all(creature, "hunt-back")) == view.hunt_hand_size
        played = ["".join(e.itertext()) for e in _all(creature, "hunt-played")]
        assert played == ([DATA.hunt[c].name for c in view.hunt_played] or ["none"])
        flags = ["".join(e.itertext()) for e in _all(creature, "flag")]
        assert flags == [
            name.replace("_", " ") for bit, name in FLAG_NAMES.items() if view.flags & bit
        ]
        status = _by_id(root, "status")
        assert status.get("data-turn") == str(view.turn)
        assert status.get("data-stage") == STAGE_NAMES[view.stage]
        assert f"Turn {view.turn} · {STAGE_NAMES[view.stage]}" in _texts(status)
        if view.terminal:
            assert _by_id(root, "game-over").get("data-winner") == str(view.winner)
            assert status.get("data-chooser") is None
        elif view.stack:
            top = view.stack[-1]
            who = "chance" if top.chooser < 0 else seat_name(top.chooser)
            assert f"Now: {who} - {DECISION_NAMES[top.kind]}" in _texts(status)
            assert status.get("data-chooser") == str(top.chooser)


@pytest.mark.parametrize("players", PLAYERS)
def test_own_hand_face_up_only_for_its_seat(players: int) -> None:
    for _, view, seat, root in _cases(players):
        hand = _by_id(root, "hand")
        cards = _all(hand, "hand-card")
        if seat < 0:
            assert cards == []
            continue
        places, survival, hunt = (
            {int(e.get(attr, -1)) for e in cards if kind in _classes(e)}
            for kind, attr in (
                ("place", "data-place"),
                ("survival", "data-card"),
                ("hunt", "data-card"),
            )
        )
        if seat == 0:
            assert (places, survival, hunt) == (set(), set(), _cards(view.hunt_hand, 20))
        else:
            expected = (_places(view.own_hand), _cards(view.own_survival, 15), set())
            assert (places, survival, hunt) == expected
        names = {DATA.hunt[c].name for c in hunt} | {DATA.survival[c].name for c in survival}
        assert names <= set(_texts(hand))


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_card_names_stay_hidden(players: int) -> None:
    """A Hunted's survival cards and the Creature's hunt cards are named in that seat's drawing
    and in no other seat's (nor the spectator's), unless they are public (discarded)."""
    game = _game(players)
    checked = 0
    for i, state in enumerate(_states(players)):
        texts = {seat: set(_texts(_drawing(players, i, seat)[1])) for seat in _seats(players)}
        for seat in range(players):
            view = game.view_for(state, seat)
            if seat == 0:
                secret = {DATA.hunt[c].name for c in _cards(view.hunt_hand, 20)}
            else:
                public = {DATA.survival[c].name for c in view.surv_discard}
                secret = {DATA.survival[c].name for c in _cards(view.own_survival, 15)} - public
            assert secret <= texts[seat]
            for other in _seats(players):
                if other != seat:
                    assert not secret & texts[other], f"seat {other} sees {secret & texts[other]}"
            checked += len(secret)
    assert checked, "no hidden card was drawn at all"


@pytest.mark.parametrize("players", PLAYERS)
def test_worlds_sampled_from_a_view_draw_the_same(players: int) -> None:
    game = _game(players)
    for i, state in enumerate(_states(players)):
        if i % 2:  # every other state: this test samples and draws the most
            continue
        for seat in _seats(players):
            markup = _drawing(players, i, seat)[0]
            view = game.view_for(state, seat)
            for k in range(2):
                world = game.sample_world(view, np.random.default_rng([players, i, seat + 1, k]))
                assert game.render_svg(world, None if seat < 0 else seat) == markup


@pytest.mark.parametrize("players", PLAYERS)
def test_render_svg_is_the_board_drawing(players: int) -> None:
    game = _game(players)
    state = _states(players)[len(_states(players)) // 3]
    for seat in (None, 0, 1):
        drawn = game.render_svg(state, seat)
        assert drawn == board_svg(game, game.view_for(state, -1 if seat is None else seat))
        assert drawn != Game.render_svg(game, state, seat), "not the base class's text fallback"
        assert 'id="track-rescue"' in drawn and 'id="place-10"' in drawn
    assert game.render_svg(state) == game.render_svg(state, None)
    assert game.render_svg(state, 0) != game.render_svg(state, 1), "seats draw their own views"


def test_text_and_attributes_are_escaped() -> None:
    nasty = 'Lair <b>& "Jungle"'
    drawn = svg_parts.text(0, 0, nasty, data_note=nasty)
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{drawn}</svg>')
    (t,) = root.iter(SVG + "text")
    assert t.text == nasty and t.get("data-note") == nasty
