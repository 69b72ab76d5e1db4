"""The 8 Intruder Weakness cards: how the Laboratory discovers them and each one's effect once
face up (nemesis-reference.md §12, §4.1 step 8, §3.2 Laboratory, §19 FAQ).

§4.1 step 8: 3 random Weakness cards lie face down in the 3 slots of the Intruder board.
§3.2 / §12: the Laboratory analyses an object in the room (carried counts) and reveals the
matching slot's card: Egg -> the Egg slot, Character Corpse -> the Corpse slot, Intruder
Carcass -> the Carcass slot. A revealed weakness helps everyone; a face-down one does nothing,
so every effect test compares the same scene with the card face down and face up.

Rooms are 0-based: the Hibernatorium (room 11) is index 10, its corridor 1 leads to room 15.
"""

from __future__ import annotations

import pytest

from nemesis_env.games.nemesis.actions import ACTIONS, CHANCE
from nemesis_env.games.nemesis.rules import combat, intruders, noise
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER, CREEPER, LARVA
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import CLOSED, DESTROYED, NOWHERE, UNKNOWN, State
from nemesis_env.games.nemesis.tables import WEAKNESS_SLOTS
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.items_helpers import HIB, act, mini, scene, settle, thing, use
from tests.nemesis.room_scenarios import scenario, use_room

# §12, in the reference's order
WEAKNESSES = [
    "vulnerability_to_fire",
    "vulnerability_to_energy",
    "reaction_to_danger",
    "the_way_of_moving",
    "vital_places",
    "species_on_the_brink_of_extinction",
    "the_way_of_fighting",
    "susceptibility_to_phosphates",
]
BLANK, CREEPER_FACE, ADULT_FACE, HIT1, HIT2 = range(5)  # §7.3 combat die
ROOM_15 = 14


def weakness(s: State, weakness_id: str) -> int:
    return s.game.weakness_ids.index(weakness_id)


def face_up(s: State, weakness_id: str, known: bool) -> State:
    """With `known`, the card lies face up in a slot (as the Laboratory leaves it)."""
    if known:
        card = weakness(s, weakness_id)
        s.weakness[0] = card
        s.weaknesses_left.remove(card)
    s.legal_cache = None
    return s


def attack_card(s: State, op: str, blood: int) -> int:
    """The attack-deck copy of `op` with that blood value (0 = Retreat), §11."""
    pairs = zip(s.game.attack_op, s.game.attack_blood, strict=True)
    return next(i for i, (o, b) in enumerate(pairs) if o == op and b == blood)


def shot(character: str, kind: int, face: int, weakness_id: str, known: bool,
         weapon: str = "") -> tuple[State, int]:  # fmt: skip
    """Seat 0 shoots an Intruder of `kind` in the Hibernatorium and rolls `face`."""
    s = face_up(scene(character), weakness_id, known)
    c = s.chars[0]
    if weapon:
        c.heavy, c.heavy_ammo = [thing(s, weapon)], [4]
    target = mini(s, kind)
    s.intruder_room[target] = HIB
    act(s, "shoot", target)
    settle(s)
    chance(s, CHANCE.combat, face)
    return s, target


# -- discovery ---------------------------------------------------------------------------------
def test_three_face_down_slots_over_eight_cards() -> None:
    """§4.1 step 8: 3 random cards of the 8, face down; nobody knows them (§12)."""
    s = scene()
    assert s.weakness == [UNKNOWN] * 3 and sorted(s.weaknesses_left) == list(range(8))
    assert [s.game.weakness_ids[w] for w in range(8)] == WEAKNESSES


OBJECTS = ["egg", "character_corpse", "intruder_carcass"]


@pytest.mark.parametrize("slot_of", OBJECTS)
def test_the_laboratory_reveals_the_slot_of_the_object_analysed(slot_of: str) -> None:
    """§3.2 Laboratory: an object present (carried counts) reveals the matching weakness card;
    the other slots stay face down; the card is public (§12: it helps everyone)."""
    s, room = scenario("laboratory")
    g = s.game
    obj = {"egg": g.obj_egg, "character_corpse": g.obj_corpse, "intruder_carcass": g.obj_carcass}
    if slot_of == "egg":  # carried
        c = s.chars[0]
        c.heavy, c.heavy_ammo, c.carried_eggs = [g.obj_egg], [0], 1
    else:
        s.objects[room] = [obj[slot_of]]
    use_room(s)
    s.apply_action(ACTIONS.thing.id(obj[slot_of]))
    assert top_kind(s) == Kind.WEAKNESS
    outcomes = s.chance_outcomes()
    assert [o for o, _ in outcomes] == CHANCE.weakness.ids(range(8))
    assert all(p == pytest.approx(1 / 8) for _, p in outcomes)  # any of the 8, at random
    chance(s, CHANCE.weakness, 5)
    slot = WEAKNESS_SLOTS.index(slot_of)
    assert s.weakness[slot] == 5
    assert [w for k, w in enumerate(s.weakness) if k != slot] == [UNKNOWN, UNKNOWN]
    assert all(g.view_for(s, seat).weakness[slot] == 5 for seat in range(len(s.chars)))


