"""The crew part of a Nemesis scenario document (scenario.py): characters, their cards, items,
wounds, objectives and what each seat knows. Schema: docs/scenarios.md ("Nemesis")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from nemesis_env.core.engine import CHANCE, Decision
from nemesis_env.core.errors import ScenarioError
from nemesis_env.core.zones import Deck
from nemesis_env.games.nemesis.rules.kinds import Kind, ObjectiveDeal
from nemesis_env.games.nemesis.scenario_names import (
    Names,
    as_bool,
    as_list,
    check_keys,
    choice,
    int_in,
)
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    DEAD,
    ESCAPED,
    IN_POD,
    NOWHERE,
    POD_LAUNCHED,
    STATUS_NAMES,
    UNKNOWN,
    Character,
    State,
)

CHARACTER_KEYS = {
    "character", "room", "status", "pod", "hand", "deck", "discard", "inventory", "hands",
    "quest_active", "light_wounds", "serious", "slime", "signal", "larva", "passed",
    "objectives", "objective", "knows",
}  # fmt: skip
HAND_KEYS = {"item", "ammo"}
WOUND_KEYS = {"wound", "dressed"}
KNOWS_KEYS = {"tiles", "tokens", "engines", "coordinates", "objectives"}
HIBERNATORIUM = 10


def fill_characters(s: State, doc: Mapping[str, Any], names: Names) -> list[Decision]:
    """Fills every seat's character; returns the objective deals the document leaves to chance."""
    n = len(s.chars)
    rows = as_list("characters", doc.get("characters", []))
    if len(rows) > n:
        raise ScenarioError(f"characters: {len(rows)} rows for a {n}-player game")
    rows = [check_keys(f"characters[{i}]", row, CHARACTER_KEYS) for i, row in enumerate(rows)]
    rows += [{} for _ in range(n - len(rows))]
    _choose_characters(s, rows, names)
    used_wounds: list[int] = []
    deals: list[Decision] = []
    for seat, row in enumerate(rows):
        where = f"characters[{seat}]"
        _place(s, seat, row, names, where)
        _cards(s, s.chars[seat], row, names, where)
        _wounds(s, s.chars[seat], row, where, used_wounds)
        _items(s, s.chars[seat], row, names, where)
        deals += _objectives(s, seat, row, names, where)
    s.death_order = [seat for seat, c in enumerate(s.chars) if c.status == DEAD]
    s.hibernation_started = any(c.status == STATUS_NAMES.index("hibernating") for c in s.chars)
    for seat, row in enumerate(rows):
        _knowledge(s, seat, row.get("knows", {}), names, f"characters[{seat}].knows")
    return deals


def _choose_characters(s: State, rows: list[Mapping[str, Any]], names: Names) -> None:
    ids = [ch.id for ch in names.tables.data.characters]
    chosen = [-1] * len(rows)
    for seat, row in enumerate(rows):
        if "character" in row:
            chosen[seat] = choice(f"characters[{seat}].character", row["character"], ids)
            if chosen.count(chosen[seat]) > 1:
                raise ScenarioError(
                    f"characters[{seat}].character: {row['character']!r} is already played by "
                    f"player {chosen.index(chosen[seat])}; each character is drafted once"
                )
    free = [ch for ch in range(len(ids)) if ch not in chosen]
    for seat in range(len(rows)):
        if chosen[seat] < 0:
            chosen[seat] = free.pop(0)  # a row without a character: the next one in data order
        s.chars[seat].character = chosen[seat]


def _place(s: State, seat: int, row: Mapping[str, Any], names: Names, where: str) -> None:
    c = s.chars[seat]
    c.status = choice(f"{where}.status", row.get("status", "active"), list(STATUS_NAMES))
    if c.status == ACTIVE:
        c.room = names.room(f"{where}.room", row.get("room", HIBERNATORIUM + 1), s)
        if not s.explored[c.room]:
            raise ScenarioError(
                f"{where}.room: room {c.room + 1} is unexplored; a character entering a room "
                f"explores it (§3.4): name its tile and set explored under rooms"
            )
    elif row.get("room") is not None:
        raise ScenarioError(
            f"{where}.room: a character {STATUS_NAMES[c.status]} is not on the board; omit room"
        )
    if c.status in (IN_POD, ESCAPED):
        if "pod" not in row:
            raise ScenarioError(f"{where}.pod: a character {STATUS_NAMES[c.status]} is in a pod")
        c.pod = int_in(f"{where}.pod", row["pod"], 1, len(s.pods)) - 1
    elif row.get("pod") is not None:
        raise ScenarioError(f"{where}.pod: only a character in_pod or escaped has a pod")
    for key in ("slime", "signal", "larva", "passed"):
        setattr(c, key, as_bool(f"{where}.{key}", row.get(key, False)))


def _card_list(names: Names, where: str, value: Any) -> list[int]:
    return [names.card(f"{where}[{i}]", v) for i, v in enumerate(as_list(where, value))]


