"""Red and yellow items (nemesis-reference.md §13.1, §13.2; FAQ §19), one scenario per item and
per alternative, and the refusals of timing, cost and conditions (§6.1)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import items
from nemesis_env.games.nemesis.rules.intruders import ADULT, CREEPER
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import (
    CLOSED,
    DESTROYED,
    OPEN,
    POD_LOCKED,
    POD_UNLOCKED,
    WORKING,
)
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.items_helpers import (
    HIB,
    ROOM_2,
    ROOM_14,
    ROOM_15,
    ROOM_16,
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

ENERGY_CHARGE = "red.energy_charge"


def test_energy_charge_fully_reloads_your_energy_weapon() -> None:
    """§13.1: fully reload one Energy weapon (one use, cost 1)."""
    s = scene("scout", inventory=(ENERGY_CHARGE,))
    s.chars[0].heavy_ammo = [1]
    hand = len(s.chars[0].hand)
    use(s, ENERGY_CHARGE)
    assert top_kind(s) == Kind.ITEM_OPTION
    act(s, "option", 0)
    c = s.chars[0]
    assert c.heavy_ammo == [4] and len(c.hand) == hand - 1
    assert c.inventory == [] and thing(s, ENERGY_CHARGE) in s.item_discard[0]


def test_energy_charge_opens_or_closes_a_door_of_your_room() -> None:
    """§13.1: or open/close one door in a corridor of your room."""
    s = scene("scout", inventory=(ENERGY_CHARGE,))  # a full rifle: the door is the only use
    use(s, ENERGY_CHARGE)
    assert top_kind(s) == Kind.ITEM_DOOR
    corridor = s.game.topo.corridor_to(HIB, 1)
    act(s, "door", corridor)
    assert s.door[corridor] == CLOSED
    assert top_kind(s) == Kind.ROUND  # the second action: another charge opens it again
    s.chars[0].inventory = [thing(s, ENERGY_CHARGE)]
    act(s, "use_item", thing(s, ENERGY_CHARGE))
    settle(s)
    act(s, "door", corridor)
    assert s.door[corridor] == OPEN


def test_energy_charge_reloads_neither_a_classic_weapon_nor_someone_else_s() -> None:
    """§13.1 (Energy weapons only), FAQ §19: it cannot reload another character's weapon."""
    s = scene("captain", inventory=(ENERGY_CHARGE,))
    s.chars[0].heavy_ammo = [0]  # the Six-Shooter is a classic weapon
    other = s.chars[1]
    other.room, other.heavy, other.heavy_ammo = HIB, [s.game.starting_weapon(4)], [0]
    for corridor in s.game.topo.exits[HIB]:
        s.door[corridor] = DESTROYED  # no door to use it on either
    assert not offered(s, ENERGY_CHARGE)


def test_grenade_hits_the_chosen_intruder_twice_and_everyone_else_there_once() -> None:
    """§13.1: a neighbour with an Intruder; the chosen one 2 injuries, every other Intruder 1,
    every character there a Serious Wound."""
    s = scene(inventory=("red.grenade",))
    adult, creeper = mini(s, ADULT), mini(s, CREEPER)
    s.intruder_room[adult] = s.intruder_room[creeper] = ROOM_15
    s.chars[1].room = ROOM_15
    use(s, "red.grenade")
    assert top_kind(s) == Kind.ITEM_INTRUDER and legal_args(s, "intruder") == [creeper, adult]
    act(s, "intruder", adult)
    assert s.intruder_injuries[adult] == 2 and s.intruder_injuries[creeper] == 1
    assert any(d.kind == Kind.WOUND_CARD and d.payload.seat == 1 for d in s.stack)
    assert not any(d.kind == Kind.WOUND_CARD and d.payload.seat == 0 for d in s.stack)


def test_grenade_in_your_own_room_wounds_you_too() -> None:
    """§13.1: everyone in the target room, you too."""
    s = scene(inventory=("red.grenade",))
    adult = mini(s, ADULT)
    s.intruder_room[adult] = HIB
    use(s, "red.grenade")
    assert s.intruder_injuries[adult] == 2
    assert any(d.kind == Kind.WOUND_CARD and d.payload.seat == 0 for d in s.stack)


