"""Quest items (nemesis-reference.md §14, characters.yaml `quest_items`, docs/rules-decisions.md
50; FAQ §19): activation (a basic action, not in Combat, allowed with a Malfunction) and the use
of each of the twelve."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import intruders, items, noise
from nemesis_env.games.nemesis.rules.intruders import ADULT
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import CLOSED, DESTROYED, POD_UNLOCKED, State
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.items_helpers import (
    COCKPIT,
    HIB,
    ROOM_2,
    act,
    legal_args,
    mini,
    offered,
    place,
    scene,
    settle,
    thing,
    use,
)


def activate(s: State, which: int) -> None:
    act(s, "activate_quest", which)
    settle(s)


def can_activate(s: State, which: int) -> bool:
    return which in legal_args(s, "activate_quest")


def in_room(character: str, tile: str, inventory: tuple[str, ...] = ()) -> State:
    s = scene(character, room=ROOM_2, inventory=inventory)
    place(s, ROOM_2, tile)
    return s


def test_log_key_activates_in_the_comms_room_and_shows_an_objective() -> None:
    """§14 Captain: Log Key, active in the Comms Room; look at a player's objective from a
    Computer room."""
    s = scene("captain")
    assert not can_activate(s, 0)  # not in the Comms Room
    s = in_room("captain", "comms_room")
    hand = len(s.chars[0].hand)
    activate(s, 0)
    c = s.chars[0]
    key = thing(s, "quest.log_key")
    assert c.quest_active[0] and key in c.inventory and len(c.hand) == hand - 1
    use(s, "quest.log_key")
    assert legal_args(s, "seat") == [1, 2, 3]
    s.chars[1].objective = s.chars[1].objectives[0]  # seat 1 has chosen
    act(s, "seat", 1)
    assert s.objectives_seen[s.chars[1].objectives[0]] == 1
    assert key not in c.inventory  # one use


def test_intercom_activates_by_discarding_tools_or_duct_tape_and_is_no_action() -> None:
    """§14 Captain: Intercom (Order and Motivation reach Computer rooms, rules/cards.py)."""
    s = scene("captain", inventory=("yellow.tools", "yellow.duct_tape"))
    activate(s, 1)
    assert top_kind(s) == Kind.ITEM_THING
    act(s, "thing", thing(s, "yellow.tools"))
    assert s.chars[0].quest_active[1] and items.holds_active(s, 0, "intercom")
    assert s.chars[0].inventory == [thing(s, "yellow.duct_tape"), thing(s, "quest.intercom")]
    assert thing(s, "yellow.tools") in s.item_discard[1]
    assert not offered(s, "quest.intercom")


def test_pilot_s_evacuation_key_locks_or_unlocks_a_pod_of_the_section() -> None:
    """§14 Pilot: Evacuation Key (activation: discard an Energy Charge)."""
    s = in_room("pilot", "evacuation_b", ("yellow.energy_charge",))
    activate(s, 0)
    assert s.chars[0].inventory == [thing(s, "quest.evacuation_key_quest")]
    use(s, "quest.evacuation_key_quest")  # 4 players: pod 2 is Section B's only pod
    assert s.pods[1] == POD_UNLOCKED


def test_orbital_maneuvering_system_ends_the_phase_and_skips_the_intruder_attacks() -> None:
    """§14 Pilot: everyone passes; this turn's Intruder Attack step is skipped."""
    s = in_room("pilot", "fire_control_system")
    activate(s, 1)
    s.intruder_room[mini(s, ADULT)] = COCKPIT  # with seats 1-3
    use(s, "quest.orbital_maneuvering_system")
    assert all(c.passed for c in s.chars)
    assert top_kind(s) == Kind.EVENT_CARD  # the attack step came and went
    assert not any(c.serious or c.light_wounds for c in s.chars)
    assert not s.skip_intruder_attacks


def test_flashlight_activates_by_discarding_an_energy_charge() -> None:
    """§14 Mechanic: Flashlight (its use is the Search of rules/cards.py)."""
    s = scene("mechanic", inventory=("red.energy_charge",))
    activate(s, 0)
    assert s.chars[0].quest_active[0] and s.chars[0].inventory == [thing(s, "quest.flashlight")]


def test_flashlight_searches_the_room() -> None:
    """§14 Mechanic: the active Flashlight is a Search (§13.6): the room's item counter drops
    and two cards of its deck are drawn, one kept."""
    s = in_room("mechanic", "storage")  # a red room
    s.chars[0].inventory.append(thing(s, "red.energy_charge"))  # what activation costs
    s.chars[0].hand += [s.game.tables.card_index["search"]] * 3  # the Flashlight costs 2
    activate(s, 0)
    assert s.chars[0].quest_active[0]
    room = s.chars[0].room
    s.item_counter[room] = 2
    s.legal_cache = None
    use(s, "quest.flashlight")
    assert s.item_counter[room] == 1
    assert top_kind(s) in (Kind.SEARCH_DECK, Kind.CARD_ITEM_DRAW)


def test_plasma_torch_closes_a_destroyed_door() -> None:
    """§14 Mechanic, §8.6: only the Plasma Torch can close a destroyed door (active in
    Storage)."""
    s = in_room("mechanic", "storage")
    activate(s, 1)
    corridor = s.game.topo.corridor_to(ROOM_2, 3)
    s.door[corridor] = DESTROYED
    use(s, "quest.plasma_torch")
    act(s, "door", corridor)
    assert s.door[corridor] == CLOSED
    assert thing(s, "quest.plasma_torch") in s.chars[0].inventory  # not one use


