"""Wounds, contamination and death (nemesis-reference.md §8.1, §8.2; seed 000).

Light wounds fill a track of two spaces; a third becomes a Serious Wound (two light wounds on a
full track: one serious and one light, FAQ). A Serious Wound draws a card from the
serious-wound deck whose effect holds until dressed. A character with three Serious Wounds dies
at the next wound of any kind. Death leaves a corpse in the room and the heavy objects held;
other items leave the game; the first death unlocks every escape pod (§16).

Contamination cards go on top of the discard pile, so they come back to the hand later. Their
infection is not decided when they are taken: nobody may know it until a scan, so a scan draws
it from the unscanned cards that are left (state.py).
"""

from __future__ import annotations

from nemesis_env.core.engine import CHANCE, Decision, on_outcomes, on_prepare, on_resolve, push
from nemesis_env.games.nemesis import intruder_seat
from nemesis_env.games.nemesis.rules.kinds import Kind, WoundDraw
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    DEAD,
    NOWHERE,
    POD_LOCKED,
    POD_UNLOCKED,
    State,
    ev,
)

MAX_SERIOUS = 3


def light_wounds(s: State, seat: int, count: int) -> None:
    c = s.chars[seat]
    for _ in range(count):
        if c.status != ACTIVE:
            return
        if len(c.serious) >= MAX_SERIOUS:
            kill(s, seat, "wounds")
            return
        if c.light_wounds < 2:
            c.light_wounds += 1
        else:
            c.light_wounds = 0
            serious_wound(s, seat)
    s.log(ev("light_wounds", seat, (("count", count),)))


def serious_wound(s: State, seat: int) -> None:
    c = s.chars[seat]
    if c.status != ACTIVE:
        return
    if len(c.serious) >= MAX_SERIOUS:
        kill(s, seat, "wounds")
        return
    push(s, Decision(Kind.WOUND_CARD, CHANCE, WoundDraw(seat)))


@on_prepare(Kind.WOUND_CARD)
def reshuffle_wounds(s: State) -> None:
    if len(s.wound_deck) == 0 and s.wound_discard:
        s.wound_deck.shuffle_in(s.wound_discard)
        s.wound_discard = []


@on_outcomes(Kind.WOUND_CARD)
def wound_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    cards = s.game.chance.wound
    return [(cards.id(c), p) for c, p in s.wound_deck.draw_outcomes()]


@on_resolve(Kind.WOUND_CARD)
def resolve_wound(s: State, d: Decision, outcome: int) -> None:
    w: WoundDraw = d.payload
    card = s.game.chance.wound.arg(outcome)
    s.wound_deck.draw(card)
    c = s.chars[w.seat]
    if c.status != ACTIVE:
        s.wound_discard.append(card)
        return
    if len(c.serious) >= MAX_SERIOUS:  # wounded again while this card was drawn
        s.wound_discard.append(card)
        kill(s, w.seat, "wounds")
        return
    c.serious.append(card)
    s.log(ev("serious_wound", w.seat, (("card", card),)))
    if s.game.wound_type[card] == "arm":
        s.game.hooks.enforce_hand_slots(s, w.seat)


def has_wound(s: State, seat: int, wound_type: str) -> bool:
    """An undressed serious wound of this type (dressed cards are stored as ~card)."""
    types = s.game.wound_type
    return any(card >= 0 and types[card] == wound_type for card in s.chars[seat].serious)


def gain_contamination(s: State, seat: int, count: int) -> None:
    """New contamination cards on top of the discard pile (§8.2). An exhausted contamination
    deck gives none (docs/rules-decisions.md)."""
    c = s.chars[seat]
    for _ in range(count):
        if s.contam_deck_left == 0:
            return
        s.contam_deck_left -= 1
        c.discard.append(s.game.contam_unknown)
    s.log(ev("contamination", seat, (("count", count),)))


def kill(s: State, seat: int, cause: str) -> None:
    c = s.chars[seat]
    if c.status == DEAD:
        return
    room = c.room
    was_first = not s.death_order
    c.status = DEAD
    c.room = NOWHERE
    s.death_order.append(seat)
    intruder_seat.on_death(s, seat)  # the first death names the intruder player's seat
    if room != NOWHERE:
        s.objects[room].append(s.game.obj_corpse)
        for held in c.heavy:
            if s.game.is_object(held):
                s.objects[room].append(held)
    if s.game.params.mode == "coop":
        # co-op: the dead keep their items for the AutoDoc; only heavy objects drop (§18.2 FAQ)
        kept = [i for i, held in enumerate(c.heavy) if not s.game.is_object(held)]
        c.heavy, c.heavy_ammo = [c.heavy[i] for i in kept], [c.heavy_ammo[i] for i in kept]
        c.carried_eggs = 0
    else:
        # items other than heavy objects leave the game (§8.1)
        c.heavy, c.heavy_ammo, c.inventory, c.carried_eggs = [], [], [], 0
    s.log(ev("death", seat, (("cause", cause), ("room", room))))
    if was_first:
        for pod, state in enumerate(s.pods):
            if state == POD_LOCKED:
                s.pods[pod] = POD_UNLOCKED
        s.log(ev("pods_unlocked", -1, ()))
    if c.pod >= 0 and seat in s.pod_seats[c.pod]:
        s.pod_seats[c.pod].remove(seat)
        c.pod = -1
