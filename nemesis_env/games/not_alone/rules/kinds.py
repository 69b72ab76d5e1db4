"""Names of the turn stages and decision kinds (ints, so the decision stack stays plain data)."""

# Stages of the turn (shared/rules/not-alone-reference.md A.4; seed 003 "A turn has 4 phases").
(
    S_SETUP_DEAL, S_SETUP_SIDE, S_TURN_START,
    S_P1_CREATURE, S_P1_HUNTED,
    S_P2_CREATURE, S_P2_TOKENS, S_P2_HUNTED,
    S_P3_RIVER, S_P3_REVEAL, S_P3_CREATURE, S_P3_HUNTED,
    S_P3_FREE, S_P3_TARGET, S_P3_ARTEMIA, S_P3_CATCH, S_P3_ZERO,
    S_P4_CREATURE, S_P4_HUNTED, S_P4_END,
) = range(20)  # fmt: skip

STAGE_NAMES = (
    "setup: deal", "setup: board side", "turn start",
    "phase 1: creature", "phase 1: exploration",
    "phase 2: hunt cards", "phase 2: hunt tokens", "phase 2: survival",
    "phase 3: river", "phase 3: reveal", "phase 3: creature", "phase 3: survival",
    "phase 3: token-free places", "phase 3: target token", "phase 3: artemia token",
    "phase 3: creature token", "phase 3: lost will",
    "phase 4: creature", "phase 4: survival", "phase 4: end of turn",
)  # fmt: skip


# Decision kinds. Chance decisions first, then player decisions, then automatic steps.
(
    D_DRAW_HUNT, D_DRAW_SURVIVAL, D_STRIKE_BACK,
    D_SIDE, D_CREATURE_WINDOW, D_EXPLORE, D_TAKE_BACK, D_HUNTED_WINDOW,
    D_TARGET_PLACE, D_TARGET_PAIR, D_NAME_HUNTED, D_KEEP, D_FORBIDDEN, D_DISCARD_PLACE,
    D_CREATURE_TOKEN, D_ARTEMIA_TOKEN, D_RIVER, D_CATACLYSM, D_DETOUR_CARD, D_DETOUR_DEST,
    D_MOVE_TOKEN, D_WHICH_TOKEN, D_RESOLVE_ORDER, D_RESOLVE, D_LAIR, D_ROVER, D_SHELTER_KEEP,
    D_SOURCE, D_GATE, D_SCREAM, D_TOXIN, D_CATCH_SURVIVAL, D_VORTEX_DISCARD, D_VORTEX_PLAYED,
    D_DOUBLE_BACK, D_SACRIFICE,
    A_FORBIDDEN_APPLY, A_RESOLVE_SLOT, A_ARTEMIA_HIT, A_CREATURE_HIT, A_SHELTER_DRAWN,
) = range(41)  # fmt: skip

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

# Purposes of D_NAME_HUNTED / D_KEEP / D_DISCARD_PLACE
P_ANTICIPATION, P_ASCENDANCY, P_PHOBIA, P_DETOUR = range(4)
P_DISCARD_ARTEMIA, P_DISCARD_SCREAM = range(2)

# Token ids for D_MOVE_TOKEN / D_CATCH_SURVIVAL
T_CREATURE, T_TARGET, T_ARTEMIA = range(3)
