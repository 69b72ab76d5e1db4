"""Injuries, the injury check, retreat and death of Intruders; eggs (nemesis-reference.md §7.6,
§3.3, §12).

After any injury the Intruder makes an injury check: a Larva dies at its first injury; a
Creeper or an Adult draws one Intruder Attack card and dies when the card's blood value is at
most its injuries; a Breeder or the Queen draws two and adds them. A Retreat symbol on a drawn
card makes it flee instead: an Event card is drawn and it moves through the corridor of that
card's number, keeping its injuries (a closed door there is destroyed and it stays; the
Technical Corridors take it off the board and its token back into the bag). A killed Intruder
other than a Larva leaves a carcass; its token goes to the supply.
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import CHANCE, Decision, on_outcomes, on_prepare, on_resolve, push
from nemesis_env.games.nemesis.rules import attacks, hazards, intruders
from nemesis_env.games.nemesis.rules.intruders import BREEDER, LARVA, QUEEN
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import CLOSED, NOWHERE, State, ev
from nemesis_env.games.nemesis.topology import TC

RETREAT = 0  # blood value of a card with the Retreat symbol


class InjuryCheck(NamedTuple):
    intruder: int
    cards_left: int  # attack cards still to draw for this check
    total: int  # blood drawn so far
    retreat: bool  # a drawn card showed Retreat


class Flee(NamedTuple):
    intruder: int


def fire_injuries(s: State, base: int) -> int:
    """Vulnerability to Fire: +1 per instance of fire damage (§12)."""
    return base + (1 if s.weakness_known("vulnerability_to_fire") else 0)


def injure(s: State, mini: int, count: int, *, by_fire: bool = False) -> None:
    if s.intruder_room[mini] == NOWHERE or count <= 0:
        return
    s.intruder_injuries[mini] += count
    s.log(ev("intruder_injured", -1, (("intruder", mini), ("count", count))))
    kind = s.game.mini_type[mini]
    if kind == LARVA:
        kill_intruder(s, mini)
        return
    cards = 2 if kind in (BREEDER, QUEEN) else 1
    push(s, Decision(Kind.INJURY_CHECK, CHANCE, InjuryCheck(mini, cards, 0, False)))


@on_prepare(Kind.INJURY_CHECK)
def reshuffle_for_check(s: State) -> None:
    attacks.reshuffle_attack_deck(s)


@on_outcomes(Kind.INJURY_CHECK)
def check_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    cards = s.game.chance.attack
    return [(cards.id(c), p) for c, p in s.attack_deck.draw_outcomes()]


@on_resolve(Kind.INJURY_CHECK)
def resolve_check(s: State, d: Decision, outcome: int) -> None:
    check: InjuryCheck = d.payload
    card = s.game.chance.attack.arg(outcome)
    s.attack_deck.draw(card)
    s.attack_discard.append(card)
    blood = s.game.attack_blood[card]
    total = check.total + blood
    retreat = check.retreat or blood == RETREAT
    if check.cards_left > 1 and len(s.attack_deck) + len(s.attack_discard) > 0:
        push(
            s,
            Decision(
                Kind.INJURY_CHECK,
                CHANCE,
                InjuryCheck(check.intruder, check.cards_left - 1, total, retreat),
            ),
        )
        return  # fmt: skip
    mini = check.intruder
    if s.intruder_room[mini] == NOWHERE:
        return
    if retreat:
        flee(s, mini)
        return
    needed = total - (1 if s.weakness_known("species_on_the_brink_of_extinction") else 0)
    if needed <= s.intruder_injuries[mini]:
        kill_intruder(s, mini)


def kill_intruder(s: State, mini: int) -> None:
    room = s.intruder_room[mini]
    kind = s.game.mini_type[mini]
    if kind != LARVA:
        s.objects[room].append(s.game.obj_carcass)
    if kind == QUEEN:
        s.queen_killed = True
    intruders.remove_from_board(s, mini, to_bag=False)
    s.log(ev("intruder_killed", -1, (("intruder", mini), ("room", room))))


def flee(s: State, mini: int) -> None:
    """Retreat: an Event card's number says which corridor it takes (§7.6)."""
    push(s, Decision(Kind.FLEE_DIRECTION, CHANCE, Flee(mini)))


@on_prepare(Kind.FLEE_DIRECTION)
def reshuffle_for_flee(s: State) -> None:
    s.game.hooks.reshuffle_events(s)


@on_outcomes(Kind.FLEE_DIRECTION)
def flee_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.event
    return [(ids.id(c), p) for c, p in s.event_deck.draw_outcomes()]


@on_resolve(Kind.FLEE_DIRECTION)
def resolve_flee(s: State, d: Decision, outcome: int) -> None:
    card = s.game.chance.event.arg(outcome)
    s.event_deck.draw(card)
    s.event_discard.append(card)
    move_through(s, d.payload.intruder, s.game.event_corridor[card])


def move_through(s: State, mini: int, number: int) -> None:
    """The Intruder takes the corridor numbered `number` out of its room (§7.7): a closed door
    is destroyed and it stays (with The Way of Moving, only Breeders and the Queen break doors
    and others simply stay); the Technical Corridors take it off the board, its token back into
    the bag; it may enter an unexplored room."""
    room = s.intruder_room[mini]
    if room == NOWHERE:
        return
    topo = s.game.topo
    corridor = topo.corridor_to(room, number)
    other = topo.other_end(corridor, room)
    if other == TC:
        intruders.remove_from_board(s, mini, to_bag=True)
        s.log(ev("intruder_hides", -1, (("intruder", mini),)))
        return
    if s.door[corridor] == CLOSED:
        if s.weakness_known("the_way_of_moving") and s.game.mini_type[mini] not in (BREEDER, QUEEN):
            return  # fmt: skip
        hazards.destroy_door(s, corridor)
        return
    intruders.place(s, mini, other)
    if not s.explored[other] and s.game.params.intruder_flips_unexplored:
        s.game.hooks.flip_tile(s, other)


def destroy_eggs_in_room(s: State, room: int, count: int) -> None:
    """Eggs lying in the room (the Nest's eggs when the room is the Nest) are destroyed."""
    for _ in range(count):
        if s.game.nest_room(s) == room and s.eggs_in_nest > 0:
            s.eggs_in_nest -= 1
            if s.eggs_in_nest == 0:
                s.nest_destroyed = True
        elif s.game.obj_egg in s.objects[room]:
            s.objects[room].remove(s.game.obj_egg)
        else:
            return
        s.log(ev("egg_destroyed", -1, (("room", room),)))
