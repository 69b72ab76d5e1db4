"""Room actions (nemesis-reference.md §3.2 room sheet, §3.3 Nest, §4.3-§4.4 tracks, §8 condition,
§12 weaknesses, §16 critical moments)."""

from __future__ import annotations

import pytest

from nemesis_env.games.nemesis.actions import ACTIONS, CHANCE
from nemesis_env.games.nemesis.rules import noise, rooms_ship
from nemesis_env.games.nemesis.rules.intruders import ADULT, LARVA
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import (
    CLOSED,
    DAMAGED,
    DESTROYED,
    HIBERNATING,
    NOWHERE,
    OPEN,
    UNKNOWN,
    WORKING,
    State,
)
from nemesis_env.games.nemesis.tables import WEAKNESS_SLOTS
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.room_scenarios import (
    HIBERNATORIUM,
    answer,
    place_tile,
    room_action_offered,
    scenario,
    use_room,
)


def thing(s: State, thing_id: str) -> int:
    return s.game.tables.thing_index[thing_id]


def event_payload(s: State, kind: str) -> dict[str, object]:
    """The payload of the last logged event of that kind, as a dict."""
    assert s.events is not None
    for event in reversed(s.events):
        if kind in tuple(event):
            pairs = next(f for f in event if isinstance(f, tuple) and f and
                         isinstance(f[0], tuple))  # fmt: skip
            return dict(pairs)
    raise AssertionError(f"no {kind} event")


# -- when a room action may be used (§3.2 preamble, §6.1) ---------------------------------------
def test_an_explored_room_with_an_action_offers_it_for_two_cards() -> None:
    s, _ = scenario("comms_room")
    assert room_action_offered(s)
    hand = len(s.chars[0].hand)
    use_room(s)
    assert len(s.chars[0].hand) == hand - 2  # §3.2: every room action costs 2


def test_no_room_action_in_combat() -> None:
    s, room = scenario("comms_room")
    s.intruder_room[s.game.minis_of_type[ADULT][0]] = room  # §6.2: no room actions in Combat
    assert not room_action_offered(s)


def test_no_room_action_in_a_malfunctioning_room() -> None:
    s, room = scenario("comms_room")
    s.malfunction[room] = True  # §3.2, §8.5: a Malfunction disables the room action
    assert not room_action_offered(s)


def test_no_room_action_without_two_action_cards() -> None:
    s, _ = scenario("comms_room")
    c = s.chars[0]
    # §6.1: contamination cards never pay a cost
    c.hand = [c.hand[0], s.game.contam_unknown, s.game.contam_unknown]
    assert not room_action_offered(s)


def test_passive_rooms_and_unexplored_rooms_have_no_action() -> None:
    s, room = scenario("cabins")  # §3.2: Cabins are passive
    assert not room_action_offered(s)
    s.explored[room] = False
    s.tile[room] = UNKNOWN
    assert not room_action_offered(s)


# -- Armory -------------------------------------------------------------------------------------
def test_armory_adds_two_ammo_to_an_energy_weapon_up_to_capacity() -> None:
    s, _ = scenario("armory")
    c = s.chars[0]
    assert s.game.tables.things[c.heavy[0]].id == "weapon.shotgun"  # energy, ammo 2
    c.heavy, c.heavy_ammo = [thing(s, "red.prototype_rifle")], [3]  # energy, capacity 6
    use_room(s)
    assert top_kind(s) == Kind.ROOM_WEAPON
    answer(s, ACTIONS.weapon.id(0))
    assert c.heavy_ammo == [5]  # §3.2 Armory: +2
    s2, _ = scenario("armory")
    c2 = s2.chars[0]
    c2.heavy, c2.heavy_ammo = [thing(s2, "red.prototype_rifle")], [5]
    use_room(s2)
    answer(s2, ACTIONS.weapon.id(0))
    assert c2.heavy_ammo == [6]  # never above capacity


