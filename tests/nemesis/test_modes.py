"""The solo and co-op modes (seeds-digest.md seed 000 "Modes", the authority;
nemesis-reference.md §18.1 Solo, §18.2 Full co-op, §15 Solo/Co-op objectives)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from nemesis_env.core.errors import ParamError
from nemesis_env.core.game import UtilityKind
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules import ending, exploration, modes, objectives
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import ACTIVE, DEAD, HIBERNATING, WORKING, State
from nemesis_env.games.nemesis.view import view_for
from tests.nemesis.helpers import clear_board, step_randomly, top_kind

GAMES: dict[tuple[str, int], NemesisGame] = {}


def game(mode: str, players: int) -> NemesisGame:
    if (mode, players) not in GAMES:
        GAMES[mode, players] = NemesisGame(mode=mode, players=players)
    return GAMES[mode, players]


def to_round(mode: str, players: int, seed: int = 0) -> State:
    s = game(mode, players).new_initial_state()
    rng = np.random.default_rng(seed)
    while not (s.stack and s.stack[-1].kind == Kind.ROUND):
        step_randomly(s, rng)
    return s


def card(s: State, card_id: str) -> int:
    return [o.id for o in s.game.data.objectives].index(card_id)


def kind_of(s: State, o: int) -> str:
    return str(s.game.objective_cards[o].kind)


# -- params and seats -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"mode": "solo", "players": 2}, "mode 'solo' is played by players=1"),
        ({"mode": "solo"}, "mode 'solo' is played by players=1"),  # default players is 4
        ({"mode": "coop", "players": 1}, r"players must be an integer in 2\.\.5 in mode 'coop'"),
        ({"mode": "standard", "players": 1}, r"2\.\.5 in mode 'standard'"),
        ({"mode": "coop", "players": 6}, r"2\.\.5"),
        ({"mode": "intruders"}, "mode must be one of"),
    ],
)
def test_impossible_mode_and_player_combinations_are_refused(
    params: dict[str, Any], match: str
) -> None:
    """Seed 000: solo is one player and one character; the crew game is 2-5 (§1)."""
    with pytest.raises(ParamError, match=match):
        NemesisGame(**params)


def test_co_op_seats_are_one_team_sharing_one_return() -> None:
    """§18.2: all objectives must be met and one survivor suffices: the crew wins together."""
    info = game("coop", 3).info
    assert info.seat_teams == (0, 0, 0) and info.team_names == ("crew",)
    assert info.utility is UtilityKind.TEAM
    solo = game("solo", 1).info
    assert solo.num_players == 1 and solo.utility is UtilityKind.GENERAL_SUM
    standard = game("standard", 3).info
    assert standard.seat_teams == (0, 1, 2) and standard.utility is UtilityKind.GENERAL_SUM


# -- setup ----------------------------------------------------------------------------------


def test_solo_deals_two_solo_coop_objectives_chosen_at_the_first_encounter() -> None:
    """Seed 000 solo: draw 2 Solo/Co-op objective cards and choose one at the first encounter."""
    s = to_round("solo", 1)
    dealt = s.chars[0].objectives
    assert len(dealt) == 2 and len(set(dealt)) == 2
    assert {kind_of(s, o) for o in dealt} == {"solo_coop"}
    assert s.chars[0].objective == -1  # not chosen before the first encounter
    objectives.first_encounter(s)
    assert top_kind(s) == Kind.CHOOSE_OBJECTIVE
    assert sorted(s.game.actions.objective.arg(a) for a in s.legal_actions()) == sorted(dealt)


def test_co_op_deals_one_public_solo_coop_objective_per_player() -> None:
    """Seed 000 full co-op: one Solo/Co-op objective per player; §18.2: public."""
    s = to_round("coop", 4)
    dealt = [c.objectives for c in s.chars]
    assert all(len(d) == 1 for d in dealt)
    cards = [d[0] for d in dealt]
    assert len(set(cards)) == 4 and {kind_of(s, o) for o in cards} == {"solo_coop"}
    assert [c.objective for c in s.chars] == cards  # nothing to choose: in force at once
    for seat in (-1, 0, 3):
        assert view_for(s, seat).crew_objectives == tuple(cards)
    # the other seats' cards reach the observation too (the own-objectives block)
    g = s.game
    out = np.zeros(g.observation_size(), dtype=np.float32)
    g.observe(s, 1, out)
    block = out[g.observation_layout().slice("own_objectives")]
    assert sorted(np.flatnonzero(block)) == sorted(cards)


def test_standard_objectives_stay_private() -> None:
    """§4.2: objectives are dealt secretly; the crew list is a co-op matter only."""
    s = to_round("standard", 3)
    assert view_for(s, 0).crew_objectives == ()
    assert {kind_of(s, o) for o in s.chars[0].objectives} == {"corporate", "personal"}


@pytest.mark.parametrize(("printed", "solo_counter"), [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_solo_item_counters_are_halved_rounding_up(printed: int, solo_counter: int) -> None:
    """Seed 000 solo: a token showing 1-2 sets the item counter to 1, 3-4 sets it to 2."""
    for mode, players, expected in (("solo", 1, solo_counter), ("standard", 2, printed)):
        s = to_round(mode, players)
        token = next(i for i, n in enumerate(s.game.token_items) if n == printed)
        room = next(r for r, t in enumerate(s.tile) if t < 0)
        s.token[room] = token
        exploration._token_face_up(s, room)
        assert s.item_counter[room] == expected, mode


# -- the end of the game --------------------------------------------------------------------


def end_with(s: State, statuses: list[int]) -> State:
    """Ends the game now with the given statuses; engines working, the ship heading to Earth
    (coordinates_2, marker on A), no contamination anywhere."""
    for c, status in zip(s.chars, statuses, strict=True):
        c.status, c.room = status, -1
        c.hand, c.discard = [0], []
        c.deck.unseen = [1]
    s.stack.clear()
    s.engine, s.coordinates, s.destination = [WORKING] * 3, 1, 0
    ending.nobody_left_check(s)
    s.game.rules.settle(s)
    assert s.terminal
    return s


def with_objectives(s: State, *card_ids: str) -> State:
    for c, card_id in zip(s.chars, card_ids, strict=True):
        c.objectives = [card(s, card_id)]
        c.objective = card(s, card_id)
    return s


def test_solo_wins_by_completing_the_objective_and_surviving() -> None:
    """Seed 000 solo: win by completing the objective and surviving."""
    s = to_round("solo", 1)
    s.chars[0].objective = card(s, "destination_earth")
    assert end_with(s, [HIBERNATING]).returns() == (1.0,)
    s = to_round("solo", 1)
    s.chars[0].objective = card(s, "first_contact_protocol")  # no weakness discovered
    assert end_with(s, [HIBERNATING]).returns() == (0.0,)
    s = to_round("solo", 1)
    s.chars[0].objective = card(s, "destination_earth")
    s.chars[0].status = ACTIVE
    s.time = 1  # the jump kills whoever is not hibernating
    s.stack.clear()
    s.stage = Stage.TIME_TRACK
    clear_board(s)
    s.game.rules.settle(s)
    while not s.terminal:
        step_randomly(s, np.random.default_rng(0))
    assert s.returns() == (0.0,)


def test_co_op_crew_wins_together_when_every_objective_holds_and_one_survives() -> None:
    """Seed 000 full co-op: all objectives must be completed and at least one character must
    survive; the dead share the crew's win (one team, §18.2)."""
    s = with_objectives(to_round("coop", 3), "destination_earth", "special_delivery",
                        "first_contact_protocol")  # fmt: skip
    s.weakness[0], s.weakness[1] = 0, 1  # two weaknesses discovered
    s.chars[2].heavy, s.chars[2].heavy_ammo = [s.game.obj_egg], [0]  # a survivor has an Egg
    s = end_with(s, [DEAD, DEAD, HIBERNATING])
    assert s.returns() == (1.0, 1.0, 1.0)


