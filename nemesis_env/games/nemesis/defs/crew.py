"""Nemesis items and characters (nemesis-reference.md §6.3, §13, §14; data/items.yaml,
characters.yaml)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs.cards import Timing
from nemesis_env.games.nemesis.defs.parse import build, build_rows, check_sections, read

Icon = Literal["chemical", "cloth", "electric", "medical", "tool"]
ItemDeck = Literal["red", "yellow", "green"]
ANY_ENERGY_WEAPON = "any_energy_weapon"
DECK_SIZE = 10


@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponDef:
    kind: Literal["classic", "energy"]
    ammo: int  # capacity
    reload_with: tuple[str, ...]  # item, action-card or room ids that reload it


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemDef:
    id: str
    name: str
    cost: int | None
    timing: Timing
    effects: tuple[EffectSpec, ...]
    heavy: bool = False
    one_use: bool = False
    icons: tuple[Icon, ...] = ()
    weapon: WeaponDef | None = None
    attach_to: str | None = None  # a weapon id or any_energy_weapon


@dataclass(frozen=True, slots=True, kw_only=True)
class CraftedDef:
    item: str
    copies: int
    recipe: tuple[Icon, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemsDef:
    items: tuple[ItemDef, ...]
    decks: Mapping[ItemDeck, Mapping[str, int]]  # deck colour -> item id -> copies
    crafted: tuple[CraftedDef, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class QuestItemDef:
    id: str
    name: str
    activation_cost: int
    activation: tuple[EffectSpec, ...]  # requirements to turn it active
    cost: int | None
    timing: Timing
    effects: tuple[EffectSpec, ...]
    heavy: bool = False
    one_use: bool = False
    attach_to: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterDef:
    id: str
    name: str
    starting_weapon: ItemDef
    quest_items: tuple[QuestItemDef, ...]
    deck: tuple[str, ...]  # action card ids, repeats listed


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterBoardDef:
    hand_size: int
    light_wound_spaces: int
    serious_wound_slots: int
    hand_slots: int


def load_items() -> ItemsDef:
    items = build(ItemsDef, read("items.yaml"), "items.yaml")
    ids = [item.id for item in items.items]
    known = set(ids)
    if len(known) != len(ids):
        raise DataError(
            f"items.yaml: items: ids given twice: {sorted({i for i in ids if ids.count(i) > 1})}"
        )
    for i, item in enumerate(items.items):
        _check_item(item, f"items.yaml: items[{i}] ({item.id})")
    for colour, deck in items.decks.items():
        for item_id, copies in deck.items():
            if item_id not in known or copies < 1:
                raise DataError(f"items.yaml: decks.{colour}.{item_id}: unknown item or copies < 1")
    for i, crafted in enumerate(items.crafted):
        if crafted.item not in known or crafted.copies < 1 or len(crafted.recipe) != 2:
            raise DataError(
                f"items.yaml: crafted[{i}]: item must be a known id, copies >= 1, recipe 2 icons"
            )
    return items


def _check_item(item: ItemDef, where: str) -> None:
    if (item.weapon is None) != (item.cost is not None):
        raise DataError(f"{where}.cost: null exactly for weapons (used through Shoot)")
    if item.weapon is not None and (item.weapon.ammo < 1 or not item.heavy):
        raise DataError(f"{where}.weapon: a weapon is a heavy item with ammo capacity >= 1")


def load_characters() -> tuple[CharacterBoardDef, tuple[CharacterDef, ...]]:
    doc = read("characters.yaml")
    check_sections(doc, {"board", "characters"}, "characters.yaml")
    board = build(CharacterBoardDef, doc["board"], "characters.yaml: board")
    characters = build_rows(CharacterDef, doc["characters"], "characters.yaml: characters")
    for i, character in enumerate(characters):
        where = f"characters.yaml: characters[{i}] ({character.id})"
        if len(character.deck) != DECK_SIZE:
            raise DataError(f"{where}.deck: expected {DECK_SIZE} cards, got {len(character.deck)}")
        if len(character.quest_items) != 2:
            raise DataError(f"{where}.quest_items: expected 2, got {len(character.quest_items)}")
        _check_item(character.starting_weapon, f"{where}.starting_weapon")
        if character.starting_weapon.weapon is None:
            raise DataError(f"{where}.starting_weapon.weapon: the starting item is a weapon")
    return board, characters