def test_grenade_cannot_be_thrown_through_a_closed_door() -> None:
    """§8.6: a closed door blocks grenade throws."""
    s = scene(inventory=("red.grenade",))
    s.intruder_room[mini(s, ADULT)] = ROOM_15
    s.door[s.game.topo.corridor_to(HIB, 1)] = CLOSED
    assert not offered(s, "red.grenade")


def test_grenade_into_the_nest_destroys_two_eggs_and_makes_noise_in_your_room() -> None:
    """§3.3: a Grenade destroys 2 eggs; FAQ §19: thrown from outside, Noise roll in your room."""
    s = scene(inventory=("red.grenade",))
    place(s, ROOM_15, "nest")
    eggs = s.eggs_in_nest
    use(s, "red.grenade")
    assert s.eggs_in_nest == eggs - 2
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.room == HIB


def test_smoke_grenade_others_discard_and_you_leave_without_attacks() -> None:
    """§13.1 and FAQ §19: each other character in the room discards 1 card of their choice;
    you move to a neighbour and no Intruder attacks you."""
    s = scene(inventory=("red.smoke_grenade",))
    s.intruder_room[mini(s, ADULT)] = HIB
    s.chars[1].room = HIB
    place(s, ROOM_15, "storage")
    use(s, "red.smoke_grenade")
    assert top_kind(s) == Kind.ITEM_CARD and s.stack[-1].chooser == 1
    act(s, "discard", s.chars[1].hand[0])
    assert len(s.chars[1].hand) == 1
    assert top_kind(s) == Kind.ITEM_ROOM
    act(s, "room", ROOM_15)
    assert s.chars[0].room == ROOM_15 and top_kind(s) == Kind.NOISE_ROLL
    assert not s.chars[0].serious and s.chars[0].light_wounds == 0
    assert not any(d.kind in (Kind.INTRUDER_ATTACK, Kind.ATTACK_CARD) for d in s.stack)


def test_a_scanned_card_discarded_to_a_smoke_grenade_shows_as_contamination_to_others() -> None:
    """§8.2: only the owner knows what a scan showed. Discarding a scanned INFECTED card to a
    Smoke Grenade (§13.1) tells the others only that a contamination card was discarded."""
    s = scene(inventory=("red.smoke_grenade",))
    s.chars[1].room = HIB
    g = s.game
    s.chars[1].hand[0] = g.contam_infected
    s.contam_deck_left -= 1  # the card came from the contamination deck, then was scanned
    s.events = []
    use(s, "red.smoke_grenade")
    act(s, "discard", g.contam_infected)
    (discard,) = [e for e in s.events if e.kind == "discard"]
    assert discard.visible_to is None and dict(discard.payload)["card"] == g.contam_unknown
    assert g.view_for(s, 0).chars[1].discard[-1] == g.contam_unknown
    assert g.view_for(s, 1).chars[1].discard[-1] == g.contam_infected


def test_recon_drone_shows_you_a_tile_and_its_token_and_nobody_else() -> None:
    """§13.1: look at 1 unexplored room tile and its token (out of combat, data timing)."""
    s = scene(inventory=("red.recon_drone",))
    use(s, "red.recon_drone")
    act(s, "room", 5)
    assert top_kind(s) == Kind.TILE
    s.apply_action(s.legal_actions()[0])
    assert top_kind(s) == Kind.EXPLORATION_TOKEN
    s.apply_action(s.legal_actions()[0])
    assert s.tile_known[5] == 1 and s.token_known[5] == 1 and not s.explored[5]


def test_recon_drone_is_not_for_combat() -> None:
    s = scene(inventory=("red.recon_drone",))
    s.intruder_room[mini(s, ADULT)] = HIB
    assert not offered(s, "red.recon_drone")


