"""The Captain's, the Soldier's and the Scout's Action cards (nemesis-reference.md §14; FAQ
rulings §19 as quoted in each test)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import intruders
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.card_scenes import (
    HIBERNATORIUM,
    ROOM1_SLOT,
    answer,
    can_play,
    card,
    intruder_in,
    place,
    play,
    scene,
)
from tests.nemesis.helpers import chance, top_kind

ROOM_6 = 5  # a "2" slot next to the Hibernatorium (its corridor 2)
ROOM_14 = 13  # a "2" slot next to the Hibernatorium (its corridor 4)
ROOM_5 = 4  # next to room 6
BLANK, HIT1 = 0, 3  # combat die faces
SILENCE = 4  # noise die: 1-4 are outcomes 0-3


def attack_card(s: State, op: str, blood: int) -> int:
    pairs = zip(s.game.attack_op, s.game.attack_blood, strict=True)
    return next(i for i, (o, b) in enumerate(pairs) if o == op and b == blood)


def with_companion(character: str, hand: list[str]) -> State:
    """Seat 0 in the Hibernatorium; seat 1 beside it with no cards (so no Interruption window);
    room 6 next door is explored and empty."""
    s = scene(character, hand)
    s.chars[1].room = HIBERNATORIUM
    s.chars[1].hand = []
    place(s, ROOM_6, "cabins")
    return s


# -- Captain ------------------------------------------------------------------------------------
def test_order_moves_another_character_of_the_room_who_then_rolls_for_noise() -> None:
    """§14 Order: another character in your room moves to a neighbouring room; entering an
    empty room makes the usual Noise roll (§6.2), the ordered character's."""
    s = with_companion("captain", ["order"])
    play(s, "order")
    answer(s, Kind.ORDER_ROOM, s.game.actions.room.id(ROOM_6))
    assert s.chars[1].room == ROOM_6 and s.chars[0].room == HIBERNATORIUM
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.seat == 1


