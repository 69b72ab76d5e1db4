"""Rule tests for the hunt-card limit, the Target and Artemia tokens and the hunt deck.

Sources: seed 003 ("Hunt cards", "End of turn") and not-alone-reference.md A.3 (tokens and
Artemia squares), A.4, A.7 and A.10. Split from test_hunt_cards.py (the cards themselves).
"""

from __future__ import annotations

import pytest

from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    OPT_DISCARD_TWO,
    OPT_LOSE_WILL,
    PASS,
    SURVIVAL,
)
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.scenario import load

from .driver import expect, mask, play, top
from .hunt_helpers import (
    BEACH,
    HC,
    HI,
    JUNGLE,
    LAIR,
    RIVER,
    ROVER,
    SC,
    SOURCE,
    P,
    build,
    hunting,
    pass_through,
)


# -- the one-card limit, the tokens ------------------------------------------------------------
def test_one_hunt_card_per_turn() -> None:
    """Seed 003 "Hunt cards": unless stated otherwise the Creature plays only one hunt card per
    turn (reference A.4). After a phase-2 card no window opens in phases 2-4."""
    s = hunting(
        ["fierceness", "cataclysm", "stasis"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}, {"hand": [1, 2, 4, 5], "played": ["river"]}],
        rescue=10,
    )
    play(s, HC("fierceness"))
    expect(s, K.D_CREATURE_TOKEN, 0)
    play(s, P(SOURCE))
    passed = pass_through(s)
    assert passed == [K.D_RESOLVE, K.D_RESOLVE]  # no Creature window in phases 3 and 4
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.rescue == 9  # Stasis could not be played
    assert s.hunt_hand == (1 << HI("cataclysm")) | (1 << HI("stasis"))


def test_no_target_token_without_a_target_card() -> None:
    """Reference A.4 phase 2: the Target token is placed only if a Target-symbol card was
    played (Fierceness has none)."""
    s = hunting(["fierceness"], [{"hand": [1, 3, 4, 5], "played": ["jungle"]}], rescue=12)
    play(s, HC("fierceness"), P(SOURCE))
    assert s.target == 0
    assert top(s).kind not in (K.D_TARGET_PLACE, K.D_TARGET_PAIR, K.D_ARTEMIA_TOKEN)


ARTEMIA_SQUARES = {1: {1, 2, 3, 4, 5, 6}, 2: {1, 3, 5, 7, 9, 11}}


@pytest.mark.parametrize("side", [1, 2])
@pytest.mark.parametrize("rescue", range(1, 16))
def test_artemia_token_from_the_rescue_square(side: int, rescue: int) -> None:
    """Reference A.3: the Artemia token is available when the Rescue counter stands on an
    Artemia square: side 1 distances 1-6, side 2 distances 1, 3, 5, 7, 9, 11."""
    s = build(
        players=4,
        side=side,
        phase="hunt_tokens",
        rescue=rescue,
        creature={"limit": 0},
        hunted=[{"hand": [1, 3, 4, 5], "played": ["jungle"]}] * 3,
    )
    play(s, P(SOURCE))
    assert (top(s).kind == K.D_ARTEMIA_TOKEN) == (rescue in ARTEMIA_SQUARES[side])


@pytest.mark.parametrize(
    ("card", "available"),
    [("mutation", True), ("virus", True), ("fierceness", False), ("interference", False)],
)
def test_artemia_token_from_an_artemia_symbol_card(card: str, available: bool) -> None:
    """Reference A.3/A.7: a Hunt card with the Artemia symbol (Despair, Mutation, Phobia, Virus)
    makes the Artemia token available off an Artemia square (Rescue 14, side 1)."""
    s = hunting([card], [{"hand": [1, 3, 4, 5], "played": ["jungle"]}], rescue=12)
    play(s, HC(card), P(SOURCE))
    assert (top(s).kind == K.D_ARTEMIA_TOKEN) == available


