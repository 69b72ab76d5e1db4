"""`load_nemesis_data()`: every Nemesis component file loaded, cross-checked and cached.

Beyond each file's own checks (defs/parse.py, board.py, components.py, cards.py, crew.py) this
checks the references between files: board special rooms and pod sections name rooms, decks
name Action cards and items, intruder symbols name intruder types, and every op param of a
reference kind (defs/ops.py) names something that exists.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from types import MappingProxyType
from typing import Any, get_args

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs import board as board_mod
from nemesis_env.games.nemesis.defs import cards as cards_mod
from nemesis_env.games.nemesis.defs import components as comp
from nemesis_env.games.nemesis.defs import crew
from nemesis_env.games.nemesis.defs.ops import CONDITION_OPS, EFFECT_OPS
from nemesis_env.games.nemesis.defs.parse import LIST_KINDS, ConditionSpec

OBJECTS = frozenset({"egg", "blue_corpse", "character_corpse", "intruder_carcass"})


@dataclass(frozen=True, slots=True, kw_only=True)
class NemesisData:
    """All printed components of Nemesis (base game), loaded once (see load_nemesis_data)."""

    board: board_mod.BoardDef
    room_tiles: tuple[comp.RoomDef, ...]
    special_rooms: tuple[comp.RoomDef, ...]
    exploration: comp.ExplorationDef
    intruders: comp.IntrudersDef
    dice: comp.DiceDef
    tracks: comp.TracksDef
    character_board: crew.CharacterBoardDef
    characters: tuple[crew.CharacterDef, ...]
    action_cards: tuple[cards_mod.ActionCardDef, ...]
    items: crew.ItemsDef
    events: tuple[cards_mod.EventCardDef, ...]
    attack_cards: tuple[cards_mod.AttackCardDef, ...]
    attack_deck: tuple[cards_mod.AttackCopy, ...]
    weaknesses: tuple[cards_mod.WeaknessDef, ...]
    serious_wounds: tuple[cards_mod.SeriousWoundDef, ...]
    contamination: tuple[cards_mod.ContaminationDef, ...]
    objectives: tuple[cards_mod.ObjectiveDef, ...]
    coordinates: tuple[cards_mod.CoordinatesCardDef, ...]
    intruder_player_cards: tuple[cards_mod.IntruderPlayerCardDef, ...]
    # lookups by id
    rooms_by_id: Mapping[str, comp.RoomDef]
    items_by_id: Mapping[str, crew.ItemDef]
    action_cards_by_id: Mapping[str, cards_mod.ActionCardDef]
    special_room_number: Mapping[str, int]  # special room id -> its room number on the board


@cache
def load_nemesis_data(board_side: str = "basic") -> NemesisData:
    """Every component file, with the board of `board_side`, validated strictly; any problem is
    a DataError naming the file and the field."""
    tiles, special = comp.load_rooms()
    board_def = board_mod.load_board(board_side)
    items = crew.load_items()
    character_board, characters = crew.load_characters()
    action_cards = cards_mod.load_action_cards()
    attack_cards = cards_mod.load_attack_cards()
    data = NemesisData(
        board=board_def,
        room_tiles=tiles,
        special_rooms=special,
        exploration=comp.load_exploration(),
        intruders=comp.load_intruders(),
        dice=comp.load_dice(),
        tracks=comp.load_tracks(),
        character_board=character_board,
        characters=characters,
        action_cards=action_cards,
        items=items,
        events=cards_mod.load_events(),
        attack_cards=attack_cards,
        attack_deck=cards_mod.attack_deck(attack_cards),
        weaknesses=cards_mod.load_weaknesses(),
        serious_wounds=cards_mod.load_serious_wounds(),
        contamination=cards_mod.load_contamination(),
        objectives=cards_mod.load_objectives(),
        coordinates=cards_mod.load_coordinates(),
        intruder_player_cards=cards_mod.load_intruder_player_cards(),
        rooms_by_id=_by_id((*tiles, *special), "rooms.yaml"),
        items_by_id=_by_id(items.items, "items.yaml: items"),
        action_cards_by_id=_by_id(action_cards, "action_cards.yaml"),
        special_room_number=MappingProxyType(
            {r.special_room: r.number for r in board_def.rooms if r.special_room is not None}
        ),
    )
    check_references(data)
    return data


def _by_id(rows: tuple[Any, ...], where: str) -> Mapping[str, Any]:
    out: dict[str, Any] = {}
    for row in rows:
        if row.id in out:
            raise DataError(f"{where}: id {row.id!r} is given twice")
        out[row.id] = row
    return MappingProxyType(out)


def check_references(data: NemesisData) -> None:
    """DataError for any reference between files that names nothing (module docstring)."""
    _check_board_rooms(data)
    _check_unique_ids(data)
    _check_decks(data)
    _check_intruder_refs(data)
    allowed = _reference_sets(data)
    for where, spec in all_specs(data):
        vocabulary = CONDITION_OPS if isinstance(spec, ConditionSpec) else EFFECT_OPS
        for name, kind in vocabulary[spec.op].params.items():
            if kind not in allowed:
                continue
            value = spec.params[name]
            for v in value if kind in LIST_KINDS else (value,):
                if v not in allowed[kind]:
                    raise DataError(
                        f"{where}: op {spec.op!r} param {name!r}: {v!r} is not a known {kind} "
                        f"(known: {sorted(allowed[kind])})"
                    )


# NemesisData fields that hold ops -> the file (and section) they come from, for messages
SOURCES = {
    "room_tiles": "rooms.yaml: tiles",
    "special_rooms": "rooms.yaml: special",
    "exploration": "exploration_tokens.yaml",
    "intruders": "intruders.yaml",
    "characters": "characters.yaml: characters",
    "action_cards": "action_cards.yaml",
    "items": "items.yaml",
    "events": "events.yaml",
    "attack_cards": "attack_cards.yaml",
    "weaknesses": "weaknesses.yaml",
    "serious_wounds": "serious_wounds.yaml",
    "objectives": "objectives.yaml",
    "intruder_player_cards": "intruder_player_cards.yaml",
}


def all_specs(data: NemesisData) -> Iterator[tuple[str, EffectSpec | ConditionSpec]]:
    """Every op and condition in the data, with the file and path it comes from."""
    for name, source in SOURCES.items():
        yield from _specs(getattr(data, name), source)


def _check_board_rooms(data: NemesisData) -> None:
    where = data.board.file
    special_ids = [r.special_room for r in data.board.rooms if r.special_room is not None]
    if sorted(special_ids) != sorted(r.id for r in data.special_rooms):
        raise DataError(
            f"{where}: rooms.special_room must name each special room of rooms.yaml once; "
            f"got {special_ids}"
        )
    pairs: tuple[tuple[int, board_mod.SlotKind], ...] = ((1, "room1"), (2, "room2"))
    for kind, slot in pairs:
        tiles = sum(1 for t in data.room_tiles if t.kind == kind)
        if len(data.board.slots(slot)) > tiles:
            raise DataError(f"{where}: more {slot} slots than kind-{kind} tiles in rooms.yaml")
    _check_fixed_tiles(data)
    pods = data.board.escape_pods
    if set(pods.section_rooms) != set(pods.sections):
        raise DataError(f"{where}: escape_pods.section_rooms must map exactly the sections")
    for section, room in pods.section_rooms.items():
        if room not in data.rooms_by_id:
            raise DataError(f"{where}: escape_pods.section_rooms.{section}: unknown room {room!r}")


def _check_fixed_tiles(data: NemesisData) -> None:
    """A fixed tile names a room tile of its slot's kind, at most once on the board."""
    where = data.board.file
    kinds = {"room1": 1, "room2": 2}
    fixed = [r for r in data.board.rooms if r.fixed_tile is not None]
    for r in fixed:
        tile = next((t for t in data.room_tiles if t.id == r.fixed_tile), None)
        if tile is None or tile.kind != kinds[r.slot]:
            raise DataError(
                f"{where}: rooms[{r.number - 1}].fixed_tile: {r.fixed_tile!r} is not a "
                f"kind-{kinds[r.slot]} room tile of rooms.yaml"
            )
    if len({r.fixed_tile for r in fixed}) != len(fixed):
        raise DataError(f"{where}: rooms: a fixed_tile is placed twice")


