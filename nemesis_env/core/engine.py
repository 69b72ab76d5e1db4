"""The decision-stack engine every game runs on (shared/DESIGN.md §2, "compound choices").

A game's turn is a cursor over stages plus a stack of open decisions. The top decision names
who chooses (a seat, CHANCE, or AUTO) and what is legal; resolving it may push more decisions.
Each game builds its own `Rules` object: the legal-move, resolve, automatic-step, chance and
chance-preparation functions keyed by the game's own `IntEnum` of decision kinds, and the stage
handlers keyed by its `IntEnum` of stages. Nothing here is module-global, so two games in one
process cannot see each other's handlers.

Rules modules mark their functions with the tag decorators below (`@on_legal(Kind.EXPLORE)`);
a tag is an attribute on the function, not an entry in a shared table. `Rules.collect` reads the
tags of the modules a game names and fills that game's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import IntEnum
from types import ModuleType
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from nemesis_env.core.errors import IllegalActionError

CHANCE = -1  # the chance player: draws, shuffles and dice
AUTO = -2  # a decision nobody chooses: the engine runs it as soon as it reaches the top
TERMINAL = -4


class Decision(NamedTuple):
    """One open choice: its kind, who chooses it, and the kind's own typed payload.

    Each game declares one small immutable record (a NamedTuple) per kind that needs arguments;
    kinds without arguments carry None.
    """

    kind: int
    chooser: int
    payload: Any = None


class EngineState(Protocol):
    """What the engine needs of a state: the stack, the stage cursor, the end flag, history."""

    stack: list[Decision]
    stage: int
    terminal: bool
    history: list[int]
    legal_cache: list[int] | None


S = TypeVar("S", bound=EngineState)
F = TypeVar("F", bound=Callable[..., Any])

LegalFn = Callable[[Any, Decision], list[int]]
ResolveFn = Callable[[Any, Decision, int], None]
AutoFn = Callable[[Any, Decision], None]
OutcomesFn = Callable[[Any, Decision], list[tuple[int, float]]]
PrepareFn = Callable[[Any], None]
StageFn = Callable[[Any], None]

ROLES = ("legal", "resolve", "auto", "outcomes", "prepare", "stage")
_TAG = "__engine_rules__"


def _tag(role: str, key: IntEnum) -> Callable[[F], F]:
    if not isinstance(key, IntEnum):
        raise TypeError(f"rule keys are IntEnum members, got {key!r}")

    def add(fn: F) -> F:
        tags: list[tuple[str, IntEnum]] = list(getattr(fn, _TAG, ()))
        tags.append((role, key))
        setattr(fn, _TAG, tuple(tags))
        return fn

    return add


def on_legal(kind: IntEnum) -> Callable[[F], F]:
    """Marks the legal-move function of a player decision kind: (state, decision) -> ids."""
    return _tag("legal", kind)


def on_resolve(kind: IntEnum) -> Callable[[F], F]:
    """Marks what a chosen id (or chance outcome) does: (state, decision, id) -> None."""
    return _tag("resolve", kind)


def on_auto(kind: IntEnum) -> Callable[[F], F]:
    """Marks an automatic step, run as soon as a decision of `kind` with chooser AUTO is on top."""
    return _tag("auto", kind)


def on_outcomes(kind: IntEnum) -> Callable[[F], F]:
    """Marks the chance distribution of a chance kind: (state, decision) -> [(id, p)]; an empty
    list skips the draw (nothing left to draw)."""
    return _tag("outcomes", kind)


def on_prepare(kind: IntEnum) -> Callable[[F], F]:
    """Marks a state change due before a chance node of `kind` opens (a reshuffle), so that
    `chance_outcomes` stays a pure query."""
    return _tag("prepare", kind)


def on_stage(stage: IntEnum) -> Callable[[F], F]:
    """Marks the handler that advances the turn from `stage` when no decision is open."""
    return _tag("stage", stage)


class Rules(Generic[S]):
    """One game's handler tables and the loop that drives them (an instance per game)."""

    def __init__(self, game: str, kinds: type[IntEnum], stages: type[IntEnum]) -> None:
        self.game = game
        self.kinds = kinds
        self.stages = stages
        size = max(int(k) for k in kinds) + 1
        self.legal: list[LegalFn | None] = [None] * size
        self.resolve: list[ResolveFn | None] = [None] * size
        self.auto: list[AutoFn | None] = [None] * size
        self.outcomes: list[OutcomesFn | None] = [None] * size
        self.prepare: list[PrepareFn | None] = [None] * size
        self.stage: list[StageFn | None] = [None] * (max(int(s) for s in stages) + 1)

    @classmethod
    def collect(
        cls, game: str, kinds: type[IntEnum], stages: type[IntEnum], modules: Iterable[ModuleType]
    ) -> Rules[S]:
        """The rules made of every tagged function defined in `modules`."""
        rules: Rules[S] = cls(game, kinds, stages)
        for module in modules:
            for fn in vars(module).values():
                if getattr(fn, "__module__", None) != module.__name__:
                    continue  # imported from elsewhere: registered by its own module
                for role, key in getattr(fn, _TAG, ()):
                    rules.add(role, key, fn)
        return rules

    def add(self, role: str, key: IntEnum, fn: Callable[..., Any]) -> None:
        expected = self.stages if role == "stage" else self.kinds
        if type(key) is not expected:
            raise TypeError(f"{self.game}: {role} handler {fn.__name__} keyed by {key!r}, "
                            f"expected a member of {expected.__name__}")  # fmt: skip
        if role not in ROLES:
            raise ValueError(f"unknown rule role {role!r}; roles are {ROLES}")
        table: list[Any] = getattr(self, role)
        if table[int(key)] is not None:
            raise ValueError(
                f"{self.game}: two {role} handlers for {key!r}: "
                f"{table[int(key)].__qualname__} and {fn.__qualname__}"
            )
        table[int(key)] = fn

    def check(self, player_kinds: Iterable[IntEnum], chance_kinds: Iterable[IntEnum],
              auto_kinds: Iterable[IntEnum]) -> None:  # fmt: skip
        """Fails loudly when a kind lacks a handler its chooser needs, or a stage has none."""
        missing: list[str] = []
        needs = {"player": ("legal", "resolve"), "chance": ("outcomes", "resolve"),
                 "auto": ("auto",)}  # fmt: skip
        groups = {"player": player_kinds, "chance": chance_kinds, "auto": auto_kinds}
        for group, kinds in groups.items():
            for kind in kinds:
                missing += [f"{role}({kind.name})" for role in needs[group]
                            if getattr(self, role)[int(kind)] is None]  # fmt: skip
        missing += [f"stage({s.name})" for s in self.stages if self.stage[int(s)] is None]
        if missing:
            raise ValueError(f"{self.game}: rules lack handlers: {', '.join(missing)}")

    # -- driving a state -----------------------------------------------------------------
    def settle(self, s: S) -> None:
        """Runs stages and automatic steps until a player or chance must act, or the game ends."""
        stack = s.stack
        while not s.terminal:
            if not stack:
                self.stage[s.stage](s)  # type: ignore[misc]
                continue
            top = stack[-1]
            if top.chooser == AUTO:
                stack.pop()
                self.auto[top.kind](s, top)  # type: ignore[misc]
            elif top.chooser == CHANCE:
                prepare = self.prepare[top.kind]
                if prepare is not None:
                    prepare(s)
                outcomes = self.outcomes[top.kind](s, top)  # type: ignore[misc]
                if outcomes:
                    s.legal_cache = ChanceIds(outcomes)  # the node's outcomes, computed once
                    return
                stack.pop()  # nothing left to draw: the draw is skipped
            else:
                return

    def legal_actions(self, s: S) -> list[int]:
        if s.terminal:
            return []
        top = s.stack[-1]
        if top.chooser == CHANCE:
            return ChanceIds(self.outcomes[top.kind](s, top))  # type: ignore[misc]
        return self.legal[top.kind](s, top)  # type: ignore[misc]

    def chance_outcomes(self, s: S) -> list[tuple[int, float]]:
        if s.terminal or s.stack[-1].chooser != CHANCE:
            return []
        top = s.stack[-1]
        return self.outcomes[top.kind](s, top)  # type: ignore[misc]

    def apply(self, s: S, action: int, legal: list[int]) -> None:
        """Legality check against `legal` -> history -> resolve -> settle."""
        if s.terminal:
            raise IllegalActionError(f"the game is over; no action (got {action}) is legal")
        top = s.stack[-1]
        if action not in legal:
            raise IllegalActionError(
                f"{self.game}: action {action} is not legal for decision "
                f"{self.kind_name(top.kind)} of {_chooser_name(top.chooser)}; "
                f"legal actions are {legal}"
            )
        s.history.append(action)
        s.stack.pop()
        self.resolve[top.kind](s, top, action)  # type: ignore[misc]
        self.settle(s)

    def kind_name(self, kind: int) -> str:
        try:
            return self.kinds(kind).name.lower()
        except ValueError:
            return f"kind {kind}"


