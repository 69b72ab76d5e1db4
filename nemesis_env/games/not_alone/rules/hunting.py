"""Phase 2, Hunting: hunt cards, then the Creature, Target and Artemia tokens, then Vortex.

Sources: seed 003 phase 2 and the Hynek example; not-alone-reference.md A.3 (Artemia token
rule: a hunt card with the Artemia symbol this turn, or the Rescue counter on an Artemia
square) and A.4 Phase 2.
"""

from __future__ import annotations

from nemesis_env.core.engine import Decision, on_legal, on_resolve, on_stage, push
from nemesis_env.games.not_alone.actions import PAIR, PLACE_IDS, place_of
from nemesis_env.games.not_alone.rules.common import bit, places_of
from nemesis_env.games.not_alone.rules.hunt_cards import open_creature_window
from nemesis_env.games.not_alone.rules.kinds import (
    D_ARTEMIA_TOKEN,
    D_CREATURE_TOKEN,
    S_P2_CREATURE,
    S_P2_HUNTED,
    S_P2_TOKENS,
    S_P3_RIVER,
)
from nemesis_env.games.not_alone.rules.survival_cards import open_hunted_window
from nemesis_env.games.not_alone.state import (
    CREATURE,
    F_ARTEMIA_CARD,
    F_VIRUS,
    State,
)

ALL_PLACES = list(PLACE_IDS)


@on_stage(S_P2_CREATURE)
def creature_phase_two(s: State) -> None:
    s.stage = S_P2_TOKENS
    open_creature_window(s, 2)


def artemia_available(s: State) -> bool:
    """Reference A.3: an Artemia-symbol card this turn, or Rescue on an Artemia square."""
    if s.flags & F_ARTEMIA_CARD:
        return True
    return s.rescue in s.game.data.board.artemia_squares[s.side]


@on_stage(S_P2_TOKENS)
def place_tokens(s: State) -> None:
    s.stage = S_P2_HUNTED
    s.cursor = 0
    tokens = [Decision(D_CREATURE_TOKEN, CREATURE)]
    if artemia_available(s):
        tokens.append(Decision(D_ARTEMIA_TOKEN, CREATURE))
    push(s, *tokens)


@on_stage(S_P2_HUNTED)
def hunted_phase_two(s: State) -> None:
    h = s.cursor
    if h == s.num_hunted:
        s.cursor = 0
        s.stage = S_P3_RIVER
        return
    s.cursor += 1
    open_hunted_window(s, h, 2)


@on_legal(D_CREATURE_TOKEN)
def creature_token_options(s: State, d: Decision) -> list[int]:
    return ALL_PLACES


@on_resolve(D_CREATURE_TOKEN)
def resolve_creature_token(s: State, d: Decision, action: int) -> None:
    s.creature_token = place_of(action)
    s.log("creature_token", CREATURE, place=s.creature_token)


@on_legal(D_ARTEMIA_TOKEN)
def artemia_token_options(s: State, d: Decision) -> list[int]:
    """Under Virus the token lies between two adjacent places (reference A.7)."""
    if s.flags & F_VIRUS:
        return [PAIR.id(k) for k in range(len(s.game.data.pairs))]
    return ALL_PLACES


@on_resolve(D_ARTEMIA_TOKEN)
def resolve_artemia_token(s: State, d: Decision, action: int) -> None:
    if action in PAIR:
        a, b = s.game.data.pairs[PAIR.arg(action)]
        s.artemia = bit(a) | bit(b)
    else:
        s.artemia = bit(place_of(action))
    s.log("artemia_token", CREATURE, places=tuple(places_of(s.artemia)))