def _check_unique_ids(data: NemesisData) -> None:
    decks: dict[str, tuple[Any, ...]] = {
        "events.yaml": data.events,
        "attack_cards.yaml": data.attack_cards,
        "weaknesses.yaml": data.weaknesses,
        "serious_wounds.yaml": data.serious_wounds,
        "contamination.yaml": data.contamination,
        "objectives.yaml": data.objectives,
        "coordinates.yaml": data.coordinates,
        "intruder_player_cards.yaml": data.intruder_player_cards,
        "characters.yaml": data.characters,
        "exploration_tokens.yaml": data.exploration.tokens,
        "intruders.yaml": data.intruders.types,
        "dice.yaml: combat_faces": data.dice.combat_faces,
    }
    for where, rows in decks.items():
        _by_id(rows, where)
    owned = [c.starting_weapon for c in data.characters]
    owned_ids = [i.id for i in owned] + [q.id for c in data.characters for q in c.quest_items]
    clash = set(owned_ids) & data.items_by_id.keys()
    if clash or len(set(owned_ids)) != len(owned_ids):
        raise DataError(
            f"characters.yaml: item ids must be unique among all items: {sorted(clash)}"
        )


def _check_decks(data: NemesisData) -> None:
    for i, character in enumerate(data.characters):
        for j, card in enumerate(character.deck):
            if card not in data.action_cards_by_id:
                raise DataError(
                    f"characters.yaml: characters[{i}] ({character.id}).deck[{j}]: no Action "
                    f"card {card!r} in action_cards.yaml"
                )
    reloaders = {*data.items_by_id, *data.action_cards_by_id, *data.rooms_by_id}
    weapons = _weapon_ids(data)
    for where, item in _all_items(data):
        weapon = item.weapon if isinstance(item, crew.ItemDef) else None
        if weapon is not None:
            for source in weapon.reload_with:
                if source not in reloaders:
                    raise DataError(f"{where}.weapon.reload_with: {source!r} names nothing")
        if item.attach_to is not None and item.attach_to not in weapons:
            raise DataError(f"{where}.attach_to: {item.attach_to!r} is not a weapon id")


