"""The Event phase's card step: the 20 Event cards, the Intruder movement they cause and each
card's fate (nemesis-reference.md §5.2 step 8, §7.7, §10, §8.4-§8.6, §19 FAQ).

Rooms are 0-based (printed room n is index n - 1). The board is the basic side (§2.2); the
Hibernatorium (room 11) exits are 1 -> 15, 2 -> 6, 3 -> 8, 4 -> 14.
"""

from __future__ import annotations

import numpy as np
import pytest

from nemesis_env.core.zones import Deck
from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules.contamination import INFECTED
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER, CREEPER, LARVA, QUEEN
from nemesis_env.games.nemesis.rules.kinds import (
    DEVELOPMENT_DRAW,
    ENCOUNTER_DRAW,
    BagDraw,
    Encounter,
    Kind,
    NoiseRoll,
    Stage,
)
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    CLOSED,
    DEAD,
    DESTROYED,
    ESCAPED,
    HIBERNATING,
    IN_POD,
    NOWHERE,
    OPEN,
    POD_LAUNCHED,
    POD_LOCKED,
    POD_UNLOCKED,
    State,
)
from tests.nemesis.helpers import chance, clear_board, play_to_round, step_randomly, top_kind

COCKPIT, HIB = 0, 10  # rooms 1 and 11
DEST = {1: 14, 2: 5, 3: 7, 4: 13}  # out of the Hibernatorium by corridor number (§2.2)

# §10's table: the intruder types each card moves, its corridor number, and its fate
# (discard; "removed": out of the game, deck reshuffled with the discard; "back": Malfunction
# is shuffled back into the deck).
CARDS: dict[str, tuple[str, int, str]] = {
    "regeneration": ("BQ", 1, "discard"),
    "eclosion": ("CBQ", 1, "discard"),
    "bulkheads_open": ("AB", 1, "discard"),
    "damaging_fire": ("CA", 1, "discard"),
    "coolant_leak": ("ABQ", 1, "removed"),
    "egg_protection": ("BQ", 2, "discard"),
    "damage": ("CA", 2, "discard"),
    "hunt_corridor_2": ("CBQ", 2, "discard"),
    "malfunction": ("AB", 2, "back"),
    "life_support_failure": ("ABQ", 2, "removed"),
    "hatching": ("AB", 3, "discard"),
    "nest": ("CBQ", 3, "discard"),
    "hunt_corridor_3": ("BQ", 3, "discard"),
    "scent_of_prey": ("CA", 3, "discard"),
    "escape_pod_ejection": ("ABQ", 3, "removed"),
    "lurking": ("CA", 4, "discard"),
    "noise_in_technical_corridors": ("AB", 4, "discard"),
    "flammable_compounds": ("BQ", 4, "discard"),
    "consuming_fire": ("CBQ", 4, "discard"),
    "short_circuit": ("ABQ", 4, "removed"),
}
LETTER = {CREEPER: "C", ADULT: "A", BREEDER: "B", QUEEN: "Q"}


def scene(s: State | None = None) -> State:
    """Everyone in the Cockpit, no intruders, no noise."""
    s = play_to_round() if s is None else s
    clear_board(s)
    for c in s.chars:
        c.room = COCKPIT
    return s


def explore(s: State, room: int, tile_id: str, explored: bool = True) -> None:
    s.tile[room] = s.game.tables.tiles.index(tile_id)
    s.tile_known[room] = (1 << len(s.chars)) - 1
    s.explored[room] = explored


def mini(s: State, kind: int, room: int, k: int = 0, injuries: int = 0) -> int:
    m = s.game.minis_of_type[kind][k]
    s.intruder_room[m] = room
    s.intruder_injuries[m] = injuries
    return m


def card_index(s: State, card_id: str) -> int:
    return [e.id for e in s.game.data.events].index(card_id)


