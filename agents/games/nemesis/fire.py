"""The ship's fires: who puts them out with the Fire Control System, and which fire first.

A rule that needs a ninth Fire marker destroys the ship, killing everyone aboard, hibernating
or not (nemesis-reference.md §8.4). Fires spread only through two Event cards, Damaging Fire
and Consuming Fire, each to every neighbour of every burning room at once, never through a
closed door or a Technical Corridor (§10, §8.4): one fire put out early is several fewer later.
Besides the Fire Control System (any room), Pyrotechnics and a Fire Extinguisher put out the
fire of the room their holder stands in (round_policy.douse).
"""

from __future__ import annotations

from agents.games.nemesis.lookup import DOOR_CLOSED, TC
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation

FIRE_CONTROL = "fire control"  # the goal's name: its reasons start with it
DOUSE_CARD = "pyrotechnics"  # Mechanic, cost 1: remove the fire of the room (or start one)
DOUSE_ITEM = "fire_extinguisher"  # heavy, cost 1: remove the fire of the room (or repel)


def hibernatorium_blocked(sit: Situation) -> bool:
    """Intruders hold the Hibernatorium once it is (nearly) open: nobody can hibernate."""
    home = sit.lk.hibernatorium
    return sit.view.time <= sit.lk.hibernation_open_at + 1 and home in sit.view.intruder_room


def fire_control_room(sit: Situation, p: CrewParams) -> int:
    """The Fire Control System's room when this seat should go and use it: the ship has
    `fire_control_min_fires` burning rooms (a ninth fire destroys it) or Intruders hold the
    open Hibernatorium, the room is within `fire_control_reach` and no active character is
    nearer; -1 otherwise."""
    fcs = sit.tile_room("fire_control_system")
    if fcs < 0 or sit.lk.dist[sit.room][fcs] > p.fire_control_reach:
        return -1
    if sit.view.malfunction[fcs] and p.fire_control_skip_malfunction:
        return -1  # its action is closed (§3.2): waiting there lets the fire spread
    if sum(sit.view.fire) < p.fire_control_min_fires and not hibernatorium_blocked(sit):
        return -1
    return fcs if sit.nearest_active(fcs) else -1


def fire_control_target(sit: Situation) -> int:
    """The room to put out: the Hibernatorium while Intruders block it, else the burning room
    whose fire would spread to the most rooms (open corridors to rooms not burning yet)."""
    if hibernatorium_blocked(sit):
        return sit.lk.hibernatorium
    view, lk = sit.view, sit.lk
    best, best_score = -1, -1.0
    for room, burning in enumerate(view.fire):
        if not burning:
            continue
        score = 0.5 * (room == lk.hibernatorium)
        for _number, corridor in lk.exits[room]:
            other = lk.other_end(corridor, room)
            spreads = view.door[corridor] != DOOR_CLOSED and other not in (room, TC)
            if spreads and not view.fire[other]:
                score += 1
        if score > best_score:
            best, best_score = room, score
    return best
