"""Item effects on the ship and on weapons (nemesis-reference.md §13.1, §13.2, §14 quest items;
§8.4-§8.6 fire, malfunction, doors; §4.4 self-destruct; §16 pods; §3.2 engine rooms).

Room requirements (a working room with a computer, a named room, a colour, an Evacuation
Section); reloading and fitting Add items on weapons (Energy Charge reloads only the user's own
Energy weapons, Chemicals the Flamethrower, FAQ §19; Extended Magazine and Autoloader add their
ammo at once); doors, fire and malfunction of the user's room; engines; the self-destruct
sequence; escape-pod locks; Duct Tape's joined hands.
"""

from __future__ import annotations

from nemesis_env.games.nemesis.rules import hazards, player_phase, rooms
from nemesis_env.games.nemesis.rules.items_base import (
    OpRule,
    Params,
    Use,
    always,
    ask,
    capacity,
    full_cost,
    pick,
    reload_discount,
    room_of,
    weapon_matches,
)
from nemesis_env.games.nemesis.rules.items_hands import taped_pairs
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.rules.pods import section_of
from nemesis_env.games.nemesis.state import (
    CLOSED,
    DESTROYED,
    OPEN,
    POD_LAUNCHED,
    POD_LOCKED,
    POD_UNLOCKED,
    State,
    ev,
)

SECTIONS = ("evacuation_a", "evacuation_b")


def nothing(s: State, use: Use, p: Params) -> None:
    """Requirements and lasting effects do nothing when they run: they were checked when the
    item was offered, or other rules ask about them."""


# -- requirements ----------------------------------------------------------------------------------
def working_computer(s: State, use: Use, p: Params) -> bool:
    room = room_of(s, use)
    return s.game.room_has_computer(s, room) and not s.malfunction[room]


def in_named_room(s: State, use: Use, p: Params) -> bool:
    return s.game.tile_name(s, room_of(s, use)) == str(p["room"])


def in_colour(s: State, use: Use, p: Params) -> bool:
    return s.game.room_colour(s, room_of(s, use)) == str(p["colour"])


def section_here(s: State, room: int) -> int:
    """0 / 1 in Evacuation Section A / B, else -1."""
    name = s.game.tile_name(s, room)
    return SECTIONS.index(name) if name in SECTIONS else -1


def in_section(s: State, use: Use, p: Params) -> bool:
    return section_here(s, room_of(s, use)) >= 0


# -- weapons ---------------------------------------------------------------------------------------
def _reload_extra(s: State, use: Use, hand: int) -> int:
    """Cards still owed for reloading the weapon in `hand` (Autoloader: the use may have been
    paid at the discounted price)."""
    weapon = s.chars[use.seat].heavy[hand]
    cost = full_cost(s, use.seat, use.thing) - reload_discount(s, use.thing, weapon)
    return max(0, cost - use.paid)


def _reloadable(s: State, use: Use, p: Params) -> list[int]:
    c = s.chars[use.seat]
    return [i for i, t in enumerate(c.heavy)
            if weapon_matches(s, t, p["weapon"]) and c.heavy_ammo[i] < capacity(s, t)
            and player_phase.can_pay(s, use.seat, _reload_extra(s, use, i))]  # fmt: skip


def _reload(s: State, use: Use, p: Params, hand: int) -> None:
    c = s.chars[use.seat]
    player_phase.pay(s, use.seat, _reload_extra(s, use, hand))
    c.heavy_ammo[hand] = capacity(s, c.heavy[hand])
    s.log(ev("reload", use.seat, (("weapon", c.heavy[hand]), ("ammo", c.heavy_ammo[hand]))))


def _fittable(s: State, use: Use, p: Params) -> list[int]:
    c = s.chars[use.seat]
    return [i for i, t in enumerate(c.heavy) if weapon_matches(s, t, p["weapon"])]