def draw_event(s: State, card_id: str) -> int:
    """Runs the Event phase's card step with `card_id` drawn."""
    s.stack.clear()
    s.stage = Stage.EVENT_CARD
    s.legal_cache = None
    s.game.rules.settle(s)
    assert top_kind(s) == Kind.EVENT_CARD
    card = card_index(s, card_id)
    chance(s, CHANCE.event, card)
    return card


def deck_cards(s: State) -> set[int]:
    return {card for card, _ in s.event_deck.draw_outcomes()}


def first_room(s: State, m: int, since: int, start: int) -> int:
    """Where the miniature's first move after event `since` took it (`start` if none)."""
    assert s.events is not None
    for e in s.events[since:]:
        if e.kind == "intruder_moves" and dict(e.payload)["intruder"] == m:
            room = dict(e.payload)["room"]
            assert isinstance(room, int)
            return room
    return start


def payloads(s: State, kind: Kind) -> list[object]:
    return [d.payload for d in s.stack if d.kind == kind]


def development_next(s: State) -> bool:
    """Nothing the card started is pending: the bag development draw is on top."""
    top = s.stack[-1]
    return bool(top.kind == Kind.BAG_DRAW and top.payload.purpose == DEVELOPMENT_DRAW)


# -- the data against §10 -----------------------------------------------------------------------
def test_the_cards_are_the_twenty_of_the_reference() -> None:
    s = play_to_round()
    g = s.game
    assert [e.id for e in g.data.events] == list(CARDS)
    for card, (moves, number, fate) in enumerate(CARDS.values()):
        assert g.event_corridor[card] == number
        shown = "".join(LETTER[t] for t in (CREEPER, ADULT, BREEDER, QUEEN)
                        if g.event_moves[card] >> t & 1)  # fmt: skip
        assert shown == moves
        assert not g.event_moves[card] >> LARVA & 1  # larvae never move (§7.7)
        assert bool(g.event_removed[card]) == (fate == "removed")
        assert bool(g.event_shuffled_back[card]) == (fate == "back")


# -- §7.7 movement ------------------------------------------------------------------------------
@pytest.mark.parametrize("card_id", list(CARDS))
def test_the_types_shown_move_through_the_corridor_of_the_card_s_number(card_id: str) -> None:
    """§7.7: each Intruder of a type shown, not in a room with a character, moves once through
    the corridor of the card's number; the others stay."""
    s = scene()
    minis = {t: mini(s, t, HIB) for t in (CREEPER, ADULT, BREEDER, QUEEN)}
    larva = mini(s, LARVA, HIB)
    mark = len(s.events or [])
    draw_event(s, card_id)
    moves, number, _ = CARDS[card_id]
    for t, m in minis.items():
        expected = DEST[number] if LETTER[t] in moves else HIB
        assert first_room(s, m, mark, HIB) == expected, (card_id, t)
    assert first_room(s, larva, mark, HIB) == HIB


@pytest.mark.parametrize("card_id", list(CARDS))
def test_the_card_is_discarded_removed_or_shuffled_back(card_id: str) -> None:
    """§5.2 step 8, §10: discarded unless the card says otherwise; "remove from game" cards
    leave even when their effect did nothing (FAQ) and the deck is reshuffled with the
    discard; Malfunction goes back into the deck."""
    s = scene()
    card = card_index(s, card_id)
    earlier = [c for c in range(20) if c != card][:2]
    for c in earlier:
        s.event_deck.draw(c)
    s.event_discard = list(earlier)
    draw_event(s, card_id)
    fate = CARDS[card_id][2]
    everything = set(range(20))
    if fate == "discard":
        assert s.event_discard == [*earlier, card]
        assert deck_cards(s) == everything - {card, *earlier} and len(s.event_deck) == 17
    elif fate == "removed":
        assert s.event_discard == []
        assert deck_cards(s) == everything - {card} and len(s.event_deck) == 19
    else:
        assert s.event_discard == earlier
        assert deck_cards(s) == everything - set(earlier) and len(s.event_deck) == 18


