"""One seat's information set as a state, and worlds sampled from it (DESIGN.md §2).

`redact(state, seat)` is the state as `seat` may know it, in a canonical form: everything the
seat cannot see is replaced by placeholders, and the cards it could be are pooled with the
unseen cards they came from. Two states the seat cannot tell apart redact to equal states, so
the redaction is part of the seat's view (`NemesisView.world`) and `Game.sample_world(view,
rng)` needs nothing else: `fill` draws every placeholder from its pool.

What is hidden from a seat, and where its candidates are pooled:
- another seat's hand: HIDDEN cards, pooled with the unseen part of that seat's action deck;
  the intruder player's hand likewise, pooled with its intruder deck;
- another seat's inventory: one placeholder per item, which keeps the item's deck colour (the
  colour is public), pooled with that item deck's unseen cards;
- items another seat drew and has not placed yet (Search, room item draws): placeholders of
  the deck's colour, in the pending decision, pooled the same way;
- the items of a trade between two other seats (their colours stay);
- another seat's objectives, its chosen objective (`CHOSEN_HIDDEN`) and its draft cards,
  except the objective cards this seat was shown;
- known top and bottom cards of any deck that this seat does not know (HIDDEN, pooled);
- the scan results of other seats' contamination cards (their cards are unscanned again:
  `contam_unresolved` and `contam_infected_left` count them back);
- tiles, exploration tokens, engine tops and the coordinates card only other seats looked at
  (undetermined again: state.py draws them when next seen);
- the history and the event log (they name hidden draws).

Items a pending decision names publicly (an item being used, crafting components) stay what
they are. Pools are sorted and hidden inventories listed colour by colour, so the order of
hidden cards says nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import numpy as np

from nemesis_env.core.engine import Decision
from nemesis_env.core.zones import HIDDEN, Deck
from nemesis_env.games.nemesis.rules.cards_base import Step
from nemesis_env.games.nemesis.rules.contamination import infected_known
from nemesis_env.games.nemesis.rules.fighting import Trade
from nemesis_env.games.nemesis.rules.items_base import After, Use
from nemesis_env.games.nemesis.rules.items_craft import Craft
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.rules.rooms_objects import ItemDraw
from nemesis_env.games.nemesis.state import UNKNOWN, State

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

HIDDEN_ITEM = -10  # an unseen item of deck colour c is HIDDEN_ITEM - c
CHOSEN_HIDDEN = -2  # another seat chose one of its objectives; which one is hidden
DREW_ITEMS = (Kind.CARD_ITEM_DRAW, Kind.SEARCH_KEEP)  # Step args (deck, items drawn...)
PLACING_EVENT = Kind.EVENT_PLACE  # Step args (the event card its seat peeked at,)


def hidden_item(colour: int) -> int:
    return HIDDEN_ITEM - colour


def item_colour(placeholder: int) -> int:
    return HIDDEN_ITEM - placeholder


class Redacted:
    """A seat's redacted state; equal to another exactly when their canonical texts agree."""

    __slots__ = ("_key", "seat", "state")

    def __init__(self, state: State, seat: int) -> None:
        self.state, self.seat = state, seat
        self._key: str | None = None

    def key(self) -> str:
        if self._key is None:
            self._key = f"{self.seat}\n{self.state.fingerprint()}"
        return self._key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Redacted) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Redacted(seat={self.seat})"


# -- redaction ------------------------------------------------------------------------------
def redact(s: State, seat: int) -> Redacted:
    """The state as `seat` may know it (seat -1: the spectator, who sees public facts only)."""
    w = s.clone()
    w.history, w.events, w.scenario, w.legal_cache = [], None, None, None
    _forget_scans(w, seat)
    _forget_peeks(w, seat)
    _hide_payloads(w, seat)
    _hide_hands(w, seat)
    _hide_intruder_hand(w, seat)
    _hide_inventories(w, seat)
    _hide_objectives(w, seat)
    _hide_decks(w, seat)
    for pool in w.tiles_left:
        pool.sort()
    w.tokens_left.sort()
    w.weaknesses_left.sort()
    return Redacted(w, seat)


def _others(w: State, seat: int) -> Iterator[int]:
    return (other for other in range(len(w.chars)) if other != seat)


