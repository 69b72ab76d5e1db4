"""Not Alone's conservation laws: what must hold after every step of any game.

`NotAloneGame.invariant_errors` returns these, and `nemesis_env.tools.invariants` runs them with
the generic checks in property tests and `nemesis soak`. The counts come from the data files
(board.yaml, hunt_cards.yaml, survival_cards.yaml), which print what the box holds
(shared/rules/not-alone-reference.md A.1-A.3):

- place cards: each Hunted owns places 1-5 and whatever the Rover took from the reserve; every
  owned card is in exactly one of hand, discard pile or played cards, and no other card is
  anywhere; reserve copies plus owners of each of places 6-10 equal the copies printed for the
  player count (A.2 step 5);
- hunt cards: the 20 cards, each exactly once across deck (unseen, known top, Strike Back's
  cards under it), the Creature's hand, the cards played this turn and the discard pile; the
  hand holds at most 3 (A.2 step 7, refilled to 3 at the end of each turn);
- survival cards: the 15 cards, each exactly once across deck, the Hunted's hands and the
  discard pile; the Shelter's pick is among its drawer's cards;
- tracks: Rescue in 0..11+N, Assimilation in 0..5+N (A.3), the game over exactly when one of
  them reached 0 and won by that side; Will in 0..3; Resist at most twice (seed 003);
- tokens: the Creature token on one place or none, the Target and Artemia tokens on one place
  or on an adjacent pair (Force Field, Mirage, Virus);
- turn-scoped fields: locations exist only after the reveal, one per played card; pending
  choices (Forbidden Zone, Ascendancy/Phobia picks) name cards in the chooser's hand.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from nemesis_env.games.not_alone.rules.kinds import D_KEEP
from nemesis_env.games.not_alone.state import F_REVEALED, NO_EFFECT, State

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame

PLACES = range(1, 11)
ALL_PLACES = (1 << 10) - 1
EFFECTS = (NO_EFFECT, 1, 2)  # none, River, Artefact
MAX_RESISTS = 2


def _bits(mask: int, size: int) -> list[int]:
    return [i for i in range(size) if mask >> i & 1]


def _place_mask(places: Iterable[int]) -> int:
    mask = 0
    for p in places:
        mask |= 1 << (p - 1)
    return mask


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


@functools.cache
def _pair_masks(pairs: tuple[tuple[int, int], ...]) -> frozenset[int]:
    return frozenset(_place_mask(pair) for pair in pairs)


def _exactly_once(label: str, cards: list[int], hands: list[int], size: int) -> list[str]:
    """Each of the cards 0..size-1 exactly once in `cards` and the bitmasks `hands`, nothing
    else. The fast path is bit arithmetic (this runs after every step of a soak); the words
    come from counting, only when something is wrong."""
    mask, total = _mask(cards), len(cards)
    disjoint = mask.bit_count() == total
    for hand in hands:
        disjoint = disjoint and not mask & hand
        mask |= hand
        total += hand.bit_count()
    if disjoint and total == size and mask == (1 << size) - 1:
        return []
    found = Counter(cards)
    for hand in hands:
        found.update(_bits(hand, max(size, hand.bit_length())))
    errors = [f"{label} card {card} is in {n} zones" for card, n in sorted(found.items()) if n > 1]
    if missing := [card for card in range(size) if not found[card]]:
        errors.append(f"{label} cards {missing} are in no zone")
    if strange := sorted(card for card in found if not 0 <= card < size):
        errors.append(f"{label} cards {strange} are not in the data files")
    return errors


def invariant_errors(game: NotAloneGame, s: State) -> list[str]:
    """Every broken law of `s`, in words ([] when sound)."""
    errors = _shape_errors(game, s)
    if errors:  # the other checks index these lists by Hunted
        return errors
    for check in (_place_errors, _reserve_errors, _hunt_errors, _survival_errors,
                  _track_errors, _token_errors, _turn_errors):  # fmt: skip
        errors += check(game, s)
    return errors


def _shape_errors(game: NotAloneGame, s: State) -> list[str]:
    n = game.params.num_hunted
    if s.num_hunted != n:
        return [f"num_hunted is {s.num_hunted}, the params say {n}"]
    per_hunted = ("will", "hand", "discard", "owned", "played", "location", "survival",
                  "next_effect", "this_effect", "survival_used", "resists", "gave_up",
                  "pending_discard", "phobia_shown", "shelter_drawn")  # fmt: skip
    errors = [f"{name} has {len(getattr(s, name))} entries for {n} Hunted"
              for name in per_hunted if len(getattr(s, name)) != n]  # fmt: skip
    if len(s.reserve) != len(PLACES) - 5:
        errors.append(f"the reserve lists {len(s.reserve)} places, not 5 (places 6-10)")
    return errors


def _place_errors(game: NotAloneGame, s: State) -> list[str]:
    errors = []
    starting = _place_mask(game.data.board.starting_places)
    for h in range(s.num_hunted):
        owned = s.owned[h]
        if owned & ~ALL_PLACES or owned & starting != starting:
            errors.append(f"Hunted {h} owns places {_bits(owned, 16)} (bits), missing a "
                          f"starting place or holding one beyond 10")  # fmt: skip
        played = [p for p in s.played[h] if p]  # 0: a played card taken back to hand
        if len(played) > 2:
            errors.append(f"Hunted {h} has {len(played)} cards played (2 at most)")
        hand, discard, out = s.hand[h], _place_mask(s.discard[h]), _place_mask(played)
        if (discard.bit_count() == len(s.discard[h]) and out.bit_count() == len(played)
                and not (hand & discard or hand & out or discard & out)
                and hand | discard | out == owned):  # fmt: skip
            continue  # bit arithmetic first: this runs after every step of a soak
        found = Counter(p + 1 for p in _bits(s.hand[h], 16))
        found.update(s.discard[h] + played)
        for place in sorted(set(found) | {p + 1 for p in _bits(owned, 10)}):
            expected = owned >> (place - 1) & 1 if place in PLACES else 0
            if found[place] != expected:
                errors.append(f"Hunted {h}'s place {place} is in {found[place]} of hand, "
                              f"discard and played (owned: {bool(expected)})")  # fmt: skip
    return errors


def _reserve_errors(game: NotAloneGame, s: State) -> list[str]:
    copies = game.data.board.reserve_copies[game.params.players]
    errors = []
    for i, left in enumerate(s.reserve):
        place = 6 + i
        owners = sum(1 for owned in s.owned if owned >> (place - 1) & 1)
        if left < 0 or left + owners != copies:
            errors.append(f"place {place}: {left} in the reserve and {owners} owned, "
                          f"the box has {copies} for {game.params.players} players")  # fmt: skip
    return errors


def _hunt_errors(game: NotAloneGame, s: State) -> list[str]:
    deck = s.hunt_deck
    cards = deck.top + deck.unseen + deck.bottom + s.hunt_played + s.hunt_discard
    errors = _exactly_once("hunt", cards, [s.hunt_hand], len(game.data.hunt))
    if len(deck.top) != len(deck.top_known) or len(deck.bottom) != len(deck.bottom_known):
        errors.append("the hunt deck's known cards and their knowers differ in number")
    held, limit = s.hunt_hand.bit_count(), game.data.board.hunt_hand_size
    if held > limit:
        errors.append(f"the Creature holds {held} hunt cards, more than {limit}")
    return errors


def _survival_errors(game: NotAloneGame, s: State) -> list[str]:
    deck = s.surv_deck
    cards = deck.top + deck.unseen + deck.bottom + s.surv_discard
    errors = _exactly_once("survival", cards, s.survival, len(game.data.survival))
    for h in range(s.num_hunted):
        if s.shelter_drawn[h] & ~s.survival[h]:
            errors.append(f"Hunted {h}'s Shelter draw {_bits(s.shelter_drawn[h], 32)} is not "
                          f"in their hand {_bits(s.survival[h], 32)}")  # fmt: skip
    return errors


def _track_errors(game: NotAloneGame, s: State) -> list[str]:
    board, players = game.data.board, game.params.players
    errors = []
    for label, value, start in (("Rescue", s.rescue, board.rescue_start_base + players),
                                ("Assimilation", s.assimilation,
                                 board.assimilation_start_base + players)):  # fmt: skip
        if not 0 <= value <= start:
            errors.append(f"the {label} counter is {value} from the star, outside 0..{start}")
    ended = (s.rescue == 0) + (s.assimilation == 0)
    if ended > 1 or s.terminal != (ended == 1):
        errors.append(f"terminal is {s.terminal} with Rescue {s.rescue} and Assimilation "
                      f"{s.assimilation} (the game ends when exactly one reaches 0)")  # fmt: skip
    winner = 0 if not s.terminal else (2 if s.rescue == 0 else 1)
    if s.winner != winner:
        errors.append(f"winner is {s.winner}, the counters say {winner}")
    for h in range(s.num_hunted):
        if not 0 <= s.will[h] <= board.starting_will:
            errors.append(f"Hunted {h} has {s.will[h]} Will, outside 0..{board.starting_will}")
        if not 0 <= s.resists[h] <= MAX_RESISTS:
            errors.append(f"Hunted {h} resisted {s.resists[h]} times (0..{MAX_RESISTS})")
    if not 0 <= s.hunt_limit <= 2:
        errors.append(f"the Creature may play {s.hunt_limit} more hunt cards (0..2)")
    fixed = game.params.board_side  # 0: the Creature chooses (side 0 until it has)
    if s.side not in (0, 1, 2) or (fixed and s.side not in (0, fixed)):
        errors.append(f"board side {s.side} (params: board_side {fixed})")
    return errors


def _token_errors(game: NotAloneGame, s: State) -> list[str]:
    errors = []
    if s.creature_token not in (0, *PLACES):
        errors.append(f"the Creature token is on place {s.creature_token}")
    pairs = _pair_masks(game.data.pairs)
    for label, mask in (("Target", s.target), ("Artemia", s.artemia)):
        if (
            mask & ~ALL_PLACES
            or (mask.bit_count() == 2 and mask not in pairs)
            or (mask.bit_count() > 2)
        ):
            errors.append(f"the {label} token covers places {_bits(mask, 16)} (bit numbers): "
                          "one place, or two adjacent ones")  # fmt: skip
    return errors


def _turn_errors(game: NotAloneGame, s: State) -> list[str]:
    errors = []
    revealed = bool(s.flags & F_REVEALED)
    keeping = any(d.kind == D_KEEP for d in s.stack)
    if s.keep and not keeping:
        errors.append(f"picks {_bits(s.keep, 10)} (bits) are kept with no pick open")
    for h in range(s.num_hunted):
        slots = len(s.played[h]) if revealed else 0
        if len(s.location[h]) != slots or any(p not in PLACES for p in s.location[h]):
            errors.append(f"Hunted {h} is at {s.location[h]} with played cards {s.played[h]} "
                          f"(revealed: {revealed})")  # fmt: skip
        pending = s.pending_discard[h]
        if pending and not s.hand[h] >> (pending - 1) & 1:
            errors.append(f"Hunted {h}'s Forbidden Zone pick {pending} is not in their hand")
        if s.phobia_shown[h] & ~s.owned[h]:
            errors.append(f"Hunted {h} showed places they do not own (Phobia)")
        if s.next_effect[h] not in EFFECTS or s.this_effect[h] not in EFFECTS:
            errors.append(f"Hunted {h} has effects {s.this_effect[h]}/{s.next_effect[h]}")
    return errors
