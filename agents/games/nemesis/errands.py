"""Objective errands: what the crew agent does for the objectives that fixing the ship does not
meet (nemesis-reference.md §15, §18.2).

An objective asks for some of these things (`NEEDS`): Signals sent from the Comms Room,
weaknesses discovered by analysing objects in the Laboratory, the blue corpse left in the
Surgery, an Egg or the blue corpse carried out of the ship, every room explored. The needs of
the seat's chosen objective (in co-op: of every crew card, which all must hold) become jobs:

- `signal`: go to the Comms Room and send the Signal (each Signal card needs its own sender in
  co-op, so there is one job per card);
- `corpse`: fetch the blue corpse (it starts in the Hibernatorium), analyse it in the
  Laboratory if a character-corpse weakness is wanted, and leave it in the Surgery if the
  objective says so; a corpse to be carried out is kept;
- `carcass`: pick up an Intruder carcass and analyse it;
- `egg`: pick up a loose Egg or take one from the Nest; analyse it, or keep it to leave with;
- `explore`: walk into the nearest unexplored room until none is left.

A job whose room is not known yet (the Laboratory, say) sends the seat to the nearest unexplored
room instead. In co-op the jobs are dealt out to the active characters from the last seat
backwards (the ship tasks of plan.py go from the first seat forwards), so that each job has one
owner; in the other modes every job of the seat's objective is its own. Every decision reads the
view afresh: a job is done when the view shows it done, so nothing needs remembering.
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.games.nemesis import escape
from agents.games.nemesis.lookup import ACTIVE, DEAD, UNKNOWN
from agents.games.nemesis.situation import Situation

# object indices (tables.OBJECTS) and weakness slots (tables.WEAKNESS_SLOTS)
CORPSE, BLUE_CORPSE, CARCASS, EGG = range(4)
EGG_SLOT, CORPSE_SLOT, CARCASS_SLOT = range(3)
AUTODOC_REACH = 3  # rooms: a corpse farther off is left where it lies
KEEPER_SIGNAL_REACH = 3  # rooms: a co-op keeper detours this far at most to send a Signal


@dataclass(frozen=True, slots=True)
class Need:
    """What one objective card asks for beyond surviving (and beyond the ship's fate)."""

    signal: bool = False
    weaknesses: int = 0  # how many weaknesses, of any slots
    slot: int = -1  # a weakness slot that must be among them
    corpse_to_surgery: bool = False
    carry_out: int = -1  # an object to hold when leaving the ship
    explore_all: bool = False


NEEDS: dict[str, Need] = {
    "emergency_post_mortem": Need(corpse_to_surgery=True),
    "first_contact_protocol": Need(weaknesses=2),
    "extreme_field_biology": Need(weaknesses=2),
    "ab_ovo": Need(weaknesses=1, slot=EGG_SLOT),
    "necroscopy": Need(signal=True, weaknesses=1, slot=CARCASS_SLOT),
    "my_precious": Need(signal=True, carry_out=EGG),
    "special_delivery": Need(carry_out=EGG),
    "a_proper_burial": Need(signal=True, carry_out=BLUE_CORPSE),
    "no_man_left_behind": Need(signal=True, explore_all=True),
    "relentless_investigator": Need(signal=True, explore_all=True),
    "cutting_off_the_head": Need(signal=True),
    "clean_up_crew": Need(signal=True),
    "the_great_hunt": Need(signal=True),
    "aliens_on_a_spaceship": Need(signal=True),
}


@dataclass(frozen=True, slots=True)
class Errand:
    """Where to go for a job, why, and the action to take there: ("pick_up", object index),
    ("room_action", -1), ("drop", thing id), or None when arriving is the whole point."""

    room: int
    why: str
    act: tuple[str, int] | None


def crew_needs(sit: Situation) -> list[Need]:
    """The needs of the cards this seat plays for: the crew's cards in co-op, else its chosen
    objective (none before the first encounter)."""
    names = sit.lk.objective_names
    if sit.view.crew_objectives:
        cards = [names[o] for o in sit.view.crew_objectives]
    elif sit.view.objective != UNKNOWN:
        cards = [names[sit.view.objective]]
    else:
        cards = []
    return [NEEDS[c] for c in cards if c in NEEDS]


def jobs(needs: list[Need]) -> list[str]:
    """The jobs the needs make, in the order they are dealt out."""
    out = [f"signal {i}" for i, n in enumerate(n for n in needs if n.signal)]
    slots = wanted_slots(needs)
    if CORPSE_SLOT in slots or any(n.corpse_to_surgery or n.carry_out == BLUE_CORPSE
                                   for n in needs):  # fmt: skip
        out.append("corpse")
    if CARCASS_SLOT in slots:
        out.append("carcass")
    if EGG_SLOT in slots or any(n.carry_out == EGG for n in needs):
        out.append("egg")
    if any(n.explore_all for n in needs):
        out.append("explore")
    return out


def wanted_slots(needs: list[Need]) -> set[int]:
    """The weakness slots to analyse: the named ones, then the easiest others (the blue corpse
    lies in the Hibernatorium from the start; a carcass needs a kill; an Egg, the Nest) until
    the largest count asked for is reached."""
    slots = {n.slot for n in needs if n.slot >= 0}
    count = max((n.weaknesses for n in needs), default=0)
    for slot in (CORPSE_SLOT, CARCASS_SLOT, EGG_SLOT):
        if len(slots) >= count:
            break
        slots.add(slot)
    return slots


def runners(sit: Situation) -> list[int]:
    """Co-op: the active seats that run the errands, the last `coop_runners` of them, so that
    at least one other (a keeper: ship tasks, then safety) remains; empty in the other modes."""
    if not sit.view.crew_objectives:
        return []
    active = [i for i, c in enumerate(sit.view.chars) if c.status == ACTIVE]
    count = min(sit.params.coop_runners, len(active) - 1)
    return active[len(active) - count :] if count > 0 else []


def my_jobs(sit: Situation) -> list[str]:
    """The jobs dealt to this seat: co-op, job j to the j-th runner counted from the last;
    otherwise all of its own objective's."""
    every = jobs(crew_needs(sit))
    if not sit.view.crew_objectives:
        return every
    team = runners(sit)
    if sit.seat not in team:
        return []
    mine = len(team) - 1 - team.index(sit.seat)
    return [job for j, job in enumerate(every) if j % len(team) == mine]


def open_until(sit: Situation) -> int:
    """Errands are run while the time track shows more than this."""
    p = sit.params
    return p.runner_until_time if sit.seat in runners(sit) else p.errands_until_time


def explores(sit: Situation) -> bool:
    """Whether the seat walks into unexplored rooms for its errands: co-op runners with
    `runner_explores`, other modes' seats with `explore_for_objective` (every room explored
    adds to the malfunctions that events place, so the co-op keepers never do)."""
    p = sit.params
    if sit.view.crew_objectives:
        return p.runner_explores and sit.seat in runners(sit)
    return p.explore_for_objective


def errand(sit: Situation) -> Errand | None:
    """The nearest open job's errand, None when the seat has none left (or none possible);
    bringing a corpse to the AutoDoc comes first."""
    revive = autodoc(sit)
    if revive is not None:
        return revive
    return job_errand(sit)


def job_errand(sit: Situation) -> Errand | None:
    """The nearest open job's errand (the objectives' jobs only)."""
    needs = crew_needs(sit)
    if carrying_out(sit):
        return None
    best: tuple[int, Errand] | None = None
    for job in my_jobs(sit) + keeper_signal(sit, needs):
        found = _errand(sit, job, needs)
        if found is not None and found.room >= 0:
            distance = sit.lk.dist[sit.room][found.room]
            if best is None or distance < best[0]:
                best = (distance, found)
    return None if best is None else best[1]


def keeper_signal(sit: Situation, needs: list[Need]) -> list[str]:
    """Co-op: a keeper also sends a Signal while the crew has fewer senders than Signal cards
    (§18.2), if the Comms Room is seen within `KEEPER_SIGNAL_REACH` rooms."""
    if not sit.view.crew_objectives or sit.seat in runners(sit) or sit.me.signal:
        return []
    sent = sum(1 for c in sit.view.chars if c.signal)
    comms = sit.tile_room("comms_room")
    if sent >= sum(1 for n in needs if n.signal) or comms < 0:
        return []
    return ["signal keeper"] if sit.lk.dist[sit.room][comms] <= KEEPER_SIGNAL_REACH else []


def autodoc(sit: Situation) -> Errand | None:
    """Co-op's AutoDoc (§18.2): a character corpse left in a working Emergency Room brings a
    dead character back next turn. The seat carrying a corpse takes it there; the active
    character nearest to a corpse lying elsewhere (ties: the lower seat) fetches it."""
    view, lk = sit.view, sit.lk
    if not view.crew_objectives or not any(c.status == DEAD for c in view.chars):
        return None
    corpse = lk.first_object + CORPSE
    doc = sit.tile_room("emergency_room")
    if doc < 0:
        return None
    if corpse in sit.me.heavy:
        return Errand(doc, "errand: leave the corpse in the AutoDoc", ("drop", corpse))
    if any(corpse in c.heavy for i, c in enumerate(view.chars) if i != sit.seat):
        return None
    rooms = [r for r, objects in enumerate(view.objects) if corpse in objects and r != doc
             and r not in view.intruder_room and not view.fire[r]
             and lk.dist[sit.room][r] <= AUTODOC_REACH]  # fmt: skip
    if not rooms:
        return None
    room = min(rooms, key=lambda r: (lk.dist[sit.room][r], r))
    if not sit.nearest_active(room):
        return None
    return Errand(room, "errand: pick up a corpse for the AutoDoc", ("pick_up", CORPSE))


def _errand(sit: Situation, job: str, needs: list[Need]) -> Errand | None:
    if job.startswith("signal"):
        if sit.me.signal:
            return None
        return _at(sit, "comms_room", "send the signal", ("room_action", -1))
    if job == "explore":
        if not explores(sit):
            return None
        room = sit.nearest_unexplored()
        return None if room < 0 else Errand(room, "errand: explore every room", None)
    if job == "corpse":
        return _corpse(sit, needs)
    thing = CARCASS if job == "carcass" else EGG
    return _specimen(sit, thing, needs)


def _at(sit: Situation, tile: str, what: str, act: tuple[str, int] | None) -> Errand | None:
    """`what` in the room of `tile`, or the search for it (the nearest unexplored room)."""
    room = sit.tile_room(tile)
    if room >= 0:
        return Errand(room, f"errand: {what}", act)
    if not explores(sit):
        return None
    unexplored = sit.nearest_unexplored()
    if unexplored < 0:
        return None
    return Errand(unexplored, f"errand: look for the {tile.replace('_', ' ')} to {what}", None)


def _corpse(sit: Situation, needs: list[Need]) -> Errand | None:
    lk, view = sit.lk, sit.view
    blue = lk.first_object + BLUE_CORPSE
    analyse = CORPSE_SLOT in wanted_slots(needs) and view.weakness[CORPSE_SLOT] == UNKNOWN
    surgery = any(n.corpse_to_surgery for n in needs)
    room = sit.tile_room("surgery")
    if surgery and room >= 0 and blue in view.objects[room] and not analyse:
        return None  # left where the card wants it
    if blue in sit.me.heavy:
        if analyse:
            return _at(sit, "laboratory", "analyse the blue corpse", ("room_action", -1))
        if surgery:
            return _at(sit, "surgery", "leave the blue corpse", ("drop", blue))
        return None  # keep it to carry out
    return _fetch(sit, BLUE_CORPSE, "the blue corpse")


def _specimen(sit: Situation, thing: int, needs: list[Need]) -> Errand | None:
    """A carcass or an Egg: fetch it, analyse it if its slot is wanted, keep an Egg to leave
    with."""
    view, slot = sit.view, (CARCASS_SLOT if thing == CARCASS else EGG_SLOT)
    analyse = slot in wanted_slots(needs) and view.weakness[slot] == UNKNOWN
    keep = thing == EGG and any(n.carry_out == EGG for n in needs)
    held = sit.lk.first_object + thing in sit.me.heavy
    if held:
        if analyse:
            return _at(sit, "laboratory", f"analyse the {_NAMES[thing]}", ("room_action", -1))
        return None
    if not analyse and not keep:
        return None
    if not analyse and not _leaving_soon(sit):
        return None  # an Egg carried about draws Intruders (Egg Protection): fetch it last
    found = _fetch(sit, thing, f"the {_NAMES[thing]}")
    if found is not None or thing != EGG or view.eggs_in_nest <= 0 or view.nest_destroyed:
        return found
    return _at(sit, "nest", "take an Egg", ("room_action", -1))


_NAMES = {CARCASS: "carcass", EGG: "Egg"}


def _leaving_soon(sit: Situation) -> bool:
    """An Egg to carry out is fetched only once a pod is open to take it to, or outside co-op
    abandonment once the Hibernatorium is (nearly) open."""
    if escape.abandons_ship(sit):
        return escape.boardable_pod_room(sit) >= 0
    return bool(sit.view.time <= sit.lk.hibernation_open_at + 1)


def carrying_out(sit: Situation) -> bool:
    """The seat holds an Egg that a card wants carried off the ship and that no analysis still
    needs: its errands are over, it heads for safety."""
    needs = crew_needs(sit)
    if not any(n.carry_out == EGG for n in needs):
        return False
    if EGG_SLOT in wanted_slots(needs) and sit.view.weakness[EGG_SLOT] == UNKNOWN:
        return False
    return sit.lk.first_object + EGG in sit.me.heavy


def _fetch(sit: Situation, thing: int, name: str) -> Errand | None:
    """The nearest room where `thing` lies, unless another character already carries one."""
    lk, view = sit.lk, sit.view
    tid = lk.first_object + thing
    if any(tid in c.heavy for i, c in enumerate(view.chars) if i != sit.seat):
        return None
    rooms = [r for r, objects in enumerate(view.objects) if tid in objects]
    if not rooms:
        return None
    room = min(rooms, key=lambda r: (lk.dist[sit.room][r], r))
    return Errand(room, f"errand: pick up {name}", ("pick_up", thing))


def wanted_things(sit: Situation) -> set[int]:
    """Thing ids the seat's jobs want in its hands (not to be dropped for something else)."""
    first = sit.lk.first_object
    objects = {"corpse": BLUE_CORPSE, "carcass": CARCASS, "egg": EGG}
    out = {first + objects[job] for job in my_jobs(sit) if job in objects}
    # a thing a card wants carried off the ship stays in the hands of whoever holds it, even
    # once the job has passed to another seat (a runner died)
    out |= {first + n.carry_out for n in crew_needs(sit) if n.carry_out >= 0}
    if sit.view.crew_objectives:
        out.add(first + CORPSE)  # for the AutoDoc
    return out