def test_order_is_refused_in_combat_and_with_nobody_to_order() -> None:
    """§14 Order (out of Combat only; FAQ: not when the Captain is in Combat)."""
    s = scene("captain", ["order"])
    assert not can_play(s, "order")  # alone
    s = with_companion("captain", ["order"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    assert not can_play(s, "order")


def test_order_through_the_intercom_makes_a_character_in_combat_escape() -> None:
    """FAQ: with the Intercom, Order reaches a computer room and can force an Escape (the
    Escape attack comes first, §7.5)."""
    s = scene("captain", ["order"])
    s.chars[0].quest_active = [False, True]  # the Intercom
    place(s, ROOM1_SLOT, "comms_room")
    s.chars[1].room = ROOM1_SLOT
    adult = intruder_in(s, ADULT, ROOM1_SLOT)
    play(s, "order")
    answer(s, Kind.ORDER_ROOM, s.game.actions.room.id(0))
    assert top_kind(s) == Kind.ATTACK_CARD
    assert s.stack[-1].payload.seat == 1 and s.stack[-1].payload.intruder == adult


def test_suppressive_fire_spends_an_ammo_and_lets_another_escape_without_attack() -> None:
    """§14 Suppressive Fire: 1 ammo; you or one other character escapes without attack."""
    s = with_companion("captain", ["suppressive_fire"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "suppressive_fire")
    acts = s.game.actions
    assert sorted(s.legal_actions()) == acts.seat.ids([0, 1])
    answer(s, Kind.SUPPRESS_WHO, acts.seat.id(1))
    answer(s, Kind.ESCAPE_ROOM, acts.room.id(ROOM_6))
    assert s.chars[0].heavy_ammo[0] == 5  # the Six-Shooter's 6, less 1
    assert s.chars[1].room == ROOM_6 and top_kind(s) == Kind.NOISE_ROLL  # no attack card


def test_suppressive_fire_needs_ammo() -> None:
    """§14 Suppressive Fire: spending an ammo needs one."""
    s = with_companion("captain", ["suppressive_fire"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    s.chars[0].heavy_ammo = [0]
    assert not can_play(s, "suppressive_fire")


def test_reload_adds_one_ammo_to_the_six_shooter_up_to_its_capacity() -> None:
    """§14 Reload (+1 ammo to the revolver, the only way to reload it)."""
    s = scene("captain", ["reload"])
    assert not can_play(s, "reload")  # full: 6 of 6
    s.chars[0].heavy_ammo = [3]
    play(s, "reload")
    assert s.chars[0].heavy_ammo == [4]


def test_motivation_makes_everyone_in_the_room_draw_one_card() -> None:
    """§14 Motivation: everyone in your room, you included, draws 1 (you first)."""
    s = with_companion("captain", ["motivation"])
    play(s, "motivation")
    draws = [d.payload.seat for d in reversed(s.stack) if d.kind == Kind.DRAW_ACTION]
    assert draws == [0, 1]


def test_motivation_through_the_intercom_reaches_computer_rooms() -> None:
    """FAQ: with an active Intercom, players in all rooms with a computer draw too."""
    s = with_companion("captain", ["motivation"])
    s.chars[0].quest_active = [False, True]
    place(s, ROOM1_SLOT, "comms_room")
    s.chars[2].room = ROOM1_SLOT
    play(s, "motivation")
    draws = [d.payload.seat for d in reversed(s.stack) if d.kind == Kind.DRAW_ACTION]
    assert draws == [0, 1, 2]


# -- Soldier -------------------------------------------------------------------------------------
def test_covering_fire_lets_the_soldier_escape_alone_without_attack() -> None:
    """§14 Covering Fire; FAQ: the Soldier may use it only for himself."""
    s = with_companion("soldier", ["covering_fire"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "covering_fire")
    acts = s.game.actions
    answer(s, Kind.COVER_OTHER, acts.done_id)
    answer(s, Kind.COVER_ROOM, acts.room.id(ROOM_6))
    assert s.chars[0].room == ROOM_6 and s.chars[0].heavy_ammo == [4]
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.seat == 0


def test_covering_fire_moves_both_to_different_rooms_with_one_noise_roll() -> None:
    """FAQ: both move in the direction of their choice and one Noise roll is made; an
    Encounter would be checked against the Soldier."""
    s = with_companion("soldier", ["covering_fire"])
    place(s, ROOM_14, "shower_room")
    intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "covering_fire")
    acts = s.game.actions
    answer(s, Kind.COVER_OTHER, acts.seat.id(1))
    answer(s, Kind.COVER_SELF, acts.yes.id())
    answer(s, Kind.COVER_ROOM, acts.room.id(ROOM_6))  # the Soldier's
    answer(s, Kind.COVER_ROOM, acts.room.id(ROOM_14))  # the other's
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.seat == 0
    chance(s, CHANCE.noise, SILENCE)
    assert s.chars[0].room == ROOM_6 and s.chars[1].room == ROOM_14
    assert top_kind(s) == Kind.ROUND  # no second roll, no attack


def test_taking_aim_shoots_with_an_energy_weapon_and_may_reroll() -> None:
    """§14 Taking Aim: an energy-weapon Shoot, the first roll may be rerolled."""
    s = scene("soldier", ["taking_aim"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "taking_aim")
    chance(s, CHANCE.combat, BLANK)
    assert top_kind(s) == Kind.REROLL
    assert s.chars[0].heavy_ammo == [4]


def test_taking_aim_is_refused_without_a_loaded_energy_weapon() -> None:
    """§14 Taking Aim (energy weapons only): the Six-Shooter is a classic weapon."""
    s = scene("soldier", ["taking_aim"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    six_shooter = s.game.starting_weapon(0)
    s.chars[0].heavy, s.chars[0].heavy_ammo = [six_shooter], [6]
    assert not can_play(s, "taking_aim")


def test_full_auto_adds_one_injury_per_two_ammo_dumped() -> None:
    """FAQ (Full Auto): all ammo removed, one Shoot; injuries = the Shoot's + ammo/2 rounded
    down + 1 for the Assault Rifle: a single hit on an Adult with 5 ammo -> 1 + 2 + 1 = 4."""
    s = scene("soldier", ["full_auto"])
    adult = intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "full_auto")
    chance(s, CHANCE.combat, HIT1)
    assert s.intruder_injuries[adult] == 4 and s.chars[0].heavy_ammo == [0]


def test_full_auto_injures_even_when_the_shot_misses() -> None:
    """FAQ (Full Auto): a miss with 5 ammo -> 0 + 2 + 1 (the Assault Rifle's bonus, since the
    burst deals at least 1 injury) = 3 injuries."""
    s = scene("soldier", ["full_auto"])
    adult = intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "full_auto")
    chance(s, CHANCE.combat, BLANK)
    assert s.intruder_injuries[adult] == 3


def test_covering_and_full_auto_are_refused_out_of_combat_or_without_ammo() -> None:
    """§14: Covering Fire and Full Auto are in Combat only; both need ammo."""
    s = with_companion("soldier", ["covering_fire", "full_auto"])
    assert not can_play(s, "covering_fire") and not can_play(s, "full_auto")
    intruder_in(s, ADULT, HIBERNATORIUM)
    assert can_play(s, "covering_fire") and can_play(s, "full_auto")
    s.chars[0].heavy_ammo = [0]
    assert not can_play(s, "covering_fire") and not can_play(s, "full_auto")


def surprised(hand: list[str], op: str, blood: int, kind: int = ADULT, target: int = 0) -> State:
    s = with_companion("soldier", hand)
    mini = intruder_in(s, kind, HIBERNATORIUM)
    intruders.attack(s, mini, target, surprise=True)
    s.game.rules.settle(s)
    chance(s, CHANCE.attack, attack_card(s, op, blood))
    return s


def test_nerves_of_steel_ignores_a_surprise_attack_seen_to_hit() -> None:
    """§14 Nerves of Steel; FAQ: it may be played after seeing the attack card."""
    s = surprised(["nerves_of_steel", "search"], "bite", 6)
    assert top_kind(s) == Kind.NERVES_WINDOW
    answer(s, Kind.NERVES_WINDOW, s.game.actions.react.id(card(s, "nerves_of_steel")))
    assert not s.chars[0].serious and top_kind(s) == Kind.ROUND
    assert s.chars[0].discard[-1] == card(s, "nerves_of_steel")


def test_without_nerves_of_steel_the_surprise_attack_hurts() -> None:
    """§11 Bite: 1 Serious Wound when the Soldier lets it be."""
    s = surprised(["nerves_of_steel"], "bite", 6)
    answer(s, Kind.NERVES_WINDOW, s.game.actions.no.id())
    assert top_kind(s) == Kind.WOUND_CARD


def test_the_window_opens_on_public_facts_only() -> None:
    """DESIGN.md §2: the Soldier with cards in hand gets the window whether or not he holds
    the card; it then offers only to let the attack be."""
    s = surprised(["search"], "bite", 6)
    assert top_kind(s) == Kind.NERVES_WINDOW and s.legal_actions() == [s.game.actions.no.id()]


def test_nerves_of_steel_against_a_frenzy_spares_only_the_soldier() -> None:
    """FAQ: a Surprise Attack triggered by someone else in the room: only the Soldier
    benefits; a Frenzy still wounds the others."""
    s = surprised(["nerves_of_steel"], "frenzy", 3, kind=BREEDER, target=1)
    answer(s, Kind.NERVES_WINDOW, s.game.actions.react.id(card(s, "nerves_of_steel")))
    assert top_kind(s) == Kind.WOUND_CARD and s.stack[-1].payload.seat == 1
    assert [d for d in s.stack if d.kind == Kind.WOUND_CARD and d.payload.seat == 0] == []


# -- Scout ---------------------------------------------------------------------------------------
def test_reconnaissance_moves_without_noise_and_cancels_a_danger_token() -> None:
    """§14 Reconnaissance; FAQ (§3.4): it cancels Silence and Danger tokens; no Noise roll."""
    s = scene("scout", ["reconnaissance", "search"])
    tile = s.game.tables.tiles.index("cabins")
    s.tiles_left[1].remove(tile)
    s.tile[ROOM_6] = tile
    danger = s.game.token_effect.index("danger")
    s.tokens_left.remove(danger)
    s.token[ROOM_6] = danger
    adult = intruder_in(s, ADULT, ROOM_5)  # Danger would bring it in
    play(s, "reconnaissance")
    answer(s, Kind.RECON_ROOM, s.game.actions.room.id(ROOM_6))
    assert s.chars[0].room == ROOM_6 and s.explored[ROOM_6]
    assert s.intruder_room[adult] == ROOM_5 and not any(s.noise)
    assert top_kind(s) == Kind.ROUND


def test_reconnaissance_is_out_of_combat_only() -> None:
    """§14 Reconnaissance (out of Combat; a move in Combat is an Escape, §7.5)."""
    s = scene("scout", ["reconnaissance", "search"])
    assert can_play(s, "reconnaissance")
    intruder_in(s, ADULT, HIBERNATORIUM)
    assert not can_play(s, "reconnaissance")


def test_adrenaline_shoots_for_free_then_draws_a_card() -> None:
    """§14 Adrenaline: a Shoot (or an Escape), then draw 1."""
    s = scene("scout", ["adrenaline"])
    intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "adrenaline")
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(0))
    chance(s, CHANCE.combat, BLANK)
    assert s.chars[0].heavy_ammo == [3]  # the Rifle's 4, less 1
    assert top_kind(s) == Kind.DRAW_ACTION and s.stack[-1].payload.seat == 0


def test_adrenaline_escape_still_suffers_the_escape_attack() -> None:
    """§14 Adrenaline (Escape), §7.5: the Intruder attacks first, then the move, then the draw."""
    s = scene("scout", ["adrenaline"])
    place(s, ROOM_6, "cabins")
    intruder_in(s, ADULT, HIBERNATORIUM)
    play(s, "adrenaline")
    answer(s, Kind.CARD_OPTION, s.game.actions.option.id(1))
    answer(s, Kind.ADRENALINE_ROOM, s.game.actions.room.id(ROOM_6))
    assert top_kind(s) == Kind.ATTACK_CARD
    chance(s, CHANCE.attack, attack_card(s, "tail_attack", 2))  # the Queen's only: a miss
    assert s.chars[0].room == ROOM_6 and top_kind(s) == Kind.NOISE_ROLL
    chance(s, CHANCE.noise, SILENCE)
    assert top_kind(s) == Kind.DRAW_ACTION


def test_adrenaline_is_in_combat_only() -> None:
    """§14 Adrenaline (in Combat only)."""
    s = scene("scout", ["adrenaline"])
    assert not can_play(s, "adrenaline")
