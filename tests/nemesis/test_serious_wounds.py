"""The 16 Serious Wound cards, one scenario each, with dressing, healing and death
(nemesis-reference.md §8.1; §7.5 for the Leg wound's Escape; §19 FAQ: a Hand wound does not
touch Shoot or the Motion Scanner, two Light Wounds on a full track give 1 Serious + 1 Light).

§8.1: Arm x3 (1 hand slot; drop the extra heavy thing), Hand x3 (item actions cost +1),
Leg x3 (Escape costs 2), Body x4 (draw up to 4), Bleeding x3 (each pass: 1 Light Wound). A
wound's effect holds until it is dressed; duplicates do not stack. Dress = flip the card
(effect off, it still counts); Heal = discard a dressed card. A character with 3 Serious
Wounds who suffers any further wound dies.

A dressed card is stored as `~card` in `Character.serious` (rules/wounds.py).
"""

from __future__ import annotations

import pytest

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import items, noise, wounds
from nemesis_env.games.nemesis.rules.intruders import ADULT
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import ACTIVE, DEAD, State
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.items_helpers import HIB, act, mini, scene, thing, use

# §8.1: the deck, type by type, as the reference lists it
DECK = {"arm": 3, "hand": 3, "leg": 3, "body": 4, "bleeding": 3}
CARDS = [(kind, copy) for kind, copies in DECK.items() for copy in range(copies)]
# what each wound changes (§8.1): hand slots, an item action's cost, an Escape's cost, the hand
# size drawn to, Light Wounds from a pass; first unwounded, then with the wound
UNWOUNDED = {"arm": 2, "hand": 1, "leg": 1, "body": 5, "bleeding": 0}
WOUNDED = {"arm": 1, "hand": 2, "leg": 2, "body": 4, "bleeding": 1}
ROOM_15 = 14  # the Hibernatorium's corridor 1 leads to room 15 (§2.2)


def copies(s: State, kind: str) -> list[int]:
    return [card for card, t in enumerate(s.game.wound_type) if t == kind]


def pays(s: State) -> int:
    """The Action cards the action just taken asks for (its PAY decisions)."""
    return sum(1 for d in s.stack if d.kind == Kind.PAY)


# -- measuring each wound's effect -------------------------------------------------------------
def hand_slots(s: State) -> int:
    """Heavy things taken one by one into empty hands before a drop is asked (§6.3)."""
    c = s.chars[0]
    c.heavy, c.heavy_ammo = [], []
    for held, heavy in enumerate(("yellow.fire_extinguisher", "red.prototype_rifle")):
        items.take_heavy(s, 0, thing(s, heavy), 0)
        if top_kind(s) == Kind.DROP_HEAVY:
            return held
    items.take_heavy(s, 0, s.game.obj_carcass, 0)
    return 2 if top_kind(s) == Kind.DROP_HEAVY else 3


def item_cost(s: State) -> int:
    """Synthetic Food costs 1 (§13.3, decision 51)."""
    s.chars[0].inventory.append(thing(s, "green.synthetic_food"))
    act(s, "use_item", thing(s, "green.synthetic_food"))
    return pays(s)


def escape_cost(s: State) -> int:
    """Movement out of a room with an Intruder is an Escape (§7.5)."""
    s.intruder_room[mini(s, ADULT)] = HIB
    act(s, "move", ROOM_15)
    return pays(s)


def hand_size(s: State) -> int:
    """The Player Phase's draw step with an empty hand (§5.1 step 1)."""
    s.chars[0].hand = []
    s.stack.clear()
    s.stage = Stage.DRAW
    s.legal_cache = None
    s.game.rules.settle(s)
    return sum(1 for d in s.stack if d.kind == Kind.DRAW_ACTION and d.payload.seat == 0)


def pass_wounds(s: State) -> int:
    """Light Wounds from passing (§5.1 step 4), keeping every card."""
    s.apply_action(s.game.actions.pass_id)
    assert top_kind(s) == Kind.PASS_DISCARD
    s.apply_action(s.game.actions.done_id)
    return s.chars[0].light_wounds


MEASURE = {
    "arm": hand_slots,
    "hand": item_cost,
    "leg": escape_cost,
    "body": hand_size,
    "bleeding": pass_wounds,
}


def measured(s: State, kind: str) -> int:
    return MEASURE[kind](s.clone())


def wounded(serious: list[int]) -> State:
    """The Scout alone in the Hibernatorium, 5 cards in hand, with these Serious Wound cards."""
    s = scene("scout")
    s.chars[0].serious = serious
    for card in serious:
        s.wound_deck.draw(card if card >= 0 else ~card)
    s.legal_cache = None
    return s


