"""Not Alone's declared action table and chance-outcome table (core.spaces).

Every seat shares one table of 76 player actions; the top decision says which are legal and
what an id means there (e.g. place "river" is "play the River" while exploring and "take the
River back" when taking cards back). Chance outcomes have their own table: 20 hunt cards, then
15 survival cards. The declaration order fixes the ids; nothing computes an id by hand.
"""

from __future__ import annotations

from nemesis_env.core.spaces import ActionSpace
from nemesis_env.games.not_alone.defs import load_data

_DATA = load_data()

SPACE = ActionSpace("not_alone")
PASS_KIND = SPACE.add("pass")
PLACE = SPACE.add("place", len(_DATA.places), [p.id for p in _DATA.places])  # arg = number - 1
SURVIVAL = SPACE.add("survival", len(_DATA.survival), [c.id for c in _DATA.survival])
HUNT = SPACE.add("hunt", len(_DATA.hunt), [c.id for c in _DATA.hunt])
HUNTED = SPACE.add("hunted", 6)  # arg = Hunted index (seat - 1); 7 players at most
PAIR = SPACE.add(
    "pair",
    len(_DATA.pairs),
    [f"{_DATA.places[a - 1].id}+{_DATA.places[b - 1].id}" for a, b in _DATA.pairs],
)
RESIST = SPACE.add("resist")  # lose 1 Will, take back 2 place cards
GIVE_UP = SPACE.add("give_up")  # regain all Will and every place card; Assimilation +1
USE_POWER = SPACE.add("use_power")  # use the power of the place you are on
TAKE_ALL = SPACE.add("take_all")  # Lair: take back every discarded place card
DRAW = SPACE.add("draw")  # Source: draw a survival card
LOSE_WILL = SPACE.add("lose_will")  # Scream: lose 1 Will
DISCARD_TWO = SPACE.add("discard_two")  # Scream: discard 2 place cards
SIDE_1 = SPACE.add("side_1")  # choose board side 1
SIDE_2 = SPACE.add("side_2")  # choose board side 2
CREATURE_TOKEN = SPACE.add("creature_token")  # Wrong Track under Clone: move the Creature token
TARGET_TOKEN = SPACE.add("target_token")  # Wrong Track under Clone: move the Target token
SPACE.freeze()

PASS = PASS_KIND.id()
OPT_RESIST, OPT_GIVE_UP, OPT_USE_POWER = RESIST.id(), GIVE_UP.id(), USE_POWER.id()
OPT_TAKE_ALL, OPT_DRAW, OPT_LOSE_WILL = TAKE_ALL.id(), DRAW.id(), LOSE_WILL.id()
OPT_DISCARD_TWO, OPT_SIDE_1, OPT_SIDE_2 = DISCARD_TWO.id(), SIDE_1.id(), SIDE_2.id()
OPT_CREATURE_TOKEN, OPT_TARGET_TOKEN = CREATURE_TOKEN.id(), TARGET_TOKEN.id()
OPTION_KINDS = (RESIST, GIVE_UP, USE_POWER, TAKE_ALL, DRAW, LOSE_WILL, DISCARD_TWO, SIDE_1,
                SIDE_2, CREATURE_TOKEN, TARGET_TOKEN)  # fmt: skip
NUM_ACTIONS = len(SPACE)

CHANCE_SPACE = ActionSpace("not_alone chance")
HUNT_CARD = CHANCE_SPACE.add("hunt card", len(_DATA.hunt), [c.id for c in _DATA.hunt])
SURVIVAL_CARD = CHANCE_SPACE.add(
    "survival card", len(_DATA.survival), [c.id for c in _DATA.survival]
)
CHANCE_SPACE.freeze()
NUM_CHANCE_OUTCOMES = len(CHANCE_SPACE)

PLACE_IDS = tuple(PLACE.all_ids())


def place_id(number: int) -> int:
    """The id of place card `number` (1..10)."""
    return PLACE.id(number - 1)


def place_of(action_id: int) -> int:
    """The place number (1..10) a place id names."""
    return PLACE.arg(action_id) + 1


def chance_outcome_name(outcome: int) -> str:
    kind = CHANCE_SPACE.kind_of(outcome)
    data = _DATA.hunt if kind is HUNT_CARD else _DATA.survival
    return f"{kind.name} {data[kind.arg(outcome)].id}"
