"""Helpers shared by the hunt-card test files: ids by card name, scenario builders."""

from __future__ import annotations

from typing import Any

from nemesis_env.games.not_alone.actions import (
    HUNT,
    HUNTED,
    PASS,
    SURVIVAL,
    place_id,
)
from nemesis_env.games.not_alone.actions import (
    PAIR as PAIR_KIND,
)
from nemesis_env.games.not_alone.defs import load_data
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.scenario import load

from .driver import top

DATA = load_data()
LAIR, JUNGLE, RIVER, BEACH, ROVER, SWAMP, SHELTER, WRECK, SOURCE, ARTEFACT = range(1, 11)
PLAYER_WINDOWS = (K.D_CREATURE_WINDOW, K.D_HUNTED_WINDOW, K.D_RESOLVE, K.D_CATCH_SURVIVAL)


def P(place: int) -> int:
    return place_id(place)


def HC(card_id: str) -> int:
    """The action id playing a hunt card."""
    return HUNT.id(DATA.hunt_index(card_id))


def HI(card_id: str) -> int:
    """A hunt card's index (also its chance-outcome id when drawn)."""
    return DATA.hunt_index(card_id)


def SC(card_id: str) -> int:
    return SURVIVAL.id(DATA.survival_index(card_id))


def PAIR(a: int, b: int) -> int:
    return PAIR_KIND.id(DATA.pairs.index((min(a, b), max(a, b))))


def HD(h: int) -> int:
    return HUNTED.id(h)


def build(players: int = 3, side: int = 1, **doc: Any) -> Any:
    return load({"game": "not_alone", "params": {"players": players, "board_side": side}, **doc})


def pass_through(s: Any) -> list[int]:
    """Applies PASS to every open window/resolve choice; stops at any other decision.

    Returns the kinds passed, so a test can assert which windows were (not) offered.
    """
    seen = []
    while not s.is_terminal() and top(s).kind in PLAYER_WINDOWS and PASS in s.legal_actions():
        seen.append(top(s).kind)
        s.apply_action(PASS)
    return seen


def hunting(creature_hand: list[str], hunted: list[dict[str, Any]], **doc: Any) -> Any:
    """A state at the start of phase 2 with the Creature holding `creature_hand`."""
    creature = {"hand": creature_hand, **doc.pop("creature", {})}
    return build(players=len(hunted) + 1, phase="hunting", creature=creature, hunted=hunted, **doc)
