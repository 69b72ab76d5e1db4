"""Noise rolls, Danger, and Encounters (nemesis-reference.md §7.1, §7.2; RB p.18).

A noise roll is a d10 (1,1,2,2,3,3,4,4,Silence,Danger). A number puts a noise marker in the
corridor of that number out of the room (a corridor to the Technical Corridors puts it on the
noise space of its network: one on the basic side, two on the alternate side); a marker
already there means an Encounter instead. Danger brings every Intruder of a neighbouring room
that is not in Combat into the room, or, when none comes, a noise marker in every corridor of
the room that lacks one. Silence does nothing, except to a slimed character, for whom it is
Danger (§8.3).

An Encounter clears the room's noise markers and draws an Intruder token from the bag: its
miniature appears in the room, and attacks by surprise when the character's hand (action and
contamination cards) is smaller than the token's number. A Blank token puts noise in every
corridor of the room and goes back into the bag (with an extra Adult if it was the last token).
The first Intruder to appear makes every player choose an objective (§16).
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, CHANCE, Decision, on_auto, on_outcomes, on_resolve, push
from nemesis_env.games.nemesis.rules import intruders, objectives
from nemesis_env.games.nemesis.rules.kinds import (
    ENCOUNTER_DRAW,
    BagDraw,
    Encounter,
    Kind,
    NoiseRoll,
)
from nemesis_env.games.nemesis.state import IN_POD, NOWHERE, State, ev
from nemesis_env.games.nemesis.topology import TC

NOISE_FACES = (1, 2, 3, 4, 5, 6)  # corridor numbers 1-4, then SILENCE, DANGER
SILENCE, DANGER = 5, 6
NOISE_PROBS = (0.2, 0.2, 0.2, 0.2, 0.1, 0.1)


def roll_noise(s: State, seat: int, room: int) -> None:
    push(s, Decision(Kind.NOISE_ROLL, CHANCE, NoiseRoll(seat, room)))


@on_outcomes(Kind.NOISE_ROLL)
def noise_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    faces = s.game.chance.noise
    return [(faces.id(f - 1), p) for f, p in zip(NOISE_FACES, NOISE_PROBS, strict=True)]


@on_resolve(Kind.NOISE_ROLL)
def resolve_noise(s: State, d: Decision, outcome: int) -> None:
    roll: NoiseRoll = d.payload
    if s.game.hooks.offer_noise_reroll(s, roll, outcome):
        return  # the Motion Scanner may roll again first (§14)
    face = s.game.chance.noise.arg(outcome) + 1
    s.log(ev("noise_roll", roll.seat, (("room", roll.room), ("face", face))))
    if face == SILENCE and s.chars[roll.seat].slime:
        face = DANGER
    if face == SILENCE:
        return
    if face == DANGER:
        danger(s, roll.room)
        return
    corridor = s.game.topo.corridor_to(roll.room, face)
    if has_noise(s, corridor):
        push(s, Decision(Kind.ENCOUNTER, AUTO, Encounter(roll.seat, roll.room)))
    else:
        set_noise(s, corridor, True)


def has_noise(s: State, corridor: int) -> bool:
    """A corridor to the Technical Corridors reads its network's one noise space (seed 000: a
    marker in one network does not count in the other)."""
    topo = s.game.topo
    if topo.is_tc(corridor):
        return s.tc_noise[topo.tc_network[corridor]]
    return s.noise[corridor]


def set_noise(s: State, corridor: int, value: bool) -> None:
    topo = s.game.topo
    if topo.is_tc(corridor):
        s.tc_noise[topo.tc_network[corridor]] = value
    else:
        s.noise[corridor] = value


def noise_everywhere(s: State, room: int) -> None:
    """A noise marker in every corridor of `room` that lacks one."""
    for corridor in s.game.topo.exits[room]:
        set_noise(s, corridor, True)


def danger(s: State, room: int) -> None:
    """Every Intruder in a neighbouring room, not in Combat, moves in through an open (or
    destroyed) door; when none does, noise in every corridor of the room (§7.1; a closed door
    holds an Intruder back: docs/rules-decisions.md)."""
    topo = s.game.topo
    moved = False
    for corridor in topo.exits[room]:
        other = topo.other_end(corridor, room)
        if other == TC or s.door[corridor] == 1 or s.characters_in(other):
            continue
        for i in s.intruders_in(other):
            intruders.place(s, i, room)
            moved = True
    if moved:
        s.log(ev("danger", -1, (("room", room),)))
    else:
        noise_everywhere(s, room)


def push_encounter(s: State, seat: int, room: int) -> None:
    push(s, Decision(Kind.ENCOUNTER, AUTO, Encounter(seat, room)))


@on_auto(Kind.ENCOUNTER)
def encounter(s: State, d: Decision) -> None:
    enc: Encounter = d.payload
    for corridor in s.game.topo.exits[enc.room]:
        set_noise(s, corridor, False)
    if enc.seat >= 0 and s.chars[enc.seat].room != enc.room and not _waits_in_pod(s, enc):
        return  # the character has gone (killed) before the encounter resolved
    draw_from_bag(s, ENCOUNTER_DRAW, enc.room, enc.seat)


def _waits_in_pod(s: State, enc: Encounter) -> bool:
    """A character waiting in a pod rolls noise in its section room (FAQ, §16)."""
    return s.chars[enc.seat].status == IN_POD


def draw_from_bag(s: State, purpose: int, room: int, seat: int) -> None:
    push(s, Decision(Kind.BAG_DRAW, CHANCE, BagDraw(purpose, room, seat)))


def encounter_token(s: State, draw: BagDraw, token: int) -> None:
    """Resolves an encounter's bag token (called by the bag draw)."""
    game = s.game
    if game.token_type[token] == intruders.BLANK:
        noise_everywhere(s, draw.room)
        if len(s.bag) == 0:
            intruders.add_to_bag_from_supply(s, intruders.ADULT)
        s.bag.put(token)
        s.log(ev("encounter_blank", draw.seat, (("room", draw.room),)))
        return
    mini = intruders.free_miniature(s, game.token_type[token])
    if mini < 0:
        # no miniature left of that type: the token goes back (docs/rules-decisions.md)
        s.bag.put(token)
        s.log(ev("no_miniature", draw.seat, (("token", token),)))
        return
    intruders.appear(s, mini, draw.room, token)
    seat = draw.seat
    if seat >= 0 and s.chars[seat].room == draw.room:
        hand = len(s.chars[seat].hand)
        if hand < intruders.surprise_value(s, token):
            intruders.attack(s, mini, seat, surprise=True)
    if not s.first_encounter_done:
        # pushed last, so resolved first: the choice comes before the encounter goes on
        s.first_encounter_done = True
        objectives.first_encounter(s)


def in_room_empty(s: State, room: int, seat: int) -> bool:
    """Nobody else (character or Intruder) is in `room`."""
    if room in s.intruder_room:
        return False
    return all(c.room != room or i == seat or c.room == NOWHERE for i, c in enumerate(s.chars))
