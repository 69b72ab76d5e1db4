"""Nemesis card decks: Action cards, events, intruder attacks, weaknesses, serious wounds,
contamination, objectives, coordinates and the Intruder player deck (nemesis-reference.md
§10-§12, §14-§15, §17, §18.3; one data file per deck)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs.components import Destination, DestinationSpace
from nemesis_env.games.nemesis.defs.parse import ConditionSpec, build_rows, check_sections, read

Timing = Literal["any", "combat_only", "out_of_combat"]
ObjectiveKind = Literal["corporate", "personal", "solo_coop"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionCardDef:
    id: str
    name: str
    cost: int
    timing: Timing
    effects: tuple[EffectSpec, ...]
    reaction: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EventCardDef:
    id: str
    name: str
    moves: tuple[str, ...]  # intruder type ids
    corridor: int
    effects: tuple[EffectSpec, ...]
    remove_and_reshuffle: bool = False
    shuffle_back: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackCardDef:
    id: str
    name: str
    blood: tuple[int | Literal["retreat"], ...]  # one entry per copy
    attackers: tuple[str, ...]  # intruder type ids
    effects: tuple[EffectSpec, ...]

    @property
    def copies(self) -> int:
        return len(self.blood)


@dataclass(frozen=True, slots=True)
class AttackCopy:
    """One physical Intruder Attack card: its kind and blood value (None = retreat arrow)."""

    card: str
    blood: int | None

    @property
    def retreat(self) -> bool:
        return self.blood is None


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaknessDef:
    id: str
    name: str
    effects: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriousWoundDef:
    id: str
    name: str
    copies: int
    effects: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ContaminationDef:
    id: str
    copies: int
    infected: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectiveDef:
    id: str
    name: str
    min_players: int
    any_of: tuple[tuple[ConditionSpec, ...], ...]
    survives_jump_to: tuple[Destination, ...] = ()
    kind: ObjectiveKind = "corporate"  # set from the file section by load_objectives


@dataclass(frozen=True, slots=True, kw_only=True)
class CoordinatesCardDef:
    id: str
    a: Destination
    b: Destination
    c: Destination
    d: Destination

    def destination(self, space: DestinationSpace) -> Destination:
        return {"a": self.a, "b": self.b, "c": self.c, "d": self.d}[space]


@dataclass(frozen=True, slots=True, kw_only=True)
class IntruderPlayerCardDef:
    id: str
    name: str
    move: tuple[int, ...]  # corridor numbers the Move use allows; [1, 2, 3, 4] = any
    attack_draw: int
    effects: tuple[EffectSpec, ...]


def load_action_cards() -> tuple[ActionCardDef, ...]:
    cards = build_rows(ActionCardDef, read("action_cards.yaml"), "action_cards.yaml")
    for i, card in enumerate(cards):
        if card.cost < 0:
            raise DataError(f"action_cards.yaml[{i}] ({card.id}).cost: must be >= 0")
    return cards


def load_events() -> tuple[EventCardDef, ...]:
    events = build_rows(EventCardDef, read("events.yaml"), "events.yaml")
    for i, card in enumerate(events):
        if not 1 <= card.corridor <= 4:
            raise DataError(f"events.yaml[{i}] ({card.id}).corridor: expected 1-4")
        if card.remove_and_reshuffle and card.shuffle_back:
            raise DataError(f"events.yaml[{i}] ({card.id}): remove_and_reshuffle or shuffle_back")
    return events


def load_attack_cards() -> tuple[AttackCardDef, ...]:
    return build_rows(AttackCardDef, read("attack_cards.yaml"), "attack_cards.yaml")


def attack_deck(cards: tuple[AttackCardDef, ...]) -> tuple[AttackCopy, ...]:
    """Every physical attack card, in file order."""
    return tuple(
        AttackCopy(card.id, None if blood == "retreat" else blood)
        for card in cards
        for blood in card.blood
    )


def load_weaknesses() -> tuple[WeaknessDef, ...]:
    return build_rows(WeaknessDef, read("weaknesses.yaml"), "weaknesses.yaml")


def load_serious_wounds() -> tuple[SeriousWoundDef, ...]:
    return build_rows(SeriousWoundDef, read("serious_wounds.yaml"), "serious_wounds.yaml")


def load_contamination() -> tuple[ContaminationDef, ...]:
    return build_rows(ContaminationDef, read("contamination.yaml"), "contamination.yaml")


def load_objectives() -> tuple[ObjectiveDef, ...]:
    doc = read("objectives.yaml")
    kinds: tuple[ObjectiveKind, ...] = ("corporate", "personal", "solo_coop")
    check_sections(doc, set(kinds), "objectives.yaml")
    out: list[ObjectiveDef] = []
    for kind in kinds:
        where = f"objectives.yaml: {kind}"
        if any(isinstance(row, dict) and "kind" in row for row in doc[kind] or ()):
            raise DataError(f"{where}: the kind comes from the section; rows take no 'kind' key")
        for i, card in enumerate(build_rows(ObjectiveDef, doc[kind], where)):
            if not card.any_of or not all(card.any_of):
                raise DataError(f"{where}[{i}] ({card.id}).any_of: needs non-empty alternatives")
            if not 1 <= card.min_players <= 5:
                raise DataError(f"{where}[{i}] ({card.id}).min_players: expected 1-5")
            out.append(replace(card, kind=kind))
    return tuple(out)


def load_coordinates() -> tuple[CoordinatesCardDef, ...]:
    return build_rows(CoordinatesCardDef, read("coordinates.yaml"), "coordinates.yaml")


def load_intruder_player_cards() -> tuple[IntruderPlayerCardDef, ...]:
    where = "intruder_player_cards.yaml"
    cards = build_rows(IntruderPlayerCardDef, read(where), where)
    for i, card in enumerate(cards):
        if not card.move or not set(card.move) <= {1, 2, 3, 4} or card.attack_draw < 1:
            raise DataError(f"{where}[{i}] ({card.id}): move must be numbers 1-4, attack_draw >= 1")
    return cards
