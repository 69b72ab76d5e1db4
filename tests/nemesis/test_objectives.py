"""Every objective card's conditions, met and not met, at the end of a game (nemesis-reference.md
§15; §17 step 4; seed 000: a player wins with the objective chosen at the first encounter
and by surviving, which the caller of `objectives.met` checks).

States are a 5-player game past setup, edited into an ending: seat s is Player s + 1; a
survivor is HIBERNATING or ESCAPED, everyone else DEAD unless a test says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from nemesis_env.games.nemesis.rules import objectives
from nemesis_env.games.nemesis.state import DEAD, ESCAPED, HIBERNATING, NOWHERE, State
from tests.nemesis.helpers import play_to_round

EGG, CORPSE, CARCASS = range(3)  # weakness slots (Egg / Character Corpse / Intruder Carcass)
OWNER = 1  # Player 2 holds the card unless a test says otherwise


def ending(card_id: str, owner: int = OWNER, survivors: tuple[int, ...] = (OWNER,)) -> State:
    s = play_to_round(players=5)
    for seat, c in enumerate(s.chars):
        c.status = HIBERNATING if seat in survivors else DEAD
        c.room = NOWHERE
        c.signal = False
        c.heavy, c.heavy_ammo, c.inventory, c.carried_eggs = [], [], [], 0
    s.chars[owner].objective = [o.id for o in s.game.objective_cards].index(card_id)
    return s


def met(s: State, owner: int = OWNER) -> bool:
    return objectives.met(s, owner)


def discover(s: State, *slots: int) -> None:
    for k, slot in enumerate(slots):
        s.weakness[slot] = k  # any weakness card, face up in that slot


def carry(s: State, seat: int, thing: str) -> None:
    c = s.chars[seat]
    c.heavy.append(s.game.object_id(thing))
    c.heavy_ammo.append(0)
    if thing == "egg":
        c.carried_eggs += 1


def test_every_card_of_the_data_is_covered() -> None:
    s = play_to_round(players=5)
    ids = {o.id for o in s.game.objective_cards}
    covered = {card for card, _ in NAMED} | set(CASES) | {"the_right_moment_to_strike"}
    assert len(s.game.objective_cards) == 25 and ids == covered
    kinds = [o.kind for o in s.game.objective_cards]
    assert (kinds.count("corporate"), kinds.count("personal"), kinds.count("solo_coop")) == (
        9,
        9,
        7,
    )


def test_no_objective_chosen_is_never_met() -> None:
    """Seed 000: with no first encounter nobody chose an objective, so nobody wins."""
    s = ending("best_friends_forever", survivors=(OWNER, 2))
    s.chars[OWNER].objective = -1
    assert not met(s)


# -- Corporate: "Player n's character must not survive" (or you are the only survivor) ----------
NAMED = [
    ("the_right_moment_to_strike", 1),
    ("greener_pastures", 2),
    ("an_old_feud", 3),
    ("hostile_takeover", 4),
    ("the_final_enlightenment", 5),
]


@pytest.mark.parametrize(("card_id", "player"), NAMED)
def test_the_named_player_must_not_survive(card_id: str, player: int) -> None:
    named = player - 1
    owner = player % 5  # somebody else
    other = (player + 1) % 5  # a third character
    s = ending(card_id, owner, survivors=(owner, other))
    assert met(s, owner)  # the named player died; others may survive
    s = ending(card_id, owner, survivors=(owner, other, named))
    assert not met(s, owner)  # the named player survived and the owner is not alone
    s.chars[named].status = ESCAPED  # surviving by a pod is surviving too
    assert not met(s, owner)


@pytest.mark.parametrize(("card_id", "player"), NAMED)
def test_or_the_owner_is_the_only_survivor(card_id: str, player: int) -> None:
    named = player - 1
    owner = player % 5
    s = ending(card_id, owner, survivors=(owner,))
    assert met(s, owner)
    s = ending(card_id, owner, survivors=(owner, named))
    assert not met(s, owner)


@pytest.mark.parametrize(("card_id", "player"), NAMED)
def test_a_card_naming_its_owner_needs_the_owner_to_be_the_only_survivor(
    card_id: str, player: int
) -> None:
    """§15 (The Final Enlightenment's text, objectives.yaml): if the named player is you, you
    must be the only survivor."""
    owner = player - 1
    s = ending(card_id, owner, survivors=(owner,))
    assert met(s, owner)
    s = ending(card_id, owner, survivors=(owner, (owner + 1) % 5))
    assert not met(s, owner)


# -- every other card: (state editor, expected) pairs -------------------------------------------
Setup = Callable[[State], None]


def signal(s: State) -> None:
    s.chars[OWNER].signal = True


def both(*edits: Setup) -> Setup:
    def run(s: State) -> None:
        for edit in edits:
            edit(s)

    return run


def arrived(destination: str) -> Setup:
    def run(s: State) -> None:
        s.arrived = destination

    return run


def survivors_also(*seats: int) -> Setup:
    def run(s: State) -> None:
        for seat in seats:
            s.chars[seat].status = ESCAPED

    return run


def weaknesses(*slots: int) -> Setup:
    return lambda s: discover(s, *slots)


def carrying(thing: str) -> Setup:
    return lambda s: carry(s, OWNER, thing)


def ship_destroyed(s: State) -> None:
    s.ship_destroyed = True


def nest_destroyed(s: State) -> None:
    s.nest_destroyed = True


def queen_killed(s: State) -> None:
    s.queen_killed = True


def all_explored(s: State) -> None:
    s.explored = [True] * len(s.explored)


def all_but_one_explored(s: State) -> None:
    s.explored = [True] * len(s.explored)
    s.explored[5] = False


def in_pod_with_items(count: int, objects: int = 0) -> Setup:
    """The owner escaped by pod with `count` items: up to 2 heavy ones in hands, the rest in
    the inventory, plus `objects` heavy objects (eggs), which are not items."""

    def run(s: State) -> None:
        c = s.chars[OWNER]
        c.status = ESCAPED
        heavy = min(2, count)
        c.heavy = [0] * heavy + [s.game.object_id("egg")] * objects
        c.heavy_ammo = [0] * len(c.heavy)
        c.carried_eggs = objects
        c.inventory = [1] * (count - heavy)

    return run


def hibernating_with_items(count: int) -> Setup:
    def run(s: State) -> None:
        in_pod_with_items(count)(s)
        s.chars[OWNER].status = HIBERNATING

    return run


def corpse_in(tile: str, room: int = 12) -> Setup:
    def run(s: State) -> None:
        s.tile[room] = s.game.tables.tiles.index(tile)
        s.explored[room] = True
        hib = s.game.hibernatorium
        blue = s.game.obj_blue_corpse
        if blue in s.objects[hib]:
            s.objects[hib].remove(blue)
        s.objects[room].append(blue)

    return run


def nothing(s: State) -> None:
    pass


Y, N = True, False
CASES: dict[str, list[tuple[Setup, bool]]] = {
    # Corporate
    "extreme_field_biology": [
        (weaknesses(EGG, CARCASS), Y),
        (weaknesses(CORPSE, EGG, CARCASS), Y),
        (weaknesses(CORPSE), N),
    ],
    "ab_ovo": [(weaknesses(EGG), Y), (weaknesses(CORPSE, CARCASS), N)],
    "necroscopy": [
        (both(signal, weaknesses(CARCASS)), Y),
        (both(signal, weaknesses(EGG, CORPSE)), N),
        (weaknesses(CARCASS), N),
    ],
    "my_precious": [
        (both(signal, carrying("egg")), Y),
        (carrying("egg"), N),
        (both(signal, carrying("carcass")), N),
    ],
    # Personal
    "salvaging_the_prime_asset": [
        (both(arrived("earth"), survivors_also(0, 2)), Y),
        (both(arrived("mars"), survivors_also(0)), N),
        (arrived("mars"), Y),  # the only survivor
        (both(ship_destroyed, survivors_also(3)), N),
    ],
    "the_oldest_friend": [
        (both(arrived("earth"), survivors_also(4)), Y),
        (both(arrived("venus"), survivors_also(4)), N),
        (both(ship_destroyed, survivors_also(OWNER)), Y),  # the only survivor, by a pod
    ],
    "quarantine": [
        (arrived("mars"), Y),
        (both(arrived("earth"), nest_destroyed), Y),
        (arrived("earth"), N),
        (both(arrived("deep_space"), nest_destroyed), N),
        (both(ship_destroyed, nest_destroyed), N),  # the ship reaches nothing
    ],
    "the_great_hunt": [
        (both(signal, ship_destroyed), Y),
        (both(signal, queen_killed), Y),
        (signal, N),
        (queen_killed, N),
    ],
    "a_proper_burial": [
        (both(signal, carrying("blue_corpse")), Y),
        (carrying("blue_corpse"), N),
        (both(signal, carrying("corpse")), N),  # another character's corpse is not it
    ],
    "hoarder": [
        (in_pod_with_items(7), Y),
        (in_pod_with_items(8), Y),
        (in_pod_with_items(6), N),
        (in_pod_with_items(6, objects=1), N),  # a heavy object is not an item
        (hibernating_with_items(7), N),  # must end in an Escape Pod
    ],
    "relentless_investigator": [
        (both(signal, all_explored), Y),
        (both(signal, all_but_one_explored), N),
        (all_explored, N),
    ],
    "best_friends_forever": [(survivors_also(3), Y), (nothing, N)],
    "aliens_on_a_spaceship": [
        (both(signal, nest_destroyed), Y),
        (both(signal, ship_destroyed), Y),
        (nest_destroyed, N),
        (both(signal, queen_killed), N),
    ],
    # Solo / co-op
    "destination_earth": [
        (arrived("earth"), Y),
        (arrived("mars"), N),
        (ship_destroyed, N),
    ],
    "emergency_post_mortem": [
        (corpse_in("surgery"), Y),
        (corpse_in("laboratory"), N),
        (nothing, N),
    ],
    "first_contact_protocol": [(weaknesses(CORPSE, CARCASS), Y), (weaknesses(EGG), N)],
    "cutting_off_the_head": [
        (both(signal, queen_killed), Y),
        (both(signal, ship_destroyed), Y),
        (queen_killed, N),
        (both(signal, nest_destroyed), N),
    ],
    "no_man_left_behind": [
        (both(signal, all_explored), Y),
        (both(signal, all_but_one_explored), N),
        (all_explored, N),
    ],
    "special_delivery": [(carrying("egg"), Y), (nothing, N), (carrying("carcass"), N)],
    "clean_up_crew": [
        (both(signal, nest_destroyed), Y),
        (both(signal, ship_destroyed), Y),
        (nest_destroyed, N),
        (both(signal, queen_killed), N),
    ],
}


@pytest.mark.parametrize(
    ("card_id", "case"),
    [(card, k) for card, cases in CASES.items() for k in range(len(cases))],
)
def test_objective_conditions(card_id: str, case: int) -> None:
    setup, expected = CASES[card_id][case]
    s = ending(card_id)
    setup(s)
    assert met(s) == expected
