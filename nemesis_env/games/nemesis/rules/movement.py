"""Movement, Careful Movement, Escape and entering a room (nemesis-reference.md §6.2, §7.5, §3.4).

Movement takes a character through a corridor without a closed door into a neighbouring room.
Leaving a room with Intruders is an Escape: first one Intruder attack per Intruder there,
largest first (FAQ), and a character who survives them moves on. Entering an unexplored room
turns its tile and exploration token face up and resolves the token. Entering a room where
nobody is (no character, no Intruder) makes a Noise roll, unless the token said Silence or
Danger; Careful Movement places a noise marker in a corridor of the mover's choice instead, and
cancels a Silence or Danger token (FAQ).
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, CHANCE, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import exploration, intruders, noise, rooms_common
from nemesis_env.games.nemesis.rules.kinds import Kind, Move, TileDraw
from nemesis_env.games.nemesis.state import ACTIVE, CLOSED, State, ev
from nemesis_env.games.nemesis.topology import TC


def reachable_rooms(s: State, room: int) -> list[int]:
    """Neighbouring rooms through corridors without a closed door (each once, even when two
    corridors lead there)."""
    topo = s.game.topo
    out = set()
    for corridor in topo.exits[room]:
        other = topo.other_end(corridor, room)
        if other != TC and s.door[corridor] != CLOSED:
            out.add(other)
    return sorted(out)


def can_place_careful_noise(s: State, room: int) -> bool:
    return any(not noise.has_noise(s, c) for c in s.game.topo.exits[room])


def start_move(s: State, seat: int, room: int, *, careful: bool) -> None:
    """After the cost is paid: escape attacks (if in Combat), then the move itself."""
    here = s.chars[seat].room
    push(s, Decision(Kind.FINISH_MOVE, AUTO, Move(seat, room, careful)))
    attackers = s.intruders_in(here)
    if attackers:
        # largest first (FAQ); pushed in reverse so the first listed attacks first
        order = sorted(attackers, key=lambda i: (-s.game.mini_type[i], i))
        for mini in reversed(order):
            intruders.attack(s, mini, seat)


@on_auto(Kind.FINISH_MOVE)
def finish_move(s: State, d: Decision) -> None:
    move: Move = d.payload
    c = s.chars[move.seat]
    if c.status != ACTIVE:
        return  # killed by an escape attack: the corpse stays in the room left
    corridor = s.passage(c.room, move.room)
    enter_room(s, move.seat, move.room, careful=move.careful, noise_roll=True, corridor=corridor)


def enter_room(
    s: State, seat: int, room: int, *, careful: bool, noise_roll: bool, corridor: int = -1
) -> None:
    """Puts the character in `room` and resolves what entering does (also used by cards and
    items that move a character): exploration, then the noise roll or the careful noise."""
    c = s.chars[seat]
    c.room = room
    s.log(ev("move", seat, (("room", room),)))
    push(s, Decision(Kind.ENTER_ROOM, AUTO, Move(seat, room, careful, noise_roll, corridor)))
    if not s.explored[room]:
        exploration.reveal(s, seat, room)


@on_auto(Kind.ENTER_ROOM)
def after_entering(s: State, d: Decision) -> None:
    move: Move = d.payload
    c = s.chars[move.seat]
    if c.status != ACTIVE or c.room != move.room:
        return
    rooms_common.slime_on_enter(s, move.seat, move.room)
    effect = exploration.take_pending_token(s, move.room)
    quiet = effect in ("silence", "danger")
    if quiet and not move.careful:
        if effect == "danger" or c.slime:
            noise.danger(s, move.room)
        return
    exploration.apply_token_effect(s, move.seat, move.room, effect, move.corridor)
    if not move.roll or not noise.in_room_empty(s, move.room, move.seat):
        return
    if move.careful:
        if can_place_careful_noise(s, move.room):
            push(s, Decision(Kind.NOISE_CORRIDOR, move.seat, move.room))
        return
    noise.roll_noise(s, move.seat, move.room)


@on_legal(Kind.NOISE_CORRIDOR)
def legal_noise_corridor(s: State, d: Decision) -> list[int]:
    room: int = d.payload
    topo = s.game.topo
    numbers = [n for n in range(1, 5) if not noise.has_noise(s, topo.corridor_to(room, n))]
    return s.game.actions.corridor.ids([n - 1 for n in numbers])


@on_resolve(Kind.NOISE_CORRIDOR)
def resolve_noise_corridor(s: State, d: Decision, action: int) -> None:
    room: int = d.payload
    number = s.game.actions.corridor.arg(action) + 1
    noise.set_noise(s, s.game.topo.corridor_to(room, number), True)
    s.log(ev("careful_noise", d.chooser, (("room", room), ("corridor", number))))


__all__ = ["CHANCE", "TileDraw", "enter_room", "reachable_rooms", "start_move"]
