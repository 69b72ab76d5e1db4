"""Points of the per-card audit (issue 12) where the code's reading was doubtful: the
Malfunction event's room, Flammable Compounds and closed doors, the order in which "each
character" resolves, and Nerves of Steel before Armor (nemesis-reference.md §8.4, §8.5, §9.2,
§10, §14, §19; docs/rules-decisions.md 200-202).

Rooms are 0-based (printed room n is index n - 1). The Hibernatorium (room 11) exits are
1 -> 15, 2 -> 6, 3 -> 8, 4 -> 14 (§2.2).
"""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import intruders, noise
from nemesis_env.games.nemesis.rules.intruders import ADULT
from nemesis_env.games.nemesis.rules.kinds import (
    DEVELOPMENT_DRAW,
    Encounter,
    Kind,
    NoiseRoll,
    Stage,
)
from nemesis_env.games.nemesis.state import CLOSED, State
from tests.nemesis.card_scenes import card, intruder_in
from tests.nemesis.card_scenes import scene as card_scene
from tests.nemesis.helpers import chance, clear_board, play_to_round, top_kind

COCKPIT, HIB = 0, 10
SPECIAL = (0, 10, 18, 19, 20)  # rooms 1, 11, 19-21: printed on the board, face up (§2.1, §4.1)


def scene() -> State:
    """Everyone in the Cockpit, no intruders, no noise, only the special rooms explored."""
    s = play_to_round()
    clear_board(s)
    for c in s.chars:
        c.room = COCKPIT
    return s


def draw_event(s: State, card_id: str) -> None:
    s.stack.clear()
    s.stage = Stage.EVENT_CARD
    s.legal_cache = None
    s.game.rules.settle(s)
    chance(s, CHANCE.event, [e.id for e in s.game.data.events].index(card_id))


def on_stack(s: State, kind: Kind) -> list[object]:
    """Payloads of `kind`, bottom of the stack first (the last one resolves first)."""
    return [d.payload for d in s.stack if d.kind == kind]


# -- (a) the Malfunction event (decision 200) ---------------------------------------------------
def test_malfunction_never_goes_to_an_unexplored_room_and_passes_full_ones() -> None:
    """§10 Malfunction: the explored room with the lowest number; §8.5: max 1 per room, never
    in an unexplored room (FAQ). With every explored room malfunctioning nothing is placed
    (5 markers: no 9th, no hull failure)."""
    s = scene()
    assert [r for r in range(21) if s.explored[r]] == list(SPECIAL)
    for room in SPECIAL:
        s.malfunction[room] = True
    draw_event(s, "malfunction")
    assert [r for r in range(21) if s.malfunction[r]] == list(SPECIAL)
    assert not s.ship_destroyed


# -- (b) Flammable Compounds and closed doors ---------------------------------------------------
def test_flammable_compounds_does_not_cross_a_closed_door() -> None:
    """§8.4: spreading fire never crosses Closed Doors (the printed card: "Fire does not spread
    through Closed Doors or Technical Corridors", [AB] card text)."""
    s = scene()
    s.fire[HIB] = True
    s.door[s.game.topo.corridor_to(HIB, 2)] = CLOSED  # to room 6
    draw_event(s, "flammable_compounds")
    assert sorted(r for r in range(21) if s.fire[r]) == [7, HIB, 13, 14]  # rooms 8, 11, 14, 15


# -- (c) "each character" from the first player (decision 201) ----------------------------------
def test_egg_protection_resolves_from_the_first_player() -> None:
    """§10 Egg Protection: an Encounter for each character in the Nest or carrying an Egg, in
    turn order (§5.1: from the first player, clockwise)."""
    s = scene()
    g = s.game
    nest = 12
    s.tile[nest] = g.tables.tiles.index("nest")
    s.explored[nest] = True
    s.chars[0].room = s.chars[2].room = nest
    carrier = s.chars[3]
    carrier.heavy, carrier.heavy_ammo, carrier.carried_eggs = [g.obj_egg], [0], 1
    s.first_player = 2
    draw_event(s, "egg_protection")
    # seat 2's Encounter resolved to its bag draw first; seat 3's then seat 0's wait below
    assert top_kind(s) == Kind.BAG_DRAW and s.stack[-1].payload.seat == 2
    assert on_stack(s, Kind.ENCOUNTER) == [Encounter(0, nest), Encounter(3, COCKPIT)]


def test_noise_in_technical_corridors_rolls_from_the_first_player() -> None:
    """§10: with noise already in the tech space, each character at an entrance rolls, in turn
    order."""
    s = scene()
    s.tc_noise = [True]
    s.chars[0].room, s.chars[1].room = 1, 14  # rooms 2 and 15: entrances
    s.first_player = 1
    draw_event(s, "noise_in_technical_corridors")
    rolls = [(r.seat, r.room) for r in on_stack(s, Kind.NOISE_ROLL) if isinstance(r, NoiseRoll)]
    assert rolls == [(0, 1), (1, 14)]  # seat 1 on top: it rolls first


def test_bag_development_noise_rolls_go_in_turn_order() -> None:
    """§9.2 Adult: every player not in Combat makes a Noise roll, in turn order."""
    s = scene()
    s.first_player = 3
    s.stack.clear()
    noise.draw_from_bag(s, DEVELOPMENT_DRAW, -1, -1)
    adult = s.game.tokens_of_type[ADULT][0]
    if adult not in s.bag.counts():
        s.bag.put(adult)
    chance(s, CHANCE.token, adult)
    rolls = [r.seat for r in on_stack(s, Kind.NOISE_ROLL) if isinstance(r, NoiseRoll)]
    assert rolls == [2, 1, 0, 3]  # seat 3 on top


# -- (d) Nerves of Steel, then Armor (decision 202) ---------------------------------------------
def soldier_surprised() -> State:
    """The Soldier (seat 0), with active Armor and Nerves of Steel, is surprised by an Adult
    whose Bite is seen to hit."""
    s = card_scene("soldier", ["nerves_of_steel", "search"])
    s.chars[0].inventory.append(s.game.tables.thing_index["quest.armor"])
    adult = intruder_in(s, ADULT, HIB)
    intruders.attack(s, adult, 0, surprise=True)
    s.game.rules.settle(s)
    bite = next(i for i, op in enumerate(s.game.attack_op) if op == "bite")
    chance(s, CHANCE.attack, bite)
    return s


def test_declining_nerves_of_steel_still_offers_the_armor() -> None:
    """§14: Nerves of Steel ignores a Surprise Attack on the Soldier, Armor ignores one
    attack; both answer an attack card seen to hit (FAQ, decision 92). Letting the card go
    leaves the Armor: the Soldier is asked next."""
    s = soldier_surprised()
    assert top_kind(s) == Kind.NERVES_WINDOW
    s.apply_action(s.game.actions.no.id())
    assert top_kind(s) == Kind.ARMOR
    s.apply_action(s.game.actions.yes.id())
    assert not s.chars[0].serious and top_kind(s) == Kind.ROUND
    assert card(s, "nerves_of_steel") in s.chars[0].hand  # the card was kept


def test_nerves_of_steel_played_leaves_the_armor_unused() -> None:
    s = soldier_surprised()
    s.apply_action(s.game.actions.react.id(card(s, "nerves_of_steel")))
    assert not s.chars[0].serious and top_kind(s) == Kind.ROUND
    assert s.game.tables.thing_index["quest.armor"] in s.chars[0].inventory
