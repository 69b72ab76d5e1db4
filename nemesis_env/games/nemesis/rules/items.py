"""Items and hands (nemesis-reference.md §6.3, §13, §14 quest items; FAQ §19): the round actions
`use_item`, `activate_quest` and `craft`, and the hand-slot rules other modules call.

The work is split by sub-mechanic:
- items_hands: hand slots, taking a heavy thing, dropping and discarding;
- items_use: when an item may be used and the steps of its use (items_base: their payload);
- items_ship, items_body, items_field: what each effect op does;
- items_quest: quest items (activation, Motion Scanner, Armor, passive ones);
- items_craft: crafting.

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform. Weapons are used
through Shoot (rules/fighting.py); `weapon_rule` names the data op of a weapon's damage rule.
"""

from __future__ import annotations

from nemesis_env.games.nemesis.rules import items_craft, items_quest, items_use, player_phase
from nemesis_env.games.nemesis.rules.items_base import (
    ACTIVATION,
    Use,
    capacity,
    item_def,
    items_held,
)
from nemesis_env.games.nemesis.rules.items_hands import (
    discard_item,
    drop_thing,
    enforce_hand_slots,
    hand_slots,
    remove_item,
    take_heavy,
)
from nemesis_env.games.nemesis.state import ACTIVE, State

OWNS = frozenset({"use_item", "activate_quest", "craft"})
FREE: frozenset[str] = frozenset()


def round_actions(s: State, seat: int) -> list[int]:
    acts = s.game.actions
    c = s.chars[seat]
    if c.status != ACTIVE:
        return []
    things = sorted(set(items_held(s, c)))
    out = acts.use_item.ids([t for t in things if items_use.usable(s, seat, t)])
    out += acts.activate_quest.ids([k for k in (0, 1) if can_activate(s, seat, k)])
    return out + items_craft.round_actions(s, seat)


def perform(s: State, seat: int, action: int) -> int:
    acts = s.game.actions
    if action in acts.use_item:
        return items_use.start_use(s, seat, acts.use_item.arg(action))
    if action in acts.activate_quest:
        return items_quest.start_activation(s, seat, acts.activate_quest.arg(action))
    return items_craft.start_craft(s, seat, acts.craft.arg(action))


def can_activate(s: State, seat: int, which: int) -> bool:
    """An inactive quest item whose requirements hold, out of Combat (§6.2, FAQ)."""
    c = s.chars[seat]
    if c.quest_active[which] or s.in_combat(seat):
        return False
    thing = items_quest.quest_thing(s, seat, which)
    cost = getattr(item_def(s, thing), "activation_cost", 0)
    if not player_phase.can_pay(s, seat, cost):
        return False
    use = Use(seat, thing, ACTIVATION, 0)
    return items_use.all_can(s, use)


def holds_active(s: State, seat: int, quest_id: str) -> bool:
    """The character holds that active quest item (Intercom, Holo Computer: rules/cards.py)."""
    return items_quest.holds_active(s, seat, quest_id)


def weapon_rule(s: State, thing: int) -> str:
    """The op of a weapon's own damage rule in the data ("" for none or for a non-weapon),
    e.g. "reroll_combat_die" for the Prototype Pistol (§13.1, §14)."""
    info = s.game.tables.things[thing]
    if info.capacity == 0 or info.item is None or not info.item.effects:
        return ""
    return info.item.effects[0].op


__all__ = [
    "FREE",
    "OWNS",
    "can_activate",
    "capacity",
    "discard_item",
    "drop_thing",
    "enforce_hand_slots",
    "hand_slots",
    "holds_active",
    "perform",
    "remove_item",
    "round_actions",
    "take_heavy",
    "weapon_rule",
]