def test_co_op_crew_loses_together_when_one_objective_fails() -> None:
    s = with_objectives(to_round("coop", 3), "destination_earth", "special_delivery",
                        "first_contact_protocol")  # fmt: skip
    s.weakness[0], s.weakness[1] = 0, 1
    s = end_with(s, [HIBERNATING, DEAD, HIBERNATING])  # nobody carries an Egg
    assert s.returns() == (0.0, 0.0, 0.0)


def test_co_op_needs_a_survivor() -> None:
    s = with_objectives(to_round("coop", 2), "first_contact_protocol", "first_contact_protocol")
    s.weakness[0], s.weakness[1] = 0, 1
    assert end_with(s, [DEAD, DEAD]).returns() == (0.0, 0.0)


@pytest.mark.parametrize(("senders", "won"), [(1, False), (2, True)])
def test_co_op_counts_the_signal_once_per_card(senders: int, won: bool) -> None:
    """§18.2: if several cards need the Signal, that many characters must send it."""
    s = with_objectives(to_round("coop", 2), "no_man_left_behind", "clean_up_crew")
    s.explored = [True] * len(s.explored)
    s.nest_destroyed = True
    for seat in range(senders):
        s.chars[seat].signal = True
    assert end_with(s, [HIBERNATING, HIBERNATING]).returns() == (float(won),) * 2


