"""Quest items (nemesis-reference.md §14; characters.yaml `quest_items`; FAQ §19).

Each character has two quest items, inactive at first. Activating one is a basic action, not in
Combat (a Malfunction in the room does not stop it, FAQ), costing its printed activation cost
once its requirements hold: being in a named room, or discarding an item of a named kind. An
active quest item is then an item like the others (rules/items.py): in the inventory, or in a
hand when heavy. Some work without an action, when something happens:
- Motion Scanner: its holder may pay to reroll their own Noise roll, once per roll (FAQ);
- Armor: its holder may discard it to ignore an Intruder attack just drawn against them;
- Intercom, Holo Computer: the Action cards ask `holds_active` (rules/cards.py).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import CHANCE, Decision, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import player_phase
from nemesis_env.games.nemesis.rules.items_base import (
    ACTIVATION,
    OpRule,
    Params,
    Then,
    Use,
    full_cost,
    item_def,
    item_id,
    items_held,
    op_params,
    pick,
    run_steps,
    then,
)
from nemesis_env.games.nemesis.rules.items_hands import discard_item, remove_item, take_heavy
from nemesis_env.games.nemesis.rules.kinds import AttackCard, Kind, NoiseRoll
from nemesis_env.games.nemesis.state import ACTIVE, IN_POD, State, ev


def quest_thing(s: State, seat: int, which: int) -> int:
    return s.game.tables.quest_items[s.chars[seat].character][which]


# -- activation ------------------------------------------------------------------------------------
def _offered(s: State, use: Use, p: Params) -> list[int]:
    held = items_held(s, s.chars[use.seat])
    return sorted({t for t in held if item_id(s, t) in p["items"]})


def _give_up(s: State, use: Use, p: Params, thing: int) -> None:
    remove_item(s, use.seat, thing)
    discard_item(s, thing)
    s.log(ev("discard_item", use.seat, (("thing", thing),)))


def start_activation(s: State, seat: int, which: int) -> int:
    """Pushes the activation (its requirements' effects, then the item turns active); returns
    its cost."""
    thing = quest_thing(s, seat, which)
    use = Use(seat, thing, ACTIVATION, 0)
    then(s, "activated", use)
    run_steps(s, use)
    s.log(ev("activate_quest", seat, (("thing", thing),)))
    item = item_def(s, thing)
    return int(getattr(item, "activation_cost", 0))


def _activated(s: State, use: Use) -> None:
    c = s.chars[use.seat]
    which = s.game.tables.quest_items[c.character].index(use.thing)
    c.quest_active[which] = True
    if s.game.tables.things[use.thing].heavy:
        take_heavy(s, use.seat, use.thing, 0)
    else:
        c.inventory.append(use.thing)


def holds_active(s: State, seat: int, quest_id: str) -> bool:
    """The character holds that active quest item (e.g. "intercom", "holo_computer")."""
    return any(item_id(s, t) == quest_id for t in items_held(s, s.chars[seat]))


# -- Motion Scanner --------------------------------------------------------------------------------
class Reroll(NamedTuple):
    roll: NoiseRoll
    outcome: int  # the chance outcome rolled first
    cost: int


def _holding_op(s: State, seat: int, op: str) -> int:
    """A thing the character holds whose effects include `op`, -1 if none."""
    return next((t for t in items_held(s, s.chars[seat]) if op_params(s, t, op) is not None), -1)


def offer_noise_reroll(s: State, roll: NoiseRoll, outcome: int) -> bool:
    """Called by the Noise roll (rules/noise.py) before its result applies: the roller holding
    an active Motion Scanner may pay its cost to roll again, once per roll (FAQ §14)."""
    if roll.rerolled or roll.seat < 0:
        return False
    c = s.chars[roll.seat]
    scanner = _holding_op(s, roll.seat, "reroll_noise_roll")
    if scanner < 0 or c.status not in (ACTIVE, IN_POD):
        return False
    cost = full_cost(s, roll.seat, scanner)
    if not player_phase.can_pay(s, roll.seat, cost):
        return False
    push(s, Decision(Kind.NOISE_REROLL, roll.seat, Reroll(roll, outcome, cost)))
    return True


@on_legal(Kind.NOISE_REROLL)
def legal_noise_reroll(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return sorted([acts.yes.id(), acts.no.id()])


@on_resolve(Kind.NOISE_REROLL)
def resolve_noise_reroll(s: State, d: Decision, action: int) -> None:
    r: Reroll = d.payload
    again = r.roll._replace(rerolled=True)
    if action == s.game.actions.no.id():
        s.game.hooks.resolve_noise_face(s, Decision(Kind.NOISE_ROLL, CHANCE, again), r.outcome)
        return
    face = s.game.chance.noise.arg(r.outcome) + 1
    s.log(ev("noise_reroll", r.roll.seat, (("room", r.roll.room), ("face", face))))
    push(s, Decision(Kind.NOISE_ROLL, CHANCE, again))
    player_phase.pay(s, r.roll.seat, r.cost)


# -- Armor -----------------------------------------------------------------------------------------
def offer_armor(s: State, attack: AttackCard, card: int) -> bool:
    """Called by an Intruder attack about to hit (rules/attacks.py; `card` -1 for a Larva):
    the target holding active Armor may discard it to ignore the attack."""
    armor = _holding_op(s, attack.seat, "ignore_intruder_attack")
    if armor < 0 or not player_phase.can_pay(s, attack.seat, full_cost(s, attack.seat, armor)):
        return False
    push(s, Decision(Kind.ARMOR, attack.seat, (attack, card, armor)))
    return True


@on_legal(Kind.ARMOR)
def legal_armor(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return sorted([acts.yes.id(), acts.no.id()])


@on_resolve(Kind.ARMOR)
def resolve_armor(s: State, d: Decision, action: int) -> None:
    attack, card, armor = d.payload
    seat = attack.seat
    if action == s.game.actions.yes.id():
        remove_item(s, seat, armor)
        discard_item(s, armor)
        s.log(ev("armor", seat, (("intruder", attack.intruder),)))
        player_phase.pay(s, seat, full_cost(s, seat, armor))
    elif card >= 0:
        s.game.hooks.apply_attack(s, attack, card, s.game.mini_type[attack.intruder])
    else:
        s.game.hooks.infest(s, attack.intruder, seat)


OPS: dict[str, OpRule] = {
    "discard_item_of": pick(Kind.ITEM_THING, "thing", _offered, _give_up),
}

THEN: dict[str, Then] = {"activated": _activated}
