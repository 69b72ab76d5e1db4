"""The heuristic intruder seat (agents/games/nemesis/intruder.py; docs/agents.md): its choices in
built positions of the intruder-player game (seed 000 "Modes", nemesis-reference.md §18.3).

Expected values come from the rules (what each card allows) and from the agent's documented
policy (the module docstring: attack first, then the move that hinders the crew most, a way off
the ship above any character's room), never from running the agent.
"""

from __future__ import annotations

import numpy as np

from agents.games.nemesis import HeuristicCrew
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import NOWHERE, State
from nemesis_env.games.nemesis.topology import TC
from tests.agents.test_nemesis_heuristic import ctx_for
from tests.nemesis.test_intruder_player import CARD, give_hand, intruder_state, place_adult

INTRUDER_SEAT = 1  # intruder_state(3, dead=1): seat 1's character died, seats 0 and 2 live


def decide(s: State) -> tuple[int, str]:
    """The agent's action id and reason for the open decision (the intruder seat's)."""
    assert s.stack[-1].chooser == INTRUDER_SEAT
    agent = HeuristicCrew()
    action = agent.act(ctx_for(s), np.random.default_rng(0))
    assert action in s.legal_actions()
    return action, agent.last_reason


def empty_board() -> State:
    s = intruder_state(3, dead=INTRUDER_SEAT)
    for mini in range(len(s.intruder_room)):
        s.intruder_room[mini] = NOWHERE
    s.legal_cache = None
    return s


def room_through(s: State, number: int, dest: int, avoid: set[int]) -> int:
    """A room whose open corridor `number` leads to `dest` (a room, not the Technical
    Corridors), not in `avoid`."""
    topo = s.game.topo
    for room in range(topo.num_rooms):
        corridor = topo.corridor_to(room, number)
        if corridor < 0 or room in avoid or room == dest or s.door[corridor] != 0:
            continue
        if topo.other_end(corridor, room) == dest:
            return room
    raise AssertionError(f"no room reaches room {dest + 1} through corridor {number}")


def two_movers(s: State) -> tuple[int, int, int]:
    """Seat 0 in the Hibernatorium, seat 2 in an ordinary room; one Adult a corridor-2 move
    from each (the Hibernatorium's at the higher miniature index, so that "the first Intruder
    that reaches a character" would pick the other). Returns (hib mover, other mover,
    corridor-2 destination of the other)."""
    g, topo = s.game, s.game.topo
    hib = int(g.hibernatorium)
    near_hib = room_through(s, 2, hib, set())
    other_dest = next(
        topo.other_end(topo.corridor_to(r, 2), r) for r in range(topo.num_rooms)
        if r not in (hib, near_hib) and topo.corridor_to(r, 2) >= 0
        and s.door[topo.corridor_to(r, 2)] == 0
        and topo.other_end(topo.corridor_to(r, 2), r) not in (TC, hib, near_hib)
    )  # fmt: skip
    other_room = room_through(s, 2, other_dest, {hib, near_hib})
    s.chars[0].room, s.chars[2].room = hib, other_dest
    other = place_adult(s, other_room)
    hib_mover = place_adult(s, near_hib)
    assert hib_mover > other
    return hib_mover, other, other_dest


def test_it_attacks_when_an_intruder_is_with_a_character() -> None:
    """§18.3 Attack: an Intruder in a character's room attacks with the card's attack draw; the
    agent attacks before anything else, with the card that draws the most (Pursuit "any": 3)."""
    s = empty_board()
    place_adult(s, s.chars[0].room)
    give_hand(s, "self_healing", "pursuit_any")
    action, reason = decide(s)
    assert action == s.game.actions.ip_attack.id(CARD["pursuit_any"])
    assert "attack" in reason


def test_it_moves_the_intruder_that_blocks_the_hibernatorium() -> None:
    """§18.3 Move through the card's corridor: with a character hibernating-to-be in the
    Hibernatorium (its room action needs a room out of Combat) and another in an ordinary room,
    both a corridor-2 move from an Adult, Pursuit (2) moves the Adult into the Hibernatorium."""
    s = empty_board()
    hib_mover, _other, _ = two_movers(s)
    give_hand(s, "pursuit_2")
    action, _ = decide(s)
    assert action == s.game.actions.ip_move.id(CARD["pursuit_2"])
    s.apply_action(action)
    assert int(s.stack[-1].kind) == Kind.IP_INTRUDER
    action, reason = decide(s)
    assert action == s.game.actions.intruder.id(hib_mover)
    assert "hinders" in reason


def test_without_a_way_off_at_stake_it_moves_into_a_characters_room() -> None:
    """With nobody in the Hibernatorium, the Adult that reaches a character by corridor 2 is
    the one moved (a move worth 1, above an effect)."""
    s = empty_board()
    hib_mover, other, other_dest = two_movers(s)
    s.chars[0].room = other_dest  # both characters in the ordinary room now
    s.intruder_room[hib_mover] = NOWHERE
    s.legal_cache = None
    give_hand(s, "pursuit_2")
    s.apply_action(s.game.actions.ip_move.id(CARD["pursuit_2"]))
    action, _ = decide(s)
    assert action == s.game.actions.intruder.id(other)


def test_an_intruder_holding_a_character_is_not_moved_away() -> None:
    """An Intruder already in Combat with a character keeps it there (move value 0): every
    intruder card can be played for its attack (§18.3), so the one card in hand attacks and is
    never played as a Move that would free the character."""
    s = empty_board()
    place_adult(s, s.chars[2].room)
    give_hand(s, "pursuit_2")
    action, _ = decide(s)
    assert action != s.game.actions.ip_move.id(CARD["pursuit_2"])
    assert action == s.game.actions.ip_attack.id(CARD["pursuit_2"])
