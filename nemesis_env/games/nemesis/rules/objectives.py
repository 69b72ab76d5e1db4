"""Objectives: the choice at the first encounter and the final check (nemesis-reference.md
§15, §16; seed 000 "a player wins when they completed the objective card they chose at their
first encounter and survived").

Each card's conditions are data (objectives.yaml: `any_of` alternatives, each a list of
conditions that must all hold); this module gives each condition op its meaning. Surviving is
required of every objective and is checked by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from nemesis_env.core.engine import Decision, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules.kinds import Kind, SeatArg
from nemesis_env.games.nemesis.state import ACTIVE, ESCAPED, HIBERNATING, IN_POD, State, ev

Condition = Callable[[State, int, Mapping[str, Any]], bool]


def first_encounter(s: State) -> None:
    """The first Intruder appeared: every player still in the game picks one objective, in
    player order (pushed in reverse so that player 1 chooses first)."""
    s.log(ev("first_encounter", -1, ()))
    for seat in reversed(range(len(s.chars))):
        c = s.chars[seat]
        if c.status in (ACTIVE, IN_POD, HIBERNATING) and len(c.objectives) > 1:
            push(s, Decision(Kind.CHOOSE_OBJECTIVE, seat, SeatArg(seat)))
        elif c.objectives:
            c.objective = c.objectives[0]


@on_legal(Kind.CHOOSE_OBJECTIVE)
def legal_objective(s: State, d: Decision) -> list[int]:
    return sorted(s.game.actions.objective.ids(s.chars[d.chooser].objectives))


@on_resolve(Kind.CHOOSE_OBJECTIVE)
def resolve_objective(s: State, d: Decision, action: int) -> None:
    c = s.chars[d.chooser]
    c.objective = s.game.actions.objective.arg(action)
    s.log(ev("objective_chosen", d.chooser, (("card", c.objective),),
                frozenset({d.chooser})))  # fmt: skip


def survivors(s: State) -> list[int]:
    return [seat for seat, c in enumerate(s.chars) if c.status in (HIBERNATING, ESCAPED)]


def met(s: State, seat: int) -> bool:
    """The seat's chosen objective holds (the seat is assumed to have survived). Without a
    first encounter nobody chose an objective, so nobody can win (seed 000)."""
    c = s.chars[seat]
    if c.objective < 0:
        return False
    card = s.game.objective_cards[c.objective]
    return any(all(CONDITIONS[cond.op](s, seat, cond.params) for cond in alternative)
               for alternative in card.any_of)  # fmt: skip


def is_quarantine(s: State, seat: int) -> bool:
    c = s.chars[seat]
    return c.objective >= 0 and "mars" in s.game.objective_cards[c.objective].survives_jump_to


def _player_must_not_survive(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    target = int(p["player"]) - 1
    return target != seat and target not in survivors(s)


def _only_survivor(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return survivors(s) == [seat]


def _weaknesses_discovered(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return sum(1 for w in s.weakness if w >= 0) >= int(p["min"])


def _weakness_discovered(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return s.weakness[s.game.weakness_slot_index(str(p["slot"]))] >= 0


def _signal_sent(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return s.chars[seat].signal


def _escaped_carrying(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return s.game.object_id(str(p["object"])) in s.chars[seat].heavy


def _ship_reaches(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return not s.ship_destroyed and s.arrived == p["destination"]


def _nest_destroyed(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return s.nest_destroyed or s.ship_destroyed


def _ship_destroyed(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return s.ship_destroyed


def _queen_killed(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return s.queen_killed or s.ship_destroyed


def _escaped_in_pod_with_items(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    c = s.chars[seat]
    if c.status != ESCAPED:
        return False
    game = s.game
    # an activated quest item sits in the inventory or a hand like any item (rules/items_quest)
    items = sum(1 for held in c.heavy if not game.is_object(held)) + len(c.inventory)
    return items >= int(p["min"])


def _all_rooms_explored(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return all(s.explored)


def _other_survivors(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    return sum(1 for other in survivors(s) if other != seat) >= int(p["min"])


def _object_in_room(s: State, seat: int, p: Mapping[str, Any]) -> bool:
    room = s.game.room_with_tile(s, str(p["room"]))
    return room >= 0 and s.game.object_id(str(p["object"])) in s.objects[room]


CONDITIONS: dict[str, Condition] = {
    "player_must_not_survive": _player_must_not_survive,
    "only_survivor": _only_survivor,
    "weaknesses_discovered": _weaknesses_discovered,
    "weakness_discovered": _weakness_discovered,
    "signal_sent": _signal_sent,
    "escaped_carrying": _escaped_carrying,
    "ship_reaches": _ship_reaches,
    "nest_destroyed": _nest_destroyed,
    "ship_destroyed": _ship_destroyed,
    "queen_killed": _queen_killed,
    "escaped_in_pod_with_items": _escaped_in_pod_with_items,
    "all_rooms_explored": _all_rooms_explored,
    "other_survivors": _other_survivors,
    "object_in_room": _object_in_room,
}