def _all_items(data: NemesisData) -> Iterator[tuple[str, crew.ItemDef | crew.QuestItemDef]]:
    for i, item in enumerate(data.items.items):
        yield f"items.yaml: items[{i}] ({item.id})", item
    for i, character in enumerate(data.characters):
        where = f"characters.yaml: characters[{i}] ({character.id})"
        yield f"{where}.starting_weapon", character.starting_weapon
        for j, quest in enumerate(character.quest_items):
            yield f"{where}.quest_items[{j}]", quest


def _weapon_ids(data: NemesisData) -> frozenset[str]:
    ids = {
        i.id for _, i in _all_items(data) if isinstance(i, crew.ItemDef) and i.weapon is not None
    }
    return frozenset({*ids, crew.ANY_ENERGY_WEAPON})


def _check_intruder_refs(data: NemesisData) -> None:
    movers = {t.id for t in data.intruders.types if t.moves_on_events}
    attackers = {t.id for t in data.intruders.types if t.attack == "deck"}
    types = {t.id for t in data.intruders.types}
    checks = (
        [(f"events.yaml[{i}] ({c.id}).moves", c.moves, movers) for i, c in enumerate(data.events)]
        + [
            (f"attack_cards.yaml[{i}] ({c.id}).attackers", c.attackers, attackers)
            for i, c in enumerate(data.attack_cards)
        ]
        + [
            (f"dice.yaml: combat_faces[{i}] ({f.id}).hurts", f.hurts, types)
            for i, f in enumerate(data.dice.combat_faces)
        ]
    )
    for where, named, allowed in checks:
        if unknown := set(named) - allowed:
            raise DataError(f"{where}: {sorted(unknown)} not among {sorted(allowed)}")


def _reference_sets(data: NemesisData) -> dict[str, frozenset[Any]]:
    types = frozenset(t.id for t in data.intruders.types)
    faces = frozenset(f.id for f in data.dice.combat_faces)
    items = frozenset(data.items_by_id)
    return {
        "room": frozenset(data.rooms_by_id),
        "colour": frozenset(get_args(comp.Colour)),
        "intruder_type": types,
        "intruder_types": types,
        "face": faces,
        "faces": faces,
        "weapon": _weapon_ids(data),
        "item": items,
        "items": items,
        "cards": frozenset(data.action_cards_by_id),
        "sources": items | data.rooms_by_id.keys(),
        "slot": frozenset(data.board.supply.weakness_slots),
        "object": OBJECTS,
        "destination": frozenset(get_args(comp.Destination)),
    }


def _specs(value: Any, where: str) -> Iterator[tuple[str, EffectSpec | ConditionSpec]]:
    """Every op anywhere inside `value` (dataclasses, tuples, mappings), with its path."""
    if isinstance(value, (EffectSpec, ConditionSpec)):
        yield where, value
        for i, option in enumerate(value.params.get("options", ())):
            yield from _specs(option, f"{where}.options[{i}]")
    elif is_dataclass(value) and not isinstance(value, type):
        for f in fields(value):
            yield from _specs(getattr(value, f.name), _join(where, f.name))
    elif isinstance(value, tuple):
        for i, part in enumerate(value):
            label = f" ({part.id})" if isinstance(getattr(part, "id", None), str) else ""
            yield from _specs(part, f"{where}[{i}]{label}")
    elif isinstance(value, Mapping):
        for key, part in value.items():
            yield from _specs(part, _join(where, str(key)))


def _join(where: str, name: str) -> str:
    return f"{where}: {name}" if where.endswith(".yaml") else f"{where}.{name}"
