"""Room actions (nemesis-reference.md §3.2, §3.3, §16): the `room_action` round action of the
room a character stands in, and the room effects other rules call (Airlock depressurisation).

A room action costs its `action_cost` in Action cards (2 for every room). It is not possible in
Combat, nor while the room holds a Malfunction marker, except where the room's data says a
Malfunction does not switch it off (the Evacuation Sections, FAQ v2.2); the room must be
explored. Each room adds its own condition through its ops (rooms_*.py): the action is offered
only when its ops can do their work now (Hibernatorium: the time marker on a blue space;
Generator: no start once someone hibernates; Laboratory: an object whose weakness is still
face down; ...).

The action is data (data/rooms.yaml): a list of ops, resolved in order, where `choose_one`
lets the player pick one alternative among those that can do their work. Nothing happens
before the cost is paid and the Interruption windows are closed: `perform` only pushes
ROOM_EFFECT, which unfolds the ops when it reaches the top of the stack.

Cards and items that use a room's action without paying (Computer Skills, Piloting, Old Friend,
Intranet, ...) call `action_open` and `start`.

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform."""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import (
    hazards,
    intruders,
    player_phase,
    rooms_body,
    rooms_escape,
    rooms_objects,
    rooms_ship,
    wounds,
)
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.rules.rooms_common import Op, or_done
from nemesis_env.games.nemesis.state import ACTIVE, State, ev

OWNS = frozenset({"room_action"})
FREE: frozenset[str] = frozenset()
CHOOSE_ONE = "choose_one"

OPS: dict[str, Op] = {**rooms_body.OPS, **rooms_ship.OPS, **rooms_objects.OPS,
                      **rooms_escape.OPS}  # fmt: skip


class RoomStep(NamedTuple):
    """One step of a room action: the op at `path` in the action of `room`'s tile. A path is an
    op index, followed by (alternative, op index) pairs inside `choose_one` ops."""

    seat: int
    room: int
    path: tuple[int, ...]


# -- what may be used ---------------------------------------------------------------------------
def action_open(s: State, seat: int, room: int) -> bool:
    """The action of `room` can be used by `seat` now, cost and Combat aside: an explored room
    with an action, not switched off by a Malfunction, whose ops can do their work."""
    if room < 0 or not s.explored[room]:
        return False
    d = s.game.room_def(s, room)
    if d is None or d.action is None:
        return False
    if s.malfunction[room] and d.malfunction_blocks_action:
        return False
    return _all_able(s, seat, room, d.action)


def action_cost(s: State, room: int) -> int:
    d = s.game.room_def(s, room)
    return 0 if d is None or d.action_cost is None else int(d.action_cost)


def _all_able(s: State, seat: int, room: int, specs: tuple[EffectSpec, ...]) -> bool:
    return all(_able(s, seat, room, spec) for spec in specs)


def _able(s: State, seat: int, room: int, spec: EffectSpec) -> bool:
    if spec.op == CHOOSE_ONE:
        return any(_all_able(s, seat, room, alt) for alt in spec.params["options"])
    return OPS[spec.op].able(s, seat, room, spec.params)


def round_actions(s: State, seat: int) -> list[int]:
    """The room action of the character's room, when it is open, out of Combat and paid for."""
    c = s.chars[seat]
    if c.status != ACTIVE or s.in_combat(seat):
        return []
    room = c.room
    if not action_open(s, seat, room):
        return []
    if not player_phase.can_pay(s, seat, action_cost(s, room)):
        return []
    return [s.game.actions.room_action.id()]


def perform(s: State, seat: int, action: int) -> int:
    room = s.chars[seat].room
    start(s, seat, room)
    return action_cost(s, room)


def start(s: State, seat: int, room: int) -> None:
    """Pushes the action of `room` used by `seat` (its cost, if any, is the caller's)."""
    push(s, Decision(Kind.ROOM_EFFECT, AUTO, RoomStep(seat, room, ())))


# -- unfolding the ops --------------------------------------------------------------------------
def specs_at(s: State, room: int, prefix: tuple[int, ...]) -> tuple[EffectSpec, ...]:
    d = s.game.room_def(s, room)
    specs: tuple[EffectSpec, ...] = d.action
    for k in range(0, len(prefix), 2):
        specs = specs[prefix[k]].params["options"][prefix[k + 1]]
    return specs


def _push_ops(s: State, seat: int, room: int, prefix: tuple[int, ...]) -> None:
    count = len(specs_at(s, room, prefix))
    push(s, *(Decision(Kind.ROOM_OP, AUTO, RoomStep(seat, room, (*prefix, i)))
              for i in range(count)))  # fmt: skip


@on_auto(Kind.ROOM_EFFECT)
def run_room_action(s: State, d: Decision) -> None:
    step: RoomStep = d.payload
    if s.chars[step.seat].status != ACTIVE:
        return
    s.log(ev("room_action", step.seat, (("room", step.room),)))
    _push_ops(s, step.seat, step.room, ())


@on_auto(Kind.ROOM_OP)
def run_op(s: State, d: Decision) -> None:
    step: RoomStep = d.payload
    if s.chars[step.seat].status != ACTIVE:
        return  # an earlier op of the action ended the character's part (death, a pod)
    spec = specs_at(s, step.room, step.path[:-1])[step.path[-1]]
    if spec.op == CHOOSE_ONE:
        push(s, Decision(Kind.ROOM_OPTION, step.seat, step))
        return
    OPS[spec.op].run(s, step.seat, step.room, spec.params)


@on_legal(Kind.ROOM_OPTION)
def legal_option(s: State, d: Decision) -> list[int]:
    step: RoomStep = d.payload
    spec = specs_at(s, step.room, step.path[:-1])[step.path[-1]]
    alts = spec.params["options"]
    able = [k for k, alt in enumerate(alts) if _all_able(s, step.seat, step.room, alt)]
    return or_done(s, s.game.actions.option.ids(able))


@on_resolve(Kind.ROOM_OPTION)
def resolve_option(s: State, d: Decision, action: int) -> None:
    step: RoomStep = d.payload
    if action == s.game.actions.done_id:
        return
    _push_ops(s, step.seat, step.room, (*step.path, s.game.actions.option.arg(action)))


# -- room effects other rules call --------------------------------------------------------------
def depressurise(s: State, room: int) -> None:
    """Airlock Control: the doors stayed closed until the Player Phase ended; everything in the
    room dies, its fire goes out, objects stay."""
    for seat in reversed(range(len(s.chars))):
        c = s.chars[seat]
        if c.status == ACTIVE and c.room == room:
            wounds.kill(s, seat, "depressurisation")
    for mini in s.intruders_in(room):
        intruders.remove_from_board(s, mini, to_bag=False)
    hazards.remove_fire(s, room)
    s.log(ev("depressurised", -1, (("room", room),)))


def repair_or_break(s: State, seat: int, engine: int) -> None:
    """Repair/Break (Repairs cards, Tools, Duct Tape): rooms_ship.repair_or_break."""
    rooms_ship.repair_or_break(s, seat, engine)
