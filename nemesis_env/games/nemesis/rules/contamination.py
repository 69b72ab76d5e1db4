"""Scanning contamination cards (nemesis-reference.md §8.2).

27 contamination cards, 7 of them INFECTED. The infection is printed in a code only the Scanner
reads, so nobody, the owner included, knows a card until it is scanned. The state therefore
keeps every unscanned card undetermined: all of them (the deck's and those in play) are
exchangeable, and a scan draws the card's infection with probability
(infected cards not yet found) / (cards not yet scanned). The scanned card then carries what
its owner learnt: clean or infected.
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, CHANCE, Decision, on_auto, on_outcomes, on_resolve, push
from nemesis_env.games.nemesis.rules import intruders, wounds
from nemesis_env.games.nemesis.rules.common import deck_count, replace_in_deck
from nemesis_env.games.nemesis.rules.kinds import (
    SCAN_DECK,
    SCAN_DISCARD,
    SCAN_HAND,
    Kind,
    Scan,
    SeatArg,
)
from nemesis_env.games.nemesis.state import ACTIVE, State, ev

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
        c.hand[scan.position] = card
    elif scan.where == SCAN_DISCARD:
        c.discard[scan.position] = card
    else:
        assert scan.where == SCAN_DECK
        replace_in_deck(c.deck, game.contam_unknown, card)
    s.log(ev("scan", scan.seat, (("infected", result),), frozenset({scan.seat})))


def infected_known(s: State, seat: int) -> int:
    """INFECTED cards the seat has found and still owns (deck, hand, discard)."""
    c = s.chars[seat]
    card = s.game.contam_infected
    return c.hand.count(card) + c.discard.count(card) + deck_count(c.deck, card)


def after_scans(s: State, seat: int) -> None:
    """Pushed below a group of scans that makes one scan (FAQ v2.2: several INFECTED cards in
    one scan do not stack): the Larva procedure runs once if the group found any."""
    push(s, Decision(Kind.AFTER_SCAN, AUTO, (seat, infected_known(s, seat), 0)))


@on_auto(Kind.AFTER_SCAN)
def resolve_after_scans(s: State, d: Decision) -> None:
    """payload (seat, infected known before, k): k > 0 looks at the k cards last discarded
    (Eclosion's draw), else at whether the scan found new INFECTED cards."""
    seat, before, last = d.payload
    c = s.chars[seat]
    if last:
        found = s.game.contam_infected in c.discard[-last:]
    else:
        found = infected_known(s, seat) > before
    if found:
        larva_procedure(s, seat)


def larva_procedure(s: State, seat: int) -> None:
    """An INFECTED card found by a scan: a Larva on the character's board; one already there
    means death, and a Creeper appears in the room (§8.2). Several infected cards in one scan do
    not stack (FAQ v2.2): callers run it once per scan (after_scans)."""
    c = s.chars[seat]
    if c.status != ACTIVE:
        return
    if not c.larva:
        c.larva = True
        s.log(ev("larva", seat, ()))
        return
    room = c.room
    wounds.kill(s, seat, "larva")
    creeper = intruders.free_miniature(s, intruders.CREEPER)
    if creeper >= 0 and room >= 0:
        intruders.appear(s, creeper, room, -1)


@on_outcomes(Kind.ECLOSION_DRAW)
def eclosion_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.card
    return [(ids.id(card), p) for card, p in s.chars[d.payload.seat].deck.draw_outcomes()]


@on_resolve(Kind.ECLOSION_DRAW)
def resolve_eclosion_draw(s: State, d: Decision, outcome: int) -> None:
    """Eclosion (§10): a card of the 4 each character draws; an unscanned contamination card
    among them is scanned (infected: Larva); the drawn cards are discarded."""
    seat = d.payload.seat
    card = s.game.chance.card.arg(outcome)
    c = s.chars[seat]
    c.deck.draw(card)
    c.discard.append(card)
    s.log(ev("eclosion_draw", seat, (("card", card),), frozenset({seat})))
    if card == s.game.contam_unknown:
        push(s, Decision(Kind.SCAN, CHANCE, Scan(seat, SCAN_DISCARD, len(c.discard) - 1)))


def eclosion_draw(s: State, seat: int) -> None:
    """The 4 cards (fewer if the deck has fewer: it is not reshuffled) and one scan of them."""
    drawn = min(4, len(s.chars[seat].deck))
    push(s, Decision(Kind.AFTER_SCAN, AUTO, (seat, 0, drawn)))
    for _ in range(drawn):
        push(s, Decision(Kind.ECLOSION_DRAW, CHANCE, SeatArg(seat)))
