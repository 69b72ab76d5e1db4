"""Dispatch tables and the settle loop: how a decision stack and stage cursor drive a game.

Stage handlers advance the turn when no decision is open; decision handlers list legal
actions and resolve a chosen one; AUTO decisions run as soon as they reach the top. Rules
modules register themselves here with the decorators below (dispatch by dict, no if-chains).
"""

from __future__ import annotations

from collections.abc import Callable

from nemesis_env.core.errors import IllegalActionError
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.state import AUTO, Decision, State

LegalFn = Callable[[State, Decision], list[int]]
ResolveFn = Callable[[State, Decision, int], None]
AutoFn = Callable[[State, Decision], None]
StageFn = Callable[[State], None]

LEGAL: dict[int, LegalFn] = {}
RESOLVE: dict[int, ResolveFn] = {}
AUTO_RUN: dict[int, AutoFn] = {}
STAGES: dict[int, StageFn] = {}
OUTCOMES: dict[int, Callable[[State, Decision], list[tuple[int, float]]]] = {}
PREPARE: dict[int, Callable[[State], None]] = {}  # state changes due before a chance node opens


def decision(kind: int) -> Callable[[LegalFn], LegalFn]:
    """Registers the legal-action function of a player decision kind."""

    def add(fn: LegalFn) -> LegalFn:
        LEGAL[kind] = fn
        return fn

    return add


def resolver(kind: int) -> Callable[[ResolveFn], ResolveFn]:
    def add(fn: ResolveFn) -> ResolveFn:
        RESOLVE[kind] = fn
        return fn

    return add


def auto(kind: int) -> Callable[[AutoFn], AutoFn]:
    def add(fn: AutoFn) -> AutoFn:
        AUTO_RUN[kind] = fn
        return fn

    return add


def stage(number: int) -> Callable[[StageFn], StageFn]:
    def add(fn: StageFn) -> StageFn:
        STAGES[number] = fn
        return fn

    return add


def chance(
    kind: int,
) -> Callable[
    [Callable[[State, Decision], list[tuple[int, float]]]],
    Callable[[State, Decision], list[tuple[int, float]]],
]:
    def add(
        fn: Callable[[State, Decision], list[tuple[int, float]]],
    ) -> Callable[[State, Decision], list[tuple[int, float]]]:
        OUTCOMES[kind] = fn
        return fn

    return add


def before_chance(kind: int) -> Callable[[Callable[[State], None]], Callable[[State], None]]:
    """Registers what must happen before a chance node of `kind` is offered (a reshuffle), so
    that chance_outcomes() stays a pure query."""

    def add(fn: Callable[[State], None]) -> Callable[[State], None]:
        PREPARE[kind] = fn
        return fn

    return add


def settle(s: State) -> None:
    """Runs stages and automatic steps until a player or chance must act, or the game ends."""
    stack = s.stack
    while not s.terminal:
        if stack:
            top = stack[-1]
            if top.chooser == AUTO:
                stack.pop()
                AUTO_RUN[top.kind](s, top)
            elif top.chooser == CHANCE:
                prepare = PREPARE.get(top.kind)
                if prepare is not None:
                    prepare(s)
                if OUTCOMES[top.kind](s, top):
                    return
                stack.pop()  # nothing left to draw: the draw is skipped
            else:
                return
        else:
            STAGES[s.stage](s)


def legal_actions(s: State) -> list[int]:
    if s.terminal:
        return []
    top = s.stack[-1]
    if top.chooser == CHANCE:
        return [outcome for outcome, _ in OUTCOMES[top.kind](s, top)]
    return LEGAL[top.kind](s, top)


def chance_outcomes(s: State) -> list[tuple[int, float]]:
    if s.terminal or s.stack[-1].chooser != CHANCE:
        return []
    top = s.stack[-1]
    return OUTCOMES[top.kind](s, top)


def apply_action(s: State, action: int, legal: list[int] | None = None) -> None:
    """Applies `action` after checking it against the legal list (computed if not given)."""
    if s.terminal:
        raise IllegalActionError(f"the game is over; no action (got {action}) is legal")
    top = s.stack[-1]
    if legal is None:
        legal = legal_actions(s)
    if action not in legal:
        raise IllegalActionError(
            f"action {action} is not legal for decision {top.kind} of seat {top.chooser}; "
            f"legal actions are {legal}"
        )
    s.history.append(action)
    s.stack.pop()
    RESOLVE[top.kind](s, top, action)
    settle(s)


def push(s: State, *decisions: Decision) -> None:
    """Pushes decisions so that the first one given is resolved first."""
    s.stack.extend(reversed(decisions))