@pytest.mark.parametrize("weakness_id", WEAKNESSES)
def test_the_laboratory_can_discover_each_weakness(weakness_id: str) -> None:
    """§12: any of the 8 cards may lie in a slot; once analysed, its effect is on (§12)."""
    s, room = scenario("laboratory")
    s.objects[room] = [s.game.obj_blue_corpse]  # §4.2 step 5: a Character Corpse all game
    use_room(s)
    s.apply_action(ACTIONS.thing.id(s.game.obj_blue_corpse))
    assert not s.weakness_known(weakness_id)
    chance(s, CHANCE.weakness, weakness(s, weakness_id))
    assert s.weakness_known(weakness_id)
    assert s.weakness[WEAKNESS_SLOTS.index("character_corpse")] == weakness(s, weakness_id)


# -- one effect test per card -------------------------------------------------------------------
def test_vulnerability_to_fire() -> None:
    """§12: +1 injury whenever an Intruder is injured by Fire, per damage instance; fire
    destroys 2 eggs per step (§3.3: 1 without it)."""

    def fire_damage(known: bool) -> tuple[int, int]:
        s = face_up(scene(), "vulnerability_to_fire", known)
        adult = mini(s, ADULT)
        s.intruder_room[adult] = ROOM_15
        s.fire[ROOM_15] = True
        s.objects[ROOM_15] = [s.game.obj_egg] * 3
        s.stack.clear()
        s.stage = Stage.FIRE_DAMAGE  # §5.2 step 7
        s.game.rules.settle(s)
        return s.intruder_injuries[adult], s.objects[ROOM_15].count(s.game.obj_egg)

    assert fire_damage(known=False) == (1, 2)
    assert fire_damage(known=True) == (2, 1)


def test_vulnerability_to_fire_and_the_flamethrower() -> None:
    """§12 (FAQ): a Flamethrower double hit deals 3 (2 hits, §7.3, + 1)."""
    for known, injuries in ((False, 2), (True, 3)):
        s, adult = shot("mechanic", ADULT, HIT2, "vulnerability_to_fire", known,
                        weapon="crafted.flamethrower")  # fmt: skip
        assert s.intruder_injuries[adult] == injuries


def test_vulnerability_to_energy() -> None:
    """§12: Energy-weapon attacks dealing at least 1 injury deal +1 (the Scout's Rifle is an
    Energy weapon with no rule of its own, the Captain's Six-Shooter a classic one, §14)."""
    for known, injuries in ((False, 1), (True, 2)):
        s, adult = shot("scout", ADULT, HIT1, "vulnerability_to_energy", known)
        assert s.intruder_injuries[adult] == injuries
    s, adult = shot("scout", ADULT, BLANK, "vulnerability_to_energy", True)
    assert s.intruder_injuries[adult] == 0  # no injury, no bonus
    s, adult = shot("captain", ADULT, HIT1, "vulnerability_to_energy", True)
    assert s.intruder_injuries[adult] == 1  # not an Energy weapon


def encounter(token_type: int, surprise: int, hand: int, known: bool) -> State:
    """Seat 0 alone in the Hibernatorium with `hand` cards meets the token (§7.2)."""
    s = face_up(scene(cards=hand), "reaction_to_danger", known)
    s.first_encounter_done = True
    noise.push_encounter(s, 0, HIB)
    s.game.rules.settle(s)
    token = next(t for t in s.game.tokens_of_type[token_type]
                 if s.game.token_surprise[t] == surprise)  # fmt: skip
    if token not in s.bag.counts():
        s.bag.put(token)
    chance(s, CHANCE.token, token)
    return s


def test_reaction_to_danger() -> None:
    """§12: token numbers for Surprise Attack checks -1 (min 1); §7.2 step 3: a hand smaller
    than the number is a Surprise Attack."""
    assert top_kind(encounter(ADULT, 3, hand=2, known=False)) == Kind.ATTACK_CARD
    assert top_kind(encounter(ADULT, 3, hand=2, known=True)) == Kind.ROUND  # 2 < 3 - 1 fails
    assert top_kind(encounter(ADULT, 3, hand=1, known=True)) == Kind.ATTACK_CARD
    s = encounter(LARVA, 1, hand=0, known=True)  # 1 - 1 is raised to 1: 0 < 1
    assert s.chars[0].larva


