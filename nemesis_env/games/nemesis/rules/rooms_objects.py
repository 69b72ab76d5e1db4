"""Room actions on objects and items (nemesis-reference.md §3.2, §3.3, §6.3, §12, §13.6):
Laboratory, Nest, Storage; and taking a heavy thing into full hands.

- Laboratory: analyse one object present in the room (one you carry counts when you are
  there): a Character Corpse (the blue one too), an Intruder Carcass or an Egg turns the
  weakness card of its slot face up. The card was face down and nobody had seen it, so it is
  drawn now from the weaknesses not yet drawn (chance, public). Only objects whose slot is
  still face down are offered (docs/rules-decisions.md). The object stays.
- Nest: take one Egg from the intruder board into a free hand (the Nest's hit points: none left
  destroys the Nest), then a Noise roll in the Nest.
- Storage: pick a Search deck (red, yellow or green), draw 2, keep 1; the other goes to the
  bottom of its deck, known to you. The room's item counter does not matter (FAQ). A weapon
  drawn comes with 1 ammo, as in a Search (§6.3).
A heavy thing taken into hands already full makes the player drop one of them, the new one
included (§6.3: a third needs dropping one).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import (
    CHANCE,
    Decision,
    on_legal,
    on_outcomes,
    on_prepare,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.rules import items_hands, noise
from nemesis_env.games.nemesis.rules.kinds import Kind, SeatArg
from nemesis_env.games.nemesis.rules.rooms_common import Op, Params, Use, or_done
from nemesis_env.games.nemesis.state import UNKNOWN, State, ev
from nemesis_env.games.nemesis.tables import WEAKNESS_SLOTS


# -- Laboratory ---------------------------------------------------------------------------------
def weakness_slot(s: State, thing: int) -> int:
    """The weakness slot an object reveals, -1 for anything else."""
    game = s.game
    slot = {game.obj_corpse: "character_corpse", game.obj_blue_corpse: "character_corpse",
            game.obj_carcass: "intruder_carcass", game.obj_egg: "egg"}.get(thing)  # fmt: skip
    return -1 if slot is None else WEAKNESS_SLOTS.index(slot)


def analysable(s: State, seat: int, room: int) -> list[int]:
    """Objects in `room`, or carried by the seat standing there, whose weakness is face down."""
    present = list(s.objects[room])
    c = s.chars[seat]
    if c.room == room:
        present += [t for t in c.heavy if s.game.is_object(t)]
    slots = {t: weakness_slot(s, t) for t in present}
    return sorted(t for t, slot in slots.items() if slot >= 0 and s.weakness[slot] == UNKNOWN)


def _able_analyse(s: State, seat: int, room: int, p: Params) -> bool:
    return bool(analysable(s, seat, room))


def _run_analyse(s: State, seat: int, room: int, p: Params) -> None:
    push(s, Decision(Kind.ROOM_OBJECT, seat, Use(seat, room)))


@on_legal(Kind.ROOM_OBJECT)
def legal_object(s: State, d: Decision) -> list[int]:
    u: Use = d.payload
    return or_done(s, s.game.actions.thing.ids(analysable(s, u.seat, u.room)))


@on_resolve(Kind.ROOM_OBJECT)
def resolve_object(s: State, d: Decision, action: int) -> None:
    if action == s.game.actions.done_id:
        return
    thing = s.game.actions.thing.arg(action)
    s.log(ev("analyse", d.chooser, (("thing", thing),)))
    reveal_weakness(s, weakness_slot(s, thing))


def reveal_weakness(s: State, slot: int) -> None:
    """The slot's face-down weakness card turns face up (also for the Laboratory Equipment)."""
    if s.weakness[slot] == UNKNOWN and s.weaknesses_left:
        push(s, Decision(Kind.WEAKNESS, CHANCE, slot))


@on_outcomes(Kind.WEAKNESS)
def weakness_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.weakness
    left = sorted(s.weaknesses_left)
    return [(ids.id(w), 1.0 / len(left)) for w in left]


@on_resolve(Kind.WEAKNESS)
def resolve_weakness(s: State, d: Decision, outcome: int) -> None:
    card = s.game.chance.weakness.arg(outcome)
    s.weaknesses_left.remove(card)
    s.weakness[d.payload] = card
    s.log(ev("weakness", -1, (("slot", d.payload), ("card", card))))


# -- Nest ---------------------------------------------------------------------------------------
def _able_take_egg(s: State, seat: int, room: int, p: Params) -> bool:
    c = s.chars[seat]
    return (s.eggs_in_nest > 0 and not s.nest_destroyed and c.room == room
            and len(c.heavy) < items_hands.hand_slots(s, seat))  # fmt: skip


def _run_take_egg(s: State, seat: int, room: int, p: Params) -> None:
    c = s.chars[seat]
    c.heavy.append(s.game.obj_egg)
    c.heavy_ammo.append(0)
    c.carried_eggs += 1
    s.eggs_in_nest -= 1
    s.log(ev("egg_taken", seat, (("left", s.eggs_in_nest),)))
    if s.eggs_in_nest == 0:
        s.nest_destroyed = True
        s.log(ev("nest_destroyed", -1, ()))
    noise.roll_noise(s, seat, room)


