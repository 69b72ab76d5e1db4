"""Rule tests for the 20 Hunt cards, the hunt-card limit, the hunt tokens and the hunt deck.

Sources: shared/rules/seeds-digest.md seed 003 ("Hunt cards", "A turn has 4 phases", "End of
turn") and shared/rules/not-alone-reference.md A.3 (tokens and Artemia squares), A.4 (turn
structure), A.7 (every Hunt card) and A.10 (rulings). Every state is built with the scenario
loader at the start of a phase; chance draws are forced by applying the wanted outcome id.
"""

from __future__ import annotations

from typing import Any

import pytest

from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    OPT_DISCARD_TWO,
    OPT_LOSE_WILL,
    OPT_TAKE_ALL,
    OPT_USE_POWER,
    PASS,
)
from nemesis_env.games.not_alone.actions import (
    PAIR as PAIR_KIND,
)
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.games.not_alone.state import (
    F_ARTEMIA_CARD,
    F_DESPAIR,
    F_FIERCENESS,
    F_MIRAGE,
)

from .driver import expect, mask, play, top
from .hunt_helpers import (
    ARTEFACT,
    BEACH,
    DATA,
    HC,
    HD,
    JUNGLE,
    LAIR,
    PAIR,
    RIVER,
    ROVER,
    SC,
    SHELTER,
    SOURCE,
    WRECK,
    P,
    build,
    hunting,
    pass_through,
)


# -- Despair ------------------------------------------------------------------------------------
def test_despair_blocks_survival_play_and_draw_and_gives_artemia_token() -> None:
    """Reference A.7 Despair (phase 1, Artemia symbol): no Survival card may be played or drawn
    this turn; reference A.3: an Artemia-symbol card makes the Artemia token available even
    when the Rescue counter (14, side 1) is not on an Artemia square; A.6 Shelter: blocked by
    Despair."""
    s = build(
        phase="exploration",
        rescue=14,
        creature={"hand": ["despair", "fierceness"]},
        hunted=[
            {"will": 2, "hand": [1, 2, 3, 5, 7], "discard": [4], "survival": ["adrenaline"]},
            {"hand": [1, 2, 3, 4, 5]},
        ],
    )
    legal = expect(s, K.D_CREATURE_WINDOW, 0)
    assert legal == [PASS, HC("despair")]  # Fierceness is a phase-2 card
    control = s.clone()
    play(control, PASS)
    assert SC("adrenaline") in expect(control, K.D_EXPLORE, 1)

    play(s, HC("despair"))
    assert s.flags & F_DESPAIR and s.flags & F_ARTEMIA_CARD
    legal = expect(s, K.D_EXPLORE, 1)
    assert SC("adrenaline") not in legal
    play(s, P(SHELTER))
    play(s, P(JUNGLE))  # Hunted 1
    # Phase 2: the hunt-card limit is used up; Creature token, then the Artemia token.
    expect(s, K.D_CREATURE_TOKEN, 0)
    play(s, P(SOURCE))
    expect(s, K.D_ARTEMIA_TOKEN, 0)
    play(s, P(LAIR))
    # No survival window under Despair; Reckoning: Hunted 0 on the Shelter cannot draw.
    legal = expect(s, K.D_RESOLVE, 1)
    assert legal == [PASS, P(BEACH)]
    assert OPT_USE_POWER not in legal


def test_despair_blocks_the_source_draw() -> None:
    """Reference A.6 Source: drawing is blocked by Despair; with nobody below 3 Will the Source
    then has no usable power (reference A.7 Despair)."""
    s = build(
        phase="reckoning",
        flags=["despair", "artemia_card"],
        creature={"limit": 0},
        tokens={"creature": "lair"},
        hunted=[
            {"hand": [1, 2, 3, 5], "discard": [4], "played": ["source"]},
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
        ],
    )
    assert expect(s, K.D_RESOLVE, 1) == [PASS, P(BEACH)]


