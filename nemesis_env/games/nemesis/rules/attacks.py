"""Intruder attacks (nemesis-reference.md §7.4, §11) and their targets.

An attacking Larva draws no card: it climbs onto its target's board (Infested) and gives a
contamination card; a target that already carries a Larva only takes the card, and the
attacking Larva is gone (FAQ). Every other Intruder draws an Intruder Attack card: when the
card shows the attacker's type its effect applies, otherwise the attack misses. The card then
goes to the attack discard (a new deck is shuffled from it when the deck runs out).

In the Event Phase an Intruder attacks the character in its room with the fewest cards in hand
(ties: the first player, then clockwise); a surprise attack and an escape attack hit the
character who triggered them.
"""

from __future__ import annotations

from nemesis_env.core.engine import (
    CHANCE,
    Decision,
    on_auto,
    on_outcomes,
    on_prepare,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.rules import intruders, wounds
from nemesis_env.games.nemesis.rules.intruders import ADULT, BREEDER, CREEPER, LARVA
from nemesis_env.games.nemesis.rules.kinds import Attack, AttackCard, Kind
from nemesis_env.games.nemesis.state import ACTIVE, State, ev


def event_phase_target(s: State, room: int) -> int:
    """The character in `room` with the fewest cards in hand; ties go to the first player, then
    clockwise (§7.4). -1 when nobody is there."""
    n = len(s.chars)
    best, best_cards = -1, 1 << 30
    for k in range(n):
        seat = (s.first_player + k) % n
        c = s.chars[seat]
        if c.status == ACTIVE and c.room == room and len(c.hand) < best_cards:
            best, best_cards = seat, len(c.hand)
    return best


@on_auto(Kind.INTRUDER_ATTACK)
def intruder_attack(s: State, d: Decision) -> None:
    a: Attack = d.payload
    c = s.chars[a.seat]
    room = s.intruder_room[a.intruder]
    if c.status != ACTIVE or room != c.room:
        return  # the target died, or the attacker left, before this attack came
    if s.game.mini_type[a.intruder] == LARVA:
        if not s.game.hooks.offer_armor(s, AttackCard(a.intruder, a.seat, a.surprise), -1):
            infest(s, a.intruder, a.seat)
        return
    push(s, Decision(Kind.ATTACK_CARD, CHANCE, AttackCard(a.intruder, a.seat, a.surprise)))


def infest(s: State, mini: int, seat: int) -> None:
    c = s.chars[seat]
    intruders.remove_from_board(s, mini, to_bag=False)
    if not c.larva:
        c.larva = True
    s.log(ev("larva_attack", seat, (("intruder", mini),)))
    wounds.gain_contamination(s, seat, 1)


@on_prepare(Kind.ATTACK_CARD)
def reshuffle_attacks(s: State) -> None:
    reshuffle_attack_deck(s)


def reshuffle_attack_deck(s: State) -> None:
    if len(s.attack_deck) == 0 and s.attack_discard:
        s.attack_deck.shuffle_in(s.attack_discard)
        s.attack_discard = []


@on_outcomes(Kind.ATTACK_CARD)
def attack_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    cards = s.game.chance.attack
    return [(cards.id(c), p) for c, p in s.attack_deck.draw_outcomes()]


@on_resolve(Kind.ATTACK_CARD)
def resolve_attack_card(s: State, d: Decision, outcome: int) -> None:
    a: AttackCard = d.payload
    card = s.game.chance.attack.arg(outcome)
    s.attack_deck.draw(card)
    s.attack_discard.append(card)
    strike(s, a, card)


def strike(s: State, a: AttackCard, card: int) -> None:
    """The attack card `card` (already discarded) against the target: a miss unless it shows
    the attacker's type; Nerves of Steel and Armor come before its effect."""
    kind = s.game.mini_type[a.intruder]
    hits = s.game.attack_hits[card] >> kind & 1
    s.log(ev("attack_card", a.seat, (("intruder", a.intruder), ("card", card),
                                        ("hit", int(hits)))))  # fmt: skip
    if not hits:
        return
    if s.game.hooks.nerves_of_steel_window(s, a, card, kind):
        return  # the Soldier's Nerves of Steel window applies the attack, or not (§14, FAQ)
    if s.game.hooks.offer_armor(s, a, card):
        return  # the target may discard Armor first (§14)
    apply_attack_effect(s, a, card, kind)


def apply_attack_effect(s: State, a: AttackCard, card: int, kind: int) -> None:
    op = s.game.attack_op[card]
    c = s.chars[a.seat]
    if op == "scratch":
        wounds.light_wounds(s, a.seat, 1)
        wounds.gain_contamination(s, a.seat, 1)
    elif op == "claw_attack":
        wounds.light_wounds(s, a.seat, 2)
        wounds.gain_contamination(s, a.seat, 1)
    elif op == "bite":
        if kind == ADULT and s.weakness_known("the_way_of_fighting"):
            wounds.light_wounds(s, a.seat, 1)
        elif len(c.serious) >= 2:
            wounds.kill(s, a.seat, "bite")
        else:
            wounds.serious_wound(s, a.seat)
    elif op == "tail_attack":
        if c.serious:
            wounds.kill(s, a.seat, "tail")
        else:
            wounds.serious_wound(s, a.seat)
    elif op == "frenzy":
        for seat in reversed(s.characters_in(c.room)):
            if len(s.chars[seat].serious) >= 2:
                wounds.kill(s, seat, "frenzy")
            else:
                wounds.serious_wound(s, seat)
    elif op == "transformation":
        transform(s, a)
    elif op == "slime":
        c.slime = True
        wounds.gain_contamination(s, a.seat, 1)
    elif op == "summoning":
        from nemesis_env.games.nemesis.rules.kinds import SUMMON_DRAW

        s.game.hooks.draw_from_bag(s, SUMMON_DRAW, c.room, a.seat)
    else:  # pragma: no cover - the data loader admits only the ops above
        raise AssertionError(f"unknown attack op {op!r}")


def transform(s: State, a: AttackCard) -> None:
    """Transformation (§11): the attacking Creeper becomes a Breeder, if one is free; the
    Breeder attacks by surprise when its target has no cards in hand."""
    if s.game.mini_type[a.intruder] != CREEPER:
        return
    breeder = intruders.free_miniature(s, BREEDER)
    if breeder < 0:
        return
    room = s.intruder_room[a.intruder]
    injuries = s.intruder_injuries[a.intruder]
    intruders.remove_from_board(s, a.intruder, to_bag=False)
    intruders.appear(s, breeder, room, -1)
    s.intruder_injuries[breeder] = injuries
    if not s.chars[a.seat].hand:
        intruders.attack(s, breeder, a.seat, surprise=True)