def test_card_progress_counts_every_character_as_a_survivor() -> None:
    """`modes.card_holds` (the co-op progress figure of agents.games.nemesis.stats): a card's
    conditions (objectives.yaml) with every character counted as a survivor, its Signal by any
    character. Special Delivery's Egg is carried by a dead character: the card does not win
    (nobody carries it out), but it counts as held; Clean-Up Crew's nest is destroyed but no
    Signal was sent: not held until someone sends one."""
    s = with_objectives(to_round("coop", 2), "special_delivery", "clean_up_crew")
    s.chars[0].heavy, s.chars[0].heavy_ammo = [s.game.obj_egg], [0]
    s.nest_destroyed = True
    delivery, clean_up = (card(s, n) for n in ("special_delivery", "clean_up_crew"))
    assert modes.card_holds(s, delivery) and not modes.card_holds(s, clean_up)
    s.chars[1].signal = True
    assert modes.card_holds(s, clean_up)
    s.chars[0].heavy, s.chars[0].heavy_ammo = [], []
    assert not modes.card_holds(s, delivery)


# -- death and the AutoDoc ------------------------------------------------------------------


def dying_with_items(mode: str) -> State:
    s = to_round(mode, 2)
    c = s.chars[0]
    c.inventory = [s.game.tables.thing_index["green.medkit"]]
    c.heavy, c.heavy_ammo = [c.heavy[0], s.game.obj_egg], [c.heavy_ammo[0], 0]
    c.carried_eggs = 1
    s.game.hooks.kill(s, 0, "test")
    return s


def test_in_co_op_the_dead_keep_their_items_and_drop_heavy_objects() -> None:
    """§18.2 (FAQ): in co-op a dead character keeps items; only heavy objects drop. In the
    standard game the dead's items leave the game (§19)."""
    s = dying_with_items("coop")
    c = s.chars[0]
    weapon = s.game.starting_weapon(c.character)
    assert c.inventory == [s.game.tables.thing_index["green.medkit"]] and c.heavy == [weapon]
    assert s.objects[10].count(s.game.obj_egg) == 1  # dropped where it died (Hibernatorium)
    s = dying_with_items("standard")
    assert s.chars[0].inventory == [] and s.chars[0].heavy == []


def autodoc_state(mode: str = "coop") -> tuple[State, int]:
    """Seat 1 dead with a dressed and an open serious wound and a light wound; its corpse lies
    in the Emergency Room; the turn is about to start."""
    s = to_round(mode, 2)
    clear_board(s)
    room = next(r for r, t in enumerate(s.tile) if t < 0)
    s.tile[room] = s.game.tables.tiles.index("emergency_room")
    s.explored[room] = True
    s.objects[room].append(s.game.obj_corpse)
    s.game.hooks.kill(s, 1, "test")
    s.objects[10].remove(s.game.obj_corpse)  # carried from the Hibernatorium to the ER
    s.chars[1].light_wounds, s.chars[1].serious = 1, [3, ~5]
    s.stack.clear()
    s.stage = Stage.DRAW
    return s, room


def test_the_autodoc_revives_a_dead_character_at_the_start_of_the_round() -> None:
    """Seed 000 full co-op: a dead character's corpse carried into a working Emergency Room:
    that player puts their miniature there at the start of the round, clears all light wounds
    and all serious wounds become dressed."""
    s, room = autodoc_state()
    s.game.rules.settle(s)
    c = s.chars[1]
    assert c.status == ACTIVE and c.room == room
    assert c.light_wounds == 0 and c.serious == [~3, ~5]
    assert s.game.obj_corpse not in s.objects[room]
    assert not c.passed  # it plays this turn


def test_the_autodoc_does_not_work_with_an_intruder_or_a_malfunction() -> None:
    """Seed 000: it does not work while the room holds an Intruder or a malfunction marker."""
    s, room = autodoc_state()
    s.malfunction[room] = True
    s.game.rules.settle(s)
    assert s.chars[1].status == DEAD
    s, room = autodoc_state()
    s.intruder_room[0] = room
    s.game.rules.settle(s)
    assert s.chars[1].status == DEAD


def test_there_is_no_autodoc_outside_co_op() -> None:
    """Seed 000: the AutoDoc is a full co-op rule."""
    s, _ = autodoc_state("standard")
    s.game.rules.settle(s)
    assert s.chars[1].status == DEAD
