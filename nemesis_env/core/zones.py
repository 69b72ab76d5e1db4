"""Zones of cards and tokens with a visibility policy (shared/DESIGN.md §2, "Zones").

    deck = Deck([3, 1, 1, 2])              # an unseen multiset: nobody knows the order
    outcomes = deck.draw_outcomes()        # [(1, 0.5), (2, 0.25), (3, 0.25)]: a chance node
    deck.draw(2)                           # the chance player picked 2
    hand = Hand(owner=1, cards=[2])        # seen by seat 1 only
    deck.put_top(5, known_to={1})          # seat 1 knows the next card is 5

Zones hold plain ints (card or token ids; a game's own meaning), own no random generator and
clone cheaply, since they sit in states that search clones at every step. Chance stays a
player: a draw is `outcomes()` then `draw(outcome)`, with the probability of each id taken from
how many copies of it are in the unseen part.

Who sees what: every zone answers `seen_by(seat)` with a hashable summary that holds only what
`seat` may know (card ids it sees, `HIDDEN` in each slot it does not), for views and encoders.
`redeal(zones, seat, rng)` redistributes every card `seat` cannot see among the slots it cannot
see, keeping every zone's size and every card `seat` can see where it is; `fill_hidden` does the
same with a given pool (what `sample_world` uses after rebuilding zones from a view, with
`HIDDEN` placeholders in the unseen slots). Seat numbers are the game's; a spectator is any
seat number that no zone names (e.g. -1): it sees public zones only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

import numpy as np

HIDDEN = -1  # an unseen slot in a `seen_by` summary, or a placeholder before `fill_hidden`
Seats = frozenset[int]
EVERYONE: Seats | None = None  # `visible_to=None` means every seat (face up)


def _seats(seats: Iterable[int] | None) -> Seats | None:
    return None if seats is None else frozenset(seats)


def _shares(counts: Counter[int]) -> list[tuple[int, float]]:
    total = sum(counts.values())
    return [(item, n / total) for item, n in sorted(counts.items()) if n > 0]


def _sorted_shares(items: list[int]) -> list[tuple[int, float]]:
    """`_shares(Counter(items))` for a sorted list, without the Counter when every item is
    distinct (a deck of unique cards): then each share is 1 / len, the same float."""
    if len(set(items)) == len(items):
        p = 1 / len(items)
        return [(item, p) for item in items]
    return _shares(Counter(items))


class Zone(Protocol):
    """What `redeal` and `fill_hidden` need of a zone."""

    def hidden_count(self, seat: int) -> int:
        """How many slots of this zone `seat` cannot see."""

    def hidden_cards(self, seat: int) -> list[int]:
        """The cards in the slots `seat` cannot see (the zone is unchanged)."""

    def put_hidden(self, seat: int, cards: list[int]) -> None:
        """Fills the slots `seat` cannot see with `cards` (exactly hidden_count of them)."""


class Bag:
    """A multiset of token kinds drawn blind. `visible_to` seats know its contents (None: all);
    the others know only its size. Each draw is a chance node weighted by the counts."""

    __slots__ = ("tokens", "visible_to")

    def __init__(self, tokens: Iterable[int] = (), visible_to: Iterable[int] | None = None):
        self.tokens: list[int] = sorted(tokens)
        self.visible_to: Seats | None = _seats(visible_to)

    def __len__(self) -> int:
        return len(self.tokens)

    def counts(self) -> Counter[int]:
        return Counter(self.tokens)

    def outcomes(self) -> list[tuple[int, float]]:
        """(token, probability) for the next draw, ascending; empty when the bag is empty."""
        return _shares(self.counts())

    def draw(self, token: int) -> None:
        try:
            self.tokens.remove(token)
        except ValueError:
            raise ValueError(f"no token {token} in the bag {self.tokens}") from None

    def put(self, token: int, copies: int = 1) -> None:
        self.tokens.extend([token] * copies)
        self.tokens.sort()

    def sees(self, seat: int) -> bool:
        return self.visible_to is None or seat in self.visible_to

    def seen_by(self, seat: int) -> tuple[int, ...]:
        return tuple(self.tokens) if self.sees(seat) else (HIDDEN,) * len(self.tokens)

    def hidden_count(self, seat: int) -> int:
        return 0 if self.sees(seat) else len(self.tokens)

    def hidden_cards(self, seat: int) -> list[int]:
        return [] if self.sees(seat) else self.tokens[:]

    def put_hidden(self, seat: int, cards: list[int]) -> None:
        if not self.sees(seat):
            self.tokens = sorted(cards)

    def clone(self) -> Bag:
        other = Bag.__new__(Bag)
        other.tokens, other.visible_to = self.tokens[:], self.visible_to
        return other

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and (self.tokens, self.visible_to) == (
            other.tokens,
            other.visible_to,
        )

    def __repr__(self) -> str:
        return f"Bag({self.tokens}, visible_to={_show(self.visible_to)})"


class Deck:
    """A face-down deck: a known top sequence, an unseen multiset, a known bottom sequence.

    `top[0]` is drawn first; the unseen middle comes next, in no order anybody knows; `bottom`
    is listed in drawing order (its last card is the very bottom). Every known card records the
    seats that know it (`top_known[i]` for `top[i]`); the others know only that a card is there.
    """

    __slots__ = ("bottom", "bottom_known", "top", "top_known", "unseen")

    def __init__(self, unseen: Iterable[int] = ()) -> None:
        self.unseen: list[int] = sorted(unseen)
        self.top: list[int] = []
        self.top_known: list[Seats] = []
        self.bottom: list[int] = []
        self.bottom_known: list[Seats] = []

    def __len__(self) -> int:
        return len(self.top) + len(self.unseen) + len(self.bottom)

    def draw_outcomes(self) -> list[tuple[int, float]]:
        """(card, probability) of the next draw; a known top card is certain."""
        if self.top:
            return [(self.top[0], 1.0)]
        if self.unseen:
            return _sorted_shares(self.unseen)
        if self.bottom:
            return [(self.bottom[0], 1.0)]
        return []

    def draw(self, card: int) -> None:
        """Removes the next card, which the chance player says is `card`."""
        if self.top or not self.unseen:
            known, seats = self.top, self.top_known
            if not known:
                known, seats = self.bottom, self.bottom_known
            if not known or known[0] != card:
                raise ValueError(f"the next card is {known[:1]}, not {card}")
            known.pop(0)
            seats.pop(0)
            return
        try:
            self.unseen.remove(card)
        except ValueError:
            raise ValueError(f"card {card} is not among the unseen cards {self.unseen}") from None

    def put_top(self, card: int, known_to: Iterable[int] = ()) -> None:
        self.top.insert(0, card)
        self.top_known.insert(0, frozenset(known_to))

    def put_bottom(self, card: int, known_to: Iterable[int] = ()) -> None:
        self.bottom.append(card)
        self.bottom_known.append(frozenset(known_to))

    def peek(self, card: int, seats: Iterable[int]) -> None:
        """`seats` look at the next card, which the chance player says is `card` (a draw from
        the unseen part when the top is not known yet; `draw_outcomes` gives the distribution)."""
        if self.top:
            if self.top[0] != card:
                raise ValueError(f"the top card is {self.top[0]}, not {card}")
            self.top_known[0] = self.top_known[0] | frozenset(seats)
            return
        self.draw(card)
        self.put_top(card, seats)

    def shuffle_in(self, cards: Iterable[int]) -> None:
        """Cards shuffled into the unseen part (the known top and bottom stay where they are)."""
        self.unseen.extend(cards)
        self.unseen.sort()

    def shuffle(self) -> None:
        """The whole deck shuffled: nobody knows any card any more."""
        self.shuffle_in(self.top + self.bottom)
        self.top, self.top_known, self.bottom, self.bottom_known = [], [], [], []

    def seen_by(self, seat: int) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        """(top as seat knows it, unseen count, bottom as seat knows it); HIDDEN = unknown."""
        top = tuple(c if seat in k else HIDDEN for c, k in zip(self.top, self.top_known,
                                                              strict=True))  # fmt: skip
        bottom = tuple(c if seat in k else HIDDEN for c, k in zip(self.bottom, self.bottom_known,
                                                                 strict=True))  # fmt: skip
        return top, len(self.unseen), bottom

    def hidden_count(self, seat: int) -> int:
        count = len(self.unseen)
        for known in (self.top_known, self.bottom_known):
            if known:
                count += sum(seat not in seats for seats in known)
        return count

    def hidden_cards(self, seat: int) -> list[int]:
        hidden = self.unseen[:]
        for cards, known in ((self.top, self.top_known), (self.bottom, self.bottom_known)):
            hidden += [card for card, seats in zip(cards, known, strict=True) if seat not in seats]
        return hidden

    def put_hidden(self, seat: int, cards: list[int]) -> None:
        rest = list(cards)
        for known_cards, known in ((self.top, self.top_known), (self.bottom, self.bottom_known)):
            for i, seats in enumerate(known):
                if seat not in seats:
                    known_cards[i] = rest.pop()
        self.unseen = sorted(rest)

    def clone(self) -> Deck:
        other = Deck.__new__(Deck)
        other.unseen, other.top, other.bottom = self.unseen[:], self.top[:], self.bottom[:]
        other.top_known, other.bottom_known = self.top_known[:], self.bottom_known[:]
        return other

    def key(self) -> tuple[object, ...]:
        return (tuple(self.top), tuple(self.top_known), tuple(self.unseen), tuple(self.bottom),
                tuple(self.bottom_known))  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self.key() == other.key()

    def __repr__(self) -> str:
        top = [(c, sorted(k)) for c, k in zip(self.top, self.top_known, strict=True)]
        bottom = [(c, sorted(k)) for c, k in zip(self.bottom, self.bottom_known, strict=True)]
        return f"Deck(top={top}, unseen={self.unseen}, bottom={bottom})"


class _Cards:
    """Cards in one place seen by `visible_to` (None: everyone); shared by Hand and Pile."""

    __slots__ = ("cards", "visible_to")

    cards: list[int]
    visible_to: Seats | None

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def sees(self, seat: int) -> bool:
        return self.visible_to is None or seat in self.visible_to

    def seen_by(self, seat: int) -> tuple[int, ...]:
        return tuple(self.cards) if self.sees(seat) else (HIDDEN,) * len(self.cards)

    def hidden_count(self, seat: int) -> int:
        return 0 if self.sees(seat) else len(self.cards)

    def hidden_cards(self, seat: int) -> list[int]:
        return [] if self.sees(seat) else self.cards[:]

    def put_hidden(self, seat: int, cards: list[int]) -> None:
        if not self.sees(seat):
            self.cards[:] = cards
            self._settle()

    def _settle(self) -> None:
        """Restores the zone's canonical order after its cards changed."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.cards, self.visible_to) == (
            other.cards,
            other.visible_to,
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.cards}, visible_to={_show(self.visible_to)})"


