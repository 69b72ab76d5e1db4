"""Interruption (nemesis-reference.md §14 common cards; FAQ §19: playable after passing; the
interrupted character still pays), and the window's fairness: it opens on public facts only."""

from __future__ import annotations

from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.nemesis.helpers import clear_board, play_to_round, top_kind

ROOM = 10  # the Hibernatorium; corridor 2 leads to room 6 (index 5)


def setup(interruption_in_hand: bool) -> State:
    s = play_to_round()
    clear_board(s)
    for c in s.chars:
        c.room = 0
    s.chars[0].room = s.chars[1].room = ROOM
    interruption = s.game.tables.card_index["interruption"]
    search = s.game.tables.card_index["search"]
    s.chars[0].hand = [search, search]
    s.chars[1].hand = [interruption if interruption_in_hand else search]
    s.chars[1].passed = True  # Interruption works after passing (FAQ)
    s.legal_cache = None
    return s


def test_an_interruption_cancels_the_move_but_the_cost_stays_paid() -> None:
    s = setup(interruption_in_hand=True)
    acts = s.game.actions
    s.apply_action(acts.move.id(5))
    s.apply_action(s.legal_actions()[0])  # pays one Search
    assert top_kind(s) == Kind.INTERRUPT_WINDOW and s.current_player() == 1
    s.apply_action(acts.react.id(s.game.tables.card_index["interruption"]))
    assert s.chars[0].room == ROOM and len(s.chars[0].hand) == 1
    assert (
        s.chars[1].hand == [] and s.chars[1].discard[-1] == s.game.tables.card_index["interruption"]
    )


def test_the_window_opens_whether_or_not_the_card_is_held() -> None:
    """Whose turn it is must not reveal a hidden card: the window opens for any character in
    the room with cards in hand; without Interruption the only answer is to let it be."""
    with_card, without = setup(True), setup(False)
    for s in (with_card, without):
        s.apply_action(s.game.actions.move.id(5))
        s.apply_action(s.legal_actions()[0])
        assert top_kind(s) == Kind.INTERRUPT_WINDOW and s.current_player() == 1
    assert without.legal_actions() == [without.game.actions.no.id()]
    without.apply_action(without.game.actions.no.id())
    assert without.chars[0].room == 5
