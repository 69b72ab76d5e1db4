"""Reactions: Interruption windows (nemesis-reference.md §14 "Interruption"; FAQ §19: playable
after passing, cancels the action of another character in your room, who still pays).

After a character pays for an action, every other character in the same room who holds a card
in hand gets a window, in player order from the acting player's left: play Interruption from
hand (cancelling the action) or let it be. The window opens on public facts only (who is in the
room and how many cards they hold), never on whether they hold Interruption, so whose turn it
is reveals no hidden card (DESIGN.md §2).

An Interruption may itself be cancelled by another Interruption (§14): when one is played, the
other characters in the room with cards in hand (the interrupted player included) get a window
to cancel it, and so on. Each Interruption played leaves an INTERRUPT_EFFECT step under the
windows that answer it: it cancels what it targets (the action, or the Interruption one level
down) only if no later Interruption cancelled it first.
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, State, ev


class Window(NamedTuple):
    actor: int  # whose action (level 0) or Interruption (level k > 0) may be cancelled
    seat: int  # who may react
    level: int = 0  # 0: the action; k: the Interruption played at level k - 1


def open_windows(s: State, actor: int, room: int, level: int = 0) -> None:
    n = len(s.chars)
    seats = [(actor + k) % n for k in range(1, n)]
    for seat in reversed(seats):
        c = s.chars[seat]
        if c.status == ACTIVE and c.room == room and c.hand:
            push(s, Decision(Kind.INTERRUPT_WINDOW, seat, Window(actor, seat, level)))


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
    s.log(ev("interruption", w.seat, (("cancels", w.actor), ("level", w.level))))
    push(s, Decision(Kind.INTERRUPT_EFFECT, AUTO, w))
    open_windows(s, w.seat, c.room, w.level + 1)


@on_auto(Kind.INTERRUPT_EFFECT)
def interrupt_effect(s: State, d: Decision) -> None:
    """Nobody cancelled this Interruption: it cancels the action (level 0), or the Interruption
    one level down, with the windows still open on it."""
    w: Window = d.payload
    if w.level == 0:
        cancel_action(s)
        return
    while s.stack:
        top = s.stack.pop()
        if top.kind == Kind.INTERRUPT_EFFECT and top.payload.level == w.level - 1:
            return


def cancel_action(s: State) -> None:
    """Drops everything the interrupted action still had to do (down to its guard), including
    the other characters' windows, which have nothing left to cancel."""
    while s.stack and s.stack[-1].kind != Kind.ACTION_GUARD:
        s.stack.pop()


__all__ = ["ACTIVE", "open_windows"]