# -- Force Field --------------------------------------------------------------------------------
def test_force_field_forbids_two_adjacent_places_before_the_hunted_play() -> None:
    """Reference A.7 Force Field (phase 1, Target): before the Hunted play, target 2 adjacent
    places; neither may be played this turn. Reference A.4: a Place targeted by Force Field
    cannot be played."""
    s = build(
        phase="exploration",
        creature={"hand": ["force_field", "mirage"]},
        hunted=[{"hand": [1, 2, 3, 4, 5]}, {"hand": [1, 2, 3, 4, 5]}],
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS, HC("force_field")]
    play(s, HC("force_field"))
    legal = expect(s, K.D_TARGET_PAIR, 0)
    assert len(legal) == 13  # every adjacent pair (reference A.3)
    assert s.played == [[], []]  # nobody has explored yet
    play(s, PAIR(RIVER, BEACH))
    assert s.forbidden == mask(RIVER, BEACH)
    assert s.target == mask(RIVER, BEACH)
    for h in range(2):
        legal = expect(s, K.D_EXPLORE, h + 1)
        places = [a for a in legal if P(1) <= a <= P(10)]
        assert places == [P(LAIR), P(JUNGLE), P(ROVER)]
        play(s, P(ROVER))


def test_force_field_is_not_playable_in_phase_two() -> None:
    """Reference A.7: Force Field is a phase-1 card; A.4: cards only in their printed phase."""
    s = hunting(["force_field"], [{"hand": [1, 3, 4, 5], "played": [2]}])
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS]


# -- Anticipation -------------------------------------------------------------------------------
@pytest.mark.parametrize(("named", "assimilation_after"), [(1, 6), (0, 7)])
def test_anticipation_adds_one_assimilation_if_the_named_hunted_is_caught(
    named: int, assimilation_after: int
) -> None:
    """Reference A.7 Anticipation: name one Hunted; if the Creature token catches them,
    Assimilation +1 extra (A.4 step 5). Hunted 1 is caught on the River: 8 -> 6 when named,
    8 -> 7 (the single catch space) when Hunted 0 was named instead."""
    s = hunting(
        ["anticipation"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}, {"hand": [1, 2, 4, 5], "played": ["river"]}],
        assimilation=8,
    )
    play(s, HC("anticipation"))
    assert expect(s, K.D_NAME_HUNTED, 0) == [HD(0), HD(1)]
    play(s, HD(named))
    assert s.anticipation == named
    expect(s, K.D_CREATURE_TOKEN, 0)
    play(s, P(RIVER))
    expect(s, K.D_RESOLVE, 1)  # Hunted 0 on the token-free Jungle
    play(s, PASS)
    assert s.will == [3, 2]
    assert s.assimilation == assimilation_after


# -- Ascendancy ---------------------------------------------------------------------------------
def test_ascendancy_keeps_two_cards_of_a_hunted_holding_more_than_two() -> None:
    """Reference A.7 Ascendancy: one Hunted discards all but 2 Place cards from hand; BGA needs
    a Hunted with more than 2 cards, so only Hunted 0 (4 cards) may be named."""
    s = hunting(
        ["ascendancy"],
        [
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 3], "discard": [4, 5], "played": ["jungle"]},
        ],
    )
    play(s, HC("ascendancy"))
    assert expect(s, K.D_NAME_HUNTED, 0) == [HD(0)]
    play(s, HD(0))
    assert expect(s, K.D_KEEP, 1) == [P(1), P(3), P(4), P(5)]
    play(s, P(LAIR))
    assert expect(s, K.D_KEEP, 1) == [P(3), P(4), P(5)]
    play(s, P(BEACH))
    assert s.hand[0] == mask(LAIR, BEACH)
    assert s.discard[0] == [RIVER, ROVER]
    assert s.hand[1] == mask(LAIR, RIVER)
    expect(s, K.D_CREATURE_TOKEN, 0)


