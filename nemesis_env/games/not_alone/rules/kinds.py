"""The turn stages and decision kinds (IntEnums: the rules object is keyed by them, and the
decision stack stays plain data)."""

from enum import IntEnum


# Stages of the turn (shared/rules/not-alone-reference.md A.4; seed 003 "A turn has 4 phases").
class Stage(IntEnum):
    """Stages of the turn, in play order."""

    SETUP_SIDE = 0
    SETUP_DEAL = 1
    TURN_START = 2
    P1_CREATURE = 3
    P1_HUNTED = 4
    P2_CREATURE = 5
    P2_TOKENS = 6
    P2_HUNTED = 7
    P3_RIVER = 8
    P3_REVEAL = 9
    P3_CREATURE = 10
    P3_HUNTED = 11
    P3_FREE = 12
    P3_TARGET = 13
    P3_ARTEMIA = 14
    P3_CATCH = 15
    P3_ZERO = 16
    P4_CREATURE = 17
    P4_HUNTED = 18
    P4_END = 19


STAGE_NAMES = (
    "setup: board side", "setup: deal", "turn start",
    "phase 1: creature", "phase 1: exploration",
    "phase 2: hunt cards", "phase 2: hunt tokens", "phase 2: survival",
    "phase 3: river", "phase 3: reveal", "phase 3: creature", "phase 3: survival",
    "phase 3: token-free places", "phase 3: target token", "phase 3: artemia token",
    "phase 3: creature token", "phase 3: lost will",
    "phase 4: creature", "phase 4: survival", "phase 4: end of turn",
)  # fmt: skip


# Decision kinds. Chance decisions first, then player decisions, then automatic steps.
class Kind(IntEnum):
    """Decision kinds: chance draws first, then player decisions, then automatic steps."""

    DRAW_HUNT = 0
    DRAW_SURVIVAL = 1
    STRIKE_BACK = 2
    SIDE = 3
    CREATURE_WINDOW = 4
    EXPLORE = 5
    TAKE_BACK = 6
    HUNTED_WINDOW = 7
    TARGET_PLACE = 8
    TARGET_PAIR = 9
    NAME_HUNTED = 10
    KEEP = 11
    FORBIDDEN = 12
    DISCARD_PLACE = 13
    CREATURE_TOKEN = 14
    ARTEMIA_TOKEN = 15
    RIVER = 16
    CATACLYSM = 17
    DETOUR_CARD = 18
    DETOUR_DEST = 19
    MOVE_TOKEN = 20
    WHICH_TOKEN = 21
    RESOLVE_ORDER = 22
    RESOLVE = 23
    LAIR = 24
    ROVER = 25
    SHELTER_KEEP = 26
    SOURCE = 27
    GATE = 28
    SCREAM = 29
    TOXIN = 30
    CATCH_SURVIVAL = 31
    VORTEX_DISCARD = 32
    VORTEX_PLAYED = 33
    DOUBLE_BACK = 34
    SACRIFICE = 35
    FORBIDDEN_APPLY = 36
    RESOLVE_SLOT = 37
    ARTEMIA_HIT = 38
    CREATURE_HIT = 39
    SHELTER_DRAWN = 40


DECISION_NAMES = (
    "draw hunt card", "draw survival card", "strike back",
    "choose board side", "play a hunt card?", "explore", "take back a place card",
    "play a survival card?",
    "place the target token", "place the target token on two places", "choose a hunted",
    "choose place cards to keep", "forbidden zone: discard", "discard a place card",
    "place the creature token", "place the artemia token", "river: keep one card",
    "cataclysm: choose a place", "detour: choose a card", "detour: choose a place",
    "move the token", "which token", "artefact: resolve first", "resolve your place",
    "lair: take all or copy", "rover: take a place", "shelter: keep one", "source: will or draw",
    "gate: choose a place", "scream: discard two or lose will", "toxin: discard a survival card",
    "ignore the token?", "vortex: take from discard", "vortex: swap out",
    "double back: take back", "sacrifice: discard",
    "apply forbidden zone", "resolve slot", "artemia hit", "creature hit", "shelter drawn",
)  # fmt: skip

