"""What the room-action modules share (nemesis-reference.md §3.2): the op handler record, the
payload of a room action's steps, and small helpers.

A room's action is data: a list of effect ops (data/rooms.yaml, defs/ops.py). Each op that a
room may name has a handler here or in a rooms_*.py module: `able` says whether the op can do
its work for the seat now (the room action is offered only when its ops can), `run` pushes what
it does. rooms.py walks the list and dispatches each op by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from nemesis_env.games.nemesis.rules import wounds
from nemesis_env.games.nemesis.state import State, ev

Params = Mapping[str, Any]


class Op(NamedTuple):
    """The behaviour of one effect op in a room action, for `seat` using the action of `room`."""

    able: Callable[[State, int, int, Params], bool]
    run: Callable[[State, int, int, Params], None]


class Use(NamedTuple):
    """A sub-decision of a room action: who uses it, and whose room's action it is."""

    seat: int
    room: int


def always(s: State, seat: int, room: int, params: Params) -> bool:
    """Ops that never stop a room action (a heal with nothing to heal does nothing)."""
    return True


def or_done(s: State, ids: list[int]) -> list[int]:
    """A sub-decision whose choices all vanished meanwhile still has one answer: done."""
    return ids if ids else [s.game.actions.done_id]


def tile_id(s: State, room: int) -> str:
    return s.game.tile_name(s, room)


def slime_on_enter(s: State, seat: int, room: int) -> None:
    """Room Covered with Slime (§3.2, passive): entering gives the character Slime, before the
    room's exploration token resolves."""
    d = s.game.room_def(s, room)
    if d is not None and any(p.op == "slime_on_enter" for p in d.passive):
        c = s.chars[seat]
        if not c.slime:
            c.slime = True
            s.log(ev("slime", seat, (("room", room),)))


def pass_now(s: State, seat: int) -> None:
    """An effect that makes the character pass at once (Surgery): passing as usual, the
    Bleeding wound included (§5.1 step 4); the round ends when the action does."""
    c = s.chars[seat]
    if c.passed:
        return
    c.passed = True
    s.log(ev("pass", seat, ()))
    if wounds.has_wound(s, seat, "bleeding"):
        wounds.light_wounds(s, seat, 1)
