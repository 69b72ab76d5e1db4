"""The time track, self-destruct, the ship's destruction and the victory check (seed 000, the
authority; nemesis-reference.md §4.3, §4.4, §16, §17)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import ending, hazards
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    DAMAGED,
    DEAD,
    ESCAPED,
    HIBERNATING,
    POD_LOCKED,
    POD_UNLOCKED,
    WORKING,
    State,
)
from tests.nemesis.helpers import clear_board, play_to_round, top_kind


def at_event_phase() -> State:
    s = play_to_round()
    clear_board(s)
    s.stack.clear()
    s.stage = Stage.TIME_TRACK
    return s


def objective(s: State, card_id: str) -> int:
    return [o.id for o in s.game.data.objectives].index(card_id)


def test_the_time_marker_reaching_the_last_space_is_the_jump() -> None:
    """Seed 000: every character not hibernating dies; the victory check follows."""
    s = at_event_phase()
    s.time = 1
    s.chars[1].status, s.chars[1].room = HIBERNATING, -1
    s.game.rules.settle(s)
    assert s.time == 0 and s.end_reason == "hyperspace jump"
    assert [c.status for c in s.chars] == [DEAD, HIBERNATING, DEAD, DEAD]
    assert top_kind(s) == Kind.ENGINE  # the victory check reveals the engines first


def test_self_destruct_unlocks_the_pods_at_yellow_and_destroys_the_ship_at_the_skull() -> None:
    s = at_event_phase()
    s.self_destruct = s.game.params.self_destruct_to_yellow - 1
    assert all(p == POD_LOCKED for p in s.pods)
    s.game.rules.settle(s)
    assert all(p == POD_UNLOCKED for p in s.pods) and not s.ship_destroyed
    s = at_event_phase()
    s.self_destruct = s.game.params.self_destruct_to_skull - 1
    s.chars[2].status, s.chars[2].room = HIBERNATING, -1
    s.game.rules.settle(s)
    assert s.ship_destroyed and all(c.status == DEAD for c in s.chars)  # hibernating too


def test_a_ninth_fire_marker_destroys_the_ship() -> None:
    s = at_event_phase()
    for room in range(8):
        s.fire[room] = True
    hazards.place_fire(s, 12)
    assert s.ship_destroyed and s.terminal is False and s.stage == Stage.VICTORY_CHECK
    assert sum(s.fire) == 8


def survivor_state(destination_ok: bool, engines_damaged: int) -> State:
    """Seat 0 hibernates, everyone else is dead, and the game ends now."""
    s = at_event_phase()
    for seat, c in enumerate(s.chars):
        c.status, c.room = (HIBERNATING, -1) if seat == 0 else (DEAD, -1)
    c = s.chars[0]
    c.objective = objective(s, "salvaging_the_prime_asset")  # Earth, or the only survivor
    s.engine = [DAMAGED] * engines_damaged + [WORKING] * (3 - engines_damaged)
    card = 1  # coordinates_2: A earth, B deep space, C mars, D venus
    s.coordinates, s.destination = card, (0 if destination_ok else 1)
    c.hand = [0, 0, 0, 0, 0]  # no contamination anywhere
    c.discard = []
    c.deck.unseen = [1, 1, 1]
    ending.nobody_left_check(s)
    s.game.rules.settle(s)
    return s


def test_a_lone_hibernating_survivor_reaching_earth_wins() -> None:
    s = survivor_state(destination_ok=True, engines_damaged=1)
    assert s.terminal and s.winners == [True, False, False, False]


def test_two_damaged_engines_blow_the_ship_up_with_the_hibernating() -> None:
    s = survivor_state(destination_ok=True, engines_damaged=2)
    assert s.terminal and s.ship_destroyed and s.chars[0].status == DEAD
    assert s.winners == [False] * 4


def test_a_wrong_destination_kills_the_hibernating() -> None:
    s = survivor_state(destination_ok=False, engines_damaged=0)
    assert s.terminal and s.chars[0].status == DEAD and not s.ship_destroyed


def test_an_infected_survivor_draws_four_cards_and_dies_on_contamination() -> None:
    s = at_event_phase()
    for seat, c in enumerate(s.chars):
        c.status, c.room = (ESCAPED, -1) if seat == 0 else (DEAD, -1)
    c = s.chars[0]
    c.objective = objective(s, "salvaging_the_prime_asset")
    c.hand = [s.game.contam_infected, 0]
    c.discard, c.deck.unseen = [], [0, 0]
    s.engine, s.coordinates, s.destination = [WORKING] * 3, 1, 0
    ending.nobody_left_check(s)
    s.game.rules.settle(s)
    # 4 cards, one of them contamination: all 4 are drawn, so death is certain
    assert s.chance_outcomes() == [(CHANCE.final_draw.id(1), 1.0)]
    s.apply_action(CHANCE.final_draw.id(1))
    assert s.terminal and s.chars[0].status == DEAD and not any(s.winners)


def test_the_final_draw_probability_is_hypergeometric() -> None:
    s = at_event_phase()
    for seat, c in enumerate(s.chars):
        c.status, c.room = (ESCAPED, -1) if seat == 0 else (DEAD, -1)
    c = s.chars[0]
    c.larva = True  # a Larva skips the scan and goes straight to the draw
    c.hand, c.discard = [0] * 5, [s.game.contam_clean]
    c.deck.unseen = [0] * 4  # 10 cards, 1 contamination: P(none in 4) = C(9,4)/C(10,4) = 0.6
    s.engine, s.coordinates, s.destination = [WORKING] * 3, 1, 0
    ending.nobody_left_check(s)
    s.game.rules.settle(s)
    outcomes = dict(s.chance_outcomes())
    assert abs(outcomes[CHANCE.final_draw.id(0)] - 0.6) < 1e-12


def test_nobody_can_win_without_a_chosen_objective() -> None:
    s = survivor_state(destination_ok=True, engines_damaged=0)
    assert s.winners[0]
    s2 = at_event_phase()
    for seat, c in enumerate(s2.chars):
        c.status, c.room = (HIBERNATING, -1) if seat == 0 else (DEAD, -1)
    s2.chars[0].objective = -1
    s2.engine, s2.coordinates, s2.destination = [WORKING] * 3, 1, 0
    s2.chars[0].hand, s2.chars[0].discard, s2.chars[0].deck.unseen = [0], [], []
    ending.nobody_left_check(s2)
    s2.game.rules.settle(s2)
    assert s2.terminal and not any(s2.winners)


def test_the_game_goes_on_while_a_character_acts() -> None:
    s = play_to_round()
    assert not ending.nobody_left_check(s) and s.chars[0].status == ACTIVE


def test_nobody_left_aboard_ends_the_game_with_its_own_reason() -> None:
    """§17 c: when every character is dead, hibernating or gone, the time marker moves to the
    last space; the end reason tells this from a jump at the end of the time track."""
    s = at_event_phase()
    for c in s.chars:
        c.status, c.room = DEAD, -1
    assert ending.nobody_left_check(s)
    assert s.time == 0 and s.end_reason == ending.NOBODY_LEFT != ending.HYPERSPACE_JUMP