def test_decoy_lures_the_neighbours_of_the_chosen_room_those_in_combat_attack_first() -> None:
    """§13.1: pick a neighbour; every Intruder of its neighbouring rooms moves there, one in
    Combat attacking once first."""
    s = scene(inventory=("red.decoy",))
    creeper, adult = mini(s, CREEPER), mini(s, ADULT)
    s.intruder_room[creeper] = HIB  # in Combat with seat 0
    s.intruder_room[adult] = ROOM_16  # next to room 15
    use(s, "red.decoy")
    act(s, "room", ROOM_15)
    assert top_kind(s) == Kind.ATTACK_CARD and s.stack[-1].payload.intruder == creeper
    claw = s.game.attack_op.index("claw_attack")  # a card a Creeper misses with
    chance(s, CHANCE.attack, claw)
    assert s.intruder_room[creeper] == ROOM_15 and s.intruder_room[adult] == ROOM_15


def test_self_destruct_key_starts_and_stops_the_sequence_in_a_computer_room() -> None:
    """§13.1: in a room with a computer, start/stop self-destruct (not once yellow)."""
    s = scene(room=ROOM_2, inventory=("red.self_destruct_key",))
    place(s, ROOM_2, "comms_room")
    use(s, "red.self_destruct_key")
    assert s.self_destruct == 0
    s.chars[0].inventory = [thing(s, "red.self_destruct_key")]
    s.self_destruct = s.game.params.self_destruct_to_yellow - 1
    use(s, "red.self_destruct_key")
    assert s.self_destruct == -1


def test_self_destruct_key_refusals() -> None:
    """§13.1: not once the first yellow space is reached; only in a working computer room."""
    s = scene(room=ROOM_2, inventory=("red.self_destruct_key",))
    place(s, ROOM_2, "comms_room")
    s.self_destruct = s.game.params.self_destruct_to_yellow
    assert not offered(s, "red.self_destruct_key")
    s.self_destruct = -1
    s.malfunction[ROOM_2] = True
    assert not offered(s, "red.self_destruct_key")
    s.malfunction[ROOM_2] = False
    place(s, ROOM_2, "storage")  # no computer
    assert not offered(s, "red.self_destruct_key")


def test_evacuation_key_unlocks_a_pod_of_this_section() -> None:
    """§13.1: in an Evacuation Section, lock/unlock one pod of that section."""
    s = scene(room=ROOM_2, inventory=("red.evacuation_key",))
    place(s, ROOM_2, "evacuation_a")
    use(s, "red.evacuation_key")
    assert legal_args(s, "pod") == [0, 2]  # 4 players: pods 1 and 3 are in Section A
    act(s, "pod", 2)
    assert s.pods == [POD_LOCKED, POD_LOCKED, POD_UNLOCKED]
    assert not offered(s, "red.evacuation_key")  # one use


def test_comms_key_looks_at_an_objective_of_a_signalled_character() -> None:
    """§13.1: in a Computer room, look at one objective of a character with a Signal."""
    s = scene(room=ROOM_2, inventory=("red.comms_key",))
    place(s, ROOM_2, "comms_room")
    assert not offered(s, "red.comms_key")  # nobody has sent a signal
    s.chars[2].signal = True
    use(s, "red.comms_key")
    assert top_kind(s) == Kind.OBJECTIVE_PEEK  # one of the two dealt cards, unseen which
    seen = s.chars[2].objectives[1]
    chance(s, CHANCE.objective, seen)
    assert s.objectives_seen[seen] == 1 and s.objectives_seen[s.chars[2].objectives[0]] == 0


def test_extended_magazine_adds_two_ammo_now_and_two_capacity() -> None:
    """§13.1, FAQ §19: +2 ammo at once and +2 capacity for an Energy weapon."""
    s = scene("scout", inventory=("red.extended_magazine", ENERGY_CHARGE))
    s.chars[0].heavy_ammo = [1]
    rifle = s.chars[0].heavy[0]
    use(s, "red.extended_magazine")
    assert s.chars[0].heavy_ammo == [3] and items.capacity(s, rifle) == 6
    assert thing(s, "red.extended_magazine") not in s.chars[0].inventory
    use(s, ENERGY_CHARGE)
    act(s, "option", 0)
    assert s.chars[0].heavy_ammo == [6]