def test_ascendancy_is_unplayable_when_no_hunted_holds_more_than_two() -> None:
    """Reference A.7 Ascendancy (BGA): illegal without a Hunted holding more than 2 cards."""
    s = hunting(
        ["ascendancy"],
        [
            {"hand": [1, 3], "discard": [4, 5], "played": ["jungle"]},
            {"hand": [4, 5], "discard": [1, 3], "played": ["jungle"]},
        ],
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS]


# -- Fierceness ---------------------------------------------------------------------------------
def test_fierceness_adds_one_will_to_a_creature_token_catch() -> None:
    """Reference A.7 Fierceness: Hunted caught by the Creature token lose 1 extra Will
    (A.4 step 5): 3 -> 1 on the Jungle; Assimilation +1 once."""
    s = hunting(
        ["fierceness"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}, {"hand": [1, 2, 4, 5], "played": ["river"]}],
        assimilation=8,
    )
    play(s, HC("fierceness"))
    assert s.flags & F_FIERCENESS
    play(s, P(JUNGLE))
    expect(s, K.D_RESOLVE, 2)  # Hunted 1 on the token-free River
    play(s, PASS)
    assert s.will == [1, 3]
    assert s.assimilation == 7


# -- Forbidden Zone -----------------------------------------------------------------------------
def _forbidden_zone_after_first_choice(first: int) -> Any:
    s = hunting(
        ["forbidden_zone"],
        [
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [2, 3, 4, 5], "played": ["lair"]},
            {"hand": [1, 2, 4, 5], "played": ["river"]},
        ],
    )
    play(s, HC("forbidden_zone"))
    assert expect(s, K.D_FORBIDDEN, 1) == [P(1), P(3), P(4), P(5)]
    play(s, P(first))
    return s


def test_forbidden_zone_choices_stay_hidden_until_every_hunted_chose() -> None:
    """Reference A.7 Forbidden Zone: every Hunted discards 1 Place card, simultaneously. So a
    later Hunted's view (and the Creature's) must not depend on an earlier Hunted's choice;
    only the chooser sees it (game.view_for)."""
    a = _forbidden_zone_after_first_choice(BEACH)
    b = _forbidden_zone_after_first_choice(ROVER)
    expect(a, K.D_FORBIDDEN, 2)
    game = a.game
    for seat in (0, 2, 3):
        va, vb = game.view_for(a, seat), game.view_for(b, seat)
        assert va == vb, f"seat {seat} can tell the first Forbidden Zone choice apart"
        assert va.discard[0] == () and va.hand_size[0] == 4
    assert game.view_for(a, 1).own_pending_discard == BEACH
    assert game.view_for(b, 1).own_pending_discard == ROVER
    assert game.view_for(a, 2).own_pending_discard == 0
    # The others choose; then all discards happen at once.
    play(a, P(JUNGLE))
    assert a.discard == [[], [], []]
    expect(a, K.D_FORBIDDEN, 3)
    play(a, P(LAIR))
    assert a.discard == [[BEACH], [JUNGLE], [LAIR]]
    assert a.hand == [mask(1, 3, 5), mask(3, 4, 5), mask(2, 4, 5)]
    expect(a, K.D_CREATURE_TOKEN, 0)


# -- Interference -------------------------------------------------------------------------------
@pytest.mark.parametrize("interference", [True, False])
def test_interference_makes_beach_and_wreck_ineffective(interference: bool) -> None:
    """Reference A.7 Interference: Beach and Wreck are ineffective; seed 003 Reckoning: with the
    effect cancelled by a hunt card the Hunted may not take a card back either. Control run
    without the card: the Wreck's power is offered."""
    s = hunting(
        ["interference"],
        [
            {"hand": [1, 2, 3, 5], "discard": [4], "played": ["wreck"]},
            {"hand": [1, 2, 3], "discard": [5], "played": ["beach"]},
        ],
        rescue=14,
        beacon=True,
    )
    play(s, HC("interference") if interference else PASS)
    play(s, P(LAIR))  # Creature token on an empty place
    if not interference:
        expect(s, K.D_CREATURE_WINDOW, 0)  # the unplayed card leaves the phase-3 window open
        play(s, PASS)
        assert OPT_USE_POWER in expect(s, K.D_RESOLVE, 1)
        return
    # No place choice for either Hunted: straight to the end of turn (hunt refill draws).
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.rescue == 13  # only the end-of-turn move
    assert s.beacon is True
    assert s.discard == [[BEACH, WRECK], [ROVER, BEACH]]


