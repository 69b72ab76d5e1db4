"""The heuristic Nemesis crew agent: survive first, then fix the ship and meet the objective.

It reads only what its seat may: the view (`ctx.view`, a NemesisView), the legal ids and the
game's static tables (through `lookup.Lookup`), never a State. Each decision goes to the rule
of its kind (round_policy.py for the round's actions, answers.py for the sub-decisions); a kind
without a rule, or a rule that finds nothing to say, falls back to a seeded choice among the
legal ids that avoids passing and discarding. Every decision names its reason in
`last_reason`, and in `trace` when the agent was built with `trace=True`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from agents.base import AgentContext
from agents.games.nemesis.answers import RULES
from agents.games.nemesis.intruder import intruder_decision
from agents.games.nemesis.lookup import Lookup, lookup_for
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.round_policy import Memory, round_action
from agents.games.nemesis.situation import Situation
from nemesis_env.games.nemesis.rules.kinds import INTRUDER_PLAYER_KINDS, Kind

WASTEFUL = frozenset({"pass", "discard", "done", "no"})


class HeuristicCrew:
    """One seat's rule-based crew member (docs/agents.md, "Nemesis heuristic crew")."""

    omniscient = False

    def __init__(self, params: CrewParams | None = None, name: str = "heuristic",
                 trace: bool = False) -> None:  # fmt: skip
        self.name = name
        self.params = params or CrewParams()
        self.last_reason = ""
        self.trace: list[str] | None = [] if trace else None
        self.memory = Memory()
        self._lookup: Lookup | None = None

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        legal = ctx.legal_actions()
        if self._lookup is None:
            self._lookup = lookup_for(ctx.game)
        if len(legal) == 1:
            return self._done(legal[0], "the only legal action", ctx)
        if ctx.view.decision in INTRUDER_PLAYER_KINDS:  # this seat now plays the Intruders
            played = intruder_decision(ctx.game, ctx.view, legal)
            if played is not None and played[0] in legal:
                return self._done(played[0], played[1], ctx)
            return self._done(int(legal[rng.integers(len(legal))]), "intruder: any", ctx)
        sit = Situation(ctx.view, self._lookup, ctx.seat, legal, self.params)
        choice = self.decide(sit, rng)
        return self._done(choice[0], choice[1], ctx)

    def decide(self, sit: Situation, rng: np.random.Generator) -> tuple[int, str]:
        kind = sit.view.decision
        if kind == Kind.ROUND:
            return round_action(sit, self.params, self.memory)
        rule = RULES.get(kind)
        choice = None if rule is None else rule(sit, self.memory)
        if choice is not None and choice[0] in sit.legal:
            return choice
        return fallback(sit, rng)

    def _done(self, action: int, reason: str, ctx: AgentContext) -> int:
        self.last_reason = reason
        if self.trace is not None:
            label = ctx.game.space.name(action)
            self.trace.append(
                f"seat {ctx.seat} {_kind_name(ctx.view.decision)}: {label} ({reason})"
            )
        return action


def _kind_name(kind: int) -> str:
    return Kind(kind).name if kind in Kind._value2member_map_ else str(kind)


def fallback(sit: Situation, rng: np.random.Generator) -> tuple[int, str]:
    """A seeded choice among the legal ids, avoiding pass, discards, done and no where any
    other answer exists (an unknown decision is rarely worth wasting a card or a chance on)."""
    kind = sit.lk.kind
    useful = [a for a in sit.legal if kind[a] not in WASTEFUL]
    pool = useful or sit.legal
    return pool[int(rng.integers(len(pool)))], "no rule for this decision: seeded choice"


def heuristic_agent(game: Any, seat: int) -> HeuristicCrew:
    """The kit's factory: a fresh heuristic crew member for any seat (every seat is crew); with
    the param intruder_player the same agent plays the Intruders once its seat takes them over
    (intruder.py)."""
    return HeuristicCrew()
