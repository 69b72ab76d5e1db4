"""The intruder player's turn (seed 000 "Modes", "Playing as the Intruders"; nemesis-reference.md
§18.3): param `intruder_player`.

The first player whose character dies (ties: the lower player number, intruder_seat.py) plays
the Intruders from the next Player Phase on, from its seat:
- it draws 3 cards of the 10-card intruder deck each Player Phase (the discard pile is
  reshuffled when the deck runs out) and holds at most 4 (the rest discarded, its choice);
- it never takes the first-player token (event_phase.next_first_player passes over the dead);
- each of its rounds it plays one card, as Move, Attack or for its Effect (intruder_cards.py),
  or passes, keeping at most one card; laps go on until every player has passed;
- the Event Phase keeps only the time track and fire damage (event_phase.py).
Interruption windows never open on its actions (§18.3: Interruption cannot cancel them).
"""

from __future__ import annotations

from nemesis_env.core.engine import (
    AUTO,
    CHANCE,
    Decision,
    on_auto,
    on_legal,
    on_outcomes,
    on_prepare,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.intruder_seat import IntruderPlayer
from nemesis_env.games.nemesis.rules import intruder_cards
from nemesis_env.games.nemesis.rules.kinds import (
    IP_ATTACK,
    IP_EFFECT,
    IP_MOVE,
    IpPlay,
    Kind,
    SeatArg,
    Stage,
)
from nemesis_env.games.nemesis.state import State, ev

DRAW = 3  # cards drawn each Player Phase (§18.3)
HAND_LIMIT = 4
KEEP_ON_PASS = 1  # a passing intruder player may keep one card


def seat_of(s: State) -> IntruderPlayer:
    assert s.ip is not None, "an intruder-player decision in a game without the param"
    return s.ip


def push_draws(s: State) -> None:
    """Called at the Player Phase's draw once the seat is active: the hand limit, under the
    three draws (they come first)."""
    ip = seat_of(s)
    push(s, Decision(Kind.IP_LIMIT, AUTO, SeatArg(ip.seat)))
    for _ in range(DRAW):
        push(s, Decision(Kind.IP_DRAW, CHANCE, SeatArg(ip.seat)))


@on_prepare(Kind.IP_DRAW)
def reshuffle_intruder_deck(s: State) -> None:
    ip = seat_of(s)
    if len(ip.deck) == 0 and ip.discard:
        ip.deck.shuffle_in(ip.discard)
        ip.discard = []
        s.log(ev("ip_reshuffle", ip.seat, ()))


@on_outcomes(Kind.IP_DRAW)
def ip_draw_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.ip_card
    return [(ids.id(card), p) for card, p in seat_of(s).deck.draw_outcomes()]


@on_resolve(Kind.IP_DRAW)
def resolve_ip_draw(s: State, d: Decision, outcome: int) -> None:
    ip = seat_of(s)
    card = s.game.chance.ip_card.arg(outcome)
    ip.deck.draw(card)
    ip.hand.append(card)
    s.log(ev("ip_draw", ip.seat, (("card", card),), frozenset({ip.seat})))


@on_auto(Kind.IP_LIMIT)
def hand_limit(s: State, d: Decision) -> None:
    ip = seat_of(s)
    if len(ip.hand) > HAND_LIMIT:
        push(s, Decision(Kind.IP_LIMIT, AUTO, d.payload))
        push(s, Decision(Kind.IP_DISCARD, ip.seat, d.payload))


@on_legal(Kind.IP_DISCARD)
def legal_ip_discard(s: State, d: Decision) -> list[int]:
    return s.game.actions.ip_card.ids(sorted(set(seat_of(s).hand)))


@on_resolve(Kind.IP_DISCARD)
def resolve_ip_discard(s: State, d: Decision, action: int) -> None:
    ip = seat_of(s)
    card = s.game.actions.ip_card.arg(action)
    ip.hand.remove(card)
    ip.discard.append(card)
    s.log(ev("ip_discard", ip.seat, (("card", card),)))


# -- rounds ------------------------------------------------------------------------------------
def round_decision(s: State) -> Decision:
    """The intruder seat's round (player_phase.next_round gives it in turn order)."""
    ip = seat_of(s)
    return Decision(Kind.IP_ROUND, ip.seat, SeatArg(ip.seat))


@on_legal(Kind.IP_ROUND)
def legal_ip_round(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    legal = [acts.pass_id]
    for card in sorted(set(seat_of(s).hand)):
        if intruder_cards.movers(s):
            legal.append(acts.ip_move.id(card))
        if intruder_cards.attackers(s):
            legal.append(acts.ip_attack.id(card))
        if intruder_cards.effect_playable(s, card):
            legal.append(acts.ip_effect.id(card))
    return sorted(legal)


@on_resolve(Kind.IP_ROUND)
def resolve_ip_round(s: State, d: Decision, action: int) -> None:
    ip = seat_of(s)
    acts = s.game.actions
    s.rounds += 1
    if action == acts.pass_id:
        if len(ip.hand) > KEEP_ON_PASS:
            push(s, Decision(Kind.IP_KEEP, ip.seat, SeatArg(ip.seat)))
        else:
            finish_pass(s)
        return
    kind = acts.space.kind_of(action)
    card = kind.arg(action)
    use = IP_MOVE if kind is acts.ip_move else IP_ATTACK if kind is acts.ip_attack else IP_EFFECT
    ip.hand.remove(card)
    ip.discard.append(card)
    s.log(ev("ip_play", ip.seat, (("card", card), ("use", use))))
    push(s, Decision(Kind.IP_AFTER, AUTO, SeatArg(ip.seat)))
    intruder_cards.play(s, IpPlay(card, use))


@on_auto(Kind.IP_AFTER)
def after_ip_action(s: State, d: Decision) -> None:
    """One action per round (§18.3): the round ends, unless the game ended meanwhile."""
    if s.stage == Stage.ROUNDS:
        s.game.hooks.end_of_round(s, d.payload.seat)


@on_legal(Kind.IP_KEEP)
def legal_ip_keep(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return [acts.done_id, *acts.ip_card.ids(sorted(set(seat_of(s).hand)))]


@on_resolve(Kind.IP_KEEP)
def resolve_ip_keep(s: State, d: Decision, action: int) -> None:
    """The card kept stays in hand; the others are discarded (done: none kept)."""
    ip = seat_of(s)
    acts = s.game.actions
    kept = [] if action == acts.done_id else [acts.ip_card.arg(action)]
    rest = list(ip.hand)
    for card in kept:
        rest.remove(card)
    ip.discard += rest
    ip.hand = kept
    finish_pass(s)


def finish_pass(s: State) -> None:
    ip = seat_of(s)
    ip.passed = True
    s.log(ev("pass", ip.seat, ()))
    s.game.hooks.end_of_round(s, ip.seat)
