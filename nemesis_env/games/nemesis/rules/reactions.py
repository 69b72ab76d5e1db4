"""Reactions: Interruption windows (nemesis-reference.md §14 "Interruption"; FAQ §19: playable
after passing, cancels the action of another character in your room, who still pays).

After a character pays for an action, every other character in the same room who holds a card
in hand gets a window, in player order from the acting player's left: play Interruption from
hand (cancelling the action) or let it be. The window opens on public facts only (who is in the
room and how many cards they hold), never on whether they hold Interruption, so whose turn it
is reveals no hidden card (DESIGN.md §2). An Interruption may itself be interrupted by another
Interruption (the cards module resolves that when it plays the card).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import Decision, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, State, ev


class Window(NamedTuple):
    actor: int  # whose action may be cancelled
    seat: int  # who may react


def open_windows(s: State, actor: int, room: int) -> None:
    n = len(s.chars)
    seats = [(actor + k) % n for k in range(1, n)]
    for seat in reversed(seats):
        c = s.chars[seat]
        if c.status == ACTIVE and c.room == room and c.hand:
            push(s, Decision(Kind.INTERRUPT_WINDOW, seat, Window(actor, seat)))


def interruption_card(s: State) -> int:
    return s.game.tables.card_index["interruption"]


@on_legal(Kind.INTERRUPT_WINDOW)
def legal_window(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    out = [acts.no.id()]
    if interruption_card(s) in s.chars[d.chooser].hand:
        out.append(acts.react.id(interruption_card(s)))
    return sorted(out)


@on_resolve(Kind.INTERRUPT_WINDOW)
def resolve_window(s: State, d: Decision, action: int) -> None:
    if action == s.game.actions.no.id():
        return
    w: Window = d.payload
    c = s.chars[w.seat]
    card = interruption_card(s)
    c.hand.remove(card)
    c.discard.append(card)
    s.log(ev("interruption", w.seat, (("cancels", w.actor),)))
    cancel_action(s)


def cancel_action(s: State) -> None:
    """Drops everything the interrupted action still had to do (down to its guard), including
    the other characters' windows, which have nothing left to cancel."""
    while s.stack and s.stack[-1].kind != Kind.ACTION_GUARD:
        s.stack.pop()


__all__ = ["ACTIVE", "open_windows"]
