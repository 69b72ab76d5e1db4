"""Not Alone's rules as plain functions over State, one module per phase or mechanic.

`build_rules()` collects every tagged handler of these modules into a fresh core `Rules`
object; each NotAloneGame holds its own, so nothing is registered in a shared table.
"""

from __future__ import annotations

from typing import Any

from nemesis_env.core.effects import EffectRegistry, collect_effects
from nemesis_env.core.engine import Rules
from nemesis_env.games.not_alone import effects
from nemesis_env.games.not_alone.rules import (
    decks,
    end_turn,
    exploration,
    hunt_cards,
    hunting,
    places,
    reckoning,
    setup,
    survival_cards,
)
from nemesis_env.games.not_alone.rules.kinds import (
    AUTO_KINDS,
    CHANCE_KINDS,
    PLAYER_KINDS,
    Kind,
    Stage,
)

MODULES = (decks, end_turn, exploration, hunt_cards, hunting, places, reckoning, setup,
           survival_cards)  # fmt: skip


def build_effects() -> dict[str, EffectRegistry[Any]]:
    """The game's effect tables (place powers, hunt and survival cards, and their checks)."""
    tables = collect_effects(MODULES)
    if missing := set(effects.TABLES) - set(tables):
        raise ValueError(f"not_alone: no effects tagged for tables {sorted(missing)}")
    return tables


def build_rules() -> Rules[Any]:
    """A complete rules object for one game (every kind and stage has its handlers)."""
    rules: Rules[Any] = Rules.collect("not_alone", Kind, Stage, MODULES)
    rules.check(PLAYER_KINDS, CHANCE_KINDS, AUTO_KINDS)
    return rules
