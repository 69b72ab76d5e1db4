"""Builds a Nemesis state from a scenario document; every impossible document is a ScenarioError.

The schema is in docs/scenarios.md ("Nemesis"). The state starts where setup would have left the
board (§4.1) and the document then changes what it names: rooms, corridors, tracks and ship
systems here; the crew in scenario_crew.py; intruders, the bag and the decks in
scenario_pools.py. Whatever a document leaves out goes where the rules would have it: unnamed
cards stay in their decks, unnamed tokens in the bag or the supply, face-down facts nobody has
seen stay undetermined (state.py), and objectives and the Adults' numbers that the document does
not fix are dealt by chance nodes before anything else. The state then starts at the beginning
of the named phase with nothing else open; the engine opens whatever that phase asks for.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from nemesis_env.core.errors import ScenarioError
from nemesis_env.games.nemesis import scenario_crew, scenario_pools
from nemesis_env.games.nemesis.rules.kinds import Stage
from nemesis_env.games.nemesis.scenario_names import (
    Names,
    as_bool,
    as_list,
    check_keys,
    choice,
    int_in,
    number_key,
)
from nemesis_env.games.nemesis.state import (
    CLOSED,
    DAMAGED,
    DESTROYED,
    UNKNOWN,
    WORKING,
    State,
)
from nemesis_env.games.nemesis.tables import OBJECTS, WEAKNESS_SLOTS

PHASES = {"draw": Stage.DRAW, "rounds": Stage.ROUNDS, "event": Stage.TIME_TRACK}
TOP_KEYS = {
    "game", "params", "description", "phase", "turn_of", "first_player",
    "first_encounter_done", "time", "self_destruct", "destination", "coordinates", "engines",
    "weaknesses", "eggs_in_nest", "nest_destroyed", "queen_killed", "pods", "rooms", "doors",
    "noise", "characters", "intruders", "bag", "item_discard", "event_discard",
    "events_removed", "attack_discard", "wound_discard", "contamination",
}  # fmt: skip
ROOM_KEYS = {"tile", "explored", "face_up", "token", "items", "fire", "malfunction", "objects"}
RESOLVED = -2  # exploration.RESOLVED: the token of an explored room
MAX_ITEM_COUNTER = 4  # the highest item number on an exploration token (§3.4)


def fill(s: State, doc: Mapping[str, Any]) -> State:
    """The state `doc` describes, filled into `s`: a state as setup leaves the board, before
    anything is dealt (game.fill_initial_state, on the game whose params the caller took from
    `doc`)."""
    game = s.game
    check_keys("scenario", doc, TOP_KEYS)
    names = Names(game)
    everyone = (1 << game.params.players) - 1
    _fill_rooms(s, doc.get("rooms", {}), names, everyone)
    _fill_corridors(s, doc, names)
    _fill_tracks(s, doc, names)
    _fill_systems(s, doc, names)
    deals = scenario_crew.fill_characters(s, doc, names)
    _fill_objects(s, doc, names)
    _fill_pods(s, doc.get("pods", {}))
    scenario_pools.fill_intruders(s, doc, names)
    supply_draws = scenario_pools.fill_bag(s, doc.get("bag"), names)
    scenario_pools.fill_decks(s, doc, names)
    scenario_pools.fill_contamination(s, doc.get("contamination", {}))
    _start_phase(s, doc)
    s.stack.extend(reversed([*deals, *supply_draws]))  # the chance nodes come first
    s.scenario = _as_json(doc)
    game.rules.settle(s)
    return s


def _as_json(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A plain JSON copy of the document, recorded in the state so that saves round-trip."""
    try:
        copy: dict[str, Any] = json.loads(json.dumps(doc))
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"a scenario must hold plain JSON values only: {exc}") from exc
    return copy


