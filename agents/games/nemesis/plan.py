"""Where the crew agent is heading, and how risky each room is to enter.

The ship tasks (check the coordinates and steer to Earth in the Cockpit; check, and repair, the
three engines) are shared out among the active characters by seat order, so that four agents
do not all queue at the Cockpit: they cannot tell each other what they saw (engine tops and
the coordinates are private), so splitting by seat is the only coordination they have. After
`tasks_until_time` or with no task left, the goal is an objective errand (errands.py; in co-op
the AutoDoc's corpse comes before the ship tasks), then safety: a boardable escape pod whose
section the seat has seen, or the Hibernatorium.
"""

from __future__ import annotations

from collections.abc import Iterator

from agents.games.nemesis import arms, errands, escape, fire
from agents.games.nemesis.lookup import (
    ACTIVE,
    DOOR_CLOSED,
    SIGNAL_OBJECTIVES,
    TC,
    UNKNOWN,
    WORKING,
)
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation

SURGERY = "contaminated: to the Surgery"
ARMORY = "armory: reload"
SHIP_TASK = "ship task"  # the goal of the seat's dealt task (TASKS): its reasons start with it

TASKS = ("cockpit", "engine_0", "engine_1", "engine_2")
ROOM_ACTION_COST = 2  # Action cards, the same for every room (rooms.yaml action_cost)


def my_tasks(sit: Situation, tasks: tuple[str, ...] = TASKS) -> list[str]:
    """The tasks dealt to this seat: task i goes to the (i mod k)-th active seat (in co-op,
    of the keepers: the errands' runners have none)."""
    team = errands.runners(sit)
    active = [i for i, c in enumerate(sit.view.chars) if c.status == ACTIVE and i not in team]
    if sit.seat not in active:
        return []
    mine = active.index(sit.seat)
    return [task for i, task in enumerate(tasks) if i % len(active) == mine]


def cockpit_pending(sit: Situation) -> bool:
    view = sit.view
    if sit.hibernation_started():
        return False  # nobody may set the destination any more
    if view.coordinates == UNKNOWN:
        return True
    return bool(sit.lk.destinations[view.coordinates][view.destination] != sit.wanted_destination())


def engine_pending(sit: Situation, engine: int, check: bool = True) -> bool:
    """Worth a visit: not known to work, and a repair card or item at hand (or, with `check`,
    not seen yet)."""
    top = sit.view.engine[engine]
    if top == WORKING:
        return False
    return sit.can_repair() or (check and top == UNKNOWN)


def task_room(sit: Situation, task: str, check: bool = True) -> int:
    """The room to go to for `task`, -1 when it is done or cannot be done now."""
    if task == "cockpit":
        return sit.lk.cockpit if cockpit_pending(sit) else -1
    engine = int(task.split("_")[1])
    return sit.lk.engine_room[engine] if engine_pending(sit, engine, check) else -1


def wants_signal(sit: Situation) -> bool:
    return not sit.me.signal and any(o in SIGNAL_OBJECTIVES for o in sit.objective_names())


