"""Static lookups the Nemesis crew agent reads on every decision, built once per game.

Everything here comes from the game's static tables (`game.space`, `game.tables`, `game.topo`,
`game.data`): what each action id means, room-to-room distances, where the fixed rooms are, and
what the agent thinks each card, item and objective is worth. Nothing here reads a State.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

# Character status, engine tops, pod states (nemesis_env/games/nemesis/character.py, state.py):
# plain ints in the view, repeated here so the agent imports no rules module.
ACTIVE, HIBERNATING, IN_POD, ESCAPED, DEAD = range(5)
UNKNOWN = -1
WORKING, DAMAGED = 0, 1
POD_LOCKED, POD_UNLOCKED, POD_LAUNCHED = range(3)
SEATS_PER_POD = 2
DOOR_OPEN, DOOR_CLOSED, DOOR_DESTROYED = range(3)
TC = -2  # the far end of a corridor into the Technical Corridors (corridor_ends)

# the combat die (data/dice.yaml: blank, creeper x2, adult, hit1, hit2): the chance that one
# roll injures an Intruder of each type (larva, creeper, adult, breeder, queen)
HIT_CHANCE = (5 / 6, 5 / 6, 3 / 6, 2 / 6, 2 / 6)
# per face of that die (blank, creeper, adult, hit1, hit2): it injures the types below this
FACE_HURTS = (0, 2, 3, 5, 5)

# how much the agent wants to keep an Action card (higher: pay with it last); absent: 1.0
CARD_KEEP = {
    "repairs": 4.0, "basic_repairs": 4.0, "fast_repairs": 4.0,
    "rest": 2.0, "search": 1.5, "reload": 2.0, "adrenaline": 1.5,
    "interruption": 0.5, "demolition": 0.5, "blocking_access": 0.7, "pyrotechnics": 2.0,
}  # fmt: skip

REPAIR_CARDS = ("repairs", "basic_repairs", "fast_repairs")  # remove a Malfunction, fix engines
REPAIR_ITEMS = ("tools", "duct_tape")  # the same, as items

# how much the agent wants an item (keep choices, drop choices); absent: 1.0
THING_KEEP = {
    "medkit": 4.0, "bandages": 3.5, "clothes": 2.5, "tools": 3.0, "duct_tape": 3.0,
    "grenade": 3.0, "molotov_cocktail": 2.5, "energy_charge": 2.5, "extended_magazine": 2.0,
    "prototype_pistol": 3.0, "prototype_rifle": 3.0, "prototype_shotgun": 3.0,
    "flamethrower": 3.0, "taser": 2.5, "antidote": 3.0, "alcohol": 2.0,
    "synthetic_food": 2.0, "adrenaline_injection": 1.5, "smoke_grenade": 2.0,
    "fire_extinguisher": 2.5,
    "corpse": 0.1, "blue_corpse": 0.2, "carcass": 0.3, "egg": 0.2,
}  # fmt: skip

# the draft: fighters first (the agent survives by shooting or by reaching the Hibernatorium)
CHARACTER_RANK = {"soldier": 6, "scout": 5, "captain": 4, "pilot": 3, "mechanic": 2,
                  "scientist": 1}  # fmt: skip

# how achievable each objective is for this agent's plan (survive, fix the ship, fly to Earth)
OBJECTIVE_EASE = {
    # measured (200 four-player games): survivors met Earth cards 25 times in 30, another
    # player's "must not survive" card 17 in 21, Best Friends Forever 10 in 23, Quarantine 6 in
    # 17, the cards that need the Signal and more never (0 in 32)
    "salvaging_the_prime_asset": 1.0, "the_oldest_friend": 1.0, "quarantine": 0.45,
    "best_friends_forever": 0.5, "destination_earth": 0.9,
    "the_right_moment_to_strike": 0.95, "greener_pastures": 0.95, "an_old_feud": 0.95,
    "hostile_takeover": 0.95, "the_final_enlightenment": 0.95,
    "necroscopy": 0.2, "my_precious": 0.15, "a_proper_burial": 0.2, "the_great_hunt": 0.15,
    "aliens_on_a_spaceship": 0.15, "relentless_investigator": 0.15, "ab_ovo": 0.15,
    "extreme_field_biology": 0.1, "hoarder": 0.05,
    # the Solo/Co-op deck (§15): Earth suits the plan; the rest need a detour or a fight
    "emergency_post_mortem": 0.2, "no_man_left_behind": 0.15, "special_delivery": 0.15,
    "cutting_off_the_head": 0.1, "clean_up_crew": 0.1, "first_contact_protocol": 0.1,
}  # fmt: skip
SIGNAL_OBJECTIVES = frozenset({"necroscopy", "my_precious", "the_great_hunt", "a_proper_burial",
                               "relentless_investigator", "aliens_on_a_spaceship",
                               "cutting_off_the_head", "no_man_left_behind",
                               "clean_up_crew"})  # fmt: skip
MEDICAL = frozenset({"medkit", "bandages", "clothes"})
# Event cards whose fire spreads to every neighbour of a burning room (data/events.yaml)
SPREADING_EVENTS = ("damaging_fire", "consuming_fire")
FIRE_MARKERS = 8  # a rule that needs a ninth destroys the ship (§8.4)


@dataclass(frozen=True, slots=True)
class Lookup:
    """Per-game constants; `kind[a]` / `arg[a]` decode action id `a`."""

    kind: tuple[str, ...]
    arg: tuple[int, ...]
    pass_id: int
    done_id: int
    dist: tuple[tuple[int, ...], ...]  # shortest corridor path between rooms (no TC)
    exits: tuple[tuple[tuple[int, int], ...], ...]  # per room: (corridor number, corridor)
    corridor_ends: tuple[tuple[int, int], ...]
    corridor_network: tuple[int, ...]  # per corridor: its Technical Corridors network, or -1
    hibernatorium: int
    cockpit: int
    engine_room: tuple[int, ...]  # per engine: its room
    tile_names: tuple[str, ...]  # per tile index
    card_names: tuple[str, ...]  # per card id (contamination ids last)
    contamination_from: int  # card ids from here on are contamination
    thing_names: tuple[str, ...]  # per thing id: the item or object id without its prefix
    thing_capacity: tuple[int, ...]  # ammo capacity (weapons > 0)
    first_object: int  # thing id of the first object (corpse, blue corpse, carcass, egg)
    mini_type: tuple[int, ...]
    armory_loads: tuple[bool, ...]  # per thing: a weapon the Armory reloads (an Energy weapon)
    character_names: tuple[str, ...]
    objective_names: tuple[str, ...]
    hibernation_open_at: int
    destinations: tuple[tuple[str, ...], ...]  # per coordinates card: destination per marker
    wound_type: tuple[str, ...]  # per Serious Wound card: arm, hand, leg, body, bleeding
    spreading_events: tuple[int, ...]  # the Event cards that spread fire to every neighbour

    def other_end(self, corridor: int, room: int) -> int:
        """The room (or TC) that `corridor` leads to from `room`."""
        a_end, b_end = self.corridor_ends[corridor]
        return b_end if a_end == room else a_end

    def card_keep(self, card: int) -> float:
        if card >= self.contamination_from:
            return -1.0
        return CARD_KEEP.get(self.card_names[card], 1.0)

    def thing_keep(self, thing: int) -> float:
        if self.thing_capacity[thing] > 0:
            return 3.0
        return THING_KEEP.get(self.thing_names[thing], 1.0)


def _distances(topo: Any) -> tuple[tuple[int, ...], ...]:
    n = topo.num_rooms
    rows = []
    for start in range(n):
        dist = [99] * n
        dist[start] = 0
        queue = deque([start])
        while queue:
            room = queue.popleft()
            for other in topo.neighbours(room):
                if dist[other] == 99:
                    dist[other] = dist[room] + 1
                    queue.append(other)
        rows.append(tuple(dist))
    return tuple(rows)


def _engine_rooms(t: Any) -> tuple[int, ...]:
    rooms = {}
    for room, tile in enumerate(t.special_tile):
        name = t.tiles[tile] if tile >= 0 else ""
        if name.startswith("engine_"):
            rooms[int(name.split("_")[1]) - 1] = room
    return tuple(rooms[e] for e in sorted(rooms))


def build_lookup(game: Any) -> Lookup:
    space, t = game.space, game.tables
    kinds, args = [], []
    for a in range(len(space)):
        k = space.kind_of(a)
        kinds.append(k.name)
        args.append(k.arg(a))
    topo = t.topo
    exits = tuple(
        tuple((n, topo.corridor_to(room, n)) for n in range(1, 5)) for room in range(topo.num_rooms)
    )
    special = list(t.special_tile)
    return Lookup(
        kind=tuple(kinds), arg=tuple(args), pass_id=game.actions.pass_id,
        done_id=game.actions.done_id, dist=_distances(topo), exits=exits,
        corridor_ends=topo.ends, corridor_network=topo.tc_network,
        hibernatorium=special.index(t.tiles.index("hibernatorium")),
        cockpit=special.index(t.tiles.index("cockpit")), engine_room=_engine_rooms(t),
        tile_names=t.tiles, card_names=t.cards, contamination_from=t.contam_unknown,
        thing_names=tuple(th.id.split(".", 1)[1] for th in t.things),
        thing_capacity=tuple(th.capacity for th in t.things), mini_type=t.mini_type,
        armory_loads=tuple("armory" in _reload_with(th) for th in t.things),
        first_object=game.first_object,
        character_names=tuple(c.id for c in t.data.characters),
        objective_names=tuple(o.id for o in t.data.objectives),
        hibernation_open_at=t.data.tracks.time.hibernation_open_at,
        destinations=tuple((c.a, c.b, c.c, c.d) for c in t.data.coordinates),
        wound_type=tuple(t.wound_type),
        spreading_events=tuple(i for i, op in enumerate(t.event_op) if op in SPREADING_EVENTS),
    )  # fmt: skip


_CACHE: dict[int, Lookup] = {}


def _reload_with(thing: Any) -> tuple[str, ...]:
    weapon = getattr(thing.item, "weapon", None)
    return tuple(weapon.reload_with) if weapon is not None else ()


def lookup_for(game: Any) -> Lookup:
    """The lookup of `game`; games share one per board side (the tables are the same for every
    configuration of a side), keyed by the id of the tables object so that a rebuilt table set
    gets its own."""
    key = id(game.tables)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = build_lookup(game)
    return found