def test_an_intruder_in_a_room_with_a_character_does_not_move() -> None:
    s = scene()
    s.chars[0].room = HIB
    adult = mini(s, ADULT, HIB)
    other = mini(s, ADULT, 12, k=1)  # room 13, alone: 1 -> 14
    explore(s, 13, "storage")
    draw_event(s, "damaging_fire")  # C, A; corridor 1
    assert s.intruder_room[adult] == HIB
    assert s.intruder_room[other] == 13


def test_a_closed_door_is_destroyed_and_the_intruder_stays() -> None:
    s = scene()
    adult = mini(s, ADULT, HIB)
    corridor = s.game.topo.corridor_to(HIB, 1)
    s.door[corridor] = CLOSED
    draw_event(s, "damaging_fire")
    assert s.door[corridor] == DESTROYED and s.intruder_room[adult] == HIB


def test_with_the_way_of_moving_only_breeders_and_the_queen_break_doors() -> None:
    """§7.7, §12: with The Way of Moving known, other intruders simply stay at a closed door."""
    s = scene()
    s.weakness[0] = s.game.weakness_ids.index("the_way_of_moving")
    adult = mini(s, ADULT, HIB)
    corridor = s.game.topo.corridor_to(HIB, 1)
    s.door[corridor] = CLOSED
    draw_event(s, "damaging_fire")  # moves adults
    assert s.door[corridor] == CLOSED and s.intruder_room[adult] == HIB
    s = scene()
    s.weakness[0] = s.game.weakness_ids.index("the_way_of_moving")
    breeder = mini(s, BREEDER, HIB)
    s.door[corridor] = CLOSED
    draw_event(s, "regeneration")  # moves breeders, corridor 1
    assert s.door[corridor] == DESTROYED and s.intruder_room[breeder] == HIB


def test_the_technical_corridors_take_the_intruder_off_the_board_and_its_token_to_the_bag() -> None:
    """§7.7: miniature removed, injuries discarded, its token back into the bag."""
    s = scene()
    adult = mini(s, ADULT, 1, injuries=2)  # room 2: corridors 1,2 -> Technical Corridors
    token = s.game.tokens_of_type[ADULT][0]
    s.bag.draw(token)
    s.intruder_token[adult] = token
    before = s.bag.counts()[token]
    draw_event(s, "damaging_fire")
    assert s.intruder_room[adult] == NOWHERE and s.intruder_injuries[adult] == 0
    assert s.intruder_token[adult] == -1
    assert s.bag.counts()[token] == before + 1


def test_an_intruder_may_enter_an_unexplored_room_whose_tile_turns_face_up() -> None:
    """§7.7 (FAQ v2.2, param intruder_flips_unexplored): the tile is flipped, the room stays
    unexplored."""
    s = scene()
    adult = mini(s, ADULT, HIB)
    draw_event(s, "damaging_fire")
    assert s.intruder_room[adult] == 14 and not s.explored[14]
    assert top_kind(s) == Kind.TILE


# -- the effects (§10) --------------------------------------------------------------------------
def test_regeneration_heals_two_injuries_of_every_intruder() -> None:
    s = scene()
    adult = mini(s, ADULT, COCKPIT, injuries=3)  # with a character, not on the card
    breeder = mini(s, BREEDER, HIB, injuries=1)  # on the card: moves by corridor 1
    creeper = mini(s, CREEPER, 20, injuries=2)
    draw_event(s, "regeneration")
    assert s.intruder_injuries[adult] == 1
    assert s.intruder_injuries[breeder] == 0 and s.intruder_room[breeder] == DEST[1]
    assert s.intruder_injuries[creeper] == 0 and s.intruder_room[creeper] == 20