def _cards(s: State, c: Character, row: Mapping[str, Any], names: Names, where: str) -> None:
    """Hand, discard and deck; the deck defaults to the printed deck's other action cards."""
    game = s.game
    c.hand = _card_list(names, f"{where}.hand", row.get("hand", []))
    c.discard = _card_list(names, f"{where}.discard", row.get("discard", []))
    printed = Counter(game.character_deck(c.character))
    placed = Counter(x for x in c.hand + c.discard if not game.is_contamination(x))
    deck_ids = [x for x in game.character_deck(c.character)]
    for card, count in placed.items():
        if count > printed[card]:
            raise ScenarioError(
                f"{where}: {count} {names.tables.cards[card]} in hand and discard, but the "
                f"{_character_id(names, c)} deck holds {printed[card]}"
            )
        for _ in range(count):
            deck_ids.remove(card)
    if "deck" in row:
        deck = _card_list(names, f"{where}.deck", row["deck"])
        actions = Counter(x for x in deck if not game.is_contamination(x))
        if actions != Counter(deck_ids):
            raise ScenarioError(
                f"{where}.deck: hand + discard + deck must be the {_character_id(names, c)}'s "
                f"printed deck (plus contamination cards); the deck should hold "
                f"{sorted(names.tables.cards[x] for x in deck_ids)}"
            )
        deck_ids = deck
    c.deck = Deck(deck_ids)


def _character_id(names: Names, c: Character) -> str:
    return str(names.tables.data.characters[c.character].id)


def _wounds(s: State, c: Character, row: Mapping[str, Any], where: str, used: list[int]) -> None:
    c.light_wounds = int_in(f"{where}.light_wounds", row.get("light_wounds", 0), 0, 2)
    types = s.game.wound_type
    serious = as_list(f"{where}.serious", row.get("serious", []))
    if len(serious) > 3:
        raise ScenarioError(f"{where}.serious: 3 serious wounds at most (the 4th kills, §8.1)")
    c.serious = []
    for i, entry in enumerate(serious):
        w = f"{where}.serious[{i}]"
        spec = check_keys(w, entry, WOUND_KEYS) if isinstance(entry, Mapping) else {"wound": entry}
        kind = spec.get("wound")
        choice(f"{w}.wound", kind, sorted(set(types)))
        free = [card for card, t in enumerate(types) if t == kind and card not in used]
        if not free:
            raise ScenarioError(f"{w}: all {types.count(str(kind))} {kind} wound cards are used")
        used.append(free[0])
        c.serious.append(~free[0] if as_bool(f"{w}.dressed", spec.get("dressed", False))
                         else free[0])  # fmt: skip


def _items(s: State, c: Character, row: Mapping[str, Any], names: Names, where: str) -> None:
    game, things = s.game, names.tables.things
    c.inventory = []
    for i, value in enumerate(as_list(f"{where}.inventory", row.get("inventory", []))):
        thing = names.thing(f"{where}.inventory[{i}]", value)
        if things[thing].heavy:
            raise ScenarioError(f"{where}.inventory[{i}]: {value!r} is heavy; it goes in hands")
        c.inventory.append(thing)
    weapon = things[game.starting_weapon(c.character)].id  # starts loaded in a hand (§4.2)
    default = [] if c.status == DEAD else [weapon]
    c.heavy, c.heavy_ammo = [], []
    for i, value in enumerate(as_list(f"{where}.hands", row.get("hands", default))):
        w = f"{where}.hands[{i}]"
        spec = check_keys(w, value, HAND_KEYS) if isinstance(value, Mapping) else {"item": value}
        thing = names.thing(f"{w}.item", spec.get("item"))
        if not things[thing].heavy:
            raise ScenarioError(f"{w}: {things[thing].id!r} is not heavy; it goes in inventory")
        capacity = max(things[thing].capacity, 0)
        c.heavy.append(thing)
        c.heavy_ammo.append(int_in(f"{w}.ammo", spec.get("ammo", capacity), 0, capacity))
    if c.status == DEAD and (c.heavy or c.inventory):
        raise ScenarioError(f"{where}: a dead character holds nothing (§8.1: items leave the game)")
    slots = 1 if any(card >= 0 and game.wound_type[card] == "arm" for card in c.serious) else 2
    if len(c.heavy) > slots:
        raise ScenarioError(f"{where}.hands: {len(c.heavy)} heavy things for {slots} free hands")
    c.carried_eggs = c.heavy.count(game.obj_egg)
    quests = names.tables.quest_items[c.character]
    quest_ids = [things[q].id.split(".", 1)[1] for q in quests]
    c.quest_active = [False, False]
    for i, value in enumerate(as_list(f"{where}.quest_active", row.get("quest_active", []))):
        c.quest_active[choice(f"{where}.quest_active[{i}]", value, quest_ids)] = True