def test_the_way_of_moving() -> None:
    """§12 / §7.7: only Breeders and the Queen destroy Closed Doors; the others just don't
    move. Face down, any Intruder destroys the door and stays (§7.7)."""
    for known, kind, door in ((False, ADULT, DESTROYED), (True, ADULT, CLOSED),
                              (True, CREEPER, CLOSED), (True, BREEDER, DESTROYED)):  # fmt: skip
        s = face_up(scene(), "the_way_of_moving", known)
        s.chars[0].room = 0
        corridor = s.game.topo.corridor_to(HIB, 1)
        s.door[corridor] = CLOSED
        m = mini(s, kind)
        s.intruder_room[m] = HIB
        combat.move_through(s, m, 1)
        assert (s.door[corridor], s.intruder_room[m]) == (door, HIB), (known, kind)


def test_vital_places() -> None:
    """§12: a blank combat result against an Adult counts as 1 hit (§7.3: blank is a miss)."""
    for known, injuries in ((False, 0), (True, 1)):
        s, adult = shot("scout", ADULT, BLANK, "vital_places", known)
        assert s.intruder_injuries[adult] == injuries
    s, creeper = shot("scout", CREEPER, BLANK, "vital_places", True)
    assert s.intruder_injuries[creeper] == 0  # Adults only


def test_vital_places_in_melee_spares_the_serious_wound() -> None:
    """§12 with §7.3: a melee blank against an Adult is a hit (1 Injury), not a miss and its
    Serious Wound."""
    s = face_up(scene(), "vital_places", True)
    adult = mini(s, ADULT)
    s.intruder_room[adult] = HIB
    act(s, "melee", adult)
    settle(s)
    chance(s, CHANCE.combat, BLANK)
    assert s.intruder_injuries[adult] == 1 and top_kind(s) == Kind.INJURY_CHECK
    assert not any(d.kind == Kind.WOUND_CARD for d in s.stack)


def test_species_on_the_brink_of_extinction() -> None:
    """§12: injuries needed to kill any Intruder -1 (§7.6: an Adult dies when the blood drawn
    is at most its injuries; a Breeder adds two cards)."""
    for known, alive in ((False, True), (True, False)):
        s = face_up(scene(), "species_on_the_brink_of_extinction", known)
        adult = mini(s, ADULT)
        s.intruder_room[adult], s.intruder_injuries[adult] = HIB, 2
        combat.injure(s, adult, 1)  # 3 injuries
        chance(s, CHANCE.attack, attack_card(s, "claw_attack", 4))
        assert (s.intruder_room[adult] == HIB) == alive
    s = face_up(scene(), "species_on_the_brink_of_extinction", True)
    breeder = mini(s, BREEDER)
    s.intruder_room[breeder], s.intruder_injuries[breeder] = HIB, 4
    combat.injure(s, breeder, 1)  # 5 injuries; 2 + 4 - 1 = 5
    chance(s, CHANCE.attack, attack_card(s, "scratch", 2))
    chance(s, CHANCE.attack, attack_card(s, "claw_attack", 4))
    assert s.intruder_room[breeder] == NOWHERE


def test_the_way_of_fighting() -> None:
    """§12: an Adult's Bite deals a Light Wound instead of a Serious Wound (§11 Bite: 1 Serious
    Wound); a Breeder's Bite is unchanged."""
    for known, kind, light, serious in ((False, ADULT, 0, True), (True, ADULT, 1, False),
                                        (True, BREEDER, 0, True)):  # fmt: skip
        s = face_up(scene(), "the_way_of_fighting", known)
        m = mini(s, kind)
        s.intruder_room[m] = HIB
        intruders.attack(s, m, 0)
        s.game.rules.settle(s)
        chance(s, CHANCE.attack, attack_card(s, "bite", 6))
        assert s.chars[0].light_wounds == light
        assert (top_kind(s) == Kind.WOUND_CARD) == serious, (known, kind)


def test_susceptibility_to_phosphates() -> None:
    """§12: Intruders hit by the Fire Extinguisher retreat and suffer 1 injury (§13.2: the
    Extinguisher alone makes one Intruder retreat)."""
    for known, injuries in ((False, 0), (True, 1)):
        s = face_up(scene(), "susceptibility_to_phosphates", known)
        s.chars[0].heavy, s.chars[0].heavy_ammo = [thing(s, "yellow.fire_extinguisher")], [0]
        adult = mini(s, ADULT)
        s.intruder_room[adult] = HIB
        use(s, "yellow.fire_extinguisher")  # no fire here: the retreat is its only use
        assert s.intruder_injuries[adult] == injuries
        if known:
            chance(s, CHANCE.attack, attack_card(s, "bite", 6))  # the injury check: survives
        assert top_kind(s) == Kind.FLEE_DIRECTION
