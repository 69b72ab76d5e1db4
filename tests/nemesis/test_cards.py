"""Action cards: playing them (nemesis-reference.md §6.1), the cards every deck shares and the
Repairs cards (§14 "Common cards", §13.6 Search, §8.2 scans), and Interruption against an
Interruption (§14, FAQ §19)."""

from __future__ import annotations

from typing import Any

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import cards
from nemesis_env.games.nemesis.rules.cards_base import OPTIONS
from nemesis_env.games.nemesis.rules.intruders import ADULT, CREEPER
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import CLOSED, DEAD, DESTROYED, OPEN
from tests.nemesis.card_scenes import (
    HIBERNATORIUM,
    ROOM1_SLOT,
    ROOM2_SLOT,
    RoomCalls,
    answer,
    can_play,
    card,
    intruder_in,
    play,
    scene,
    thing,
)
from tests.nemesis.helpers import chance, top_kind

CLEAN, INFECTED = 0, 1


# -- playing a card (§6.1) ---------------------------------------------------------------------
def test_every_card_of_the_data_has_a_behaviour_and_its_options() -> None:
    """Every non-reaction card of action_cards.yaml is implemented; a choose-one card offers the
    data's options in the data's order (§14)."""
    s = scene("captain", [])
    for d in s.game.data.action_cards:
        assert d.reaction == (d.id not in cards.CARDS), d.id
        choose = [e for e in d.effects if e.op == "choose_one"]
        if choose and not d.reaction:
            assert len(OPTIONS[d.id]) == len(choose[0].params["options"]), d.id


def test_a_played_card_and_its_cost_go_to_the_discard_pile() -> None:
    """§6.1: a card costs itself plus its printed cost in other Action cards (Scavenging: 1)."""
    s = scene("scout", ["scavenging", "demolition"], ROOM1_SLOT, "armory")
    s.item_counter[ROOM1_SLOT] = 1
    play(s, "scavenging")
    c = s.chars[0]
    assert c.hand == [] and c.discard[-2:] == [card(s, "scavenging"), card(s, "demolition")]


def test_contamination_cards_never_pay_a_cost() -> None:
    """§6.1: Scavenging (cost 1) cannot be paid with a contamination card."""
    s = scene("scout", ["scavenging"], ROOM1_SLOT, "armory")
    s.chars[0].hand.append(s.game.contam_unknown)
    assert not can_play(s, "scavenging")
    s.chars[0].hand.append(card(s, "search"))
    assert can_play(s, "scavenging")


def test_timing_in_and_out_of_combat() -> None:
    """§6.1: Taking Aim is in Combat only, Search out of Combat only, Demolition any time; in
    Combat = an Intruder in the room."""
    s = scene("soldier", ["taking_aim", "search", "demolition"], ROOM1_SLOT, "armory")
    s.item_counter[ROOM1_SLOT] = 2
    s.door[s.game.topo.corridor_to(ROOM1_SLOT, 3)] = CLOSED
    assert not can_play(s, "taking_aim") and can_play(s, "search")
    assert can_play(s, "demolition")
    intruder_in(s, ADULT, ROOM1_SLOT)
    assert can_play(s, "taking_aim") and not can_play(s, "search")
    assert can_play(s, "demolition")


def test_reaction_cards_are_not_round_actions() -> None:
    """§14: Interruption and Nerves of Steel are played as reactions only."""
    s = scene("soldier", ["interruption", "nerves_of_steel"])
    assert not can_play(s, "interruption") and not can_play(s, "nerves_of_steel")


# -- Demolition -----------------------------------------------------------------------------------
def test_demolition_destroys_a_closed_door_of_the_room() -> None:
    """§14 Demolition, first option; §8.6: a destroyed door stays open for good."""
    s = scene("pilot", ["demolition"])
    s.malfunction[HIBERNATORIUM] = True  # the second option has nothing to do
    corridor = s.game.topo.corridor_to(HIBERNATORIUM, 2)
    s.door[corridor] = CLOSED
    play(s, "demolition")
    assert s.door[corridor] == DESTROYED and top_kind(s) == Kind.ROUND


