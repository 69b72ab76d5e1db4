"""The Pilot's, the Scientist's and the Mechanic's Action cards (nemesis-reference.md §14; FAQ
rulings §19 as quoted in each test)."""

from __future__ import annotations

from typing import Any

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import OPEN, State
from tests.nemesis.card_scenes import (
    HIBERNATORIUM,
    ROOM1_SLOT,
    RoomCalls,
    answer,
    can_play,
    play,
    scene,
    thing,
)
from tests.nemesis.card_scenes import place as place_tile
from tests.nemesis.helpers import chance, top_kind

COCKPIT = 0
ROOM_3 = 2  # a "1" slot (no tech-corridor entrance)
ROOM_6 = 5  # a "2" slot next to the Hibernatorium
ROOM_9 = 8  # a "1" slot with a tech-corridor entrance
SILENCE = 4  # noise die outcome


def in_comms_room(character: str, hand: list[str]) -> State:
    return scene(character, hand, ROOM1_SLOT, "comms_room")


# -- Pilot ----------------------------------------------------------------------------------------
def test_piloting_checks_the_coordinates_from_a_computer_room() -> None:
    """§14 Piloting, second option: from a room with a computer, secretly check the
    coordinates (only this seat learns them)."""
    s = in_comms_room("pilot", ["piloting"])
    play(s, "piloting")
    # the Comms Room's own action is open too, so the card asks which use: the second
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(1))
    assert top_kind(s) == Kind.COORDINATES and s.stack[-1].payload == 0
    chance(s, CHANCE.coordinates, 3)
    assert s.coordinates_known == 1


def test_piloting_uses_the_cockpit_action_for_free(monkeypatch: Any) -> None:
    """§14 Piloting, first option: the Cockpit's (or a computer room's) action, no cost."""
    calls = RoomCalls().install(monkeypatch)
    s = scene("pilot", ["piloting"], COCKPIT)
    play(s, "piloting")
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(0))
    assert calls.calls == [("start", 0, COCKPIT)]


def test_piloting_needs_a_computer_room() -> None:
    """§14 Piloting: nothing to do in the Hibernatorium (no computer)."""
    s = scene("pilot", ["piloting"])
    assert not can_play(s, "piloting")


def test_knowledge_of_the_ship_peeks_at_one_unexplored_tile() -> None:
    """§14 Knowledge of the Ship, second option: one unexplored tile, not its token; only the
    Pilot sees it; the room stays unexplored."""
    s = scene("pilot", ["knowledge_of_the_ship"])
    play(s, "knowledge_of_the_ship")
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(1))
    answer(s, Kind.PEEK_ROOM, s.game.actions.room.id(ROOM_6))
    assert top_kind(s) == Kind.TILE  # no exploration-token draw is pending
    chance(s, CHANCE.tile, s.game.tables.tiles.index("canteen"))
    assert s.tile_known[ROOM_6] == 1 and not s.explored[ROOM_6]
    assert all(d.kind != Kind.EXPLORATION_TOKEN for d in s.stack)


def test_knowledge_of_the_ship_opens_or_closes_a_door() -> None:
    """§14 Knowledge of the Ship, first option."""
    s = scene("pilot", ["knowledge_of_the_ship"])
    play(s, "knowledge_of_the_ship")
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(0))
    assert top_kind(s) == Kind.DOOR_TOGGLE


def test_old_friend_uses_the_action_of_a_room_without_computer(monkeypatch: Any) -> None:
    """§14 Old Friend: a free room action in a room without a computer."""
    calls = RoomCalls().install(monkeypatch)
    s = scene("pilot", ["old_friend"], ROOM1_SLOT, "armory")
    play(s, "old_friend")
    assert calls.calls == [("start", 0, ROOM1_SLOT)]
    s = in_comms_room("pilot", ["old_friend"])
    assert not can_play(s, "old_friend")


