"""Abandoning ship in co-op: the crew leaves in the escape pods and lets the ship explode.

A co-op crew wins when every dealt card holds and one character survived (§18.2). Only
Destination: Earth needs the ship to arrive, and so someone hibernating through the jump. Where
it is not dealt, a hibernating character is only at risk:
- the ship's destruction (a ninth fire or malfunction, two damaged engines at the jump) kills
  whoever hibernates;
- the engines and coordinates steps of the victory check kill hibernators too;
- a launched pod counts as reaching Earth and skips both checks (§16).

Two cards, Cutting Off the Head and Clean-Up Crew, are met by the ship's destruction with a
Signal (§15; the FAQ: "ship destruction satisfies Queen/Nest objectives"). The self-destruct
sequence makes that certain: once started and never stopped it destroys the ship at its skull,
at the jump, or when nobody is left aboard (§4.4). It also unlocks every pod at its first
yellow space, which is the pods' lock problem solved.

So, with no Destination: Earth among the crew's cards (`CrewParams.coop_abandon`):
- nobody does the ship tasks (engines, coordinates), which only matter for hibernators;
- the character nearest the seen Generator starts the sequence once the time track shows
  `self_destruct_at_time` or less, when a dealt card wants the ship destroyed;
- safety is an escape pod, never the Hibernatorium: a boardable pod, else the Hatch Control
  System to unlock one, else a seen Evacuation Section to wait in (the pods unlock at the
  sequence's yellow space or at the first death), else the search for one.
"""

from __future__ import annotations

from agents.games.nemesis.lookup import POD_LOCKED, POD_UNLOCKED, SEATS_PER_POD
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation

SHIP_CARDS = frozenset({"destination_earth"})  # met only by the ship reaching Earth
DESTRUCTION_CARDS = frozenset({"cutting_off_the_head", "clean_up_crew"})
SECTIONS = ("evacuation_a", "evacuation_b")  # pod i sits in SECTIONS[i % 2] (§4.1 step 6)


def abandons_ship(sit: Situation) -> bool:
    """Co-op with `coop_abandon`, and no crew card needs the ship to arrive."""
    if not sit.params.coop_abandon or not sit.view.crew_objectives:
        return False
    return not any(name in SHIP_CARDS for name in sit.objective_names())


def self_destruct_room(sit: Situation, p: CrewParams) -> int:
    """The Generator's room when this seat should start the self-destruct sequence now; -1
    otherwise. The Generator's action would stop a running sequence, so never then."""
    view = sit.view
    if not abandons_ship(sit) or view.self_destruct >= 0 or view.time > p.self_destruct_at_time:
        return -1
    if not any(name in DESTRUCTION_CARDS for name in sit.objective_names()):
        return -1
    generator = sit.tile_room("generator")
    if generator < 0 or view.malfunction[generator] or sit.hibernation_started():
        return -1
    return generator if sit.nearest_active(generator) else -1


def safety(sit: Situation) -> tuple[int, str]:
    """Where an abandoning character heads for safety, and why (a pod, never hibernation)."""
    pod_room = boardable_pod_room(sit)
    if pod_room >= 0:
        return pod_room, "safety: an escape pod"
    hatch = hatch_room(sit)
    if hatch >= 0:
        return hatch, "hatch control: unlock a pod"
    lk, room = sit.lk, sit.room
    sections = [r for name in SECTIONS if (r := sit.tile_room(name)) >= 0]
    if sections:
        nearest = min(sections, key=lambda r: (lk.dist[room][r], r))
        return nearest, "safety: wait by the escape pods"
    unexplored = sit.nearest_unexplored()
    if unexplored >= 0:
        return unexplored, "safety: look for the escape pods"
    return lk.hibernatorium, "safety: the Hibernatorium"


def hatch_room(sit: Situation, reach: int | None = None) -> int:
    """The Hatch Control System's room when no pod can be boarded yet, a seen Evacuation
    Section has a locked pod, and this seat is the nearest active character (within `reach`
    rooms, when given); -1 otherwise."""
    hatch = sit.tile_room("hatch_control_system")
    if hatch < 0 or (reach is not None and sit.lk.dist[sit.room][hatch] > reach):
        return -1
    if boardable_pod_room(sit) >= 0 or unlockable_pod(sit) < 0:
        return -1
    return hatch if sit.nearest_active(hatch) else -1


def unlockable_pod(sit: Situation) -> int:
    """A locked pod with a free seat in a section the seat has seen, -1 if none."""
    view = sit.view
    for pod, state in enumerate(view.pods):
        free = state == POD_LOCKED and len(view.pod_seats[pod]) < SEATS_PER_POD
        if free and sit.tile_room(SECTIONS[pod % 2]) >= 0:
            return pod
    return -1


def boardable_pod_room(sit: Situation) -> int:
    """The nearest seen Evacuation Section with an unlocked pod that has a free seat."""
    view, best, best_dist = sit.view, -1, 99
    for pod, state in enumerate(view.pods):
        if state != POD_UNLOCKED or len(view.pod_seats[pod]) >= SEATS_PER_POD:
            continue
        room = sit.tile_room(SECTIONS[pod % 2])
        if room >= 0 and sit.lk.dist[sit.room][room] < best_dist:
            best, best_dist = room, sit.lk.dist[sit.room][room]
    return best
