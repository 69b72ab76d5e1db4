"""Scenario builders for the room-action and escape-pod tests: a game past setup with the
acting character alone in a room whose tile the test chooses."""

from __future__ import annotations

from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import clear_board, play_to_round, top_kind

ROOM1_SLOT = 2  # room 3: a Room "1" slot; exits 1,2 -> room 1 (Cockpit), 3,4 -> room 7
ROOM2_SLOT = 5  # room 6: a Room "2" slot; exits 1 -> 7, 2 -> 11, 3 -> 5, 4 -> 2
HIBERNATORIUM = 10
COCKPIT = 0


def place_tile(s: State, tile_id: str, room: int = -1) -> int:
    """Turns the tile face up (explored, token resolved) in a slot of its kind; returns it."""
    t = s.game.tables
    tile = t.tiles.index(tile_id)
    if t.tile_kind[tile] < 0:
        room = t.special_tile.index(tile)
    else:
        if room < 0:
            room = ROOM1_SLOT if t.tile_kind[tile] == 0 else ROOM2_SLOT
        for pool in s.tiles_left:
            if tile in pool:
                pool.remove(tile)
        s.tile[room] = tile
        s.token[room] = -2
    s.explored[room] = True
    s.tile_known[room] = (1 << len(s.chars)) - 1
    s.legal_cache = None
    return room


def scenario(tile_id: str, players: int = 4) -> tuple[State, int]:
    """Seat 0 (whose round it is) alone in an explored room with this tile; the others out of
    the way; no Intruder, no noise; the first encounter already happened (no objective choice
    interrupts the tests)."""
    s = play_to_round(players)
    assert s.stack[-1].chooser == 0
    clear_board(s)
    s.first_encounter_done = True
    room = place_tile(s, tile_id)
    parking = COCKPIT if room == HIBERNATORIUM else HIBERNATORIUM
    for seat, c in enumerate(s.chars):
        c.room = room if seat == 0 else parking
    s.legal_cache = None
    return s, room


def room_action_offered(s: State, seat: int = 0) -> bool:
    s.legal_cache = None
    return s.game.actions.room_action.id() in s.legal_actions()


def use_room(s: State, seat: int = 0) -> None:
    """Takes the room action and pays its cost with the first cards offered."""
    assert room_action_offered(s, seat), "the room action is not offered"
    s.apply_action(s.game.actions.room_action.id())
    while s.stack and top_kind(s) == Kind.PAY:
        s.apply_action(s.legal_actions()[0])


def answer(s: State, action_id: int) -> None:
    assert action_id in s.legal_actions(), (action_id, s.legal_actions())
    s.apply_action(action_id)
