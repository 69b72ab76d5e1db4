"""The Nemesis scenario loader (issue 12 item 13; schema in docs/scenarios.md "Nemesis"): states
built from documents play on legally, save and reload, and every documented field has its
effect. Counts come from nemesis-reference.md §1 (components) and §4.1 (setup)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
import yaml

from nemesis_env.core.errors import CheckpointError
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules.intruders import QUEEN, free_miniature
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import (
    CLOSED,
    DAMAGED,
    DEAD,
    DESTROYED,
    IN_POD,
    NOWHERE,
    POD_LAUNCHED,
    POD_LOCKED,
    POD_UNLOCKED,
    UNKNOWN,
    WORKING,
    State,
)
from tests.nemesis.helpers import step_randomly, top_kind
from tests.nemesis.scenario_helpers import MID_GAME, card, doc, load, settle_chance, thing, tile

DOCS = Path(__file__).parents[2] / "docs" / "scenarios.md"


def play_checked(s: State, steps: int, seed: int) -> None:
    """Random legal moves, with the conservation invariants checked after each."""
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        step_randomly(s, rng)
        assert s.game.invariant_errors(s) == []


# -- round trips --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_short_document_plays_to_the_end_without_breaking_an_invariant(players: int) -> None:
    """Two characters placed and one Intruder: everything else as setup leaves it (§4.1)."""
    s = load(doc(players, characters=[{"character": "soldier"}, {"character": "scientist"}],
                 intruders=[{"type": "creeper", "room": 1}]))  # fmt: skip
    assert s.game.invariant_errors(s) == []
    play_checked(s, 20000, seed=players)
    assert s.is_terminal()


def test_the_full_example_plays_on_and_round_trips_through_a_save() -> None:
    s = load(MID_GAME)
    assert s.game.invariant_errors(s) == []
    play_checked(s, 400, seed=1)
    game = s.game
    back = game.deserialize(game.serialize(s))
    assert back.fingerprint() == s.fingerprint() and back.history == s.history


def test_a_save_made_right_after_loading_reloads_the_same_state() -> None:
    s = load(MID_GAME)
    back = s.game.deserialize(s.game.serialize(s))
    assert back.fingerprint() == s.fingerprint()


def test_the_document_as_json_builds_the_same_state() -> None:
    """Saves keep the scenario as JSON, whose mapping keys are strings ("3" for room 3)."""
    mapping = yaml.safe_load(MID_GAME.read_text())
    assert load(json.loads(json.dumps(mapping))).fingerprint() == load(mapping).fingerprint()


def test_a_save_reloaded_by_a_game_with_other_params_is_refused() -> None:
    s = load(MID_GAME)
    with pytest.raises(CheckpointError, match="params"):
        NemesisGame(players=4).scenario_state(s.scenario or {})


def test_the_example_of_the_docs_is_the_example_file_and_builds() -> None:
    text = DOCS.read_text()
    section = text[text.index("## Nemesis") :]
    block = re.search(r"```yaml\n(.*?)```", section, re.S)
    assert block is not None
    assert yaml.safe_load(block.group(1)) == yaml.safe_load(MID_GAME.read_text())


# -- phases -------------------------------------------------------------------------------------
def test_phase_draw_deals_missing_objectives_then_draws_hands_of_five() -> None:
    """§4.1: one Corporate and one Personal objective each; §5.1: draw up to 5 cards."""
    s = load(doc(2, first_player=1))
    assert top_kind(s) == Kind.DEAL_OBJECTIVE
    settle_chance(s)
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 1  # the first player
    assert [len(c.hand) for c in s.chars] == [5, 5]
    assert all(len(c.objectives) == 2 for c in s.chars)


def test_phase_rounds_opens_the_round_of_turn_of_with_the_hand_as_given() -> None:
    objectives = {"objectives": ["ab_ovo", "hoarder"]}
    s = load(doc(2, phase="rounds", turn_of=1, bag={"larva": 1},
                 characters=[{**objectives}, {"hand": ["rest"], "objectives":
                                             ["necroscopy", "quarantine"]}]))  # fmt: skip
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 1
    assert s.chars[1].hand == [card(s, "rest")] and s.chars[0].hand == []


def test_phase_event_starts_with_the_time_track() -> None:
    """§9 step 1: the time marker moves one space; no Intruder, so the event card is next."""
    s = load(doc(2, phase="event", time=10, bag={"larva": 1},
                 characters=[{"objectives": ["ab_ovo", "hoarder"]},
                             {"objectives": ["necroscopy", "quarantine"]}]))  # fmt: skip
    assert s.time == 9 and top_kind(s) == Kind.EVENT_CARD


# -- the mid-game example, field by field --------------------------------------------------------
@pytest.fixture(scope="module")
def mid() -> State:
    return load(MID_GAME)


def test_tracks_and_ship_systems(mid: State) -> None:
    s = mid
    assert s.time == 9 and s.self_destruct == -1 and s.destination == 2  # c
    assert s.coordinates == 2 and s.engine == [WORKING, DAMAGED, UNKNOWN]
    assert s.weakness_known("vulnerability_to_fire") and s.weakness[0] >= 0
    assert s.first_player == 2 and s.first_encounter_done and not s.queen_killed
    assert s.stage == Stage.ROUNDS or s.stack  # the Adults' numbers are drawn first


def test_rooms_tiles_tokens_and_markers(mid: State) -> None:
    s, everyone = mid, 0b111
    assert s.tile[2] == tile(s, "armory") and s.explored[2] and s.tile_known[2] == everyone
    assert s.token[2] == -2 and s.item_counter[2] == 1 and s.fire[2]
    assert s.malfunction[5] and s.tile[5] == tile(s, "cabins")
    assert s.tile[8] == tile(s, "nest") and not s.explored[8] and s.tile_known[8] == everyone
    assert s.token[8] == 5  # danger_1: after the 5 silence tokens (§3.4, data order)
    assert s.tile[13] == tile(s, "monitoring_room") and s.tile_known[13] == 0b100
    assert s.tile[3] == UNKNOWN  # room 4 not named: face down, undetermined
    placed = {tile(s, t) for t in ("armory", "evacuation_a", "nest", "cabins", "monitoring_room")}
    assert not placed & {t for pool in s.tiles_left for t in pool}
    assert len(s.tokens_left) == 20 - 2  # fire_1 and danger_1 left the pool of 20 (§1)


def test_objects_and_eggs(mid: State) -> None:
    s = mid
    assert s.objects[10] == [s.game.obj_blue_corpse, s.game.obj_egg]
    assert s.objects[5] == [s.game.obj_corpse]
    assert s.eggs_in_nest == 3 and s.chars[0].carried_eggs == 1


def test_corridors(mid: State) -> None:
    s, topo = mid, mid.game.topo
    assert s.door[topo.room_pair_corridor[(2, 6)]] == CLOSED
    assert s.door[topo.room_pair_corridor[(0, 2)]] == DESTROYED
    assert s.noise[topo.room_pair_corridor[(1, 5)]] and s.tc_noise == [True]
    assert sum(s.noise) == 1 and s.door.count(CLOSED) == 1


def test_characters_cards_items_and_body(mid: State) -> None:
    s = mid
    scout, captain, pilot = s.chars
    assert scout.room == 2 and captain.status == IN_POD and captain.pod == 0
    assert pilot.status == DEAD and pilot.room == NOWHERE and s.death_order == [2]
    assert scout.hand == [card(s, "search"), card(s, "reconnaissance"), s.game.contam_unknown]
    assert scout.discard == [card(s, "rest"), card(s, "demolition"), s.game.contam_clean]
    assert sorted(scout.deck.unseen) == sorted(  # the Scout's 10 cards (§14) not placed
        card(s, c) for c in ("interruption", "search", "basic_repairs", "scavenging",
                             "suppressive_fire", "adrenaline"))  # fmt: skip
    assert scout.inventory == [thing(s, "red.grenade"), thing(s, "green.bandages")]
    assert scout.heavy == [thing(s, "weapon.rifle"), s.game.obj_egg]
    assert scout.heavy_ammo == [3, 0]
    assert scout.light_wounds == 1 and len(scout.serious) == 2 and scout.serious[1] < 0
    assert scout.slime and captain.signal and not scout.larva
    assert captain.quest_active == [True, False]
    assert captain.heavy == [thing(s, "weapon.six_shooter")]  # starting weapon, loaded (§4.2)
    assert captain.heavy_ammo == [6] and pilot.heavy == [] and pilot.inventory == []
    assert scout.objective == s.game.tables.data.objectives.index(
        next(o for o in s.game.tables.data.objectives if o.id == "quarantine")
    )


def test_pods(mid: State) -> None:
    """§16: the first death unlocks every pod (3 pods for 3 players)."""
    assert mid.pods == [POD_UNLOCKED] * 3 and mid.pod_seats == [[1], [], []]


def test_knowledge_reaches_only_its_seat(mid: State) -> None:
    s = mid
    views = [s.game.view_for(s, seat) for seat in range(3)]
    assert [v.tile[13] for v in views] == [UNKNOWN, UNKNOWN, tile(s, "monitoring_room")]
    assert [v.token[8] >= 0 for v in views] == [True, False, False]
    assert [v.engine[1] for v in views] == [UNKNOWN, DAMAGED, UNKNOWN]
    assert [v.coordinates for v in views] == [UNKNOWN, 2, UNKNOWN]
    great_hunt = [o.id for o in s.game.tables.data.objectives].index("the_great_hunt")
    assert s.objectives_seen[great_hunt] == 0b001


def test_intruders_bag_and_supply(mid: State) -> None:
    """§1: 8 larva, 3 creeper, 12 adult (4 of number 2, 5 of 3, 3 of 4), 2 breeder, 1 queen
    and 1 blank token; tokens not in the bag nor on the board are in the supply."""
    s, names = mid, ("larva", "creeper", "adult_2", "adult_3", "adult_4")
    adult = s.intruder_room.index(2)
    assert s.intruder_injuries[adult] == 2 and s.intruder_token[adult] == 3  # adult_3
    larva = s.intruder_room.index(8)
    assert s.intruder_token[larva] == -1
    assert sorted(s.bag.counts().items()) == [(0, 3), (1, 1), (2, 2), (7, 1), (8, 1)]
    assert dict(zip(names, s.supply[:5], strict=True)) == {
        "larva": 5, "creeper": 2, "adult_2": 2, "adult_3": 4, "adult_4": 3}  # fmt: skip
    draws = [d for d in s.stack if d.kind == Kind.SUPPLY_TOKEN]
    assert len(draws) == 3  # the 3 Adults whose numbers the document leaves to chance


def test_decks(mid: State) -> None:
    s, t = mid, mid.game.tables
    red = t.deck_contents[0]
    assert len(s.item_decks[0]) == len(red) - 2  # a grenade held, an energy charge discarded
    assert len(s.item_decks[2]) == len(t.deck_contents[2]) - 2  # bandages held, medkit discarded
    assert len(s.event_discard) == 2 and len(s.event_deck) == 20 - 3  # 20 events (§1)
    assert len(s.attack_discard) == 2 and len(s.attack_deck) == 20 - 2  # 20 attack cards
    assert len(s.wound_deck) == 16 - 2 - 1  # 16 serious wounds: 2 on the Scout, 1 discarded
    assert s.crafted_left == [3, 3, 3, 3]


def test_contamination(mid: State) -> None:
    """§8.2: 27 contamination cards, 7 infected; 2 in play (one scanned clean)."""
    s = mid
    assert s.contam_deck_left == 20 and s.contam_unresolved == 21
    assert s.contam_infected_left == 7


# -- small documents, one field each ---------------------------------------------------------------
def test_self_destruct_past_its_first_yellow_space_unlocks_the_pods() -> None:
    """Reference §4.4: the first yellow space after 3 advances unlocks the pods (§16)."""
    assert load(doc(2, self_destruct=2)).pods == [POD_LOCKED] * 2
    s = load(doc(2, self_destruct=3))
    assert s.self_destruct == 3 and s.pods == [POD_UNLOCKED] * 2


def test_pods_given_and_a_character_escaped() -> None:
    s = load(doc(2, pods={"2": "launched"}, characters=[{}, {"status": "escaped", "pod": 2}]))
    assert s.pods == [POD_LOCKED, POD_LAUNCHED] and s.pod_seats == [[], [1]]


def test_nest_destroyed_and_queen_killed() -> None:
    s = load(doc(2, nest_destroyed=True, queen_killed=True))
    assert s.eggs_in_nest == 0 and s.nest_destroyed
    assert free_miniature(s, QUEEN) == -1  # a killed Queen never returns


def test_eggs_default_to_the_nest() -> None:
    """§4.1: 5 eggs on the Nest; one lying elsewhere leaves 4."""
    assert load(doc(2, rooms={"11": {"objects": ["egg", "blue_corpse"]}})).eggs_in_nest == 4


def test_the_blue_corpse_moves_when_the_document_places_it() -> None:
    s = load(doc(2, rooms={"1": {"objects": ["blue_corpse"]}}))
    assert s.objects[0] == [s.game.obj_blue_corpse] and s.objects[10] == []


def test_wounds_the_body_wound_shortens_the_hand() -> None:
    """§8.1: an undressed Body wound draws to 4; dressed, it no longer counts."""
    s = load(doc(2, characters=[{"serious": ["body"]}, {"serious": [
        {"wound": "body", "dressed": True}]}]))  # fmt: skip
    settle_chance(s)
    assert [len(c.hand) for c in s.chars] == [4, 5]


def test_deck_given_in_full_with_contamination_cards() -> None:
    cards = [
        "demolition",
        "interruption",
        "rest",
        "search",
        "search",
        "basic_repairs",
        "order",
        "suppressive_fire",
        "reload",
        "motivation",
    ]  # the Captain's (§14)
    s = load(doc(2, characters=[{"character": "captain", "hand": cards[:2],
                                 "deck": [*cards[2:], "contamination_infected"]}]))  # fmt: skip
    assert len(s.chars[0].deck) == 9 and s.contam_infected_left == 6


def test_contamination_deck_and_unscanned_infected_override_the_defaults() -> None:
    s = load(doc(2, contamination={"deck": 10, "infected_unscanned": 3}))
    assert (s.contam_deck_left, s.contam_unresolved, s.contam_infected_left) == (10, 10, 3)


def test_passed_larva_and_status_hibernating() -> None:
    s = load(doc(2, phase="rounds", bag={"larva": 1}, characters=[
        {"passed": True, "larva": True, "objectives": ["ab_ovo", "hoarder"]},
        {"status": "hibernating", "objectives": ["necroscopy", "quarantine"]}]))  # fmt: skip
    assert s.chars[0].passed and s.chars[0].larva and s.hibernation_started
    # nobody left to play a round: the event phase runs up to its event card (§9)
    assert s.stage > Stage.ROUNDS and top_kind(s) == Kind.EVENT_CARD


def test_a_seat_without_a_row_gets_the_next_free_character() -> None:
    s = load(doc(3, characters=[{"character": "captain"}]))
    assert [c.character for c in s.chars] == [0, 1, 2]  # captain, pilot, mechanic (data order)


def test_an_explored_rooms_token_sets_its_item_counter_unless_items_is_given() -> None:
    """§3.4: the token's item number sets the Item Counter (silence_4 prints 4, data file)."""
    rooms = {"3": {"tile": "storage", "explored": True, "token": "silence_4"}}
    assert load(doc(2, rooms=rooms)).item_counter[2] == 4
    rooms["3"]["items"] = 0
    assert load(doc(2, rooms=rooms)).item_counter[2] == 0