def _start_phase(s: State, doc: Mapping[str, Any]) -> None:
    n = len(s.chars)
    phase = doc.get("phase", "draw")
    if not isinstance(phase, str) or phase not in PHASES:
        raise ScenarioError(f"phase must be one of {sorted(PHASES)}, got {phase!r}")
    s.first_player = int_in("first_player", doc.get("first_player", 0), 0, n - 1)
    s.first_encounter_done = as_bool("first_encounter_done", doc.get("first_encounter_done", False))
    scenario_crew.check_objective_choices(s, doc)
    s.stage = PHASES[phase]
    s.cursor = s.first_player
    if "turn_of" in doc:
        if phase != "rounds":
            raise ScenarioError("turn_of: only a scenario at phase rounds has a player's round")
        s.cursor = int_in("turn_of", doc["turn_of"], 0, n - 1)
        if s.chars[s.cursor].passed:
            raise ScenarioError(f"turn_of: player {s.cursor} has passed this phase")


# -- rooms ---------------------------------------------------------------------------------------
def _room_key(names: Names, key: Any) -> int:
    """A key of `rooms`: a printed room number, or a special room's id (cockpit, ...)."""
    t = names.tables
    if isinstance(key, str) and key in t.tiles and t.tiles.index(key) in t.special_tile:
        return t.special_tile.index(t.tiles.index(key))
    return number_key(f"rooms key {key!r}", key, 1, names.num_rooms) - 1


def _fill_rooms(s: State, rooms: Any, names: Names, everyone: int) -> None:
    if not isinstance(rooms, Mapping):
        raise ScenarioError(f"rooms must map room numbers to room entries, got {rooms!r}")
    t = names.tables
    used_tokens: list[int] = []
    entries = {}
    for key, entry in rooms.items():
        room = _room_key(names, key)
        if room in entries:
            raise ScenarioError(f"rooms: room {room + 1} is given twice")
        entries[room] = check_keys(f"rooms[{room + 1}]", entry, ROOM_KEYS)
    for room, entry in entries.items():  # tiles first: other fields may name a room by it
        _place_tile(s, room, entry, names, everyone)
    for room, entry in entries.items():
        where = f"rooms[{room + 1}]"
        if "token" in entry:
            if t.special_tile[room] >= 0:
                raise ScenarioError(f"{where}.token: a special room has no exploration token")
            token = choice(f"{where}.token", entry["token"],
                           [tok.id for tok in t.data.exploration.tokens])  # fmt: skip
            if token in used_tokens:
                raise ScenarioError(f"{where}.token: {entry['token']!r} lies in two rooms")
            used_tokens.append(token)
            s.tokens_left.remove(token)
            s.token[room] = RESOLVED if s.explored[room] else token
        elif s.explored[room]:
            s.token[room] = RESOLVED  # its token was some token of the pool: it stays there
        _room_markers(s, room, entry, where, used_tokens)


def _place_tile(s: State, room: int, entry: Mapping[str, Any], names: Names, everyone: int) -> None:
    t, where = names.tables, f"rooms[{room + 1}]"
    if "tile" in entry:
        tile = choice(f"{where}.tile", entry["tile"], list(t.tiles))
        kind = t.slot_kind[room]
        if t.special_tile[room] >= 0 and tile != t.special_tile[room]:
            raise ScenarioError(
                f"{where}.tile: room {room + 1} is the printed {t.tiles[t.special_tile[room]]}"
            )
        if t.special_tile[room] < 0:
            if t.tile_kind[tile] != kind:
                raise ScenarioError(
                    f"{where}.tile: {entry['tile']!r} is not a Room {kind + 1} tile, which "
                    f"room {room + 1} takes; allowed: "
                    f"{[t.tiles[i] for i, k in enumerate(t.tile_kind) if k == kind]}"
                )
            if tile not in s.tiles_left[kind]:
                raise ScenarioError(f"{where}.tile: {entry['tile']!r} lies in two rooms")
            s.tiles_left[kind].remove(tile)
            s.tile[room] = tile
    explored = as_bool(f"{where}.explored", entry.get("explored", s.explored[room]))
    if not explored and t.special_tile[room] >= 0:
        raise ScenarioError(f"{where}.explored: special rooms are face up from the start")
    face_up = as_bool(f"{where}.face_up", entry.get("face_up", False))
    if (explored or face_up) and s.tile[room] == UNKNOWN:
        raise ScenarioError(f"{where}: a room explored or face up needs its tile named")
    s.explored[room] = explored
    if explored or face_up:
        s.tile_known[room] = everyone


