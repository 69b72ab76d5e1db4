"""The crew agent's round decision: what to do with the next action (or pass).

Rules in priority order, the first that applies wins (each returns the action and its reason):

1. In Combat: shoot the Intruder a roll is likeliest to injure when the odds and the wounds
   allow; flee (the least risky move towards the goal) when badly wounded or without a good
   shot; melee only small Intruders; pass when nothing else is possible.
2. Out of Combat: leave a burning room; heal (medical items, the Emergency Room); hibernate or
   board a pod once the goal is safety; do the ship task of the room (Cockpit, engines, Engine
   Control Room, Comms Room); the errand of the room (errands.py); Rest to clear
   contamination; search when unarmed; move towards the goal; else pass (keeping the cards for
   the next round).
"""

from __future__ import annotations

from dataclasses import dataclass

from agents.games.nemesis import arms, errands, fire, plan
from agents.games.nemesis.lookup import HIT_CHANCE, MEDICAL, REPAIR_CARDS, REPAIR_ITEMS, UNKNOWN
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation

Choice = tuple[int, str]
# goals whose room action is the point of going there
SYSTEM_GOALS = (fire.FIRE_CONTROL, "hatch control", "self-destruct", plan.SURGERY, plan.ARMORY)


@dataclass(slots=True)
class Memory:
    """What the agent did last, so that the follow-up choices know what they are about."""

    card: str = ""  # the Action card played last
    item: str = ""  # the item used last
    door: int = -1  # the corridor whose closed door the card played last is to open
    room: int = -1  # the room the card played last moves the character to
    target: int = -1  # the Intruder (miniature) shot at last


def round_action(sit: Situation, p: CrewParams, memory: Memory) -> Choice:
    memory.door = -1  # a door is named by the action that plays its card, never a stale one
    if sit.intruders_in(sit.room):
        return combat(sit, p, memory)
    target, why = plan.goal(sit, p)
    rules = (douse, firebreak, leave_fire, heal, reach_safety, reload, ship_task, run_errand, rest,
             search)  # fmt: skip
    for rule in rules:
        choice = rule(sit, p, memory, target, why)
        if choice is not None:
            return choice
    if sit.room != target:
        step = plan.rush_step(sit, p, target) if plan.rushing(sit, p) else None
        urgency = p.fire_control_urgency if why.startswith(fire.FIRE_CONTROL) else 1.0
        fireproof = plan.open_way_out(sit, p, target, why)
        step = step or plan.best_step(sit, p, target, urgency=urgency, fireproof=fireproof)
        if step is not None:
            scouted = _reconnaissance(sit, p, memory, step[0]) if p.recon_moves else None
            return scouted or (step[0], f"{why}: {step[1]}")
        door = plan.blocking_door(sit, target) if p.open_doors else -1
        opened = _open_door(sit, memory, door) if door >= 0 else None
        if opened is not None:
            return opened[0], f"{why}: {opened[1]}"
    return sit.lk.pass_id, f"{why}: nothing useful to do here, pass"


RECON_CARD = "reconnaissance"  # move with no Noise roll (Scout, cost 1: action_cards.yaml)


def _reconnaissance(sit: Situation, p: CrewParams, m: Memory, move: int) -> Choice | None:
    """The move chosen enters an empty room whose Noise roll may bring an Intruder (at least
    `recon_min_chance`), or is a careful one (2 cards and a noise marker): Reconnaissance
    makes the same move with no roll (nor a Silence/Danger token), for its card and one more."""
    lk = sit.lk
    room = lk.arg[move]
    careful = lk.kind[move] == "careful_move"
    if not careful and plan.encounter_chance(sit, room) < p.recon_min_chance:
        return None
    for a, _name in arms.playable(sit, (RECON_CARD,)):
        m.card, m.room = RECON_CARD, room
        return a, f"reconnaissance: to room {room + 1} with no noise roll"
    return None


