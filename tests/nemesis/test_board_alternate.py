"""The alternate board side (param board_side="alternate"): the properties the sources state
(seeds-digest.md seed 000 "Modes", alternate board side; nemesis-reference.md §18.4), the
invariants it shares with the basic side (§2.1, §2.2), and scenarios on its two Technical
Corridors networks and its rooms joined by two corridors. The graph itself is our
reconstruction (docs/rules-decisions.md 300): the data checks read the YAML files directly."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from typing import Any

import numpy as np
import pytest
import yaml

from nemesis_env.core.errors import ScenarioError
from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.defs.board import BOARD_FILES
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.params import BOARD_SIDES
from nemesis_env.games.nemesis.rules import combat, events, movement, noise
from nemesis_env.games.nemesis.rules.intruders import ADULT
from nemesis_env.games.nemesis.rules.kinds import Kind, NoiseRoll
from nemesis_env.games.nemesis.scenario_names import Names
from nemesis_env.games.nemesis.state import CLOSED, DESTROYED, OPEN, UNKNOWN, State
from nemesis_env.games.nemesis.view import view_for
from tests.nemesis.helpers import chance, clear_board, step_randomly, top_kind

COCKPIT, ROOM_3, ROOM_10, HIBERNATORIUM, ROOM_13 = 0, 2, 9, 10, 12


def board(name: str) -> Any:
    text = resources.files("nemesis_env.games.nemesis.data").joinpath(name).read_text()
    return yaml.safe_load(text)


ALT = board("board_alternate.yaml")
BASIC = board("board_basic.yaml")


def exits(doc: Any) -> dict[int, list[int]]:
    numbers: dict[int, list[int]] = {r["number"]: [] for r in doc["rooms"]}
    for c in doc["corridors"]:
        for end in (c["a"], c["b"]):
            if isinstance(end, int):
                numbers[end] += c["numbers"]
    return numbers


# -- the data ----------------------------------------------------------------------------------
def test_each_room_s_exits_carry_the_numbers_1_to_4_exactly_once() -> None:
    """§2.2: the invariant of the basic side, kept by the reconstruction."""
    assert all(sorted(n) == [1, 2, 3, 4] for n in exits(ALT).values()), exits(ALT)


def test_the_same_rooms_and_slots_as_the_basic_side() -> None:
    """§2.1: 21 rooms, 5 special rooms, 11 "Room 1" and 5 "Room 2" slots."""

    def slots(doc: Any) -> Counter[str]:
        return Counter(r["slot"] for r in doc["rooms"])

    assert len(ALT["rooms"]) == 21 and slots(ALT) == slots(BASIC) == Counter(
        {"room1": 11, "room2": 5, "special": 5}
    )
    special = {r["number"]: r["special_room"] for r in ALT["rooms"] if r["slot"] == "special"}
    assert sorted(special.values()) == ["cockpit", "engine_1", "engine_2", "engine_3",
                                        "hibernatorium"]  # fmt: skip


def test_two_separate_technical_corridors_networks() -> None:
    """Seed 000: two separate networks, a noise marker in one does not affect the other."""
    networks: dict[str, set[int]] = {}
    for c in ALT["corridors"]:
        ends = (c["a"], c["b"])
        names = [e for e in ends if isinstance(e, str)]
        assert len(names) <= 1, c  # no corridor joins two networks
        if names:
            networks.setdefault(names[0], set()).update(e for e in ends if isinstance(e, int))
    assert len(networks) == 2 and all(len(rooms) >= 2 for rooms in networks.values())
    first, second = networks.values()
    assert not first & second  # no room enters both: they are separate
    flagged = {r["number"] for r in ALT["rooms"] if r["tech_entrance"]}
    assert flagged == first | second
    topo = NemesisGame(players=2, board_side="alternate").topo
    assert topo.tc_networks == 2
    assert [set(r + 1 for r in rooms) for rooms in topo.network_entrances] == [first, second]


def test_some_rooms_are_joined_by_two_separate_corridors() -> None:
    """Seed 000: some rooms are linked by a pair of separate corridors."""
    pairs = Counter(
        tuple(sorted((c["a"], c["b"])))
        for c in ALT["corridors"]
        if isinstance(c["a"], int) and isinstance(c["b"], int)
    )
    doubled = [pair for pair, n in pairs.items() if n == 2]
    assert doubled and max(pairs.values()) == 2
    topo = NemesisGame(players=2, board_side="alternate").topo
    for a, b in doubled:
        assert len(topo.corridors_between(a - 1, b - 1)) == 2


def test_the_evacuation_sections_lie_face_up_with_a_face_down_token() -> None:
    """Seed 000: at setup Evacuation Sections A and B are placed face up on their marked spots,
    each with a face-down exploration token."""
    fixed = {r["number"]: r["fixed_tile"] for r in ALT["rooms"] if "fixed_tile" in r}
    assert sorted(fixed.values()) == ["evacuation_a", "evacuation_b"]
    g = NemesisGame(players=3, board_side="alternate")
    s = g.new_initial_state()
    for number, tile_id in fixed.items():
        room = number - 1
        tile = g.tables.tiles.index(tile_id)
        assert s.tile[room] == tile and not s.explored[room]
        assert s.token[room] == UNKNOWN and s.token_known[room] == 0
        assert all(view_for(s, seat).tile[room] == tile for seat in range(3))
        assert all(tile not in pool for pool in s.tiles_left)
    assert len(s.tiles_left[0]) == 9  # the other 9 "Room 1" tiles for the other 9 slots


# -- scenarios ---------------------------------------------------------------------------------
GAMES: dict[int, NemesisGame] = {}


def alone_in(room: int) -> State:
    """An alternate-side game at its first round, empty board: player 1 in `room`, player 2
    out of the way in the Hibernatorium."""
    g = GAMES.setdefault(2, NemesisGame(players=2, board_side="alternate"))
    s = g.new_initial_state()
    rng = np.random.default_rng(0)
    while not (s.stack and s.stack[-1].kind == Kind.ROUND):
        step_randomly(s, rng)
    clear_board(s)
    s.chars[0].room = room
    s.legal_cache = None
    return s


def roll(s: State, seat: int, face: int) -> None:
    noise.roll_noise(s, seat, s.chars[seat].room)
    chance(s, CHANCE.noise, face - 1)


def tc_corridor(s: State, room: int) -> tuple[int, int]:
    """The number and network of the room's corridor to the Technical Corridors."""
    topo = s.game.topo
    corridor = next(c for c in topo.exits[room] if topo.is_tc(c))
    return topo.numbers[corridor][0], topo.tc_network[corridor]


