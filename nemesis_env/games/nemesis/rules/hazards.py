"""Fire, Malfunction and Doors (nemesis-reference.md §8.4-§8.6; seed 000 "the ship is
destroyed").

A room holds at most one Fire and one Malfunction marker. The box has 8 of each: a rule that
needs a 9th Fire marker destroys the ship, and a 9th Malfunction marker means hull failure,
which ends the game the same way. Malfunction never goes to the Nest, the slimed room or an
unexplored room; Fire may burn in an unexplored room (FAQ). A corridor holds at most one door:
open, closed or destroyed (destroyed doors stay open for good); the Technical Corridors have
none.
"""

from __future__ import annotations

from nemesis_env.games.nemesis.state import DESTROYED, OPEN, State, ev

MARKERS = 8


def place_fire(s: State, room: int) -> None:
    if s.fire[room]:
        return
    if sum(s.fire) >= MARKERS:
        s.game.hooks.destroy_ship(s, "ninth fire marker")
        return
    s.fire[room] = True
    s.log(ev("fire", -1, (("room", room),)))


def remove_fire(s: State, room: int) -> None:
    if s.fire[room]:
        s.fire[room] = False
        s.log(ev("fire_out", -1, (("room", room),)))


def malfunction_allowed(s: State, room: int) -> bool:
    if not s.explored[room]:
        return False
    tile = s.tile[room]
    return tile < 0 or s.game.tile_malfunction_allowed[tile]


def place_malfunction(s: State, room: int) -> None:
    if s.malfunction[room] or not malfunction_allowed(s, room):
        return
    if sum(s.malfunction) >= MARKERS:
        s.game.hooks.destroy_ship(s, "ninth malfunction marker")
        return
    s.malfunction[room] = True
    s.log(ev("malfunction", -1, (("room", room),)))


def repair(s: State, room: int) -> None:
    if s.malfunction[room]:
        s.malfunction[room] = False
        s.log(ev("repaired", -1, (("room", room),)))


def set_door(s: State, corridor: int, state: int) -> None:
    """Opens or closes the door of a corridor; a destroyed door stays as it is, except for the
    Plasma Torch (items.py), which closes it by calling this with `force`."""
    if s.game.topo.is_tc(corridor) or s.door[corridor] == DESTROYED:
        return
    s.door[corridor] = state
    s.log(ev("door", -1, (("corridor", corridor), ("state", state))))
    if state == OPEN and s.depressurised >= 0:
        ends = s.game.topo.ends[corridor]
        if s.depressurised in ends:
            s.depressurised = -1  # opening a door cancels the depressurisation (§3.2)


def destroy_door(s: State, corridor: int) -> None:
    s.door[corridor] = DESTROYED
    s.log(ev("door_destroyed", -1, (("corridor", corridor),)))
    if s.depressurised >= 0 and s.depressurised in s.game.topo.ends[corridor]:
        s.depressurised = -1