def goal(sit: Situation, p: CrewParams) -> tuple[int, str]:
    """The room to head for and why."""
    lk, room = sit.lk, sit.room
    if rushing(sit, p):
        return safety(sit, p)
    er = emergency_room(sit, p)
    if er >= 0:
        return er, "wounded: to the Emergency Room"
    surgery = surgery_room(sit, p)
    if surgery >= 0:
        return surgery, SURGERY
    armory = armory_room(sit, p)
    if armory >= 0:
        return armory, ARMORY
    carrying = errands.carrying_out(sit)
    fcs = -1 if carrying else fire.fire_control_room(sit, p)
    if fcs >= 0:
        return fcs, f"{fire.FIRE_CONTROL}: put out the fire"
    hatch = escape.hatch_room(sit, p.hatch_reach)
    if hatch >= 0:
        return hatch, "hatch control: unlock a pod"
    if carrying:  # an Egg draws Intruders (Egg Protection): no detour with it
        return safety(sit, p)
    if p.pod_first and pod_objective(sit):
        pod_room = escape.boardable_pod_room(sit)
        if pod_room >= 0:
            return pod_room, "safety: an escape pod (it meets the objective)"
    revive = errands.autodoc(sit)
    if revive is not None:
        return revive.room, revive.why
    generator = escape.self_destruct_room(sit, p)
    if generator >= 0:
        return generator, "self-destruct: start the sequence"
    abandon = escape.abandons_ship(sit)
    if sit.view.time > p.tasks_until_time:
        tasks = [] if abandon else my_tasks(sit, p.tasks)  # the ship tasks serve hibernators
        best = min(((lk.dist[room][r], t, r) for t in tasks
                    if (r := task_room(sit, t, p.check_engines)) >= 0), default=None)  # fmt: skip
        if best is not None:
            return best[2], f"{SHIP_TASK} {best[1]}"
        comms = sit.tile_room("comms_room")
        if comms >= 0 and wants_signal(sit):
            return comms, "objective: send the signal"
    if sit.view.time > errands.open_until(sit):
        job = errands.job_errand(sit)
        if job is not None:
            return job.room, job.why
    return safety(sit, p)


POD_OBJECTIVES = frozenset({"salvaging_the_prime_asset", "the_oldest_friend",
                            "the_right_moment_to_strike", "greener_pastures", "an_old_feud",
                            "hostile_takeover", "the_final_enlightenment",
                            "best_friends_forever"})  # fmt: skip


def pod_objective(sit: Situation) -> bool:
    """Outside co-op, the chosen objective is one a launched pod meets (it counts as reaching
    Earth, §16) or leaves to the others' fates."""
    view = sit.view
    if view.crew_objectives or view.objective == UNKNOWN:
        return False
    return sit.lk.objective_names[view.objective] in POD_OBJECTIVES


def safety(sit: Situation, p: CrewParams) -> tuple[int, str]:
    """A pod or the Hibernatorium (an abandoning co-op crew: escape.safety)."""
    if escape.abandons_ship(sit):
        return escape.safety(sit)
    lk, room = sit.lk, sit.room
    pod_room = escape.boardable_pod_room(sit)
    home = lk.hibernatorium
    if pod_room >= 0 and (
        lk.dist[room][pod_room] <= lk.dist[room][home] + p.pod_margin
        or sit.view.time > lk.hibernation_open_at
    ):
        return pod_room, "safety: an escape pod"
    return home, "safety: the Hibernatorium"


def open_way_out(sit: Situation, p: CrewParams, target: int, why: str) -> int:
    """`target` when it is the goal's way off the ship and that way is open now (the
    Hibernatorium from the blue spaces, or a boardable pod), and `enter_burning_safety` says
    its fire is no reason to stay out: a character who hibernates or boards in the round it
    enters is past the fire's light wound (§8.4: it wounds at the end of a round), while every
    turn outside costs encounters. -1 otherwise."""
    if not p.enter_burning_safety or not why.startswith("safety"):
        return -1
    if target == sit.lk.hibernatorium and sit.view.time > sit.lk.hibernation_open_at:
        return -1
    return target


def rushing(sit: Situation, p: CrewParams) -> bool:
    """The jump is `rush_at_time` turns away or less: only safety counts now (a character
    awake aboard at the jump dies), unless Intruders hold the Hibernatorium and this seat is
    the one to clear it with the Fire Control System."""
    if sit.view.time > p.rush_at_time or sit.view.self_destruct >= 0:
        return False
    return fire.fire_control_room(sit, p) < 0 or not fire.hibernatorium_blocked(sit)


def emergency_room(sit: Situation, p: CrewParams) -> int:
    """The seen Emergency Room within 2 rooms when the seat's wounds want it and it can be
    used (`usable_room`); -1 otherwise."""
    if sit.wound_load() < p.heal_wound_load or not sit.undressed():
        return -1
    return usable_room(sit, "emergency_room", 2)


