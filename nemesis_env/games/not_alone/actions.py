"""Not Alone's fixed action table and chance-outcome table.

Every seat shares one table of 76 player actions; the top decision says which are legal and
what an id means there (e.g. PLACE(3) is "play the River" while exploring and "take the River
back" when taking cards back). Chance outcomes have their own table: 20 hunt cards, then 15
survival cards.
"""

from __future__ import annotations

from nemesis_env.core.actions import Action, ActionCodec
from nemesis_env.games.not_alone.defs import NotAloneData

# Action kinds
K_PASS, K_PLACE, K_SURVIVAL, K_HUNT, K_HUNTED, K_PAIR, K_OPTION = range(7)

PASS = 0
PLACE0 = 1  # PLACE0 + (number - 1), numbers 1..10
SURVIVAL0 = 11  # SURVIVAL0 + survival index 0..14
HUNT0 = 26  # HUNT0 + hunt index 0..19
HUNTED0 = 46  # HUNTED0 + hunted index 0..5 (seat - 1)
PAIR0 = 52  # PAIR0 + adjacent-pair index 0..12
OPTION0 = 65

OPTIONS = (
    "resist",  # lose 1 Will, take back 2 place cards
    "give_up",  # regain all Will and every place card; Assimilation +1
    "use_power",  # use the power of the place you are on
    "take_all",  # Lair: take back every discarded place card
    "draw",  # Source: draw a survival card
    "lose_will",  # Scream: lose 1 Will
    "discard_two",  # Scream: discard 2 place cards
    "side_1",  # choose board side 1
    "side_2",  # choose board side 2
    "creature_token",  # Wrong Track under Clone: move the Creature token
    "target_token",  # Wrong Track under Clone: move the Target token (the clone)
)
OPT_RESIST, OPT_GIVE_UP, OPT_USE_POWER, OPT_TAKE_ALL, OPT_DRAW = range(OPTION0, OPTION0 + 5)
OPT_LOSE_WILL, OPT_DISCARD_TWO, OPT_SIDE_1, OPT_SIDE_2 = range(OPTION0 + 5, OPTION0 + 9)
OPT_CREATURE_TOKEN, OPT_TARGET_TOKEN = OPTION0 + 9, OPTION0 + 10
NUM_ACTIONS = OPTION0 + len(OPTIONS)

# Chance outcomes: a hunt card index, or SURVIVAL_OUTCOME0 + survival index.
SURVIVAL_OUTCOME0 = 20
NUM_CHANCE_OUTCOMES = 35


def place_action(number: int) -> int:
    return PLACE0 + number - 1


def build_codec(data: NotAloneData) -> ActionCodec:
    actions = [Action(K_PASS)]
    names = ["pass"]
    for place in data.places:
        actions.append(Action(K_PLACE, place.number))
        names.append(f"place:{place.id}")
    for i, card in enumerate(data.survival):
        actions.append(Action(K_SURVIVAL, i))
        names.append(f"survival:{card.id}")
    for i, hunt in enumerate(data.hunt):
        actions.append(Action(K_HUNT, i))
        names.append(f"hunt:{hunt.id}")
    for i in range(6):
        actions.append(Action(K_HUNTED, i))
        names.append(f"hunted:{i}")
    for i, (a, b) in enumerate(data.pairs):
        actions.append(Action(K_PAIR, i))
        names.append(f"pair:{data.places[a - 1].id}+{data.places[b - 1].id}")
    for i, option in enumerate(OPTIONS):
        actions.append(Action(K_OPTION, i))
        names.append(option)
    codec = ActionCodec(actions, names)
    assert len(codec) == NUM_ACTIONS and codec.encode(Action(K_OPTION, 0)) == OPTION0
    return codec


def chance_outcome_name(data: NotAloneData, outcome: int) -> str:
    if outcome < SURVIVAL_OUTCOME0:
        return f"hunt card {data.hunt[outcome].id}"
    return f"survival card {data.survival[outcome - SURVIVAL_OUTCOME0].id}"
