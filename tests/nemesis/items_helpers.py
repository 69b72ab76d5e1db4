"""Scenario builders for the item tests (tests/nemesis/test_items*.py)."""

from __future__ import annotations

from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import clear_board, play_to_round, top_kind

HIB = 10  # room 11, the Hibernatorium: exits 1 -> room 15, 2 -> room 6, 3 -> room 8, 4 -> room 14
COCKPIT = 0  # room 1: where the other characters wait, out of the way
ROOM_2 = 1  # room 2: a Technical Corridors entrance
ROOM_14, ROOM_15, ROOM_16 = 13, 14, 15


def thing(s: State, thing_id: str) -> int:
    return s.game.tables.thing_index[thing_id]


def card(s: State, card_id: str) -> int:
    return s.game.tables.card_index[card_id]


def place(s: State, room: int, tile: str) -> None:
    """The room is explored and shows `tile`."""
    s.tile[room] = s.game.tables.tiles.index(tile)
    s.explored[room] = True
    s.token[room] = -2
    s.tile_known[room] = (1 << len(s.chars)) - 1
    s.legal_cache = None


def scene(character: str = "scout", room: int = HIB, inventory: tuple[str, ...] = (),
          cards: int = 5) -> State:  # fmt: skip
    """Seat 0 (whose round it is) plays `character` in `room` with its starting weapon full, the
    given items and `cards` Rest cards in hand; the others wait in the Cockpit with 2 cards."""
    s = play_to_round()
    clear_board(s)
    assert s.stack[-1].kind == Kind.ROUND and s.stack[-1].chooser == 0
    for c in s.chars:
        c.room = COCKPIT
        c.hand = [card(s, "rest")] * 2
        c.inventory, c.heavy, c.heavy_ammo = [], [], []
    c = s.chars[0]
    c.room = room
    c.character = [ch.id for ch in s.game.data.characters].index(character)
    weapon = s.game.starting_weapon(c.character)
    c.heavy, c.heavy_ammo = [weapon], [s.game.item_capacity(weapon)]
    c.inventory = [thing(s, i) for i in inventory]
    c.hand = [card(s, "rest")] * cards
    c.quest_active = [False, False]
    s.legal_cache = None
    return s


def act(s: State, kind: str, arg: int | None = None) -> None:
    s.legal_cache = None  # the test may have edited the state since the last look
    if kind == "done":
        s.apply_action(s.game.actions.done_id)
        return
    k = getattr(s.game.actions, kind)
    s.apply_action(k.id() if arg is None else k.id(arg))


def settle(s: State) -> None:
    """Pays the cost with the first cards offered and lets every Interruption window pass."""
    while s.stack and top_kind(s) in (Kind.PAY, Kind.INTERRUPT_WINDOW):
        if top_kind(s) == Kind.PAY:
            s.apply_action(s.legal_actions()[0])
        else:
            s.apply_action(s.game.actions.no.id())


def use(s: State, thing_id: str) -> None:
    act(s, "use_item", thing(s, thing_id))
    settle(s)


def offered(s: State, thing_id: str) -> bool:
    s.legal_cache = None
    return s.game.actions.use_item.id(thing(s, thing_id)) in s.legal_actions()


def legal_args(s: State, kind: str) -> list[int]:
    k = getattr(s.game.actions, kind)
    s.legal_cache = None
    return [k.arg(a) for a in s.legal_actions() if a in k]


def mini(s: State, kind: int, n: int = 0) -> int:
    return s.game.minis_of_type[kind][n]
