"""The event log tells each seat only what the rules let it know, as the CLI prints it.

The expected visibility is a table built from the rules (below, each row citing its source),
never from an event's own `visible_to`: a rules change that made a face-down play public
(`visible_to=None`) must fail here. Over seeded random games, for every event and every seat,
the CLI's line (nemesis_env.terminal.EventLog) and `Event.seen_by` must name a card exactly when the
table says that seat may know it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

import nemesis_env
from nemesis_env.core.chance import resolve_chance
from nemesis_env.core.events import Event
from nemesis_env.terminal import EventLog

CREATURE = 0
Seats = frozenset[int] | None  # None: every seat
GAMES = [(5, 1), (7, 2), (4, 3), (6, 4), (3, 5), (7, 6), (5, 7), (6, 8)]  # (players, seed)


@dataclass(frozen=True)
class Table:
    """What the rules say about one game: its players and whether Smokescreen is in force."""

    players: int
    smoke: bool

    @property
    def hunted(self) -> frozenset[int]:
        return frozenset(range(1, self.players))


def owner(event: Event) -> frozenset[int]:
    """The Hunted who acted (Hunted h sits at seat h + 1)."""
    hunted = event.get("hunted")
    assert isinstance(hunted, int)
    return frozenset({hunted + 1})


def only_creature(event: Event, table: Table) -> Seats:
    return frozenset({CREATURE})


def only_owner(event: Event, table: Table) -> Seats:
    return owner(event)


def discard_pile(event: Event, table: Table) -> Seats:
    """Reference A.10: "The Hunted's discard piles are public unless Smokescreen is active";
    A.8 Smokescreen: "All Hunted hide their discard piles from the Creature until end of
    turn". A played card taken back (Jungle, Swamp, Double Back, 0 Will) had been revealed
    (A.4 step 1), so everyone saw it."""
    if event.get("played"):
        return None
    return table.hunted if table.smoke else None


def everyone(event: Event, table: Table) -> Seats:
    return None


# Public: revealed cards (A.4 step 1), cards played face up (A.4: "Hunt and Survival cards ...
# played"), tokens on the board (A.4 phase 2), the face-up reserve (seed 003 setup), survival
# discards (Shelter's, Toxin's) face up on their pile, counters and Will.
PUBLIC = (
    "reveal", "play_hunt", "play_survival", "target_token", "creature_token", "artemia_token",
    "detour", "cataclysm", "use_power", "lair_copy", "ineffective", "rover", "move_token",
    "toxin", "discard_survival", "beacon", "ignore_token", "will", "resist", "give_up",
    "take_back_all", "rescue", "assimilation", "reshuffle", "board_side", "name_hunted",
    "artemia_catch", "caught", "turn", "game_over",
)  # fmt: skip
# Event kind -> who may know the cards it names. Sources: shared/rules/not-alone-reference.md
# (A.x) and the seed 003 digest (shared/rules/seeds-digest.md).
MAY_KNOW: dict[str, Callable[[Event, Table], Seats]] = {
    # seed 003 phase 1: each Hunted lays a place card "face down" and may not show it (A.4)
    "play_place": only_owner,
    # A.4 step 0: the River player "secretly keeps one" card before the reveal
    "river": only_owner,
    # A.7 Forbidden Zone: every Hunted discards "simultaneously": a choice unseen until all chose
    "forbidden_choice": only_owner,
    # A.10: "The Creature's Hunt hand is hidden": its draws, and the cards Strike Back takes
    # from that hand to the bottom of the face-down deck (A.8)
    "draw_hunt": only_creature,
    "strike_back": only_creature,
    # A.4 phase 1: players "may not show cards": a survival card drawn is its owner's secret
    "draw_survival": only_owner,
    # A.7 Phobia: the Hunted "shows the Creature" the cards (not the other Hunted)
    "phobia": lambda event, table: owner(event) | {CREATURE},
    # discard piles (A.10, A.8 Smokescreen); Vortex swaps with the discard pile (A.8)
    "discard": discard_pile,
    "take_back": discard_pile,
    "vortex": discard_pile,
    **dict.fromkeys(PUBLIC, everyone),
}
HUNT_CARD_KINDS = frozenset({"draw_hunt", "strike_back", "play_hunt"})  # A.7 vs A.8 cards


def named_cards(game: Any, event: Event) -> Iterator[tuple[str, str, list[str]]]:
    """(payload key, card name, every name of that card's kind) for each card the event names."""
    data = game.data
    places = [p.name for p in data.places]
    for key, value in event.payload:
        if key in ("place", "incoming", "outgoing") and isinstance(value, int) and value:
            yield key, places[value - 1], places
        elif key == "places" and isinstance(value, tuple):
            for number in value:
                yield key, places[number - 1], places
        elif key == "card" and isinstance(value, int):
            cards = data.hunt if event.kind in HUNT_CARD_KINDS else data.survival
            names = [c.name for c in cards]
            yield key, names[value], names


def names_any(text: str, names: list[str]) -> bool:
    return any(re.search(rf"\b{re.escape(n)}\b", text) for n in names)


def random_game(players: int, seed: int) -> tuple[Any, list[Event]]:
    game = nemesis_env.load_game("not_alone", players=players)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    resolve_chance(state, rng)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        resolve_chance(state, rng)
    return game, list(state.events)


def check_game(players: int, seed: int) -> set[str]:
    """Checks every event of one game for every seat; returns the kinds some seat may not see."""
    game, events = random_game(players, seed)
    smokescreen = game.data.survival_index("smokescreen")
    logs = [EventLog(game, seat) for seat in range(players)]
    smoke, withheld = False, set[str]()
    for event in events:
        if event.kind == "turn":
            smoke = False  # card effects last until the end of the turn (A.4)
        assert event.kind in MAY_KNOW, f"no rule says who may see {event.kind!r} events"
        allowed = MAY_KNOW[event.kind](event, Table(players, smoke))
        cards = list(named_cards(game, event))
        for seat, log in enumerate(logs):
            text, seen = log.text(event), event.seen_by(seat)
            for key, name, kind_names in cards:
                if allowed is None or seat in allowed:
                    assert name in text and seen.get(key) == event.get(key), (seat, event, text)
                else:
                    assert not names_any(text, kind_names), (seat, event, text)
                    assert seen.get(key) is None, (seat, event)
                    withheld.add(event.kind + (" (smoke)" if smoke else ""))
        spectator = EventLog(game, None).text(event)
        assert all(name in spectator for _, name, _ in cards), spectator
        if event.kind == "play_survival" and event.get("card") == smokescreen:
            smoke = True
    return withheld


def test_each_seat_sees_only_the_cards_the_rules_show_it() -> None:
    """Over seeded random games of 3-7 players, no seat's log line (or `seen_by` copy) names
    a card the rules hide from it, and every seat that may know a card is told it. The games
    are chosen so that every private kind of event is withheld from someone at least once."""
    withheld: set[str] = set()
    for players, seed in GAMES:
        withheld |= check_game(players, seed)
    expected = {"play_place", "river", "forbidden_choice", "draw_hunt", "strike_back",
                "draw_survival", "phobia"}  # fmt: skip
    assert expected <= withheld, expected - withheld
    assert {"discard (smoke)", "take_back (smoke)"} <= withheld, "no discard was smoked out"


# The Creature's own choices that name a Hunted (A.7 Detour, and the cards that name one):
# everything else that names a Hunted is that Hunted's card, choice, loss or gain.
CREATURE_ACTS = frozenset({"detour", "name_hunted"})
# Hunted events a random game must reach for the check below to mean anything.
HUNTED_KINDS = frozenset({
    "play_place", "draw_survival", "play_survival", "discard_survival", "river",
    "forbidden_choice", "toxin", "ignore_token", "vortex", "artemia_catch", "reveal",
})  # fmt: skip


def test_every_event_names_the_seat_it_is_about() -> None:
    """Every seat sees who acted (core/events.py: turn, kind and actor are never hidden), and
    the log prints that seat. The seat of Hunted h is the one `GameInfo` names `hunted_<h>`
    (docs/observations.md: "0 Creature, h+1 Hunted h"). An event that names a Hunted is that
    Hunted's card, choice, loss or gain, except the Creature's own choices (Detour, and the
    cards that name a Hunted). Games (3, 6) and (7, 17) add Detector/Dodge and Vortex."""
    checked: set[str] = set()
    for players, seed in [*GAMES, (3, 6), (7, 17)]:
        game, events = random_game(players, seed)
        for event in events:
            hunted = event.get("hunted")
            if not isinstance(hunted, int):
                continue
            if event.kind in CREATURE_ACTS:
                expected = game.info.seat_names.index("creature")
            else:
                expected = game.info.seat_names.index(f"hunted_{hunted}")
            assert event.actor == expected, event
            checked.add(event.kind)
    assert checked >= HUNTED_KINDS, HUNTED_KINDS - checked