def _room_markers(
    s: State, room: int, entry: Mapping[str, Any], where: str, used_tokens: list[int]
) -> None:
    t = s.game.tables
    if "items" in entry:
        if not s.explored[room]:
            raise ScenarioError(f"{where}.items: an unexplored room has no item counter yet")
        s.item_counter[room] = int_in(f"{where}.items", entry["items"], 0, MAX_ITEM_COUNTER)
    elif s.explored[room] and "token" in entry:
        s.item_counter[room] = s.game.item_counter_for(used_tokens[-1])  # per mode
    s.fire[room] = as_bool(f"{where}.fire", entry.get("fire", False))
    s.malfunction[room] = as_bool(f"{where}.malfunction", entry.get("malfunction", False))
    if s.malfunction[room] and not (s.explored[room] and t.tile_malfunction_allowed[s.tile[room]]):
        raise ScenarioError(
            f"{where}.malfunction: only an explored room whose tile takes malfunction markers "
            f"can hold one (§8.5)"
        )
    supply = s.game.data.board.supply
    for marker, count, most in (
        ("fire", sum(s.fire), supply.fire_markers),
        ("malfunction", sum(s.malfunction), supply.malfunction_markers),
    ):
        if count > most:
            raise ScenarioError(
                f"rooms: {count} {marker} markers; one more than the {most} destroys the ship"
            )


def _fill_objects(s: State, doc: Mapping[str, Any], names: Names) -> None:
    """Heavy objects lying in rooms; the blue corpse stays in the Hibernatorium unless the
    document puts it elsewhere. Eggs not lying or carried are in the Nest (§4.1: 5)."""
    game = s.game
    rooms = doc.get("rooms", {})
    mentions_blue = False
    for key, entry in rooms.items():
        room = _room_key(names, key)
        if "objects" not in entry:
            continue
        if room == game.hibernatorium:
            mentions_blue = True
        s.objects[room] = []
        for i, name in enumerate(as_list(f"rooms[{room + 1}].objects", entry["objects"])):
            where = f"rooms[{room + 1}].objects[{i}]"
            s.objects[room].append(game.first_object + choice(where, name, list(OBJECTS)))
    everywhere = [o for objs in s.objects for o in objs] + [t for c in s.chars for t in c.heavy]
    if not mentions_blue and everywhere.count(game.obj_blue_corpse) > 1:
        s.objects[game.hibernatorium].remove(game.obj_blue_corpse)
        everywhere.remove(game.obj_blue_corpse)
    if everywhere.count(game.obj_blue_corpse) > 1:
        raise ScenarioError("rooms.objects: there is one blue corpse (§4.1), placed twice")
    dead = sum(1 for c in s.chars if not c.alive)
    if everywhere.count(game.obj_corpse) > dead:
        raise ScenarioError(
            f"rooms.objects: {everywhere.count(game.obj_corpse)} character corpses but {dead} "
            f"dead characters (a corpse is left by a death, §8.1)"
        )
    _fill_eggs(s, doc, everywhere.count(game.obj_egg))


def _fill_eggs(s: State, doc: Mapping[str, Any], outside: int) -> None:
    total = s.game.data.board.supply.eggs_on_intruder_board
    s.nest_destroyed = as_bool("nest_destroyed", doc.get("nest_destroyed", False))
    default = 0 if s.nest_destroyed else max(0, total - outside)
    s.eggs_in_nest = int_in("eggs_in_nest", doc.get("eggs_in_nest", default), 0, total)
    if s.eggs_in_nest + outside > total:
        raise ScenarioError(
            f"eggs_in_nest: {s.eggs_in_nest} in the Nest + {outside} lying or carried exceeds "
            f"the {total} eggs of the game"
        )
    if s.nest_destroyed and s.eggs_in_nest:
        raise ScenarioError("eggs_in_nest: a destroyed Nest holds no eggs")