class Hand(_Cards):
    """Cards one seat holds, kept sorted (a hand has no order): seen by its owner and by the
    seats it was shown to."""

    __slots__ = ("owner",)

    def __init__(self, owner: int, cards: Iterable[int] = (), shown_to: Iterable[int] = ()):
        self.owner = owner
        self.cards = sorted(cards)
        self.visible_to = frozenset((owner, *shown_to))

    def add(self, card: int) -> None:
        self.cards.append(card)
        self.cards.sort()

    def remove(self, card: int) -> None:
        try:
            self.cards.remove(card)
        except ValueError:
            raise ValueError(f"seat {self.owner} holds no card {card}: {self.cards}") from None

    def show(self, seats: Iterable[int]) -> None:
        """From now on `seats` see this hand too."""
        assert self.visible_to is not None
        self.visible_to = self.visible_to | frozenset(seats)

    def _settle(self) -> None:
        self.cards.sort()

    def clone(self) -> Hand:
        other = Hand.__new__(Hand)
        other.owner, other.cards, other.visible_to = self.owner, self.cards[:], self.visible_to
        return other


class Pile(_Cards):
    """An ordered pile (the last card is on top), face up (`visible_to=None`) or face down and
    seen only by `visible_to`. Order is kept, so a redeal only swaps which card is where."""

    __slots__ = ()

    def __init__(self, cards: Sequence[int] = (), visible_to: Iterable[int] | None = None):
        self.cards = list(cards)
        self.visible_to = _seats(visible_to)

    def put(self, card: int) -> None:
        self.cards.append(card)

    def take_top(self) -> int:
        return self.cards.pop()

    def clone(self) -> Pile:
        other = Pile.__new__(Pile)
        other.cards, other.visible_to = self.cards[:], self.visible_to
        return other


