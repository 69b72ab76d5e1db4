"""Room actions on the ship's systems (nemesis-reference.md §3.2, §4.4, §8.4-§8.6, §16):
Generator, Cockpit, Engines, Engine Control Room, Fire Control System, Command Center, Airlock
Control, Monitoring Room; and repairing or breaking an engine, which Repairs-type cards, Tools
and Duct Tape do (`repair_or_break`).

- Generator: starts the self-destruct sequence (not once someone hibernates) or stops it (not
  once it reached its first yellow space).
- Cockpit: check the coordinates secretly, or set the destination marker on another space
  (not once someone hibernates, nor with an Intruder in the Cockpit).
- Engine rooms: check that engine secretly; Engine Control Room: all three.
- Fire Control System: pick any room (explored or not, in Combat or not): its fire goes out
  and every Intruder there flees (an Event card each gives the corridor); with Susceptibility
  to Phosphates discovered each also takes 1 Injury (§12).
- Command Center: pick a room, then open or close its corridors' doors one at a time, each at
  most once, until done (destroyed doors stay as they are).
- Airlock Control: pick another explored Yellow room none of whose corridors has a destroyed
  door: all its doors close and it is depressurised when the Player Phase ends, unless a door
  opens first (hazards.set_door).
- Monitoring Room: pick an unexplored room whose tile or token you have not seen: you see both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from nemesis_env.core.engine import Decision, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import combat, exploration, hazards, systems
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.rules.rooms_common import Op, Params, Use, always, or_done
from nemesis_env.games.nemesis.state import CLOSED, DAMAGED, DESTROYED, OPEN, WORKING, State, ev
from nemesis_env.games.nemesis.topology import TC


# -- Generator ----------------------------------------------------------------------------------
def _able_self_destruct(s: State, seat: int, room: int, p: Params) -> bool:
    if s.self_destruct < 0:
        return not s.hibernation_started
    return s.self_destruct < s.game.params.self_destruct_to_yellow


def _run_self_destruct(s: State, seat: int, room: int, p: Params) -> None:
    if s.self_destruct < 0:
        s.self_destruct = 0
        s.log(ev("self_destruct_started", seat, (("by", "generator"),)))
    else:
        s.self_destruct = -1
        s.log(ev("self_destruct_stopped", seat, ()))


# -- Cockpit ------------------------------------------------------------------------------------
def _run_coordinates(s: State, seat: int, room: int, p: Params) -> None:
    systems.look_at_coordinates(s, seat)


def _able_destination(s: State, seat: int, room: int, p: Params) -> bool:
    return not s.hibernation_started and room not in s.intruder_room


def _run_destination(s: State, seat: int, room: int, p: Params) -> None:
    push(s, Decision(Kind.ROOM_DESTINATION, seat, Use(seat, room)))


@on_legal(Kind.ROOM_DESTINATION)
def legal_destination(s: State, d: Decision) -> list[int]:
    spaces = len(s.game.data.tracks.destination.spaces)
    return s.game.actions.option.ids(k for k in range(spaces) if k != s.destination)


@on_resolve(Kind.ROOM_DESTINATION)
def resolve_destination(s: State, d: Decision, action: int) -> None:
    s.destination = s.game.actions.option.arg(action)
    s.log(ev("destination", d.chooser, (("space", s.destination),)))


# -- Engines ------------------------------------------------------------------------------------
def _run_check_engine(s: State, seat: int, room: int, p: Params) -> None:
    d = s.game.room_def(s, room)
    systems.look_at_engine(s, int(d.engine) - 1, seat)


def _run_check_all(s: State, seat: int, room: int, p: Params) -> None:
    for engine in reversed(range(len(s.engine))):
        systems.look_at_engine(s, engine, seat)


class Restack(NamedTuple):
    seat: int
    engine: int


def repair_or_break(s: State, seat: int, engine: int) -> None:
    """The seat looks at both tokens of the engine (which draws the top one if nobody knew it)
    and stacks them as it likes; everyone learns whether the order changed, so a seat that knew
    the old top knows the new one (§3.2 Engine rooms)."""
    push(s, Decision(Kind.ROOM_RESTACK, seat, Restack(seat, engine)))
    systems.look_at_engine(s, engine, seat)


@on_legal(Kind.ROOM_RESTACK)
def legal_restack(s: State, d: Decision) -> list[int]:
    return s.game.actions.option.ids((WORKING, DAMAGED))


@on_resolve(Kind.ROOM_RESTACK)
def resolve_restack(s: State, d: Decision, action: int) -> None:
    r: Restack = d.payload
    top = s.game.actions.option.arg(action)
    changed = top != s.engine[r.engine]
    s.engine[r.engine] = top
    s.engine_known[r.engine] |= 1 << r.seat
    s.log(ev("engine_restacked", r.seat, (("engine", r.engine), ("changed", int(changed)))))


# -- rooms picked by an action (Fire Control, Command Center, Airlock, Monitoring) ---------------
class Target(NamedTuple):
    seat: int
    room: int  # the room whose action is used
    op: str  # which action picks


def _fire_targets(s: State, seat: int, room: int) -> list[int]:
    return list(range(s.game.topo.num_rooms))


def _door_corridors(s: State, room: int) -> list[int]:
    """The corridors of `room` whose door can be opened or closed (not destroyed, not TC)."""
    topo = s.game.topo
    return [c for c in topo.exits[room] if topo.other_end(c, room) != TC
            and s.door[c] != DESTROYED]  # fmt: skip


def _door_targets(s: State, seat: int, room: int) -> list[int]:
    return [r for r in range(s.game.topo.num_rooms) if _door_corridors(s, r)]


def _airlock_targets(s: State, seat: int, room: int) -> list[int]:
    topo = s.game.topo
    return [r for r in range(topo.num_rooms)
            if r != room and s.explored[r] and s.game.room_colour(s, r) == "yellow"
            and all(s.door[c] != DESTROYED for c in topo.exits[r])]  # fmt: skip


def _peek_targets(s: State, seat: int, room: int) -> list[int]:
    bit = 1 << seat
    return [r for r in range(s.game.topo.num_rooms) if not s.explored[r]
            and not (s.tile_known[r] & bit and s.token_known[r] & bit)]  # fmt: skip


def _hit_with_fire_control(s: State, seat: int, target: int) -> None:
    hazards.remove_fire(s, target)
    phosphates = s.weakness_known("susceptibility_to_phosphates")
    for mini in reversed(s.intruders_in(target)):
        if phosphates:
            combat.injure(s, mini, 1)
        combat.flee(s, mini)  # pushed after the injury check: the flight resolves first
    s.log(ev("fire_control", seat, (("room", target),)))


def _set_doors(s: State, seat: int, target: int) -> None:
    push(s, Decision(Kind.ROOM_DOOR, seat, Doors(seat, target, ())))


def _depressurise(s: State, seat: int, target: int) -> None:
    """All doors close; the one depressurisation token moves here if it lay elsewhere."""
    for corridor in s.game.topo.exits[target]:
        if not s.game.topo.is_tc(corridor):
            hazards.set_door(s, corridor, CLOSED)
    s.depressurised = target
    s.log(ev("depressurisation", seat, (("room", target),)))


def _peek(s: State, seat: int, target: int) -> None:
    exploration.peek(s, seat, target, token=True)


TARGETS: dict[str, tuple[Callable[[State, int, int], list[int]], Callable[[State, int, int], None]]]
TARGETS = {
    "extinguish_and_repel": (_fire_targets, _hit_with_fire_control),
    "set_doors_around_room": (_door_targets, _set_doors),
    "depressurise_room": (_airlock_targets, _depressurise),
    "peek_unexplored_rooms": (_peek_targets, _peek),
}


def _target_op(op: str) -> Op:
    candidates = TARGETS[op][0]

    def able(s: State, seat: int, room: int, p: Params) -> bool:
        return bool(candidates(s, seat, room))

    def run(s: State, seat: int, room: int, p: Params) -> None:
        push(s, Decision(Kind.ROOM_TARGET, seat, Target(seat, room, op)))

    return Op(able, run)


@on_legal(Kind.ROOM_TARGET)
def legal_target(s: State, d: Decision) -> list[int]:
    t: Target = d.payload
    return or_done(s, s.game.actions.room.ids(TARGETS[t.op][0](s, t.seat, t.room)))


@on_resolve(Kind.ROOM_TARGET)
def resolve_target(s: State, d: Decision, action: int) -> None:
    t: Target = d.payload
    if action != s.game.actions.done_id:
        TARGETS[t.op][1](s, t.seat, s.game.actions.room.arg(action))


# -- Command Center: doors one at a time --------------------------------------------------------
class Doors(NamedTuple):
    seat: int
    room: int  # the room picked
    done: tuple[int, ...]  # corridors already opened or closed by this action


@on_legal(Kind.ROOM_DOOR)
def legal_door(s: State, d: Decision) -> list[int]:
    doors: Doors = d.payload
    left = [c for c in _door_corridors(s, doors.room) if c not in doors.done]
    return sorted([s.game.actions.done_id, *s.game.actions.door.ids(left)])


@on_resolve(Kind.ROOM_DOOR)
def resolve_door(s: State, d: Decision, action: int) -> None:
    doors: Doors = d.payload
    if action == s.game.actions.done_id:
        return
    corridor = s.game.actions.door.arg(action)
    hazards.set_door(s, corridor, OPEN if s.door[corridor] == CLOSED else CLOSED)
    push(s, Decision(Kind.ROOM_DOOR, doors.seat,
                     Doors(doors.seat, doors.room, (*doors.done, corridor))))  # fmt: skip


OPS: dict[str, Op] = {
    "toggle_self_destruct": Op(_able_self_destruct, _run_self_destruct),
    "check_coordinates": Op(always, _run_coordinates),
    "set_destination": Op(_able_destination, _run_destination),
    "check_engine": Op(always, _run_check_engine),
    "check_all_engines": Op(always, _run_check_all),
    **{op: _target_op(op) for op in TARGETS},
}
