"""Turn flow of Not Alone: victory checks, counters, variants, board side, returns.

Sources: shared/rules/seeds-digest.md seed 003 ("Setup", "A turn has 4 phases", "End of
game", "Expert variant") and shared/rules/not-alone-reference.md A.2-A.5, A.9 and A.11.
States come from the scenario loader, or from new_initial_state() with forced chance outcomes.
"""

from __future__ import annotations

from typing import Any

import pytest

from nemesis_env.core.game import CHANCE, TERMINAL
from nemesis_env.games.not_alone import NotAloneGame
from nemesis_env.games.not_alone.actions import (
    OPT_GIVE_UP,
    OPT_RESIST,
    OPT_SIDE_1,
    OPT_SIDE_2,
    OPT_USE_POWER,
    PASS,
    SURVIVAL_CARD,
    place_id,
)
from nemesis_env.games.not_alone.defs import load_data
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.scenario import load

from .driver import expect, mask, play, top

# -- helpers (local to this file; tests/not_alone/conftest.py belongs to another author) ------
DATA = load_data()
LAIR, JUNGLE, RIVER, BEACH, ROVER, SWAMP, SHELTER, WRECK, SOURCE, ARTEFACT = range(1, 11)
CREATURE_WINS, HUNTED_WIN = 1, 2


def P(place: int) -> int:
    return place_id(place)


def build(players: int = 3, side: int = 1, **doc: Any) -> Any:
    params = {"players": players, "board_side": side, **doc.pop("params", {})}
    doc.setdefault("creature", {"limit": 0})
    return load({"game": "not_alone", "params": params, **doc})


def assert_won(s: Any, winner: int) -> None:
    assert s.is_terminal()
    assert s.current_player() == TERMINAL
    assert s.winner == winner
    assert s.legal_actions() == []
    creature = 1.0 if winner == CREATURE_WINS else -1.0
    assert s.returns() == (creature,) + (-creature,) * s.num_hunted


# -- victory after every counter move (reference A.5) -------------------------------------------
def test_wreck_reaching_the_star_wins_before_the_creature_token_resolves() -> None:
    """Reference A.5: the first counter to reach the star ends the game at once, and the Wreck
    on a token-free place resolves before Creature-token catches (A.5 step 2). Rescue 1 -> 0:
    the Hunted win although Hunted 1's catch would have moved Assimilation 1 -> 0."""
    s = build(
        phase="reckoning",
        rescue=1,
        assimilation=1,
        tokens={"creature": "jungle"},
        hunted=[
            {"hand": [1, 2, 3, 4, 5], "played": ["wreck"]},
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
        ],
    )
    assert OPT_USE_POWER in expect(s, K.D_RESOLVE, 1)
    play(s, OPT_USE_POWER)
    assert_won(s, HUNTED_WIN)
    assert (s.rescue, s.assimilation) == (0, 1)
    assert s.will == [3, 3]  # the Creature token never resolved


def test_beach_reaching_the_star_wins_at_once() -> None:
    """Reference A.6 Beach (remove the beacon: Rescue +1) and A.5: Rescue 1 -> 0 ends the game
    before the Creature token on the Lair resolves."""
    s = build(
        phase="reckoning",
        rescue=1,
        assimilation=1,
        beacon=True,
        tokens={"creature": "lair"},
        hunted=[
            {"hand": [1, 2, 3, 5], "played": ["beach"]},
            {"hand": [2, 3, 4, 5], "played": ["lair"]},
        ],
    )
    play(s, OPT_USE_POWER)
    assert_won(s, HUNTED_WIN)
    assert s.beacon is False
    assert (s.rescue, s.assimilation) == (0, 1)


def test_give_up_reaching_the_star_ends_the_game_at_once() -> None:
    """Seed 003 Give up (Assimilation +1 per Hunted giving up) and reference A.4/A.5: the
    Assimilation counter advances immediately; at the star the Creature wins before the other
    Hunted explore."""
    s = build(
        phase="exploration",
        assimilation=1,
        hunted=[{"will": 2, "hand": [1, 2, 3, 4, 5]}, {"hand": [1, 2, 3, 4, 5]}],
    )
    assert OPT_GIVE_UP in expect(s, K.D_EXPLORE, 1)
    play(s, OPT_GIVE_UP)
    assert_won(s, CREATURE_WINS)
    assert s.assimilation == 0
    assert s.played == [[], []]