def fill_hidden(
    zones: Sequence[Zone], seat: int, pool: Sequence[int], rng: np.random.Generator
) -> None:
    """Deals `pool` uniformly at random into the slots of `zones` that `seat` cannot see
    (whatever they held before is dropped). `pool` must hold exactly as many cards as there
    are such slots."""
    counts = [zone.hidden_count(seat) for zone in zones]
    if sum(counts) != len(pool):
        raise ValueError(f"{len(pool)} cards for {sum(counts)} hidden slots of seat {seat}")
    order = [pool[i] for i in rng.permutation(len(pool)).tolist()]
    start = 0
    for zone, count in zip(zones, counts, strict=True):
        zone.put_hidden(seat, order[start : start + count])
        start += count


def redeal(zones: Sequence[Zone], seat: int, rng: np.random.Generator) -> None:
    """Redistributes every card `seat` cannot see among the slots it cannot see, in place.

    Sizes, the cards `seat` sees and where they are stay as they were; the unseen cards are
    dealt uniformly at random (every arrangement of the multiset is equally likely). Zones of
    one call share one universe of ids (cards with cards, tokens with tokens)."""
    fill_hidden(zones, seat, [card for zone in zones for card in zone.hidden_cards(seat)], rng)


def _show(seats: Seats | None) -> str:
    return "everyone" if seats is None else str(sorted(seats))


__all__ = ["EVERYONE", "HIDDEN", "Bag", "Deck", "Hand", "Pile", "Zone", "fill_hidden", "redeal"]
