"""The SVG board (nemesis_env/games/nemesis/svg.py, NemesisGame.render_svg): a standalone SVG
document drawn from a seat's view only.

States come from random games (2 and 5 players, the alternate board side, co-op, the intruder
player) replayed to several points. Every expected value is read from the view (or the rules'
tables), never from the drawing code, and found in the drawing by its ids, classes and data
attributes."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import numpy as np
import pytest

from nemesis_env.core.game import Game
from nemesis_env.games.nemesis import labels_intruder, names
from nemesis_env.games.nemesis.state import STATUS_NAMES, State
from nemesis_env.games.nemesis.svg import board_svg
from nemesis_env.games.nemesis.tables import INTRUDER_TYPES
from nemesis_env.games.nemesis.topology import TC
from nemesis_env.games.nemesis.view import NemesisView, view_for
from tests.games import game, history

SVG = "{http://www.w3.org/2000/svg}"
CASES = {
    "2p": ({"players": 2}, 0),
    "5p": ({"players": 5}, 1),
    "alternate": ({"players": 3, "board_side": "alternate"}, 2),
    "coop": ({"players": 2, "mode": "coop"}, 3),
    "intruder-player": ({"players": 4, "intruder_player": True}, 4),
}
FRACTIONS = (0.1, 0.4, 0.7, 1.0)
POINTS = [(case, f) for case in CASES for f in FRACTIONS]
DOORS = ("open", "closed", "destroyed")


@functools.cache
def _state(case: str, fraction: float) -> State:
    params, seed = CASES[case]
    h = history("nemesis", params, seed)
    state: State = game("nemesis", params).replay(h[: round(len(h) * fraction)])
    return state


def _game(case: str) -> Any:
    return game("nemesis", CASES[case][0])


def _seats(case: str) -> list[int | None]:
    return [None, *range(CASES[case][0]["players"])]


@functools.cache
def _drawing(case: str, fraction: float, seat: int | None) -> tuple[NemesisView, ET.Element]:
    state = _state(case, fraction)
    view = view_for(state, -1 if seat is None else seat)
    return view, ET.fromstring(_game(case).render_svg(state, seat))


def _all_drawings() -> list[tuple[str, Any, NemesisView, ET.Element]]:
    return [(case, _game(case), *_drawing(case, f, seat))
            for case, f in POINTS for seat in _seats(case)]  # fmt: skip


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if cls in g.get("class", "").split()]


def _by_id(root: ET.Element, ident: str) -> ET.Element:
    found = [e for e in root.iter() if e.get("id") == ident]
    assert len(found) == 1, f"expected one element #{ident}, found {len(found)}"
    return found[0]


def _texts(root: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def _words(root: ET.Element) -> set[str]:
    """Every text and tooltip (a card's whole name is its tooltip: its face wraps it)."""
    titles = ["".join(t.itertext()) for t in root.iter(f"{SVG}title")]
    return {*_texts(root), *titles}


def test_every_drawing_is_a_standalone_svg_document() -> None:
    for case, _, view, root in _all_drawings():
        assert root.tag == f"{SVG}svg", case
        assert root.get("viewBox") == "0 0 1200 800"
        assert (root.get("width"), root.get("height")) == ("1200", "800")
        assert root.get("data-seat") == str(view.seat)


def test_twenty_one_rooms_face_down_until_the_view_knows_the_tile() -> None:
    for case, g, view, root in _all_drawings():
        rooms = _groups(root, "room")
        assert sorted(r.get("id", "") for r in rooms) == sorted(f"room-{n}" for n in range(1, 22))
        for room in range(21):
            element = _by_id(root, f"room-{room + 1}")
            classes = element.get("class", "").split()
            assert ("explored" in classes) == view.explored[room], (case, room)
            assert ("unexplored" in classes) == (not view.explored[room])
            tile = view.tile[room]
            assert element.get("data-tile") == (g.tables.tiles[tile] if tile >= 0 else None)
            if view.explored[room]:
                assert names.tile_name(g, tile) in " ".join(_texts(element))


def test_characters_stand_in_the_rooms_the_view_gives() -> None:
    placed = 0
    for case, _, view, root in _all_drawings():
        drawn = sorted((int(c.get("data-seat", "")), int(c.get("data-room", "")))
                       for c in _groups(root, "character"))  # fmt: skip
        expected = sorted((s, c.room + 1) for s, c in enumerate(view.chars) if c.room >= 0)
        assert drawn == expected, case
        for seat, room in drawn:
            assert any(c.get("data-seat") == str(seat)
                       for c in _groups(_by_id(root, f"room-{room}"), "character"))  # fmt: skip
        placed += len(drawn)
    assert placed > 0


def test_intruders_by_kind_in_each_room() -> None:
    seen = 0
    for case, g, view, root in _all_drawings():
        drawn = Counter((kind, int(e.get("data-room", "")))
                        for e in _groups(root, "intruder")
                        for kind in e.get("class", "").split() if kind != "intruder")  # fmt: skip
        expected = Counter((INTRUDER_TYPES[g.mini_type[m]], r + 1)
                           for m, r in enumerate(view.intruder_room) if r >= 0)  # fmt: skip
        assert drawn == expected, case
        seen += sum(expected.values())
    assert seen > 0, "no state has an Intruder on the board: the test would prove nothing"


def test_tracks_show_the_views_values() -> None:
    for case, _, view, root in _all_drawings():
        assert _by_id(root, "track-time").get("data-value") == str(view.time)
        assert _by_id(root, "track-self-destruct").get("data-value") == str(view.self_destruct)
        assert _by_id(root, "track-destination").get("data-value") == "ABCD"[view.destination]
        engines = {e.get("data-engine"): e.get("class", "").split()[1]
                   for e in _groups(root, "engine")}  # fmt: skip
        words = {0: "working", 1: "damaged"}
        assert engines == {str(i + 1): words.get(top, "unknown")
                           for i, top in enumerate(view.engine)}  # fmt: skip
        pods = [p.get("class", "").split()[1] for p in _groups(root, "pod")]
        assert pods == [("locked", "unlocked", "launched")[p] for p in view.pods], case
        assert _by_id(root, "bag").get("data-total") == str(sum(c for _, c in view.bag))
        assert _by_id(root, "intruder-board").get("data-eggs") == str(view.eggs_in_nest)


def test_corridors_with_their_numbers_doors_and_noise() -> None:
    closed = 0
    for case, g, view, root in _all_drawings():
        topo = g.topo
        corridors = _groups(root, "corridor")
        assert len(corridors) == len(topo.ends)
        for c in range(len(topo.ends)):
            element = _by_id(root, f"corridor-{c}")
            a, b = topo.ends[c]
            noise = view.tc_noise[topo.tc_network[c]] if b == TC else view.noise[c]
            assert element.get("data-numbers") == "/".join(map(str, topo.numbers[c]))
            assert element.get("data-to") == ("TC" if b == TC else str(b + 1))
            assert element.get("data-from") == str(a + 1)
            assert element.get("data-door") == DOORS[view.door[c]], (case, c)
            assert element.get("data-noise") == ("true" if noise else "false")
            closed += view.door[c] != 0
        networks = _groups(root, "tc-network")
        assert [n.get("data-noise") for n in networks] == [
            "true" if n else "false" for n in view.tc_noise
        ]
        assert len(networks) == topo.tc_networks
    assert closed > 0


def test_fire_malfunction_and_things_lying_in_rooms() -> None:
    seen: Counter[str] = Counter()
    for case, _, view, root in _all_drawings():
        for room in range(21):
            element = _by_id(root, f"room-{room + 1}")
            assert bool(_groups(element, "fire-marker")) == view.fire[room], (case, room)
            assert bool(_groups(element, "malfunction-marker")) == view.malfunction[room]
            things = sorted(int(t.get("data-thing", "")) for t in _groups(element, "object"))
            assert things == sorted(view.objects[room])
            seen.update(fire=view.fire[room], malfunction=view.malfunction[room],
                        things=len(things))  # fmt: skip
    assert min(seen[k] for k in ("fire", "malfunction", "things")) > 0, seen


def test_player_panels() -> None:
    for case, g, view, root in _all_drawings():
        for seat, c in enumerate(view.chars):
            panel = _by_id(root, f"player-{seat}")
            assert panel.get("data-status") == STATUS_NAMES[c.status], case
            hand = [t for t in panel.iter(f"{SVG}text") if "hand-size" in t.get("class", "")]
            assert [t.get("data-value") for t in hand] == [str(c.hand_size)]
            light = _groups(panel, "light-wounds")
            assert [e.get("data-value") for e in light] == [str(c.light_wounds)]
            if c.character >= 0:
                name = g.data.characters[c.character].name
                assert any(name in words for words in _texts(panel))


def test_sampled_worlds_draw_the_same_for_the_seat() -> None:
    """A seat cannot tell its sampled worlds from the true one, nor can its drawing."""
    differ = 0
    for case, fraction in POINTS:
        state, g = _state(case, fraction), _game(case)
        for seat in _seats(case)[1:]:
            assert seat is not None
            truth = g.render_svg(state, seat)
            for k in range(3):
                world = g.sample_world(g.view_for(state, seat), np.random.default_rng(k))
                assert g.render_svg(world, seat) == truth, (case, fraction, seat, k)
                differ += world.fingerprint() != state.fingerprint()
    assert differ > 0, "the sampled worlds never differ from the truth"


def _secret_points() -> list[tuple[str, float, int]]:
    """(case, fraction, seat) of standard-mode states where the seat holds cards."""
    out = []
    for case, fraction in POINTS:
        if _game(case).params.mode != "standard":
            continue
        for seat in _seats(case)[1:]:
            assert seat is not None
            if view_for(_state(case, fraction), seat).hand:
                out.append((case, fraction, seat))
    return out


def test_own_hand_and_objectives_show_only_to_their_seat() -> None:
    points = _secret_points()
    assert points
    for case, fraction, seat in points:
        g = _game(case)
        view, root = _drawing(case, fraction, seat)
        hand = {names.card(g, c) for c in view.hand}
        objectives = {g.objective_cards[o].name for o in view.objectives}
        cards = _groups(_by_id(root, "hand"), "action")
        assert sorted(int(c.get("data-card", "")) for c in cards) == sorted(view.hand)
        assert hand <= _words(_by_id(root, "hand"))
        assert objectives and all(any(o in w for w in _words(root)) for o in objectives)
        for other in _seats(case):
            if other == seat:
                continue
            other_view, other_root = _drawing(case, fraction, other)
            theirs = {names.card(g, c) for c in other_view.hand}
            other_words = _words(other_root)
            assert not (hand - theirs) & other_words, (case, seat, other)
            assert not any(o in w for o in objectives for w in other_words), (case, seat, other)


def test_the_intruder_players_hand_shows_only_to_its_seat() -> None:
    case = "intruder-player"
    state = _state(case, 1.0)
    view = view_for(state, -1)
    assert view.intruder_seat >= 0 and view.intruder_hand_size > 0
    g = _game(case)
    mine = view_for(state, view.intruder_seat).intruder_hand
    names_ = {labels_intruder.card_name(g, c) for c in mine}
    for seat in _seats(case):
        words = _words(_drawing(case, 1.0, seat)[1])
        assert bool(names_ & words) == (seat == view.intruder_seat), seat
        assert (names_ <= words) == (seat == view.intruder_seat), seat


def test_render_svg_is_the_nemesis_board_not_the_text_fallback() -> None:
    case, fraction = "5p", 0.4
    g, state = _game(case), _state(case, fraction)
    assert type(g).render_svg is not Game.render_svg
    for seat in _seats(case):
        drawn = g.render_svg(state, seat)
        assert drawn == board_svg(g, view_for(state, -1 if seat is None else seat))
        assert drawn != Game.render_svg(g, state, seat)
        root = ET.fromstring(drawn)
        assert _by_id(root, "map") is not None and _by_id(root, "players") is not None


def test_text_is_escaped() -> None:
    case = "2p"
    g, state = _game(case), _state(case, 1.0)
    view = view_for(state, 0)._replace(terminal=True, end_reason='<ship & "crew">')
    root = ET.fromstring(board_svg(g, view))
    assert any('<ship & "crew">' in t for t in _texts(root))


@pytest.mark.parametrize("case", ["2p", "alternate"])
def test_the_map_reads_as_a_ship(case: str) -> None:
    """Cockpit at the nose, Engines at the stern, the Hibernatorium in between."""
    _, root = _drawing(case, 0.1, None)

    def x_of(room: int) -> float:
        rect = next(iter(_by_id(root, f"room-{room}").iter(f"{SVG}rect")))
        return float(rect.get("x", "0"))

    g = _game(case)
    cockpit, hibernatorium = g.cockpit + 1, g.hibernatorium + 1
    engines = [r + 1 for r, t in enumerate(g.tables.special_tile)
               if t >= 0 and g.tables.tiles[t].startswith("engine")]  # fmt: skip
    assert len(engines) == 3
    assert x_of(cockpit) < x_of(hibernatorium) < min(x_of(e) for e in engines)