def test_demolition_puts_a_malfunction_in_the_room_when_chosen() -> None:
    """§14 Demolition, second option (both are open: the player picks)."""
    s = scene("pilot", ["demolition"])
    corridor = s.game.topo.corridor_to(HIBERNATORIUM, 2)
    s.door[corridor] = CLOSED
    play(s, "demolition")
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(1))
    assert s.malfunction[HIBERNATORIUM] and s.door[corridor] == CLOSED


def test_demolition_is_refused_with_nothing_to_do() -> None:
    """§14 Demolition: no closed door and a Malfunction already there."""
    s = scene("pilot", ["demolition"])
    s.malfunction[HIBERNATORIUM] = True
    assert not can_play(s, "demolition")


# -- Rest -----------------------------------------------------------------------------------------
def rested(outcomes: list[int], larva: bool = False) -> Any:
    s = scene("pilot", ["rest", "search"])
    c = s.chars[0]
    c.hand += [s.game.contam_unknown] * len(outcomes)
    c.larva = larva
    play(s, "rest")
    for outcome in outcomes:
        chance(s, CHANCE.scan, outcome)
    return s


def test_rest_removes_the_clean_contamination_cards_in_hand() -> None:
    """§14 Rest, §8.2: scanned clean cards leave the game; no Larva."""
    s = rested([CLEAN, CLEAN])
    c = s.chars[0]
    assert c.hand == [card(s, "search")] and not c.larva
    assert s.game.contam_clean not in c.discard


def test_rest_finding_an_infected_card_places_a_larva_and_keeps_the_card() -> None:
    """§14 Rest, §8.2: INFECTED -> a Larva on the board; the infected card stays in hand."""
    s = rested([CLEAN, INFECTED])
    c = s.chars[0]
    assert c.larva and c.hand.count(s.game.contam_infected) == 1
    assert s.game.contam_clean not in c.hand


def test_two_infected_cards_in_one_rest_do_not_stack() -> None:
    """FAQ v2.2 (§8.2): several INFECTED cards in one scan give one Larva, not death."""
    s = rested([INFECTED, INFECTED])
    assert s.chars[0].larva and s.chars[0].status != DEAD


def test_rest_finding_an_infected_card_with_a_larva_kills_and_a_creeper_appears() -> None:
    """§8.2: a Larva already there -> death, and a Creeper in the room."""
    s = rested([INFECTED], larva=True)
    assert s.chars[0].status == DEAD
    assert any(s.intruder_room[m] == HIBERNATORIUM for m in s.game.minis_of_type[CREEPER])


def test_rest_needs_contamination_in_hand_and_no_combat() -> None:
    """§14 Rest (out of Combat)."""
    s = scene("pilot", ["rest"])
    assert not can_play(s, "rest")
    s.chars[0].hand.append(s.game.contam_unknown)
    assert can_play(s, "rest")
    intruder_in(s, ADULT, HIBERNATORIUM)
    assert not can_play(s, "rest")


# -- Search and Scavenging --------------------------------------------------------------------
def test_search_draws_two_from_the_room_s_deck_keeps_one_and_puts_one_at_the_bottom() -> None:
    """§13.6, §3.1 and FAQ: red room -> red deck; the item counter -1; the card not kept goes
    to the bottom of its deck, known to the searcher."""
    s = scene("pilot", ["search"], ROOM1_SLOT, "armory")
    s.item_counter[ROOM1_SLOT] = 2
    play(s, "search")
    assert s.item_counter[ROOM1_SLOT] == 1
    grenade, charge = thing(s, "red.grenade"), thing(s, "red.energy_charge")
    chance(s, CHANCE.item, grenade)
    chance(s, CHANCE.item, charge)
    answer(s, Kind.SEARCH_KEEP, s.game.actions.thing.id(grenade))
    c = s.chars[0]
    assert c.inventory == [grenade]
    red = s.item_decks[0]
    assert red.bottom == [charge] and red.bottom_known == [frozenset({0})]