def usable_room(sit: Situation, tile: str, reach: int) -> int:
    """The room of the seen `tile` within `reach` whose action the seat can come and use: not
    malfunctioning (no room action, §6) and, standing there with the cards to pay, its action
    legal (a character who waits for an action it cannot take misses the jump); -1 otherwise."""
    room = sit.tile_room(tile)
    if room < 0 or sit.lk.dist[sit.room][room] > reach or sit.view.malfunction[room]:
        return -1
    if sit.room == room and not sit.by_kind.get("room_action"):
        # the cost paid for, the action still closed (its ops have no work, or Combat)
        return -1 if sit.action_cards() >= ROOM_ACTION_COST else room
    return room


def armory_room(sit: Situation, p: CrewParams) -> int:
    """The seen Armory within `armory_reach` when `keep_ammo` and a weapon it reloads is low
    (arms.low_weapon) and its action can be used (`usable_room`); -1 otherwise."""
    if not p.keep_ammo or not arms.low_weapon(sit, p, armory_only=True):
        return -1
    return usable_room(sit, "armory", p.armory_reach)


def surgery_room(sit: Situation, p: CrewParams) -> int:
    """The seen Surgery when the seat is at risk in the victory check's contamination draw
    (§17 step 3) and the time is `surgery_at_time` or less: its action removes every INFECTED
    card and the Larva (rooms.yaml surgery, §6), so the final scan finds none and nobody draws.
    Late, since contamination gained after it counts again; within `surgery_reach` and usable
    (`usable_room`); -1 otherwise."""
    if sit.view.time > p.surgery_at_time or not sit.infection_at_risk():
        return -1
    return usable_room(sit, "surgery", p.surgery_reach)


# -- risk of a room --------------------------------------------------------------------------
def encounter_chance(sit: Situation, room: int) -> float:
    """The chance that the noise roll on entering `room` brings an Intruder: a number whose
    corridor already has noise (1 in 5 each), or Danger with an Intruder next door (1 in 10).
    No roll when someone is there already."""
    view = sit.view
    if sit.crew_in(room) or room in view.intruder_room:
        return 0.0
    chance = 0.0
    for _number, corridor in sit.lk.exits[room]:
        other = sit.lk.corridor_ends[corridor][1]
        network = sit.lk.corridor_network[corridor]
        if view.tc_noise[network] if other == TC else view.noise[corridor]:
            chance += 0.2
    neighbours = {e for c in sit.lk.exits[room] for e in sit.lk.corridor_ends[c[1]]}
    if any(r in neighbours and r != room for r in view.intruder_room if r >= 0):
        chance += 0.1
    return chance


def room_risk(sit: Situation, p: CrewParams, room: int, careful: bool = False) -> float:
    view = sit.view
    risk = p.intruder_risk * sum(1 for r in view.intruder_room if r == room)
    if view.fire[room]:
        risk += p.fire_risk
    if not view.explored[room]:
        risk += p.unexplored_risk
    if not careful:
        risk += p.noise_risk * encounter_chance(sit, room)
    return risk


def _moves(sit: Situation, p: CrewParams) -> Iterator[tuple[int, int, str, bool]]:
    """(action, room entered, kind, careful) of every legal move, normal ones first; careful
    ones only with `careful_min_cards` in hand (the second card it costs)."""
    careful_ok = sit.action_cards() >= p.careful_min_cards
    for kind, careful in (("move", False), ("careful_move", True)):
        if careful and not careful_ok:
            continue
        for a in sit.by_kind.get(kind, ()):
            yield a, sit.lk.arg[a], kind, careful


