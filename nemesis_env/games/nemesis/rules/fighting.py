"""Shoot, Melee, picking up heavy objects and dropping (nemesis-reference.md §6.2, §7.3, §12).

Shoot (cost 1): a weapon in hand with ammo; one ammo spent; a combat die is rolled against an
Intruder in the room. The die's faces (blank, creeper, creeper, adult, 1 hit, 2 hits) injure
what they show or anything smaller; the weapon's printed rule changes the result (its effect
ops in the data). Vital Places makes a blank against an Adult a hit; Vulnerability to Energy
adds an injury to an energy weapon's hit (§12).
Melee (cost 1): a contamination card first, then the die: any face that would injure deals 1
injury, anything else misses and the attacker takes a Serious Wound (§7.3).
Pick Up (cost 1): a corpse, carcass or egg lying in the room, into a free hand. Drop (free):
an item is discarded, an object stays in the room.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from nemesis_env.core.engine import (
    AUTO,
    CHANCE,
    Decision,
    on_auto,
    on_legal,
    on_outcomes,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.rules import combat, hazards, items_hands, player_phase, wounds
from nemesis_env.games.nemesis.rules.intruders import ADULT
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import NOWHERE, State, ev

OWNS = frozenset({"shoot", "melee", "pick_up", "drop", "trade"})
FREE = frozenset({"drop"})
FACES = ("blank", "creeper", "adult", "hit1", "hit2")  # the die: creeper twice
FACE_HURTS = {"blank": 0, "creeper": 2, "adult": 3, "hit1": 5, "hit2": 5}  # types below this


class Attack(NamedTuple):
    seat: int
    intruder: int
    weapon: int  # index into the character's heavy list, -1 for melee
    rerolls: int  # rerolls left (Prototype Pistol)
    bonus: int  # extra injuries from a card (Full Auto)


class Roll(NamedTuple):
    attack: Attack
    face: str


def weapons_ready(s: State, seat: int) -> list[int]:
    """Hand indices of weapons with ammo."""
    c = s.chars[seat]
    things = s.game.tables.things
    return [i for i, thing in enumerate(c.heavy)
            if things[thing].capacity > 0 and c.heavy_ammo[i] > 0]  # fmt: skip


def round_actions(s: State, seat: int) -> list[int]:
    acts = s.game.actions
    c = s.chars[seat]
    out: list[int] = []
    targets = s.intruders_in(c.room)
    if targets and player_phase.can_pay(s, seat, 1):
        if weapons_ready(s, seat):
            out += acts.shoot.ids(targets)
        out += acts.melee.ids(targets)
    if not s.in_combat(seat) and player_phase.can_pay(s, seat, 1) and \
            len(c.heavy) < items_hands.hand_slots(s, seat):  # fmt: skip
        kinds = {thing - s.game.first_object for thing in s.objects[c.room]}
        out += acts.pick_up.ids(sorted(kinds))
    out += acts.drop.ids(sorted(set(c.heavy) | set(c.inventory)))
    if not s.in_combat(seat) and player_phase.can_pay(s, seat, 1):
        partners = [o for o in s.characters_in(c.room) if o != seat]
        if partners and (_tradeable(s, seat) or any(_tradeable(s, o) for o in partners)):
            out += acts.trade.ids(partners)
    return out


def perform(s: State, seat: int, action: int) -> int:
    acts = s.game.actions
    if action in acts.shoot:
        target = acts.shoot.arg(action)
        ready = weapons_ready(s, seat)
        if len(ready) == 1:
            shoot(s, seat, ready[0], target)
        else:
            push(s, Decision(Kind.CHOOSE_WEAPON, seat, Attack(seat, target, -1, 0, 0)))
        return 1
    if action in acts.melee:
        melee(s, seat, acts.melee.arg(action))
        return 1
    if action in acts.pick_up:
        pick_up(s, seat, s.game.first_object + acts.pick_up.arg(action))
        return 1
    if action in acts.trade:
        partner = acts.trade.arg(action)
        push(s, Decision(Kind.TRADE_OFFER, seat, Trade(seat, partner, (), (), seat)))
        return 1
    drop(s, seat, acts.drop.arg(action))
    return 0


@on_legal(Kind.CHOOSE_WEAPON)
def legal_weapon(s: State, d: Decision) -> list[int]:
    return s.game.actions.weapon.ids(weapons_ready(s, d.chooser))


@on_resolve(Kind.CHOOSE_WEAPON)
def resolve_weapon(s: State, d: Decision, action: int) -> None:
    a: Attack = d.payload
    shoot(s, a.seat, s.game.actions.weapon.arg(action), a.intruder)


def weapon_ops(s: State, thing: int) -> Mapping[str, Mapping[str, Any]]:
    item = s.game.tables.things[thing].item
    if item is None:
        return {}
    return {spec.op: spec.params for spec in item.effects}


def shoot(s: State, seat: int, weapon: int, intruder: int, *, reroll_first: bool = False,
          bonus: int = 0) -> None:  # fmt: skip
    """Spends one ammo and rolls (cards that shoot call this too: `reroll_first` for Taking
    Aim, `bonus` injuries for Full Auto)."""
    c = s.chars[seat]
    c.heavy_ammo[weapon] -= 1
    ops = weapon_ops(s, c.heavy[weapon])
    rerolls = int(ops["reroll_combat_die"]["times"]) if "reroll_combat_die" in ops else 0
    rerolls = max(rerolls, 1) if reroll_first else rerolls
    s.log(ev("shoot", seat, (("intruder", intruder), ("weapon", c.heavy[weapon]))))
    push(s, Decision(Kind.COMBAT_DIE, CHANCE, Attack(seat, intruder, weapon, rerolls, bonus)))


def melee(s: State, seat: int, intruder: int) -> None:
    """A contamination card first (once the action is paid and not interrupted), then the
    roll (§7.3)."""
    s.log(ev("melee", seat, (("intruder", intruder),)))
    push(s, Decision(Kind.MELEE_CONTAMINATION, AUTO, seat),
         Decision(Kind.COMBAT_DIE, CHANCE, Attack(seat, intruder, -1, 0, 0)))  # fmt: skip


@on_auto(Kind.MELEE_CONTAMINATION)
def melee_contamination(s: State, d: Decision) -> None:
    wounds.gain_contamination(s, d.payload, 1)


@on_outcomes(Kind.COMBAT_DIE)
def die_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.combat
    return [(ids.id(0), 1 / 6), (ids.id(1), 2 / 6), (ids.id(2), 1 / 6), (ids.id(3), 1 / 6),
            (ids.id(4), 1 / 6)]  # fmt: skip


@on_resolve(Kind.COMBAT_DIE)
def resolve_die(s: State, d: Decision, outcome: int) -> None:
    a: Attack = d.payload
    face = FACES[s.game.chance.combat.arg(outcome)]
    s.log(ev("combat_roll", a.seat, (("face", face),)))
    if (
        s.intruder_room[a.intruder] == NOWHERE
        or s.chars[a.seat].room != s.intruder_room[a.intruder]
    ):
        return
    if a.rerolls > 0:  # Prototype Pistol: the shooter may roll again once (§13.1)
        push(s, Decision(Kind.REROLL, a.seat, Roll(a._replace(rerolls=a.rerolls - 1), face)))
        return
    _apply_roll(s, a, face)


@on_legal(Kind.REROLL)
def legal_reroll(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return sorted([acts.yes.id(), acts.no.id()])


@on_resolve(Kind.REROLL)
def resolve_reroll(s: State, d: Decision, action: int) -> None:
    roll: Roll = d.payload
    if action == s.game.actions.yes.id():
        push(s, Decision(Kind.COMBAT_DIE, CHANCE, roll.attack))
    else:
        _apply_roll(s, roll.attack, roll.face)


def _injuries(s: State, a: Attack, face: str) -> int:
    """Injuries the roll deals (before the weakness bonuses), by the weapon's rule."""
    kind = s.game.mini_type[a.intruder]
    if face == "blank" and kind == ADULT and s.weakness_known("vital_places"):
        face = "hit1"
    if a.weapon < 0:  # melee: any injuring face deals 1
        return 1 if kind < FACE_HURTS[face] else 0
    ops = weapon_ops(s, s.chars[a.seat].heavy[a.weapon])
    treat = ops.get("treat_unmodified_face_as")
    if treat is not None and face == treat["face"]:
        face = str(treat["becomes"])
    base = (2 if face == "hit2" else 1) if kind < FACE_HURTS[face] else 0
    if "minimum_injury_unless_blank" in ops and face != "blank":
        base = max(base, int(ops["minimum_injury_unless_blank"]["amount"]))
    if base == 0 and a.bonus == 0:
        return 0
    total = base + a.bonus  # Full Auto's injuries count even when the roll misses (FAQ)
    bonus = ops.get("bonus_injury_on_faces")
    if bonus is not None and base > 0 and face in bonus["faces"]:
        total += int(bonus["amount"])
    if "bonus_injury_when_injuring" in ops:
        total += int(ops["bonus_injury_when_injuring"]["amount"])
    return total