def test_noise_in_one_network_does_not_count_in_the_other() -> None:
    """Seed 000: a noise marker in one network does not affect the other; §7.1: a number whose
    corridor has a marker already is an Encounter."""
    s = alone_in(1)  # room 2, an entrance of the first network
    red, blue = 1, 13  # rooms 2 and 14
    number, network = tc_corridor(s, red)
    roll(s, 0, number)
    assert network == 0 and s.tc_noise == [True, False] and top_kind(s) == Kind.ROUND
    s.chars[0].room = blue
    number, network = tc_corridor(s, blue)
    roll(s, 0, number)
    assert network == 1 and s.tc_noise == [True, True] and top_kind(s) == Kind.ROUND
    s.chars[0].room = red
    roll(s, 0, tc_corridor(s, red)[0])
    assert top_kind(s) == Kind.BAG_DRAW  # the first network's marker: an Encounter


def test_noise_in_technical_corridors_event_acts_on_each_network() -> None:
    """§9 Noise in Technical Corridors, per network (docs/rules-decisions.md 301): a quiet
    network gets its marker; in a noisy one the characters at its entrances roll."""
    s = alone_in(1)  # room 2: first network
    s.chars[1].room = 13  # room 14: second network
    s.tc_noise = [True, False]
    events.EFFECTS["noise_in_technical_corridors"](s)
    rolls = [d.payload for d in s.stack if d.kind == Kind.NOISE_ROLL]
    assert [(r.seat, r.room) for r in rolls if isinstance(r, NoiseRoll)] == [(0, 1)]
    assert s.tc_noise == [True, True]


def test_a_move_through_the_technical_corridors_stays_in_one_network() -> None:
    """Seed 000: the networks are separate, so the Mechanic's Technical Corridors card reaches
    only the other entrances of the network the room enters."""
    s = alone_in(1)
    topo = s.game.topo
    assert topo.tc_rooms_from(1) == [r for r in topo.network_entrances[0] if r != 1]
    assert not set(topo.tc_rooms_from(1)) & set(topo.network_entrances[1])


def move_to_room_3(s: State, token_effect: str) -> None:
    """Player 1 moves from the Cockpit to room 3 (Evacuation A, face up, token face down)."""
    g = s.game
    s.apply_action(g.actions.move.id(ROOM_3))
    s.apply_action(s.legal_actions()[0])  # pay one card
    assert top_kind(s) == Kind.EXPLORATION_TOKEN  # the tile is face up already: no tile draw
    chance(s, CHANCE.exploration, g.token_effect.index(token_effect))
    while s.current_player() == -1:
        chance(s, CHANCE.noise, 5 - 1)  # Silence on the noise roll, if any