def test_search_in_a_white_room_picks_one_deck() -> None:
    """§3.1 and FAQ: a white room lets the searcher pick one deck; both cards come from it."""
    s = scene("pilot", ["search"], ROOM2_SLOT, "cabins")
    s.item_counter[ROOM2_SLOT] = 1
    play(s, "search")
    acts = s.game.actions
    assert sorted(s.legal_actions()) == acts.item_deck.ids([0, 1, 2])
    answer(s, Kind.SEARCH_DECK, acts.item_deck.id(2))
    medkit = thing(s, "green.medkit")
    assert CHANCE.item.id(medkit) in [o for o, _ in s.chance_outcomes()]
    assert CHANCE.item.id(thing(s, "red.grenade")) not in [o for o, _ in s.chance_outcomes()]


def test_a_heavy_weapon_found_goes_to_a_free_hand_with_one_ammo() -> None:
    """§6.3: items found by Search: weapons enter with 1 ammo; a heavy item takes a hand."""
    s = scene("pilot", ["search"], ROOM1_SLOT, "armory")
    s.item_counter[ROOM1_SLOT] = 1
    rifle = thing(s, "red.prototype_rifle")
    play(s, "search")
    chance(s, CHANCE.item, rifle)
    chance(s, CHANCE.item, thing(s, "red.prototype_pistol"))
    answer(s, Kind.SEARCH_KEEP, s.game.actions.thing.id(rifle))
    c = s.chars[0]
    assert c.heavy[-1] == rifle and c.heavy_ammo[-1] == 1


def test_a_heavy_item_found_with_full_hands_makes_the_player_drop_one() -> None:
    """§6.3: taking a third heavy thing needs dropping one; a dropped item is discarded."""
    s = scene("pilot", ["search"], ROOM1_SLOT, "armory")
    s.item_counter[ROOM1_SLOT] = 1
    c = s.chars[0]
    extinguisher = thing(s, "yellow.fire_extinguisher")
    c.heavy.append(extinguisher)
    c.heavy_ammo.append(0)
    pistol = thing(s, "red.prototype_pistol")
    play(s, "search")
    chance(s, CHANCE.item, pistol)
    chance(s, CHANCE.item, thing(s, "red.grenade"))
    answer(s, Kind.SEARCH_KEEP, s.game.actions.thing.id(pistol))
    answer(s, Kind.HEAVY_DROP, s.game.actions.thing.id(extinguisher))
    assert c.heavy[1:] == [pistol] and extinguisher in s.item_discard[1]


def test_search_is_refused_at_counter_zero_and_in_special_rooms() -> None:
    """§13.6: no Search with the item counter at 0, nor in special rooms."""
    s = scene("pilot", ["search"], ROOM1_SLOT, "armory")
    assert not can_play(s, "search")
    s = scene("pilot", ["search"])  # the Hibernatorium
    s.item_counter[HIBERNATORIUM] = 3
    assert not can_play(s, "search")


def test_scavenging_searches_at_counter_zero() -> None:
    """§14 Scout, Scavenging: Search even at item counter 0 (the counter stays 0)."""
    s = scene("scout", ["scavenging", "demolition"], ROOM1_SLOT, "armory")
    play(s, "scavenging")
    assert top_kind(s) == Kind.CARD_ITEM_DRAW and s.item_counter[ROOM1_SLOT] == 0


# -- Computer Skills and Repairs -------------------------------------------------------------
def test_computer_skills_opens_or_closes_a_door_of_the_room() -> None:
    """§14 Computer Skills, first option (no computer in the Hibernatorium)."""
    s = scene("pilot", ["computer_skills", "computer_skills"])
    topo = s.game.topo
    closed, open_ = topo.corridor_to(HIBERNATORIUM, 1), topo.corridor_to(HIBERNATORIUM, 2)
    s.door[closed] = CLOSED
    play(s, "computer_skills")
    answer(s, Kind.DOOR_TOGGLE, s.game.actions.door.id(closed))
    assert s.door[closed] == OPEN
    play(s, "computer_skills")
    answer(s, Kind.DOOR_TOGGLE, s.game.actions.door.id(open_))
    assert s.door[open_] == CLOSED


