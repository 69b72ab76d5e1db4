"""What a character may do in a round, and doing it (nemesis-reference.md §6).

The ROUND decision's legal ids are pass plus what every action module offers: movement here,
then the modules in `MODULES`, each of which exposes

    round_actions(s, seat) -> list[int]   the ids it offers now (already affordable and allowed)
    perform(s, seat, action) -> int       pushes what the action does; returns its cost (the
                                          number of Action cards to discard from hand)
    FREE: frozenset of action-kind names that do not count towards the round's two actions

and owns the action kinds it offers (`OWNS`: names of `Actions` fields). `perform` below pays
the cost first, then opens the other characters' Interruption windows, then the effects run.
In Combat only Movement (as an Escape), Shoot, Melee and the cards and items that allow it are
possible (§6.2); each module checks its own.
"""

from __future__ import annotations

from types import ModuleType

from nemesis_env.core.engine import AUTO, Decision, on_auto, push
from nemesis_env.games.nemesis.rules import (
    cards,
    fighting,
    items,
    movement,
    player_phase,
    reactions,
    rooms,
    wounds,
)
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, State

MOVE_COST, CAREFUL_COST = 1, 2
MODULES: tuple[ModuleType, ...] = (fighting, rooms, cards, items)


def legal(s: State, seat: int) -> list[int]:
    acts = s.game.actions
    out = [acts.pass_id]
    c = s.chars[seat]
    if c.status != ACTIVE:
        return out
    combat = s.in_combat(seat)
    if player_phase.can_pay(s, seat, move_cost(s, seat)):
        out += acts.move.ids(movement.reachable_rooms(s, c.room))
    if not combat and player_phase.can_pay(s, seat, CAREFUL_COST):
        rooms_ok = [r for r in movement.reachable_rooms(s, c.room)
                    if movement.can_place_careful_noise(s, r)]  # fmt: skip
        out += acts.careful_move.ids(rooms_ok)
    for module in MODULES:
        out += module.round_actions(s, seat)
    return sorted(set(out))


def move_cost(s: State, seat: int) -> int:
    """1; an Escape with an undressed Leg wound costs 2 (§8.1)."""
    return MOVE_COST + (1 if s.in_combat(seat) and wounds.has_wound(s, seat, "leg") else 0)


def is_free(s: State, action: int) -> bool:
    """Free actions (Drop) do not count towards the two of a round."""
    kind = s.game.space.kind_of(action).name
    return any(kind in getattr(module, "FREE", ()) for module in MODULES)


def perform(s: State, seat: int, action: int) -> None:
    """Pushes, bottom to top: a guard, the action's effects, the Interruption windows of the
    other characters in the room, and the cost: so the cost is paid first, then the others may
    cancel the action (it stays paid, §14 Interruption), then it resolves."""
    acts = s.game.actions
    room = s.chars[seat].room
    push(s, Decision(Kind.ACTION_GUARD, AUTO, None))
    if action in acts.move:
        movement.start_move(s, seat, acts.move.arg(action), careful=False)
        cost = move_cost(s, seat)
    elif action in acts.careful_move:
        movement.start_move(s, seat, acts.careful_move.arg(action), careful=True)
        cost = CAREFUL_COST
    else:
        kind = s.game.space.kind_of(action).name
        owner = next((m for m in MODULES if kind in m.OWNS), None)
        if owner is None:
            raise AssertionError(f"no module performs action {s.game.space.name(action)}")
        cost = owner.perform(s, seat, action)
    reactions.open_windows(s, seat, room)
    player_phase.pay(s, seat, cost)


@on_auto(Kind.ACTION_GUARD)
def action_guard(s: State, d: Decision) -> None:
    """The bottom of an action's effects: reached when they are done (or were cancelled)."""
