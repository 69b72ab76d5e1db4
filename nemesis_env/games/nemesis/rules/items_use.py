"""Using an item (nemesis-reference.md §6.1, §13; FAQ §19): when an item may be used, and the
steps its use pushes.

An item is offered when its timing allows it (in Combat only, out of Combat only, or any time;
a character is in Combat when an Intruder is in its room, §6.1), its user can pay its cost,
and every op of its effects can do something now (a `choose_one` when one of its alternatives
can). Items with no action of their own are not offered: weapons (used by Shoot) and the
quest items that only change other rules (PASSIVE_OPS). A use pays the printed cost (an
undressed Hand wound adds 1, §8.1), spends a one-use item, and pushes its ops in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from nemesis_env.core.engine import Decision, on_auto, on_legal, on_resolve
from nemesis_env.games.nemesis.rules import (
    items_body,
    items_field,
    items_quest,
    items_ship,
    player_phase,
)
from nemesis_env.games.nemesis.rules.items_base import (
    EFFECTS,
    After,
    OpRule,
    Params,
    Use,
    ask,
    capacity,
    current,
    full_cost,
    item_def,
    item_id,
    op_list,
    pick,
    reload_discount,
    run_steps,
)
from nemesis_env.games.nemesis.rules.items_hands import discard_item, remove_item
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, State, ev

# Ops that change other rules while the item is held, with no action of their own.
PASSIVE_OPS = frozenset({"order_and_motivation_reach_computer_rooms", "cards_work_anywhere",
                         "reroll_noise_roll", "ignore_intruder_attack"})  # fmt: skip
# FAQ (§13.3): these may treat another character in the user's room.
TREAT_OTHERS = frozenset({"medkit", "bandages"})
F = TypeVar("F", bound=Callable[..., Any])
CHOICE_KINDS = (Kind.ITEM_OPTION, Kind.ITEM_CHARACTER, Kind.ITEM_WEAPON, Kind.ITEM_DOOR,
                Kind.ITEM_ROOM, Kind.ITEM_INTRUDER, Kind.ITEM_POD, Kind.ITEM_CARD,
                Kind.ITEM_WOUND, Kind.ITEM_THING)  # fmt: skip


# -- choose_one ------------------------------------------------------------------------------------
def _option_extra(s: State, use: Use, option: int) -> int:
    """Cards still owed for an alternative, when the use was paid at a discount that only
    reloading gives (the Autoloader); reloading settles its own price (items_ship)."""
    ops = op_list(s, use._replace(option=option, step=0))
    if any(o.op == "reload_weapon_full" for o in ops):
        return 0
    return max(0, full_cost(s, use.seat, use.thing) - use.paid)


def _options(s: State, use: Use, p: Params) -> list[int]:
    item = item_def(s, use.thing)
    chooser = next(e for e in item.effects if e.op == "choose_one")
    return [i for i in range(len(chooser.params["options"]))
            if all_can(s, use._replace(option=i, step=0))
            and player_phase.can_pay(s, use.seat, _option_extra(s, use, i))]  # fmt: skip


def _choose(s: State, use: Use, p: Params, option: int) -> None:
    run_steps(s, use._replace(option=option, step=0))
    player_phase.pay(s, use.seat, _option_extra(s, use, option))


OPS: dict[str, OpRule] = {
    **items_ship.OPS,
    **items_body.OPS,
    **items_field.OPS,
    **items_quest.OPS,
    "choose_one": pick(Kind.ITEM_OPTION, "option", _options, _choose),
}  # fmt: skip
THEN = {**items_body.THEN, **items_field.THEN, **items_quest.THEN}


def all_can(s: State, use: Use) -> bool:
    """Every op of `use`'s list can do something now."""
    ops = op_list(s, use)
    return all(OPS[o.op].can(s, use._replace(step=i), o.params) for i, o in enumerate(ops))


# -- offering an item ------------------------------------------------------------------------------
def passive(s: State, thing: int) -> bool:
    effects = item_def(s, thing).effects
    return bool(effects) and all(e.op in PASSIVE_OPS for e in effects)


