"""Small helpers shared by the hunt-card, seed-example and turn-flow tests."""

from __future__ import annotations

from typing import Any

from nemesis_env.games.not_alone.rules import kinds as K


def mask(*places: int) -> int:
    """Bitmask of place numbers."""
    return sum(1 << (p - 1) for p in set(places))


def top(s: Any) -> Any:
    return s.stack[-1]


def expect(s: Any, kind: int, chooser: int | None = None) -> list[int]:
    """Asserts the open decision's kind (and chooser); returns its legal actions."""
    assert not s.is_terminal()
    d = top(s)
    assert d.kind == kind, (K.DECISION_NAMES[d.kind], K.DECISION_NAMES[kind])
    if chooser is not None:
        assert d.chooser == chooser
    return s.legal_actions()


def play(s: Any, *actions: int) -> None:
    for a in actions:
        s.apply_action(a)
