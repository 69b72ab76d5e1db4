"""Scenes for the Action-card tests: seat 0 plays a chosen character with a chosen hand in a
chosen room; the other characters wait in Engine 2's room, out of the way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nemesis_env.games.nemesis.rules import rooms
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import clear_board, play_to_round, top_kind

HIBERNATORIUM = 10  # room 11 (special): exits 1 -> 15, 2 -> 6, 3 -> 8, 4 -> 14
ELSEWHERE = 19  # room 20, Engine 2: no computer, no tech-corridor entrance
ROOM1_SLOT = 1  # room 2, a "1" slot: exits 1,2 -> Technical Corridors, 3 -> 1, 4 -> 6
ROOM2_SLOT = 5  # room 6, a "2" slot: exits 1 -> 7, 2 -> 11, 3 -> 5, 4 -> 2


def card(s: State, name: str) -> int:
    return s.game.tables.card_index[name]


def thing(s: State, thing_id: str) -> int:
    return s.game.tables.thing_index[thing_id]


def place(s: State, room: int, tile_id: str) -> None:
    """The room's tile is `tile_id`, face up and explored, its token resolved."""
    tile = s.game.tables.tiles.index(tile_id)
    for pool in s.tiles_left:
        if tile in pool:
            pool.remove(tile)
    s.tile[room] = tile
    s.tile_known[room] = (1 << len(s.chars)) - 1
    s.explored[room] = True
    s.token[room] = -2
    s.legal_cache = None


def scene(character: str, hand: list[str], room: int = HIBERNATORIUM, tile: str | None = None,
          players: int = 4) -> State:  # fmt: skip
    """Seat 0 (whose round it is) plays `character` in `room`, holding `hand` and its starting
    weapon (full); the others play the remaining characters in Engine 2's room."""
    s = play_to_round(players)
    clear_board(s)
    ids = [c.id for c in s.game.data.characters]
    others = [i for i in range(len(ids)) if ids[i] != character]
    for seat, c in enumerate(s.chars):
        c.character = ids.index(character) if seat == 0 else others[seat - 1]
        c.room = room if seat == 0 else ELSEWHERE
        weapon = s.game.starting_weapon(c.character)
        c.heavy, c.heavy_ammo = [weapon], [s.game.item_capacity(weapon)]
        c.inventory = []
    s.chars[0].hand = [card(s, name) for name in hand]
    if tile is not None:
        place(s, room, tile)
    s.legal_cache = None
    return s


def can_play(s: State, name: str) -> bool:
    s.legal_cache = None
    return s.game.actions.play_card.id(card(s, name)) in s.legal_actions()


def play(s: State, name: str) -> None:
    """Plays the card and pays its cost with the first cards offered."""
    assert can_play(s, name), (name, s.legal_actions())
    s.apply_action(s.game.actions.play_card.id(card(s, name)))
    while top_kind(s) == Kind.PAY:
        s.apply_action(s.legal_actions()[0])


def answer(s: State, kind: Kind, action: int) -> None:
    assert top_kind(s) == kind, (top_kind(s), kind)
    assert action in s.legal_actions(), (action, s.legal_actions())
    s.apply_action(action)


def intruder_in(s: State, kind: int, room: int) -> int:
    mini = s.game.minis_of_type[kind][0]
    s.intruder_room[mini] = room
    s.legal_cache = None
    return mini


class RoomCalls:
    """Stands in for the rooms module (written on another branch): every room action is open,
    and starting one or repairing an engine is recorded."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, int]] = []

    def install(self, monkeypatch: Any) -> RoomCalls:
        monkeypatch.setattr(rooms, "action_open", lambda s, seat, room: True)
        monkeypatch.setattr(rooms, "start", self._record("start"))
        monkeypatch.setattr(rooms, "repair_or_break", self._record("repair_or_break"))
        return self

    def _record(self, name: str) -> Callable[[State, int, int], None]:
        def call(s: State, seat: int, where: int) -> None:
            self.calls.append((name, seat, where))

        return call
