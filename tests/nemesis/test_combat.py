"""Shoot, Melee, injury checks, intruder attacks and wounds (nemesis-reference.md §7.3, §7.4,
§7.6, §8.1, §11; seed 000 for death)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import attacks, intruders, wounds
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER, CREEPER, LARVA
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import DEAD, POD_UNLOCKED, State
from tests.nemesis.helpers import chance, clear_board, play_to_round, top_kind

ROOM = 10  # the Hibernatorium
BLANK, CREEPER_FACE, ADULT_FACE, HIT1, HIT2 = range(5)


def fight(kind: int, character: str = "scout") -> tuple[State, int]:
    """Seat 0 plays `character` in the Hibernatorium with a weapon and an Intruder there."""
    s = play_to_round()
    clear_board(s)
    for c in s.chars:
        c.room = 0
    c = s.chars[0]
    c.room = ROOM
    index = [ch.id for ch in s.game.data.characters].index(character)
    c.character = index
    weapon = s.game.starting_weapon(index)
    c.heavy, c.heavy_ammo = [weapon], [s.game.item_capacity(weapon)]
    mini = s.game.minis_of_type[kind][0]
    s.intruder_room[mini] = ROOM
    s.legal_cache = None
    return s, mini


def pay_first_card(s: State) -> None:
    assert top_kind(s) == Kind.PAY
    s.apply_action(s.legal_actions()[0])


def shoot_and_roll(s: State, mini: int, face: int) -> None:
    s.apply_action(s.game.actions.shoot.id(mini))
    pay_first_card(s)
    chance(s, CHANCE.combat, face)


def test_a_creeper_face_injures_a_creeper_but_not_an_adult() -> None:
    s, creeper = fight(CREEPER)
    shoot_and_roll(s, creeper, CREEPER_FACE)
    assert s.intruder_injuries[creeper] == 1 and top_kind(s) == Kind.INJURY_CHECK
    s, adult = fight(ADULT)
    shoot_and_roll(s, adult, CREEPER_FACE)
    assert s.intruder_injuries[adult] == 0


def test_shooting_spends_one_ammo_and_a_card() -> None:
    s, adult = fight(ADULT)
    hand = len(s.chars[0].hand)
    ammo = s.chars[0].heavy_ammo[0]
    shoot_and_roll(s, adult, BLANK)
    assert s.chars[0].heavy_ammo[0] == ammo - 1 and len(s.chars[0].hand) == hand - 1


def test_two_hits_deal_two_injuries_and_the_six_shooter_adds_one() -> None:
    s, adult = fight(ADULT)  # the Scout's rifle: a plain weapon
    shoot_and_roll(s, adult, HIT2)
    assert s.intruder_injuries[adult] == 2
    s, adult = fight(ADULT, "captain")  # Six-Shooter: 2 hits -> +1 injury (§14)
    shoot_and_roll(s, adult, HIT2)
    assert s.intruder_injuries[adult] == 3


def test_a_larva_dies_at_its_first_injury_and_leaves_no_carcass() -> None:
    s, larva = fight(LARVA)
    shoot_and_roll(s, larva, CREEPER_FACE)
    assert s.intruder_room[larva] == -1
    assert s.game.obj_carcass not in s.objects[ROOM]


def injury_check(s: State, mini: int, card: int) -> None:
    assert top_kind(s) == Kind.INJURY_CHECK
    chance(s, CHANCE.attack, card)


def attack_card(s: State, op: str, blood: int) -> int:
    """The attack-deck copy of `op` with that blood value (0 = Retreat)."""
    return next(
        i
        for i, (o, b) in enumerate(zip(s.game.attack_op, s.game.attack_blood, strict=True))
        if o == op and b == blood
    )


def test_an_adult_dies_when_the_blood_drawn_is_at_most_its_injuries() -> None:
    s, adult = fight(ADULT)
    shoot_and_roll(s, adult, HIT2)  # 2 injuries
    injury_check(s, adult, attack_card(s, "scratch", 2))
    assert s.intruder_room[adult] == -1 and s.game.obj_carcass in s.objects[ROOM]
    s, adult = fight(ADULT)
    shoot_and_roll(s, adult, HIT2)
    injury_check(s, adult, attack_card(s, "scratch", 3))
    assert s.intruder_room[adult] == ROOM and s.intruder_injuries[adult] == 2


def test_a_retreat_card_makes_the_intruder_flee_by_an_event_card_s_corridor() -> None:
    s, adult = fight(ADULT)
    shoot_and_roll(s, adult, HIT1)
    injury_check(s, adult, attack_card(s, "bite", 0))
    assert top_kind(s) == Kind.FLEE_DIRECTION
    card = next(i for i, e in enumerate(s.game.data.events) if e.corridor == 2)
    chance(s, CHANCE.event, card)
    assert s.intruder_room[adult] == 5  # room 11's corridor 2 leads to room 6
    assert s.intruder_injuries[adult] == 1  # it keeps its injuries (§7.6)


def test_a_breeder_draws_two_cards_and_adds_them() -> None:
    s, breeder = fight(BREEDER)
    s.intruder_injuries[breeder] = 4
    shoot_and_roll(s, breeder, HIT1)  # 5 injuries
    injury_check(s, breeder, attack_card(s, "scratch", 2))
    injury_check(s, breeder, attack_card(s, "scratch", 3))  # 2 + 3 = 5 <= 5: dies
    assert s.intruder_room[breeder] == -1


def test_a_melee_miss_is_a_serious_wound_after_a_contamination_card() -> None:
    s, adult = fight(ADULT)
    discard = len(s.chars[0].discard)
    s.apply_action(s.game.actions.melee.id(adult))
    pay_first_card(s)
    # the contamination card came before the roll (§7.3): it is on the discard pile now
    assert (
        s.chars[0].discard[-1] == s.game.contam_unknown and len(s.chars[0].discard) == discard + 2
    )
    chance(s, CHANCE.combat, CREEPER_FACE)  # cannot hurt an Adult: a miss
    assert top_kind(s) == Kind.WOUND_CARD


def test_a_melee_hit_deals_one_injury_even_on_two_hits() -> None:
    s, adult = fight(ADULT)
    s.apply_action(s.game.actions.melee.id(adult))
    pay_first_card(s)
    chance(s, CHANCE.combat, HIT2)
    assert s.intruder_injuries[adult] == 1


def attacked(op: str, blood: int, serious: int = 0, kind: int = ADULT) -> State:
    s, mini = fight(kind)
    s.chars[0].serious = list(range(serious))  # the first wound-deck copies: arm wounds
    intruders.attack(s, mini, 0)
    s.game.rules.settle(s)
    chance(s, CHANCE.attack, attack_card(s, op, blood))
    return s


def test_scratch_is_a_light_wound_and_a_contamination_card() -> None:
    s = attacked("scratch", 3)
    assert s.chars[0].light_wounds == 1 and s.chars[0].discard[-1] == s.game.contam_unknown


def test_claw_is_two_light_wounds() -> None:
    s = attacked("claw_attack", 3)
    assert s.chars[0].light_wounds == 2


def test_bite_kills_a_character_with_two_serious_wounds() -> None:
    s = attacked("bite", 4, serious=2)
    assert s.chars[0].status == DEAD
    assert s.game.obj_corpse in s.objects[ROOM]
    assert all(p == POD_UNLOCKED for p in s.pods)  # the first death unlocks the pods (§16)
    s = attacked("bite", 4, serious=1)
    assert s.chars[0].status != DEAD and top_kind(s) == Kind.WOUND_CARD


def test_an_attack_card_without_the_attacker_s_symbol_misses() -> None:
    s = attacked("tail_attack", 2)  # only the Queen's tail
    assert s.chars[0].light_wounds == 0 and not s.chars[0].serious and top_kind(s) == Kind.ROUND


def test_a_larva_attack_infests_and_contaminates() -> None:
    s, larva = fight(LARVA)
    intruders.attack(s, larva, 0)
    s.game.rules.settle(s)
    assert s.chars[0].larva and s.intruder_room[larva] == -1
    assert s.chars[0].discard[-1] == s.game.contam_unknown


def test_the_event_phase_attacker_picks_the_fewest_cards_then_the_first_player() -> None:
    s = play_to_round()
    clear_board(s)
    for c in s.chars:
        c.room = ROOM
    s.chars[0].hand, s.chars[1].hand = [0, 0], [0]
    s.chars[2].hand, s.chars[3].hand = [0], [0, 0, 0]
    s.first_player = 2
    assert attacks.event_phase_target(s, ROOM) == 2  # seats 1 and 2 tie; 2 is first player
    s.first_player = 0
    assert attacks.event_phase_target(s, ROOM) == 1


def test_a_third_light_wound_becomes_a_serious_wound() -> None:
    s, _ = fight(ADULT)
    s.chars[0].light_wounds = 2
    wounds.light_wounds(s, 0, 1)
    assert s.chars[0].light_wounds == 0 and top_kind(s) == Kind.WOUND_CARD


def test_any_wound_kills_a_character_with_three_serious_wounds() -> None:
    s, _ = fight(ADULT)
    s.chars[0].serious = [0, 1, 2]
    wounds.light_wounds(s, 0, 1)
    assert s.chars[0].status == DEAD
