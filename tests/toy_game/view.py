"""What one seat of Toy Raid knows (its own hand, loot it took part in, a card it peeked at,
everything face up), and full states sampled from that knowledge."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from nemesis_env.core.engine import Decision
from nemesis_env.core.zones import HIDDEN, Deck, Hand, Pile, fill_hidden
from tests.toy_game.rules import COPIES, VALUES

if TYPE_CHECKING:
    from tests.toy_game.game import ToyRaidGame, ToyState


class ToyView(NamedTuple):
    seat: int  # -1: the spectator
    players: int
    rounds: int
    round: int
    cursor: int
    stage: int
    terminal: bool
    stack: tuple[Decision, ...]  # every payload is public (seats)
    hands: tuple[tuple[int, ...], ...]  # HIDDEN where unseen
    played: tuple[tuple[int, ...], ...]
    loot: tuple[tuple[int, frozenset[int] | None, tuple[int, ...]], ...]  # owner, who sees, cards
    deck_top: tuple[int, ...]  # HIDDEN where unseen
    deck_top_known: tuple[frozenset[int], ...]  # who peeked is public
    deck_unseen: int


def view_for(s: ToyState, seat: int) -> ToyView:
    top, unseen, _ = s.deck.seen_by(seat)
    return ToyView(
        seat, s.players, s.rounds, s.round, s.cursor, s.stage, s.terminal, tuple(s.stack),
        tuple(h.seen_by(seat) for h in s.hands), tuple(p.seen_by(seat) for p in s.played),
        tuple((o, p.visible_to, p.seen_by(seat)) for o, p in zip(s.loot_owner, s.loot,
                                                               strict=True)),
        top, tuple(s.deck.top_known), unseen,
    )  # fmt: skip


def sample_world(game: ToyRaidGame, v: ToyView, rng: np.random.Generator) -> ToyState:
    """The zones rebuilt from `v` with HIDDEN placeholders, then the cards `v.seat` has not
    seen dealt into them uniformly (core.zones.fill_hidden)."""
    s = game.empty_state()
    s.round, s.cursor, s.stage, s.terminal, s.stack = (
        v.round,
        v.cursor,
        v.stage,
        v.terminal,
        list(v.stack),
    )
    s.hands = [Hand(seat, cards) for seat, cards in enumerate(v.hands)]
    s.played = [Pile(cards) for cards in v.played]
    s.loot = [Pile(cards, visible_to=seen) for _, seen, cards in v.loot]
    s.loot_owner = [owner for owner, _, _ in v.loot]
    s.deck = Deck([HIDDEN] * v.deck_unseen)
    for card, known in zip(reversed(v.deck_top), reversed(v.deck_top_known), strict=True):
        s.deck.put_top(card, known)
    pool = Counter({card: COPIES for card in range(len(VALUES))})
    seen = [c for zone in (*v.hands, *v.played, *(c for _, _, c in v.loot), v.deck_top)
            for c in zone if c != HIDDEN]  # fmt: skip
    pool.subtract(seen)
    fill_hidden([*s.hands, *s.loot, s.deck], v.seat, sorted(pool.elements()), rng)
    return s