def _fit(s: State, use: Use, p: Params, hand: int) -> None:
    """The Add item is fixed on the weapon: more capacity, and the ammo at once (FAQ §19)."""
    c = s.chars[use.seat]
    weapon = c.heavy[hand]
    if use.thing in c.inventory:
        c.inventory.remove(use.thing)
    s.attachments.append((use.thing, weapon))
    if p["load"]:
        c.heavy_ammo[hand] = min(capacity(s, weapon), c.heavy_ammo[hand] + int(p["amount"]))
    s.log(ev("fit", use.seat, (("item", use.thing), ("weapon", weapon))))


# -- doors -----------------------------------------------------------------------------------------
def _door_corridors(s: State, room: int, may_close_destroyed: bool) -> list[int]:
    topo = s.game.topo
    return [c for c in topo.exits[room]
            if not topo.is_tc(c) and (s.door[c] != DESTROYED or may_close_destroyed)]  # fmt: skip


def toggle_door(s: State, corridor: int) -> None:
    """Open becomes closed, closed becomes open, destroyed becomes closed (Plasma Torch, §8.6:
    the only way to close a destroyed door)."""
    if s.door[corridor] == DESTROYED:
        s.door[corridor] = CLOSED
        s.log(ev("door", -1, (("corridor", corridor), ("state", CLOSED))))
        return
    hazards.set_door(s, corridor, OPEN if s.door[corridor] == CLOSED else CLOSED)


def _doors_here(s: State, use: Use, p: Params) -> list[int]:
    return _door_corridors(s, room_of(s, use), bool(p["may_close_destroyed"]))


def _toggle(s: State, use: Use, p: Params, corridor: int) -> None:
    toggle_door(s, corridor)


def _doors_around_rooms(s: State, use: Use, p: Params) -> list[int]:
    return [r for r in range(s.game.topo.num_rooms) if _door_corridors(s, r, False)]


def _doors_around_room(s: State, use: Use, p: Params, room: int) -> None:
    ask(s, Kind.ITEM_DOOR, use._replace(arg=room, tally=0))


def _doors_left(s: State, use: Use) -> list[int]:
    """The doors of the picked room not set yet (each once; `tally` marks the set ones)."""
    corridors = _door_corridors(s, use.arg, False)
    return [c for i, c in enumerate(corridors) if not use.tally >> i & 1]


def _doors_around_legal(s: State, use: Use, p: Params) -> list[int]:
    return sorted([s.game.actions.done_id, *s.game.actions.door.ids(_doors_left(s, use))])


def _doors_around_answer(s: State, use: Use, p: Params, action: int) -> None:
    if action == s.game.actions.done_id:
        return
    corridor = s.game.actions.door.arg(action)
    toggle_door(s, corridor)
    position = _door_corridors(s, use.arg, False).index(corridor)
    nxt = use._replace(tally=use.tally | 1 << position)
    if _doors_left(s, nxt):
        ask(s, Kind.ITEM_DOOR, nxt)


# -- fire, malfunction, engines --------------------------------------------------------------------
def _malfunction_here(s: State, use: Use, p: Params) -> bool:
    return s.malfunction[room_of(s, use)]


def _repair_here(s: State, use: Use, p: Params) -> None:
    hazards.repair(s, room_of(s, use))


def _fire_here(s: State, use: Use, p: Params) -> bool:
    return s.fire[room_of(s, use)]


def _put_out(s: State, use: Use, p: Params) -> None:
    hazards.remove_fire(s, room_of(s, use))


def engine_here(s: State, room: int) -> int:
    """The engine of an engine room (0-2), else -1."""
    d = s.game.room_def(s, room)
    number = getattr(d, "engine", None)
    return -1 if number is None else int(number) - 1


def _engine_can(s: State, use: Use, p: Params) -> bool:
    return engine_here(s, room_of(s, use)) >= 0


def _engine_run(s: State, use: Use, p: Params) -> None:
    repair_or_break(s, use.seat, engine_here(s, room_of(s, use)))


def repair_or_break(s: State, seat: int, engine: int) -> None:
    """Repair or break an engine (§3.2), as the engine rooms do it (rooms.repair_or_break)."""
    rooms.repair_or_break(s, seat, engine)


