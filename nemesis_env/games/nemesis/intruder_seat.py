"""The intruder player's seat (seed 000 "Modes", nemesis-reference.md §18.3): plain data in the
State (`State.ip`, None unless the `intruder_player` param is on) and the two facts the other
rules modules ask about it, with no import of any rules module (player_phase, event_phase and
wounds call these; rules/intruder_player.py holds the seat's decisions).

The first player whose character dies takes the Intruders over "from the next Player Phase":
`seat` is set at that death and `active` at the next Player Phase's draw. Two characters dying
"at once" (the same action of the Player Phase, or the same step of the Event Phase: the same
`moment`) give the seat to the lower player number (docs/rules-decisions.md 500).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.zones import Deck

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.state import State

Moment = tuple[int, int, int]  # (time left, stage, player-phase decisions so far)
NO_MOMENT: Moment = (-1, -1, -1)


class IntruderPlayer:
    """The intruder player's seat and cards (card ids index `data.intruder_player_cards`)."""

    __slots__ = ("active", "deck", "discard", "hand", "moment", "passed", "seat")

    seat: int  # the seat that takes the Intruders over, -1 while every character lives
    active: bool  # True from the Player Phase after the death on
    moment: Moment  # when the seat's character died (ties: the lower player number)
    deck: Deck  # the 10-card intruder deck, order unseen
    hand: list[int]  # private to the seat, like a crew hand
    discard: list[int]  # face up
    passed: bool  # passed in this Player Phase

    def clone(self) -> IntruderPlayer:
        o = IntruderPlayer.__new__(IntruderPlayer)
        o.seat, o.active, o.moment, o.passed = self.seat, self.active, self.moment, self.passed
        o.deck, o.hand, o.discard = self.deck.clone(), self.hand[:], self.discard[:]
        return o

    def __repr__(self) -> str:  # the state's fingerprint compares it
        return (f"IntruderPlayer({self.seat}, {self.active}, {self.moment}, {self.passed}, "
                f"{self.deck.top}, {self.deck.unseen}, {self.deck.bottom}, {self.hand}, "
                f"{self.discard})")  # fmt: skip


def new_intruder_player(cards: int) -> IntruderPlayer:
    ip = IntruderPlayer.__new__(IntruderPlayer)
    ip.seat, ip.active, ip.moment, ip.passed = -1, False, NO_MOMENT, False
    ip.deck, ip.hand, ip.discard = Deck(range(cards)), [], []
    return ip


def controls(s: State) -> bool:
    """An intruder player runs the Intruders now (the Event Phase shrinks, §18.3)."""
    return s.ip is not None and s.ip.active


def is_intruder_seat(s: State, seat: int) -> bool:
    return s.ip is not None and s.ip.active and s.ip.seat == seat


def on_death(s: State, seat: int) -> None:
    """Called by every death: the first one names the intruder seat; another death at the same
    moment before the seat took over moves it to the lower player number."""
    ip = s.ip
    if ip is None or ip.active:
        return
    moment = (s.time, int(s.stage), s.rounds)
    if ip.seat < 0 or (moment == ip.moment and seat < ip.seat):
        ip.seat, ip.moment = seat, moment


def activate(s: State) -> bool:
    """At a Player Phase's start: the named seat takes the Intruders over. True while an
    intruder player plays this phase."""
    ip = s.ip
    if ip is None or ip.seat < 0:
        return False
    ip.active, ip.passed = True, False
    return True
