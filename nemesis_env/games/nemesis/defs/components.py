"""Room tiles, exploration tokens, intruders, dice and tracks (nemesis-reference.md §3, §4.3-§4.4,
§7.1-§7.3, §9; data/rooms.yaml, exploration_tokens.yaml, intruders.yaml, dice.yaml,
tracks.yaml)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs.parse import build, build_rows, check_sections, convert, read

RoomKind = Literal[1, 2, "special"]
Colour = Literal["red", "yellow", "green", "white", "none"]
TokenEffect = Literal["silence", "danger", "slime", "fire", "malfunction", "door"]
IntruderAttack = Literal["deck", "infest", "none"]
NoiseFace = int | Literal["silence", "danger"]
Destination = Literal["earth", "mars", "venus", "deep_space"]
DestinationSpace = Literal["a", "b", "c", "d"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomDef:
    id: str
    name: str
    kind: RoomKind
    colour: Colour
    computer: bool
    searchable: bool
    action: tuple[EffectSpec, ...] | None
    action_cost: int | None
    passive: tuple[EffectSpec, ...] = ()
    malfunction_allowed: bool = True
    malfunction_blocks_action: bool = True
    engine: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplorationTokenDef:
    id: str
    effect: TokenEffect
    items: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ExplorationDef:
    effects: Mapping[TokenEffect, tuple[EffectSpec, ...]]
    tokens: tuple[ExplorationTokenDef, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class IntruderTypeDef:
    id: str
    name: str
    tokens: int
    surprise_numbers: tuple[int, ...]
    miniatures: int
    kill_check_cards: int
    leaves_carcass: bool
    attack: IntruderAttack
    moves_on_events: bool
    encounter: tuple[EffectSpec, ...]
    development: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class IntrudersDef:
    types: tuple[IntruderTypeDef, ...]
    initial_bag: Mapping[str, int]
    initial_bag_per_player: Mapping[str, int]

    def intruder(self, type_id: str) -> IntruderTypeDef:
        for t in self.types:
            if t.id == type_id:
                return t
        raise DataError(f"unknown intruder type {type_id!r}; known: {[t.id for t in self.types]}")

    def bag(self, players: int) -> dict[str, int]:
        """The initial bag for `players` players (§9.1)."""
        bag = dict(self.initial_bag)
        for type_id, count in self.initial_bag_per_player.items():
            bag[type_id] = bag.get(type_id, 0) + count * players
        return bag


@dataclass(frozen=True, slots=True, kw_only=True)
class CombatFaceDef:
    id: str
    hurts: tuple[str, ...]
    shoot_injuries: int
    melee_injuries: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceDef:
    noise: tuple[NoiseFace, ...]
    combat: tuple[str, ...]
    combat_faces: tuple[CombatFaceDef, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeTrackDef:
    turns: int
    hibernation_open_at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfDestructDef:
    advances_to_yellow: int
    advances_to_skull: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DestinationTrackDef:
    spaces: tuple[DestinationSpace, ...]
    start: DestinationSpace


@dataclass(frozen=True, slots=True, kw_only=True)
class TracksDef:
    time: TimeTrackDef
    self_destruct: SelfDestructDef
    destination: DestinationTrackDef


def load_rooms() -> tuple[tuple[RoomDef, ...], tuple[RoomDef, ...]]:
    """(room tiles, printed special rooms)."""
    doc = read("rooms.yaml")
    check_sections(doc, {"tiles", "special"}, "rooms.yaml")
    tiles = build_rows(RoomDef, doc["tiles"], "rooms.yaml: tiles")
    special = build_rows(RoomDef, doc["special"], "rooms.yaml: special")
    for where, rooms, special_kind in (("tiles", tiles, False), ("special", special, True)):
        for i, room in enumerate(rooms):
            label = f"rooms.yaml: {where}[{i}] ({room.id})"
            if (room.kind == "special") != special_kind:
                raise DataError(f"{label}.kind: {room.kind!r} does not belong in {where}")
            if (room.action is None) != (room.action_cost is None):
                raise DataError(f"{label}: action and action_cost must both be null or both set")
    return tiles, special


def load_exploration() -> ExplorationDef:
    doc = read("exploration_tokens.yaml")
    check_sections(doc, {"effects", "tokens"}, "exploration_tokens.yaml")
    where = "exploration_tokens.yaml: effects"
    hint = Mapping[TokenEffect, tuple[EffectSpec, ...]]
    effects = convert(hint, doc["effects"], where)
    tokens = build_rows(ExplorationTokenDef, doc["tokens"], "exploration_tokens.yaml: tokens")
    missing = {t.effect for t in tokens} - effects.keys()
    if missing:
        raise DataError(f"{where}: no ops for token effects {sorted(missing)}")
    for i, token in enumerate(tokens):
        if not 1 <= token.items <= 4:
            raise DataError(f"exploration_tokens.yaml: tokens[{i}].items: expected 1-4")
    return ExplorationDef(effects=effects, tokens=tokens)


def load_intruders() -> IntrudersDef:
    intruders = build(IntrudersDef, read("intruders.yaml"), "intruders.yaml")
    known = {t.id for t in intruders.types}
    for i, t in enumerate(intruders.types):
        if len(t.surprise_numbers) != (t.tokens if t.miniatures else 0):
            raise DataError(
                f"intruders.yaml: types[{i}] ({t.id}).surprise_numbers: expected one number per "
                f"token ({t.tokens}), or none for a type without miniatures"
            )
    for key in ("initial_bag", "initial_bag_per_player"):
        for type_id, count in getattr(intruders, key).items():
            if type_id not in known or count < 0:
                raise DataError(f"intruders.yaml: {key}.{type_id}: unknown type or negative count")
    for type_id, count in intruders.bag(5).items():
        if count > intruders.intruder(type_id).tokens:
            raise DataError(
                f"intruders.yaml: initial_bag needs {count} {type_id} tokens at 5 players"
            )
    return intruders


def load_dice() -> DiceDef:
    dice = build(DiceDef, read("dice.yaml"), "dice.yaml")
    faces = {f.id for f in dice.combat_faces}
    for i, face in enumerate(dice.combat):
        if face not in faces:
            raise DataError(
                f"dice.yaml: combat[{i}]: {face!r} is not in combat_faces {sorted(faces)}"
            )
    for i, noise in enumerate(dice.noise):
        if isinstance(noise, int) and not 1 <= noise <= 4:
            raise DataError(f"dice.yaml: noise[{i}]: a corridor number must be 1-4, got {noise}")
    return dice


def load_tracks() -> TracksDef:
    tracks = build(TracksDef, read("tracks.yaml"), "tracks.yaml")
    if tracks.destination.start not in tracks.destination.spaces:
        raise DataError("tracks.yaml: destination.start must be one of destination.spaces")
    if not 0 < tracks.self_destruct.advances_to_yellow < tracks.self_destruct.advances_to_skull:
        raise DataError(
            "tracks.yaml: self_destruct: need 0 < advances_to_yellow < advances_to_skull"
        )
    return tracks
