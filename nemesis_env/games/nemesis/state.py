"""The dynamic state of a Nemesis game: plain data and clone(); the rules live in rules/.

Conventions (indices into the tables of `NemesisData`, never names):
- rooms are 0..20 for the printed room numbers 1..21; corridors are indices into the board's
  corridor list; corridors to `TC` (a Technical Corridors network) share that network's noise flag;
- seat s is "Player s+1" (the player number objectives name; docs/rules-decisions.md);
- an action card, item or heavy object is an int; contamination cards in a character's
  hand, deck or discard are three extra card ids after the action cards: unknown, scanned
  clean and scanned infected (the owner's knowledge; others always see "contamination");
- face-down things nobody has seen (room tiles, exploration tokens, engine tops, the
  coordinates card, weaknesses, contamination infection) stay undetermined (`UNKNOWN`) until
  someone looks: the look is a chance node that draws from what is left, so a state never
  holds a fact no seat could know yet (DESIGN.md §2: unseen piles are multisets until drawn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.engine import Decision, StackState
from nemesis_env.core.events import Event, EventValue
from nemesis_env.core.zones import Bag, Deck
from nemesis_env.games.nemesis.character import (
    ACTIVE,
    DEAD,
    ESCAPED,
    HIBERNATING,
    IN_POD,
    NOWHERE,
    STATUS_NAMES,
    UNKNOWN,
    Character,
    new_character,
)
from nemesis_env.games.nemesis.intruder_seat import IntruderPlayer

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

# Door state per corridor
OPEN, CLOSED, DESTROYED = range(3)

# Engine top token
WORKING, DAMAGED = 0, 1

# Escape pod state
POD_LOCKED, POD_UNLOCKED, POD_LAUNCHED = range(3)


def ev(kind: str, actor: int, payload: tuple[tuple[str, EventValue], ...] = (),
       visible_to: frozenset[int] | None = None) -> Event:  # fmt: skip
    """An event for `State.log`, which stamps its turn."""
    return Event(0, kind, actor, payload, visible_to)


class State(StackState):
    """Nemesis's mutable state. Static data is reached through `self.game`."""

    __slots__ = (
        "arrived",
        "attachments",
        "attack_deck",
        "attack_discard",
        "bag",
        "chars",
        "contam_deck_left",
        "contam_infected_left",
        "contam_unresolved",
        "coordinates",
        "coordinates_known",
        "crafted_left",
        "cursor",
        "death_order",
        "depressurised",
        "destination",
        "door",
        "eggs_in_nest",
        "end_reason",
        "engine",
        "engine_known",
        "event_deck",
        "event_discard",
        "events",
        "explored",
        "fire",
        "first_encounter_done",
        "first_player",
        "hibernation_started",
        "intruder_injuries",
        "intruder_room",
        "intruder_token",
        "ip",
        "item_counter",
        "item_decks",
        "item_discard",
        "malfunction",
        "nest_destroyed",
        "noise",
        "objectives_seen",
        "objects",
        "pod_seats",
        "pods",
        "queen_killed",
        "rounds",
        "self_destruct",
        "ship_destroyed",
        "skip_intruder_attacks",
        "supply",
        "taped",
        "tc_noise",
        "tile",
        "tile_known",
        "tiles_left",
        "time",
        "token",
        "token_known",
        "tokens_left",
        "weakness",
        "weaknesses_left",
        "winners",
        "wound_deck",
        "wound_discard",
    )  # fmt: skip

    game: NemesisGame
    events: list[Event] | None
    cursor: int  # the seat whose round it is in the player phase (or the draft/deal cursor)
    first_player: int
    rounds: int  # player-phase decisions so far (the max_rounds truncation counts them)
    time: int  # time-track spaces left before the jump (15 at the start, 0 = the jump)
    self_destruct: int  # advances since the sequence started, -1 when it is not running
    hibernation_started: bool
    chars: list[Character]
    # the board, one entry per room
    tile: list[int]  # room tile index, UNKNOWN while face down and unseen
    tile_known: list[int]  # bitmask of seats that have seen a face-down tile
    explored: list[bool]
    token: list[int]  # exploration token index, UNKNOWN while unseen, -2 once resolved
    token_known: list[int]  # bitmask of seats that have seen a face-down token
    item_counter: list[int]
    fire: list[bool]
    malfunction: list[bool]
    objects: list[list[int]]  # heavy objects lying in each room (object ids)
    # corridors
    door: list[int]  # OPEN / CLOSED / DESTROYED per corridor
    noise: list[bool]  # per corridor between two rooms (corridors to TC use tc_noise)
    tc_noise: list[bool]  # per Technical Corridors network (topo.tc_network)
    depressurised: int  # room under Airlock depressurisation, -1 if none
    # the unseen pools drawn from when something face down is first looked at
    tiles_left: list[list[int]]  # per tile kind (room 1 / room 2): tiles not yet placed face up
    tokens_left: list[int]  # exploration tokens not yet revealed
    # intruders: one entry per miniature (data order), room NOWHERE when off the board
    intruder_room: list[int]
    intruder_injuries: list[int]
    intruder_token: list[int]  # the bag token a miniature came from, -1 if none
    bag: Bag  # intruder tokens (token kind ids)
    supply: list[int]  # intruder tokens out of the bag and off the board, per token kind
    eggs_in_nest: int
    nest_destroyed: bool
    queen_killed: bool
    weakness: list[int]  # per weakness slot (egg, corpse, carcass): card, UNKNOWN face down
    weaknesses_left: list[int]
    # ship systems
    engine: list[int]  # top token per engine: WORKING / DAMAGED / UNKNOWN
    engine_known: list[int]  # per engine, bitmask of seats that know its top token
    coordinates: int  # coordinates card, UNKNOWN until first looked at
    coordinates_known: int  # bitmask of seats that know it
    destination: int  # 0..3 for A..D
    pods: list[int]  # POD_LOCKED / POD_UNLOCKED / POD_LAUNCHED
    pod_seats: list[list[int]]  # seats aboard each pod
    # decks
    item_decks: list[Deck]  # red, yellow, green
    item_discard: list[list[int]]
    crafted_left: list[int]  # copies left per crafted item
    event_deck: Deck
    event_discard: list[int]
    attack_deck: Deck
    attack_discard: list[int]
    wound_deck: Deck
    wound_discard: list[int]
    contam_deck_left: int  # cards left in the contamination deck
    contam_unresolved: int  # contamination cards whose infection nobody has scanned
    contam_infected_left: int  # infected cards among them
    first_encounter_done: bool
    ship_destroyed: bool
    winners: list[bool]
    end_reason: str
    death_order: list[int]
    arrived: str  # the destination the coordinates check read ("" before it)
    # items (rules/items*.py)
    attachments: list[tuple[int, int]]  # (Add item, energy weapon it is fixed to), thing ids
    taped: list[tuple[int, int, int]]  # Duct Tape: (seat, heavy item, heavy item) in one hand
    objectives_seen: list[int]  # per objective card: bitmask of the other seats that saw it
    skip_intruder_attacks: bool  # Orbital Maneuvering System: this turn's attack step is skipped
    ip: IntruderPlayer | None  # the intruder player's seat and cards (param intruder_player)

    def clone(self) -> State:
        cls = type(self)
        o = cls.__new__(cls)
        o.game = self.game
        o.history = self.history[:]
        o.scenario = self.scenario
        o.legal_cache = None
        o.stack = self.stack[:]
        o.stage = self.stage
        o.terminal = self.terminal
        o.events = None if self.events is None else self.events[:]
        o.cursor = self.cursor
        o.first_player = self.first_player
        o.rounds = self.rounds
        o.time = self.time
        o.self_destruct = self.self_destruct
        o.hibernation_started = self.hibernation_started
        o.chars = [c.clone() for c in self.chars]
        o.tile = self.tile[:]
        o.tile_known = self.tile_known[:]
        o.explored = self.explored[:]
        o.token = self.token[:]
        o.token_known = self.token_known[:]
        o.item_counter = self.item_counter[:]
        o.fire = self.fire[:]
        o.malfunction = self.malfunction[:]
        o.objects = [objs[:] for objs in self.objects]
        o.door = self.door[:]
        o.noise = self.noise[:]
        o.tc_noise = self.tc_noise[:]
        o.depressurised = self.depressurised
        o.tiles_left = [t[:] for t in self.tiles_left]
        o.tokens_left = self.tokens_left[:]
        o.intruder_room = self.intruder_room[:]
        o.intruder_injuries = self.intruder_injuries[:]
        o.intruder_token = self.intruder_token[:]
        o.bag = self.bag.clone()
        o.supply = self.supply[:]
        o.eggs_in_nest = self.eggs_in_nest
        o.nest_destroyed = self.nest_destroyed
        o.queen_killed = self.queen_killed
        o.weakness = self.weakness[:]
        o.weaknesses_left = self.weaknesses_left[:]
        o.engine = self.engine[:]
        o.engine_known = self.engine_known[:]
        o.coordinates = self.coordinates
        o.coordinates_known = self.coordinates_known
        o.destination = self.destination
        o.pods = self.pods[:]
        o.pod_seats = [p[:] for p in self.pod_seats]
        o.item_decks = [d.clone() for d in self.item_decks]
        o.item_discard = [d[:] for d in self.item_discard]
        o.crafted_left = self.crafted_left[:]
        o.event_deck = self.event_deck.clone()
        o.event_discard = self.event_discard[:]
        o.attack_deck = self.attack_deck.clone()
        o.attack_discard = self.attack_discard[:]
        o.wound_deck = self.wound_deck.clone()
        o.wound_discard = self.wound_discard[:]
        o.contam_deck_left = self.contam_deck_left
        o.contam_unresolved = self.contam_unresolved
        o.contam_infected_left = self.contam_infected_left
        o.first_encounter_done = self.first_encounter_done
        o.ship_destroyed = self.ship_destroyed
        o.winners = self.winners[:]
        o.end_reason = self.end_reason
        o.death_order = self.death_order[:]
        o.arrived = self.arrived
        o.attachments = self.attachments[:]
        o.taped = self.taped[:]
        o.objectives_seen = self.objectives_seen[:]
        o.skip_intruder_attacks = self.skip_intruder_attacks
        o.ip = None if self.ip is None else self.ip.clone()
        return o

    def returns(self) -> tuple[float, ...]:
        """1 for each winner, 0 for everyone else (seed 000: no points, only win or lose;
        several players may win); all 0 before the end. The intruder player's seat (param
        `intruder_player`) cannot win: it gets 1 when the game ended with no winner, its aim
        (seed 000 "Modes"; docs/rules-decisions.md 503)."""
        returns = [1.0 if won else 0.0 for won in self.winners]
        if self.ip is not None and self.ip.active and self.terminal:
            returns[self.ip.seat] = 0.0 if any(self.winners) else 1.0
        return tuple(returns)

    def fingerprint(self) -> str:
        """Canonical text of the whole state (equal exactly when the states are equal)."""
        parts = [
            repr(getattr(self, name))
            for name in sorted((*State.__slots__, "stack", "stage", "terminal"))
            if name not in ("game", "events", "legal_cache", "chars", "scenario")
        ]
        parts += [repr([getattr(c, n) for n in Character.__slots__]) for c in self.chars]
        return "\n".join(parts)

    # -- small queries the rules share -------------------------------------------------------
    def characters_in(self, room: int) -> list[int]:
        return [s for s, c in enumerate(self.chars) if c.status == ACTIVE and c.room == room]

    def intruders_in(self, room: int) -> list[int]:
        return [i for i, r in enumerate(self.intruder_room) if r == room]

    def passage(self, a: int, b: int) -> int:
        """The corridor a move from room a to room b takes, -1 if none joins them: where two
        corridors join them (alternate side), the lowest-numbered one, as read from room a, whose
        door is not closed (docs/rules-decisions.md 302)."""
        topo = self.game.topo
        corridors = topo.corridors_between(a, b)
        if len(corridors) == 1:
            return corridors[0]
        for corridor in sorted(corridors, key=lambda c: topo.numbers[c][0]):
            if self.door[corridor] != CLOSED:
                return corridor
        return min(corridors, key=lambda c: topo.numbers[c][0], default=-1)

    def in_combat(self, seat: int) -> bool:
        room = self.chars[seat].room
        return room != NOWHERE and room in self.intruder_room

    def weakness_known(self, weakness_id: str) -> bool:
        """A weakness discovered in the Laboratory (face up on the intruder board)."""
        ids = self.game.weakness_ids
        return any(w >= 0 and ids[w] == weakness_id for w in self.weakness)

    @property
    def turn(self) -> int:
        """Turns begun so far (1-15): the time track's spaces used, the one running included
        (the CLI's demo reports it)."""
        turns = self.game.data.tracks.time.turns
        return min(turns, turns - self.time + 1)

    def log(self, event: Event) -> None:
        """Records an event (built with `ev`) stamped with the turn number: the time track
        advances at the start of the Event Phase, so that phase's events carry the next one."""
        if self.events is not None:
            self.events.append(
                event._replace(turn=self.game.data.tracks.time.turns - self.time + 1)
            )


__all__ = [
    "ACTIVE",
    "CLOSED",
    "DAMAGED",
    "DEAD",
    "DESTROYED",
    "ESCAPED",
    "HIBERNATING",
    "IN_POD",
    "NOWHERE",
    "OPEN",
    "POD_LAUNCHED",
    "POD_LOCKED",
    "POD_UNLOCKED",
    "STATUS_NAMES",
    "UNKNOWN",
    "WORKING",
    "Character",
    "Decision",
    "State",
    "ev",
    "new_character",
]
