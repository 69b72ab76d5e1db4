"""The ship's fires: who puts them out with the Fire Control System, and which fire first.

A rule that needs a ninth Fire marker destroys the ship, killing everyone aboard, hibernating
or not (nemesis-reference.md §8.4). Fires spread only through two Event cards, Damaging Fire
and Consuming Fire, each to every neighbour of every burning room at once, never through a
closed door or a Technical Corridor (§10, §8.4): one fire put out early is several fewer later.
Besides the Fire Control System (any room), Pyrotechnics and a Fire Extinguisher put out the
fire of the room their holder stands in (round_policy.douse). Where neither is at hand, a
character can still close a door of its room against the next spread (`firebreak_door`).
"""

from __future__ import annotations

from agents.games.nemesis.lookup import DOOR_CLOSED, DOOR_OPEN, FIRE_MARKERS, TC
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation

FIRE_CONTROL = "fire control"  # the goal's name: its reasons start with it
DOUSE_CARD = "pyrotechnics"  # Mechanic, cost 1: remove the fire of the room (or start one)
DOUSE_ITEM = "fire_extinguisher"  # heavy, cost 1: remove the fire of the room (or repel)
# what closes a door of the character's room: cards (option 0 of both, action_cards.yaml) and
# items, with the option of each that toggles a door (items.yaml; the Plasma Torch has one)
DOOR_CLOSE_CARDS = ("computer_skills", "knowledge_of_the_ship")
DOOR_ITEMS = {"plasma_torch": 0, "tools": 2, "energy_charge": 1}


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


def spread_into(sit: Situation) -> dict[int, list[int]]:
    """The rooms the next spreading Event would set on fire, each with the corridors that would
    carry the fire there (open or destroyed doors, never the Technical Corridors)."""
    view, lk = sit.view, sit.lk
    into: dict[int, list[int]] = {}
    for room, burning in enumerate(view.fire):
        if not burning:
            continue
        for _number, corridor in lk.exits[room]:
            other = lk.other_end(corridor, room)
            if other in (room, TC):
                continue  # a spread never enters the Technical Corridors
            if view.door[corridor] != DOOR_CLOSED and not view.fire[other]:
                into.setdefault(other, []).append(corridor)
    return into


def spread_pending(sit: Situation) -> bool:
    """A spreading Event card is still to come: it is not in the discard, which is face up."""
    return any(card not in sit.view.event_discard for card in sit.lk.spreading_events)


def firebreak_door(sit: Situation, p: CrewParams) -> int:
    """The corridor of this room whose open door, closed now, keeps the most rooms out of the
    next spread, when that spread would need at least a ninth Fire marker (less
    `firebreak_margin`) and a spreading card is still to come; -1 otherwise. A room that
    another corridor would still reach gains nothing from it."""
    if not spread_pending(sit):
        return -1
    into = spread_into(sit)
    if sum(sit.view.fire) + len(into) + p.firebreak_margin <= FIRE_MARKERS:
        return -1
    best, best_gain = -1, 0
    for _number, corridor in sit.lk.exits[sit.room]:
        if sit.view.door[corridor] != DOOR_OPEN:
            continue
        gain = sum(1 for ways in into.values() if ways == [corridor])
        if gain > best_gain:
            best, best_gain = corridor, gain
    return best