# -- Duct Tape -------------------------------------------------------------------------------------
def _untaped(s: State, use: Use) -> list[int]:
    c = s.chars[use.seat]
    left = [t for t in c.heavy if not s.game.is_object(t)]
    for a, b in taped_pairs(s, use.seat):
        left.remove(a)
        left.remove(b)
    return left


def _tape_can(s: State, use: Use, p: Params) -> bool:
    return len(_untaped(s, use)) >= 2


def _tape_run(s: State, use: Use, p: Params) -> None:
    left = _untaped(s, use)
    if len(left) == 2:
        _tape(s, use, left[0], left[1])
    else:
        ask(s, Kind.ITEM_THING, use)


def _tape_legal(s: State, use: Use, p: Params) -> list[int]:
    left = _untaped(s, use)
    if use.arg >= 0:
        left.remove(use.arg)
    return s.game.actions.thing.ids(sorted(set(left)))


def _tape_answer(s: State, use: Use, p: Params, action: int) -> None:
    thing = s.game.actions.thing.arg(action)
    if use.arg < 0:
        ask(s, Kind.ITEM_THING, use._replace(arg=thing))
    else:
        _tape(s, use, use.arg, thing)


def _tape(s: State, use: Use, a: int, b: int) -> None:
    s.taped.append((use.seat, a, b))
    s.log(ev("taped", use.seat, (("items", (a, b)),)))


# -- self-destruct and pods ------------------------------------------------------------------------
def _self_destruct_can(s: State, use: Use, p: Params) -> bool:
    """Stop it before its first yellow space; start it unless someone hibernates (§4.4, §16)."""
    if s.self_destruct >= 0:
        return s.self_destruct < s.game.params.self_destruct_to_yellow
    return not s.hibernation_started


def _self_destruct_run(s: State, use: Use, p: Params) -> None:
    if not _self_destruct_can(s, use, p):
        return
    s.self_destruct = -1 if s.self_destruct >= 0 else 0
    s.log(ev("self_destruct", use.seat, (("running", int(s.self_destruct >= 0)),)))


def _pods(s: State, use: Use, p: Params) -> list[int]:
    section = section_here(s, room_of(s, use))
    return [pod for pod, state in enumerate(s.pods) if state != POD_LAUNCHED
            and (p["section"] == "any" or section_of(pod) == section)]  # fmt: skip


def _toggle_pod(s: State, use: Use, p: Params, pod: int) -> None:
    s.pods[pod] = POD_UNLOCKED if s.pods[pod] == POD_LOCKED else POD_LOCKED
    s.log(ev("pod_lock", use.seat, (("pod", pod), ("locked", int(s.pods[pod] == POD_LOCKED)))))


OPS: dict[str, OpRule] = {
    "require_computer_room": OpRule(nothing, working_computer),
    "require_room": OpRule(nothing, in_named_room),
    "require_room_colour": OpRule(nothing, in_colour),
    "require_evacuation_section": OpRule(nothing, in_section),
    "reload_weapon_full": pick(Kind.ITEM_WEAPON, "weapon", _reloadable, _reload),
    "increase_ammo_capacity": pick(Kind.ITEM_WEAPON, "weapon", _fittable, _fit),
    "reload_cost_with_item": OpRule(nothing, always),
    "toggle_door_of_room": pick(Kind.ITEM_DOOR, "door", _doors_here, _toggle),
    "set_doors_around_room": pick(Kind.ITEM_ROOM, "room", _doors_around_rooms,
                                  _doors_around_room,
                                  more={Kind.ITEM_DOOR: (_doors_around_legal,
                                                         _doors_around_answer)}),
    "remove_malfunction": OpRule(_repair_here, _malfunction_here),
    "remove_fire": OpRule(_put_out, _fire_here),
    "repair_or_break_engine": OpRule(_engine_run, _engine_can),
    "join_heavy_items_in_one_hand": OpRule(_tape_run, _tape_can,
                                           {Kind.ITEM_THING: (_tape_legal, _tape_answer)}),
    "toggle_self_destruct": OpRule(_self_destruct_run, _self_destruct_can),
    "toggle_pod_lock": pick(Kind.ITEM_POD, "pod", _pods, _toggle_pod),
}  # fmt: skip