# -- Scientist -----------------------------------------------------------------------------------
def test_risk_assessment_puts_the_top_event_at_the_bottom_known_to_the_scientist() -> None:
    """§14 Risk Assessment: look at the top Event card; keep it on top or put it at the bottom."""
    s = in_comms_room("scientist", ["risk_assessment"])
    play(s, "risk_assessment")
    chance(s, CHANCE.event, 3)
    answer(s, Kind.EVENT_PLACE, s.game.actions.option.id(1))
    deck = s.event_deck
    assert deck.top == [] and deck.bottom == [3] and deck.bottom_known == [frozenset({0})]


def test_risk_assessment_may_leave_the_event_on_top() -> None:
    """§14 Risk Assessment: the card stays on top, now known to the Scientist."""
    s = in_comms_room("scientist", ["risk_assessment"])
    play(s, "risk_assessment")
    chance(s, CHANCE.event, 3)
    answer(s, Kind.EVENT_PLACE, s.game.actions.option.id(0))
    assert s.event_deck.top == [3] and s.event_deck.top_known == [frozenset({0})]


def test_risk_assessment_needs_a_computer_room_or_the_holo_computer() -> None:
    """§14 Risk Assessment (computer room); Holo Computer: it works anywhere."""
    s = scene("scientist", ["risk_assessment"])
    assert not can_play(s, "risk_assessment")
    s.chars[0].quest_active = [False, True]  # the Holo Computer
    assert can_play(s, "risk_assessment")


def test_blocking_access_puts_a_malfunction_in_any_computer_room() -> None:
    """§14 Blocking Access, second option: from a computer room, a Malfunction in any room
    with a computer."""
    s = in_comms_room("scientist", ["blocking_access"])
    place_tile(s, ROOM_3, "laboratory")
    play(s, "blocking_access")
    acts = s.game.actions
    # the Comms Room's own action is open too, so the card asks which use: the second
    answer(s, Kind.CARD_OPTION, acts.option.id(1))
    assert sorted(s.legal_actions()) == acts.room.ids([COCKPIT, ROOM1_SLOT, ROOM_3])
    answer(s, Kind.MALFUNCTION_ROOM, acts.room.id(ROOM_3))
    assert s.malfunction[ROOM_3] and not s.malfunction[ROOM1_SLOT]


def test_blocking_access_is_refused_outside_a_computer_room() -> None:
    s = scene("scientist", ["blocking_access"])
    assert not can_play(s, "blocking_access")


def test_intranet_uses_another_computer_room_s_action(monkeypatch: Any) -> None:
    """§14 Intranet (cost 1): any working computer room's action, from a computer room."""
    calls = RoomCalls().install(monkeypatch)
    s = in_comms_room("scientist", ["intranet", "search"])
    place_tile(s, ROOM_3, "laboratory")
    s.malfunction[COCKPIT] = True  # a Malfunction switches that computer off
    play(s, "intranet")
    acts = s.game.actions
    assert sorted(s.legal_actions()) == acts.room.ids([ROOM1_SLOT, ROOM_3])
    answer(s, Kind.REMOTE_ROOM, acts.room.id(ROOM_3))
    assert calls.calls == [("start", 0, ROOM_3)] and s.chars[0].hand == []


def test_intranet_works_anywhere_with_the_holo_computer(monkeypatch: Any) -> None:
    """§14 Holo Computer: Intranet from any room."""
    RoomCalls().install(monkeypatch)
    s = scene("scientist", ["intranet", "search"])
    assert not can_play(s, "intranet")
    s.chars[0].quest_active = [False, True]
    assert can_play(s, "intranet")