def test_eclosion_kills_larva_hosts_and_everyone_else_draws_and_scans_four() -> None:
    s = scene()
    g = s.game
    host = s.chars[1]
    host.room, host.larva = HIB, True
    s.chars[0].deck = Deck([g.contam_unknown, 1, 2, 3])
    s.chars[2].deck = Deck([1, 2, 3, 4, 5])
    s.chars[3].deck = Deck([1, 2, 3, 4])
    hands = [c.hand[:] for c in s.chars]
    draw_event(s, "eclosion")
    assert host.status == DEAD
    creepers = [m for m in g.minis_of_type[CREEPER] if s.intruder_room[m] == HIB]
    assert len(creepers) == 1  # a Creeper in the host's room
    drawn = 0
    while top_kind(s) in (Kind.ECLOSION_DRAW, Kind.SCAN):
        if top_kind(s) == Kind.SCAN:
            chance(s, CHANCE.scan, INFECTED)
            continue
        seat = s.stack[-1].payload.seat
        assert seat != 1  # the dead draw nothing
        options = [CHANCE.card.arg(o) for o, _ in s.chance_outcomes()]
        pick = g.contam_unknown if g.contam_unknown in options else options[0]
        chance(s, CHANCE.card, pick)
        drawn += 1
    assert drawn == 12  # 4 each for the three living characters
    assert s.chars[0].larva and not s.chars[2].larva and not s.chars[3].larva
    assert s.chars[0].status == ACTIVE  # a first Larva, not death
    assert len(s.chars[0].discard) == 4 and g.contam_infected in s.chars[0].discard
    assert len(s.chars[2].deck) == 1 and len(s.chars[2].discard) == 4
    assert [c.hand for c in s.chars if c is not host] == [h for i, h in enumerate(hands) if i != 1]


def test_bulkheads_open_opens_every_door_but_the_destroyed() -> None:
    s = scene()
    topo = s.game.topo
    a, b, c = topo.corridor_to(HIB, 2), topo.corridor_to(COCKPIT, 3), topo.corridor_to(COCKPIT, 4)
    s.door[a] = s.door[b] = CLOSED
    s.door[c] = DESTROYED
    draw_event(s, "bulkheads_open")
    assert (s.door[a], s.door[b], s.door[c]) == (OPEN, OPEN, DESTROYED)
    assert CLOSED not in s.door


def test_damaging_fire_malfunctions_burning_rooms_and_spreads_fire_once() -> None:
    """Malfunction in each burning (explored) room; fire spreads to every neighbour of a
    burning room, not through a closed door (§8.4), not further than one step."""
    s = scene()
    topo = s.game.topo
    s.fire[HIB] = True
    s.fire[5] = True  # room 6, unexplored: no Malfunction there (§8.5), Fire may spread
    s.door[topo.corridor_to(HIB, 4)] = CLOSED  # to room 14
    draw_event(s, "damaging_fire")
    assert [r for r in range(21) if s.malfunction[r]] == [HIB]
    # room 11 -> 15, 6, 8 (14 behind the door); room 6 -> 7, 11, 5, 2
    assert sorted(r for r in range(21) if s.fire[r]) == sorted({HIB, 5, 14, 7, 6, 4, 1})


def test_coolant_leak_starts_self_destruct_when_the_generator_malfunctions() -> None:
    """Even with a character hibernating (FAQ)."""
    s = scene()
    explore(s, 12, "generator")
    s.malfunction[12] = True
    s.chars[1].status, s.chars[1].room = HIBERNATING, NOWHERE
    s.hibernation_started = True
    draw_event(s, "coolant_leak")
    assert s.self_destruct == 0


def test_coolant_leak_does_nothing_without_a_generator_malfunction() -> None:
    s = scene()
    explore(s, 12, "generator")
    s.malfunction[3] = True
    draw_event(s, "coolant_leak")
    assert s.self_destruct == -1
    assert card_index(s, "coolant_leak") not in deck_cards(s) | set(s.event_discard)


def test_egg_protection_encounters_characters_in_the_nest_or_carrying_an_egg() -> None:
    s = scene()
    g = s.game
    explore(s, 12, "nest")
    s.chars[0].room = 12
    carrier = s.chars[1]
    carrier.heavy, carrier.heavy_ammo, carrier.carried_eggs = [g.obj_egg], [0], 1
    draw_event(s, "egg_protection")
    # seat 0's Encounter has resolved to its bag draw; seat 1's waits below it
    assert s.stack[-1].payload == BagDraw(ENCOUNTER_DRAW, 12, 0)
    assert payloads(s, Kind.ENCOUNTER) == [Encounter(1, COCKPIT)]
    assert len(payloads(s, Kind.BAG_DRAW)) == 1


