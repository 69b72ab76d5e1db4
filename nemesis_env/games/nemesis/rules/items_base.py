"""What every piece of item use shares (rules/items*.py; nemesis-reference.md §6.3, §13).

An item's effects are data (items.yaml, characters.yaml): a list of ops, one of which may be a
`choose_one` between alternatives. Using an item pushes one ITEM_STEP per op; an op that needs a
choice pushes a decision whose payload is the `Use` below, and the table entry of the op
(`OpRule`) says what is legal and what an answer does. A `Use` is plain immutable data: which
item, whose, where in its list of ops, and what the op has chosen so far.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.engine import AUTO, Decision, push
from nemesis_env.core.spaces import Kind as ActionKind
from nemesis_env.games.nemesis.defs.crew import ANY_ENERGY_WEAPON, ItemDef, QuestItemDef
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import Character, State

EFFECTS, ACTIVATION = -1, -2  # Use.option: the item's effects, a quest item's activation


class Use(NamedTuple):
    seat: int  # who uses the item
    thing: int  # the item used (a thing id)
    option: int  # EFFECTS, ACTIVATION, or the alternative picked in the item's choose_one
    step: int  # the op's index in that list
    target: int = -1  # the character the item acts on (-1: its user)
    arg: int = -1  # what the op has chosen so far (a room, a hand, a thing)
    tally: int = 0  # the op's progress (rooms looked at, cards discarded, doors set)
    paid: int = 0  # Action cards paid for this use so far


class After(NamedTuple):
    """An ITEM_AFTER step: the continuation `name` of an op, run once what it waited for (a
    draw, a roll, an attack) is resolved."""

    name: str
    use: Use


Params = Mapping[str, Any]
Can = Callable[[State, Use, Params], bool]
Run = Callable[[State, Use, Params], None]
Legal = Callable[[State, Use, Params], list[int]]
Answer = Callable[[State, Use, Params, int], None]
Then = Callable[[State, Use], None]


def always(s: State, use: Use, p: Params) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class OpRule:
    """How an effect op behaves: whether it can do anything now (an item is offered only when
    all its ops can), what running it does, and the decisions it may push, per Kind."""

    run: Run
    can: Can = always
    choices: Mapping[Kind, tuple[Legal, Answer]] = field(default_factory=dict)


Options = Callable[[State, Use, Params], list[int]]
Act = Callable[[State, Use, Params, int], None]


def pick(kind: Kind, answer: str, options: Options, act: Act, *, before: Run | None = None,
         more: Mapping[Kind, tuple[Legal, Answer]] | None = None) -> OpRule:  # fmt: skip
    """An op that picks one of `options` (answered with the `answer` ids of the action table:
    room, seat, door...) and acts on it: at once when there is a single option, else through a
    `kind` decision. `before` runs first; `more` adds the decisions of later stages."""

    def run(s: State, use: Use, p: Params) -> None:
        if before is not None:
            before(s, use, p)
        found = options(s, use, p)
        if len(found) == 1:
            act(s, use, p, found[0])
        elif found:
            ask(s, kind, use)

    def legal(s: State, use: Use, p: Params) -> list[int]:
        return sorted(answer_kind(s, answer).ids(options(s, use, p)))

    def resolve(s: State, use: Use, p: Params, action: int) -> None:
        act(s, use, p, answer_kind(s, answer).arg(action))

    return OpRule(
        run, lambda s, u, p: bool(options(s, u, p)), {kind: (legal, resolve), **(more or {})}
    )


def answer_kind(s: State, answer: str) -> ActionKind:
    """The action table's kind named `answer` (room, seat, door, weapon...)."""
    kind: ActionKind = getattr(s.game.actions, answer)
    return kind


def item_def(s: State, thing: int) -> ItemDef | QuestItemDef:
    item = s.game.tables.things[thing].item
    assert item is not None, f"thing {thing} is an object, not an item"
    return item


def op_list(s: State, use: Use) -> tuple[EffectSpec, ...]:
    item = item_def(s, use.thing)
    if use.option == ACTIVATION:
        assert isinstance(item, QuestItemDef)
        return item.activation
    if use.option == EFFECTS:
        return item.effects
    chooser = next(e for e in item.effects if e.op == "choose_one")
    return tuple(chooser.params["options"][use.option])


def current(s: State, use: Use) -> EffectSpec:
    return op_list(s, use)[use.step]


