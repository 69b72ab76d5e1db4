"""Shoot, Melee, picking up heavy objects, dropping, trading (nemesis-reference.md §6.2, §7.3).

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform."""

from __future__ import annotations

from nemesis_env.games.nemesis.state import State

OWNS = frozenset({"shoot", "melee", "pick_up", "drop", "trade"})
FREE = frozenset({"drop"})


def round_actions(s: State, seat: int) -> list[int]:
    return []


def perform(s: State, seat: int, action: int) -> None:
    raise AssertionError(f"fighting cannot perform {s.game.space.name(action)} yet")