def test_damage_malfunctions_rooms_with_an_adult_a_breeder_or_the_queen() -> None:
    s = scene()
    mini(s, ADULT, COCKPIT)  # with a character: stays
    mini(s, BREEDER, HIB)  # not on the card: stays
    mini(s, QUEEN, 20)  # room 21
    explore(s, 12, "storage")
    creeper = mini(s, CREEPER, 18)  # room 19: corridor 2 -> room 13
    draw_event(s, "damage")
    assert s.intruder_room[creeper] == 12
    assert [r for r in range(21) if s.malfunction[r]] == [COCKPIT, HIB, 20]


@pytest.mark.parametrize("card_id", ["hunt_corridor_2", "hunt_corridor_3"])
def test_hunt_moves_each_adult_not_in_combat_to_a_neighbouring_character(card_id: str) -> None:
    """Several neighbouring rooms with characters: the lowest room number (§2.1, §10); a closed
    door holds the adult back (§8.6)."""
    s = scene()
    s.chars[0].room = 13  # room 14
    s.chars[1].room = 7  # room 8
    hunter = mini(s, ADULT, HIB, k=0)  # room 11: neighbours 15, 6, 8, 14
    engaged = mini(s, ADULT, COCKPIT, k=1)  # in Combat with seats 2, 3
    blocked = mini(s, ADULT, 16, k=2)  # room 17: 2 -> 14 behind a closed door
    s.door[s.game.topo.room_pair_corridor[(16, 13)]] = CLOSED
    alone = mini(s, ADULT, 20, k=3)  # room 21: nobody next door
    draw_event(s, card_id)
    assert s.intruder_room[hunter] == 7  # room 8 < room 14
    assert s.intruder_room[engaged] == COCKPIT
    assert s.intruder_room[blocked] == 16
    assert s.intruder_room[alone] == 20


def test_malfunction_hits_the_lowest_numbered_explored_room() -> None:
    s = scene()
    draw_event(s, "malfunction")
    assert [r for r in range(21) if s.malfunction[r]] == [COCKPIT]


def test_malfunction_skips_the_nest_and_rooms_already_malfunctioning() -> None:
    """§8.5: never in the Nest; the lowest explored room still without a Malfunction."""
    s = scene()
    s.malfunction[COCKPIT] = True
    explore(s, 1, "nest")
    explore(s, 2, "storage")
    explore(s, 3, "surgery", explored=False)
    draw_event(s, "malfunction")
    assert [r for r in range(21) if s.malfunction[r]] == [COCKPIT, 2]


def test_life_support_failure_malfunctions_every_explored_green_room() -> None:
    s = scene()
    explore(s, 2, "surgery")
    explore(s, 12, "canteen")
    explore(s, 3, "laboratory", explored=False)
    explore(s, 4, "storage")
    draw_event(s, "life_support_failure")
    assert [r for r in range(21) if s.malfunction[r]] == [2, 12]


def test_hatching_gives_a_larva_to_characters_in_the_nest_without_action_cards() -> None:
    s = scene()
    g = s.game
    explore(s, 12, "nest")
    s.chars[0].room, s.chars[0].hand = 12, [g.contam_unknown]  # contamination only
    s.chars[1].room, s.chars[1].hand = 12, [1, 2]
    s.chars[2].hand = []  # not in the Nest
    eggs = s.eggs_in_nest
    draw_event(s, "hatching")
    assert s.eggs_in_nest == eggs - 1
    assert [c.larva for c in s.chars] == [True, False, False, False]
    assert development_next(s)  # no Larva token added