def test_forced_give_up_after_resisting_can_end_the_game() -> None:
    """Seed 003 phase 1: Resisting away the last Will forces a Give up, whose Assimilation move
    can end the game (reference A.5)."""
    s = build(
        phase="exploration",
        assimilation=1,
        hunted=[{"will": 1, "hand": [1, 2], "discard": [3, 4, 5]}, {"hand": [1, 2, 3, 4, 5]}],
    )
    play(s, OPT_RESIST)
    assert_won(s, CREATURE_WINS)


def test_catch_reaching_the_star_ends_the_game() -> None:
    """Seed 003 Reckoning (a catch moves Assimilation 1 at once) and reference A.5."""
    s = build(
        phase="reckoning",
        assimilation=1,
        tokens={"creature": "jungle"},
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
        ],
    )
    assert_won(s, CREATURE_WINS)
    assert s.will == [2, 2]


def test_end_of_turn_rescue_reaching_the_star_wins() -> None:
    """Seed 003 End of turn (Rescue +1) and End of game: Rescue 1 -> 0, the Hunted win; no hunt
    card is drawn afterwards."""
    s = build(
        phase="end_of_turn",
        rescue=1,
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [2, 3, 4, 5], "played": ["lair"]},
        ],
    )
    assert_won(s, HUNTED_WIN)
    assert s.rescue == 0
    assert s.hunt_hand == 0


# -- a whole turn from the initial state ------------------------------------------------------
def test_one_turn_from_the_initial_state_moves_rescue_once() -> None:
    """Seed 003 Setup (3 hunt cards, 1 survival card each) and End of turn (discard the played
    card face up, Rescue +1); reference A.3 start distances 11 + N and 5 + N (N = 3)."""
    game = NotAloneGame(players=3, board_side=1)
    s = game.new_initial_state()
    hunt = ["fierceness", "interference", "stasis"]
    for card in hunt:
        expect(s, K.D_DRAW_HUNT, CHANCE)
        play(s, DATA.hunt_index(card))
    for card in ("adrenaline", "ingenuity"):
        expect(s, K.D_DRAW_SURVIVAL, CHANCE)
        play(s, SURVIVAL_CARD.id(DATA.survival_index(card)))
    assert s.turn == 1
    assert (s.rescue, s.assimilation) == (14, 8)
    assert s.hunt_hand == sum(1 << DATA.hunt_index(c) for c in hunt)
    expect(s, K.D_CREATURE_WINDOW, 0)
    play(s, PASS)
    for h in range(2):
        expect(s, K.D_EXPLORE, h + 1)
        play(s, P(JUNGLE + h))  # Hunted 0 the Jungle, Hunted 1 the River
    expect(s, K.D_CREATURE_WINDOW, 0)  # phase 2
    play(s, PASS)
    play(s, P(ARTEFACT))  # the Creature token on an empty place
    while s.turn == 1:
        d = top(s)
        assert d.kind in (K.D_HUNTED_WINDOW, K.D_CREATURE_WINDOW, K.D_RESOLVE)
        play(s, PASS)
    assert (s.rescue, s.assimilation) == (13, 8)
    assert s.discard == [[JUNGLE], [RIVER]]
    assert s.will == [3, 3]


# -- counters -----------------------------------------------------------------------------
@pytest.mark.parametrize("players", range(2, 8))
def test_start_counters(players: int) -> None:
    """Reference A.3: Rescue starts 11 + N and Assimilation 5 + N from the star (seed 003:
    "start on the spaces for the number of players"); A.2 step 5 reserve copies 1/2/2/3/3/3."""
    s = NotAloneGame(players=players, board_side=1).new_initial_state()
    assert s.rescue == 11 + players
    assert s.assimilation == 5 + players
    assert s.reserve == [{2: 1, 3: 2, 4: 2}.get(players, 3)] * 5
    assert s.will == [3] * (players - 1)


