"""The Player Phase (nemesis-reference.md §5.1, §6.1).

1. Every character draws Action cards up to its hand size: 5, 4 with an undressed Body wound
   (§8.1), 6 when it starts the round in the Cabins with no Intruder there (§3.2); an empty
   deck is reshuffled from the discard pile.
2. The First Player token passes left (not on the first turn).
3. From the first player on, each player in turn takes a round: two actions, or one action and
   a pass, or a pass. Laps go on until everyone has passed. A player who passes may discard any
   cards from hand first (contamination cards too).
4. A character ending a round in a burning room takes a Light Wound; a character with an
   undressed Bleeding wound takes one when passing (§8.1).
5. When everyone has passed, an Airlock depressurisation still in place kills everything in its
   room (§3.2), and the Event Phase begins.

An action's cost is paid by discarding that many Action cards from hand; contamination cards
never pay (§6.1).
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
    on_stage,
    push,
)
from nemesis_env.games.nemesis import intruder_seat
from nemesis_env.games.nemesis.rules import ending, intruder_player, modes, pods, wounds
from nemesis_env.games.nemesis.rules.kinds import Kind, Pay, SeatArg, Stage
from nemesis_env.games.nemesis.state import ACTIVE, IN_POD, State, ev

ACTIONS_PER_ROUND = 2


def hand_size(s: State, seat: int) -> int:
    c = s.chars[seat]
    if wounds.has_wound(s, seat, "body"):
        return 4
    if c.room >= 0 and s.game.tile_name(s, c.room) == "cabins" and not s.malfunction[c.room] \
            and c.room not in s.intruder_room:  # fmt: skip
        return 6
    return 5


def acting(s: State, seat: int) -> bool:
    """Still takes rounds this game: on the board, or waiting in an escape pod."""
    return s.chars[seat].status in (ACTIVE, IN_POD)


@on_stage(Stage.DRAW)
def draw_step(s: State) -> None:
    if ending.nobody_left_check(s):
        return
    modes.autodoc(s)  # co-op: "at the start of the round" (seed 000 "Modes")
    s.stage = Stage.ROUNDS
    s.cursor = s.first_player
    push(s, Decision(Kind.NEXT_ROUND, AUTO, None))  # under the draws: they come first
    n = len(s.chars)
    for seat in reversed(range(n)):
        c = s.chars[seat]
        c.passed = not acting(s, seat)
        if acting(s, seat):
            for _ in range(max(0, hand_size(s, seat) - len(c.hand))):
                push(s, Decision(Kind.DRAW_ACTION, CHANCE, SeatArg(seat)))
    if intruder_seat.activate(s):  # the intruder player draws too (seed 000 "Modes")
        intruder_player.push_draws(s)


@on_prepare(Kind.DRAW_ACTION)
def reshuffle_action_deck(s: State) -> None:
    d = s.stack[-1]
    c = s.chars[d.payload.seat]
    if len(c.deck) == 0 and c.discard:
        c.deck.shuffle_in(c.discard)
        c.discard = []
        s.log(ev("reshuffle", d.payload.seat, ()))


@on_outcomes(Kind.DRAW_ACTION)
def draw_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.card
    return [(ids.id(card), p) for card, p in s.chars[d.payload.seat].deck.draw_outcomes()]


@on_resolve(Kind.DRAW_ACTION)
def resolve_draw(s: State, d: Decision, outcome: int) -> None:
    seat = d.payload.seat
    card = s.game.chance.card.arg(outcome)
    c = s.chars[seat]
    c.deck.draw(card)
    c.hand.append(card)
    s.log(ev("draw", seat, (("card", card),), frozenset({seat})))


@on_stage(Stage.ROUNDS)
def rounds(s: State) -> None:
    """Rounds go on from the cursor (reached when a step left no decision open)."""
    push(s, Decision(Kind.NEXT_ROUND, AUTO, None))


@on_auto(Kind.NEXT_ROUND)
def next_round(s: State, d: Decision) -> None:
    """Gives the next round to the next player who has not passed, or ends the phase."""
    if ending.nobody_left_check(s):
        return
    n = len(s.chars)
    for k in range(n):
        seat = (s.cursor + k) % n
        c = s.chars[seat]
        if intruder_seat.is_intruder_seat(s, seat) and not intruder_player.seat_of(s).passed:
            s.cursor = seat
            push(s, intruder_player.round_decision(s))
            return
        if not c.passed and acting(s, seat):
            s.cursor = seat
            c.actions_left = ACTIONS_PER_ROUND
            push(s, pods.round_decision(seat) if c.status == IN_POD
                 else Decision(Kind.ROUND, seat, SeatArg(seat)))  # fmt: skip
            return
    s.stage = Stage.END_PLAYER_PHASE


@on_legal(Kind.ROUND)
def legal_round(s: State, d: Decision) -> list[int]:
    legal: list[int] = s.game.hooks.round_legal(s, d.chooser)
    return legal


@on_resolve(Kind.ROUND)
def resolve_round(s: State, d: Decision, action: int) -> None:
    seat = d.chooser
    s.rounds += 1
    if action == s.game.actions.pass_id:
        push(s, Decision(Kind.PASS_DISCARD, seat, SeatArg(seat)))
        return
    free = s.game.hooks.round_is_free(s, action)
    push(s, Decision(Kind.AFTER_ACTION, AUTO, SeatArg(seat) if not free else None))
    s.game.hooks.round_perform(s, seat, action)


@on_auto(Kind.AFTER_ACTION)
def after_action(s: State, d: Decision) -> None:
    """Counts the action; the round goes on while actions are left."""
    seat = s.cursor
    c = s.chars[seat]
    if s.stage != Stage.ROUNDS:
        return
    if d.payload is not None:
        c.actions_left -= 1
    if c.status == ACTIVE and c.actions_left > 0 and not c.passed:
        push(s, Decision(Kind.ROUND, seat, SeatArg(seat)))
        return
    end_of_round(s, seat)


def end_of_round(s: State, seat: int) -> None:
    c = s.chars[seat]
    s.cursor = (seat + 1) % len(s.chars)
    push(s, Decision(Kind.NEXT_ROUND, AUTO, None))
    if c.status == ACTIVE and s.fire[c.room]:
        wounds.light_wounds(s, seat, 1)


# -- passing -----------------------------------------------------------------------------------
@on_legal(Kind.PASS_DISCARD)
def legal_pass_discard(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    cards = sorted(set(s.chars[d.chooser].hand))
    return [acts.done_id, *acts.discard.ids(cards)]


@on_resolve(Kind.PASS_DISCARD)
def resolve_pass_discard(s: State, d: Decision, action: int) -> None:
    seat = d.chooser
    acts = s.game.actions
    c = s.chars[seat]
    if action != acts.done_id:
        card = acts.discard.arg(action)
        c.hand.remove(card)
        c.discard.append(card)
        push(s, Decision(Kind.PASS_DISCARD, seat, SeatArg(seat)))
        return
    c.passed = True
    s.log(ev("pass", seat, ()))
    end_of_round(s, seat)
    if c.status == ACTIVE and wounds.has_wound(s, seat, "bleeding"):
        wounds.light_wounds(s, seat, 1)


# -- paying ------------------------------------------------------------------------------------
def pay(s: State, seat: int, cost: int) -> None:
    """Pushes `cost` payment choices (each discards one Action card from hand)."""
    for left in range(cost):
        push(s, Decision(Kind.PAY, seat, Pay(seat, left)))


def can_pay(s: State, seat: int, cost: int, exclude: int = -1) -> bool:
    """Enough Action cards (not contamination) in hand, besides one copy of `exclude`."""
    game = s.game
    cards = sum(1 for card in s.chars[seat].hand if not game.is_contamination(card))
    return cards - (1 if exclude >= 0 else 0) >= cost


@on_legal(Kind.PAY)
def legal_pay(s: State, d: Decision) -> list[int]:
    game = s.game
    cards = {card for card in s.chars[d.chooser].hand if not game.is_contamination(card)}
    return game.actions.discard.ids(sorted(cards))


@on_resolve(Kind.PAY)
def resolve_pay(s: State, d: Decision, action: int) -> None:
    card = s.game.actions.discard.arg(action)
    c = s.chars[d.chooser]
    c.hand.remove(card)
    c.discard.append(card)


@on_stage(Stage.END_PLAYER_PHASE)
def end_player_phase(s: State) -> None:
    room = s.depressurised
    if room >= 0:
        s.depressurised = -1
        s.game.hooks.depressurise(s, room)
        if s.stage == Stage.VICTORY_CHECK:
            return
    s.stage = Stage.TIME_TRACK
