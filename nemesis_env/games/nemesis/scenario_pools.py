"""Intruders, the bag, the decks and the contamination cards of a Nemesis scenario (scenario.py).

Every component the document does not place goes where the rules keep it: intruder tokens not in
the bag or on the board are in the supply, item cards not held or discarded are in their Search
deck, unnamed event, attack and wound cards in their decks, contamination cards not in play in
the contamination deck. A count beyond the box (more copies than exist) is a ScenarioError.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from nemesis_env.core.engine import CHANCE, Decision
from nemesis_env.core.errors import ScenarioError
from nemesis_env.core.zones import Bag, Deck
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.scenario_names import (
    Names,
    as_list,
    check_keys,
    choice,
    int_in,
)
from nemesis_env.games.nemesis.state import NOWHERE, State
from nemesis_env.games.nemesis.tables import DECK_COLOURS, INTRUDER_TYPES

INTRUDER_KEYS = {"type", "room", "injuries", "token"}
CONTAMINATION_KEYS = {"deck", "infected_unscanned"}
MAX_INJURIES = 9  # more than any Intruder survives (the injury check kills well before)


def fill_intruders(s: State, doc: Mapping[str, Any], names: Names) -> None:
    """Intruders on the board, each on a free miniature of its type (§1: 6 larvae, 3 creepers,
    8 adults, 2 breeders, 1 queen)."""
    game = s.game
    for i, row in enumerate(as_list("intruders", doc.get("intruders", []))):
        where = f"intruders[{i}]"
        check_keys(where, row, INTRUDER_KEYS)
        kind = choice(f"{where}.type", row.get("type"), list(INTRUDER_TYPES))
        free = [m for m in game.minis_of_type[kind] if s.intruder_room[m] == NOWHERE]
        if not free:
            raise ScenarioError(
                f"{where}: all {len(game.minis_of_type[kind])} {INTRUDER_TYPES[kind]} miniatures "
                f"are already on the board"
            )
        if INTRUDER_TYPES[kind] == "queen" and s.queen_killed:
            raise ScenarioError(f"{where}: queen_killed is true; a killed Queen never returns")
        mini = free[0]
        s.intruder_room[mini] = names.room(f"{where}.room", row.get("room"), s)
        s.intruder_injuries[mini] = int_in(f"{where}.injuries", row.get("injuries", 0), 0,
                                           MAX_INJURIES)  # fmt: skip
        if row.get("token") is not None:
            token = names.token(f"{where}.token", row["token"])
            if game.token_type[token] != kind:
                raise ScenarioError(
                    f"{where}.token: {row['token']!r} is not a {INTRUDER_TYPES[kind]} token"
                )
            s.intruder_token[mini] = token


def fill_bag(s: State, bag_doc: Any, names: Names) -> list[Decision]:
    """The bag (default: as setup fills it, §4.1 step 9) and the supply (the rest of the box).
    A type whose tokens differ in number ("adult", "breeder") given by its type name gets that
    many of its tokens drawn from the supply at random, as setup draws the Adults; the draws
    are returned as chance nodes."""
    game = s.game
    s.bag, s.supply = Bag(), list(game.tables.token_pool)
    for mini, token in enumerate(s.intruder_token):
        if token >= 0 and s.intruder_room[mini] != NOWHERE:
            s.supply[token] -= 1
            if s.supply[token] < 0:
                raise ScenarioError(
                    f"intruders: more {names.token_names[token]} tokens on the board than the "
                    f"{game.tables.token_pool[token]} in the box"
                )
    if bag_doc is None:
        bag_doc = _setup_bag(s)
    if not isinstance(bag_doc, Mapping):
        raise ScenarioError(f"bag must map token names to counts, got {bag_doc!r}")
    random_types = [t for t in INTRUDER_TYPES if t not in names.token_names]
    draws: list[Decision] = []
    for name, count in bag_doc.items():
        where = f"bag[{name}]"
        if name in random_types:
            kind = INTRUDER_TYPES.index(name)
            left = sum(s.supply[t] for t in game.tokens_of_type[kind])
            int_in(where, count, 0, left)  # the tokens left in the supply after the others
            draws += [Decision(Kind.SUPPLY_TOKEN, CHANCE, kind) for _ in range(count)]
            continue
        token = choice("bag key", name, [*names.token_names, *random_types])
        s.supply[token] -= int_in(where, count, 0, s.supply[token])
        s.bag.put(token, count)
    for name in random_types:  # checked again: named tokens of the type came after it
        kind = INTRUDER_TYPES.index(name)
        wanted = sum(1 for d in draws if d.payload == kind)
        if wanted > sum(s.supply[t] for t in game.tokens_of_type[kind]):
            raise ScenarioError(f"bag[{name}]: {wanted} more than the supply holds")
    return draws


def _setup_bag(s: State) -> dict[str, int]:
    from nemesis_env.games.nemesis.rules.setup import initial_adults

    bag = {k: v for k, v in s.game.data.intruders.initial_bag.items() if k != "adult" and v}
    bag["adult"] = initial_adults(s.game)
    return bag


def fill_decks(s: State, doc: Mapping[str, Any], names: Names) -> None:
    _fill_items(s, doc.get("item_discard", {}), names)
    data = s.game.data
    discard = _distinct(names, "event_discard", doc, [e.id for e in data.events])
    removed = _distinct(names, "events_removed", doc, [e.id for e in data.events])
    if set(discard) & set(removed):
        raise ScenarioError("events_removed: an event card is also in event_discard")
    s.event_discard = discard
    s.event_deck = Deck(e for e in range(len(data.events)) if e not in discard + removed)
    s.attack_discard = _copies(doc, "attack_discard", s.game.tables.attack_op, [])
    s.attack_deck = Deck(a for a in range(len(s.game.tables.attack_op))
                         if a not in s.attack_discard)  # fmt: skip
    held = [card if card >= 0 else ~card for c in s.chars for card in c.serious]
    s.wound_discard = _copies(doc, "wound_discard", s.game.tables.wound_type, held)
    s.wound_deck = Deck(w for w in range(len(s.game.tables.wound_type))
                        if w not in s.wound_discard + held)  # fmt: skip


def _distinct(names: Names, key: str, doc: Mapping[str, Any], ids: list[str]) -> list[int]:
    cards = [choice(f"{key}[{i}]", v, ids) for i, v in enumerate(as_list(key, doc.get(key, [])))]
    if len(set(cards)) != len(cards):
        raise ScenarioError(f"{key}: a card appears twice (each event card is unique)")
    return cards


def _copies(
    doc: Mapping[str, Any], key: str, copy_names: tuple[str, ...], used: list[int]
) -> list[int]:
    """Copies of cards named by their card id, taken from the copies not used elsewhere."""
    taken: list[int] = []
    for i, value in enumerate(as_list(key, doc.get(key, []))):
        choice(f"{key}[{i}]", value, sorted(set(copy_names)))
        free = [c for c, n in enumerate(copy_names) if n == value and c not in used + taken]
        if not free:
            raise ScenarioError(
                f"{key}[{i}]: all {copy_names.count(value)} copies of {value!r} are already placed"
            )
        taken.append(free[0])
    return taken


def _fill_items(s: State, discard_doc: Any, names: Names) -> None:
    t = s.game.tables
    if not isinstance(discard_doc, Mapping):
        raise ScenarioError(
            f"item_discard must map red/yellow/green to item lists: {discard_doc!r}"
        )
    held = Counter(thing for c in s.chars for thing in [*c.inventory, *c.heavy])
    s.item_discard = [[] for _ in DECK_COLOURS]
    for colour, items in discard_doc.items():
        deck = choice("item_discard key", colour, list(DECK_COLOURS))
        for i, name in enumerate(as_list(f"item_discard[{colour}]", items)):
            thing = names.thing(f"item_discard[{colour}][{i}]", f"{colour}.{name}"
                                if f"{colour}.{name}" in t.thing_index else name)  # fmt: skip
            if t.things[thing].deck != deck:
                raise ScenarioError(f"item_discard[{colour}][{i}]: {name!r} is not a {colour} item")
            s.item_discard[deck].append(thing)
    placed = held + Counter(x for pile in s.item_discard for x in pile)
    for deck, contents in enumerate(t.deck_contents):
        left = Counter(contents)
        left.subtract({x: n for x, n in placed.items() if t.things[x].deck == deck})
        for thing, n in left.items():
            if n < 0:
                raise ScenarioError(
                    f"items: {placed[thing]} {t.things[thing].id} held or discarded, but the "
                    f"{DECK_COLOURS[deck]} deck has {Counter(contents)[thing]}"
                )
        s.item_decks[deck] = Deck(sorted(left.elements()))
    _check_unique_things(s, held, names)


def _check_unique_things(s: State, held: Counter[int], names: Names) -> None:
    """Crafted items within their copies; a starting weapon or quest item exists once, and only
    with its character in the game (a quest item only once activated, §14)."""
    t = s.game.tables
    s.crafted_left = [r.copies for r in t.data.items.crafted]
    for recipe, thing in enumerate(t.crafted):
        s.crafted_left[recipe] -= held[thing]
        if s.crafted_left[recipe] < 0:
            raise ScenarioError(f"items: {held[thing]} {t.things[thing].id}, the game has "
                                f"{t.data.items.crafted[recipe].copies}")  # fmt: skip
    in_play = {c.character: c for c in s.chars}
    for ch, weapon in enumerate(t.starting_weapon):
        if held[weapon] > 1 or (held[weapon] and ch not in in_play):
            raise ScenarioError(
                f"items: {t.things[weapon].id} exists once, with its character in the game"
            )
    for ch, quests in enumerate(t.quest_items):
        for which, quest in enumerate(quests):
            owner = in_play.get(ch)
            if held[quest] > 1 or (
                held[quest] and (owner is None or not owner.quest_active[which])
            ):
                raise ScenarioError(
                    f"items: {t.things[quest].id} exists once, held only once its character "
                    f"activated it (quest_active)"
                )


def fill_contamination(s: State, doc: Any) -> None:
    """The contamination deck: 27 cards, 7 infected (§8.2). Cards not in play are in the deck
    unless `deck` says fewer (the rest left the game); infected cards nobody scanned are the 7
    minus those scanned infected unless `infected_unscanned` says otherwise."""
    game = s.game
    doc = check_keys("contamination", doc, CONTAMINATION_KEYS)
    cards = Counter(x for c in s.chars for x in [*c.hand, *c.discard, *c.deck.unseen])
    unknown, clean, infected = (cards[x] for x in game.contamination_ids)
    total = sum(c.copies for c in game.data.contamination)
    infected_total = sum(c.copies for c in game.data.contamination if c.infected)
    if infected > infected_total or clean > total - infected_total:
        raise ScenarioError(
            f"characters: {clean} scanned clean and {infected} scanned infected contamination "
            f"cards; the deck has {total - infected_total} clean and {infected_total} infected"
        )
    in_play = unknown + clean + infected
    if in_play > total:
        raise ScenarioError(f"characters: {in_play} contamination cards, the game has {total}")
    s.contam_deck_left = int_in("contamination.deck", doc.get("deck", total - in_play), 0,
                                total - in_play)  # fmt: skip
    s.contam_unresolved = s.contam_deck_left + unknown
    most = min(infected_total - infected, s.contam_unresolved)
    default = infected_total - infected
    s.contam_infected_left = int_in(
        "contamination.infected_unscanned", doc.get("infected_unscanned", default), 0, most
    )
    clean_left = s.contam_unresolved - s.contam_infected_left
    if clean_left > total - infected_total - clean:
        raise ScenarioError(
            f"contamination.infected_unscanned: {clean_left} unscanned cards would be clean, "
            f"more than the {total - infected_total - clean} clean cards not yet scanned"
        )