def _forget_scans(w: State, seat: int) -> None:
    """Others' scan results: their cards are unscanned again, counted back as undetermined."""
    game = w.game
    for other in _others(w, seat):
        c = w.chars[other]
        for pile in (c.hand, c.discard, c.deck.unseen, c.deck.top, c.deck.bottom):
            for i, card in enumerate(pile):
                if card in (game.contam_clean, game.contam_infected):
                    w.contam_unresolved += 1
                    w.contam_infected_left += card == game.contam_infected
                    pile[i] = game.contam_unknown
        c.deck.unseen.sort()


def _forget_peeks(w: State, seat: int) -> None:
    """Facts only other seats saw become undetermined again (they are redrawn when seen)."""
    bit = 0 if seat < 0 else 1 << seat
    everyone = (1 << len(w.chars)) - 1
    game = w.game
    for room, known in enumerate(w.tile_known):
        if w.tile[room] >= 0 and not w.explored[room] and known != everyone and not known & bit \
                and game.slot_kind[room] >= 0:  # fmt: skip
            w.tiles_left[game.slot_kind[room]].append(w.tile[room])
            w.tile[room], w.tile_known[room] = UNKNOWN, 0
    for room, known in enumerate(w.token_known):
        if w.token[room] >= 0 and not known & bit and not w.explored[room]:
            w.tokens_left.append(w.token[room])
            w.token[room], w.token_known[room] = UNKNOWN, 0
    for engine, known in enumerate(w.engine_known):
        if w.engine[engine] != UNKNOWN and not known & bit:
            w.engine[engine], w.engine_known[engine] = UNKNOWN, 0
    if w.coordinates != UNKNOWN and not w.coordinates_known & bit:
        w.coordinates, w.coordinates_known = UNKNOWN, 0
    w.objectives_seen = [known & bit for known in w.objectives_seen]


def _hide_payloads(w: State, seat: int) -> None:
    """Private parts of the open decisions of other seats; the Larva check's count of the
    infected cards its seat had found is recounted after `_forget_scans`."""
    for i, d in enumerate(w.stack):
        w.stack[i] = _hidden_payload(w, d, seat)


def _hidden_payload(w: State, d: Decision, seat: int) -> Decision:
    p: Any = d.payload
    if isinstance(p, ItemDraw) and p.seat != seat and p.drawn:
        return d._replace(payload=p._replace(drawn=_hide_drawn(w, p.deck, p.drawn)))
    if isinstance(p, Step) and p.seat != seat:
        if d.kind in DREW_ITEMS and len(p.args) > 1:
            return d._replace(
                payload=p._replace(args=(p.args[0], *_hide_drawn(w, p.args[0], p.args[1:])))
            )
        if d.kind == PLACING_EVENT:
            return d._replace(payload=p._replace(args=(HIDDEN,)))
    if isinstance(p, Trade) and seat not in (p.initiator, p.partner):
        things = w.game.tables.things
        hide = tuple(hidden_item(things[t].deck) if _private(w, t) else t for t in p.gives)
        back = tuple(hidden_item(things[t].deck) if _private(w, t) else t for t in p.takes)
        return d._replace(payload=p._replace(gives=hide, takes=back))
    if d.kind == Kind.AFTER_SCAN and p[0] != seat:
        return d._replace(payload=(p[0], infected_known(w, p[0]), p[2]))
    return d


def _private(w: State, thing: int) -> bool:
    """An item of an item deck (its identity is private while it is in an inventory)."""
    return w.game.tables.things[thing].deck >= 0 and not w.game.tables.things[thing].heavy


def _hide_drawn(w: State, deck: int, drawn: tuple[int, ...]) -> tuple[int, ...]:
    """Items drawn privately go back into their deck's pool, as placeholders of its colour."""
    w.item_decks[deck].shuffle_in(drawn)
    return (hidden_item(deck),) * len(drawn)


def _hide_hands(w: State, seat: int) -> None:
    for other in _others(w, seat):
        c = w.chars[other]
        hidden = c.hand + _hide_deck(c.deck, seat)
        c.hand = [HIDDEN] * len(c.hand)
        c.deck.unseen = sorted(hidden)
        c.draft = [HIDDEN] * len(c.draft)


def _hide_intruder_hand(w: State, seat: int) -> None:
    """The intruder player's hand is private like a crew hand, pooled with its unseen deck."""
    ip = w.ip
    if ip is not None and ip.seat != seat:
        hidden = ip.hand + _hide_deck(ip.deck, seat)
        ip.hand = [HIDDEN] * len(ip.hand)
        ip.deck.unseen = sorted(hidden)