DOOR_CARDS = ("demolition", "computer_skills")  # destroy / open a door of the room (0 cards)


def _open_door(sit: Situation, m: Memory, corridor: int) -> Choice | None:
    """A closed door bars the only way nearer the goal: Demolition destroys it, Computer Skills
    opens it (action_cards.yaml; answers.py then names the door)."""
    for a in sit.by_kind.get("play_card", ()):
        name = sit.lk.card_names[sit.lk.arg[a]]
        if name in DOOR_CARDS:
            m.card, m.door = name, corridor
            return a, f"a closed door bars the way: {name}"
    return None


# -- Combat ---------------------------------------------------------------------------------------
def combat(sit: Situation, p: CrewParams, m: Memory) -> Choice:
    lk = sit.lk
    wounded = sit.wound_load() >= p.flee_wound_load

    def odds(a: int) -> float:
        return HIT_CHANCE[lk.mini_type[lk.arg[a]]]

    shots = sorted(sit.by_kind.get("shoot", ()), key=lambda a: (-odds(a), a))
    if shots and not wounded:
        free = arms.free_shot(sit, m, lk.arg[shots[0]], p.shoot_min_odds) \
            if p.combat_cards else None  # fmt: skip
        if free is not None:
            return free[0], f"combat: {free[1]} (hits {odds(shots[0]):.0%})"
        if odds(shots[0]) >= p.shoot_min_odds:
            m.target = lk.arg[shots[0]]
            return shots[0], f"combat: shoot (hits {odds(shots[0]):.0%})"
    if not shots and p.keep_ammo:
        loaded = arms.reload(sit, p, m)
        if loaded is not None:
            return loaded[0], f"combat: no round left, {loaded[1]}"
    melee = sorted(sit.by_kind.get("melee", ()), key=lambda a: (-odds(a), a))
    if melee and not wounded and odds(melee[0]) >= p.melee_min_odds:
        return melee[0], f"combat: melee a small Intruder (hits {odds(melee[0]):.0%})"
    if p.stay_when_shielded and _shielded(sit):
        return lk.pass_id, "combat: another here holds fewer cards (the attack's target), pass"
    target, _ = plan.goal(sit, p)
    step = plan.best_step(sit, p, target, fleeing=True)
    reason = "badly wounded" if wounded else "no good shot"
    if p.combat_cards:
        room = lk.arg[step[0]] if step is not None else plan.flight_room(sit, p, target)
        covered = arms.covered_escape(sit, m, room) if room >= 0 else None
        if covered is not None:
            return covered[0], f"combat: {reason}, {covered[1]} (to room {room + 1})"
    if step is not None:
        return step[0], f"combat: {reason}, flee ({step[1]})"
    if shots:
        m.target = lk.arg[shots[0]]
        return shots[0], "combat: cornered, shoot anyway"
    return lk.pass_id, "combat: no way to fight or flee, pass"


def _shielded(sit: Situation) -> bool:
    """The Event Phase's Intruder attacks go to the character with the fewest cards in hand
    (§7.4); fleeing draws an attack now. Someone else here holding fewer cards is the target."""
    mine = len(sit.view.hand)
    return any(seat != sit.seat and c.status == 0 and c.room == sit.room and c.hand_size < mine
               for seat, c in enumerate(sit.view.chars))  # fmt: skip


