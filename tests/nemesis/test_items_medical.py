"""Green and crafted items, crafting and hands (nemesis-reference.md §13.3, §13.4, §6.2 Craft,
§6.3, §8.1; FAQ §19)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import items
from nemesis_env.games.nemesis.rules.contamination import CLEAN, INFECTED
from nemesis_env.games.nemesis.rules.intruders import ADULT, CREEPER
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.items_helpers import (
    HIB,
    ROOM_15,
    act,
    legal_args,
    mini,
    offered,
    scene,
    settle,
    thing,
    use,
)


def wound(s: State, kind: str) -> int:
    return s.game.wound_type.index(kind)


def draw_all(s: State) -> None:
    while top_kind(s) == Kind.DRAW_ACTION:
        s.apply_action(s.legal_actions()[0])


# -- green -----------------------------------------------------------------------------------------
def test_medkit_dresses_a_serious_wound_or_heals_a_dressed_one() -> None:
    """§13.3: dress 1 Serious OR heal 1 dressed Serious (§8.1: healing discards the card)."""
    s = scene(inventory=("green.medkit",))
    leg, arm = wound(s, "leg"), wound(s, "arm")
    s.chars[0].serious = [leg, ~arm]
    use(s, "green.medkit")
    assert legal_args(s, "option") == [0, 1]
    act(s, "option", 1)
    assert s.chars[0].serious == [leg] and arm in s.wound_discard


def test_medkit_may_treat_another_character_in_your_room() -> None:
    """FAQ (§13.3): Medkit and Bandages may be used on others."""
    s = scene(inventory=("green.medkit",))
    leg = wound(s, "leg")
    s.chars[1].room = HIB
    s.chars[1].serious = [leg]
    use(s, "green.medkit")  # only seat 1 needs it, and only dressing helps
    assert s.chars[1].serious == [~leg]


def test_medkit_asks_whom_to_treat_when_both_need_it() -> None:
    s = scene(inventory=("green.medkit",))
    s.chars[0].serious = [wound(s, "body")]
    s.chars[1].room = HIB
    s.chars[1].serious = [wound(s, "leg")]
    use(s, "green.medkit")
    assert top_kind(s) == Kind.ITEM_PATIENT and legal_args(s, "seat") == [0, 1]
    act(s, "seat", 0)
    assert s.chars[0].serious == [~wound(s, "body")] and s.chars[1].serious[0] >= 0


def test_the_patient_can_still_be_chosen_after_paying_with_the_last_card() -> None:
    """§6.1: the cost is paid first; the choice of patient comes after it."""
    s = scene(inventory=("green.bandages",), cards=1)
    s.chars[0].light_wounds = 1
    s.chars[1].room = HIB
    s.chars[1].light_wounds = 1
    use(s, "green.bandages")
    assert s.chars[0].hand == [] and legal_args(s, "seat") == [0, 1]


def test_bandages_heal_all_light_wounds_or_dress_a_serious_one() -> None:
    """§13.3: dress 1 Serious OR heal all Light."""
    s = scene(inventory=("green.bandages",))
    s.chars[0].light_wounds = 2
    use(s, "green.bandages")
    assert s.chars[0].light_wounds == 0
    s = scene(inventory=("green.bandages",))
    s.chars[1].room = HIB
    s.chars[1].serious = [wound(s, "hand")]
    use(s, "green.bandages")
    assert s.chars[1].serious == [~wound(s, "hand")]


def test_medical_items_need_something_to_treat() -> None:
    s = scene(inventory=("green.medkit", "green.bandages"))
    assert not offered(s, "green.medkit") and not offered(s, "green.bandages")


def test_synthetic_food_draws_two_cards() -> None:
    """§13.3: draw 2 action cards."""
    s = scene(inventory=("green.synthetic_food",))
    hand = len(s.chars[0].hand)
    use(s, "green.synthetic_food")
    assert top_kind(s) == Kind.DRAW_ACTION
    draw_all(s)
    assert len(s.chars[0].hand) == hand - 1 + 2


def test_adrenaline_injection_draws_one_and_lets_you_act_until_you_pass() -> None:
    """§13.3: draw 1; you may take all your actions this round (then pass)."""
    charge = "red.energy_charge"
    s = scene(inventory=("green.adrenaline_injection", charge, charge))
    use(s, "green.adrenaline_injection")
    draw_all(s)
    for number in (1, 2):  # a second and a third action (a full rifle: doors only)
        assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 0
        use(s, charge)
        act(s, "door", s.game.topo.corridor_to(HIB, number))
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 0  # a 4th action is open


def test_alcohol_removes_a_clean_card_from_the_hand() -> None:
    """§13.3: scan & remove 1 contamination card from hand (§8.2: removed = out of the game)."""
    s = scene(inventory=("green.alcohol",))
    s.chars[0].hand.append(s.game.contam_unknown)
    use(s, "green.alcohol")
    act(s, "discard", s.game.contam_unknown)
    assert top_kind(s) == Kind.SCAN
    chance(s, CHANCE.scan, CLEAN)
    c = s.chars[0]
    assert not any(s.game.is_contamination(x) for x in c.hand + c.discard) and not c.larva


def test_alcohol_on_an_infected_card_gives_a_new_contamination_card_and_no_larva() -> None:
    """FAQ §19: Alcohol infected -> no Larva; take 1 new contamination card."""
    s = scene(inventory=("green.alcohol",))
    s.chars[0].hand.append(s.game.contam_unknown)
    use(s, "green.alcohol")
    act(s, "discard", s.game.contam_unknown)
    chance(s, CHANCE.scan, INFECTED)
    c = s.chars[0]
    assert s.game.contam_infected not in c.hand and not c.larva
    assert c.discard[-1] == s.game.contam_unknown


def test_alcohol_needs_a_contamination_card_in_hand() -> None:
    s = scene(inventory=("green.alcohol",))
    assert not offered(s, "green.alcohol")


def test_military_drugs_discard_any_cards_then_draw_that_many_plus_one() -> None:
    """§13.3: discard any cards from hand (contamination too), draw that many +1."""
    s = scene(inventory=("green.military_drugs",), cards=3)
    s.chars[0].hand.append(s.game.contam_unknown)
    use(s, "green.military_drugs")  # pays one Rest: 2 Rest and the contamination card left
    act(s, "discard", s.game.contam_unknown)
    act(s, "discard", s.game.tables.card_index["rest"])
    act(s, "done")
    draws = 0
    while top_kind(s) == Kind.DRAW_ACTION:
        s.apply_action(s.legal_actions()[0])
        draws += 1
    assert draws == 3 and len(s.chars[0].hand) == 4


# -- crafted ---------------------------------------------------------------------------------------
def test_antidote_purges_infection_and_the_larva_then_you_pass() -> None:
    """§13.4, §8.2: scan deck+hand+discard; remove INFECTED and the Larva; gain 1 contamination;
    shuffle deck+discard (keep hand); then pass."""
    s = scene(inventory=("crafted.antidote",))
    c = s.chars[0]
    c.larva = True
    c.discard = [s.game.contam_infected, s.game.tables.card_index["demolition"]]
    c.deck.shuffle_in([s.game.contam_unknown])
    use(s, "crafted.antidote")
    assert top_kind(s) == Kind.SCAN
    chance(s, CHANCE.scan, INFECTED)
    assert not c.larva and c.passed and c.discard == []
    infected = s.game.contam_infected
    assert infected not in c.hand and infected not in c.deck.unseen
    assert c.deck.unseen.count(s.game.contam_unknown) == 1  # the new card, shuffled in
    assert s.game.tables.card_index["demolition"] in c.deck.unseen


def test_taser_injures_an_intruder_once_and_makes_it_retreat() -> None:
    """§13.4: 1 Intruder in your room: 1 injury + retreat."""
    s = scene(inventory=("crafted.taser",))
    adult = mini(s, ADULT)
    s.intruder_room[adult] = HIB
    use(s, "crafted.taser")  # nobody else here: the Intruder is the only use
    assert s.intruder_injuries[adult] == 1 and top_kind(s) == Kind.INJURY_CHECK
    bite_6 = next(i for i, b in enumerate(s.game.attack_blood) if b == 6)
    chance(s, CHANCE.attack, bite_6)
    assert top_kind(s) == Kind.FLEE_DIRECTION


def test_taser_makes_another_character_discard_their_hand() -> None:
    """§13.4: OR one character in your room discards its whole hand."""
    s = scene(inventory=("crafted.taser",))
    s.chars[1].room = HIB
    act(s, "use_item", thing(s, "crafted.taser"))
    settle(s)
    assert s.chars[1].hand == [] and len(s.chars[1].discard) >= 2


def test_molotov_sets_the_room_on_fire_and_hurts_everyone_there() -> None:
    """§13.4: target room with an Intruder: fire marker + 1 injury / Serious Wound to everyone
    there; §12 Vulnerability to Fire: +1 per damage instance."""
    s = scene(inventory=("crafted.molotov_cocktail",))
    s.weakness[0] = s.game.weakness_ids.index("vulnerability_to_fire")
    adult, creeper = mini(s, ADULT), mini(s, CREEPER)
    s.intruder_room[adult] = s.intruder_room[creeper] = ROOM_15
    s.chars[1].room = ROOM_15
    use(s, "crafted.molotov_cocktail")  # equal injuries for all: no main target to pick
    assert s.fire[ROOM_15]
    assert s.intruder_injuries[adult] == 2 and s.intruder_injuries[creeper] == 2
    assert any(d.kind == Kind.WOUND_CARD and d.payload.seat == 1 for d in s.stack)


# -- crafting --------------------------------------------------------------------------------------
def recipe(s: State, item: str) -> int:
    return [r.item for r in s.game.data.items.crafted].index(item)


def test_crafting_a_flamethrower_gives_it_fully_loaded_in_a_hand() -> None:
    """§6.2 Craft (cost 1), §13.4 Flamethrower = Chemical + Tool; FAQ §19: fully loaded."""
    s = scene(inventory=("yellow.chemicals", "yellow.tools"))
    r = recipe(s, "flamethrower")
    act(s, "craft", r)
    settle(s)
    c = s.chars[0]
    flamethrower = thing(s, "crafted.flamethrower")
    assert c.inventory == [] and c.heavy[-1] == flamethrower and c.heavy_ammo[-1] == 4
    assert s.crafted_left[r] == 2 and thing(s, "yellow.tools") in s.item_discard[1]


def test_each_recipe_takes_its_two_icons() -> None:
    """§13.4: Antidote = Chemical + Medical, Taser = Electric + Tool, Molotov = Chemical + Cloth
    (Alcohol: Chemical; Bandages: Cloth; Duct Tape: Tool, docs/rules-decisions.md 41)."""
    cases = (("antidote", ("green.alcohol", "green.medkit")),
             ("taser", ("red.energy_charge", "yellow.duct_tape")),
             ("molotov_cocktail", ("yellow.chemicals", "green.bandages")))  # fmt: skip
    for item, parts in cases:
        s = scene(inventory=parts)
        assert legal_args(s, "craft") == [recipe(s, item)]
        act(s, "craft", recipe(s, item))
        settle(s)
        assert s.chars[0].inventory == [thing(s, f"crafted.{item}")]


def test_crafting_asks_which_component_when_several_fit() -> None:
    s = scene(inventory=("yellow.chemicals", "green.alcohol", "yellow.tools"))
    act(s, "craft", recipe(s, "flamethrower"))
    settle(s)
    assert top_kind(s) == Kind.CRAFT_COMPONENT
    assert legal_args(s, "thing") == sorted([thing(s, "yellow.chemicals"),
                                             thing(s, "green.alcohol")])  # fmt: skip
    act(s, "thing", thing(s, "green.alcohol"))
    assert s.chars[0].inventory == [thing(s, "yellow.chemicals")]


def test_crafting_refusals() -> None:
    """§6.2: not in Combat; the icons must match; a crafted copy must be left."""
    s = scene(inventory=("yellow.chemicals", "yellow.clothes"))
    assert legal_args(s, "craft") == [recipe(s, "molotov_cocktail")]
    s.crafted_left[recipe(s, "molotov_cocktail")] = 0
    assert legal_args(s, "craft") == []
    s = scene(inventory=("yellow.chemicals", "yellow.clothes"))
    s.intruder_room[mini(s, ADULT)] = HIB
    assert legal_args(s, "craft") == []
    s = scene(inventory=("yellow.chemicals", "green.synthetic_food"))
    assert legal_args(s, "craft") == []


# -- hands -----------------------------------------------------------------------------------------
def test_taking_a_heavy_thing_with_both_hands_full_asks_what_to_drop() -> None:
    """§6.3: taking a 3rd heavy thing requires dropping one (§6.2: a dropped item is
    discarded, an object stays in the room)."""
    s = scene("scout")
    c = s.chars[0]
    carcass = s.game.obj_carcass
    c.heavy.append(carcass)
    c.heavy_ammo.append(0)
    items.take_heavy(s, 0, thing(s, "yellow.fire_extinguisher"), 0)
    assert top_kind(s) == Kind.DROP_HEAVY and len(legal_args(s, "thing")) == 3
    act(s, "thing", carcass)
    assert carcass in s.objects[HIB] and thing(s, "yellow.fire_extinguisher") in c.heavy


def test_an_arm_wound_makes_you_drop_a_heavy_thing_of_your_choice() -> None:
    """§8.1: Arm: only 1 hand slot; drop the extra heavy item."""
    s = scene("scout")
    c = s.chars[0]
    c.heavy.append(thing(s, "yellow.fire_extinguisher"))
    c.heavy_ammo.append(0)
    c.serious = [wound(s, "arm")]
    items.enforce_hand_slots(s, 0)
    act(s, "thing", thing(s, "yellow.fire_extinguisher"))
    assert c.heavy == [s.game.starting_weapon(c.character)]
    assert thing(s, "yellow.fire_extinguisher") in s.item_discard[1]
