"""Toy Raid's rules: decision kinds, stages and their handlers (collected into core Rules)."""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from nemesis_env.core.engine import (
    CHANCE,
    Decision,
    Rules,
    on_legal,
    on_outcomes,
    on_resolve,
    on_stage,
    push,
)
from nemesis_env.core.spaces import ActionSpace
from nemesis_env.core.zones import Pile

VALUES = (1, 2, 3, 4)  # card id i has value VALUES[i]
COPIES = 4
SPY, RAID = 0, 3  # card ids with a power
MAX_SEATS = 4

SPACE = ActionSpace("toy_raid")
PLAY = SPACE.add("play", len(VALUES), [f"v{v}" for v in VALUES])
PASS = SPACE.add("pass")
TARGET = SPACE.add("target", MAX_SEATS)  # arg = the seat raided
GIVE = SPACE.add("give", len(VALUES), [f"v{v}" for v in VALUES])
SPACE.freeze()
CHANCE_SPACE = ActionSpace("toy_raid chance")
CARD = CHANCE_SPACE.add("card", len(VALUES), [f"v{v}" for v in VALUES])
CHANCE_SPACE.freeze()


class Kind(IntEnum):
    DEAL = 0  # chance: a setup card for seat `payload`
    PLAY = 1  # a seat plays a card (or passes with an empty hand)
    TARGET = 2  # the raider names an opponent with cards
    GIVE = 3  # the raided seat gives a card to `payload.raider`
    DRAW = 4  # chance: the next card for seat `payload`
    PEEK = 5  # chance: seat `payload` looks at the next card


class Stage(IntEnum):
    SETUP = 0
    TURN = 1


class Raid(NamedTuple):
    raider: int


def team(seat: int) -> int:
    return 0 if seat == 0 else 1


@on_stage(Stage.SETUP)
def deal(s: Any) -> None:
    push(s, *[Decision(Kind.DEAL, CHANCE, seat)
              for seat in range(s.players) for _ in range(3 if seat == 0 else 2)])  # fmt: skip
    s.stage = Stage.TURN


@on_stage(Stage.TURN)
def next_turn(s: Any) -> None:
    if s.round >= s.rounds:
        s.terminal = True
        return
    push(s, Decision(Kind.PLAY, s.cursor))
    s.cursor = (s.cursor + 1) % s.players
    if s.cursor == 0:
        s.round += 1


@on_outcomes(Kind.DEAL)
@on_outcomes(Kind.DRAW)
@on_outcomes(Kind.PEEK)
def next_card(s: Any, d: Decision) -> list[tuple[int, float]]:
    return [(CARD.id(card), p) for card, p in s.deck.draw_outcomes()]


@on_resolve(Kind.DEAL)
@on_resolve(Kind.DRAW)
def take_card(s: Any, d: Decision, outcome: int) -> None:
    card = CARD.arg(outcome)
    s.deck.draw(card)
    s.hands[d.payload].add(card)


@on_resolve(Kind.PEEK)
def peek(s: Any, d: Decision, outcome: int) -> None:
    s.deck.peek(CARD.arg(outcome), [d.payload])


@on_legal(Kind.PLAY)
def playable(s: Any, d: Decision) -> list[int]:
    cards = s.hands[d.chooser].cards
    return PLAY.ids(sorted(set(cards))) if cards else [PASS.id()]


@on_resolve(Kind.PLAY)
def play(s: Any, d: Decision, action: int) -> None:
    seat, draw = d.chooser, Decision(Kind.DRAW, CHANCE, d.chooser)
    if action in PASS:
        push(s, draw)
        return
    card = PLAY.arg(action)
    s.hands[seat].remove(card)
    s.played[seat].put(card)
    if card == RAID and raidable(s, seat):
        push(s, Decision(Kind.TARGET, seat), draw)  # the raid resolves before the draw
    elif card == SPY:
        push(s, draw, Decision(Kind.PEEK, CHANCE, seat))
    else:
        push(s, draw)


def raidable(s: Any, seat: int) -> list[int]:
    return [o for o in range(s.players) if team(o) != team(seat) and len(s.hands[o])]


@on_legal(Kind.TARGET)
def targets(s: Any, d: Decision) -> list[int]:
    return TARGET.ids(raidable(s, d.chooser))


@on_resolve(Kind.TARGET)
def target(s: Any, d: Decision, action: int) -> None:
    push(s, Decision(Kind.GIVE, TARGET.arg(action), Raid(d.chooser)))


@on_legal(Kind.GIVE)
def givable(s: Any, d: Decision) -> list[int]:
    return GIVE.ids(sorted(set(s.hands[d.chooser].cards)))


@on_resolve(Kind.GIVE)
def give(s: Any, d: Decision, action: int) -> None:
    card = GIVE.arg(action)
    s.hands[d.chooser].remove(card)
    s.loot.append(Pile([card], visible_to=(d.payload.raider, d.chooser)))
    s.loot_owner.append(d.payload.raider)


def build_rules() -> Rules[Any]:
    import sys

    rules: Rules[Any] = Rules.collect("toy_raid", Kind, Stage, [sys.modules[__name__]])
    rules.check([Kind.PLAY, Kind.TARGET, Kind.GIVE], [Kind.DEAL, Kind.DRAW, Kind.PEEK], [])
    return rules