def test_armory_never_reloads_a_classic_weapon_or_a_full_one() -> None:
    s, _ = scenario("armory")
    c = s.chars[0]
    c.heavy, c.heavy_ammo = [thing(s, "weapon.six_shooter")], [0]  # classic
    assert not room_action_offered(s)
    c.heavy, c.heavy_ammo = [thing(s, "weapon.shotgun")], [2]  # energy, full
    assert not room_action_offered(s)


# -- Comms Room ---------------------------------------------------------------------------------
def test_comms_room_sends_the_signal_once() -> None:
    s, _ = scenario("comms_room")
    use_room(s)
    assert s.chars[0].signal  # §3.2 Comms Room, §15 Signal
    assert not room_action_offered(s)  # the second action of the round: nothing left to send


# -- Emergency Room -----------------------------------------------------------------------------
def emergency(light: int, serious: list[int]) -> State:
    s, _ = scenario("emergency_room")
    c = s.chars[0]
    c.light_wounds, c.serious = light, serious
    return s


def test_emergency_room_dresses_all_serious_wounds() -> None:
    s = emergency(1, [0, 5])
    use_room(s)
    assert top_kind(s) == Kind.ROOM_OPTION
    assert s.legal_actions() == ACTIONS.option.ids([0, 2])  # nothing dressed to heal yet
    answer(s, ACTIONS.option.id(0))
    assert s.chars[0].serious == [~0, ~5]  # §8.1 Dress: flipped, still counted
    assert s.chars[0].light_wounds == 1


def test_emergency_room_heals_one_dressed_serious_wound() -> None:
    s = emergency(0, [~3, 7, ~9])
    use_room(s)
    answer(s, ACTIONS.option.id(1))
    assert s.chars[0].serious == [7, ~9]  # §8.1 Heal: one dressed wound discarded
    assert 3 in s.wound_discard


def test_emergency_room_heals_all_light_wounds() -> None:
    s = emergency(2, [])
    use_room(s)
    assert s.legal_actions() == [ACTIONS.option.id(2)]
    answer(s, ACTIONS.option.id(2))
    assert s.chars[0].light_wounds == 0


def test_emergency_room_with_nothing_to_treat_is_not_offered() -> None:
    assert not room_action_offered(emergency(0, []))


# -- Fire Control System ------------------------------------------------------------------------
def test_fire_control_puts_out_a_fire_anywhere_and_intruders_there_flee() -> None:
    s, _ = scenario("fire_control_system")
    target = 14  # room 15, unexplored: any room may be picked (§3.2)
    adult = s.game.minis_of_type[ADULT][0]
    s.fire[target] = True
    s.intruder_room[adult] = target
    use_room(s)
    assert top_kind(s) == Kind.ROOM_TARGET
    answer(s, ACTIONS.room.id(target))
    assert not s.fire[target]
    assert top_kind(s) == Kind.FLEE_DIRECTION  # §7.6 retreat: an Event card gives the way


def test_fire_control_with_susceptibility_to_phosphates_also_injures() -> None:
    s, _ = scenario("fire_control_system")
    s.weakness[0] = s.game.weakness_ids.index("susceptibility_to_phosphates")
    target = 14
    larva = s.game.minis_of_type[LARVA][0]
    s.intruder_room[larva] = target
    use_room(s)
    answer(s, ACTIONS.room.id(target))
    assert s.intruder_room[larva] == NOWHERE  # §12: 1 injury kills a Larva (§7.6)


# -- Generator ----------------------------------------------------------------------------------
def test_generator_starts_and_stops_self_destruct() -> None:
    s, _ = scenario("generator")
    use_room(s)
    assert s.self_destruct == 0  # §4.4: on the first (green) space
    use_room(s)  # the round's second action
    assert s.self_destruct == -1


def test_generator_cannot_start_once_someone_hibernates() -> None:
    s, _ = scenario("generator")
    s.hibernation_started = True  # §16
    assert not room_action_offered(s)