def _hide_deck(deck: Deck, seat: int) -> list[int]:
    """The cards of `deck` that `seat` does not know, taken out (their slots become HIDDEN)."""
    hidden = deck.unseen
    for cards, known in ((deck.top, deck.top_known), (deck.bottom, deck.bottom_known)):
        for i, seats in enumerate(known):
            if seat not in seats:
                hidden.append(cards[i])
                cards[i] = HIDDEN
    deck.unseen = []
    return hidden


def _pinned(w: State, other: int, seat: int) -> list[int]:
    """Items of `other`'s inventory that its open decisions name to `seat`: publicly, or in a
    trade with `seat`."""
    names: list[int] = []
    for d in w.stack:
        p: Any = d.payload.use if isinstance(d.payload, After) else d.payload
        if isinstance(p, Trade) and seat in (p.initiator, p.partner):
            names += list(p.gives if p.initiator == other else p.takes if p.partner == other
                          else ())  # fmt: skip
        if isinstance(p, Use) and p.seat == other and p.thing >= 0 and not _spent(w, p.thing):
            names.append(p.thing)
        elif isinstance(p, Craft) and p.seat == other:
            names += [t for t in (p.first, p.second) if t >= 0]
        elif isinstance(p, Step) and p.seat == other and d.kind == Kind.CRAFT_PART:
            names += list(p.args[1:])
    return names


def _spent(w: State, thing: int) -> bool:
    """A one-use item leaves the inventory when its use starts (items_use.start_use)."""
    item = w.game.tables.things[thing].item
    return item is not None and item.one_use


def _hide_inventories(w: State, seat: int) -> None:
    things = w.game.tables.things
    for other in _others(w, seat):
        c = w.chars[other]
        pinned = _pinned(w, other, seat)
        kept, hidden = [], []
        for thing in c.inventory:
            if thing in pinned:
                pinned.remove(thing)
                kept.append(thing)
            elif _private(w, thing):
                w.item_decks[things[thing].deck].unseen.append(thing)
                hidden.append(hidden_item(things[thing].deck))
            else:
                kept.append(thing)
        c.inventory = sorted(kept) + sorted(hidden, reverse=True)


def _hide_objectives(w: State, seat: int) -> None:
    bit = 0 if seat < 0 else 1 << seat
    for other in _others(w, seat):
        c = w.chars[other]
        c.objectives = [o if w.objectives_seen[o] & bit else HIDDEN for o in c.objectives]
        if c.objective >= 0 and not w.objectives_seen[c.objective] & bit:
            c.objective = CHOSEN_HIDDEN


def _hide_decks(w: State, seat: int) -> None:
    for deck in (*w.item_decks, w.event_deck, w.attack_deck, w.wound_deck):
        deck.unseen = sorted(_hide_deck(deck, seat))


# -- sampling -------------------------------------------------------------------------------
def fill(game: NemesisGame, redacted: Redacted, rng: np.random.Generator) -> State:
    """A full state consistent with the redaction, every placeholder drawn from its pool."""
    w = redacted.state.clone()
    seat = redacted.seat
    _fill_items(w, seat, rng)
    _fill_hands(w, seat, rng)
    _fill_intruder_hand(w, seat, rng)
    _fill_objectives(w, seat, rng)
    for deck in (w.event_deck, w.attack_deck, w.wound_deck):
        _fill_deck(deck, seat, list(deck.unseen), rng)
    _fill_event_peeks(w)
    w.legal_cache = None
    return w


def _shuffled(pool: list[int], rng: np.random.Generator) -> list[int]:
    order = rng.permutation(len(pool))
    return [pool[int(i)] for i in order]


def _fill_deck(deck: Deck, seat: int, pool: list[int], rng: np.random.Generator) -> None:
    """The deck's HIDDEN top and bottom slots and its unseen part, from `pool`."""
    rest = _shuffled(pool, rng)
    for cards in (deck.top, deck.bottom):
        for i, card in enumerate(cards):
            if card == HIDDEN:
                cards[i] = rest.pop()
    deck.unseen = sorted(rest)