def test_rescue_moves_one_space_at_the_end_of_turn() -> None:
    """Seed 003 End of turn: "Move the Rescue counter forward 1 space; go back to phase 1"."""
    s = build(
        phase="end_of_turn",
        rescue=10,
        assimilation=6,
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [2, 3, 4, 5], "played": ["lair"]},
        ],
    )
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert (s.rescue, s.assimilation) == (9, 6)
    assert s.stage == K.S_TURN_START  # the refill draws open the next turn
    assert s.discard == [[JUNGLE], [LAIR]]


# -- Expert variant, zero-Will assimilation --------------------------------------------------
def caught_on_the_jungle(params: dict[str, Any], wills: list[int]) -> Any:
    """Both Hunted caught on the Jungle in one Reckoning, with the given Will beforehand."""
    return build(
        phase="reckoning",
        assimilation=8,
        params=params,
        tokens={"creature": "jungle"},
        hunted=[
            {"will": wills[0], "hand": [1, 3], "discard": [4, 5], "played": ["jungle"]},
            {"will": wills[1], "hand": [1, 3, 4], "discard": [5], "played": ["jungle"]},
        ],
    )


@pytest.mark.parametrize(("expert", "fresh_will"), [(False, 3), (True, 2)])
def test_losing_the_last_will_in_the_reckoning(expert: bool, fresh_will: int) -> None:
    """Seed 003 Reckoning: a Hunted losing their third Will takes all place cards back and 3
    fresh Will; Expert variant (seed 003, reference A.9): only 2 Will."""
    s = caught_on_the_jungle({"expert": expert}, [1, 3])
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.will == [fresh_will, 2]
    assert s.discard[0] == []  # all place cards taken back, the played Jungle included
    assert s.hand[0] == mask(LAIR, JUNGLE, RIVER, BEACH, ROVER)
    assert s.assimilation == 6  # catch + lost last Will


@pytest.mark.parametrize("expert", [False, True])
def test_give_up_restores_three_will_even_in_expert(expert: bool) -> None:
    """Reference A.9: in the Expert variant a voluntary Give Up still restores 3 Will (BGA);
    seed 003 Give up: all Will and place cards back, Assimilation +1."""
    s = build(
        phase="exploration",
        assimilation=8,
        params={"expert": expert},
        hunted=[{"will": 1, "hand": [1, 2], "discard": [3, 4, 5]}, {"hand": [1, 2, 3, 4, 5]}],
    )
    play(s, OPT_GIVE_UP)
    assert s.will == [3, 3]
    assert s.hand[0] == mask(1, 2, 3, 4, 5) and s.discard[0] == []
    assert s.assimilation == 7


@pytest.mark.parametrize(("mode", "assimilation_after"), [("once", 6), ("per_hunted", 5)])
def test_zero_will_assimilation_modes(mode: str, assimilation_after: int) -> None:
    """Seed 003 Reckoning: "If one or more Hunted lose their third will in this phase, the
    Assimilation counter moves forward 1 more space (once)" -- zero_will_assimilation="once";
    "per_hunted" is the flagged alternative reading (reference A.11). Two Hunted hit 0 Will:
    8 - 1 (catch) - 1 = 6, or 8 - 1 - 2 = 5."""
    s = caught_on_the_jungle({"zero_will_assimilation": mode}, [1, 1])
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.will == [3, 3]
    assert s.assimilation == assimilation_after


# -- board side --------------------------------------------------------------------------------
def deal(s: Any) -> None:
    """Forces the setup draws (first outcome each time) until a player decision opens."""
    while s.current_player() == CHANCE:
        play(s, s.chance_outcomes()[0][0])