# Short names used across the rules modules.
S_SETUP_DEAL = Stage.SETUP_DEAL
S_SETUP_SIDE = Stage.SETUP_SIDE
S_TURN_START = Stage.TURN_START
S_P1_CREATURE = Stage.P1_CREATURE
S_P1_HUNTED = Stage.P1_HUNTED
S_P2_CREATURE = Stage.P2_CREATURE
S_P2_TOKENS = Stage.P2_TOKENS
S_P2_HUNTED = Stage.P2_HUNTED
S_P3_RIVER = Stage.P3_RIVER
S_P3_REVEAL = Stage.P3_REVEAL
S_P3_CREATURE = Stage.P3_CREATURE
S_P3_HUNTED = Stage.P3_HUNTED
S_P3_FREE = Stage.P3_FREE
S_P3_TARGET = Stage.P3_TARGET
S_P3_ARTEMIA = Stage.P3_ARTEMIA
S_P3_CATCH = Stage.P3_CATCH
S_P3_ZERO = Stage.P3_ZERO
S_P4_CREATURE = Stage.P4_CREATURE
S_P4_HUNTED = Stage.P4_HUNTED
S_P4_END = Stage.P4_END
D_DRAW_HUNT = Kind.DRAW_HUNT
D_DRAW_SURVIVAL = Kind.DRAW_SURVIVAL
D_STRIKE_BACK = Kind.STRIKE_BACK
D_SIDE = Kind.SIDE
D_CREATURE_WINDOW = Kind.CREATURE_WINDOW
D_EXPLORE = Kind.EXPLORE
D_TAKE_BACK = Kind.TAKE_BACK
D_HUNTED_WINDOW = Kind.HUNTED_WINDOW
D_TARGET_PLACE = Kind.TARGET_PLACE
D_TARGET_PAIR = Kind.TARGET_PAIR
D_NAME_HUNTED = Kind.NAME_HUNTED
D_KEEP = Kind.KEEP
D_FORBIDDEN = Kind.FORBIDDEN
D_DISCARD_PLACE = Kind.DISCARD_PLACE
D_CREATURE_TOKEN = Kind.CREATURE_TOKEN
D_ARTEMIA_TOKEN = Kind.ARTEMIA_TOKEN
D_RIVER = Kind.RIVER
D_CATACLYSM = Kind.CATACLYSM
D_DETOUR_CARD = Kind.DETOUR_CARD
D_DETOUR_DEST = Kind.DETOUR_DEST
D_MOVE_TOKEN = Kind.MOVE_TOKEN
D_WHICH_TOKEN = Kind.WHICH_TOKEN
D_RESOLVE_ORDER = Kind.RESOLVE_ORDER
D_RESOLVE = Kind.RESOLVE
D_LAIR = Kind.LAIR
D_ROVER = Kind.ROVER
D_SHELTER_KEEP = Kind.SHELTER_KEEP
D_SOURCE = Kind.SOURCE
D_GATE = Kind.GATE
D_SCREAM = Kind.SCREAM
D_TOXIN = Kind.TOXIN
D_CATCH_SURVIVAL = Kind.CATCH_SURVIVAL
D_VORTEX_DISCARD = Kind.VORTEX_DISCARD
D_VORTEX_PLAYED = Kind.VORTEX_PLAYED
D_DOUBLE_BACK = Kind.DOUBLE_BACK
D_SACRIFICE = Kind.SACRIFICE
A_FORBIDDEN_APPLY = Kind.FORBIDDEN_APPLY
A_RESOLVE_SLOT = Kind.RESOLVE_SLOT
A_ARTEMIA_HIT = Kind.ARTEMIA_HIT
A_CREATURE_HIT = Kind.CREATURE_HIT
A_SHELTER_DRAWN = Kind.SHELTER_DRAWN

# Purposes of D_NAME_HUNTED / D_KEEP / D_DISCARD_PLACE
P_ANTICIPATION, P_ASCENDANCY, P_PHOBIA, P_DETOUR = range(4)
P_DISCARD_ARTEMIA, P_DISCARD_SCREAM = range(2)

# Token ids for D_MOVE_TOKEN / D_CATCH_SURVIVAL
T_CREATURE, T_TARGET, T_ARTEMIA = range(3)

CHANCE_KINDS = (Kind.DRAW_HUNT, Kind.DRAW_SURVIVAL, Kind.STRIKE_BACK)
AUTO_KINDS = (Kind.FORBIDDEN_APPLY, Kind.RESOLVE_SLOT, Kind.ARTEMIA_HIT, Kind.CREATURE_HIT,
              Kind.SHELTER_DRAWN)  # fmt: skip
PLAYER_KINDS = tuple(k for k in Kind if k not in CHANCE_KINDS and k not in AUTO_KINDS)