class ChanceIds(list[int]):
    """A chance node's legal ids that remember their outcomes with probabilities, so that the
    node computes them once for `chance_outcomes`, the legality check and the settle that
    stopped there (they live in `legal_cache`, which every edit of a state resets)."""

    __slots__ = ("outcomes",)

    def __init__(self, outcomes: list[tuple[int, float]]) -> None:
        super().__init__(outcome for outcome, _ in outcomes)
        self.outcomes = outcomes


class StackState:
    """The kernel's driving methods for a state run by a `Rules` object reached as
    `self.game.rules`: current player, the legal list cached once per node, and the apply path.
    A game's state subclasses it and adds its own fields (and slots)."""

    __slots__ = ("game", "history", "legal_cache", "scenario", "stack", "stage", "terminal")

    game: Any  # the static Game: params, data and the `rules` object
    history: list[int]
    scenario: dict[str, Any] | None  # the scenario document this state started from, if any
    legal_cache: list[int] | None
    stack: list[Decision]
    stage: int
    terminal: bool

    def current_player(self) -> int:
        if self.terminal:
            return TERMINAL
        return self.stack[-1].chooser

    def legal_actions(self) -> list[int]:
        return list(self.cached_legal())

    def cached_legal(self) -> list[int]:
        """The legal list itself, computed once per node; callers must not mutate it."""
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = self.game.rules.legal_actions(self)
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        cached = self.legal_cache
        if isinstance(cached, ChanceIds):
            return cached.outcomes[:]
        outcomes: list[tuple[int, float]] = self.game.rules.chance_outcomes(self)
        return outcomes

    def apply_action(self, action_id: int) -> None:
        legal = self.cached_legal()
        self.legal_cache = None
        self.game.rules.apply(self, action_id, legal)

    def is_terminal(self) -> bool:
        return self.terminal


def push(s: EngineState, *decisions: Decision) -> None:
    """Pushes decisions so that the first one given is resolved first."""
    s.stack.extend(reversed(decisions))


def _chooser_name(chooser: int) -> str:
    if chooser == CHANCE:
        return "chance"
    if chooser == AUTO:
        return "the engine"
    return f"seat {chooser}"


__all__ = [
    "AUTO",
    "CHANCE",
    "TERMINAL",
    "Decision",
    "EngineState",
    "Rules",
    "StackState",
    "on_auto",
    "on_legal",
    "on_outcomes",
    "on_prepare",
    "on_resolve",
    "on_stage",
    "push",
]