# -- one test per card -------------------------------------------------------------------------
def test_the_deck_holds_the_sixteen_cards_of_the_reference() -> None:
    """§1: 16 Serious Wound cards; §8.1: 3 Arm, 3 Hand, 3 Leg, 4 Body, 3 Bleeding."""
    s = scene("scout")
    assert {kind: len(copies(s, kind)) for kind in DECK} == DECK
    assert sorted(card for card, _ in s.wound_deck.draw_outcomes()) == list(range(16))


@pytest.mark.parametrize(("kind", "copy"), CARDS, ids=[f"{k}-{c}" for k, c in CARDS])
def test_a_drawn_serious_wound_card_has_its_effect(kind: str, copy: int) -> None:
    """§8.1: a Serious Wound draws a card from the deck; its effect applies (until dressed)."""
    s = wounded([])
    assert measured(s, kind) == UNWOUNDED[kind]
    card = copies(s, kind)[copy]
    wounds.serious_wound(s, 0)
    assert top_kind(s) == Kind.WOUND_CARD
    chance(s, CHANCE.wound, card)
    assert s.chars[0].serious == [card] and card not in dict(s.wound_deck.draw_outcomes())
    assert top_kind(s) == Kind.ROUND  # the round goes on (the Scout held one heavy thing)
    assert measured(s, kind) == WOUNDED[kind]


@pytest.mark.parametrize("kind", list(DECK))
def test_a_dressed_wound_has_no_effect_but_still_counts(kind: str) -> None:
    """§8.1 Dress: the card is flipped, its effect off; it still counts (3 and a wound: death)."""
    card = copies(scene("scout"), kind)[0]
    s = wounded([~card])
    assert measured(s, kind) == UNWOUNDED[kind]
    s = wounded([~card, ~copies(s, "leg")[1], ~copies(s, "body")[1]])
    wounds.light_wounds(s, 0, 1)
    assert s.chars[0].status == DEAD


@pytest.mark.parametrize("kind", list(DECK))
def test_two_wounds_of_a_type_do_not_stack(kind: str) -> None:
    """§8.1: duplicates don't stack."""
    s = scene("scout")
    s = wounded(copies(s, kind)[:2])
    assert measured(s, kind) == WOUNDED[kind]


# -- the details of each type ------------------------------------------------------------------
def test_an_arm_wound_drops_the_extra_heavy_item_at_once() -> None:
    """§8.1 Arm: only 1 hand slot; drop the extra heavy item (the player's choice)."""
    s = wounded([])
    c = s.chars[0]
    rifle, extinguisher = c.heavy[0], thing(s, "yellow.fire_extinguisher")
    c.heavy, c.heavy_ammo = [rifle, extinguisher], [4, 0]
    wounds.serious_wound(s, 0)
    chance(s, CHANCE.wound, copies(s, "arm")[2])
    assert top_kind(s) == Kind.DROP_HEAVY and s.stack[-1].chooser == 0
    act(s, "thing", rifle)
    assert c.heavy == [extinguisher] and top_kind(s) == Kind.ROUND


def test_a_hand_wound_leaves_shoot_at_one_card() -> None:
    """§19 FAQ: the Hand wound doesn't affect Shoot (a basic action, §6.2: cost 1)."""
    s = wounded(copies(scene("scout"), "hand")[:1])
    s.intruder_room[mini(s, ADULT)] = HIB
    act(s, "shoot", mini(s, ADULT))
    assert pays(s) == 1


def test_a_hand_wound_leaves_the_motion_scanner_at_its_cost() -> None:
    """§19 FAQ: the Hand wound doesn't affect the Motion Scanner (its cost 1, §14)."""
    s = wounded(copies(scene("scout"), "hand")[:1])
    c = s.chars[0]
    c.heavy.append(thing(s, "quest.motion_scanner"))
    c.heavy_ammo.append(0)
    c.quest_active = [False, True]
    noise.roll_noise(s, 0, HIB)
    chance(s, CHANCE.noise, 0)
    assert top_kind(s) == Kind.NOISE_REROLL
    act(s, "yes")
    assert pays(s) == 1


def test_a_leg_wound_leaves_movement_out_of_combat_at_one_card() -> None:
    """§7.5: the Leg wound makes the Escape cost 2; a Movement out of Combat costs 1 (§6.2)."""
    s = wounded(copies(scene("scout"), "leg")[:1])
    act(s, "move", ROOM_15)
    assert pays(s) == 1


