"""The core decision-stack engine: per-game rules objects, tags, the apply path (DESIGN.md §2)."""

from __future__ import annotations

import sys
from enum import IntEnum
from types import ModuleType

import pytest

import nemesis_env
from nemesis_env.core.engine import (
    AUTO,
    CHANCE,
    TERMINAL,
    Decision,
    Rules,
    StackState,
    on_auto,
    on_legal,
    on_outcomes,
    on_resolve,
    on_stage,
    push,
)
from nemesis_env.core.errors import IllegalActionError


class Kind(IntEnum):
    PICK = 0
    ROLL = 1
    BONUS = 2


class Stage(IntEnum):
    START = 0
    END = 1


class OtherKind(IntEnum):  # a second game's kinds, numbered like the first's
    PICK = 0


def _counting_module(name: str, step: int) -> ModuleType:
    """A rules module whose PICK adds `step` times the chosen id to `total`."""
    module = ModuleType(name)

    def start(s: Counter) -> None:
        s.stage = Stage.END
        push(s, Decision(Kind.PICK, 0, None), Decision(Kind.ROLL, CHANCE))

    def end(s: Counter) -> None:
        s.terminal = True

    def pick_legal(s: Counter, d: Decision) -> list[int]:
        return [0, 1, 2]

    def pick(s: Counter, d: Decision, action: int) -> None:
        s.total += step * action
        if action == 2:
            push(s, Decision(Kind.BONUS, AUTO, 100))

    def roll_outcomes(s: Counter, d: Decision) -> list[tuple[int, float]]:
        return [(1, 0.5), (2, 0.5)] if s.total < 50 else []

    def roll(s: Counter, d: Decision, outcome: int) -> None:
        s.total += 10 * outcome

    def bonus(s: Counter, d: Decision) -> None:
        s.total += d.payload

    for fn, tag in ((start, on_stage(Stage.START)), (end, on_stage(Stage.END)),
                    (pick_legal, on_legal(Kind.PICK)), (pick, on_resolve(Kind.PICK)),
                    (roll_outcomes, on_outcomes(Kind.ROLL)), (roll, on_resolve(Kind.ROLL)),
                    (bonus, on_auto(Kind.BONUS))):  # fmt: skip
        fn.__module__ = name
        setattr(module, fn.__name__, tag(fn))
    sys.modules.setdefault(name, module)
    return module


class Counter(StackState):
    __slots__ = ("total",)
    total: int


class CounterGame:
    def __init__(self, rules: Rules[Counter]) -> None:
        self.rules = rules

    def new_state(self) -> Counter:
        s = Counter()
        s.game, s.history, s.legal_cache, s.stack = self, [], None, []
        s.stage, s.terminal, s.total = Stage.START, False, 0
        self.rules.settle(s)
        return s


def _rules(step: int) -> Rules[Counter]:
    module = _counting_module(f"tests.core.counter_rules_{step}", step)
    rules: Rules[Counter] = Rules.collect("counter", Kind, Stage, [module])
    rules.check([Kind.PICK], [Kind.ROLL], [Kind.BONUS])
    return rules


def test_two_rules_objects_in_one_process_do_not_collide() -> None:
    """Two games built from equally numbered kinds keep their own handlers."""
    one, two = CounterGame(_rules(1)), CounterGame(_rules(3))
    a, b = one.new_state(), two.new_state()
    a.apply_action(1)
    b.apply_action(1)
    assert (a.total, b.total) == (1, 3)
    assert one.rules.resolve[Kind.PICK] is not two.rules.resolve[Kind.PICK]


def test_real_games_build_their_own_rules_objects() -> None:
    first = nemesis_env.load_game("not_alone", players=3)
    second = nemesis_env.load_game("not_alone", players=5)
    assert first.rules is not second.rules
    assert first.rules.legal is not second.rules.legal


def test_apply_path_checks_records_resolves_and_settles() -> None:
    game = CounterGame(_rules(1))
    s = game.new_state()
    assert s.current_player() == 0 and s.legal_actions() == [0, 1, 2]
    with pytest.raises(IllegalActionError, match=r"action 7 is not legal .*pick.* seat 0"):
        s.apply_action(7)
    assert s.history == [] and s.total == 0  # a refused action changes nothing
    s.apply_action(2)  # PICK 2 pushes the AUTO bonus, which runs at once: 2 + 100
    assert s.total == 102 and s.current_player() == TERMINAL  # no draw left at total >= 50
    assert s.history == [2]


def test_chance_node_lists_outcomes_and_resolves_them() -> None:
    game = CounterGame(_rules(1))
    s = game.new_state()
    s.apply_action(0)
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(1, 0.5), (2, 0.5)] and s.legal_actions() == [1, 2]
    s.apply_action(2)
    assert s.total == 20 and s.is_terminal() and s.chance_outcomes() == []
    with pytest.raises(IllegalActionError, match="over"):
        s.apply_action(0)


def test_rules_refuse_duplicates_foreign_keys_and_missing_handlers() -> None:
    rules: Rules[Counter] = Rules("counter", Kind, Stage)
    rules.add("legal", Kind.PICK, len)
    with pytest.raises(ValueError, match="two legal handlers"):
        rules.add("legal", Kind.PICK, len)
    with pytest.raises(TypeError, match="expected a member of Kind"):
        rules.add("legal", OtherKind.PICK, len)
    with pytest.raises(ValueError, match=r"resolve\(PICK\).*stage\(START\)"):
        rules.check([Kind.PICK], [], [])
    with pytest.raises(TypeError, match="IntEnum"):
        on_legal(0)  # type: ignore[arg-type]