# -- Persecution --------------------------------------------------------------------------------
def test_persecution_limits_take_back_to_one_card() -> None:
    """Reference A.7 Persecution: when using a place's power each Hunted takes back at most 1
    Place card (A.6 Jungle: Persecution limits the take-back to 1 card in total; Lair's
    take-all likewise)."""
    s = hunting(
        ["persecution"],
        [
            {"hand": [1, 3], "discard": [4, 5], "played": ["jungle"]},
            {"hand": [2, 3], "discard": [4, 5], "played": ["lair"]},
        ],
    )
    play(s, HC("persecution"), P(SOURCE))
    play(s, OPT_USE_POWER)  # Hunted 0 uses the Jungle
    d = top(s)
    assert (d.kind, d.chooser, d.payload.remaining) == (K.D_TAKE_BACK, 1, 1)
    assert s.legal_actions() == [P(JUNGLE), P(BEACH), P(ROVER)]
    play(s, P(BEACH))
    assert s.hand[0] == mask(LAIR, RIVER, BEACH)
    assert s.discard[0] == [ROVER]
    assert s.played[0] == [JUNGLE]
    # Hunted 1: Lair, take all -> still only one card.
    assert OPT_USE_POWER in expect(s, K.D_RESOLVE, 2)
    play(s, OPT_USE_POWER)
    assert OPT_TAKE_ALL in expect(s, K.D_LAIR, 2)
    play(s, OPT_TAKE_ALL)
    assert expect(s, K.D_TAKE_BACK, 2) == [P(BEACH), P(ROVER)]
    play(s, P(ROVER))
    assert s.hand[1] == mask(JUNGLE, RIVER, ROVER)
    assert s.discard[1] == [BEACH, LAIR]  # the played Lair joined it at the end of turn


@pytest.mark.parametrize(("discard", "choices"), [([BEACH], [JUNGLE, BEACH]), ([], [JUNGLE])])
def test_persecution_still_lets_the_jungle_take_back_one_card(
    discard: list[int], choices: list[int]
) -> None:
    """Reference A.6 Jungle under A.7 Persecution: "limits the take-back to 1 card in total",
    so with one card or none in the discard pile the Hunted still takes back 1: this Jungle or
    that card."""
    others = [p for p in (1, 3, 4, 5) if p not in discard]
    s = hunting(
        ["persecution"],
        [
            {"hand": others, "discard": discard, "played": ["jungle"]},
            {"hand": [2, 3], "discard": [4, 5], "played": ["lair"]},
        ],
    )
    play(s, HC("persecution"), P(SOURCE))
    play(s, OPT_USE_POWER)  # Hunted 0 uses the Jungle
    d = top(s)
    assert (d.kind, d.chooser, d.payload.remaining) == (K.D_TAKE_BACK, 1, 1)
    assert s.legal_actions() == [P(p) for p in choices]


