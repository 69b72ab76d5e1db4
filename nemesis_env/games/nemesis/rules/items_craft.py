"""Crafting (nemesis-reference.md §6.2 Craft, §13.4; FAQ §19).

Craft is a basic action (cost 1, not in Combat): discard two items whose blue component icons
match the two grey icons of a crafted card's recipe, one icon each, and take that card if a copy
is left. Components: Chemical (Chemicals, Alcohol), Cloth (Clothes, Bandages), Electric (Energy
Charge), Medical (Medkit), Tool (Tools, Duct Tape; items.yaml `icons`). A crafted weapon comes
fully loaded (FAQ: the Flamethrower). The Mechanic's Ingenuity card lets any yellow item count as
a Tool (`yellow_as_tool`, for rules/cards.py).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import player_phase
from nemesis_env.games.nemesis.rules.items_base import capacity, items_held
from nemesis_env.games.nemesis.rules.items_hands import discard_item, remove_item, take_heavy
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State, ev

CRAFT_COST = 1
YELLOW = 1  # the yellow Search deck
TOOL = "tool"


class Craft(NamedTuple):
    seat: int
    recipe: int  # index into items.yaml `crafted`
    first: int  # the component chosen for the recipe's first icon, -1 before
    second: int  # and for its second icon
    yellow_as_tool: bool


def icons(s: State, thing: int, yellow_as_tool: bool) -> frozenset[str]:
    info = s.game.tables.things[thing]
    printed = frozenset(getattr(info.item, "icons", ()))
    return printed | {TOOL} if yellow_as_tool and info.deck == YELLOW else printed


def pairs(s: State, seat: int, recipe: int, yellow_as_tool: bool) -> list[tuple[int, int]]:
    """The distinct (first, second) components the character could craft `recipe` with."""
    need = s.game.data.items.crafted[recipe].recipe
    held = items_held(s, s.chars[seat])
    out = set()
    for a in set(held):
        for b in set(held):
            if (a != b or held.count(a) > 1) and need[0] in icons(s, a, yellow_as_tool) \
                    and need[1] in icons(s, b, yellow_as_tool):  # fmt: skip
                out.add((a, b))
    return sorted(out)


def craftable(s: State, seat: int, recipe: int, yellow_as_tool: bool = False) -> bool:
    return s.crafted_left[recipe] > 0 and bool(pairs(s, seat, recipe, yellow_as_tool))


def round_actions(s: State, seat: int) -> list[int]:
    if s.in_combat(seat) or not player_phase.can_pay(s, seat, CRAFT_COST):
        return []
    recipes = range(len(s.crafted_left))
    return s.game.actions.craft.ids([r for r in recipes if craftable(s, seat, r)])


def start_craft(s: State, seat: int, recipe: int, yellow_as_tool: bool = False) -> int:
    """Pushes the craft (the components are chosen once the action is paid and not
    interrupted); returns its cost."""
    options = pairs(s, seat, recipe, yellow_as_tool)
    craft = Craft(seat, recipe, -1, -1, yellow_as_tool)
    if len(options) == 1:
        push(
            s,
            Decision(
                Kind.CRAFT_DONE, AUTO, craft._replace(first=options[0][0], second=options[0][1])
            ),
        )
    else:
        push(s, Decision(Kind.CRAFT_COMPONENT, seat, craft))
    s.log(ev("craft", seat, (("recipe", recipe),)))
    return CRAFT_COST


@on_legal(Kind.CRAFT_COMPONENT)
def legal_component(s: State, d: Decision) -> list[int]:
    c: Craft = d.payload
    options = pairs(s, c.seat, c.recipe, c.yellow_as_tool)
    picks = {b for a, b in options if a == c.first} if c.first >= 0 else {a for a, _ in options}
    return s.game.actions.thing.ids(sorted(picks))


@on_resolve(Kind.CRAFT_COMPONENT)
def resolve_component(s: State, d: Decision, action: int) -> None:
    c: Craft = d.payload
    thing = s.game.actions.thing.arg(action)
    if c.first >= 0:
        finish(s, c._replace(second=thing))
        return
    seconds = {b for a, b in pairs(s, c.seat, c.recipe, c.yellow_as_tool) if a == thing}
    if len(seconds) == 1:
        finish(s, c._replace(first=thing, second=seconds.pop()))
    else:
        push(s, Decision(Kind.CRAFT_COMPONENT, c.seat, c._replace(first=thing)))


@on_auto(Kind.CRAFT_DONE)
def craft_done(s: State, d: Decision) -> None:
    finish(s, d.payload)


def finish(s: State, c: Craft) -> None:
    for component in (c.first, c.second):
        remove_item(s, c.seat, component)
        discard_item(s, component)
    s.crafted_left[c.recipe] -= 1
    made = s.game.tables.crafted[c.recipe]
    s.log(ev("crafted", c.seat, (("thing", made), ("from", (c.first, c.second)))))
    if s.game.tables.things[made].heavy:
        take_heavy(s, c.seat, made, capacity(s, made))
    else:
        s.chars[c.seat].inventory.append(made)