def best_step(sit: Situation, p: CrewParams, target: int, fleeing: bool = False,
              urgency: float = 1.0, fireproof: int = -1) -> tuple[int, str] | None:  # fmt: skip
    """The move (normal or careful) towards `target` with the lowest distance (times
    `urgency`) and risk; None when staying is better (unless `fleeing`: then any move beats
    staying). On the way to `fireproof`, an open way off the ship, fire may be no risk
    (`_fire_waived`), nor the Noise roll of entering it (`enter_noisy_safety`)."""
    lk = sit.lk
    weight = p.distance_weight * urgency
    stay = lk.dist[sit.room][target] * weight
    best: tuple[float, int, str] | None = None
    for a, room, kind, careful in _moves(sit, p):
        quiet = careful or (room == fireproof and p.enter_noisy_safety)  # no Noise roll counted
        risk = room_risk(sit, p, room, quiet)
        if sit.view.fire[room] and _fire_waived(sit, p, room, target, fireproof):
            risk -= p.fire_risk
        if careful and room_risk(sit, p, room) - risk < p.careful_min_risk:
            continue  # not worth the second card
        score = lk.dist[room][target] * weight + risk
        if best is None or score < best[0]:
            best = (score, a, kind)
    if best is None or (not fleeing and best[0] >= stay):
        return None
    return best[1], f"{best[2].replace('_', ' ')} to room {lk.arg[best[1]] + 1}"


def _fire_waived(sit: Situation, p: CrewParams, room: int, target: int, fireproof: int) -> bool:
    """On the way to an open way off the ship (`fireproof`, see `open_way_out`) a burning room
    is no fire risk: the way itself, or (`fire_pass_through`) a room on the way that the seat
    can leave again in this round. Fire wounds at the end of a round (§8.4) and a round has 2
    actions (§6): with both left and the cards for two moves, it walks on before the wound."""
    if fireproof < 0:
        return False
    if room == fireproof:
        return True
    return (p.fire_pass_through and room != target and sit.me.actions_left >= 2
            and sit.action_cards() >= 2)  # fmt: skip


def flight_room(sit: Situation, p: CrewParams, target: int) -> int:
    """The neighbouring room to leave for when no move is legal (no card to pay for one): the
    lowest distance to `target` plus risk through an open corridor, as `best_step` scores it
    (a card that escapes for free still needs a room); -1 when every way is closed."""
    lk, best, best_score = sit.lk, -1, 0.0
    for _number, corridor in lk.exits[sit.room]:
        other = lk.other_end(corridor, sit.room)
        if other == TC or sit.view.door[corridor] == DOOR_CLOSED:
            continue
        score = lk.dist[other][target] * p.distance_weight + room_risk(sit, p, other)
        if best < 0 or score < best_score:
            best, best_score = other, score
    return best


def blocking_door(sit: Situation, target: int) -> int:
    """The corridor of a closed door of this room that leads nearer `target`, when no legal
    move does (a closed door stops movement, §2.3); -1 otherwise."""
    lk, here = sit.lk, sit.lk.dist[sit.room][target]
    if any(lk.dist[lk.arg[a]][target] < here for a in sit.by_kind.get("move", ())):
        return -1
    for _number, corridor in lk.exits[sit.room]:
        other = lk.other_end(corridor, sit.room)
        if other != TC and sit.view.door[corridor] == DOOR_CLOSED and lk.dist[other][target] < here:
            return corridor
    return -1


def rush_step(sit: Situation, p: CrewParams, target: int) -> tuple[int, str] | None:
    """The jump is near (`rushing`): the least risky move (careful only with the cards for it)
    that brings the seat closer to `target`, however risky; None when no move does."""
    lk = sit.lk
    here = lk.dist[sit.room][target]
    best: tuple[float, int, str] | None = None
    for a, room, kind, careful in _moves(sit, p):
        if lk.dist[room][target] >= here:
            continue
        score = room_risk(sit, p, room, careful) + (p.careful_min_risk if careful else 0.0)
        if best is None or score < best[0]:
            best = (score, a, kind)
    if best is None:
        return None
    return best[1], f"the jump is near: {best[2].replace('_', ' ')} to room {lk.arg[best[1]] + 1}"
