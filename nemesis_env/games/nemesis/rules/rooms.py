"""Room actions (nemesis-reference.md §3.2): the `room_action` round action of the room a
character stands in, and the room effects other rules call (Airlock depressurisation).

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform."""

from __future__ import annotations

from nemesis_env.games.nemesis.rules import hazards, intruders, wounds
from nemesis_env.games.nemesis.state import ACTIVE, State, ev

OWNS = frozenset({"room_action"})
FREE: frozenset[str] = frozenset()


def round_actions(s: State, seat: int) -> list[int]:
    """Not yet: the room actions land with the rooms module."""
    return []


def perform(s: State, seat: int, action: int) -> None:
    raise AssertionError(f"rooms cannot perform {s.game.space.name(action)} yet")


def depressurise(s: State, room: int) -> None:
    """Airlock Control: the doors stayed closed until the Player Phase ended; everything in the
    room dies, its fire goes out, objects stay."""
    for seat in reversed(range(len(s.chars))):
        c = s.chars[seat]
        if c.status == ACTIVE and c.room == room:
            wounds.kill(s, seat, "depressurisation")
    for mini in s.intruders_in(room):
        intruders.remove_from_board(s, mini, to_bag=False)
    hazards.remove_fire(s, room)
    s.log(ev("depressurised", -1, (("room", room),)))


# -- room effects the Action cards call (cards_*.py) ---------------------------------------------
# Stand-ins until the rooms module lands (branch nemesis-rooms has `action_open` and `start`):
# no room action is open, so the cards never start one; `repair_or_break` is not offered while
# HOOKS_ARE_STUBS is set (cards_base.engine_hook_ready).
HOOKS_ARE_STUBS = True


def action_open(s: State, seat: int, room: int) -> bool:
    """The action of `room` can be used by `seat` now, cost and Combat aside."""
    return False


def start(s: State, seat: int, room: int) -> None:
    """Pushes the action of `room` used by `seat` (its cost, if any, is the caller's)."""
    raise NotImplementedError("rooms.start lands with the rooms module")


def repair_or_break(s: State, seat: int, engine: int) -> None:
    """Repair/Break the engine `engine` (0-2): look at both tokens and restack them (§3.2)."""
    raise NotImplementedError("rooms.repair_or_break lands with the rooms module")