# -- out of Combat -------------------------------------------------------------------------------
def douse(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    """Put out the fire of the room with the Mechanic's Pyrotechnics (1 card) or a Fire
    Extinguisher (1 card) rather than walk out of it (`douse_fire`): a fire left burning
    spreads to every neighbour at the next spreading event (fire.py)."""
    if not p.douse_fire or not sit.view.fire[sit.room]:
        return None
    for a, name in arms.playable(sit, (fire.DOUSE_CARD,)):
        m.card = name
        return a, "room on fire: put it out with pyrotechnics"
    for a, name in arms.usable(sit, (fire.DOUSE_ITEM,)):
        m.item = name
        return a, "room on fire: put it out with the fire extinguisher"
    return None


def firebreak(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    """Close the door of this room that the next spreading Event would carry the ninth fire
    through (`firebreak`, fire.firebreak_door) with a door card, else an item that toggles
    doors; answers.py then names the door."""
    corridor = fire.firebreak_door(sit, p) if p.firebreak else -1
    if corridor < 0:
        return None
    why = f"fire: a spread would destroy the ship, close the door of corridor {corridor}"
    for a, name in arms.playable(sit, fire.DOOR_CLOSE_CARDS):
        m.card, m.door = name, corridor
        return a, f"{why} ({name})"
    for a, name in arms.usable(sit, fire.DOOR_ITEMS):
        m.item, m.door = name, corridor
        return a, f"{why} ({name})"
    return None


def leave_fire(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    """A burning room wounds whoever ends a round there (§9): leave it, unless the way out of
    the game (hibernation, a pod) is open right here."""
    if not sit.view.fire[sit.room] or reach_safety(sit, p, m, target, why) is not None:
        return None
    step = plan.best_step(sit, p, target, fleeing=True)
    return None if step is None else (step[0], f"room on fire: {step[1]}")


def heal(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    if sit.wound_load() < p.heal_wound_load and not sit.undressed():
        return None
    for a, name in arms.usable(sit, MEDICAL):
        if name != "clothes" or sit.undressed():
            m.item = name
            return a, f"wounded: use {name}"
    if sit.tile_here() == "emergency_room" and sit.by_kind.get("room_action"):
        return sit.by_kind["room_action"][0], "wounded: Emergency Room"
    return None


def _safety_here(sit: Situation, why: str) -> bool:
    return why.startswith("safety")


def reach_safety(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    """Hibernate, or board the pod, where the goal is safety and the room action is open."""
    if sit.room != target or not _safety_here(sit, why):
        return None
    action = sit.by_kind.get("room_action")
    if action and sit.tile_here() in ("hibernatorium", "evacuation_a", "evacuation_b"):
        return action[0], f"{why}: take it"
    if p.fix_hibernatorium and sit.room == sit.lk.hibernatorium and sit.view.malfunction[sit.room]:
        fix = _repair_card(sit, m)  # a Malfunction marker closes the room action (§8.5)
        if fix is not None:
            return fix[0], f"{why}: it malfunctions, {fix[1]}"
    return None


def ship_task(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    lk, room, here = sit.lk, sit.room, sit.tile_here()
    action = sit.by_kind.get("room_action")
    wanted = (room == target and why.startswith((*SYSTEM_GOALS, plan.SHIP_TASK))) or (
        room == lk.cockpit and plan.cockpit_pending(sit))  # fmt: skip
    if wanted and sit.view.malfunction[room] and p.repair_task_room:
        repair = _repair(sit, m)
        if repair is not None:  # the Malfunction forbids the room action this task needs
            return repair[0], f"the room's Malfunction blocks its action: {repair[1]}"
    if action and room == target and why.startswith(SYSTEM_GOALS):
        return action[0], why
    if room == lk.cockpit and plan.cockpit_pending(sit) and action:
        what = "check the coordinates" if sit.view.coordinates == UNKNOWN else "steer to Earth"
        return action[0], f"Cockpit: {what}"
    if room in lk.engine_room:
        engine = lk.engine_room.index(room)
        if sit.view.engine[engine] != 0:  # not known to work
            repair = _repair(sit, m)
            if repair is not None:
                return repair[0], f"engine {engine + 1}: {repair[1]}"
            if p.wait_to_repair and _repair_next_round(sit, p):
                return lk.pass_id, f"engine {engine + 1}: keep the repair card, repair next round"
            if sit.view.engine[engine] == UNKNOWN and action:
                return action[0], f"engine {engine + 1}: check it"
    if here == "engine_control_room" and action and UNKNOWN in sit.view.engine:
        return action[0], "Engine Control Room: check every engine"
    if here == "comms_room" and action and plan.wants_signal(sit):
        return action[0], "objective: send the signal"
    return None


def _repair_next_round(sit: Situation, p: CrewParams) -> bool:
    """A Repairs card in hand that its cost makes unplayable now: passing keeps it, and the
    next Player Phase draws the hand back up to its limit (§5.1), where checking the engine
    instead (a room action, 2 cards) would spend it. Not in the last turns (the jump kills
    whoever is awake), nor with a full hand (no draw would come)."""
    return (sit.has_card(*REPAIR_CARDS) and len(sit.view.hand) < sit.hand_limit()
            and not plan.rushing(sit, p))  # fmt: skip


def _repair_card(sit: Situation, m: Memory) -> Choice | None:
    """A playable Repairs-type card: an engine here, else the room's Malfunction (its options,
    cards_common.py; answers.card_option asks for the engine first)."""
    lk = sit.lk
    for a in sit.by_kind.get("play_card", ()):
        name = lk.card_names[lk.arg[a]]
        if name in REPAIR_CARDS:
            m.card = name
            return a, f"repair it with {name}"
    return None


def _repair(sit: Situation, m: Memory) -> Choice | None:
    card = _repair_card(sit, m)
    if card is not None:
        return card
    for a, name in arms.usable(sit, REPAIR_ITEMS):
        m.item = name
        return a, f"repair it with {name}"
    return None


def run_errand(sit: Situation, p: CrewParams, m: Memory, target: int, why: str
               ) -> Choice | None:  # fmt: skip
    """At an errand's room: pick the object up, drop it, or take the room action (errands.py).
    Hands too full to pick something up are emptied of the least wanted heavy thing first."""
    if sit.room != target or not why.startswith("errand"):
        return None
    job = errands.errand(sit)
    if job is None or job.act is None or job.room != sit.room:
        return None
    kind, arg = job.act
    lk = sit.lk
    if kind == "room_action":
        action = sit.by_kind.get("room_action")
        return (action[0], job.why) if action else None
    for a in sit.by_kind.get(kind, ()):
        if lk.arg[a] == arg:
            return a, job.why
    if kind == "pick_up" and lk.first_object + arg in sit.view.objects[sit.room]:
        return _free_a_hand(sit, job.why)
    return None


def _free_a_hand(sit: Situation, why: str) -> Choice | None:
    lk, wanted = sit.lk, errands.wanted_things(sit)
    heavy = [a for a in sit.by_kind.get("drop", ()) if lk.arg[a] in sit.me.heavy
             and lk.arg[a] not in wanted]  # fmt: skip
    if not heavy:
        return None
    worst = min(heavy, key=lambda a: (lk.thing_keep(lk.arg[a]), a))
    return worst, f"{why}: drop {lk.thing_names[lk.arg[worst]]} to free a hand"


def reload(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    """Keep the weapons loaded (arms.py)."""
    return arms.reload(sit, p, m) if p.keep_ammo else None


def rest(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    if sit.contamination_in_hand() < p.rest_min_contamination:
        return None
    for a in sit.by_kind.get("play_card", ()):
        if sit.lk.card_names[sit.lk.arg[a]] == "rest":
            m.card = "rest"
            return a, "contaminated: Rest scans the hand"
    return None


def search(sit: Situation, p: CrewParams, m: Memory, target: int, why: str) -> Choice | None:
    if sit.loaded_weapon() or sit.action_cards() < p.search_min_cards or sit.room != target:
        return None
    for a in sit.by_kind.get("play_card", ()):
        if sit.lk.card_names[sit.lk.arg[a]] == "search":
            m.card = "search"
            return a, "unarmed: search the room"
    return None
