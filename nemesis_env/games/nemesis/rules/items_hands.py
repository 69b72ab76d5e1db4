"""Hands and inventory (nemesis-reference.md §6.3, §8.1 Arm wound, §13.2 Duct Tape).

A character has two hand slots, each holding one heavy item (weapons, the Fire Extinguisher,
some quest items) or one heavy object (corpse, carcass, egg); an undressed Arm wound leaves
one. Duct Tape joins two heavy items in one hand (objects never), which frees a slot for as
long as both stay in the character's hands. Taking a heavy thing with no hand free makes the
character choose what to drop, the new thing included; so does an Arm wound that leaves too
few hands. Normal items go to the inventory, unlimited. A dropped item is discarded; a dropped
object stays in the room (§6.2 Drop).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import Decision, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import wounds
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State, ev


class Taking(NamedTuple):
    seat: int
    thing: int  # the heavy thing being taken; -1 when the hands already hold too much
    ammo: int  # its ammo (weapons)


def taped_pairs(s: State, seat: int) -> list[tuple[int, int]]:
    """The Duct Tape joins that still hold: both items in this character's hands."""
    left = list(s.chars[seat].heavy)
    pairs = []
    for who, a, b in s.taped:
        if who != seat or a not in left:
            continue
        left.remove(a)
        if b in left:
            left.remove(b)
            pairs.append((a, b))
        else:
            left.append(a)
    return pairs


def hand_slots(s: State, seat: int) -> int:
    """Heavy things the hands can hold: 2, 1 with an undressed Arm wound, +1 per taped pair."""
    base = 1 if wounds.has_wound(s, seat, "arm") else 2
    return base + len(taped_pairs(s, seat))


def take_heavy(s: State, seat: int, thing: int, ammo: int) -> None:
    """`seat` takes a heavy item or object into a hand (used by Search, crafting, trades,
    quest items); with no hand free, the character first chooses what to drop."""
    if len(s.chars[seat].heavy) < hand_slots(s, seat):
        _hold(s, seat, thing, ammo)
        return
    push(s, Decision(Kind.DROP_HEAVY, seat, Taking(seat, thing, ammo)))


def enforce_hand_slots(s: State, seat: int) -> None:
    """Too many heavy things for the hands left (an Arm wound): the character chooses what to
    drop, one at a time."""
    if len(s.chars[seat].heavy) > hand_slots(s, seat):
        push(s, Decision(Kind.DROP_HEAVY, seat, Taking(seat, -1, 0)))


def _hold(s: State, seat: int, thing: int, ammo: int) -> None:
    c = s.chars[seat]
    c.heavy.append(thing)
    c.heavy_ammo.append(ammo)
    if thing == s.game.obj_egg:
        c.carried_eggs += 1
    s.log(ev("take_heavy", seat, (("thing", thing),)))


@on_legal(Kind.DROP_HEAVY)
def legal_drop_heavy(s: State, d: Decision) -> list[int]:
    t: Taking = d.payload
    things = set(s.chars[t.seat].heavy) | ({t.thing} if t.thing >= 0 else set())
    return s.game.actions.thing.ids(sorted(things))


@on_resolve(Kind.DROP_HEAVY)
def resolve_drop_heavy(s: State, d: Decision, action: int) -> None:
    t: Taking = d.payload
    chosen = s.game.actions.thing.arg(action)
    c = s.chars[t.seat]
    if t.thing >= 0:
        _hold(s, t.seat, t.thing, t.ammo)
    # the new thing, when it is the one dropped, is the last of its id in the hands
    if chosen == t.thing:
        index = len(c.heavy) - 1 - c.heavy[::-1].index(chosen)
    else:
        index = c.heavy.index(chosen)
    c.heavy.pop(index)
    c.heavy_ammo.pop(index)
    drop_thing(s, t.seat, chosen)
    if t.thing < 0:
        enforce_hand_slots(s, t.seat)


def remove_item(s: State, seat: int, thing: int) -> None:
    """Takes an item out of the inventory, or out of a hand (its ammo goes with it)."""
    c = s.chars[seat]
    if thing in c.inventory:
        c.inventory.remove(thing)
        return
    index = c.heavy.index(thing)
    c.heavy.pop(index)
    c.heavy_ammo.pop(index)


def drop_thing(s: State, seat: int, thing: int) -> None:
    """A thing that has left the character's hands or inventory: an object goes to the room,
    an item to its discard pile."""
    c = s.chars[seat]
    if s.game.is_object(thing):
        s.objects[c.room].append(thing)
        if thing == s.game.obj_egg:
            c.carried_eggs -= 1
    else:
        discard_item(s, thing)
    s.taped = [e for e in s.taped if e[0] != seat or (e[1], e[2]) in taped_pairs(s, seat)]
    s.log(ev("drop", seat, (("thing", thing),)))


def discard_item(s: State, thing: int) -> None:
    """An item card to its deck's discard pile; items of no Search deck (crafted, starting
    and quest items) leave the game. Add items fixed on a weapon go with it."""
    deck = s.game.tables.things[thing].deck
    if deck >= 0:
        s.item_discard[deck].append(thing)
    fixed = [added for added, weapon in s.attachments if weapon == thing]
    s.attachments = [(a, w) for a, w in s.attachments if w != thing and a != thing]
    for added in fixed:
        discard_item(s, added)