# -- Mechanic ------------------------------------------------------------------------------------
def test_technical_corridors_moves_between_entrances_then_the_mechanic_passes() -> None:
    """§14 Technical Corridors (cost 1): the move ignores Door tokens (FAQ); a Noise roll in an
    empty room as usual; then the Mechanic passes (his discards first)."""
    s = scene("mechanic", ["technical_corridors", "search", "demolition"], ROOM1_SLOT)
    tile = s.game.tables.tiles.index("storage")
    s.tiles_left[0].remove(tile)
    s.tile[ROOM_9] = tile
    door = s.game.token_effect.index("door")
    s.tokens_left.remove(door)
    s.token[ROOM_9] = door
    play(s, "technical_corridors")
    answer(s, Kind.TECH_ROOM, s.game.actions.room.id(ROOM_9))
    assert s.chars[0].room == ROOM_9 and all(d == OPEN for d in s.door)
    chance(s, CHANCE.noise, SILENCE)
    answer(s, Kind.TECH_DISCARD, s.game.actions.done_id)
    assert s.chars[0].passed
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 1


def test_technical_corridors_needs_an_entrance() -> None:
    s = scene("mechanic", ["technical_corridors", "search"])  # the Hibernatorium has none
    assert not can_play(s, "technical_corridors")


def test_pyrotechnics_burns_an_item_to_start_a_fire() -> None:
    """§14 Pyrotechnics (cost 1), first option: discard an item, fire in your room."""
    s = scene("mechanic", ["pyrotechnics", "search"])
    tools = thing(s, "yellow.tools")
    s.chars[0].inventory = [tools]
    play(s, "pyrotechnics")
    answer(s, Kind.PYRO_ITEM, s.game.actions.thing.id(tools))
    assert s.fire[HIBERNATORIUM] and s.chars[0].inventory == [] and tools in s.item_discard[1]


def test_pyrotechnics_puts_out_the_room_s_fire() -> None:
    """§14 Pyrotechnics, second option; §8.4 removal."""
    s = scene("mechanic", ["pyrotechnics", "search"])
    s.fire[HIBERNATORIUM] = True
    play(s, "pyrotechnics")
    assert not s.fire[HIBERNATORIUM]


def test_ingenuity_removes_a_malfunction() -> None:
    """§14 Ingenuity, first option."""
    s = scene("mechanic", ["ingenuity"], ROOM1_SLOT, "armory")
    s.malfunction[ROOM1_SLOT] = True
    play(s, "ingenuity")
    assert not s.malfunction[ROOM1_SLOT]


def test_ingenuity_crafts_with_a_yellow_item_as_the_tool() -> None:
    """§14 Ingenuity: craft with a yellow item as the Tool component; §13.4 Taser = Electric +
    Tool (Chemicals carry no Tool icon of their own)."""
    s = scene("mechanic", ["ingenuity"])
    charge, chemicals = thing(s, "red.energy_charge"), thing(s, "yellow.chemicals")
    s.chars[0].inventory = [charge, chemicals]
    play(s, "ingenuity")
    answer(s, Kind.CRAFT_PART, s.game.actions.thing.id(chemicals))
    taser = thing(s, "crafted.taser")
    assert s.chars[0].inventory == [taser] and s.crafted_left[1] == 2
    assert charge in s.item_discard[0] and chemicals in s.item_discard[1]


def test_a_crafted_flamethrower_arrives_fully_loaded() -> None:
    """FAQ: a crafted Flamethrower is fully loaded; a heavy item takes a hand (§6.3)."""
    s = scene("mechanic", ["ingenuity"])
    chemicals, clothes = thing(s, "yellow.chemicals"), thing(s, "yellow.clothes")
    s.chars[0].inventory = [chemicals, clothes]
    play(s, "ingenuity")
    acts = s.game.actions
    assert sorted(s.legal_actions()) == acts.craft.ids([2, 3])  # Flamethrower, Molotov
    answer(s, Kind.CRAFT_RECIPE, acts.craft.id(2))
    answer(s, Kind.CRAFT_PART, acts.thing.id(chemicals))
    flamethrower = thing(s, "crafted.flamethrower")
    assert s.chars[0].heavy[-1] == flamethrower and s.chars[0].heavy_ammo[-1] == 4
