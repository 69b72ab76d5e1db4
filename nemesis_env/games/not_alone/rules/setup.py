"""Setup and the start of each turn (seed 003 "Setup"; not-alone-reference.md A.2).

Order follows the seed and reference A.2: the Creature first chooses the board side (unless
the params fix it), knowing no card; then it takes 3 hunt cards and each Hunted draws 1
survival card (docs/rules-decisions.md 38).
"""

from __future__ import annotations

from nemesis_env.core.engine import Decision, on_legal, on_resolve, on_stage, push
from nemesis_env.games.not_alone.actions import OPT_SIDE_1, OPT_SIDE_2
from nemesis_env.games.not_alone.rules.common import draw_hunt_cards, draw_survival_card
from nemesis_env.games.not_alone.rules.kinds import (
    D_SIDE,
    S_P1_CREATURE,
    S_SETUP_DEAL,
    S_SETUP_SIDE,
    S_TURN_START,
)
from nemesis_env.games.not_alone.state import CREATURE, NO_EFFECT, State


@on_stage(S_SETUP_SIDE)
def choose_side(s: State) -> None:
    s.stage = S_SETUP_DEAL
    if s.game.params.board_side:
        s.side = s.game.params.board_side
    else:
        push(s, Decision(D_SIDE, CREATURE))


@on_stage(S_SETUP_DEAL)
def deal(s: State) -> None:
    s.stage = S_TURN_START
    board = s.game.data.board
    for h in reversed(range(s.num_hunted)):  # pushed in reverse: Hunted 0 draws first
        for _ in range(board.starting_survival_cards):
            draw_survival_card(s, h)
    draw_hunt_cards(s, board.hunt_hand_size)


@on_legal(D_SIDE)
def side_options(s: State, d: Decision) -> list[int]:
    return [OPT_SIDE_1, OPT_SIDE_2]


@on_resolve(D_SIDE)
def resolve_side(s: State, d: Decision, action: int) -> None:
    s.side = 1 if action == OPT_SIDE_1 else 2
    s.log("board_side", CREATURE, side=s.side)


@on_stage(S_TURN_START)
def start_turn(s: State) -> None:
    """Pending River/Artefact effects from last turn become this turn's (reference A.6)."""
    s.turn += 1
    for h in range(s.num_hunted):
        s.this_effect[h] = s.next_effect[h]
        s.next_effect[h] = NO_EFFECT
    s.stage = S_P1_CREATURE
    s.log("turn", CREATURE)