# -- Mutation -----------------------------------------------------------------------------------
def test_mutation_artemia_token_also_costs_one_will() -> None:
    """Reference A.7 Mutation (Artemia symbol): the Artemia token additionally costs 1 Will;
    A.4 step 4: the Hunted there discards 1 Place card and cannot use the place."""
    s = hunting(
        ["mutation"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}, {"hand": [1, 2, 4, 5], "played": ["river"]}],
        rescue=14,
    )
    play(s, HC("mutation"), P(SOURCE))
    expect(s, K.D_ARTEMIA_TOKEN, 0)  # Rescue 14 is no Artemia square: the card gives it
    play(s, P(JUNGLE))
    play(s, PASS)  # Hunted 1 on the River
    assert expect(s, K.D_DISCARD_PLACE, 1) == [P(1), P(3), P(4), P(5)]
    assert s.will == [2, 3]
    play(s, P(ROVER))
    assert s.hand[0] == mask(LAIR, RIVER, BEACH)
    assert s.discard[0] == [ROVER, JUNGLE]  # then the played Jungle at the end of turn


# -- Phobia -------------------------------------------------------------------------------------
def test_phobia_shows_all_but_two_cards_to_the_creature_only() -> None:
    """Reference A.7 Phobia (Artemia symbol): one Hunted shows the Creature all but 2 Place
    cards in hand. The shown cards are in the Creature's view, not in another Hunted's."""
    s = hunting(
        ["phobia"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}, {"hand": [1, 2, 4, 5], "played": ["river"]}],
    )
    play(s, HC("phobia"))
    assert expect(s, K.D_NAME_HUNTED, 0) == [HD(0), HD(1)]
    play(s, HD(0))
    expect(s, K.D_KEEP, 1)
    play(s, P(LAIR), P(RIVER))  # the two cards kept hidden
    assert s.phobia_shown == [mask(BEACH, ROVER), 0]
    assert s.hand[0] == mask(LAIR, RIVER, BEACH, ROVER)  # showing discards nothing
    game = s.game
    assert game.view_for(s, 0).phobia_shown == (mask(BEACH, ROVER), 0)
    assert game.view_for(s, 2).phobia_shown == (0, 0)
    expect(s, K.D_CREATURE_TOKEN, 0)
    play(s, P(SOURCE))
    expect(s, K.D_ARTEMIA_TOKEN, 0)


# -- Virus --------------------------------------------------------------------------------------
def test_virus_puts_the_artemia_token_on_two_places_and_an_artefact_player_discards_two() -> None:
    """Reference A.7 Virus (Artemia symbol): target 2 adjacent places, the Artemia token's
    effects apply on both; A.4 step 4 / A.10: someone caught twice (Artefact) discards 2."""
    s = hunting(
        ["virus"],
        [
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {
                "hand": [1, 4, 5],
                "played": ["jungle", "river"],
                "owned": [1, 2, 3, 4, 5, 10],
                "discard": [10],
                "this_effect": "artefact",
            },
        ],
    )
    play(s, HC("virus"), P(SOURCE))
    legal = expect(s, K.D_ARTEMIA_TOKEN, 0)
    assert legal == [PAIR_KIND.id(k) for k in range(13)]
    play(s, PAIR(JUNGLE, RIVER))
    assert s.artemia == mask(JUNGLE, RIVER)
    expect(s, K.D_DISCARD_PLACE, 1)
    play(s, P(LAIR))
    d = top(s)
    assert (d.kind, d.chooser, d.payload.remaining) == (K.D_DISCARD_PLACE, 2, 2)
    play(s, P(LAIR), P(BEACH))
    assert s.hand == [mask(RIVER, BEACH, ROVER), mask(ROVER)]
    assert s.discard[1] == [ARTEFACT, LAIR, BEACH, JUNGLE, RIVER]


# -- Clone --------------------------------------------------------------------------------------
def test_clone_target_is_a_second_creature_token() -> None:
    """Reference A.7 Clone (Target): the Target token counts as a second Creature token; A.4
    step 5 / A.10: caught on two places (Artefact) loses Will for each, but Assimilation
    advances only once; a place under the clone is not resolved (A.4 step 3)."""
    s = hunting(
        ["clone"],
        [
            {
                "hand": [1, 4, 5],
                "played": ["jungle", "river"],
                "discard": [10],
                "this_effect": "artefact",
            },
            {"hand": [1, 2, 4], "discard": [5], "played": ["river"]},
        ],
        assimilation=8,
    )
    play(s, HC("clone"))
    expect(s, K.D_TARGET_PLACE, 0)
    play(s, P(RIVER))
    assert s.target == mask(RIVER)
    play(s, P(JUNGLE))  # the Creature token
    # No place choice for anyone: straight to the end of turn.
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.will == [1, 2]
    assert s.assimilation == 7
    assert s.discard[1] == [ROVER, RIVER]  # no take-back on the cloned River