def test_generator_cannot_stop_past_the_first_yellow_space() -> None:
    s, _ = scenario("generator")
    s.self_destruct = s.game.params.self_destruct_to_yellow  # §4.4
    assert not room_action_offered(s)
    s.self_destruct = s.game.params.self_destruct_to_yellow - 1
    assert room_action_offered(s)


# -- Laboratory ---------------------------------------------------------------------------------
def test_laboratory_analyses_a_corpse_and_draws_its_weakness() -> None:
    s, room = scenario("laboratory")
    s.objects[room] = [s.game.obj_blue_corpse]
    use_room(s)
    assert s.legal_actions() == [ACTIONS.thing.id(s.game.obj_blue_corpse)]
    answer(s, ACTIONS.thing.id(s.game.obj_blue_corpse))
    assert top_kind(s) == Kind.WEAKNESS  # face down: drawn only now (§12)
    assert len(s.chance_outcomes()) == len(s.game.weakness_ids)
    chance(s, CHANCE.weakness, 4)
    slot = WEAKNESS_SLOTS.index("character_corpse")
    assert s.weakness[slot] == 4 and 4 not in s.weaknesses_left
    assert s.objects[room] == [s.game.obj_blue_corpse]  # the object stays


def test_laboratory_analyses_a_carried_egg() -> None:
    s, _ = scenario("laboratory")
    c = s.chars[0]
    c.heavy.append(s.game.obj_egg)
    c.heavy_ammo.append(0)
    c.carried_eggs = 1
    s.weakness[WEAKNESS_SLOTS.index("intruder_carcass")] = 2  # another slot face up
    s.weaknesses_left.remove(2)
    use_room(s)
    answer(s, ACTIONS.thing.id(s.game.obj_egg))
    assert [w for w, _ in s.chance_outcomes()] == CHANCE.weakness.ids(s.weaknesses_left)
    chance(s, CHANCE.weakness, 0)
    assert s.weakness[WEAKNESS_SLOTS.index("egg")] == 0


def test_laboratory_needs_an_object_whose_weakness_is_face_down() -> None:
    s, room = scenario("laboratory")
    assert not room_action_offered(s)  # nothing to analyse
    s.objects[room] = [s.game.obj_carcass]
    s.weakness[WEAKNESS_SLOTS.index("intruder_carcass")] = 1
    assert not room_action_offered(s)  # that weakness is already known


# -- Nest ---------------------------------------------------------------------------------------
def test_nest_gives_an_egg_then_a_noise_roll() -> None:
    s, room = scenario("nest")
    c = s.chars[0]
    use_room(s)
    assert s.eggs_in_nest == 4 and c.heavy[-1] == s.game.obj_egg and c.carried_eggs == 1
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.room == room  # §3.3


def test_taking_the_last_egg_destroys_the_nest() -> None:
    s, _ = scenario("nest")
    s.eggs_in_nest = 1
    use_room(s)
    assert s.eggs_in_nest == 0 and s.nest_destroyed  # §3.3


def test_nest_needs_a_free_hand() -> None:
    s, _ = scenario("nest")
    c = s.chars[0]
    c.heavy.append(s.game.obj_carcass)
    c.heavy_ammo.append(0)
    assert not room_action_offered(s)  # §6.3: two hands full


# -- Storage ------------------------------------------------------------------------------------
def test_storage_draws_two_keeps_one_and_the_other_goes_to_the_bottom() -> None:
    s, room = scenario("storage")
    s.item_counter[room] = 0  # FAQ: works at item counter 0
    use_room(s)
    assert top_kind(s) == Kind.ROOM_ITEM_DECK
    answer(s, ACTIONS.item_deck.id(2))  # green
    medkit, food = thing(s, "green.medkit"), thing(s, "green.synthetic_food")
    chance(s, CHANCE.item, medkit)
    chance(s, CHANCE.item, food)
    assert sorted(s.legal_actions()) == sorted(ACTIONS.thing.ids([medkit, food]))
    answer(s, ACTIONS.thing.id(medkit))
    assert s.chars[0].inventory == [medkit]
    deck = s.item_decks[2]
    assert deck.bottom == [food] and deck.bottom_known == [frozenset({0})]


