"""Trade (nemesis-reference.md §6.2; FAQ §19: anyone present may trade, gifts allowed, a trade
cannot be empty, ammo is not traded, only the initiator spends the action)."""

from __future__ import annotations

from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import clear_board, play_to_round, top_kind

ROOM = 10


def two_in_a_room() -> State:
    s = play_to_round()
    clear_board(s)
    for c in s.chars:
        c.room = 0
    s.chars[0].room = s.chars[1].room = ROOM
    things = s.game.tables.thing_index
    s.chars[0].inventory = [things["green.medkit"]]
    s.chars[1].inventory = [things["red.grenade"]]
    s.legal_cache = None
    return s


def start_trade(s: State) -> None:
    s.apply_action(s.game.actions.trade.id(1))
    assert top_kind(s) == Kind.PAY
    s.apply_action(s.legal_actions()[0])  # the initiator pays 1 card
    assert top_kind(s) == Kind.INTERRUPT_WINDOW and s.current_player() == 1
    s.apply_action(s.game.actions.no.id())  # the partner lets the action happen


def test_an_exchange_both_accept_swaps_the_items() -> None:
    s = two_in_a_room()
    acts = s.game.actions
    medkit, grenade = s.chars[0].inventory[0], s.chars[1].inventory[0]
    partner_hand = len(s.chars[1].hand)
    start_trade(s)
    s.apply_action(acts.thing.id(medkit))
    s.apply_action(acts.done_id)
    assert top_kind(s) == Kind.TRADE_OFFER and s.current_player() == 1
    s.apply_action(acts.thing.id(grenade))
    s.apply_action(acts.done_id)
    s.apply_action(acts.yes.id())  # the partner agrees
    s.apply_action(acts.yes.id())  # the initiator agrees
    assert s.chars[0].inventory == [grenade] and s.chars[1].inventory == [medkit]
    assert len(s.chars[1].hand) == partner_hand  # only the initiator spends the action


def test_a_refusal_keeps_everything_in_place() -> None:
    s = two_in_a_room()
    acts = s.game.actions
    before = (list(s.chars[0].inventory), list(s.chars[1].inventory))
    start_trade(s)
    s.apply_action(acts.thing.id(s.chars[0].inventory[0]))
    s.apply_action(acts.done_id)
    s.apply_action(acts.done_id)  # a gift: nothing back
    s.apply_action(acts.no.id())  # the partner refuses the gift
    assert (s.chars[0].inventory, s.chars[1].inventory) == before
    assert top_kind(s) == Kind.ROUND


def test_a_gift_is_a_trade_and_an_empty_trade_does_nothing() -> None:
    s = two_in_a_room()
    acts = s.game.actions
    medkit = s.chars[0].inventory[0]
    start_trade(s)
    s.apply_action(acts.thing.id(medkit))
    s.apply_action(acts.done_id)
    s.apply_action(acts.done_id)
    s.apply_action(acts.yes.id())
    s.apply_action(acts.yes.id())
    assert medkit in s.chars[1].inventory and medkit not in s.chars[0].inventory
    s = two_in_a_room()
    start_trade(s)
    s.apply_action(acts.done_id)
    s.apply_action(acts.done_id)
    assert top_kind(s) == Kind.ROUND and len(s.chars[0].inventory) == 1


def test_a_weapon_keeps_its_ammo_and_needs_a_free_hand() -> None:
    s = two_in_a_room()
    acts = s.game.actions
    rifle = s.game.tables.thing_index["weapon.rifle"]
    s.chars[0].heavy, s.chars[0].heavy_ammo = [rifle], [3]
    s.chars[1].heavy, s.chars[1].heavy_ammo = [], []
    start_trade(s)
    s.apply_action(acts.thing.id(rifle))
    s.apply_action(acts.done_id)
    s.apply_action(acts.done_id)
    s.apply_action(acts.yes.id())
    s.apply_action(acts.yes.id())
    assert s.chars[1].heavy == [rifle] and s.chars[1].heavy_ammo == [3]
    s = two_in_a_room()
    full = [s.game.obj_corpse, s.game.obj_carcass]
    s.chars[0].heavy, s.chars[0].heavy_ammo = [rifle], [3]
    s.chars[1].heavy, s.chars[1].heavy_ammo = full, [0, 0]
    start_trade(s)
    assert acts.thing.id(rifle) not in s.legal_actions()  # both the partner's hands are full