def test_a_closed_door_in_one_of_two_corridors_leaves_the_other_open() -> None:
    """§18.4: a closed door in one of two corridors joining the same rooms does not affect the
    other; §3.4 Door token: the door of the corridor the character came through closes."""
    s = alone_in(COCKPIT)
    topo = s.game.topo
    first, second = sorted(topo.corridors_between(COCKPIT, ROOM_3), key=lambda c: topo.numbers[c])
    s.door[first] = CLOSED
    s.legal_cache = None
    assert s.game.actions.move.id(ROOM_3) in s.legal_actions()
    move_to_room_3(s, "door")
    assert s.chars[0].room == ROOM_3
    assert s.door[second] == CLOSED  # it came through the open one
    assert COCKPIT not in movement.reachable_rooms(s, ROOM_3)


def test_a_move_takes_the_lowest_numbered_open_corridor() -> None:
    """docs/rules-decisions.md 302: with both open, the corridor numbered lowest from the room
    left; the Door token closes that one and the other still joins the rooms."""
    s = alone_in(COCKPIT)
    topo = s.game.topo
    first, second = sorted(topo.corridors_between(COCKPIT, ROOM_3), key=lambda c: topo.numbers[c])
    move_to_room_3(s, "door")
    assert (s.door[first], s.door[second]) == (CLOSED, OPEN)
    assert movement.reachable_rooms(s, ROOM_3).count(COCKPIT) == 1


def test_noise_in_one_of_two_corridors_is_not_noise_in_the_other() -> None:
    """§7.1: each corridor has its own noise marker, parallel corridors included."""
    s = alone_in(ROOM_3)
    topo = s.game.topo
    first, second = sorted(topo.corridors_between(ROOM_3, COCKPIT), key=lambda c: topo.numbers[c])
    s.noise[first] = True
    roll(s, 0, topo.numbers[second][0])
    assert s.noise[second] and top_kind(s) == Kind.ROUND  # a marker, no Encounter
    roll(s, 0, topo.numbers[first][0])
    assert top_kind(s) == Kind.BAG_DRAW


def test_careful_movement_offers_each_of_two_corridors_for_the_noise() -> None:
    """§6.2 Careful Movement: the mover puts a noise marker in a corridor of their choice of
    the room entered; two corridors to the same room are two choices."""
    s = alone_in(COCKPIT)
    g = s.game
    s.apply_action(g.actions.careful_move.id(ROOM_3))
    while top_kind(s) == Kind.PAY:
        s.apply_action(s.legal_actions()[0])
    chance(s, CHANCE.exploration, g.token_effect.index("silence"))
    assert top_kind(s) == Kind.NOISE_CORRIDOR
    assert s.legal_actions() == g.actions.corridor.ids([0, 1, 2, 3])
    s.apply_action(g.actions.corridor.id(4 - 1))
    topo = g.topo
    first, second = sorted(topo.corridors_between(COCKPIT, ROOM_3), key=lambda c: topo.numbers[c])
    assert s.noise[second] and not s.noise[first]


def test_an_intruder_moves_by_the_number_of_one_of_two_corridors() -> None:
    """§7.7: an Intruder takes the corridor numbered on the event card; a closed door there is
    destroyed and it stays, even when another corridor leads to the same room."""
    s = alone_in(HIBERNATORIUM)
    topo = s.game.topo
    first, second = sorted(topo.corridors_between(ROOM_13, ROOM_10), key=lambda c: topo.numbers[c])
    adult = s.game.minis_of_type[ADULT][0]
    s.intruder_room[adult] = ROOM_13
    s.door[first] = CLOSED
    combat.move_through(s, adult, topo.numbers[first][0])
    assert s.intruder_room[adult] == ROOM_13 and s.door[first] == DESTROYED
    combat.move_through(s, adult, topo.numbers[second][0])
    assert s.intruder_room[adult] == ROOM_10 and s.door[second] == OPEN


def test_a_scenario_names_one_of_two_corridors_by_its_number() -> None:
    """docs/scenarios.md: "1-3" is ambiguous on the alternate side; "1-3#4" is the corridor
    numbered 4."""
    g = NemesisGame(players=2, board_side="alternate")
    names = Names(g)
    with pytest.raises(ScenarioError, match="joined by 2 corridors"):
        names.corridor("doors", "1-3")
    corridor = names.corridor("doors", "1-3#4")
    assert g.topo.numbers[corridor] == (4,) and corridor in g.topo.corridors_between(0, 2)


def test_the_render_shows_both_networks_and_the_fixed_sections() -> None:
    """Seed 000: each network has its own noise space; the Evacuation Sections lie face up."""
    s = alone_in(1)
    s.tc_noise = [True, False]
    text = s.game.render(s, 0)
    assert "Technical Corridors: TC_RED NOISE, TC_BLUE quiet" in text
    assert text.count("(face up, token face down)") == 2


def test_every_board_side_param_has_its_data_file() -> None:
    """The param's values and the data files are one list (defs/board.py BOARD_FILES)."""
    assert BOARD_SIDES == tuple(BOARD_FILES) == ("basic", "alternate")
    assert BOARD_FILES["alternate"] == "board_alternate.yaml"