def _objectives(
    s: State, seat: int, row: Mapping[str, Any], names: Names, where: str
) -> list[Decision]:
    """Dealt objectives (one Corporate, one Personal, §4.1) and the one chosen; the cards the
    document does not name are dealt by chance nodes."""
    c = s.chars[seat]
    pools = {True: s.game.objective_pool(True), False: s.game.objective_pool(False)}
    c.objectives = []
    for i, value in enumerate(as_list(f"{where}.objectives", row.get("objectives", []))):
        card = names.objective(f"{where}.objectives[{i}]", value)
        _check_dealable(s, card, pools, f"{where}.objectives[{i}]")
        c.objectives.append(card)
    if "objective" in row:
        card = names.objective(f"{where}.objective", row["objective"])
        if card not in c.objectives:
            if "objectives" in row:
                raise ScenarioError(f"{where}.objective: {row['objective']!r} is not dealt to it")
            _check_dealable(s, card, pools, f"{where}.objective")
            c.objectives.append(card)
        c.objective = card
    kinds = [card in pools[True] for card in c.objectives]
    if len(kinds) != len(set(kinds)):
        raise ScenarioError(f"{where}.objectives: one Corporate and one Personal objective")
    if "objectives" in row and len(kinds) != 2:
        raise ScenarioError(f"{where}.objectives: give both (one Corporate, one Personal)")
    return [Decision(Kind.DEAL_OBJECTIVE, CHANCE, ObjectiveDeal(seat, corporate))
            for corporate in (True, False) if corporate not in kinds]  # fmt: skip


def _check_dealable(s: State, card: int, pools: dict[bool, list[int]], where: str) -> None:
    if card not in pools[True] + pools[False]:
        raise ScenarioError(f"{where}: not in the objective decks of a {len(s.chars)}-player game")
    if any(card in other.objectives for other in s.chars):
        raise ScenarioError(f"{where}: this objective card is dealt twice")


def check_objective_choices(s: State, doc: Mapping[str, Any]) -> None:
    """Every player chooses an objective at the first encounter (§7.4), none before it."""
    for seat, c in enumerate(s.chars):
        where = f"characters[{seat}].objective"
        if s.first_encounter_done and c.objective == UNKNOWN:
            raise ScenarioError(f"{where}: required once first_encounter_done is true")
        if not s.first_encounter_done and c.objective != UNKNOWN:
            raise ScenarioError(f"{where}: chosen at the first encounter; set first_encounter_done")


def seat_pods(s: State) -> None:
    """Characters in_pod sit in a pod not launched yet, escaped ones in a launched pod."""
    seats = s.game.data.board.escape_pods.seats_per_pod
    for seat, c in enumerate(s.chars):
        if c.pod < 0:
            continue
        launched = s.pods[c.pod] == POD_LAUNCHED
        if launched != (c.status == ESCAPED):
            raise ScenarioError(
                f"characters[{seat}].pod: pod {c.pod + 1} is "
                f"{'launched' if launched else 'not launched'}; a character escaped sits in a "
                f"launched pod, one in_pod in a pod not launched yet"
            )
        s.pod_seats[c.pod].append(seat)
        if len(s.pod_seats[c.pod]) > seats:
            raise ScenarioError(f"characters[{seat}].pod: pod {c.pod + 1} seats {seats}")


def _knowledge(s: State, seat: int, knows: Any, names: Names, where: str) -> None:
    """What a seat has seen that others have not (§3.4 peeks, engines, coordinates, objectives
    shown); only a fact the document fixed can be known."""
    knows = check_keys(where, knows, KNOWS_KEYS)
    bit = 1 << seat
    for key, facts, known in (("tiles", s.tile, s.tile_known), ("tokens", s.token, s.token_known)):
        for i, value in enumerate(as_list(f"{where}.{key}", knows.get(key, []))):
            room = names.room(f"{where}.{key}[{i}]", value, s)
            if facts[room] == UNKNOWN:
                raise ScenarioError(
                    f"{where}.{key}[{i}]: room {room + 1} has no {key[:-1]} named under rooms; "
                    f"a seat can only know a face-down fact the document fixes"
                )
            known[room] |= bit
    for i, value in enumerate(as_list(f"{where}.engines", knows.get("engines", []))):
        engine = int_in(f"{where}.engines[{i}]", value, 1, len(s.engine)) - 1
        if s.engine[engine] == UNKNOWN:
            raise ScenarioError(f"{where}.engines[{i}]: engine {value} is not named under engines")
        s.engine_known[engine] |= bit
    if as_bool(f"{where}.coordinates", knows.get("coordinates", False)):
        if s.coordinates == UNKNOWN:
            raise ScenarioError(f"{where}.coordinates: no coordinates card is named")
        s.coordinates_known |= bit
    for i, value in enumerate(as_list(f"{where}.objectives", knows.get("objectives", []))):
        card = names.objective(f"{where}.objectives[{i}]", value)
        owners = [o for o, c in enumerate(s.chars) if card in c.objectives]
        if not owners or owners == [seat]:
            raise ScenarioError(
                f"{where}.objectives[{i}]: {value!r} is not dealt to another player"
            )
        s.objectives_seen[card] |= bit


__all__ = ["NOWHERE", "check_objective_choices", "fill_characters", "seat_pods"]
