"""The dynamic state of a Not Alone game: plain data and clone(); the rules live in rules/.

Conventions: seat 0 is the Creature, seat h+1 is Hunted h. Place cards are numbers 1..10 and
sets of them are bitmasks (bit p-1); survival and hunt cards are indices into the data tables
and sets of them are bitmasks too, except the two decks: core.zones.Decks of those indices.
Counters store their distance to the star (0 = reached).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.engine import Decision, StackState
from nemesis_env.core.events import Event, EventValue
from nemesis_env.core.zones import Deck

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame

CREATURE = 0
CREATURE_ONLY = frozenset({CREATURE})  # who knows the cards Strike Back put under the hunt deck

# Turn-scoped flags (bits of State.flags), cleared at the end of every turn.
F_DESPAIR = 1 << 0
F_INTERFERENCE = 1 << 1
F_PERSECUTION = 1 << 2
F_MUTATION = 1 << 3
F_FIERCENESS = 1 << 4
F_CLONE = 1 << 5
F_STASIS = 1 << 6
F_SACRIFICE = 1 << 7  # no hunt card may be played this turn
F_SMOKESCREEN = 1 << 8
F_VIRUS = 1 << 9
F_SCREAM = 1 << 10
F_TOXIN = 1 << 11
F_MIRAGE = 1 << 12
F_FORCE_FIELD = 1 << 13
F_TRACKING = 1 << 14  # Tracking played this turn: two hunt cards next turn
F_ARTEMIA_CARD = 1 << 15  # a hunt card with the Artemia symbol was played this turn
F_BEACH_USED = 1 << 16
F_WRECK_USED = 1 << 17
F_CAUGHT = 1 << 18  # the Creature token caught someone this Reckoning
F_ZERO_WILL = 1 << 19  # someone lost their last Will this Reckoning
F_REVEALED = 1 << 20
F_FIERCENESS2 = 1 << 21  # a second Fierceness effect (Flashback copy) adds one more Will
F_ANTICIPATION_HIT = 1 << 22  # the Hunted named by Anticipation was caught

FLAG_NAMES = {
    F_DESPAIR: "despair",
    F_INTERFERENCE: "interference",
    F_PERSECUTION: "persecution",
    F_MUTATION: "mutation",
    F_FIERCENESS: "fierceness",
    F_CLONE: "clone",
    F_STASIS: "stasis",
    F_SACRIFICE: "sacrifice",
    F_SMOKESCREEN: "smokescreen",
    F_VIRUS: "virus",
    F_SCREAM: "scream",
    F_TOXIN: "toxin",
    F_MIRAGE: "mirage",
    F_FORCE_FIELD: "force_field",
    F_TRACKING: "tracking",
    F_ARTEMIA_CARD: "artemia_card",
    F_BEACH_USED: "beach_used",
    F_WRECK_USED: "wreck_used",
    F_CAUGHT: "caught",
    F_ZERO_WILL: "zero_will",
    F_REVEALED: "revealed",
    F_FIERCENESS2: "fierceness2",
    F_ANTICIPATION_HIT: "anticipation_hit",
}

# Pending next-turn place effects (State.next_effect / State.this_effect)
NO_EFFECT, RIVER_EFFECT, ARTEFACT_EFFECT = 0, 1, 2


class State(StackState):
    """Not Alone's mutable state. Static data is reached through `self.game`; the stack, stage,
    history, end flag and legal cache are StackState's."""

    __slots__ = (
        "anticipation",
        "artemia",
        "assimilation",
        "beacon",
        "creature_token",
        "cursor",
        "discard",
        "events",
        "flags",
        "forbidden",
        "gave_up",
        "hand",
        "hunt_deck",
        "hunt_discard",
        "hunt_hand",
        "hunt_limit",
        "hunt_played",
        "ineffective",
        "keep",
        "location",
        "next_effect",
        "num_hunted",
        "owned",
        "pending_discard",
        "phobia_shown",
        "played",
        "rescue",
        "reserve",
        "resists",
        "shelter_drawn",
        "side",
        "smoke_snapshot",
        "surv_deck",
        "surv_discard",
        "survival",
        "survival_used",
        "target",
        "this_effect",
        "turn",
        "will",
        "winner",
    )  # fmt: skip

    game: NotAloneGame
    num_hunted: int
    history: list[int]
    events: list[Event] | None
    stage: int
    cursor: int
    turn: int
    terminal: bool
    winner: int  # seat group that won: 0 none, 1 Creature, 2 Hunted
    stack: list[Decision]  # payloads: rules/payloads.py
    side: int
    rescue: int
    assimilation: int
    beacon: bool  # the Marker counter lies on the Beach
    reserve: list[int]  # copies left of places 6..10
    will: list[int]
    hand: list[int]  # place bitmask per Hunted (private)
    discard: list[list[int]]  # place numbers, oldest first (public, unless Smokescreen)
    owned: list[int]  # every place card a Hunted owns, wherever it is (public)
    played: list[list[int]]  # place cards played this turn (private until the reveal)
    location: list[list[int]]  # where each played card puts its Hunted (after the reveal)
    survival: list[int]  # survival bitmask per Hunted (private)
    next_effect: list[int]  # River/Artefact effect for next turn
    this_effect: list[int]  # River/Artefact effect active this turn
    survival_used: list[bool]
    resists: list[int]
    gave_up: list[bool]
    pending_discard: list[int]  # Forbidden Zone choices not yet revealed (private)
    phobia_shown: list[int]  # place cards a Hunted showed the Creature this turn
    smoke_snapshot: tuple[tuple[int, ...], ...]  # discards as the Creature saw them (Smokescreen)
    shelter_drawn: list[int]  # survival cards drawn at the Shelter, one to keep (private)
    hunt_hand: int  # hunt bitmask (private to the Creature)
    # The decks (core.zones.Deck of card indices) are shared by clones: change them only
    # through edit_hunt_deck / edit_surv_deck, which give this state its own copy first.
    hunt_deck: Deck  # unseen cards, then Strike Back's cards under it (known to the Creature)
    hunt_discard: list[int]  # public, oldest first
    hunt_played: list[int]  # hunt cards played this turn, in order (public)
    hunt_limit: int  # hunt cards the Creature may still play this turn
    surv_deck: Deck  # unseen cards only
    surv_discard: list[int]
    creature_token: int  # place number, 0 when not placed
    target: int  # places under the Target token (bitmask; two places for pair cards)
    artemia: int  # places under the Artemia token (bitmask; two places under Virus)
    flags: int
    ineffective: int  # places whose power can't be used and gives no take-back
    forbidden: int  # places that can't be played this turn (Force Field)
    anticipation: int  # Hunted named by Anticipation, -1 if none
    keep: int  # scratch bitmask for multi-pick choices (cards to keep or show)
    legal_cache: list[int] | None  # legal actions of the current node, computed at most once

    def clone(self) -> State:
        cls = type(self)
        other = cls.__new__(cls)
        other.game = self.game
        other.num_hunted = self.num_hunted
        other.history = self.history[:]
        other.events = None if self.events is None else self.events[:]
        other.stage = self.stage
        other.cursor = self.cursor
        other.turn = self.turn
        other.terminal = self.terminal
        other.winner = self.winner
        other.stack = self.stack[:]
        other.side = self.side
        other.rescue = self.rescue
        other.assimilation = self.assimilation
        other.beacon = self.beacon
        other.reserve = self.reserve[:]
        other.will = self.will[:]
        other.hand = self.hand[:]
        other.discard = [d[:] for d in self.discard]
        other.owned = self.owned[:]
        other.played = [p[:] for p in self.played]
        other.location = [loc[:] for loc in self.location]
        other.survival = self.survival[:]
        other.next_effect = self.next_effect[:]
        other.this_effect = self.this_effect[:]
        other.survival_used = self.survival_used[:]
        other.resists = self.resists[:]
        other.gave_up = self.gave_up[:]
        other.pending_discard = self.pending_discard[:]
        other.phobia_shown = self.phobia_shown[:]
        other.smoke_snapshot = self.smoke_snapshot
        other.shelter_drawn = self.shelter_drawn[:]
        other.hunt_hand = self.hunt_hand
        other.hunt_deck = self.hunt_deck  # shared until edited: see edit_hunt_deck
        other.hunt_discard = self.hunt_discard[:]
        other.hunt_played = self.hunt_played[:]
        other.hunt_limit = self.hunt_limit
        other.surv_deck = self.surv_deck
        other.surv_discard = self.surv_discard[:]
        other.creature_token = self.creature_token
        other.target = self.target
        other.artemia = self.artemia
        other.flags = self.flags
        other.ineffective = self.ineffective
        other.forbidden = self.forbidden
        other.anticipation = self.anticipation
        other.keep = self.keep
        other.legal_cache = self.legal_cache
        other.scenario = self.scenario
        return other

    def edit_hunt_deck(self) -> Deck:
        """The hunt deck, about to change: clones share their decks (a clone costs no deck
        copy), so a rule that draws from or adds to a deck first takes its own copy here."""
        deck = self.hunt_deck = self.hunt_deck.clone()
        return deck

    def edit_surv_deck(self) -> Deck:
        """The survival deck, about to change (see edit_hunt_deck)."""
        deck = self.surv_deck = self.surv_deck.clone()
        return deck

    def returns(self) -> tuple[float, ...]:
        """+1 to the winning side and -1 to the losing side, 0 before the end."""
        if not self.terminal:
            return (0.0,) * (self.num_hunted + 1)
        creature = 1.0 if self.winner == 1 else -1.0
        return (creature,) + (-creature,) * self.num_hunted

    def fingerprint(self) -> str:
        return repr(self.fields_tuple())

    def fields_tuple(self) -> tuple[object, ...]:
        """Every dynamic field except history and events, in slot order."""
        skip = ("game", "history", "events", "legal_cache", "scenario")
        return tuple((name, getattr(self, name)) for name in FIELD_ORDER if name not in skip)

    def log(
        self,
        kind: str,
        actor: int,
        *,
        visible_to: frozenset[int] | None = None,
        hidden: tuple[str, ...] = (),
        **payload: EventValue,
    ) -> None:
        """Records an event (when this state keeps a log); labels.py's EVENT_TEXT says how each
        kind reads. `hidden` names the payload keys seats outside `visible_to` don't see."""
        if self.events is not None:
            self.events.append(
                Event(self.turn, kind, actor, tuple(payload.items()), visible_to, hidden)
            )


# The slot order of the state before StackState took the engine's fields: fingerprints (and the
# golden files built on them) keep listing fields in this order.
FIELD_ORDER = tuple(sorted(State.__slots__ + StackState.__slots__))