def test_hatching_with_nobody_infested_adds_a_larva_token_to_the_bag() -> None:
    s = scene()
    eggs = s.eggs_in_nest
    larva_token = s.game.tokens_of_type[LARVA][0]
    before = s.bag.counts()[larva_token]
    draw_event(s, "hatching")
    assert s.eggs_in_nest == eggs - 1 and not any(c.larva for c in s.chars)
    assert top_kind(s) == Kind.SUPPLY_TOKEN and s.stack[-1].payload == LARVA
    chance(s, CHANCE.token, larva_token)
    assert s.bag.counts()[larva_token] == before + 1


def test_nest_puts_noise_in_each_of_its_corridors() -> None:
    s = scene()
    topo = s.game.topo
    explore(s, 1, "nest")  # room 2: 1,2 -> Technical Corridors, 3 -> 1, 4 -> 6
    s.noise[topo.corridor_to(1, 3)] = True
    draw_event(s, "nest")
    assert s.tc_noise == [True]
    assert s.noise[topo.corridor_to(1, 3)] and s.noise[topo.corridor_to(1, 4)]
    assert sum(s.noise) == 2
    assert development_next(s)  # a corridor already noisy is no encounter


def test_nest_does_nothing_while_the_nest_is_unexplored() -> None:
    s = scene()
    explore(s, 1, "nest", explored=False)
    draw_event(s, "nest")
    assert sum(s.noise) == 0 and s.tc_noise == [False]


def test_scent_of_prey_puts_noise_around_slimed_characters() -> None:
    s = scene()
    s.chars[0].room, s.chars[0].slime = 14, True  # room 15: 1 -> 11, 2 -> 16, 3 -> 18, 4 -> TC
    draw_event(s, "scent_of_prey")
    topo = s.game.topo
    assert all(s.noise[topo.corridor_to(14, n)] for n in (1, 2, 3)) and s.tc_noise == [True]
    assert sum(s.noise) == 3  # nothing around the unslimed in the Cockpit


def in_pod(s: State, seat: int, pod: int) -> None:
    c = s.chars[seat]
    c.status, c.room, c.pod = IN_POD, NOWHERE, pod
    s.pod_seats[pod].append(seat)
    s.pods[pod] = POD_UNLOCKED


def test_escape_pod_ejection_launches_the_lowest_pod_with_its_occupants() -> None:
    """§10 ⚠️ "with occupants? unspecified": the default param launches them with it."""
    s = scene()
    in_pod(s, 1, 0)
    draw_event(s, "escape_pod_ejection")
    assert s.pods[0] == POD_LAUNCHED and s.pods[1:] == [POD_LOCKED] * 2
    assert s.chars[1].status == ESCAPED


def test_escape_pod_ejection_skips_launched_pods() -> None:
    s = scene()
    s.pods[0] = POD_LAUNCHED
    draw_event(s, "escape_pod_ejection")
    assert s.pods[:2] == [POD_LAUNCHED, POD_LAUNCHED] and s.pods[2] != POD_LAUNCHED


def test_escape_pod_ejection_empty_only_skips_an_occupied_pod() -> None:
    g = NemesisGame(players=4, pod_ejection="empty_only")
    s = g.new_initial_state()
    rng = np.random.default_rng(0)
    while not (s.stack and s.stack[-1].kind == Kind.ROUND):
        step_randomly(s, rng)
    s = scene(s)
    in_pod(s, 1, 0)
    draw_event(s, "escape_pod_ejection")
    assert s.pods[0] == POD_UNLOCKED and s.chars[1].status == IN_POD
    assert s.pods[1] == POD_LAUNCHED


def test_lurking_returns_every_intruder_not_with_a_character_to_the_bag() -> None:
    s = scene()
    g = s.game
    engaged = mini(s, ADULT, COCKPIT, k=0)
    mover = mini(s, ADULT, HIB, k=1, injuries=1)  # moves by 4 first, then leaves
    adult_token = g.tokens_of_type[ADULT][0]
    s.bag.draw(adult_token)
    s.intruder_token[mover] = adult_token
    breeder = mini(s, BREEDER, 20)
    breeder_token = g.tokens_of_type[BREEDER][0]
    s.supply[breeder_token] -= 1
    s.intruder_token[breeder] = breeder_token
    counts = s.bag.counts()
    draw_event(s, "lurking")
    assert s.intruder_room[engaged] == COCKPIT
    assert s.intruder_room[mover] == NOWHERE and s.intruder_room[breeder] == NOWHERE
    after = s.bag.counts()
    assert after[adult_token] == counts[adult_token] + 1
    assert after[breeder_token] == counts[breeder_token] + 1