def test_chemicals_fully_reload_the_flamethrower_only() -> None:
    """§13.2: Chemicals fully reload a Flamethrower (§13.4)."""
    s = scene("scout", inventory=("yellow.chemicals",))
    s.chars[0].heavy_ammo = [0]
    assert not offered(s, "yellow.chemicals")  # the Rifle is an Energy weapon
    flamethrower = thing(s, "crafted.flamethrower")
    s.chars[0].heavy, s.chars[0].heavy_ammo = [flamethrower], [1]
    use(s, "yellow.chemicals")
    assert s.chars[0].heavy_ammo == [4]


def test_tools_remove_the_malfunction_of_your_room() -> None:
    """§13.2: remove the Malfunction in your room (or a door, or an engine)."""
    s = scene(room=ROOM_2, inventory=("yellow.tools",))
    place(s, ROOM_2, "storage")
    s.malfunction[ROOM_2] = True
    use(s, "yellow.tools")
    assert legal_args(s, "option") == [0, 2]  # no engine here
    act(s, "option", 0)
    assert not s.malfunction[ROOM_2]


def test_tools_open_or_close_a_door() -> None:
    s = scene(inventory=("yellow.tools",))
    use(s, "yellow.tools")  # no malfunction, no engine: the door is the only use
    corridor = s.game.topo.corridor_to(HIB, 2)
    act(s, "door", corridor)
    assert s.door[corridor] == CLOSED


def test_tools_repair_or_break_the_engine_of_the_room() -> None:
    """§13.2, §3.2: in an engine room, look at its tokens and restack them (even with a
    Malfunction); others learn only whether the order changed."""
    engine_room = 18  # room 19, Engine 3
    s = scene(room=engine_room, inventory=("yellow.tools",))
    use(s, "yellow.tools")
    act(s, "option", 1)
    assert top_kind(s) == Kind.ENGINE
    chance(s, CHANCE.engine, 1)  # it was Damaged
    assert top_kind(s) == Kind.ROOM_RESTACK
    act(s, "option", WORKING)
    assert s.engine[2] == WORKING and s.engine_known[2] == 1


def test_duct_tape_joins_two_heavy_items_in_one_hand() -> None:
    """§6.3, §13.2: Duct Tape lets 2 Heavy Items share one hand."""
    s = scene("scout", inventory=("yellow.duct_tape",))
    c = s.chars[0]
    c.heavy.append(thing(s, "yellow.fire_extinguisher"))
    c.heavy_ammo.append(0)
    use(s, "yellow.duct_tape")  # no malfunction, no engine: joining is the only use
    assert items.hand_slots(s, 0) == 3
    items.take_heavy(s, 0, thing(s, "crafted.flamethrower"), 4)
    assert len(c.heavy) == 3 and top_kind(s) == Kind.ROUND


def test_duct_tape_removes_a_malfunction() -> None:
    s = scene(room=ROOM_2, inventory=("yellow.duct_tape",))
    place(s, ROOM_2, "storage")
    s.malfunction[ROOM_2] = True
    use(s, "yellow.duct_tape")  # a single heavy item: nothing to join
    assert not s.malfunction[ROOM_2]


def test_fire_extinguisher_puts_out_the_fire_and_stays() -> None:
    """§13.2: remove the fire in your room; the Extinguisher is not one use (data)."""
    s = scene("scout")
    extinguisher = thing(s, "yellow.fire_extinguisher")
    s.chars[0].heavy, s.chars[0].heavy_ammo = [extinguisher], [0]
    s.fire[HIB] = True
    s.legal_cache = None
    use(s, "yellow.fire_extinguisher")
    assert not s.fire[HIB] and s.chars[0].heavy == [extinguisher]


def test_fire_extinguisher_makes_an_intruder_retreat_without_injury() -> None:
    """§13.2: one Intruder in your room retreats (§7.6: an Event card gives its way)."""
    s = scene("scout")
    s.chars[0].heavy, s.chars[0].heavy_ammo = [thing(s, "yellow.fire_extinguisher")], [0]
    adult = mini(s, ADULT)
    s.intruder_room[adult] = HIB
    s.legal_cache = None
    use(s, "yellow.fire_extinguisher")  # no fire: the retreat is the only use
    assert top_kind(s) == Kind.FLEE_DIRECTION and s.intruder_injuries[adult] == 0


