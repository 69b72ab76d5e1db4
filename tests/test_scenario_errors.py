"""Malformed scenario documents are refused with a ScenarioError that says what is wrong
(nemesis_env/scenario.py, nemesis_env/games/not_alone/scenario.py; docs/scenarios.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from nemesis_env.core.errors import ScenarioError
from nemesis_env.envs.registry import list_games
from nemesis_env.games.not_alone.rules.kinds import D_CREATURE_WINDOW, D_EXPLORE
from nemesis_env.scenario import load


def doc(players: int = 3, **changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "game": "not_alone",
        "params": {"players": players, "board_side": 1},
        "hunted": [{} for _ in range(players - 1)],
    }
    return {**base, **changes}


def hunted(players: int = 3, first: dict[str, Any] | None = None, **second: Any) -> list[Any]:
    """Rows for every Hunted: `first` for Hunted 0, `second` for Hunted 1, the rest default."""
    rows: list[dict[str, Any]] = [{} for _ in range(players - 1)]
    rows[0] = first or {}
    if second:
        rows[1] = second
    return rows


@pytest.mark.parametrize("players", range(2, 8))
def test_a_valid_scenario_loads(players: int) -> None:
    state = load(doc(players, creature={"limit": 0}))
    assert state.num_hunted == players - 1
    assert state.stack[-1].kind == D_EXPLORE and state.current_player() == 1
    state = load(doc(players, creature={"hand": ["toxin"]}, phase="exploration"))
    assert state.stack[-1].kind == D_CREATURE_WINDOW and state.current_player() == 0


BAD: dict[str, tuple[dict[str, Any], str]] = {
    # unknown keys, at every level
    "unknown top-level key": (doc(weather="rain"), r"scenario: unknown keys \['weather'\]"),
    "unknown hunted key": (
        doc(hunted=hunted(first={"mood": "calm"})),
        r"hunted\[0\]: unknown keys \['mood'\]",
    ),
    "unknown creature key": (doc(creature={"rage": 2}), r"creature: unknown keys \['rage'\]"),
    "unknown token": (doc(tokens={"beacon": "lair"}), r"tokens: unknown keys \['beacon'\]"),
    "hunted row not a mapping": (doc(hunted=["lair", {}]), r"hunted\[0\] must be a mapping"),
    # unknown cards and places
    "unknown hunt card": (
        doc(creature={"hand": ["fireball"]}),
        "creature.hand: unknown hunt card 'fireball'; known: .*'toxin'",
    ),
    "unknown survival card": (
        doc(hunted=hunted(first={"survival": ["jetpack"]})),
        r"hunted\[0\].survival: unknown survival card 'jetpack'",
    ),
    "unknown place": (
        doc(hunted=hunted(first={"hand": [1, 2, 3, 4, "moon"]})),
        r"hunted\[0\].hand: unknown place 'moon'; use 1-10 or",
    ),
    "place number out of range": (
        doc(tokens={"creature": 11}),
        "tokens.creature: unknown place 11",
    ),
    "unknown flag": (doc(flags=["lucky"]), "unknown flag 'lucky'; known:"),
    # a card in two places
    "place card in hand and discard": (
        doc(hunted=hunted(first={"hand": [1, 2, 3, 4, 5], "discard": [5]})),
        r"hunted\[0\]: a place card is in two places",
    ),
    "place card twice in a hand": (
        doc(hunted=hunted(first={"hand": [1, 2, 3, 4, 4]})),
        r"hunted\[0\].hand: a place card appears twice",
    ),
    "hunt card in hand and discard": (
        doc(creature={"hand": ["toxin"], "discard": ["toxin"]}),
        "a hunt card is in two places",
    ),
    "hunt card in hand and deck": (
        doc(creature={"hand": ["toxin"]}, hunt_deck=["toxin", "clone"]),
        "a hunt card is both in the deck and elsewhere",
    ),
    "survival card held by two Hunted": (
        doc(hunted=hunted(first={"survival": ["dodge"]}, survival=["dodge"])),
        "also held by another Hunted",
    ),
    "survival card held and discarded": (
        doc(hunted=hunted(first={"survival": ["dodge"]}), survival_discard=["dodge"]),
        "a survival card is both held and discarded",
    ),
    "survival card twice in a hand": (
        doc(hunted=hunted(first={"survival": ["dodge", "dodge"]})),
        r"hunted\[0\].survival: a survival card appears twice",
    ),
    "survival card held and in the deck": (
        doc(hunted=hunted(first={"survival": ["dodge"]}), survival_deck=["dodge"]),
        "a survival card is both in the deck and elsewhere",
    ),
    "owned cards do not match the zones": (
        doc(hunted=hunted(first={"hand": [1, 2, 3, 4]})),
        "must be exactly the owned cards",
    ),
    # tracks and counters out of range
    "rescue beyond its start": (doc(rescue=15), r"rescue must be an integer in 1\.\.14, got 15"),
    "rescue already won": (doc(rescue=0), r"rescue must be an integer in 1\.\.14, got 0"),
    "assimilation beyond its start": (
        doc(assimilation=9),
        r"assimilation must be an integer in 1\.\.8, got 9",
    ),
    "assimilation not a number": (doc(assimilation="far"), "assimilation must be an integer"),
    "will out of range": (
        doc(hunted=hunted(first={"will": 4})),
        r"hunted\[0\].will must be an integer in 1\.\.3, got 4",
    ),
    "resists out of range": (
        doc(hunted=hunted(first={"resists": 3})),
        r"hunted\[0\].resists must be an integer in 0\.\.2",
    ),
    "hunt limit out of range": (doc(creature={"limit": 3}), r"creature.limit .* 0\.\.2"),
    "anticipation names a missing Hunted": (
        doc(anticipation=2),
        r"anticipation must be an integer in -1\.\.1, got 2",
    ),
    "turn zero": (doc(turn=0), r"turn must be an integer in 1\.\.1000"),
    # Hunted count
    "too few Hunted": (doc(hunted=[{}]), "hunted must list exactly 2 Hunted for 3 players"),
    "too many Hunted": (doc(hunted=[{}, {}, {}]), "hunted must list exactly 2 Hunted"),
    "hunted not a list": (doc(hunted={"name": "a"}), "hunted must list exactly 2 Hunted"),
    # reserve
    "reserve over-count": (
        doc(reserve={"swamp": 3}),
        r"reserve\[swamp\] must be an integer in 0\.\.2, got 3",
    ),
    "reserve plus owned over-count": (
        doc(
            hunted=hunted(first={"hand": [1, 2, 3, 4, 5, 6]}, hand=[1, 2, 3, 4, 5, 6]),
            reserve={"swamp": 1},
        ),
        "place 6: 2 owned by Hunted \\+ 1 in reserve exceeds the 2 copies in a 3-player game",
    ),
    "owned beyond the printed copies": (
        doc(2, hunted=[{"hand": [1, 2, 3, 4, 5, 6]}], reserve={"swamp": 1}),
        "place 6: 1 owned by Hunted \\+ 1 in reserve exceeds the 1 copies",
    ),
    "reserve of a starting place": (doc(reserve={"lair": 1}), "reserve holds only places 6-10"),
    "reserve not a mapping": (doc(reserve=[1, 2]), "reserve must map places 6-10"),
    # phase, effects, params, game
    "bad phase": (doc(phase="lunch"), "phase must be one of .*'exploration'.*got 'lunch'"),
    "bad next effect": (
        doc(hunted=hunted(first={"next_effect": "teleport"})),
        r"hunted\[0\].next_effect must be one of \['artefact', 'none', 'river'\]",
    ),
    "unknown param": (
        doc(params={"players": 3, "speed": 2}),
        "scenario params: unknown Not Alone params \\['speed'\\]",
    ),
    "bad player count": (doc(params={"players": 9}), "scenario params: players must be"),
    "unknown game": (doc(game="chess"), "scenario 'game' must be one of"),
    "missing game": ({"params": {"players": 2}}, "scenario 'game' must be one of"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_malformed_scenario_is_rejected_with_a_clear_message(case: str) -> None:
    document, message = BAD[case]
    with pytest.raises(ScenarioError, match=message):
        load(document)


def test_documents_that_are_not_mappings(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError, match="a scenario is a mapping at top level, got list"):
        load("- a\n- b\n")
    with pytest.raises(ScenarioError, match="neither valid YAML nor JSON"):
        load("game: [unclosed\nphase: x\n")
    with pytest.raises(ScenarioError, match="neither valid YAML nor JSON"):
        load('{"game": "not_alone",\n')
    with pytest.raises(ScenarioError, match="does not exist"):
        load(tmp_path / "missing.yaml")
    path = tmp_path / "bad.yaml"
    path.write_text("game: not_alone\nphase: lunch\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="phase must be one of"):
        load(path)
    with pytest.raises(ScenarioError, match="phase must be one of"):
        load(str(path))


# -- params, booleans and duplicate keys, for every registered game ------------------------------
@pytest.mark.parametrize("game", list_games())
@pytest.mark.parametrize("params", [4, "players: 3", [3]])
def test_params_that_are_not_a_mapping(game: str, params: Any) -> None:
    with pytest.raises(ScenarioError, match=r"scenario 'params' must be a mapping"):
        load({"game": game, "params": params})


@pytest.mark.parametrize("game", list_games())
def test_a_key_given_twice_is_refused(game: str) -> None:
    """PyYAML and json keep the last of two equal keys without a word; a scenario refuses."""
    with pytest.raises(ScenarioError, match="'params' appears twice"):
        load(f"game: {game}\nparams: {{players: 3}}\nparams: {{players: 4}}\n")
    with pytest.raises(ScenarioError, match="'players' appears twice"):
        load(f"game: {game}\nparams:\n  players: 3\n  players: 4\n")
    with pytest.raises(ScenarioError, match="'game' appears twice"):
        load(f'{{"game": "{game}", "game": "{game}"}}')


@pytest.mark.parametrize(
    ("document", "field"),
    [
        (doc(beacon="no"), "beacon"),
        (doc(beacon=1), "beacon"),
        (doc(hunted=hunted(first={"survival_used": "yes"})), r"hunted\[0\].survival_used"),
        (doc(hunted=hunted(first={"gave_up": 0})), r"hunted\[0\].gave_up"),
    ],
)
def test_booleans_must_be_true_or_false(document: dict[str, Any], field: str) -> None:
    with pytest.raises(ScenarioError, match=rf"{field} must be true or false, got"):
        load(document)


def test_yaml_no_is_a_string_not_false() -> None:
    """YAML 1.1 would read a bare `no` as false; a quoted "no" is text and must not be true."""
    with pytest.raises(ScenarioError, match="beacon must be true or false, got 'no'"):
        load('game: not_alone\nbeacon: "no"\n')
    assert load("game: not_alone\nbeacon: false\n").beacon is False
    assert load("game: not_alone\nbeacon: true\n").beacon is True


# -- impossible states (not-alone-reference.md) ----------------------------------------------------
IMPOSSIBLE: dict[str, tuple[dict[str, Any], str]] = {
    # A.4 phase 1: the Hunted play their Place card face down during exploration, not before
    "a card face down at the start of exploration": (
        doc(phase="exploration", hunted=hunted(first={"hand": [1, 2, 3, 4], "played": [5]})),
        r"hunted\[0\].played: no Place card is played at the start of exploration",
    ),
    # A.1: one Target token; Force Field and Mirage target at most 2 adjacent places
    "three Target tokens": (
        doc(phase="reckoning", tokens={"target": ["lair", "jungle", "river"]}),
        "tokens.target: at most 2 places",
    ),
    "Target on two places apart": (
        doc(phase="reckoning", tokens={"target": ["lair", "river"]}),
        "tokens.target: two places must be adjacent",
    ),
    "three Artemia tokens": (
        doc(phase="reckoning", tokens={"artemia": ["lair", "jungle", "river"]}),
        "tokens.artemia: at most 2 places",
    ),
    # A.4 phase 4: the Creature refills to 3 Hunt cards, and nothing draws more
    "a 6-card Creature hand": (
        doc(creature={"hand": ["toxin", "clone", "mirage", "scream", "despair", "virus"]}),
        r"creature.hand holds at most 3 Hunt cards, got 6",
    ),
    "a 4-card Creature hand": (
        doc(creature={"hand": ["toxin", "clone", "mirage", "scream"]}),
        r"creature.hand holds at most 3 Hunt cards, got 4",
    ),
    # A.1: 20 Hunt cards are always somewhere (hand, deck, discard, played, bottom)
    "a game with no hunt cards": (
        doc(hunt_deck=[]),
        "the game has no Hunt cards",
    ),
}


@pytest.mark.parametrize("case", sorted(IMPOSSIBLE))
def test_impossible_states_are_refused(case: str) -> None:
    document, message = IMPOSSIBLE[case]
    with pytest.raises(ScenarioError, match=message):
        load(document)


def test_possible_neighbours_of_the_impossible_states_load() -> None:
    """Each refusal above is exact: the state next to it is allowed."""
    load(doc(phase="reckoning", hunted=hunted(first={"hand": [1, 2, 3, 4], "played": [5]})))
    load(doc(phase="reckoning", tokens={"target": ["lair", "jungle"], "artemia": ["rover"]}))
    load(doc(creature={"hand": ["toxin", "clone", "mirage"]}))
    load(doc(hunt_deck=["toxin"]))
    empty = load(doc(hunt_deck=[], allow_no_hunt_cards=True))  # rule tests switch hunt cards off
    assert empty.hunt_hand == 0 and len(empty.hunt_deck) == 0
