"""The Nemesis component loader refuses bad data with a DataError that names the file and the
field (shared/DESIGN.md §1 "defs.py ... strict loader"). Each test edits one line of a copy of
data/*.yaml in a temporary package and loads that copy uncached."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs import board, parse
from nemesis_env.games.nemesis.defs.components import RoomDef
from nemesis_env.games.nemesis.defs.loader import load_nemesis_data

Edit = Callable[[str, str, str], None]


@pytest.fixture
def edit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Edit:
    """edit(file, old, new): replace `old` (which must occur) by `new` in a private copy."""
    name = f"nemesis_data_{uuid.uuid4().hex}"  # a fresh name: imported packages are cached
    package = tmp_path / name
    shutil.copytree(Path(str(resources.files(parse.DATA_PACKAGE))), package)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(parse, "DATA_PACKAGE", name)

    def replace(filename: str, old: str, new: str) -> None:
        path = package / filename
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {filename}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return replace


def load_error() -> str:
    with pytest.raises(DataError) as info:
        load_nemesis_data.__wrapped__()
    return str(info.value)


def test_the_untouched_copy_loads(edit: Edit) -> None:
    assert len(load_nemesis_data.__wrapped__().events) == 20


@pytest.mark.parametrize(
    ("filename", "old", "new", "expected"),
    [
        # unknown, missing keys and wrong types name the row and the field
        ("rooms.yaml", "    computer: false\n", "    computr: false\n",
         "rooms.yaml: tiles[0] (armory): RoomDef: unknown keys ['computr']"),
        ("rooms.yaml", "    searchable: true\n", "",
         "rooms.yaml: tiles[0] (armory): RoomDef: missing keys ['searchable']"),
        ("rooms.yaml", "    computer: false\n", "    computer: 'no'\n",
         "rooms.yaml: tiles[0] (armory).computer: expected bool, got str"),
        ("rooms.yaml", "    colour: red\n", "    colour: blue\n",
         "rooms.yaml: tiles[0] (armory).colour: expected one of"),
        ("action_cards.yaml", "  cost: 0\n", "  cost: true\n",
         "action_cards.yaml[0] (demolition).cost: expected int, got bool"),
        ("board_basic.yaml", "seats_per_pod: 2", "seats_per_pod: [2]",
         "board_basic.yaml: escape_pods.seats_per_pod: expected int"),
        ("board_basic.yaml", "supply:", "suply:", "board_basic.yaml: unknown sections ['suply']"),
        # ops come from a closed list, with exactly their params
        ("events.yaml", "{op: open_all_doors}", "{op: open_all_the_doors}",
         "events.yaml[2] (bulkheads_open).effects[0]: unknown op 'open_all_the_doors'"),
        ("events.yaml", "{op: heal_all_intruders, amount: 2}", "{op: heal_all_intruders}",
         "op 'heal_all_intruders' takes params ['amount'], got []"),
        ("events.yaml", "{op: heal_all_intruders, amount: 2}",
         "{op: heal_all_intruders, amount: two}", "(regeneration).effects[0].amount: expected int"),
        ("characters.yaml", "{op: toggle_pod_lock, section: this_section}",
         "{op: toggle_pod_lock, section: everywhere}", ".section: expected one of ['any'"),
        ("objectives.yaml", "{op: signal_sent}", "{op: send_signal}",
         "objectives.yaml: corporate[7] (necroscopy).any_of[0][0]: unknown op 'send_signal'"),
        # references between files
        ("characters.yaml", "basic_repairs, order,", "basic_repair, order,",
         "characters.yaml: characters[0] (captain).deck[5]: no Action card 'basic_repair'"),
        ("intruders.yaml", "{op: add_token_to_bag, type: breeder}",
         "{op: add_token_to_bag, type: breder}",
         "intruders.yaml: types[1] (creeper).development[1]: op 'add_token_to_bag' param 'type': "
         "'breder' is not a known intruder_type"),
        ("events.yaml", "moves: [breeder, queen]", "moves: [larva, queen]",
         "events.yaml[0] (regeneration).moves: ['larva'] not among"),
        ("items.yaml", "  red:\n    energy_charge: 11", "  red:\n    energy_charges: 11",
         "items.yaml: decks.red.energy_charges: unknown item"),
        ("board_basic.yaml", "special_room: engine_3", "special_room: engine_9",
         "board_basic.yaml: rooms.special_room must name each special room"),
        # the board graph
        ("board_basic.yaml", "{a: 1, b: 3, numbers: [1, 2]}", "{a: 1, b: 3, numbers: [1]}",
         "the exits of room 1 carry numbers [1, 3, 4]; each room needs exactly [1, 2, 3, 4]"),
        ("board_basic.yaml", "{a: 5, b: TC, numbers: [4]}", "{a: 5, b: 22, numbers: [4]}",
         "board_basic.yaml: corridors[7]: endpoint 22 is neither a room"),
        ("board_basic.yaml", "{number: 3, slot: room1, tech_entrance: false}",
         "{number: 3, slot: room1, tech_entrance: true}",
         "rooms[2].tech_entrance is True but room 3 has no corridor to TC"),
        # counts the loader itself enforces
        ("characters.yaml", "reload, motivation]", "reload]",
         "characters.yaml: characters[0] (captain).deck: expected 10 cards, got 9"),
        ("exploration_tokens.yaml", "{id: door_3, effect: door, items: 4}",
         "{id: door_3, effect: door, items: 5}", "exploration_tokens.yaml: tokens[19].items"),
        ("events.yaml", "id: damage\n", "id: malfunction\n",
         "events.yaml: id 'malfunction' is given twice"),
        ("dice.yaml", "noise: [1, 1,", "noise: [1, 5,",
         "dice.yaml: noise[1]: a corridor number must be 1-4"),
        ("coordinates.yaml", "{id: coordinates_1, a: earth", "{id: coordinates_1, a: pluto",
         "coordinates.yaml[0] (coordinates_1).a: expected one of"),
        ("tracks.yaml", "  turns: 15", "  turns: [15", "tracks.yaml: invalid YAML"),
    ],
)  # fmt: skip
def test_bad_data_is_refused_with_the_file_and_field(
    edit: Edit, filename: str, old: str, new: str, expected: str
) -> None:
    edit(filename, old, new)
    assert expected in load_error()


def test_parsing_functions_directly() -> None:
    row = {"id": "x", "name": "X", "kind": 3, "colour": "red", "computer": False,
           "searchable": True, "action": None, "action_cost": None}  # fmt: skip
    with pytest.raises(DataError, match=r"^here\.kind: expected one of \[1, 2, 'special'\]"):
        parse.build(RoomDef, row, "here")
    with pytest.raises(DataError, match=r"^here\.options: choose_one needs at least 2"):
        one_option = {"op": "choose_one", "options": [[{"op": "send_signal"}]]}
        parse.convert(EffectSpec, one_option, "here")
    spec = parse.convert(EffectSpec, {"op": "draw_action_cards", "count": 2}, "here")
    assert spec == EffectSpec("draw_action_cards", {"count": 2})
    corridors = (board.CorridorDef(a=1, b=2, numbers=(1, 2, 3, 4)),)
    with pytest.raises(DataError, match=r"the exits of room 3 carry numbers \[\]"):
        board.derive_exits(corridors, "graph")