def test_storage_heavy_item_into_full_hands_drops_one() -> None:
    s, room = scenario("storage")
    c = s.chars[0]
    c.heavy.append(s.game.obj_carcass)
    c.heavy_ammo.append(0)
    use_room(s)
    answer(s, ACTIONS.item_deck.id(0))
    rifle, grenade = thing(s, "red.prototype_rifle"), thing(s, "red.grenade")
    chance(s, CHANCE.item, rifle)
    chance(s, CHANCE.item, grenade)
    answer(s, ACTIONS.thing.id(rifle))
    assert top_kind(s) == Kind.ROOM_HAND_FULL  # §6.3: a third heavy thing needs a drop
    answer(s, ACTIONS.thing.id(s.game.obj_carcass))
    assert s.game.obj_carcass in s.objects[room]
    assert rifle in c.heavy and c.heavy_ammo[c.heavy.index(rifle)] == 1  # §6.3: 1 ammo


# -- Surgery ------------------------------------------------------------------------------------
def test_surgery_purges_infection_wounds_lightly_reshuffles_and_passes() -> None:
    s, _ = scenario("surgery")
    g = s.game
    c = s.chars[0]
    c.larva = True
    c.discard = [g.contam_unknown, g.contam_clean]
    c.deck.shuffle_in([g.contam_infected])
    use_room(s)  # pays 2 of the 5 cards in hand
    assert top_kind(s) == Kind.SCAN
    chance(s, CHANCE.scan, 1)  # the unscanned card in the discard is infected
    total = len(c.deck) + len(c.hand) + len(c.discard)
    assert s.chars[0].passed and not c.larva
    assert c.hand == [] and c.discard == []  # §3.2: hand included, a new deck
    assert g.contam_infected not in c.deck.unseen and g.contam_clean in c.deck.unseen
    assert len(c.deck) == total
    assert c.light_wounds == 1
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 1  # passed at once


# -- Airlock Control ----------------------------------------------------------------------------
def test_airlock_closes_the_doors_of_another_yellow_room_and_depressurises_it() -> None:
    s, _ = scenario("airlock_control")
    target = place_tile(s, "generator", room=3)  # room 4, a Room "1" slot
    use_room(s)
    assert top_kind(s) == Kind.ROOM_TARGET
    assert s.legal_actions() == [ACTIONS.room.id(target)]
    answer(s, ACTIONS.room.id(target))
    topo = s.game.topo
    assert all(s.door[c] == CLOSED for c in topo.exits[target] if not topo.is_tc(c))
    assert s.depressurised == target


def test_airlock_refuses_a_room_with_a_destroyed_door() -> None:
    s, _ = scenario("airlock_control")
    target = place_tile(s, "generator", room=3)
    s.door[s.game.topo.exits[target][0]] = DESTROYED
    assert not room_action_offered(s)  # no other yellow room qualifies


# -- Canteen and Shower Room --------------------------------------------------------------------
def test_canteen_heals_one_light_wound_and_scans_the_hand_on_request() -> None:
    s, _ = scenario("canteen")
    g = s.game
    c = s.chars[0]
    c.light_wounds = 2
    c.hand += [g.contam_unknown, g.contam_unknown]
    use_room(s)
    assert c.light_wounds == 1
    assert top_kind(s) == Kind.ROOM_SCAN
    answer(s, ACTIONS.yes.id())
    chance(s, CHANCE.scan, 0)
    chance(s, CHANCE.scan, 1)
    assert g.contam_clean not in c.hand and c.hand.count(g.contam_infected) == 1  # §8.2
    assert c.larva  # the infected card gives a Larva


def test_shower_removes_slime_and_the_scan_may_be_declined() -> None:
    s, _ = scenario("shower_room")
    c = s.chars[0]
    c.slime = True
    c.hand.append(s.game.contam_unknown)
    use_room(s)
    assert not c.slime  # §8.3
    answer(s, ACTIONS.no.id())
    assert s.game.contam_unknown in c.hand