# -- Storage ------------------------------------------------------------------------------------
class ItemDraw(NamedTuple):
    seat: int
    deck: int
    left: int  # cards still to draw, this one included
    drawn: tuple[int, ...]  # cards drawn so far


def _cards_left(s: State, deck: int) -> int:
    """An empty item deck is rebuilt from its discard pile (as for a Search)."""
    return len(s.item_decks[deck]) + len(s.item_discard[deck])


def _able_storage(s: State, seat: int, room: int, p: Params) -> bool:
    return any(_cards_left(s, k) for k in range(len(s.item_decks)))


def _run_storage(s: State, seat: int, room: int, p: Params) -> None:
    push(s, Decision(Kind.ROOM_ITEM_DECK, seat, ItemDraw(seat, -1, int(p["draw"]), ())))


@on_legal(Kind.ROOM_ITEM_DECK)
def legal_item_deck(s: State, d: Decision) -> list[int]:
    decks = [k for k in range(len(s.item_decks)) if _cards_left(s, k)]
    return or_done(s, s.game.actions.item_deck.ids(decks))


@on_resolve(Kind.ROOM_ITEM_DECK)
def resolve_item_deck(s: State, d: Decision, action: int) -> None:
    if action == s.game.actions.done_id:
        return
    draw: ItemDraw = d.payload
    deck = s.game.actions.item_deck.arg(action)
    s.log(ev("storage", draw.seat, (("deck", deck),)))
    push(s, Decision(Kind.ITEM_DRAW, CHANCE, draw._replace(deck=deck)))


@on_prepare(Kind.ITEM_DRAW)
def reshuffle_items(s: State) -> None:
    deck = s.stack[-1].payload.deck
    if len(s.item_decks[deck]) == 0 and s.item_discard[deck]:
        s.item_decks[deck].shuffle_in(s.item_discard[deck])
        s.item_discard[deck] = []


@on_outcomes(Kind.ITEM_DRAW)
def item_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.item
    return [(ids.id(t), p) for t, p in s.item_decks[d.payload.deck].draw_outcomes()]


@on_resolve(Kind.ITEM_DRAW)
def resolve_item_draw(s: State, d: Decision, outcome: int) -> None:
    draw: ItemDraw = d.payload
    thing = s.game.chance.item.arg(outcome)
    s.item_decks[draw.deck].draw(thing)
    s.log(ev("item_drawn", draw.seat, (("thing", thing),), frozenset({draw.seat})))
    drawn = (*draw.drawn, thing)
    if draw.left > 1 and _cards_left(s, draw.deck):
        push(s, Decision(Kind.ITEM_DRAW, CHANCE, draw._replace(left=draw.left - 1, drawn=drawn)))
    else:
        push(s, Decision(Kind.ROOM_KEEP, draw.seat, draw._replace(left=0, drawn=drawn)))


@on_legal(Kind.ROOM_KEEP)
def legal_keep(s: State, d: Decision) -> list[int]:
    return s.game.actions.thing.ids(sorted(set(d.payload.drawn)))


@on_resolve(Kind.ROOM_KEEP)
def resolve_keep(s: State, d: Decision, action: int) -> None:
    draw: ItemDraw = d.payload
    kept = s.game.actions.thing.arg(action)
    rest = list(draw.drawn)
    rest.remove(kept)
    for thing in rest:
        s.item_decks[draw.deck].put_bottom(thing, known_to=(draw.seat,))
    s.log(ev("item_kept", draw.seat, (("thing", kept),), frozenset({draw.seat})))
    gain_item(s, draw.seat, kept, ammo=1)


def gain_item(s: State, seat: int, thing: int, *, ammo: int) -> None:
    """A drawn item: heavy ones into a hand (weapons with `ammo`, at most their capacity),
    others into the inventory."""
    c = s.chars[seat]
    if not s.game.tables.things[thing].heavy:
        c.inventory.append(thing)
        return
    c.heavy.append(thing)
    c.heavy_ammo.append(min(ammo, s.game.item_capacity(thing)))
    if len(c.heavy) > items_hands.hand_slots(s, seat):
        push(s, Decision(Kind.ROOM_HAND_FULL, seat, SeatArg(seat)))


@on_legal(Kind.ROOM_HAND_FULL)
def legal_hand_full(s: State, d: Decision) -> list[int]:
    return s.game.actions.thing.ids(sorted(set(s.chars[d.chooser].heavy)))


@on_resolve(Kind.ROOM_HAND_FULL)
def resolve_hand_full(s: State, d: Decision, action: int) -> None:
    seat = d.chooser
    c = s.chars[seat]
    thing = s.game.actions.thing.arg(action)
    i = len(c.heavy) - 1 - c.heavy[::-1].index(thing)  # the last taken of that kind
    c.heavy.pop(i)
    c.heavy_ammo.pop(i)
    items_hands.drop_thing(s, seat, thing)
    if len(c.heavy) > items_hands.hand_slots(s, seat):
        push(s, Decision(Kind.ROOM_HAND_FULL, seat, SeatArg(seat)))


OPS: dict[str, Op] = {
    "analyse_object": Op(_able_analyse, _run_analyse),
    "take_egg_from_nest": Op(_able_take_egg, _run_take_egg),
    "draw_items_keep_one": Op(_able_storage, _run_storage),
}
