"""Frozen definitions of Not Alone's printed components, loaded strictly from data/*.yaml."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from nemesis_env.core.data import expect_list, load_yaml_resource, parse_row
from nemesis_env.core.effects import EffectSpec, parse_effects
from nemesis_env.core.errors import DataError

DATA_PACKAGE = "nemesis_env.games.not_alone.data"
SYMBOLS = ("none", "target", "artemia")


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceDef:
    number: int
    id: str
    name: str
    power: EffectSpec
    once_per_turn: bool = False
    copyable: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class HuntCardDef:
    id: str
    name: str
    phase: int  # 1-4, or 0 for Flashback (played in the phase of the card it copies)
    symbol: str
    effects: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SurvivalCardDef:
    id: str
    name: str
    phase: int
    effects: tuple[EffectSpec, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDef:
    rescue_start_base: int
    assimilation_start_base: int
    artemia_squares: Mapping[int, frozenset[int]]
    reserve_copies: Mapping[int, int]
    rows: tuple[tuple[int, ...], ...]
    starting_places: tuple[int, ...]
    starting_will: int
    hunt_hand_size: int
    starting_survival_cards: int


@dataclass(frozen=True, slots=True)
class NotAloneData:
    places: tuple[PlaceDef, ...]  # index = number - 1
    hunt: tuple[HuntCardDef, ...]
    survival: tuple[SurvivalCardDef, ...]
    board: BoardDef
    adjacent: tuple[int, ...]  # bitmask (bit p-1) of neighbours per place index
    pairs: tuple[tuple[int, int], ...]  # adjacent place pairs (low, high), canonical order

    def hunt_index(self, card_id: str) -> int:
        return _index_of(self.hunt, card_id, "hunt card")

    def survival_index(self, card_id: str) -> int:
        return _index_of(self.survival, card_id, "survival card")

    def place_number(self, place_id: str) -> int:
        return _index_of(self.places, place_id, "place") + 1


def _index_of(cards: tuple[Any, ...], card_id: str, what: str) -> int:
    for i, card in enumerate(cards):
        if card.id == card_id:
            return i
    raise DataError(f"unknown {what} {card_id!r}; known: {[c.id for c in cards]}")


def _parse_symbol(value: Any) -> str:
    if value not in SYMBOLS:
        raise ValueError(f"symbol must be one of {SYMBOLS}, got {value!r}")
    return str(value)


def _parse_power(value: Any) -> EffectSpec:
    (spec,) = parse_effects([value])
    return spec


def load_places() -> tuple[PlaceDef, ...]:
    rows = expect_list(load_yaml_resource(DATA_PACKAGE, "places.yaml"), "places.yaml")
    places = tuple(parse_row(PlaceDef, row, power=_parse_power) for row in rows)
    if [p.number for p in places] != list(range(1, 11)):
        raise DataError("places.yaml must list places 1..10 in order")
    return places


def load_hunt_cards() -> tuple[HuntCardDef, ...]:
    rows = expect_list(load_yaml_resource(DATA_PACKAGE, "hunt_cards.yaml"), "hunt_cards.yaml")
    return tuple(
        parse_row(HuntCardDef, row, symbol=_parse_symbol, effects=parse_effects) for row in rows
    )


def load_survival_cards() -> tuple[SurvivalCardDef, ...]:
    rows = expect_list(
        load_yaml_resource(DATA_PACKAGE, "survival_cards.yaml"), "survival_cards.yaml"
    )
    return tuple(parse_row(SurvivalCardDef, row, effects=parse_effects) for row in rows)


def load_board() -> BoardDef:
    doc = load_yaml_resource(DATA_PACKAGE, "board.yaml")
    return parse_row(
        BoardDef,
        doc,
        artemia_squares=lambda m: {int(k): frozenset(v) for k, v in m.items()},
        reserve_copies=lambda m: {int(k): int(v) for k, v in m.items()},
        rows=lambda rows: tuple(tuple(r) for r in rows),
        starting_places=tuple,
    )


def _adjacency(
    rows: tuple[tuple[int, ...], ...],
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """Orthogonal neighbours on the grid of places (seed 003: sides touch)."""
    neighbours = [0] * 10
    pairs: list[tuple[int, int]] = []
    for r, row in enumerate(rows):
        for c, place in enumerate(row):
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < len(rows) and cc < len(rows[rr]):
                    other = rows[rr][cc]
                    neighbours[place - 1] |= 1 << (other - 1)
                    neighbours[other - 1] |= 1 << (place - 1)
                    pairs.append((min(place, other), max(place, other)))
    return tuple(neighbours), tuple(sorted(pairs))


@cache
def load_data() -> NotAloneData:
    """All of Not Alone's component data, loaded and validated once per process."""
    board = load_board()
    adjacent, pairs = _adjacency(board.rows)
    hunt = load_hunt_cards()
    survival = load_survival_cards()
    if len(hunt) != 20 or len({c.id for c in hunt}) != 20:
        raise DataError("hunt_cards.yaml must hold 20 distinct cards")
    if len(survival) != 15 or len({c.id for c in survival}) != 15:
        raise DataError("survival_cards.yaml must hold 15 distinct cards")
    return NotAloneData(load_places(), hunt, survival, board, adjacent, pairs)