def _fill_items(w: State, seat: int, rng: np.random.Generator) -> None:
    """Per item deck: hidden inventory items and privately drawn items, then the deck."""
    for colour, deck in enumerate(w.item_decks):
        marker = hidden_item(colour)
        pool = _shuffled(deck.unseen, rng)
        for other in _others(w, seat):
            inventory = w.chars[other].inventory
            # a thing an open decision names but the inventory does not show (it left the
            # inventory) cannot be among the hidden items: it would show when redacted again
            absent = set(Counter(_pinned(w, other, seat)) - Counter(inventory))
            for i, thing in enumerate(inventory):
                if thing == marker:
                    inventory[i] = _pop_light(w, pool, absent)
        for i, d in enumerate(w.stack):
            w.stack[i] = _filled_draw(d, marker, pool)
        _fill_deck(deck, seat, pool, rng)
    for i, d in enumerate(w.stack):
        if isinstance(d.payload, Trade):
            w.stack[i] = d._replace(payload=_filled_trade(w, d.payload))


def _pop_light(w: State, pool: list[int], absent: set[int]) -> int:
    """The last item of `pool` that fits an inventory (heavy items are held in hands) and is
    not one of `absent`."""
    things = w.game.tables.things
    index = max(i for i, thing in enumerate(pool) if not things[thing].heavy
                and thing not in absent)  # fmt: skip
    return pool.pop(index)


def _filled_draw(d: Decision, marker: int, pool: list[int]) -> Decision:
    p: Any = d.payload
    if isinstance(p, ItemDraw) and marker in p.drawn:
        return d._replace(payload=p._replace(drawn=tuple(pool.pop() for _ in p.drawn)))
    if isinstance(p, Step) and d.kind in DREW_ITEMS and marker in p.args[1:]:
        return d._replace(payload=p._replace(args=(p.args[0], *(pool.pop() for _ in p.args[1:]))))
    return d


def _filled_trade(w: State, tr: Trade) -> Trade:
    """Placeholders of a trade: items of that colour from the giver's (sampled) inventory."""

    def pick(giver: int, offered: tuple[int, ...]) -> tuple[int, ...]:
        left = w.chars[giver].inventory + w.chars[giver].heavy
        for thing in offered:
            if thing >= 0:
                left.remove(thing)
        things = w.game.tables.things
        chosen = []
        for thing in offered:
            if thing < 0:
                thing = next(t for t in left if things[t].deck == item_colour(thing)
                             and not things[t].heavy)  # fmt: skip
                left.remove(thing)
            chosen.append(thing)
        return tuple(chosen)

    return tr._replace(gives=pick(tr.initiator, tr.gives), takes=pick(tr.partner, tr.takes))


def _fill_hands(w: State, seat: int, rng: np.random.Generator) -> None:
    taken = {c.character for c in w.chars if c.character >= 0}
    for other in _others(w, seat):
        c = w.chars[other]
        pool = _shuffled(c.deck.unseen, rng)
        c.hand = [pool.pop() if card == HIDDEN else card for card in c.hand]
        _fill_deck(c.deck, seat, pool, rng)
        if HIDDEN in c.draft:
            free = _shuffled(sorted(set(range(w.game.num_characters)) - taken), rng)
            c.draft = [free.pop() if card == HIDDEN else card for card in c.draft]


def _fill_intruder_hand(w: State, seat: int, rng: np.random.Generator) -> None:
    ip = w.ip
    if ip is not None and ip.seat != seat:
        pool = _shuffled(ip.deck.unseen, rng)
        ip.hand = [pool.pop() if card == HIDDEN else card for card in ip.hand]
        _fill_deck(ip.deck, seat, pool, rng)


def _fill_objectives(w: State, seat: int, rng: np.random.Generator) -> None:
    known = {o for c in w.chars for o in c.objectives if o >= 0}
    for corporate, index in ((True, 0), (False, 1)):
        pool = _shuffled([o for o in w.game.objective_pool(corporate) if o not in known], rng)
        for other in _others(w, seat):
            c = w.chars[other]
            if len(c.objectives) > index and c.objectives[index] == HIDDEN:
                c.objectives[index] = pool.pop()
    for other in _others(w, seat):
        c = w.chars[other]
        if c.objective == CHOSEN_HIDDEN:
            c.objective = c.objectives[int(rng.integers(len(c.objectives)))]


def _fill_event_peeks(w: State) -> None:
    """The event card a seat is placing is the top card it peeked at."""
    for i, d in enumerate(w.stack):
        p: Any = d.payload
        if d.kind == PLACING_EVENT and isinstance(p, Step) and p.args == (HIDDEN,):
            w.stack[i] = d._replace(payload=p._replace(args=(w.event_deck.top[0],)))


__all__ = ["CHOSEN_HIDDEN", "HIDDEN_ITEM", "Redacted", "fill", "redact"]
