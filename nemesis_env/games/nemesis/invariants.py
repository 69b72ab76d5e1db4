"""Nemesis's conservation laws (Game.invariant_errors): every component in exactly one place,
counts as the data prints them, tracks within their range."""

from __future__ import annotations

from collections import Counter

from nemesis_env.games.nemesis.rules.common import deck_count
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import ACTIVE, NOWHERE, State

MARKERS = 8


def invariant_errors(s: State) -> list[str]:
    errors: list[str] = []
    errors += _characters(s)
    errors += _intruders(s)
    errors += _contamination(s)
    errors += _board(s)
    return errors


def _characters(s: State) -> list[str]:
    game = s.game
    errors: list[str] = []
    if s.stage <= Stage.SETUP_CREW:
        return errors  # the crew is placed with its decks at the end of setup
    for seat, c in enumerate(s.chars):
        if (c.status == ACTIVE) != (c.room != NOWHERE) and c.character >= 0:
            errors.append(f"player_{seat}: status {c.status} but room {c.room}")
        if c.character < 0:
            continue
        cards = Counter(
            card
            for card in [*c.hand, *c.discard, *c.deck.unseen, *c.deck.top, *c.deck.bottom]
            if not game.is_contamination(card)
        )
        printed = Counter(game.character_deck(c.character))  # fmt: skip
        if cards != printed:
            errors.append(f"player_{seat}: action cards {dict(cards)} are not the deck's "
                          f"{dict(printed)}")  # fmt: skip
        if len(c.heavy) != len(c.heavy_ammo):
            errors.append(f"player_{seat}: {len(c.heavy)} heavy things, {len(c.heavy_ammo)} ammo")
        if not 0 <= c.light_wounds <= 2 or len(c.serious) > 3:
            errors.append(f"player_{seat}: wounds {c.light_wounds} light, {c.serious} serious")
        for i, ammo in enumerate(c.heavy_ammo):
            if not 0 <= ammo <= max(game.item_capacity(c.heavy[i]), 0) + 4:
                errors.append(f"player_{seat}: ammo {ammo} in {c.heavy[i]}")
    return errors


def _intruders(s: State) -> list[str]:
    game = s.game
    errors = []
    on_board = Counter(t for t, room in zip(s.intruder_token, s.intruder_room, strict=True)
                       if room != NOWHERE and t >= 0)  # fmt: skip
    bag = s.bag.counts()
    for token, pool in enumerate(game.tables.token_pool):
        total = bag.get(token, 0) + s.supply[token] + on_board.get(token, 0)
        if total != pool or s.supply[token] < 0:
            errors.append(
                f"intruder token {token}: bag {bag.get(token, 0)} + supply "
                f"{s.supply[token]} + board {on_board.get(token, 0)} != {pool}"
            )
    for mini, room in enumerate(s.intruder_room):
        if room == NOWHERE and (s.intruder_injuries[mini] or s.intruder_token[mini] >= 0):
            errors.append(f"intruder {mini} is off the board with injuries or a token")
    return errors


def _contamination(s: State) -> list[str]:
    game = s.game
    unknown = 0
    for c in s.chars:
        unknown += c.hand.count(game.contam_unknown) + c.discard.count(game.contam_unknown)
        unknown += deck_count(c.deck, game.contam_unknown)
    errors = []
    if s.contam_unresolved != s.contam_deck_left + unknown:
        errors.append(
            f"unscanned contamination: {s.contam_unresolved} counted, "
            f"{s.contam_deck_left} in the deck + {unknown} in play"
        )
    if not 0 <= s.contam_infected_left <= min(7, s.contam_unresolved):
        errors.append(f"infected cards left {s.contam_infected_left} of {s.contam_unresolved}")
    return errors


def _board(s: State) -> list[str]:
    errors = []
    if sum(s.fire) > MARKERS or sum(s.malfunction) > MARKERS:
        errors.append(f"{sum(s.fire)} fire and {sum(s.malfunction)} malfunction markers")
    if not 0 <= s.time <= s.game.data.tracks.time.turns:
        errors.append(f"time {s.time} off the track")
    if s.eggs_in_nest < 0:
        errors.append(f"{s.eggs_in_nest} eggs in the Nest")
    drawing = {d.payload.room for d in s.stack if d.kind == Kind.TILE}
    for room, tile in enumerate(s.tile):
        if s.explored[room] and tile < 0 and room not in drawing:
            errors.append(f"room {room + 1} is explored but its tile is unknown")
    seen = [t for t in s.tile if t >= 0]
    if len(seen) != len(set(seen)):
        errors.append(f"a room tile lies in two rooms: {s.tile}")
    return errors