def _apply_roll(s: State, a: Attack, face: str) -> None:
    injuries = _injuries(s, a, face)
    c = s.chars[a.seat]
    if a.weapon < 0:
        if injuries == 0:
            wounds.serious_wound(s, a.seat)  # a melee miss (§7.3)
            return
        combat.injure(s, a.intruder, injuries)
        return
    thing = c.heavy[a.weapon]
    ops = weapon_ops(s, thing)
    extra = ops.get("spend_ammo_for_bonus_injury")
    if extra is not None and face == extra["face"] and c.heavy_ammo[a.weapon] >= int(extra["ammo"]):
        push(s, Decision(Kind.SPEND_AMMO, a.seat, Roll(a, face)))
        return
    _finish_shot(s, a, face, injuries)


@on_legal(Kind.SPEND_AMMO)
def legal_spend(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return sorted([acts.yes.id(), acts.no.id()])


@on_resolve(Kind.SPEND_AMMO)
def resolve_spend(s: State, d: Decision, action: int) -> None:
    """Prototype Rifle (§13.1): on 2 hits, one more ammo for one more injury."""
    roll: Roll = d.payload
    a = roll.attack
    injuries = _injuries(s, a, roll.face)
    if action == s.game.actions.yes.id():
        ops = weapon_ops(s, s.chars[a.seat].heavy[a.weapon])["spend_ammo_for_bonus_injury"]
        s.chars[a.seat].heavy_ammo[a.weapon] -= int(ops["ammo"])
        injuries += int(ops["amount"])
    _finish_shot(s, a, roll.face, injuries)


def _finish_shot(s: State, a: Attack, face: str, injuries: int) -> None:
    c = s.chars[a.seat]
    thing = c.heavy[a.weapon]
    ops = weapon_ops(s, thing)
    fire = ops.get("place_fire_on_faces")
    if fire is not None and face in fire["faces"]:
        hazards.place_fire(s, c.room)
    item = s.game.tables.things[thing].item
    if injuries and item is not None and item.id == "flamethrower":
        injuries = combat.fire_injuries(s, injuries)  # its injuries are fire injuries (§12)
    if injuries and item is not None:
        weapon = getattr(item, "weapon", None)
        if weapon is not None and weapon.kind == "energy" and \
                s.weakness_known("vulnerability_to_energy"):  # fmt: skip
            injuries += 1
    combat.injure(s, a.intruder, injuries)


def pick_up(s: State, seat: int, thing: int) -> None:
    c = s.chars[seat]
    s.objects[c.room].remove(thing)
    c.heavy.append(thing)
    c.heavy_ammo.append(0)
    if thing == s.game.obj_egg:
        c.carried_eggs += 1
    s.log(ev("pick_up", seat, (("thing", thing),)))


def drop(s: State, seat: int, thing: int) -> None:
    c = s.chars[seat]
    if thing in c.heavy:
        index = c.heavy.index(thing)
        c.heavy.pop(index)
        c.heavy_ammo.pop(index)
    else:
        c.inventory.remove(thing)
    items_hands.drop_thing(s, seat, thing)


# -- Trade (§6.2, FAQ §19: anyone present may trade, gifts allowed, never empty, no ammo) -----
class Trade(NamedTuple):
    initiator: int
    partner: int
    gives: tuple[int, ...]  # what the initiator gives
    takes: tuple[int, ...]  # what the partner gives back
    offering: int  # the seat choosing what to give now


def _tradeable(s: State, seat: int) -> list[int]:
    """Items and objects a character may hand over (quest items are not cards to trade)."""
    c = s.chars[seat]
    things = s.game.tables.things
    return [th for th in c.heavy + c.inventory if not things[th].id.startswith("quest.")]


def _free_hands(s: State, seat: int) -> int:
    return items_hands.hand_slots(s, seat) - len(s.chars[seat].heavy)


@on_legal(Kind.TRADE_OFFER)
def legal_offer(s: State, d: Decision) -> list[int]:
    """One more thing to give, or done. A heavy thing is offered only if the receiver will
    have a hand free for it (heavy things it gives in return free a hand)."""
    tr: Trade = d.payload
    giver = d.chooser
    taker = tr.partner if giver == tr.initiator else tr.initiator
    offered = tr.gives if giver == tr.initiator else tr.takes
    back = tr.takes if giver == tr.initiator else tr.gives
    heavy = s.game.tables.things
    room = _free_hands(s, taker) + sum(heavy[t].heavy for t in back) - \
        sum(heavy[t].heavy for t in offered)  # fmt: skip
    left = Counter(_tradeable(s, giver))
    left.subtract(Counter(offered))
    options = [t for t, n in left.items() if n > 0 and (not heavy[t].heavy or room > 0)]
    acts = s.game.actions
    return sorted([acts.done_id, *acts.thing.ids(sorted(set(options)))])


@on_resolve(Kind.TRADE_OFFER)
def resolve_offer(s: State, d: Decision, action: int) -> None:
    tr: Trade = d.payload
    acts = s.game.actions
    if action != acts.done_id:
        thing = acts.thing.arg(action)
        if d.chooser == tr.initiator:
            tr = tr._replace(gives=(*tr.gives, thing))
        else:
            tr = tr._replace(takes=(*tr.takes, thing))
        push(s, Decision(Kind.TRADE_OFFER, d.chooser, tr))
        return
    if d.chooser == tr.initiator:
        push(s, Decision(Kind.TRADE_OFFER, tr.partner, tr._replace(offering=tr.partner)))
        return
    if not tr.gives and not tr.takes:
        s.log(ev("trade_empty", tr.initiator, (("partner", tr.partner),)))
        return  # a trade cannot be empty (FAQ v2.2): nothing happens
    # both must agree: the partner, then the initiator, who saw the partner's part
    push(s, Decision(Kind.TRADE_ACCEPT, tr.partner, tr),
         Decision(Kind.TRADE_ACCEPT, tr.initiator, tr))  # fmt: skip


@on_legal(Kind.TRADE_ACCEPT)
def legal_accept(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return sorted([acts.yes.id(), acts.no.id()])


@on_resolve(Kind.TRADE_ACCEPT)
def resolve_accept(s: State, d: Decision, action: int) -> None:
    tr: Trade = d.payload
    if action == s.game.actions.no.id():
        # a refusal ends the trade: drop the other party's pending answer
        if s.stack and s.stack[-1].kind == Kind.TRADE_ACCEPT:
            s.stack.pop()
        s.log(ev("trade_refused", d.chooser, (("with", tr.initiator if d.chooser ==
                                                tr.partner else tr.partner),)))  # fmt: skip
        return
    if d.chooser == tr.initiator:
        _exchange(s, tr)


def _exchange(s: State, tr: Trade) -> None:
    for giver, taker, things in ((tr.initiator, tr.partner, tr.gives),
                                 (tr.partner, tr.initiator, tr.takes)):  # fmt: skip
        for thing in things:
            _move_thing(s, giver, taker, thing)
    pair = frozenset({tr.initiator, tr.partner})
    s.log(ev("trade", tr.initiator, (("partner", tr.partner), ("gives", tr.gives),
                                     ("takes", tr.takes)), pair))  # fmt: skip


def _move_thing(s: State, giver: int, taker: int, thing: int) -> None:
    """Ammo is not traded (FAQ): a weapon keeps its loaded ammo with it, as the marker sits on
    the weapon's card; an egg carried changes hands with its count."""
    g, t = s.chars[giver], s.chars[taker]
    if thing in g.heavy:
        i = g.heavy.index(thing)
        g.heavy.pop(i)
        ammo = g.heavy_ammo.pop(i)
        t.heavy.append(thing)
        t.heavy_ammo.append(ammo)
        if thing == s.game.obj_egg:
            g.carried_eggs -= 1
            t.carried_eggs += 1
    else:
        g.inventory.remove(thing)
        t.inventory.append(thing)
