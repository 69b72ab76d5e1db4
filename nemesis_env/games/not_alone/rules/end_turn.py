"""Phase 4, End of turn: last cards, discards, refill, Rescue advance, reset.

Sources: seed 003 phase 4 ("discard the played place card face up ... refill to 3 hunt
cards. Move the Rescue counter forward 1 space") and not-alone-reference.md A.4 Phase 4.
"""

from __future__ import annotations

from nemesis_env.core.engine import on_stage
from nemesis_env.games.not_alone.rules.common import advance_rescue, draw_hunt_cards
from nemesis_env.games.not_alone.rules.hunt_cards import open_creature_window
from nemesis_env.games.not_alone.rules.kinds import (
    S_P4_CREATURE,
    S_P4_END,
    S_P4_HUNTED,
    S_TURN_START,
)
from nemesis_env.games.not_alone.rules.reckoning import per_hunted
from nemesis_env.games.not_alone.rules.survival_cards import open_hunted_window
from nemesis_env.games.not_alone.state import F_STASIS, F_TRACKING, State


@on_stage(S_P4_CREATURE)
def creature_phase_four(s: State) -> None:
    s.stage = S_P4_HUNTED
    s.cursor = 0
    open_creature_window(s, 4)


@on_stage(S_P4_HUNTED)
def hunted_phase_four(s: State) -> None:
    h = per_hunted(s, S_P4_END)
    if h >= 0:
        open_hunted_window(s, h, 4)


@on_stage(S_P4_END)
def end_of_turn(s: State) -> None:
    for h in range(s.num_hunted):
        s.discard[h].extend(p for p in s.played[h] if p)  # order kept (reference A.4)
        s.played[h] = []
        s.location[h] = []
    s.hunt_discard.extend(s.hunt_played)
    s.hunt_played = []
    tracking, stasis = s.flags & F_TRACKING, s.flags & F_STASIS
    reset_turn(s)
    s.hunt_limit = 2 if tracking else 1
    s.stage = S_TURN_START
    if not stasis:
        advance_rescue(s, 1)
        if s.terminal:
            return
    hand_size = s.game.data.board.hunt_hand_size
    draw_hunt_cards(s, hand_size - s.hunt_hand.bit_count())


def reset_turn(s: State) -> None:
    """Hunt and survival effects last only for the turn they were played in (seed 003)."""
    s.flags = 0
    s.creature_token = 0
    s.target = 0
    s.artemia = 0
    s.ineffective = 0
    s.forbidden = 0
    s.anticipation = -1
    n = s.num_hunted
    s.survival_used = [False] * n
    s.resists = [0] * n
    s.gave_up = [False] * n
    s.phobia_shown = [0] * n
    s.smoke_snapshot = ()
