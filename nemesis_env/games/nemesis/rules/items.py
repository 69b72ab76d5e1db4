"""Items and hands (nemesis-reference.md §6.3, §13): using items, activating quest items,
crafting, and the hand-slot rules other modules call.

A character has two hand slots, each holding one heavy item or heavy object; an undressed Arm
wound leaves one (§8.1). Normal items go to the inventory, unlimited.

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform."""

from __future__ import annotations

from nemesis_env.games.nemesis.rules import wounds
from nemesis_env.games.nemesis.state import State, ev

OWNS = frozenset({"use_item", "activate_quest", "craft"})
FREE: frozenset[str] = frozenset()


def round_actions(s: State, seat: int) -> list[int]:
    """Not yet: item use lands with the items module."""
    return []


def perform(s: State, seat: int, action: int) -> None:
    raise AssertionError(f"items cannot perform {s.game.space.name(action)} yet")


def hand_slots(s: State, seat: int) -> int:
    return 1 if wounds.has_wound(s, seat, "arm") else 2


def enforce_hand_slots(s: State, seat: int) -> None:
    """Too many heavy things for the hands left: the last taken are dropped (an object stays in
    the room, an item is discarded)."""
    c = s.chars[seat]
    while len(c.heavy) > hand_slots(s, seat):
        thing = c.heavy.pop()
        c.heavy_ammo.pop()
        drop_thing(s, seat, thing)


def drop_thing(s: State, seat: int, thing: int) -> None:
    c = s.chars[seat]
    if s.game.is_object(thing):
        s.objects[c.room].append(thing)
        if thing == s.game.obj_egg:
            c.carried_eggs -= 1
    else:
        discard_item(s, thing)
    s.log(ev("drop", seat, (("thing", thing),)))


def discard_item(s: State, thing: int) -> None:
    """An item card to its deck's discard pile (items of no Search deck leave the game)."""
    deck = s.game.tables.things[thing].deck
    if deck >= 0:
        s.item_discard[deck].append(thing)
