"""Per-seat views: everything one seat may know and nothing else, and worlds sampled from them.

Hidden from the other seats: a Hunted's place cards in hand and face-down played cards until
the reveal, their survival cards, River and Forbidden Zone choices, Shelter draws; the
Creature's hunt cards and what Strike Back put under the deck; the order of both decks.
Public: Will, hand sizes, discard piles and their order (hidden from the Creature under
Smokescreen, which then sees them as they were when it was played), tokens, counters, played
cards, the decision being taken. seed 003 "End of turn": the Creature sees all discards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from nemesis_env.core.engine import Decision
from nemesis_env.core.zones import HIDDEN, Deck, Hand, fill_hidden
from nemesis_env.games.not_alone.rules.kinds import D_KEEP, D_VORTEX_PLAYED
from nemesis_env.games.not_alone.rules.payloads import KeepArgs
from nemesis_env.games.not_alone.state import (
    CREATURE,
    CREATURE_ONLY,
    F_REVEALED,
    F_SMOKESCREEN,
    State,
)

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState


class NotAloneView(NamedTuple):
    """What `seat` knows. Seat 0 is the Creature; seat h+1 is Hunted h.

    A NamedTuple rather than a frozen dataclass: built once per observation, so construction
    speed matters, and it is just as immutable.
    """

    seat: int
    num_hunted: int
    # public
    turn: int
    stage: int
    cursor: int
    terminal: bool
    winner: int
    stack: tuple[Decision, ...]
    side: int
    rescue: int
    assimilation: int
    beacon: bool
    reserve: tuple[int, ...]
    will: tuple[int, ...]
    hand_size: tuple[int, ...]
    survival_count: tuple[int, ...]
    discard: tuple[tuple[int, ...], ...]
    smoke_snapshot: tuple[tuple[int, ...], ...]
    owned: tuple[int, ...]
    played_count: tuple[int, ...]
    revealed: tuple[tuple[int, ...], ...]  # played cards after the reveal (0 = taken back)
    location: tuple[tuple[int, ...], ...]
    next_effect: tuple[int, ...]
    this_effect: tuple[int, ...]
    survival_used: tuple[bool, ...]
    resists: tuple[int, ...]
    gave_up: tuple[bool, ...]
    forbidden_chosen: tuple[bool, ...]
    shelter_count: tuple[int, ...]
    hunt_hand_size: int
    hunt_deck_size: int
    hunt_bottom_count: int
    hunt_discard: tuple[int, ...]
    hunt_played: tuple[int, ...]
    hunt_limit: int
    surv_deck_size: int
    surv_discard: tuple[int, ...]
    creature_token: int
    target: int
    artemia: int
    flags: int
    ineffective: int
    forbidden: int
    anticipation: int
    keep: int
    # private to this seat (empty / -1 when not applicable)
    phobia_shown: tuple[int, ...]  # Creature and the shown Hunted only
    own_hand: int
    own_played: tuple[int, ...]
    own_survival: int
    own_pending_discard: int
    own_shelter_drawn: int
    hunt_hand: int
    hunt_bottom: tuple[int, ...]


VIEW_BUILD_ORDER = (
    "seat",
    "num_hunted",
    "turn",
    "stage",
    "cursor",
    "terminal",
    "winner",
    "stack",
    "side",
    "rescue",
    "assimilation",
    "beacon",
    "reserve",
    "will",
    "hand_size",
    "survival_count",
    "discard",
    "smoke_snapshot",
    "owned",
    "played_count",
    "revealed",
    "location",
    "next_effect",
    "this_effect",
    "survival_used",
    "resists",
    "gave_up",
    "forbidden_chosen",
    "shelter_count",
    "hunt_hand_size",
    "hunt_deck_size",
    "hunt_bottom_count",
    "hunt_discard",
    "hunt_played",
    "hunt_limit",
    "surv_deck_size",
    "surv_discard",
    "creature_token",
    "target",
    "artemia",
    "flags",
    "ineffective",
    "forbidden",
    "anticipation",
    "keep",
    "phobia_shown",
    "own_hand",
    "own_played",
    "own_survival",
    "own_pending_discard",
    "own_shelter_drawn",
    "hunt_hand",
    "hunt_bottom",
)  # the order view_for() fills the fields in


def _smoked_stack(stack: list[Decision]) -> tuple[Decision, ...]:
    """The stack as a smoked-out Creature sees it: a Vortex swap names the card taken from a
    discard pile it cannot see, so that argument reads 0 (rules-decisions 36)."""
    return tuple(
        Decision(d.kind, d.chooser, d.payload._replace(incoming=0))
        if d.kind == D_VORTEX_PLAYED
        else d
        for d in stack
    )


def view_for(s: State, seat: int) -> NotAloneView:
    n = s.num_hunted
    revealed = bool(s.flags & F_REVEALED)
    smoked = seat == CREATURE and bool(s.flags & F_SMOKESCREEN)
    h = seat - 1
    # Ascendancy/Phobia picks made so far are cards in that Hunted's hand: only they see them.
    keeper = -1
    if s.keep and s.stack and s.stack[-1].kind == D_KEEP:
        keep: KeepArgs = s.stack[-1].payload
        keeper = keep.hunted
    if seat == CREATURE:
        phobia = tuple(s.phobia_shown)
    else:
        phobia = tuple(s.phobia_shown[i] if i == h else 0 for i in range(n))
    # Positional (in NotAloneView field order): keyword construction of 55 fields costs ~2 us
    # per observation. tests/test_core.py checks the order against the field names.
    return NotAloneView._make(
        (
            seat,  # seat
            n,  # num_hunted
            s.turn,  # turn
            s.stage,  # stage
            s.cursor,  # cursor
            s.terminal,  # terminal
            s.winner,  # winner
            _smoked_stack(s.stack) if smoked else tuple(s.stack),  # stack
            s.side,  # side
            s.rescue,  # rescue
            s.assimilation,  # assimilation
            s.beacon,  # beacon
            tuple(s.reserve),  # reserve
            tuple(s.will),  # will
            tuple(map(int.bit_count, s.hand)),  # hand_size
            tuple(map(int.bit_count, s.survival)),  # survival_count
            s.smoke_snapshot if smoked else tuple(map(tuple, s.discard)),  # discard
            s.smoke_snapshot,  # smoke_snapshot
            tuple(s.owned),  # owned
            tuple(map(len, s.played)),  # played_count
            tuple(map(tuple, s.played)) if revealed else (),  # revealed
            tuple(map(tuple, s.location)),  # location
            tuple(s.next_effect),  # next_effect
            tuple(s.this_effect),  # this_effect
            tuple(s.survival_used),  # survival_used
            tuple(s.resists),  # resists
            tuple(s.gave_up),  # gave_up
            tuple(map(bool, s.pending_discard)),  # forbidden_chosen
            tuple(map(int.bit_count, s.shelter_drawn)),  # shelter_count
            s.hunt_hand.bit_count(),  # hunt_hand_size
            len(s.hunt_deck),  # hunt_deck_size
            len(s.hunt_deck.bottom),  # hunt_bottom_count
            tuple(s.hunt_discard),  # hunt_discard
            tuple(s.hunt_played),  # hunt_played
            s.hunt_limit,  # hunt_limit
            len(s.surv_deck),  # surv_deck_size
            tuple(s.surv_discard),  # surv_discard
            s.creature_token,  # creature_token
            s.target,  # target
            s.artemia,  # artemia
            s.flags,  # flags
            s.ineffective,  # ineffective
            s.forbidden,  # forbidden
            s.anticipation,  # anticipation
            s.keep if keeper == h else 0,  # keep
            phobia,  # phobia_shown
            s.hand[h] if h >= 0 else -1,  # own_hand
            tuple(s.played[h]) if h >= 0 else (),  # own_played
            s.survival[h] if h >= 0 else -1,  # own_survival
            s.pending_discard[h] if h >= 0 else 0,  # own_pending_discard
            s.shelter_drawn[h] if h >= 0 else 0,  # own_shelter_drawn
            s.hunt_hand if seat == CREATURE else -1,  # hunt_hand
            tuple(s.hunt_deck.bottom) if seat == CREATURE else (),  # hunt_bottom
        )
    )


# D_KEEP asks for two picks (rules/hunt_cards.py resolve_name_hunted); `c` counts those left.
KEEP_PICKS = 2


def _mask(places: tuple[int, ...] | list[int]) -> int:
    mask = 0
    for p in places:
        if p:
            mask |= 1 << (p - 1)
    return mask


def _pick(rng: np.random.Generator, pool: int, count: int, size: int) -> int:
    """A uniformly random `count`-subset of the bitmask `pool`, as a bitmask."""
    if count == 0:
        return 0
    members = [i for i in range(size) if pool >> i & 1]
    if count > len(members):
        raise ValueError(f"cannot pick {count} of {len(members)}: view is inconsistent")
    mask = 0
    for j in rng.choice(len(members), size=count, replace=False):
        mask |= 1 << members[int(j)]
    return mask


def sample_world(game: NotAloneGame, v: NotAloneView, rng: np.random.Generator) -> NotAloneState:
    """A full state whose view for `v.seat` equals `v`, hidden parts drawn uniformly."""
    s = State.__new__(State)
    _copy_public(s, game, v)
    _sample_places(s, v, rng)
    _sample_survival(s, v, rng)
    _sample_hunt(s, v, rng)
    return s


def _copy_public(s: State, game: NotAloneGame, v: NotAloneView) -> None:
    n = v.num_hunted
    s.game, s.num_hunted, s.history, s.events, s.scenario = game, n, [], None, None
    s.stage, s.cursor, s.turn, s.terminal, s.winner = (
        v.stage,
        v.cursor,
        v.turn,
        v.terminal,
        v.winner,
    )
    s.stack = list(v.stack)
    s.side, s.rescue, s.assimilation, s.beacon = v.side, v.rescue, v.assimilation, v.beacon
    s.reserve = list(v.reserve)
    s.will = list(v.will)
    s.owned = list(v.owned)
    s.location = [list(loc) for loc in v.location]
    s.next_effect, s.this_effect = list(v.next_effect), list(v.this_effect)
    s.survival_used, s.resists, s.gave_up = list(v.survival_used), list(v.resists), list(v.gave_up)
    s.phobia_shown = list(v.phobia_shown)
    s.smoke_snapshot = v.smoke_snapshot
    s.hunt_discard, s.hunt_played, s.hunt_limit = (
        list(v.hunt_discard),
        list(v.hunt_played),
        v.hunt_limit,
    )
    s.surv_discard = list(v.surv_discard)
    s.creature_token, s.target, s.artemia = v.creature_token, v.target, v.artemia
    s.flags, s.ineffective, s.forbidden = v.flags, v.ineffective, v.forbidden
    s.anticipation, s.keep, s.legal_cache = v.anticipation, v.keep, None


def _sample_places(s: State, v: NotAloneView, rng: np.random.Generator) -> None:
    """Hands, face-down played cards, hidden discards and pending choices of other Hunted."""
    n, me = v.num_hunted, v.seat - 1
    smoked = v.seat == CREATURE and bool(v.flags & F_SMOKESCREEN)
    s.hand, s.discard, s.played = [0] * n, [[] for _ in range(n)], [[] for _ in range(n)]
    s.pending_discard = [0] * n
    for h in range(n):
        if h == me:
            s.hand[h], s.played[h] = v.own_hand, list(v.own_played)
            s.discard[h], s.pending_discard[h] = list(v.discard[h]), v.own_pending_discard
            continue
        pool = v.owned[h]
        if v.revealed:
            s.played[h] = list(v.revealed[h])
            pool &= ~_mask(v.revealed[h])
        if smoked:
            size = pool.bit_count() - v.hand_size[h] - (0 if v.revealed else v.played_count[h])
            order = [p + 1 for p in range(10) if pool >> p & 1]
            s.discard[h] = [order[int(i)] for i in rng.choice(len(order), size, replace=False)]
        else:
            s.discard[h] = list(v.discard[h])
        pool &= ~_mask(s.discard[h])
        if not v.revealed:
            # Phobia showed the Creature cards in hand: those cannot be the played card.
            shown = v.phobia_shown[h] & pool
            played = _pick(rng, pool & ~shown, v.played_count[h], 10)
            s.played[h] = [p + 1 for p in range(10) if played >> p & 1]
            rng.shuffle(s.played[h])
            pool &= ~played
        s.hand[h] = pool
        top = v.stack[-1] if v.stack else None
        if top is not None and top.kind == D_KEEP:
            keep: KeepArgs = top.payload
            if keep.hunted == h:
                s.keep = _pick(rng, pool, KEEP_PICKS - keep.remaining, 10)
        if v.forbidden_chosen[h]:
            s.pending_discard[h] = [p + 1 for p in range(10) if pool >> p & 1][
                int(rng.integers(pool.bit_count()))
            ]
    if smoked:
        _sample_vortex_cards(s, rng)


def _sample_vortex_cards(s: State, rng: np.random.Generator) -> None:
    """A Vortex swap whose incoming card the smoked-out Creature could not see takes one card
    of the sampled discard pile (the card is still there until the swap)."""
    for i, d in enumerate(s.stack):
        if d.kind == D_VORTEX_PLAYED and d.payload.incoming == 0:
            pile = s.discard[d.payload.hunted]
            incoming = pile[int(rng.integers(len(pile)))]
            s.stack[i] = Decision(d.kind, d.chooser, d.payload._replace(incoming=incoming))


def _cards(mask: int, size: int) -> list[int]:
    return [c for c in range(size) if mask >> c & 1]


def _mask_of(cards: Iterable[int]) -> int:
    return sum(1 << c for c in cards)


def _sample_survival(s: State, v: NotAloneView, rng: np.random.Generator) -> None:
    """The other Hunted's survival hands and the deck rebuilt with HIDDEN slots, then the
    survival cards `v.seat` has not seen dealt into them (core.zones.fill_hidden)."""
    n, me = v.num_hunted, v.seat - 1
    pool = ((1 << 15) - 1) & ~_mask_of(v.surv_discard)
    s.survival, s.shelter_drawn = [0] * n, [0] * n
    if me >= 0:
        s.survival[me], s.shelter_drawn[me] = v.own_survival, v.own_shelter_drawn
        pool &= ~v.own_survival
    hands = {h: Hand(h + 1, [HIDDEN] * v.survival_count[h]) for h in range(n) if h != me}
    unseen = pool.bit_count() - sum(map(len, hands.values()))
    deck = Deck([HIDDEN] * unseen)
    fill_hidden([*hands.values(), deck], v.seat, _cards(pool, 15), rng)
    for h, hand in hands.items():
        s.survival[h] = _mask_of(hand.cards)
        s.shelter_drawn[h] = _pick(rng, s.survival[h], v.shelter_count[h], 15)
    s.surv_deck = deck


def _sample_hunt(s: State, v: NotAloneView, rng: np.random.Generator) -> None:
    """The Creature's hand and the hunt deck (its bottom known to the Creature) rebuilt with
    HIDDEN slots where `v.seat` cannot see, then filled (core.zones.fill_hidden)."""
    pool = ((1 << 20) - 1) & ~_mask_of(v.hunt_discard + v.hunt_played)
    if v.seat == CREATURE:
        s.hunt_hand = v.hunt_hand
        pool &= ~v.hunt_hand & ~_mask_of(v.hunt_bottom)
        s.hunt_deck = deck = Deck(_cards(pool, 20))  # the unseen part is a set: nothing to deal
        for card in v.hunt_bottom:
            deck.put_bottom(card, CREATURE_ONLY)
        return
    hand = Hand(CREATURE, [HIDDEN] * v.hunt_hand_size)
    unseen = pool.bit_count() - v.hunt_hand_size - v.hunt_bottom_count
    s.hunt_deck = deck = Deck([HIDDEN] * unseen)
    for _ in range(v.hunt_bottom_count):
        deck.put_bottom(HIDDEN, CREATURE_ONLY)
    fill_hidden([hand, deck], v.seat, _cards(pool, 20), rng)
    s.hunt_hand = _mask_of(hand.cards)