@pytest.mark.parametrize(("option", "side"), [(OPT_SIDE_1, 1), (OPT_SIDE_2, 2)])
def test_creature_chooses_the_board_side_before_any_card_is_dealt(option: int, side: int) -> None:
    """Seed 003 Setup (the board and its side come first, the hunt deck is shuffled and the
    Creature draws 3 cards after); reference A.2 steps 3 and 6-7; rules-decisions 38. With
    board_side=0 the very first decision is the side, taken knowing no card."""
    s = NotAloneGame(players=4, board_side=0).new_initial_state()
    assert expect(s, K.D_SIDE, 0) == [OPT_SIDE_1, OPT_SIDE_2]
    assert s.hunt_hand == 0 and s.survival == [0, 0, 0]
    assert s.side == 0
    play(s, option)
    assert s.side == side
    assert s.current_player() == CHANCE  # the draws come after the side
    assert top(s).kind == K.D_DRAW_HUNT
    deal(s)
    assert s.hunt_hand.bit_count() == 3
    assert all(m.bit_count() == 1 for m in s.survival)
    assert s.turn == 1
    assert top(s).kind != K.D_SIDE


def test_fixed_board_side_skips_the_choice() -> None:
    """NotAloneParams.board_side 1 or 2 fixes the side: no side decision (engine brief)."""
    s = NotAloneGame(players=4, board_side=2).new_initial_state()
    deal(s)
    assert s.side == 2
    assert s.turn == 1
    expect(s, K.D_CREATURE_WINDOW, 0)  # turn 1, phase 1: no side decision came first


# -- returns --------------------------------------------------------------------------------
def test_returns_are_zero_before_the_end() -> None:
    """Kernel contract (shared/DESIGN.md §2): returns() is 0 for everyone until terminal."""
    s = NotAloneGame(players=5, board_side=1).new_initial_state()
    assert s.returns() == (0.0,) * 5


@pytest.mark.parametrize("players", [2, 7])
def test_returns_plus_one_minus_one(players: int) -> None:
    """Seed 003 End of game: one side wins; returns() gives +1 to the winners, -1 to the
    losers (the Creature against every Hunted)."""
    hunted = [{"hand": [1, 2, 3, 5], "played": ["beach"]}] + [
        {"hand": [1, 2, 3, 4], "played": ["rover"]} for _ in range(players - 2)
    ]
    s = build(
        players=players,
        phase="reckoning",
        rescue=1,
        beacon=True,
        tokens={"creature": "lair"},
        hunted=hunted,
    )
    play(s, OPT_USE_POWER)
    assert s.returns() == (-1.0,) + (1.0,) * (players - 1)
    s = build(
        players=players,
        phase="exploration",
        assimilation=1,
        hunted=[{"will": 2, "hand": [1, 2, 3, 4, 5]}] * (players - 1),
    )
    play(s, OPT_GIVE_UP)
    assert s.returns() == (1.0,) + (-1.0,) * (players - 1)


def test_each_give_up_moves_assimilation() -> None:
    """Seed 003 Give up: "the Assimilation counter moves forward one space for each Hunted
    giving up in this phase" (reference A.4)."""
    s = build(
        phase="exploration",
        assimilation=8,
        hunted=[
            {"will": 2, "hand": [1, 2, 3, 4, 5]},
            {"hand": [1, 2, 3], "discard": [4, 5]},
        ],
    )
    play(s, OPT_GIVE_UP, P(LAIR))
    assert s.assimilation == 7
    play(s, OPT_GIVE_UP, P(LAIR))
    assert s.assimilation == 6
    assert s.will == [3, 3]
    assert s.gave_up == [True, True]


def test_lair_copying_the_wreck_can_win_before_catches() -> None:
    """Seed 003 reckoning example (the Lair copies the Wreck: Rescue +1) with Rescue 1: the
    Hunted win at once (reference A.5), before Hunted 1 on the Wreck is caught."""
    s = build(
        phase="reckoning",
        rescue=1,
        assimilation=1,
        tokens={"creature": "wreck"},
        hunted=[
            {"hand": [2, 3, 4, 5], "played": ["lair"]},
            {"hand": [1, 2, 3, 4, 5], "played": ["wreck"]},
        ],
    )
    play(s, OPT_USE_POWER)
    assert expect(s, K.D_LAIR, 1) == [P(WRECK)]
    play(s, P(WRECK))
    assert_won(s, HUNTED_WIN)
    assert s.will == [3, 3] and s.assimilation == 1
