"""The 20 Event cards (nemesis-reference.md §10, §7.7; FAQ in §19).

A card first moves the Intruders whose types it shows and that are not in a room with a
character, each once through the corridor of the card's number (combat.move_through); then its
effect applies. Cards marked remove-and-reshuffle leave the game (even when their effect did
nothing) and the deck is shuffled with its discard pile; Malfunction goes back into the deck;
every other card is discarded.
"""

from __future__ import annotations

from collections.abc import Callable

from nemesis_env.games.nemesis.rules import combat, hazards, intruders, noise, wounds
from nemesis_env.games.nemesis.rules.common import turn_order
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER, LARVA, QUEEN
from nemesis_env.games.nemesis.state import ACTIVE, CLOSED, NOWHERE, OPEN, POD_LAUNCHED, State, ev
from nemesis_env.games.nemesis.topology import TC

EventEffect = Callable[[State], None]


def resolve_event_card(s: State, card: int) -> None:
    game = s.game
    move_intruders(s, game.event_moves[card], game.event_corridor[card])
    EFFECTS[game.event_op[card]](s)
    if game.event_removed[card]:
        s.event_deck.shuffle_in(s.event_discard)
        s.event_discard = []
        s.log(ev("event_removed", -1, (("card", card),)))
    elif game.event_shuffled_back[card]:
        s.event_deck.shuffle_in([card])
    else:
        s.event_discard.append(card)


def move_intruders(s: State, types_mask: int, number: int) -> None:
    rooms_with_characters = {c.room for c in s.chars if c.status == ACTIVE}
    movers = [m for m, room in enumerate(s.intruder_room)
              if room != NOWHERE and types_mask >> s.game.mini_type[m] & 1
              and room not in rooms_with_characters]  # fmt: skip
    for mini in movers:
        combat.move_through(s, mini, number)


def _regeneration(s: State) -> None:
    for mini, room in enumerate(s.intruder_room):
        if room != NOWHERE:
            s.intruder_injuries[mini] = max(0, s.intruder_injuries[mini] - 2)


def _eclosion(s: State) -> None:
    for seat in reversed(range(len(s.chars))):
        c = s.chars[seat]
        if c.status == ACTIVE and c.larva:
            room = c.room
            wounds.kill(s, seat, "eclosion")
            creeper = intruders.free_miniature(s, 1)
            if creeper >= 0:
                intruders.appear(s, creeper, room, -1)
    for seat in reversed(range(len(s.chars))):
        if s.chars[seat].status == ACTIVE:
            s.game.hooks.eclosion_draw(s, seat)


def _bulkheads_open(s: State) -> None:
    for corridor, state in enumerate(s.door):
        if state == CLOSED:
            hazards.set_door(s, corridor, OPEN)


def _spread_fire(s: State) -> None:
    """Fire spreads to every neighbour of a burning room, never through a closed door or the
    Technical Corridors (§8.4)."""
    topo = s.game.topo
    burning = [room for room in range(topo.num_rooms) if s.fire[room]]
    for room in burning:
        for corridor in topo.exits[room]:
            other = topo.other_end(corridor, room)
            if other != TC and s.door[corridor] != CLOSED:
                hazards.place_fire(s, other)
                if s.ship_destroyed:
                    return


def _damaging_fire(s: State) -> None:
    burning = [room for room in range(s.game.topo.num_rooms) if s.fire[room]]
    for room in burning:
        hazards.place_malfunction(s, room)
        if s.ship_destroyed:
            return
    _spread_fire(s)


def _coolant_leak(s: State) -> None:
    generator = s.game.room_with_tile(s, "generator")
    if generator >= 0 and s.malfunction[generator] and s.self_destruct < 0:
        s.self_destruct = 0
        s.log(ev("self_destruct_started", -1, (("by", "coolant leak"),)))


def _egg_protection(s: State) -> None:
    nest = s.game.nest_room(s)
    for seat in reversed(turn_order(s)):  # pushed in reverse: the first player's comes first
        c = s.chars[seat]
        if c.status == ACTIVE and (c.room == nest or c.carried_eggs > 0):
            noise.push_encounter(s, seat, c.room)


def _damage(s: State) -> None:
    rooms = sorted(
        {
            room
            for m, room in enumerate(s.intruder_room)
            if room != NOWHERE and s.game.mini_type[m] in (ADULT, BREEDER, QUEEN)
        }
    )
    for room in rooms:  # fmt: skip
        hazards.place_malfunction(s, room)
        if s.ship_destroyed:
            return


def _hunt(s: State) -> None:
    """Each Adult not in Combat moves into a neighbouring room with a character (several: the
    lowest room number), through a corridor without a closed door."""
    topo = s.game.topo
    occupied = {c.room for c in s.chars if c.status == ACTIVE}
    for mini, room in enumerate(s.intruder_room):
        if room == NOWHERE or s.game.mini_type[mini] != ADULT or room in occupied:
            continue
        targets = sorted(other for corridor in topo.exits[room]
                         if (other := topo.other_end(corridor, room)) != TC
                         and other in occupied and s.door[corridor] != CLOSED)  # fmt: skip
        if targets:
            intruders.place(s, mini, targets[0])


