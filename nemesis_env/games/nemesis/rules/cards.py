"""Action cards (nemesis-reference.md §6.1, §14): playing a card from hand as a round action,
and the cards played as reactions (Interruption, Nerves of Steel).

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform."""

from __future__ import annotations

from nemesis_env.games.nemesis.state import State

OWNS = frozenset({"play_card"})
FREE: frozenset[str] = frozenset()


def round_actions(s: State, seat: int) -> list[int]:
    """Not yet: the cards land with the cards module."""
    return []


def perform(s: State, seat: int, action: int) -> None:
    raise AssertionError(f"cards cannot perform {s.game.space.name(action)} yet")