# -- the hunt deck ----------------------------------------------------------------------------
def test_hunt_deck_reshuffles_the_discard_when_empty() -> None:
    """Reference A.2 step 7: when the Hunt deck runs out, its discard pile (with this turn's
    played cards, discarded first: A.4 phase 4 step 3) becomes the new deck."""
    s = build(
        phase="end_of_turn",
        creature={"hand": ["stasis"], "discard": ["fierceness", "mutation"], "played": ["scream"]},
        hunt_deck=[],
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 2, 4, 5], "played": ["river"]},
        ],
    )
    play(s, PASS)
    expect(s, K.D_DRAW_HUNT, CHANCE)
    pool = sorted(HI(c) for c in ("fierceness", "mutation", "scream"))
    assert [o for o, _ in s.chance_outcomes()] == pool
    assert s.hunt_discard == []
    play(s, HI("mutation"))
    assert [o for o, _ in s.chance_outcomes()] == [HI("fierceness"), HI("scream")]
    play(s, HI("scream"))
    assert s.hunt_hand == sum(1 << HI(c) for c in ("stasis", "mutation", "scream"))


def test_clones_share_a_deck_until_one_of_them_draws() -> None:
    """State.clone copies no deck (core.zones.Deck, shared); a reshuffle or a draw gives the
    changing state its own deck first (State.edit_hunt_deck), so a clone's deck stays put."""
    s = build(
        phase="end_of_turn",
        creature={"hand": ["stasis"], "discard": ["fierceness", "mutation"], "played": ["scream"]},
        hunt_deck=[],
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 2, 4, 5], "played": ["river"]},
        ],
    )
    before = s.clone()
    assert before.hunt_deck is s.hunt_deck and before.surv_deck is s.surv_deck
    play(s, PASS)  # the reshuffle
    reshuffled = s.clone()
    play(s, HI("mutation"))
    assert len(before.hunt_deck) == 0 and before.hunt_discard  # not reshuffled into
    cards = sorted(HI(c) for c in ("fierceness", "mutation", "scream"))
    assert reshuffled.hunt_deck.unseen == cards
    assert s.hunt_deck.unseen == [c for c in cards if c != HI("mutation")]


@pytest.mark.parametrize("held", [0, 1, 2, 3])
def test_creature_refills_to_three_hunt_cards(held: int) -> None:
    """Seed 003 "End of turn": the Creature refills to 3 hunt cards (reference A.4 phase 4)."""
    hand = ["cataclysm", "detour", "flashback"][:held]
    s = build(
        phase="end_of_turn",
        creature={"hand": hand, "limit": 0},
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 2, 4, 5], "played": ["river"]},
        ],
    )
    draws = 0
    while top(s).kind == K.D_DRAW_HUNT:
        play(s, s.chance_outcomes()[0][0])
        draws += 1
    assert draws == 3 - held
    assert s.hunt_hand.bit_count() == 3
    assert s.turn == 2


# -- tokens sharing a place, two Target cards ------------------------------------------------------
def test_artemia_and_creature_tokens_on_one_place_stack() -> None:
    """Reference A.4 phase 2 (seed 003 "Tokens may share a place to combine effects"): a Hunted
    on a place with both the Artemia and the Creature token discards 1 place card (A.4 step 4)
    and loses 1 Will (step 5), and cannot use the place."""
    s = hunting(
        [],
        [{"hand": [1, 3, 4, 5], "discard": [], "played": ["jungle"]}],
        rescue=5,
        assimilation=7,
        creature={"limit": 0},
    )
    play(s, P(JUNGLE))
    expect(s, K.D_ARTEMIA_TOKEN, 0)  # Rescue 5 is an Artemia square on side 1
    play(s, P(JUNGLE))
    assert expect(s, K.D_DISCARD_PLACE, 1) == [P(1), P(3), P(4), P(5)]
    play(s, P(RIVER))
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.will == [2]
    assert s.assimilation == 6
    assert s.discard[0] == [RIVER, JUNGLE]
    assert s.hand[0] == mask(LAIR, BEACH, ROVER)


