"""Scanning contamination cards (nemesis-reference.md §8.2).

27 contamination cards, 7 of them INFECTED. The infection is printed in a code only the Scanner
reads, so nobody, the owner included, knows a card until it is scanned. The state therefore
keeps every unscanned card undetermined: all of them (the deck's and those in play) are
exchangeable, and a scan draws the card's infection with probability
(infected cards not yet found) / (cards not yet scanned). The scanned card then carries what
its owner learnt: clean or infected.
"""

from __future__ import annotations

from nemesis_env.core.engine import CHANCE, Decision, on_outcomes, on_resolve, push
from nemesis_env.core.events import Event
from nemesis_env.games.nemesis.rules.common import replace_in_deck
from nemesis_env.games.nemesis.rules.kinds import SCAN_DECK, SCAN_DISCARD, SCAN_HAND, Kind, Scan
from nemesis_env.games.nemesis.state import State

CLEAN, INFECTED = 0, 1


def push_scan(s: State, seat: int, where: int, index: int) -> None:
    """Scan one unscanned card: `index` in the hand or discard, any one in the deck (-1)."""
    push(s, Decision(Kind.SCAN, CHANCE, Scan(seat, where, index)))


def push_scan_hand(s: State, seat: int) -> None:
    unknown = s.game.contam_unknown
    hand = s.chars[seat].hand
    for index in reversed(range(len(hand))):
        if hand[index] == unknown:
            push_scan(s, seat, SCAN_HAND, index)


@on_outcomes(Kind.SCAN)
def scan_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.scan
    left, infected = s.contam_unresolved, s.contam_infected_left
    if infected == 0:
        return [(ids.id(CLEAN), 1.0)]
    if infected == left:
        return [(ids.id(INFECTED), 1.0)]
    p = infected / left
    return [(ids.id(CLEAN), 1.0 - p), (ids.id(INFECTED), p)]


@on_resolve(Kind.SCAN)
def resolve_scan(s: State, d: Decision, outcome: int) -> None:
    scan: Scan = d.payload
    result = s.game.chance.scan.arg(outcome)
    game = s.game
    card = game.contam_infected if result == INFECTED else game.contam_clean
    s.contam_unresolved -= 1
    if result == INFECTED:
        s.contam_infected_left -= 1
    c = s.chars[scan.seat]
    if scan.where == SCAN_HAND:
        c.hand[scan.index] = card
    elif scan.where == SCAN_DISCARD:
        c.discard[scan.index] = card
    else:
        assert scan.where == SCAN_DECK
        replace_in_deck(c.deck, game.contam_unknown, card)
    s.log(Event("scan", scan.seat, (("infected", result),), frozenset({scan.seat})))