# -- Mirage -------------------------------------------------------------------------------------
def test_mirage_makes_two_adjacent_places_ineffective_without_take_back() -> None:
    """Reference A.7 Mirage (Target): target 2 adjacent places, both ineffective; seed 003
    Reckoning: with the effect cancelled by a hunt card no card is taken back."""
    s = hunting(
        ["mirage"],
        [
            {"hand": [2, 3, 5], "discard": [1], "played": ["beach"]},
            {"hand": [2, 3, 4], "discard": [1], "played": ["rover"]},
        ],
        rescue=14,
    )
    play(s, HC("mirage"))
    expect(s, K.D_TARGET_PAIR, 0)
    play(s, PAIR(BEACH, ROVER))
    assert s.flags & F_MIRAGE and s.target == mask(BEACH, ROVER)
    play(s, P(SOURCE))
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.beacon is False
    assert s.reserve == [2, 2, 2, 2, 2]
    assert s.discard == [[LAIR, BEACH], [LAIR, ROVER]]
    assert s.rescue == 13


# -- Scream -------------------------------------------------------------------------------------
def test_scream_discard_two_or_lose_one_will() -> None:
    """Reference A.7 Scream (Target): each Hunted on the targeted place discards 2 Place cards or
    loses 1 Will, their choice (only Will with fewer than 2 cards); A.4 step 3: then the place
    resolves as normal."""
    s = hunting(
        ["scream"],
        [
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [3], "discard": [1, 4, 5], "played": ["jungle"]},
        ],
    )
    play(s, HC("scream"), P(JUNGLE), P(SOURCE))
    assert expect(s, K.D_SCREAM, 1) == [OPT_LOSE_WILL, OPT_DISCARD_TWO]
    play(s, OPT_DISCARD_TWO)
    expect(s, K.D_DISCARD_PLACE, 1)
    play(s, P(LAIR), P(RIVER))
    assert s.hand[0] == mask(BEACH, ROVER) and s.will[0] == 3
    assert OPT_USE_POWER in expect(s, K.D_RESOLVE, 1)  # the Jungle still resolves
    play(s, PASS)
    assert expect(s, K.D_SCREAM, 2) == [OPT_LOSE_WILL, OPT_DISCARD_TWO]
    play(s, OPT_LOSE_WILL)
    assert s.will[1] == 2 and s.hand[1] == mask(1, 3, 4, 5)
    play(s, PASS)
    assert expect(s, K.D_SCREAM, 3) == [OPT_LOSE_WILL]
    play(s, OPT_LOSE_WILL)
    assert s.will == [3, 2, 2]


# -- Toxin --------------------------------------------------------------------------------------
def test_toxin_discards_a_survival_card_and_makes_the_place_ineffective() -> None:
    """Reference A.7 Toxin (Target): each Hunted on the targeted place discards 1 Survival card
    and the place is ineffective (no take-back, seed 003); A.10: a Hunted with no Survival card
    discards nothing."""
    s = hunting(
        ["toxin"],
        [
            {
                "hand": [3, 4, 5],
                "discard": [1],
                "played": ["jungle"],
                "survival": ["adrenaline", "ingenuity"],
            },
            {"hand": [3, 4, 5], "discard": [1], "played": ["jungle"]},
        ],
    )
    play(s, HC("toxin"), P(JUNGLE), P(SOURCE))
    assert pass_through(s) == [K.D_HUNTED_WINDOW, K.D_HUNTED_WINDOW]  # phases 2 and 3
    assert expect(s, K.D_TOXIN, 1) == [SC("adrenaline"), SC("ingenuity")]
    play(s, SC("adrenaline"))
    assert s.survival[0] == 1 << DATA.survival_index("ingenuity")
    assert DATA.survival_index("adrenaline") in s.surv_discard
    pass_through(s)  # the phase-4 window of Hunted 0
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.discard == [[LAIR, JUNGLE], [LAIR, JUNGLE]]


