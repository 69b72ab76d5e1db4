"""What a character may do in a round, and doing it (nemesis-reference.md §6).

`legal` lists the ids of the ROUND decision: pass, and every action the character can pay for
and is allowed where it stands (in Combat only Movement as an Escape, Shoot, Melee and the cards
and items that allow it, §6.2).
"""

from __future__ import annotations

from nemesis_env.games.nemesis.rules import movement, player_phase
from nemesis_env.games.nemesis.state import ACTIVE, State

MOVE_COST, CAREFUL_COST = 1, 2


def legal(s: State, seat: int) -> list[int]:
    acts = s.game.actions
    out = [acts.pass_id]
    c = s.chars[seat]
    if c.status != ACTIVE:
        return out
    combat = s.in_combat(seat)
    move_cost = MOVE_COST + (1 if combat and _leg_wound(s, seat) else 0)
    if player_phase.can_pay(s, seat, move_cost):
        out += acts.move.ids(movement.reachable_rooms(s, c.room))
    if not combat and player_phase.can_pay(s, seat, CAREFUL_COST):
        rooms = [r for r in movement.reachable_rooms(s, c.room)
                 if movement.can_place_careful_noise(s, r)]  # fmt: skip
        out += acts.careful_move.ids(rooms)
    return sorted(out)


def _leg_wound(s: State, seat: int) -> bool:
    from nemesis_env.games.nemesis.rules import wounds

    return wounds.has_wound(s, seat, "leg")


def is_free(s: State, action: int) -> bool:
    """Free actions (Drop) do not count towards the two of a round."""
    return False


def perform(s: State, seat: int, action: int) -> None:
    acts = s.game.actions
    if action in acts.move:
        room = acts.move.arg(action)
        cost = MOVE_COST + (1 if s.in_combat(seat) and _leg_wound(s, seat) else 0)
        movement.start_move(s, seat, room, careful=False)
        player_phase.pay(s, seat, cost)
    elif action in acts.careful_move:
        movement.start_move(s, seat, acts.careful_move.arg(action), careful=True)
        player_phase.pay(s, seat, CAREFUL_COST)
    else:  # pragma: no cover - legal() offers nothing else
        raise AssertionError(f"no action {action}")