# -- Command Center -----------------------------------------------------------------------------
def test_command_center_opens_and_closes_doors_around_a_room_one_by_one() -> None:
    s, _ = scenario("command_center")
    topo = s.game.topo
    target = HIBERNATORIUM
    first, second = topo.exits[target][:2]
    s.door[second] = CLOSED
    use_room(s)
    answer(s, ACTIONS.room.id(target))
    assert top_kind(s) == Kind.ROOM_DOOR
    answer(s, ACTIONS.door.id(first))
    assert s.door[first] == CLOSED
    assert ACTIONS.door.id(first) not in s.legal_actions()  # each door once
    answer(s, ACTIONS.door.id(second))
    assert s.door[second] == OPEN
    answer(s, ACTIONS.done_id)
    assert top_kind(s) == Kind.ROUND


# -- Engine Control Room, Engines ----------------------------------------------------------------
def test_engine_control_room_shows_the_seat_all_three_engines() -> None:
    s, _ = scenario("engine_control_room")
    use_room(s)
    for engine_state in (WORKING, DAMAGED, WORKING):
        assert top_kind(s) == Kind.ENGINE
        chance(s, CHANCE.engine, engine_state)
    assert s.engine == [WORKING, DAMAGED, WORKING]
    assert s.engine_known == [1, 1, 1]  # seat 0 only


def test_an_engine_room_checks_its_engine() -> None:
    s, room = scenario("engine_2")
    engine = s.game.room_def(s, room).engine - 1
    use_room(s)
    chance(s, CHANCE.engine, DAMAGED)
    assert s.engine[engine] == DAMAGED and s.engine_known[engine] == 1
    assert s.engine.count(UNKNOWN) == 2


def test_a_malfunction_stops_the_engine_check() -> None:
    s, room = scenario("engine_1")
    s.malfunction[room] = True  # only repair/break works with a Malfunction (§3.2)
    assert not room_action_offered(s)


def test_repair_or_break_restacks_and_tells_whether_the_order_changed() -> None:
    s, _ = scenario("engine_1")
    s.engine = [WORKING, UNKNOWN, UNKNOWN]
    s.engine_known = [0b10, 0, 0]  # seat 1 had checked engine 1
    rooms_ship.repair_or_break(s, 0, 0)
    s.game.rules.settle(s)
    assert top_kind(s) == Kind.ROOM_RESTACK and s.stack[-1].chooser == 0
    answer(s, ACTIONS.option.id(DAMAGED))
    assert s.engine[0] == DAMAGED
    assert s.engine_known[0] == 0b11  # seat 1 heard the order changed: it knows the new top
    assert event_payload(s, "engine_restacked")["changed"] == 1


def test_repair_or_break_of_an_unseen_engine_draws_its_top_first() -> None:
    s, _ = scenario("engine_3")
    rooms_ship.repair_or_break(s, 0, 2)
    s.game.rules.settle(s)
    chance(s, CHANCE.engine, WORKING)
    answer(s, ACTIONS.option.id(WORKING))
    assert s.engine[2] == WORKING and s.engine_known[2] == 1
    assert event_payload(s, "engine_restacked")["changed"] == 0


# -- Hatch Control System -----------------------------------------------------------------------
def test_hatch_control_flips_one_pod() -> None:
    s, _ = scenario("hatch_control_system")
    use_room(s)
    assert s.legal_actions() == ACTIONS.pod.ids(range(len(s.pods)))
    answer(s, ACTIONS.pod.id(1))
    assert s.pods == [0, 1, 0]  # pod 2 unlocked (§3.2)


