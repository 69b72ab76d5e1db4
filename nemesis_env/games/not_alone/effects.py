"""Named effect functions that the data files refer to (`op`), and when each may be used.

Three kinds of effect: place powers, hunt cards and survival cards. An effect runs with the
state, the acting seat's index and the op's params from YAML; a `can` function says whether
the card or power may be used now (so masks never offer a move that would do nothing
forbidden). The functions themselves live in rules/places.py, rules/hunt_cards.py and
rules/survival_cards.py, grouped by mechanic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nemesis_env.games.not_alone.state import F_BEACH_USED, F_WRECK_USED, State

# place power: (state, hunted, slot, place_number, **params)
PlacePower = Callable[..., None]
PlaceCan = Callable[..., bool]
# hunt card: (state, card_index, **params); survival card: (state, hunted, **params)
HuntEffect = Callable[..., None]
HuntCan = Callable[..., bool]
SurvivalEffect = Callable[..., None]
SurvivalCan = Callable[..., bool]

# Effect tables: rules modules tag their functions with `@on_effect(TABLE, op)`; each game
# collects its own tables (rules.build_effects), so no table is shared between games.
PLACE_POWER, PLACE_CHECK = "place power", "place power check"
HUNT_EFFECT, HUNT_CHECK = "hunt card", "hunt card check"
SURVIVAL_EFFECT, SURVIVAL_CHECK = "survival card", "survival card check"
TABLES = (PLACE_POWER, PLACE_CHECK, HUNT_EFFECT, HUNT_CHECK, SURVIVAL_EFFECT, SURVIVAL_CHECK)


def always(*_: Any, **__: Any) -> bool:
    return True


# Beach and Wreck work once per turn for the whole table (seed 003, place clarifications).
ONCE_PER_TURN_FLAGS = {4: F_BEACH_USED, 8: F_WRECK_USED}


def place_power_usable(s: State, h: int, slot: int, place: int) -> bool:
    definition = s.game.data.places[place - 1]
    if definition.once_per_turn and s.flags & ONCE_PER_TURN_FLAGS[place]:
        return False
    spec = definition.power
    return bool(s.game.effects[PLACE_CHECK].get(spec.op)(s, h, slot, place, **spec.params))


def run_place_power(s: State, h: int, slot: int, place: int) -> None:
    definition = s.game.data.places[place - 1]
    if definition.once_per_turn:
        s.flags |= ONCE_PER_TURN_FLAGS[place]
    s.log("use_power", h + 1, hunted=h, place=place)
    spec = definition.power
    s.game.effects[PLACE_POWER].get(spec.op)(s, h, slot, place, **spec.params)