def test_laboratory_equipment_reveals_the_weakness_of_an_object_in_your_room() -> None:
    """§14 Scientist: discover a weakness from an object in your room (activation: discard
    Chemicals); §12: the carcass slot's card turns face up."""
    s = scene("scientist", inventory=("yellow.chemicals",))
    activate(s, 0)
    s.objects[HIB].append(s.game.obj_carcass)  # beside the blue corpse lying there
    use(s, "quest.laboratory_equipment")
    act(s, "thing", s.game.obj_carcass)
    assert top_kind(s) == Kind.WEAKNESS  # the Laboratory's reveal (rooms_objects)
    chance(s, CHANCE.weakness, 3)
    assert s.weakness[s.game.weakness_slot_index("intruder_carcass")] == 3
    assert 3 not in s.weaknesses_left


def test_holo_computer_is_heavy_and_goes_into_a_hand() -> None:
    """§14 Scientist: Holo Computer, heavy (Intranet / Risk Assessment anywhere, cards.py)."""
    s = in_room("scientist", "emergency_room")
    activate(s, 1)
    holo = thing(s, "quest.holo_computer")
    assert holo in s.chars[0].heavy and items.holds_active(s, 0, "holo_computer")
    assert not offered(s, "quest.holo_computer")


def test_security_key_sets_the_doors_around_any_room() -> None:
    """§14 Scout: Security Key (active in the Cockpit): open/close any doors of one room."""
    s = scene("scout", room=COCKPIT)
    for c in s.chars[1:]:
        c.room = HIB
    activate(s, 0)
    use(s, "quest.security_key")
    act(s, "room", HIB)
    one, two = (s.game.topo.corridor_to(HIB, n) for n in (1, 2))
    act(s, "door", one)
    assert one not in legal_args(s, "door")  # each door once
    act(s, "door", two)
    act(s, "done")
    assert s.door[one] == s.door[two] == CLOSED and top_kind(s) == Kind.ROUND


def test_motion_scanner_rerolls_a_noise_roll_once_for_its_cost() -> None:
    """§14 Scout: Motion Scanner (heavy): reroll a Noise roll once (FAQ)."""
    s = scene("scout", inventory=("red.energy_charge",))
    activate(s, 1)
    assert thing(s, "quest.motion_scanner") in s.chars[0].heavy
    hand = len(s.chars[0].hand)
    noise.roll_noise(s, 0, HIB)
    chance(s, CHANCE.noise, 0)
    assert top_kind(s) == Kind.NOISE_REROLL
    act(s, "yes")
    settle(s)
    assert len(s.chars[0].hand) == hand - 1 and top_kind(s) == Kind.NOISE_ROLL
    chance(s, CHANCE.noise, 1)  # corridor 2, and no second reroll
    assert s.noise[s.game.topo.corridor_to(HIB, 2)] and not s.noise[s.game.topo.corridor_to(HIB, 1)]


def test_motion_scanner_declined_keeps_the_roll() -> None:
    s = scene("scout", inventory=("red.energy_charge",))
    activate(s, 1)
    noise.roll_noise(s, 0, HIB)
    chance(s, CHANCE.noise, 2)
    act(s, "no")
    assert s.noise[s.game.topo.corridor_to(HIB, 3)]


def test_autoloader_adds_capacity_and_makes_energy_charge_reloads_free() -> None:
    """§14 Soldier: Autoloader (active in the Armory): +1 capacity, added at once (FAQ §19);
    reloading with an Energy Charge costs 0 (FAQ)."""
    s = in_room("soldier", "armory", ("red.energy_charge",))
    activate(s, 0)
    s.chars[0].actions_left = 3  # room for two more actions in this round
    rifle = s.chars[0].heavy[0]
    s.chars[0].heavy_ammo = [2]
    use(s, "quest.autoloader")
    assert items.capacity(s, rifle) == 6 and s.chars[0].heavy_ammo == [3]
    hand = len(s.chars[0].hand)
    use(s, "red.energy_charge")
    act(s, "option", 0)
    assert s.chars[0].heavy_ammo == [6] and len(s.chars[0].hand) == hand


def test_armor_ignores_an_attack() -> None:
    """§14 Soldier: Armor (activation: discard Tools or Duct Tape): ignore one attack."""
    s = scene("soldier", inventory=("yellow.duct_tape",))
    activate(s, 1)
    adult = mini(s, ADULT)
    s.intruder_room[adult] = HIB
    intruders.attack(s, adult, 0)
    s.game.rules.settle(s)
    bite = s.game.attack_op.index("bite")
    chance(s, CHANCE.attack, bite)
    assert top_kind(s) == Kind.ARMOR
    act(s, "yes")
    assert not s.chars[0].serious and thing(s, "quest.armor") not in s.chars[0].inventory


def test_quest_activation_refusals() -> None:
    """§6.2: not in Combat; the requirement must hold; the cost must be payable."""
    s = in_room("captain", "comms_room")
    s.intruder_room[mini(s, ADULT)] = ROOM_2
    assert not can_activate(s, 0)
    s = scene("pilot")  # no Energy Charge to discard
    assert not can_activate(s, 0)
    s = in_room("captain", "comms_room")
    s.chars[0].hand = []
    assert not can_activate(s, 0)
    s = in_room("captain", "comms_room")
    s.malfunction[ROOM_2] = True  # FAQ: a Malfunction does not stop an activation
    assert can_activate(s, 0)


def test_armor_also_stops_a_larva() -> None:
    """§14 Armor: ignore one attack; a Larva's attack (§7.4) is one."""
    from nemesis_env.games.nemesis.rules.intruders import LARVA

    s = scene("soldier", inventory=("yellow.tools",))
    activate(s, 1)
    larva = mini(s, LARVA)
    s.intruder_room[larva] = HIB
    intruders.attack(s, larva, 0)
    s.game.rules.settle(s)
    assert top_kind(s) == Kind.ARMOR
    act(s, "no")
    assert s.chars[0].larva