def test_artemia_card_on_an_artemia_square_gives_one_token() -> None:
    """Reference A.3: with both an Artemia-symbol card and an Artemia square there is still only
    one Artemia token, placed once."""
    s = hunting(["mutation"], [{"hand": [1, 3, 4, 5], "played": ["jungle"]}], rescue=5)
    play(s, HC("mutation"), P(SOURCE))
    expect(s, K.D_ARTEMIA_TOKEN, 0)
    play(s, P(LAIR))
    assert s.artemia == mask(LAIR)
    assert top(s).kind != K.D_ARTEMIA_TOKEN


def test_two_target_cards_apply_on_the_same_place() -> None:
    """Seed 003 "Hunt cards": with two Target cards in one turn both apply on the same place
    (here Scream and Toxin after Tracking allowed two cards: reference A.7). The second card
    asks for no new place; a Hunted there suffers both and the place is ineffective."""
    s = hunting(
        ["scream", "toxin"],
        [{"hand": [1, 3, 4, 5], "discard": [], "played": ["jungle"], "survival": ["adrenaline"]}],
        creature={"limit": 2},
    )
    play(s, HC("scream"))
    expect(s, K.D_TARGET_PLACE, 0)
    play(s, P(JUNGLE))
    assert HC("toxin") in expect(s, K.D_CREATURE_WINDOW, 0)
    play(s, HC("toxin"))
    expect(s, K.D_CREATURE_TOKEN, 0)  # no second Target placement
    assert s.target == mask(JUNGLE)
    play(s, P(SOURCE))
    assert pass_through(s) == [K.D_HUNTED_WINDOW, K.D_HUNTED_WINDOW]
    assert expect(s, K.D_SCREAM, 1) == [OPT_LOSE_WILL, OPT_DISCARD_TWO]
    play(s, OPT_LOSE_WILL)
    assert expect(s, K.D_TOXIN, 1) == [SC("adrenaline")]
    play(s, SC("adrenaline"))
    assert s.will == [2] and s.survival == [0]
    expect(s, K.D_DRAW_HUNT, CHANCE)  # the Jungle was ineffective: no place choice
    assert s.discard[0] == [JUNGLE]


def test_clone_at_the_lair_costs_two_will() -> None:
    """Reference A.7 Clone and A.6 Lair: the clone is a Creature token, so a Hunted caught by it
    on the Lair loses 2 Will; Assimilation +1."""
    s = hunting(
        ["clone"],
        [{"hand": [2, 3, 4, 5], "played": ["lair"]}, {"hand": [1, 3, 4, 5], "played": ["jungle"]}],
        assimilation=8,
    )
    play(s, HC("clone"), P(LAIR), P(SOURCE))
    play(s, PASS)  # Hunted 1 on the token-free Jungle
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.will == [1, 3]
    assert s.assimilation == 7


def test_toxin_on_two_places_with_one_survival_card_asks_once() -> None:
    """reference A.7 Toxin ("discard 1 Survival card"; none if you have none, A.10): an Artefact
    player on both targeted places with one survival card discards it once; the game goes on."""
    from nemesis_env.games.not_alone.rules.kinds import D_TOXIN

    s = load(
        {
            "game": "not_alone", "params": {"players": 3, "board_side": 1}, "phase": "reckoning",
            "creature": {"limit": 0, "played": ["toxin"]}, "hunt_deck": [], "flags": ["toxin"],
            "hunted": [
                {"hand": [3, 4, 5], "played": ["lair", "jungle"], "this_effect": "artefact",
                 "survival": ["adrenaline"]},
                {"hand": [1, 2, 3, 5], "played": ["beach"]},
            ],
            "tokens": {"target": ["lair", "jungle"], "creature": "rover"},
        }
    )  # fmt: skip
    while s.stack[-1].kind != D_TOXIN:
        s.apply_action(s.legal_actions()[0])
    s.apply_action(SURVIVAL.id(s.game.data.survival_index("adrenaline")))
    assert s.survival[0] == 0
    assert s.stack and s.stack[-1].kind != D_TOXIN
    for _ in range(200):  # the game keeps going: every open decision has a legal action
        if s.is_terminal() or s.turn > 1:
            break
        legal = s.legal_actions()
        assert legal, s.stack[-1]
        s.apply_action(legal[0])