def timing_allows(s: State, seat: int, timing: str) -> bool:
    combat = s.in_combat(seat)
    return timing == "any" or (timing == "combat_only") == combat


def least_cost(s: State, seat: int, thing: int) -> int:
    """What the use costs up front: the full cost, less the best reload discount on offer."""
    c = s.chars[seat]
    discount = max((reload_discount(s, thing, w) for i, w in enumerate(c.heavy)
                    if c.heavy_ammo[i] < capacity(s, w)), default=0)  # fmt: skip
    return full_cost(s, seat, thing) - discount


def patients(s: State, seat: int, thing: int, paid: int) -> list[int]:
    """Whom the item may act on, when it can do something for them (`paid`: the cards the
    use costs up front, which its alternatives may not have to pay again)."""
    others = s.characters_in(s.chars[seat].room) if item_id(s, thing) in TREAT_OTHERS else []
    candidates = others or [seat]
    use = Use(seat, thing, EFFECTS, 0, paid=paid)
    return [p for p in candidates if all_can(s, use._replace(target=-1 if p == seat else p))]


def usable(s: State, seat: int, thing: int) -> bool:
    item = item_def(s, thing)
    if item.cost is None or passive(s, thing) or not timing_allows(s, seat, item.timing):
        return False
    cost = least_cost(s, seat, thing)
    return player_phase.can_pay(s, seat, cost) and bool(patients(s, seat, thing, cost))


def start_use(s: State, seat: int, thing: int) -> int:
    """Pushes the use of `thing` (under the cost and Interruption windows the caller pushes);
    returns its cost. A one-use item is spent now, even if the use is then interrupted."""
    item = item_def(s, thing)
    cost = least_cost(s, seat, thing)
    s.log(ev("use_item", seat, (("thing", thing),)))
    who = patients(s, seat, thing, cost)
    use = Use(seat, thing, EFFECTS, 0, paid=cost)
    if item.one_use:
        remove_item(s, seat, thing)
        discard_item(s, thing)
    if len(who) > 1:
        ask(s, Kind.ITEM_PATIENT, use)
    else:
        run_steps(s, use._replace(target=-1 if who[0] == seat else who[0]))
    return cost


@on_legal(Kind.ITEM_PATIENT)
def legal_patient(s: State, d: Decision) -> list[int]:
    use: Use = d.payload
    return s.game.actions.seat.ids(patients(s, use.seat, use.thing, use.paid))


@on_resolve(Kind.ITEM_PATIENT)
def resolve_patient(s: State, d: Decision, action: int) -> None:
    use: Use = d.payload
    chosen = s.game.actions.seat.arg(action)
    run_steps(s, use._replace(target=-1 if chosen == use.seat else chosen))


# -- running the steps -----------------------------------------------------------------------------
@on_auto(Kind.ITEM_STEP)
def item_step(s: State, d: Decision) -> None:
    use: Use = d.payload
    if s.chars[use.seat].status != ACTIVE:
        return  # the user died (or left) before this step: what is left does nothing
    spec = current(s, use)
    OPS[spec.op].run(s, use, spec.params)


@on_auto(Kind.ITEM_AFTER)
def item_after(s: State, d: Decision) -> None:
    after: After = d.payload
    THEN[after.name](s, after.use)


def _for_kinds(tag: Callable[[Kind], Callable[[F], F]]) -> Callable[[F], F]:
    """Tags a function as the handler of every kind of CHOICE_KINDS."""

    def add(fn: F) -> F:
        for kind in CHOICE_KINDS:
            fn = tag(kind)(fn)
        return fn

    return add


@_for_kinds(on_legal)
def legal_choice(s: State, d: Decision) -> list[int]:
    use: Use = d.payload
    spec = current(s, use)
    legal, _ = OPS[spec.op].choices[Kind(d.kind)]
    return legal(s, use, spec.params)


@_for_kinds(on_resolve)
def resolve_choice(s: State, d: Decision, action: int) -> None:
    use: Use = d.payload
    spec = current(s, use)
    _, answer = OPS[spec.op].choices[Kind(d.kind)]
    answer(s, use, spec.params, action)
