"""Toy Raid's agent kit, built on agents.kit.AgentKit exactly as a real game's kit is
(agents/games/not_alone/), but living in tests/: the registry entry (tests/conftest.py) names
it, and the generic agents, tournament and trainer find it through `kit_for`.

The heuristic reads only the acting seat's View (its own hand, public hand sizes and played
cards); the rollout policy reads only what the mover may know on a (determinized) state. It
has no fitted leaf value, belief or expert data: a kit needs only its heuristic.

Every seat plays one card a turn and cards left in hand score nothing, so the heuristic:
- plays its highest card (a 4 raids, a 1 only when nothing else is left);
- raids the opponent with the fewest cards in hand (a small hand gives up a better card, and
  an emptied hand must pass its next turn), ties broken by the most points played, then seat;
- gives its lowest card when raided.
The Hunter has up to three Scouts to choose from; a Scout's only opponent is the Hunter.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from agents.base import Agent, AgentContext
from agents.kit import AgentKit
from tests.toy_game.rules import GIVE, PASS, PLAY, TARGET, VALUES, Kind


def _best_play(legal: list[int]) -> int:
    plays = [a for a in legal if a in PLAY]
    return max(plays, key=PLAY.arg) if plays else legal[0]


def _lowest_give(legal: list[int]) -> int:
    return min(legal, key=GIVE.arg)


def _weakest_target(legal: list[int], hand_sizes: list[int], played: list[int]) -> int:
    """The target with the fewest cards in hand, then the most points played, then seat."""
    return min(legal, key=lambda a: (hand_sizes[TARGET.arg(a)], -played[TARGET.arg(a)],
                                     TARGET.arg(a)))  # fmt: skip


class ToyHeuristic:
    """The heuristic of one Toy Raid seat; `role` ("hunter" or "scout") only labels it: both
    roles follow the same greedy rules (module docstring)."""

    omniscient = False

    def __init__(self, role: str, name: str = "heuristic") -> None:
        self.role, self.name = role, name

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        legal = ctx.legal_actions()
        view = ctx.view
        kind = view.stack[-1].kind
        if kind == Kind.PLAY:
            return PASS.id() if PASS.id() in legal else _best_play(legal)
        if kind == Kind.TARGET:
            sizes = [len(hand) for hand in view.hands]
            played = [sum(VALUES[c] for c in pile) for pile in view.played]
            return _weakest_target(legal, sizes, played)
        if kind == Kind.GIVE:
            return _lowest_give(legal)
        return legal[int(rng.integers(len(legal)))]  # no other decision is a seat's


def heuristic_agent(game: Any, seat: int) -> Agent:
    """The heuristic agent for `seat` (the kit's `heuristic` factory)."""
    return ToyHeuristic(str(game.info.seat_roles[seat]))


def rollout_policy(state: Any, legal: list[int], rnd: random.Random) -> int:
    """The heuristic's moves on a full state, from the mover's own hand and public facts (hand
    sizes, played cards) only; one move in five uniform, so rollouts still vary."""
    if len(legal) == 1:
        return legal[0]
    if rnd.random() < 0.2:
        return legal[int(rnd.random() * len(legal))]
    kind = state.stack[-1].kind
    if kind == Kind.PLAY:
        return _best_play(legal)
    if kind == Kind.TARGET:
        sizes = [len(hand.cards) for hand in state.hands]
        played = [sum(VALUES[c] for c in pile.cards) for pile in state.played]
        return _weakest_target(legal, sizes, played)
    if kind == Kind.GIVE:
        return _lowest_give(legal)
    return legal[int(rnd.random() * len(legal))]


def shaping_potential(game: Any) -> Any:
    """The kit's shaping potential: per seat, its team's lead in points so far (the Hunter's
    doubled, as they score), over the most a 3-round game gives a side, clipped to [-1, 1]."""
    scale = 2.0 * 4 * 3 * 2  # the Hunter's points: three 4s and three looted 4s, doubled

    def phi(state: Any) -> tuple[float, ...]:
        hunter, scouts = state.scores()
        lead = max(-1.0, min(1.0, (hunter - scouts) / scale))
        return (lead,) + (-lead,) * (state.players - 1)

    return phi


KIT = AgentKit(
    game="toy_raid",
    heuristic=heuristic_agent,
    rollout_policy=rollout_policy,
    shaping=shaping_potential,
)