def test_susceptibility_to_phosphates_adds_an_injury_to_the_extinguisher_s_retreat() -> None:
    """§12: Intruders hit by the Fire Extinguisher retreat and suffer 1 injury."""
    s = scene("scout")
    s.chars[0].heavy, s.chars[0].heavy_ammo = [thing(s, "yellow.fire_extinguisher")], [0]
    s.weakness[0] = s.game.weakness_ids.index("susceptibility_to_phosphates")
    adult = mini(s, ADULT)
    s.intruder_room[adult] = HIB
    s.legal_cache = None
    use(s, "yellow.fire_extinguisher")
    assert s.intruder_injuries[adult] == 1 and top_kind(s) == Kind.INJURY_CHECK
    bite_6 = next(i for i, b in enumerate(s.game.attack_blood) if b == 6)
    chance(s, CHANCE.attack, bite_6)  # survives the check
    assert top_kind(s) == Kind.FLEE_DIRECTION


def test_clothes_remove_slime_or_dress_a_serious_wound() -> None:
    """§13.2: remove Slime OR dress 1 Serious Wound."""
    s = scene(inventory=("yellow.clothes",))
    s.chars[0].slime = True
    use(s, "yellow.clothes")  # unwounded: the slime is the only use
    assert not s.chars[0].slime
    s = scene(inventory=("yellow.clothes",))
    leg = s.game.wound_type.index("leg")
    s.chars[0].serious = [leg]
    use(s, "yellow.clothes")
    assert s.chars[0].serious == [~leg]


def test_technical_corridors_plans_take_you_between_tech_entrances_then_noise() -> None:
    """§13.2: from a tech-entrance room to any other (Noise roll after)."""
    s = scene(room=ROOM_2, inventory=("yellow.technical_corridors_plans",))
    place(s, ROOM_2, "storage")
    place(s, ROOM_14, "canteen")
    use(s, "yellow.technical_corridors_plans")
    assert ROOM_14 in legal_args(s, "room") and HIB not in legal_args(s, "room")
    act(s, "room", ROOM_14)
    assert s.chars[0].room == ROOM_14 and top_kind(s) == Kind.NOISE_ROLL


def test_technical_corridors_plans_need_an_entrance() -> None:
    s = scene(inventory=("yellow.technical_corridors_plans",))  # the Hibernatorium has none
    assert not offered(s, "yellow.technical_corridors_plans")


def test_space_suit_discards_your_action_cards_and_walks_to_another_yellow_room() -> None:
    """§13.2: in a Yellow room: discard all your action cards, move to another Yellow room."""
    s = scene(room=ROOM_2, inventory=("yellow.space_suit",))
    place(s, ROOM_2, "comms_room")
    place(s, 3, "generator")
    contamination = s.game.contam_unknown
    s.chars[0].hand.append(contamination)
    use(s, "yellow.space_suit")
    assert s.chars[0].room == 3 and s.chars[0].hand == [contamination]
    assert top_kind(s) == Kind.NOISE_ROLL


def test_space_suit_only_in_a_yellow_room() -> None:
    s = scene(room=ROOM_2, inventory=("yellow.space_suit",))
    place(s, ROOM_2, "storage")
    place(s, 3, "generator")
    assert not offered(s, "yellow.space_suit")


def test_nemesis_plans_show_two_tiles_without_their_tokens() -> None:
    """§13.2: look at any 2 unexplored room tiles (not tokens)."""
    s = scene(inventory=("yellow.nemesis_plans",))
    use(s, "yellow.nemesis_plans")
    act(s, "room", 5)
    assert top_kind(s) == Kind.TILE
    s.apply_action(s.legal_actions()[0])
    assert top_kind(s) == Kind.ITEM_ROOM and 5 not in legal_args(s, "room")
    act(s, "room", 6)
    s.apply_action(s.legal_actions()[0])
    assert s.tile_known[5] == s.tile_known[6] == 1 and s.token_known[5] == 0