# -- Cataclysm ----------------------------------------------------------------------------------
def test_cataclysm_makes_one_chosen_place_ineffective() -> None:
    """Reference A.7 Cataclysm (phase 3): one place of the Creature's choice is ineffective;
    seed 003: no take-back on a cancelled place."""
    s = build(
        phase="reckoning",
        creature={"hand": ["cataclysm", "fierceness"]},
        tokens={"creature": "source"},
        hunted=[
            {"hand": [2, 3, 5], "discard": [1], "played": ["beach"]},
            {"hand": [2, 4, 5], "discard": [1], "played": ["river"]},
        ],
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS, HC("cataclysm")]
    play(s, HC("cataclysm"))
    assert len(expect(s, K.D_CATACLYSM, 0)) == 10
    play(s, P(BEACH))
    assert s.ineffective == mask(BEACH)
    assert OPT_USE_POWER in expect(s, K.D_RESOLVE, 2)  # Hunted 0 was skipped
    play(s, OPT_USE_POWER)
    assert s.beacon is False
    assert s.discard[0] == [LAIR, BEACH]  # no take-back; the Beach discarded at end of turn


# -- Detour -------------------------------------------------------------------------------------
def test_detour_moves_a_revealed_hunted_to_an_adjacent_place() -> None:
    """Reference A.7 Detour (phase 3): after the reveal, move one Hunted to an adjacent place;
    here onto the Creature token, which catches them (A.4 step 5)."""
    s = build(
        phase="reckoning",
        assimilation=8,
        creature={"hand": ["detour"]},
        tokens={"creature": "river"},
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 2, 3, 4], "played": ["rover"]},
        ],
    )
    play(s, HC("detour"))
    assert expect(s, K.D_NAME_HUNTED, 0) == [HD(0), HD(1)]
    play(s, HD(0))
    assert expect(s, K.D_DETOUR_DEST, 0) == [P(LAIR), P(RIVER), P(SHELTER)]
    play(s, P(RIVER))
    assert s.location[0] == [RIVER]
    # Reference A.4 step 1: every Hunted reveals their cards, to all; the Detour move (A.7) is
    # the Creature's and public too.
    shown = [(e.kind, e.actor, e.payload) for e in s.events if e.kind in ("reveal", "detour")]
    assert shown == [
        ("reveal", 1, (("hunted", 0), ("places", (JUNGLE,)))),
        ("reveal", 2, (("hunted", 1), ("places", (ROVER,)))),
        ("detour", 0, (("hunted", 0), ("place", RIVER))),
    ]
    assert all(e.visible_to is None for e in s.events if e.kind in ("reveal", "detour"))
    play(s, PASS)  # Hunted 1 on the Rover
    assert s.will == [2, 3]
    assert s.assimilation == 7


# -- Stasis -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "rescue_after"), [("stasis", 10), (None, 9)])
def test_stasis_stops_the_end_of_turn_rescue_move(card: str | None, rescue_after: int) -> None:
    """Reference A.7 Stasis (phase 4): the Rescue counter does not advance this phase (A.4
    phase 4 step 6); without it the counter moves 1 (seed 003 End of turn)."""
    s = build(
        phase="end_of_turn",
        rescue=10,
        creature={"hand": ["stasis", "fierceness", "mutation"]},
        hunted=[
            {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            {"hand": [1, 2, 4, 5], "played": ["river"]},
        ],
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS, HC("stasis")]
    play(s, HC(card) if card else PASS)
    assert s.rescue == rescue_after
