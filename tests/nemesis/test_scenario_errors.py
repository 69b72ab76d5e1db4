"""Impossible Nemesis scenario documents are refused with a ScenarioError naming the field and
what is allowed (docs/scenarios.md "Nemesis"). Component counts: nemesis-reference.md §1."""

from __future__ import annotations

from typing import Any

import pytest

from nemesis_env.core.errors import ScenarioError
from tests.nemesis.scenario_helpers import doc, load

ARMORY_3 = {"3": {"tile": "armory", "explored": True}}

BAD: list[tuple[str, dict[str, Any], str]] = [
    ("unknown top-level key", {"tiem": 3}, r"scenario: unknown keys \['tiem'\]"),
    ("wrong type", {"time": "ten"}, r"time must be an integer in 1\.\.15"),
    ("time off the track", {"time": 0}, r"time must be an integer in 1\.\.15"),
    (
        "unknown character",
        {"characters": [{"character": "janitor"}]},
        r"characters\[0\]\.character: unknown name 'janitor'",
    ),
    (
        "a character used twice",
        {"characters": [{"character": "scout"}, {"character": "scout"}]},
        r"characters\[1\]\.character: 'scout' is already played by player 0",
    ),
    ("too many rows", {"characters": [{}, {}, {}]}, r"characters: 3 rows for a 2-player game"),
    (
        "room index out of range",
        {"rooms": {"22": {"fire": True}}},
        r"rooms key '22' must be an integer in 1\.\.21",
    ),
    (
        "a door on a corridor that does not exist",
        {"doors": {"1-21": "closed"}},
        r"doors\['1-21'\]: no corridor joins rooms 1 and 21",
    ),
    (
        "a door on the Technical Corridors",
        {"doors": {"5-TC": "closed"}},
        r"doors\['5-TC'\].*Technical Corridors, which have no door",
    ),
    ("an unknown door state", {"doors": {"1-3": "ajar"}}, r"doors\['1-3'\]: unknown name 'ajar'"),
    (
        "more copies of an item than exist",
        {"characters": [{"inventory": ["grenade"] * 3}], "item_discard": {"red": ["grenade"] * 2}},
        r"items: 5 red\.grenade held or discarded, but the red deck has 4",
    ),
    (
        "an ambiguous item name",
        {"characters": [{"inventory": ["energy_charge"]}]},
        r"characters\[0\]\.inventory\[0\]: 'energy_charge' is ambiguous",
    ),
    (
        "a heavy item in the inventory",
        {"characters": [{"inventory": ["egg"]}]},
        r"characters\[0\]\.inventory\[0\]: 'egg' is heavy",
    ),
    (
        "three heavy things in two hands",
        {"characters": [{"hands": ["rifle", "egg", "egg"]}]},
        r"characters\[0\]\.hands: 3 heavy things for 2 free hands",
    ),
    (
        "ammo over capacity",
        {"characters": [{"character": "scientist", "hands": [{"item": "pistol", "ammo": 9}]}]},
        r"characters\[0\]\.hands\[0\]\.ammo must be an integer in 0\.\.\d+",
    ),
    (
        "a starting weapon without its character",
        {"characters": [{"character": "scout", "hands": ["six_shooter"]}, {"character": "pilot"}]},
        r"weapon\.six_shooter exists once, with its character in the game",
    ),
    (
        "a quest item not activated",
        {"characters": [{"character": "captain", "inventory": ["log_key"]}]},
        r"quest\.log_key exists once, held only once its character activated it",
    ),
    (
        "more copies of a card than the character's deck",
        {"characters": [{"character": "captain", "hand": ["rest", "rest"]}]},
        r"characters\[0\]: 2 rest in hand and discard, but the captain deck holds 1",
    ),
    (
        "a card of another character",
        {"characters": [{"character": "captain", "hand": ["piloting"]}]},
        r"characters\[0\]: 1 piloting in hand and discard, but the captain deck holds 0",
    ),
    (
        "a deck that is not the rest of the printed deck",
        {"characters": [{"character": "captain", "deck": ["rest"]}]},
        r"characters\[0\]\.deck: hand \+ discard \+ deck must be the captain's printed deck",
    ),
    (
        "more scanned infected cards than exist",
        {
            "characters": [
                {"hand": ["contamination_infected"] * 4},
                {"hand": ["contamination_infected"] * 4},
            ]
        },
        r"0 scanned clean and 8 scanned infected contamination cards",
    ),
    (
        "a fourth serious wound",
        {"characters": [{"serious": ["arm", "leg", "hand", "body"]}]},
        r"characters\[0\]\.serious: 3 serious wounds at most",
    ),
    (
        "more wound cards of a kind than exist",
        {"characters": [{"serious": ["arm", "arm"]}, {"serious": ["arm", "arm"]}]},
        r"characters\[1\]\.serious\[1\]: all 3 arm wound cards are used",
    ),
    (
        "a character in an unexplored room",
        {"characters": [{"room": 3}]},
        r"characters\[0\]\.room: room 3 is unexplored",
    ),
    (
        "a room named by a tile nowhere on the board",
        {"characters": [{"room": "armory"}]},
        r"characters\[0\]\.room: no room holds the tile 'armory'",
    ),
    (
        "a Room 2 tile in a Room 1 slot",
        {"rooms": {"3": {"tile": "cabins"}}},
        r"rooms\[3\]\.tile: 'cabins' is not a Room 1 tile",
    ),
    (
        "a tile in two rooms",
        {"rooms": {"3": {"tile": "armory"}, "2": {"tile": "armory"}}},
        r"rooms\[2\]\.tile: 'armory' lies in two rooms",
    ),
    (
        "a special room retiled",
        {"rooms": {"cockpit": {"tile": "armory"}}},
        r"rooms\[1\]\.tile: room 1 is the printed cockpit",
    ),
    (
        "an explored room without its tile",
        {"rooms": {"3": {"explored": True}}},
        r"rooms\[3\]: a room explored or face up needs its tile named",
    ),
    (
        "a malfunction where the tile takes none",
        {"rooms": {"3": {"tile": "nest", "explored": True, "malfunction": True}}},
        r"rooms\[3\]\.malfunction: only an explored room whose tile takes malfunction markers",
    ),
    (
        "nine fires",
        {"rooms": {str(r): {"fire": True} for r in range(1, 10)}},
        r"rooms: 9 fire markers; one more than the 8 destroys the ship",
    ),
    (
        "an unknown intruder type",
        {"intruders": [{"type": "facehugger", "room": 1}]},
        r"intruders\[0\]\.type: unknown name 'facehugger'",
    ),
    (
        "more intruders than miniatures",
        {"intruders": [{"type": "queen", "room": 1}] * 2},
        r"intruders\[1\]: all 1 queen miniatures are already on the board",
    ),
    (
        "a token of another type",
        {"intruders": [{"type": "larva", "room": 1, "token": "queen"}]},
        r"intruders\[0\]\.token: 'queen' is not a larva token",
    ),
    (
        "more tokens in the bag than the box",
        {"bag": {"queen": 2}},
        r"bag\[queen\] must be an integer in 0\.\.1",
    ),
    ("an unknown token", {"bag": {"adult_9": 1}}, r"bag key: unknown name 'adult_9'"),
    (
        "an event card twice",
        {"event_discard": ["damage", "damage"]},
        r"event_discard: a card appears twice",
    ),
    (
        "a knowledge of a fact nobody fixed",
        {"characters": [{"knows": {"tiles": [3]}}]},
        r"characters\[0\]\.knows\.tiles\[0\]: room 3 has no tile named under rooms",
    ),
    (
        "an escaped character in a pod not launched",
        {"characters": [{"status": "escaped", "pod": 1}]},
        r"characters\[0\]\.pod: pod 1 is not launched",
    ),
    (
        "an objective chosen before the first encounter",
        {"characters": [{"objective": "ab_ovo"}]},
        r"characters\[0\]\.objective: chosen at the first encounter",
    ),
    (
        "an objective missing after the first encounter",
        {"first_encounter_done": True},
        r"characters\[0\]\.objective: required once first_encounter_done is true",
    ),
    (
        "an objective for more players",
        {"characters": [{"objectives": ["the_final_enlightenment", "hoarder"]}]},
        r"characters\[0\]\.objectives\[0\]: not in the objective decks of a 2-player game",
    ),
    (
        "two corporate objectives",
        {"characters": [{"objectives": ["ab_ovo", "necroscopy"]}]},
        r"characters\[0\]\.objectives: one Corporate and one Personal objective",
    ),
    (
        "a weakness in two slots",
        {"weaknesses": {"egg": "vital_places", "intruder_carcass": "vital_places"}},
        r"weaknesses\[intruder_carcass\]: 'vital_places' is in two slots",
    ),
    (
        "more eggs than the game has",
        {"eggs_in_nest": 5, "rooms": {"1": {"objects": ["egg"]}}},
        r"eggs_in_nest: 5 in the Nest \+ 1 lying or carried exceeds the 5 eggs",
    ),
    (
        "a corpse without a death",
        {"rooms": {"1": {"objects": ["corpse"]}}},
        r"1 character corpses but 0 dead characters",
    ),
    (
        "a dead character holding items",
        {"characters": [{"status": "dead", "inventory": ["grenade"]}]},
        r"characters\[0\]: a dead character holds nothing",
    ),
    ("turn_of outside the rounds", {"turn_of": 1}, r"turn_of: only a scenario at phase rounds"),
    (
        "an unknown phase",
        {"phase": "combat"},
        r"phase must be one of \['draw', 'event', 'rounds'\]",
    ),
    ("a boolean as text", {"queen_killed": "no"}, r"queen_killed must be true or false"),
    (
        "more contamination in the deck than left",
        {"contamination": {"deck": 28}},
        r"contamination\.deck must be an integer in 0\.\.27",
    ),
    ("unknown params", {"params": {"players": 2, "solo": True}}, r"scenario params: unknown"),
]


@pytest.mark.parametrize(("mistake", "fields", "message"), BAD, ids=[b[0] for b in BAD])
def test_an_impossible_document_is_refused_naming_the_field(
    mistake: str, fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScenarioError, match=message):
        load(doc(2, **fields))


def test_a_document_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(ScenarioError, match="a scenario is a mapping at top level"):
        load("- just\n- a list\n")


def test_a_row_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(ScenarioError, match=r"characters\[0\] must be a mapping"):
        load(doc(2, characters=["scout"]))


def test_a_value_that_is_not_json_is_refused() -> None:
    with pytest.raises(ScenarioError, match="plain JSON values only"):
        load(doc(2, description={1, 2}))