# -- Monitoring Room ----------------------------------------------------------------------------
def test_monitoring_room_shows_one_unexplored_room_to_the_seat() -> None:
    s, _ = scenario("monitoring_room")
    target = 8  # room 9, unexplored
    use_room(s)
    answer(s, ACTIONS.room.id(target))
    assert top_kind(s) == Kind.TILE
    chance(s, CHANCE.tile, s.game.tables.tiles.index("storage"))
    assert top_kind(s) == Kind.EXPLORATION_TOKEN
    chance(s, CHANCE.exploration, 0)
    assert s.tile_known[target] == 1 and s.token_known[target] == 1  # seat 0 only
    assert not s.explored[target]


# -- Slime room (passive) -----------------------------------------------------------------------
def test_entering_the_slime_room_gives_slime() -> None:
    s, _ = scenario("comms_room")
    slime = place_tile(s, "slime_room", room=6)  # room 7, a neighbour of room 3 (§2.2)
    s.legal_cache = None
    answer(s, ACTIONS.move.id(slime))
    while top_kind(s) == Kind.PAY:
        s.apply_action(s.legal_actions()[0])
    assert s.chars[0].room == slime and s.chars[0].slime  # §3.2 Slime room


# -- Cockpit ------------------------------------------------------------------------------------
def test_cockpit_checks_the_coordinates_secretly() -> None:
    s, _ = scenario("cockpit")
    use_room(s)
    answer(s, ACTIONS.option.id(0))
    chance(s, CHANCE.coordinates, 5)
    assert s.coordinates == 5 and s.coordinates_known == 1


def test_cockpit_sets_the_destination() -> None:
    s, _ = scenario("cockpit")
    use_room(s)
    answer(s, ACTIONS.option.id(1))
    assert s.legal_actions() == ACTIONS.option.ids([0, 2, 3])  # the marker starts on B
    answer(s, ACTIONS.option.id(0))
    assert s.destination == 0


def test_cockpit_cannot_set_the_destination_once_someone_hibernates() -> None:
    s, _ = scenario("cockpit")
    s.hibernation_started = True  # §16
    use_room(s)
    assert s.legal_actions() == [ACTIONS.option.id(0)]


# -- Hibernatorium ------------------------------------------------------------------------------
def test_hibernation_needs_a_blue_time_space() -> None:
    s, _ = scenario("hibernatorium")
    s.time = 9
    assert not room_action_offered(s)  # §4.3: blue spaces are 8 and below
    s.time = 8
    assert room_action_offered(s)


def test_hibernating_after_a_quiet_noise_roll() -> None:
    s, _ = scenario("hibernatorium")
    s.time = 5
    use_room(s)
    assert top_kind(s) == Kind.NOISE_ROLL
    chance(s, CHANCE.noise, 0)  # noise in corridor 1: no Intruder came
    c = s.chars[0]
    assert c.status == HIBERNATING and c.room == NOWHERE and s.hibernation_started


def test_an_intruder_appearing_stops_the_hibernation() -> None:
    s, room = scenario("hibernatorium")
    s.time = 5
    s.noise[s.game.topo.corridor_to(room, 2)] = True
    use_room(s)
    chance(s, CHANCE.noise, 1)  # corridor 2 already noisy: an Encounter
    chance(s, CHANCE.token, s.game.tokens_of_type[LARVA][0])
    assert s.chars[0].status != HIBERNATING and not s.hibernation_started
    assert s.chars[0].room == room


@pytest.mark.parametrize("face", [noise.DANGER])
def test_danger_bringing_an_intruder_in_stops_the_hibernation(face: int) -> None:
    s, room = scenario("hibernatorium")
    s.time = 5
    adult = s.game.minis_of_type[ADULT][0]
    s.intruder_room[adult] = 14  # room 15, a neighbour
    use_room(s)
    chance(s, CHANCE.noise, face - 1)
    assert s.intruder_room[adult] == room and s.chars[0].status != HIBERNATING


def test_hatch_control_locks_an_unlocked_pod_again() -> None:
    s, _ = scenario("hatch_control_system")
    s.pods[0] = 1  # unlocked by the first death (§16); can be relocked
    use_room(s)
    answer(s, ACTIONS.pod.id(0))
    assert s.pods[0] == 0