def test_an_undressed_hand_wound_makes_items_cost_one_more() -> None:
    """§8.1: Hand wound: item actions cost +1."""
    s = scene(inventory=("yellow.clothes",), cards=1)
    s.chars[0].slime = True
    assert offered(s, "yellow.clothes")
    s.chars[0].serious = [s.game.wound_type.index("hand")]
    assert not offered(s, "yellow.clothes")


def test_no_cards_no_item() -> None:
    """§6.1: an item's cost is paid in Action cards; contamination cards never pay."""
    s = scene(inventory=("yellow.clothes",), cards=0)
    s.chars[0].slime = True
    s.chars[0].hand = [s.game.contam_unknown]
    assert not offered(s, "yellow.clothes")


def test_weapon_rule_names_the_damage_rule_of_a_weapon() -> None:
    """§13.1, §13.4, §14: the weapons' printed rules are Shoot's (rules/fighting.py)."""
    s = scene()
    assert items.weapon_rule(s, thing(s, "red.prototype_pistol")) == "reroll_combat_die"
    assert items.weapon_rule(s, thing(s, "crafted.flamethrower")) == \
        "minimum_injury_unless_blank"  # fmt: skip
    assert items.weapon_rule(s, thing(s, "weapon.rifle")) == ""
    assert items.weapon_rule(s, thing(s, "yellow.tools")) == ""
    assert not offered(s, "weapon.rifle")  # weapons are used through Shoot


def test_evacuation_key_only_in_an_evacuation_section() -> None:
    s = scene(room=ROOM_2, inventory=("red.evacuation_key",))
    place(s, ROOM_2, "storage")
    assert not offered(s, "red.evacuation_key")


def test_decoy_needs_intruders_to_lure() -> None:
    s = scene(inventory=("red.decoy",))
    assert not offered(s, "red.decoy")


def test_self_destruct_cannot_start_once_someone_hibernates() -> None:
    """§16: once anyone hibernates, no self-destruct start."""
    s = scene(room=ROOM_2, inventory=("red.self_destruct_key",))
    place(s, ROOM_2, "generator")
    s.hibernation_started = True
    assert not offered(s, "red.self_destruct_key")


def test_every_effect_op_of_an_item_has_a_rule() -> None:
    """items.yaml and characters.yaml: every op an item's use or activation names is
    implemented, or is a lasting effect other rules ask about."""
    from nemesis_env.games.nemesis.rules.items_use import OPS, PASSIVE_OPS

    s = scene()
    for info in s.game.tables.things:
        item = info.item
        if item is None or item.cost is None:
            continue
        specs = list(item.effects) + list(getattr(item, "activation", ()))
        for spec in specs:
            options = spec.params.get("options", ()) if spec.op == "choose_one" else ()
            for op in [spec, *(o for option in options for o in option)]:
                assert op.op in OPS or op.op in PASSIVE_OPS, (info.id, op.op)


def test_every_item_decision_kind_has_its_handlers() -> None:
    from nemesis_env.games.nemesis.rules.kinds import AUTO_KINDS, CHANCE_KINDS, PLAYER_KINDS

    rules = scene().game.rules
    mine = range(180, 220)
    for kinds, roles in ((PLAYER_KINDS, ("legal", "resolve")), (AUTO_KINDS, ("auto",)),
                         (CHANCE_KINDS, ("outcomes", "resolve"))):  # fmt: skip
        for kind in kinds:
            if kind in mine:
                assert all(getattr(rules, role)[kind] is not None for role in roles), kind


def test_item_state_is_copied_by_clone() -> None:
    """DESIGN.md §2: a clone shares no mutable state with its original."""
    s = scene("scout", inventory=("red.extended_magazine",))
    use(s, "red.extended_magazine")
    s.taped.append((0, 1, 2))
    s.objectives_seen[0] = 1
    twin = s.clone()
    twin.attachments.clear()
    twin.taped.clear()
    twin.objectives_seen[0] = 0
    twin.skip_intruder_attacks = True
    assert s.attachments and s.taped and s.objectives_seen[0] == 1
    assert not s.skip_intruder_attacks