def patient(use: Use) -> int:
    """The character the item acts on: its user unless one was picked (Medkit, Bandages)."""
    return use.target if use.target >= 0 else use.seat


def room_of(s: State, use: Use) -> int:
    return s.chars[use.seat].room


def ask(s: State, kind: Kind, use: Use, chooser: int = -1) -> None:
    """A decision of the item's user (or of `chooser`) about the op `use` points at."""
    push(s, Decision(kind, use.seat if chooser < 0 else chooser, use))


def then(s: State, name: str, use: Use) -> None:
    """Runs continuation `name` once everything pushed after this call is resolved."""
    push(s, Decision(Kind.ITEM_AFTER, AUTO, After(name, use)))


def run_steps(s: State, use: Use) -> None:
    """Pushes the ops of `use`'s list from `use.step` on, the first to resolve first."""
    ops = op_list(s, use)
    push(s, *(Decision(Kind.ITEM_STEP, AUTO, use._replace(step=i, arg=-1, tally=0))
              for i in range(use.step, len(ops))))  # fmt: skip


# -- a character's things --------------------------------------------------------------------------
def items_held(s: State, c: Character) -> list[int]:
    """The items in hand (not objects) and in the inventory."""
    return [t for t in c.heavy if not s.game.is_object(t)] + c.inventory


def holds(s: State, seat: int, thing: int) -> bool:
    c = s.chars[seat]
    return thing in c.inventory or thing in c.heavy


def item_id(s: State, thing: int) -> str:
    """The item's data id ("energy_charge"), whatever deck it came from; "" for objects."""
    item = s.game.tables.things[thing].item
    return "" if item is None else item.id


def op_params(s: State, thing: int, op: str) -> Params | None:
    """The params of the item's first effect op named `op`, None if it has none."""
    item = s.game.tables.things[thing].item
    if item is None:
        return None
    return next((e.params for e in item.effects if e.op == op), None)


# -- weapons ---------------------------------------------------------------------------------------
def is_energy_weapon(s: State, thing: int) -> bool:
    item = s.game.tables.things[thing].item
    return isinstance(item, ItemDef) and item.weapon is not None and item.weapon.kind == "energy"


def weapon_matches(s: State, thing: int, weapon: str) -> bool:
    """`weapon` is an item id (flamethrower) or any_energy_weapon."""
    if s.game.tables.things[thing].capacity == 0:
        return False
    if weapon == ANY_ENERGY_WEAPON:
        return is_energy_weapon(s, thing)
    return item_id(s, thing) == weapon


def capacity(s: State, thing: int) -> int:
    """Ammo capacity of a weapon: printed, plus what the Add items fixed on it give (§6.3)."""
    extra = 0
    for added, weapon in s.attachments:
        if weapon == thing:
            params = op_params(s, added, "increase_ammo_capacity")
            extra += 0 if params is None else int(params["amount"])
    return s.game.tables.things[thing].capacity + extra


# -- costs -----------------------------------------------------------------------------------------
def printed_cost(s: State, thing: int) -> int:
    cost = item_def(s, thing).cost
    return 0 if cost is None else cost


def wound_surcharge(s: State, seat: int, thing: int) -> int:
    """An undressed wound that makes item actions dearer (Hand: +1; not for the items it
    exempts, the Motion Scanner, §8.1, FAQ)."""
    extra = 0
    for wound in s.game.data.serious_wounds:
        for effect in wound.effects:
            wounded = s.game.hooks.has_wound(s, seat, wound.id)
            if effect.op == "item_action_cost_increase" and wounded \
                    and item_id(s, thing) not in effect.params["exempt"]:  # fmt: skip
                extra += int(effect.params["amount"])
    return extra


def full_cost(s: State, seat: int, thing: int) -> int:
    return printed_cost(s, thing) + wound_surcharge(s, seat, thing)


def reload_discount(s: State, thing: int, weapon: int) -> int:
    """What an Add item fixed on `weapon` takes off reloading it with `thing` (the Autoloader:
    reloading the Assault Rifle with an Energy Charge costs 0, FAQ §14)."""
    for added, fixed_on in s.attachments:
        params = op_params(s, added, "reload_cost_with_item")
        if fixed_on == weapon and params is not None and params["item"] == item_id(s, thing):
            return max(0, printed_cost(s, thing) - int(params["cost"]))
    return 0