def test_a_leg_wound_with_one_card_in_hand_cannot_escape() -> None:
    """§6.1: an action is paid in full; the Escape costs 2 with a Leg wound (§7.5)."""
    s = wounded(copies(scene("scout"), "leg")[:1])
    s.chars[0].hand = s.chars[0].hand[:1]
    s.intruder_room[mini(s, ADULT)] = HIB
    s.legal_cache = None
    assert s.game.actions.move.id(ROOM_15) not in s.legal_actions()


# -- healing ----------------------------------------------------------------------------------
def test_healing_discards_a_dressed_wound_and_it_no_longer_counts() -> None:
    """§8.1 Heal: discard a dressed Serious Wound (§13.3 Medkit: heal 1 dressed Serious); with
    2 cards left, the next wound is a 3rd Serious Wound, not death."""
    s = scene("scout")
    body, arm, leg = copies(s, "body")[0], copies(s, "arm")[0], copies(s, "leg")[0]
    s = wounded([body, ~arm, leg])
    s.chars[0].inventory = [thing(s, "green.medkit")]
    use(s, "green.medkit")
    act(s, "option", 1)  # heal, not dress
    assert s.chars[0].serious == [body, leg] and arm in s.wound_discard
    wounds.serious_wound(s, 0)
    assert s.chars[0].status == ACTIVE and top_kind(s) == Kind.WOUND_CARD


def test_an_empty_wound_deck_is_reshuffled_from_its_discard() -> None:
    """§8.1: healed cards are discarded; a draw from an empty deck reshuffles the discard (as
    every deck of §4.1 step 10)."""
    s = wounded([])
    hand, leg = copies(s, "hand")[0], copies(s, "leg")[0]
    for card in range(16):
        s.wound_deck.draw(card)
    s.wound_discard = [hand, leg]
    wounds.serious_wound(s, 0)
    s.game.rules.settle(s)
    assert sorted(card for card, _ in s.chance_outcomes()) == CHANCE.wound.ids([hand, leg])


# -- death ------------------------------------------------------------------------------------
def test_the_third_serious_wound_does_not_kill() -> None:
    """§8.1: death needs a further wound once 3 Serious Wounds are there."""
    s = scene("scout")
    s = wounded(copies(s, "leg")[:1] + copies(s, "body")[:1])
    wounds.serious_wound(s, 0)
    chance(s, CHANCE.wound, copies(s, "hand")[0])
    assert s.chars[0].status == ACTIVE and len(s.chars[0].serious) == 3


def test_a_light_wound_on_three_serious_wounds_kills() -> None:
    """§8.1: a character with 3 Serious Wounds who suffers any further wound dies."""
    s = scene("scout")
    s = wounded(copies(s, "bleeding"))
    wounds.light_wounds(s, 0, 1)
    assert s.chars[0].status == DEAD and s.game.obj_corpse in s.objects[HIB]


def test_a_serious_wound_on_three_serious_wounds_kills_without_a_card() -> None:
    """§8.1: any further wound kills; no 4th card is drawn (the board has 3 slots, §14)."""
    s = scene("scout")
    s = wounded(copies(s, "arm"))
    left = len(s.wound_deck)
    wounds.serious_wound(s, 0)
    assert s.chars[0].status == DEAD and len(s.wound_deck) == left
    assert not any(d.kind == Kind.WOUND_CARD for d in s.stack)


def test_a_third_light_wound_with_two_serious_wounds_is_the_third_serious_wound() -> None:
    """§8.1: the 3rd Light Wound becomes 1 Serious Wound; with 2 already, that is the 3rd."""
    s = scene("scout")
    s = wounded(copies(s, "arm")[:2])
    s.chars[0].light_wounds = 2
    wounds.light_wounds(s, 0, 1)
    assert s.chars[0].status == ACTIVE and top_kind(s) == Kind.WOUND_CARD
    chance(s, CHANCE.wound, copies(s, "leg")[0])
    assert s.chars[0].status == ACTIVE and len(s.chars[0].serious) == 3
    assert s.chars[0].light_wounds == 0


def test_two_light_wounds_on_a_full_track_give_one_serious_and_one_light() -> None:
    """§8.1 / §19 FAQ: 2 Light Wounds with 2 already on the track: 1 Serious + 1 Light."""
    s = wounded([])
    s.chars[0].light_wounds = 2
    wounds.light_wounds(s, 0, 2)
    assert top_kind(s) == Kind.WOUND_CARD
    chance(s, CHANCE.wound, copies(s, "body")[0])
    assert s.chars[0].light_wounds == 1 and len(s.chars[0].serious) == 1