def _malfunction(s: State) -> None:
    for room in range(s.game.topo.num_rooms):
        if s.explored[room] and hazards.malfunction_allowed(s, room) and not s.malfunction[room]:
            hazards.place_malfunction(s, room)
            return


def _rooms_by_colour(s: State, colour: str, computer: bool) -> list[int]:
    game = s.game
    return [room for room in range(game.topo.num_rooms)
            if s.explored[room] and game.room_colour(s, room) == colour
            and (not computer or game.room_has_computer(s, room))]  # fmt: skip


def _life_support_failure(s: State) -> None:
    for room in _rooms_by_colour(s, "green", computer=False):
        hazards.place_malfunction(s, room)
        if s.ship_destroyed:
            return


def _short_circuit(s: State) -> None:
    for room in _rooms_by_colour(s, "yellow", computer=True):
        hazards.place_malfunction(s, room)
        if s.ship_destroyed:
            return


def _hatching(s: State) -> None:
    if s.eggs_in_nest > 0:
        s.eggs_in_nest -= 1
        if s.eggs_in_nest == 0:
            s.nest_destroyed = True
    nest = s.game.nest_room(s)
    infested = False
    for _seat, c in enumerate(s.chars):
        if (
            c.status == ACTIVE
            and c.room == nest
            and nest >= 0
            and not any(not s.game.is_contamination(card) for card in c.hand)
        ):
            c.larva = True
            infested = True
    if not infested:
        intruders.add_to_bag_from_supply(s, LARVA)


def _nest(s: State) -> None:
    nest = s.game.nest_room(s)
    if nest >= 0:
        noise.noise_everywhere(s, nest)


def _scent_of_prey(s: State) -> None:
    for c in s.chars:
        if c.status == ACTIVE and c.slime:
            noise.noise_everywhere(s, c.room)


def _escape_pod_ejection(s: State) -> None:
    for pod, state in enumerate(s.pods):
        if state == POD_LAUNCHED:
            continue
        if s.pod_seats[pod] and s.game.params.pod_ejection == "empty_only":
            continue
        s.game.hooks.launch_pod(s, pod, ejected=True)
        return


def _lurking(s: State) -> None:
    occupied = {c.room for c in s.chars if c.status == ACTIVE}
    for mini, room in enumerate(s.intruder_room):
        if room != NOWHERE and room not in occupied:
            intruders.remove_from_board(s, mini, to_bag=True)


def _noise_in_technical_corridors(s: State) -> None:
    """Each network on its own (docs/rules-decisions.md 301): a quiet one gets its noise marker;
    in a noisy one, each character at one of its entrances rolls for noise."""
    topo = s.game.topo
    entrances: set[int] = set()
    for network, rooms in enumerate(topo.network_entrances):
        if s.tc_noise[network]:
            entrances.update(rooms)
        else:
            s.tc_noise[network] = True
    for seat in reversed(turn_order(s)):  # pushed in reverse: the first player's comes first
        c = s.chars[seat]
        if c.status == ACTIVE and c.room in entrances:
            noise.roll_noise(s, seat, c.room)


def _flammable_compounds(s: State) -> None:
    hibernatorium = s.game.hibernatorium
    if not s.fire[hibernatorium]:
        hazards.place_fire(s, hibernatorium)
        return
    topo = s.game.topo
    for corridor in topo.exits[hibernatorium]:  # never through a closed door (§8.4)
        if s.door[corridor] == CLOSED or topo.other_end(corridor, hibernatorium) == TC:
            continue
        hazards.place_fire(s, topo.other_end(corridor, hibernatorium))
        if s.ship_destroyed:
            return


def _consuming_fire(s: State) -> None:
    for room in range(s.game.topo.num_rooms):
        if s.fire[room]:
            s.item_counter[room] = 0
    _spread_fire(s)


EFFECTS: dict[str, EventEffect] = {
    "regeneration": _regeneration,
    "eclosion": _eclosion,
    "bulkheads_open": _bulkheads_open,
    "damaging_fire": _damaging_fire,
    "coolant_leak": _coolant_leak,
    "egg_protection": _egg_protection,
    "damage": _damage,
    "hunt": _hunt,
    "malfunction": _malfunction,
    "life_support_failure": _life_support_failure,
    "hatching": _hatching,
    "nest": _nest,
    "scent_of_prey": _scent_of_prey,
    "escape_pod_ejection": _escape_pod_ejection,
    "lurking": _lurking,
    "noise_in_technical_corridors": _noise_in_technical_corridors,
    "flammable_compounds": _flammable_compounds,
    "consuming_fire": _consuming_fire,
    "short_circuit": _short_circuit,
}

__all__ = ["EFFECTS", "QUEEN", "resolve_event_card"]