def test_noise_in_technical_corridors_marks_the_space_when_it_is_quiet() -> None:
    s = scene()
    s.chars[0].room = 1  # an entrance, but the space had no noise
    draw_event(s, "noise_in_technical_corridors")
    assert s.tc_noise == [True] and development_next(s)


def test_noise_in_technical_corridors_makes_characters_at_entrances_roll() -> None:
    s = scene()
    s.tc_noise = [True]
    s.chars[0].room = 1  # room 2
    s.chars[1].room = 14  # room 15
    draw_event(s, "noise_in_technical_corridors")
    rolls = payloads(s, Kind.NOISE_ROLL)
    assert [(r.seat, r.room) for r in rolls if isinstance(r, NoiseRoll)] == [(1, 14), (0, 1)]
    assert len(rolls) == 2 and s.tc_noise == [True]


def test_flammable_compounds_sets_the_hibernatorium_on_fire() -> None:
    s = scene()
    draw_event(s, "flammable_compounds")
    assert [r for r in range(21) if s.fire[r]] == [HIB]


def test_flammable_compounds_with_the_hibernatorium_burning_fires_its_neighbours() -> None:
    s = scene()
    s.fire[HIB] = True
    draw_event(s, "flammable_compounds")
    assert sorted(r for r in range(21) if s.fire[r]) == sorted({HIB, 14, 5, 7, 13})


def test_consuming_fire_empties_burning_rooms_item_counters_and_spreads_fire() -> None:
    s = scene()
    explore(s, 12, "storage")  # room 13: 1 -> 14, 2 -> 19, 3,4 -> 10
    explore(s, 9, "armory")
    s.item_counter[12], s.item_counter[9] = 3, 2
    s.fire[12] = True
    s.door[s.game.topo.corridor_to(12, 2)] = CLOSED
    draw_event(s, "consuming_fire")
    assert s.item_counter[12] == 0 and s.item_counter[9] == 2
    assert sorted(r for r in range(21) if s.fire[r]) == [9, 12, 13]


def test_short_circuit_malfunctions_explored_yellow_rooms_with_a_computer() -> None:
    s = scene()
    explore(s, 2, "generator")  # yellow, computer
    explore(s, 3, "comms_room")  # yellow, computer
    explore(s, 4, "airlock_control")  # yellow, no computer
    explore(s, 12, "laboratory")  # green, computer
    explore(s, 13, "engine_control_room", explored=False)
    draw_event(s, "short_circuit")
    assert [r for r in range(21) if s.malfunction[r]] == [2, 3]


def test_fire_needing_a_ninth_marker_destroys_the_ship() -> None:
    """§8.4: 8 Fire markers; Flammable Compounds needing a 9th blows the ship up (§17)."""
    s = scene()
    s.fire[HIB] = True
    for room in (0, 1, 2, 3, 15, 16, 17):  # 8 fires, none next to the Hibernatorium
        s.fire[room] = True
    draw_event(s, "flammable_compounds")
    assert s.ship_destroyed and sum(s.fire) == 8
    assert s.stage == Stage.VICTORY_CHECK


def test_a_ninth_malfunction_marker_destroys_the_ship() -> None:
    """§8.5: 8 Malfunction markers; Short Circuit needing a 9th is hull failure."""
    s = scene()
    explore(s, 2, "generator")
    for room in (3, 4, 5):
        explore(s, room, "storage")
    for room in (0, 10, 18, 19, 20, 3, 4, 5):
        s.malfunction[room] = True
    draw_event(s, "short_circuit")
    assert s.ship_destroyed and all(c.status == DEAD for c in s.chars)