def test_computer_skills_uses_a_working_computer_room_s_action_for_free(monkeypatch: Any) -> None:
    """§14 Computer Skills, second option: the room's action without its cost."""
    calls = RoomCalls().install(monkeypatch)
    s = scene("pilot", ["computer_skills"], ROOM1_SLOT, "comms_room")
    for corridor in s.game.topo.exits[ROOM1_SLOT]:
        if not s.game.topo.is_tc(corridor):
            s.door[corridor] = DESTROYED  # no door left to open or close
    play(s, "computer_skills")
    assert calls.calls == [("start", 0, ROOM1_SLOT)]
    assert len(s.chars[0].hand) == 0  # no cost paid beyond the card


def test_a_malfunction_switches_the_computer_off(monkeypatch: Any) -> None:
    """§8.5: a Malfunction disables the room's action and its computer."""
    RoomCalls().install(monkeypatch)
    s = scene("pilot", ["computer_skills"], ROOM1_SLOT, "comms_room")
    s.malfunction[ROOM1_SLOT] = True
    play(s, "computer_skills")
    assert top_kind(s) == Kind.DOOR_TOGGLE  # only the door option is left


def test_repairs_remove_the_room_s_malfunction() -> None:
    """§14 Repairs (cost 1), §8.5."""
    s = scene("pilot", ["repairs", "search"], ROOM1_SLOT, "armory")
    s.malfunction[ROOM1_SLOT] = True
    play(s, "repairs")
    assert not s.malfunction[ROOM1_SLOT] and s.chars[0].hand == []


def test_repairs_repair_or_break_the_engine_of_an_engine_room(monkeypatch: Any) -> None:
    """§14 Repairs, §3.2 Engine rooms (a Malfunction there does not stop it)."""
    calls = RoomCalls().install(monkeypatch)
    engine_1 = 20  # room 21 holds Engine 1 (docs/rules-decisions.md, engine numbering)
    s = scene("mechanic", ["fast_repairs"], engine_1)
    play(s, "fast_repairs")
    assert calls.calls == [("repair_or_break", 0, 0)]


def test_basic_repairs_cost_two_and_need_something_to_repair() -> None:
    """§14 Basic Repairs (cost 2)."""
    s = scene("soldier", ["basic_repairs", "search"], ROOM1_SLOT, "armory")
    s.malfunction[ROOM1_SLOT] = True
    assert not can_play(s, "basic_repairs")
    s.chars[0].hand.append(card(s, "demolition"))
    assert can_play(s, "basic_repairs")
    s.malfunction[ROOM1_SLOT] = False
    assert not can_play(s, "basic_repairs")


# -- Interruption (§14, FAQ §19) --------------------------------------------------------------
def interrupted_scene() -> Any:
    s = scene("pilot", ["demolition", "interruption"])
    s.chars[1].room = HIBERNATORIUM
    s.chars[1].hand = [card(s, "interruption"), card(s, "search")]
    s.malfunction[HIBERNATORIUM] = False
    play(s, "demolition")
    answer(s, Kind.INTERRUPT_WINDOW, s.game.actions.react.id(card(s, "interruption")))
    return s


def test_an_interruption_cancels_the_action_which_stays_paid() -> None:
    """§14 Interruption: the action of another character in the room is cancelled; the card
    played stays discarded."""
    s = interrupted_scene()
    acts = s.game.actions
    answer(s, Kind.INTERRUPT_WINDOW, acts.no.id())  # seat 0 lets the Interruption stand
    assert not s.malfunction[HIBERNATORIUM] and top_kind(s) == Kind.ROUND
    assert card(s, "demolition") in s.chars[0].discard


def test_an_interruption_can_be_cancelled_by_another_interruption() -> None:
    """§14 Interruption: "or cancel another Interruption": the action then goes ahead."""
    s = interrupted_scene()
    acts = s.game.actions
    answer(s, Kind.INTERRUPT_WINDOW, acts.react.id(card(s, "interruption")))
    answer(s, Kind.INTERRUPT_WINDOW, acts.no.id())  # seat 1 may answer again; it does not
    assert s.malfunction[HIBERNATORIUM]  # Demolition's only open option resolved
    assert s.chars[1].discard[-1] == card(s, "interruption")