# -- corridors -----------------------------------------------------------------------------------
def _fill_corridors(s: State, doc: Mapping[str, Any], names: Names) -> None:
    doors = doc.get("doors", {})
    if not isinstance(doors, Mapping):
        raise ScenarioError(f'doors must map corridors ("3-7") to closed or destroyed: {doors!r}')
    states = {"open": 0, "closed": CLOSED, "destroyed": DESTROYED}
    for key, value in doors.items():
        corridor = names.corridor(f"doors[{key!r}]", key)
        s.door[corridor] = list(states.values())[choice(f"doors[{key!r}]", value, list(states))]
    for i, value in enumerate(as_list("noise", doc.get("noise", []))):
        if isinstance(value, str) and value in names.tech_networks:
            s.tc_noise[names.tech_networks.index(value)] = True
            continue
        corridor = names.corridor(f"noise[{i}]", value)
        if s.noise[corridor]:
            raise ScenarioError(f"noise[{i}]: corridor {value!r} has one noise marker at most")
        s.noise[corridor] = True


# -- tracks and ship systems ---------------------------------------------------------------------
def _fill_tracks(s: State, doc: Mapping[str, Any], names: Names) -> None:
    tracks, params = s.game.data.tracks, s.game.params
    s.time = int_in("time", doc.get("time", tracks.time.turns), 1, tracks.time.turns)
    sd = doc.get("self_destruct")
    if sd is not None:
        s.self_destruct = int_in("self_destruct", sd, 0, params.self_destruct_to_skull - 1)
    spaces = list(tracks.destination.spaces)
    s.destination = choice("destination", doc.get("destination", tracks.destination.start),
                           spaces)  # fmt: skip


def _fill_systems(s: State, doc: Mapping[str, Any], names: Names) -> None:
    data = s.game.data
    if "coordinates" in doc:
        s.coordinates = choice("coordinates", doc["coordinates"],
                               [c.id for c in data.coordinates])  # fmt: skip
    engines = doc.get("engines", {})
    if not isinstance(engines, Mapping):
        raise ScenarioError(
            f"engines must map engine numbers 1-3 to working or damaged: {engines!r}"
        )
    for key, value in engines.items():
        engine = number_key(f"engines key {key!r}", key, 1, data.board.supply.engines) - 1
        tops = (WORKING, DAMAGED)
        s.engine[engine] = tops[choice(f"engines[{key}]", value, ["working", "damaged"])]
    weaknesses = doc.get("weaknesses", {})
    if not isinstance(weaknesses, Mapping):
        raise ScenarioError(f"weaknesses must map slots {list(WEAKNESS_SLOTS)} to weakness ids")
    for slot_name, card_name in weaknesses.items():
        slot = choice("weaknesses key", slot_name, list(WEAKNESS_SLOTS))
        card = choice(f"weaknesses[{slot_name}]", card_name, list(s.game.weakness_ids))
        if card not in s.weaknesses_left:
            raise ScenarioError(f"weaknesses[{slot_name}]: {card_name!r} is in two slots")
        s.weaknesses_left.remove(card)
        s.weakness[slot] = card
    s.queen_killed = as_bool("queen_killed", doc.get("queen_killed", False))


def _fill_pods(s: State, pods: Any) -> None:
    """Pod states (default locked, or unlocked once someone died or self-destruct reached its
    first yellow space, §16) and who sits in them (characters' `pod`)."""
    from nemesis_env.games.nemesis.state import POD_LAUNCHED, POD_LOCKED, POD_UNLOCKED

    if not isinstance(pods, Mapping):
        raise ScenarioError(f"pods must map pod numbers to locked/unlocked/launched: {pods!r}")
    unlocked = any(not c.alive for c in s.chars) or (
        s.self_destruct >= s.game.params.self_destruct_to_yellow
    )
    s.pods = [POD_UNLOCKED if unlocked else POD_LOCKED] * len(s.pods)
    states = (POD_LOCKED, POD_UNLOCKED, POD_LAUNCHED)
    for key, value in pods.items():
        pod = number_key(f"pods key {key!r}", key, 1, len(s.pods)) - 1
        s.pods[pod] = states[choice(f"pods[{key}]", value, ["locked", "unlocked", "launched"])]
    scenario_crew.seat_pods(s)
