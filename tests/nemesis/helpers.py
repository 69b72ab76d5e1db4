"""Building Nemesis states for rule tests: a game played through setup, then edited into the
scenario a test needs (the YAML scenario loader comes with the scenario work of the Nemesis
issue; these helpers set state fields directly, as a scenario document would)."""

from __future__ import annotations

import numpy as np

from nemesis_env.core.engine import CHANCE
from nemesis_env.core.spaces import Kind as ActionKind
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State

GAMES: dict[int, NemesisGame] = {}


def game(players: int = 4) -> NemesisGame:
    if players not in GAMES:
        GAMES[players] = NemesisGame(players=players)
    return GAMES[players]


def play_to_round(players: int = 4, seed: int = 0) -> State:
    """A game past setup and the first draw: the first player's ROUND decision is open."""
    g = game(players)
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    while not (s.stack and s.stack[-1].kind == Kind.ROUND):
        step_randomly(s, rng)
    return s


def step_randomly(s: State, rng: np.random.Generator) -> None:
    if s.current_player() == CHANCE:
        outcomes = s.chance_outcomes()
        p = np.array([q for _, q in outcomes])
        s.apply_action(outcomes[int(rng.choice(len(outcomes), p=p / p.sum()))][0])
    else:
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])


def chance(s: State, kind: ActionKind, arg: int) -> None:
    """Applies the chance outcome `arg` of outcome kind `kind`; it must be possible now."""
    assert s.current_player() == CHANCE, s.stack[-1:]
    outcome = kind.id(arg)
    assert outcome in [o for o, _ in s.chance_outcomes()], (kind, arg, s.chance_outcomes())
    s.apply_action(outcome)


def top_kind(s: State) -> Kind:
    return Kind(s.stack[-1].kind)


def clear_board(s: State) -> None:
    """No noise, no intruders, every character back in the Hibernatorium (room 11)."""
    s.noise = [False] * len(s.noise)
    s.tc_noise = [False] * len(s.tc_noise)
    s.intruder_room = [-1] * len(s.intruder_room)
    s.intruder_injuries = [0] * len(s.intruder_injuries)
    for c in s.chars:
        c.room = 10
    s.legal_cache = None


def alone_in(room: int, seat: int = 0, players: int = 4) -> State:
    """A game at its first round with an empty board: `seat` in `room`, the others out of the
    way in the Cockpit (room 1)."""
    s = play_to_round(players)
    clear_board(s)
    for c in s.chars:
        c.room = 0
    s.chars[seat].room = room
    s.legal_cache = None
    return s
