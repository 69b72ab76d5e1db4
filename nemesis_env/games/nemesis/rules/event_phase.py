"""The Event Phase (nemesis-reference.md §5.2, §4.3, §4.4, §16; seed 000).

5. Time track: the time marker moves one space (and the self-destruct marker with it, if the
   sequence runs). Self-destruct reaching its first yellow space can no longer be stopped and
   unlocks every pod (once); reaching the skull destroys the ship. The time marker reaching the
   last space is the hyperspace jump.
6. Intruder attacks: every Intruder in a room with a character attacks once.
7. Fire damage: every Intruder in a burning room takes an Injury; a burning room with eggs
   lying in it (the Nest's included) loses one egg.
8. Event card: Intruders of the card's types that are not in a room with a character move
   through the corridor of the card's number; then the card's effect.
9. Bag development: one token is drawn and resolved (intruders.develop).
The next turn then begins, with the First Player token passing left.
"""

from __future__ import annotations

from nemesis_env.core.engine import (
    CHANCE,
    Decision,
    on_outcomes,
    on_prepare,
    on_resolve,
    on_stage,
    push,
)
from nemesis_env.games.nemesis import intruder_seat
from nemesis_env.games.nemesis.rules import attacks, combat, ending, events, intruders, noise
from nemesis_env.games.nemesis.rules.kinds import DEVELOPMENT_DRAW, Kind, Stage
from nemesis_env.games.nemesis.state import NOWHERE, POD_LOCKED, POD_UNLOCKED, State, ev

BLUE_FROM = 8  # hibernation opens when the time marker is on a space <= 8 (§4.3)


@on_stage(Stage.TIME_TRACK)
def time_track(s: State) -> None:
    s.stage = Stage.INTRUDER_ATTACKS
    s.time -= 1
    s.log(ev("time", -1, (("left", s.time),)))
    if s.self_destruct >= 0:
        s.self_destruct += 1
        params = s.game.params
        if s.self_destruct == params.self_destruct_to_yellow:
            for pod, state in enumerate(s.pods):
                if state == POD_LOCKED:
                    s.pods[pod] = POD_UNLOCKED
            s.log(ev("self_destruct_yellow", -1, ()))
        if s.self_destruct >= params.self_destruct_to_skull:
            ending.destroy_ship(s, "self-destruct")
            return
    if s.time <= 0:
        ending.jump(s)


@on_stage(Stage.INTRUDER_ATTACKS)
def intruder_attacks(s: State) -> None:
    s.stage = Stage.FIRE_DAMAGE
    if s.skip_intruder_attacks:  # the Orbital Maneuvering System was used (§14)
        s.skip_intruder_attacks = False
        return
    if intruder_seat.controls(s):
        return  # an intruder player runs them: only the time track and fire damage (§18.3)
    order = []
    for mini, room in enumerate(s.intruder_room):
        if room == NOWHERE:
            continue
        target = attacks.event_phase_target(s, room)
        if target >= 0:
            order.append((mini, target))
    for mini, target in reversed(order):
        intruders.attack(s, mini, target)


@on_stage(Stage.FIRE_DAMAGE)
def fire_damage(s: State) -> None:
    s.stage = Stage.EVENT_CARD
    if ending.nobody_left_check(s):
        return
    for room in range(s.game.topo.num_rooms):
        if not s.fire[room]:
            continue
        for mini in reversed(s.intruders_in(room)):
            combat.injure(s, mini, combat.fire_injuries(s, 1), by_fire=True)
        eggs = s.game.weakness_fire_eggs(s)
        combat.destroy_eggs_in_room(s, room, eggs)


@on_prepare(Kind.EVENT_CARD)
def reshuffle_events(s: State) -> None:
    if len(s.event_deck) == 0 and s.event_discard:
        s.event_deck.shuffle_in(s.event_discard)
        s.event_discard = []


@on_stage(Stage.EVENT_CARD)
def event_card(s: State) -> None:
    if intruder_seat.controls(s):
        s.stage = Stage.END_OF_TURN  # no event card, no bag development (§18.3)
        return
    s.stage = Stage.BAG_DEVELOPMENT
    push(s, Decision(Kind.EVENT_CARD, CHANCE, None))


@on_outcomes(Kind.EVENT_CARD)
def event_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.event
    return [(ids.id(c), p) for c, p in s.event_deck.draw_outcomes()]


@on_resolve(Kind.EVENT_CARD)
def resolve_event(s: State, d: Decision, outcome: int) -> None:
    card = s.game.chance.event.arg(outcome)
    s.event_deck.draw(card)
    s.log(ev("event_card", -1, (("card", card),)))
    events.resolve_event_card(s, card)


@on_stage(Stage.BAG_DEVELOPMENT)
def bag_development(s: State) -> None:
    s.stage = Stage.END_OF_TURN
    if ending.nobody_left_check(s):
        return
    if len(s.bag) > 0:
        noise.draw_from_bag(s, DEVELOPMENT_DRAW, -1, -1)


@on_stage(Stage.END_OF_TURN)
def end_of_turn(s: State) -> None:
    if ending.nobody_left_check(s):
        return
    s.first_player = next_first_player(s)
    s.stage = Stage.DRAW


def next_first_player(s: State) -> int:
    """The token passes left, to the next player still in the game (§5.1)."""
    n = len(s.chars)
    for k in range(1, n + 1):
        seat = (s.first_player + k) % n
        if s.chars[seat].status in (0, 2):  # ACTIVE or IN_POD
            return seat
    return s.first_player


__all__ = ["BLUE_FROM"]
