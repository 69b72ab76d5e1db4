"""Rule tests for the 15 survival cards, one card per turn, Resist and Give Up.

Sources: seed 003 (shared/rules/seeds-digest.md "Seed 003": Survival cards, Exploration,
Barbora example) and shared/rules/not-alone-reference.md A.4, A.8, A.10.
"""

from __future__ import annotations

import pytest

from nemesis_env.games.not_alone.actions import (
    OPT_CREATURE_TOKEN,
    OPT_GIVE_UP,
    OPT_RESIST,
    OPT_TARGET_TOKEN,
    OPT_USE_POWER,
    PAIR,
    PASS,
)
from nemesis_env.games.not_alone.rules.kinds import (
    D_CATCH_SURVIVAL,
    D_CREATURE_TOKEN,
    D_CREATURE_WINDOW,
    D_DISCARD_PLACE,
    D_DRAW_HUNT,
    D_EXPLORE,
    D_GATE,
    D_HUNTED_WINDOW,
    D_MOVE_TOKEN,
    D_RESOLVE,
    D_ROVER,
    D_SACRIFICE,
    D_STRIKE_BACK,
    D_TAKE_BACK,
    D_TARGET_PAIR,
    D_VORTEX_DISCARD,
    D_WHICH_TOKEN,
)
from nemesis_env.games.not_alone.state import F_SACRIFICE, F_SMOKESCREEN, F_WRECK_USED

from .conftest import (
    DATA,
    hmask,
    hunt,
    hunt_outcome,
    hunted,
    legal,
    mask,
    pass_while,
    place,
    play,
    scenario,
    smask,
    survival,
    top,
)

CHANCE = -1


def at(state, kind, chooser=1):
    """Asserts the open decision is `kind` for `chooser` (seat; Hunted h is seat h+1)."""
    d = top(state)
    assert (d.kind, d.chooser) == (kind, chooser), d
    return d


def explore(**overrides):
    return scenario(phase="exploration", **overrides)


def reckoning(**overrides):
    return scenario(phase="reckoning", **overrides)


def end_of_turn(**overrides):
    return scenario(phase="end_of_turn", **overrides)


# -- phase 1 ---------------------------------------------------------------------------------
def test_adrenaline_regains_one_will():
    """reference A.8 Adrenaline (phase 1): regain 1 Will, not above 3."""
    s = explore(hunted=[hunted(will=2, survival=["adrenaline"])])
    at(s, D_EXPLORE)
    assert survival("adrenaline") in legal(s)
    play(s, survival("adrenaline"))
    assert s.will == [3]
    assert s.survival[0] == 0
    assert s.surv_discard == [0]
    at(s, D_EXPLORE)  # the place card is still to be played
    assert legal(s) == {place(p) for p in (1, 2, 3, 4, 5)}


def test_adrenaline_not_playable_at_full_will():
    """reference A.8 Adrenaline (not above 3)."""
    s = explore(hunted=[hunted(survival=["adrenaline"])])
    assert survival("adrenaline") not in legal(s)


def test_ingenuity_places_the_beacon():
    """reference A.8 Ingenuity: put the Marker on the Beach; not if it is already there."""
    s = explore(hunted=[hunted(survival=["ingenuity"])])
    play(s, survival("ingenuity"))
    assert s.beacon is True
    s2 = explore(beacon=True, hunted=[hunted(survival=["ingenuity"])])
    assert survival("ingenuity") not in legal(s2)


def test_sacrifice_discards_a_place_and_blocks_hunt_cards():
    """reference A.8 Sacrifice (discard 1 place card; no hunt card this turn)."""
    s = explore(creature={"hand": ["clone"], "limit": 1}, hunted=[hunted(survival=["sacrifice"])])
    at(s, D_CREATURE_WINDOW, chooser=0)  # phase-1 window: Clone is a phase-2 card
    assert legal(s) == {PASS}
    play(s, PASS)
    at(s, D_EXPLORE)
    play(s, survival("sacrifice"))
    at(s, D_SACRIFICE)
    assert legal(s) == {place(p) for p in (1, 2, 3, 4, 5)}
    play(s, place("rover"))
    assert s.discard[0] == [5]
    assert s.flags & F_SACRIFICE
    at(s, D_EXPLORE)
    play(s, place("lair"))
    at(s, D_CREATURE_TOKEN, chooser=0)  # no phase-2 hunt-card window
    assert s.hunt_hand == hmask("clone")
    assert s.hunt_played == []


def test_without_sacrifice_the_creature_gets_its_phase_two_window():
    """Control for the Sacrifice test (reference A.4: one hunt card per turn)."""
    s = explore(creature={"hand": ["clone"], "limit": 1}, hunted=[hunted()])
    play(s, PASS, place("lair"))
    at(s, D_CREATURE_WINDOW, chooser=0)
    assert legal(s) == {PASS, hunt("clone")}


def test_sacrifice_only_before_the_creature_played_a_hunt_card():
    """reference A.8 Sacrifice: only allowed before the Creature has played a Hunt card."""
    s = explore(
        creature={"hand": ["force_field", "clone"], "limit": 2},
        hunted=[hunted(survival=["sacrifice"])],
    )
    play(s, hunt("force_field"))
    at(s, D_TARGET_PAIR, chooser=0)
    play(s, PAIR.id(DATA.pairs.index((9, 10))))
    at(s, D_CREATURE_WINDOW, chooser=0)
    play(s, PASS)
    at(s, D_EXPLORE)
    assert survival("sacrifice") not in legal(s)
    assert legal(s) == {place(p) for p in (1, 2, 3, 4, 5)}


def test_sixth_sense_takes_back_two():
    """seed 003 Survival cards example and reference A.8 Sixth Sense: take 2 place cards
    from the discard back into hand."""
    s = explore(hunted=[hunted(discard=["lair", "jungle", "river"], survival=["sixth_sense"])])
    play(s, survival("sixth_sense"))
    at(s, D_TAKE_BACK)
    play(s, place("lair"), place("river"))
    at(s, D_EXPLORE)
    assert s.discard[0] == [2]
    assert s.hand[0] == mask("lair", "river", "beach", "rover")


def test_sixth_sense_needs_a_discard():
    """reference A.8 Sixth Sense (nothing to take back: not offered)."""
    s = explore(hunted=[hunted(survival=["sixth_sense"])])
    assert survival("sixth_sense") not in legal(s)


def test_smokescreen_freezes_the_creatures_view_of_discards():
    """reference A.8 Smokescreen and A.10 (discards public unless Smokescreen); seed 003
    End of turn (the Creature sees all discards)."""
    s = explore(
        params={"players": 3},
        rescue=12,
        hunted=[
            hunted(discard=["lair", "jungle"], survival=["smokescreen"]),
            hunted(discard=["river"]),
        ],
    )
    game = s.game
    play(s, survival("smokescreen"))
    assert s.flags & F_SMOKESCREEN
    play(s, OPT_RESIST, place("lair"), place("jungle"), place("beach"))
    play(s, OPT_RESIST, place("river"), place("lair"))
    assert s.discard == [[], []]
    assert game.view_for(s, 0).discard == ((1, 2), (3,))  # Creature: as when played
    assert game.view_for(s, 1).discard == ((), ())
    assert game.view_for(s, 2).discard == ((), ())
    at(s, D_CREATURE_TOKEN, chooser=0)
    play(s, place("artefact"))
    pass_while(s, D_RESOLVE)
    at(s, D_EXPLORE)  # next turn: the smoke has cleared
    assert game.view_for(s, 0).discard == ((4,), (1,))


def test_strike_back_moves_two_random_hunt_cards_under_the_deck():
    """reference A.8 Strike Back: 2 random cards of the Creature's hand go to the bottom of
    the hunt deck (chance picks them; they come back first when the deck is empty)."""
    s = explore(
        rescue=12,
        creature={"hand": ["clone", "mirage", "scream"], "limit": 1},
        hunted=[hunted(survival=["strike_back"])],
    )
    play(s, PASS)
    play(s, survival("strike_back"))
    at(s, D_STRIKE_BACK, chooser=CHANCE)
    assert s.chance_outcomes() == [
        (hunt_outcome(c), pytest.approx(1 / 3)) for c in ("clone", "mirage", "scream")
    ]
    play(s, hunt_outcome("scream"))
    assert s.chance_outcomes() == [(hunt_outcome("clone"), 0.5), (hunt_outcome("mirage"), 0.5)]
    play(s, hunt_outcome("clone"))
    assert s.hunt_hand == hmask("mirage")
    assert s.hunt_deck.bottom == [HUNT_INDEX["scream"], HUNT_INDEX["clone"]]
    at(s, D_EXPLORE)
    play(s, place("lair"))
    play(s, PASS)  # the Creature keeps Mirage
    play(s, place("artefact"))  # Creature token
    pass_while(s, D_CREATURE_WINDOW, D_RESOLVE)
    at(s, D_DRAW_HUNT, chooser=CHANCE)  # refill: the deck is only the bottom cards
    assert s.chance_outcomes() == [(hunt_outcome("scream"), 1.0)]
    play(s, hunt_outcome("scream"))
    assert s.chance_outcomes() == [(hunt_outcome("clone"), 1.0)]
    play(s, hunt_outcome("clone"))
    assert s.hunt_hand == hmask("mirage", "scream", "clone")


HUNT_INDEX = {c.id: i for i, c in enumerate(DATA.hunt)}


def test_strike_back_with_one_hunt_card():
    """reference A.8 Strike Back (only as many cards as the Creature holds)."""
    s = explore(creature={"hand": ["clone"], "limit": 1}, hunted=[hunted(survival=["strike_back"])])
    play(s, PASS, survival("strike_back"), hunt_outcome("clone"))
    at(s, D_EXPLORE)
    assert s.hunt_hand == 0
    assert s.hunt_deck.bottom == [HUNT_INDEX["clone"]]


# -- phase 2 ---------------------------------------------------------------------------------
def test_vortex_swaps_the_played_card_with_a_discard():
    """reference A.8 Vortex (phase 2): swap your played place card with one from your
    discard pile."""
    s = scenario(
        phase="hunting",
        hunted=[hunted(played=["jungle"], discard=["lair", "river"], survival=["vortex"])],
    )
    at(s, D_CREATURE_TOKEN, chooser=0)
    play(s, place("wreck"))
    at(s, D_HUNTED_WINDOW)
    assert legal(s) == {PASS, survival("vortex")}
    play(s, survival("vortex"))
    at(s, D_VORTEX_DISCARD)
    assert legal(s) == {place("lair"), place("river")}
    play(s, place("river"))
    assert s.played[0] == [3]
    assert s.discard[0] == [1, 2]
    pass_while(s, D_HUNTED_WINDOW)
    at(s, D_RESOLVE)
    assert s.location[0] == [3]


# -- phase 3 ---------------------------------------------------------------------------------
def test_detector_ignores_the_artemia_token():
    """reference A.8 Detector, A.4 phase 3 (played before the Artemia token resolves)."""
    s = reckoning(hunted=[hunted(played=["beach"], survival=["detector"])], tokens={"artemia": 4})
    at(s, D_HUNTED_WINDOW)
    assert legal(s) == {PASS}  # Detector waits for the token
    play(s, PASS)
    at(s, D_CATCH_SURVIVAL)
    assert legal(s) == {PASS, survival("detector")}
    play(s, survival("detector"))
    # No discard, and the Beach is usable as if the token were not there (rules-decisions 16).
    at(s, D_RESOLVE)
    assert OPT_USE_POWER in legal(s)
    play(s, OPT_USE_POWER)
    assert s.beacon
    at(s, D_EXPLORE)
    assert s.hand[0] == mask(1, 2, 3, 5)
    assert s.discard[0] == [4]
    assert s.surv_discard == [7]


def test_without_detector_the_artemia_token_costs_a_discard():
    """Control for Detector (reference A.4 phase 3 step 4)."""
    s = reckoning(hunted=[hunted(played=["beach"], survival=["detector"])], tokens={"artemia": 4})
    play(s, PASS, PASS)
    at(s, D_DISCARD_PLACE)
    play(s, place("rover"))
    assert s.discard[0] == [5]


def test_dodge_ignores_the_creature_token():
    """reference A.8 Dodge; A.4 phase 3 step 5 (Assimilation +1 once if anyone was caught);
    seed 003 Survival cards (playable even when caught)."""
    s = reckoning(
        params={"players": 3},
        assimilation=6,
        hunted=[
            hunted(played=["wreck"], extra=["wreck"], survival=["dodge"]),
            hunted(played=["wreck"], extra=["wreck"]),
        ],
        tokens={"creature": "wreck"},
    )
    play(s, PASS)  # phase-3 window
    at(s, D_CATCH_SURVIVAL)
    assert legal(s) == {PASS, survival("dodge")}
    rescue_before = s.rescue
    play(s, survival("dodge"))
    at(s, D_RESOLVE)  # the dodger uses the Wreck as if the token were not there
    play(s, OPT_USE_POWER)
    assert s.will == [3, 2]
    assert s.assimilation == 5
    assert s.rescue == rescue_before - 2  # the Wreck, then the end-of-turn move


def test_dodge_alone_means_nobody_caught():
    """reference A.8 Dodge: no catch, no Assimilation move."""
    s = reckoning(
        assimilation=6,
        hunted=[hunted(played=["lair"], survival=["dodge"])],
        tokens={"creature": "lair"},
    )
    play(s, PASS, survival("dodge"))  # the freed Lair offers nothing: empty discard
    assert s.will == [3]
    assert s.assimilation == 6


def test_drone_uses_the_rover_power_instead():
    """reference A.8 Drone: instead of your place's power, use the Rover's power."""
    s = reckoning(hunted=[hunted(played=["jungle"], discard=["lair"], survival=["drone"])])
    play(s, PASS)  # phase-3 window: Drone waits for the place
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("lair"), survival("drone"), OPT_USE_POWER}
    play(s, survival("drone"))
    at(s, D_ROVER)
    assert legal(s) == {place(p) for p in (6, 7, 8, 9, 10)}
    play(s, place("source"))
    assert s.reserve == [1, 1, 1, 0, 1]
    at(s, D_EXPLORE)
    assert s.hand[0] == mask("river", "beach", "rover", "source")
    assert s.discard[0] == [1, 2]  # the Jungle's own power (take itself back) was not used
    assert s.surv_discard == [9]


def test_gate_uses_an_adjacent_place_never_the_artefact():
    """reference A.8 Gate and A.6 Artefact (cannot be copied by Gate); Wreck stays once per
    turn for the table (seed 003 place clarifications: Wreck)."""
    s = reckoning(
        params={"players": 3},
        rescue=10,
        hunted=[
            hunted(played=["source"], extra=["source"], survival=["gate"]),
            hunted(played=["wreck"], extra=["wreck"], discard=["lair"]),
        ],
    )
    play(s, PASS)  # Hunted 0's phase-3 window
    at(s, D_RESOLVE)
    play(s, survival("gate"))
    at(s, D_GATE)
    assert legal(s) == {place("beach"), place("wreck")}  # adjacent to 9: 4, 8, 10
    play(s, place("wreck"))
    assert s.rescue == 9
    assert s.flags & F_WRECK_USED
    at(s, D_RESOLVE, chooser=2)
    assert legal(s) == {PASS, place("lair")}


def test_hologram_moves_the_artemia_token():
    """reference A.8 Hologram: move the Artemia token to an adjacent place (before it
    resolves, A.4 phase 3)."""
    s = reckoning(hunted=[hunted(played=["beach"], survival=["hologram"])], tokens={"artemia": 4})
    at(s, D_HUNTED_WINDOW)
    assert legal(s) == {PASS, survival("hologram")}
    play(s, survival("hologram"))
    at(s, D_MOVE_TOKEN)
    assert legal(s) == {place("river"), place("rover"), place("source")}
    play(s, place("rover"))
    assert s.artemia == mask("rover")
    at(s, D_RESOLVE)  # the Beach is now token-free
    play(s, OPT_USE_POWER)
    assert s.beacon is True
    assert s.discard[0] == [4]  # nothing discarded to the Artemia token


def test_wrong_track_moves_the_creature_token():
    """reference A.8 Wrong Track: move the Creature token to an adjacent place."""
    s = reckoning(
        rescue=10,
        assimilation=6,
        hunted=[hunted(played=["wreck"], extra=["wreck"], survival=["wrong_track"])],
        tokens={"creature": "wreck"},
    )
    play(s, survival("wrong_track"))
    at(s, D_MOVE_TOKEN)
    assert legal(s) == {place("river"), place("shelter"), place("source")}
    play(s, place("source"))
    assert s.creature_token == 9
    at(s, D_RESOLVE)
    play(s, OPT_USE_POWER)
    assert (s.will, s.assimilation, s.rescue) == ([3], 6, 8)


@pytest.mark.parametrize(
    ("token", "caught"), [(OPT_TARGET_TOKEN, False), (OPT_CREATURE_TOKEN, True)]
)
def test_wrong_track_under_clone_chooses_the_token(token, caught):
    """reference A.8 Wrong Track (under Clone you may move the clone instead) and A.7 Clone
    (the Target token counts as a second Creature token)."""
    s = reckoning(
        assimilation=6,
        flags=["clone"],
        hunted=[hunted(played=["lair"], survival=["wrong_track"])],
        tokens={"creature": "wreck", "target": "lair"},
    )
    play(s, survival("wrong_track"))
    at(s, D_WHICH_TOKEN)
    assert legal(s) == {OPT_CREATURE_TOKEN, OPT_TARGET_TOKEN}
    play(s, token)
    at(s, D_MOVE_TOKEN)
    if token == OPT_TARGET_TOKEN:
        assert legal(s) == {place("jungle"), place("swamp")}
        play(s, place("swamp"))
        at(s, D_RESOLVE)  # the Lair is token-free now
        assert (s.target, s.creature_token) == (mask("swamp"), 8)
        play(s, PASS)
    else:
        assert legal(s) == {place("river"), place("shelter"), place("source")}
        play(s, place("source"))
    at(s, D_EXPLORE)
    assert s.will == [1 if caught else 3]  # caught by the clone at the Lair: 2 Will
    assert s.assimilation == (5 if caught else 6)


# -- phase 4 ---------------------------------------------------------------------------------
def test_amplifier_removes_the_beacon_and_advances_rescue():
    """reference A.8 Amplifier (phase 4)."""
    s = end_of_turn(
        rescue=10, beacon=True, hunted=[hunted(played=["river"], survival=["amplifier"])]
    )
    at(s, D_HUNTED_WINDOW)
    assert legal(s) == {PASS, survival("amplifier")}
    play(s, survival("amplifier"))
    assert s.beacon is False
    assert s.rescue == 10 - 1 - 1  # Amplifier, then the end-of-turn move


def test_amplifier_needs_the_beacon():
    """reference A.8 Amplifier (the Marker must be on the Beach)."""
    s = end_of_turn(hunted=[hunted(played=["river"], survival=["amplifier"])])
    at(s, D_HUNTED_WINDOW)
    assert legal(s) == {PASS}


def test_double_back_takes_back_the_played_card():
    """reference A.8 Double Back (phase 4): take back the place card you just played, before
    the end-of-turn discards."""
    s = end_of_turn(hunted=[hunted(played=["river"], discard=["lair"], survival=["double_back"])])
    play(s, survival("double_back"))
    at(s, D_EXPLORE)
    assert s.discard[0] == [1]
    assert s.hand[0] == mask("jungle", "river", "beach", "rover")


# -- one card per turn, Resist, Give Up ------------------------------------------------------
def test_one_survival_card_per_hunted_per_turn():
    """seed 003 Survival cards (at most one per Hunted per turn); reference A.4."""
    s = explore(hunted=[hunted(will=2, discard=["lair"], survival=["adrenaline", "sixth_sense"])])
    assert {survival("adrenaline"), survival("sixth_sense")} <= legal(s)
    play(s, survival("adrenaline"))
    assert s.survival[0] == smask("sixth_sense")
    assert not {survival("adrenaline"), survival("sixth_sense")} & legal(s)


def test_dodge_refused_after_a_survival_card_this_turn():
    """seed 003 Survival cards (one per Hunted per turn): no Dodge offered when caught."""
    s = reckoning(
        assimilation=6,
        hunted=[hunted(played=["jungle"], survival=["dodge"], survival_used=True)],
        tokens={"creature": "jungle"},
    )
    at(s, D_EXPLORE)  # no window and no Dodge offer: the catch resolved
    assert s.will == [2]
    assert s.survival[0] == smask("dodge")


def test_resist_one_will_for_two_cards():
    """seed 003 Exploration (Resist) and Barbora example: lose 1 Will, take back 2 cards."""
    s = explore(assimilation=6, hunted=[hunted(discard=["lair", "jungle", "river"])])
    assert OPT_RESIST in legal(s)
    play(s, OPT_RESIST)
    assert s.will == [2]
    at(s, D_TAKE_BACK)
    play(s, place("lair"), place("river"))
    at(s, D_EXPLORE)
    assert s.discard[0] == [2]
    assert s.hand[0] == mask("lair", "river", "beach", "rover")
    assert s.assimilation == 6


def test_resist_twice_two_will_for_four_cards():
    """seed 003 Exploration (Resist: 1 or 2 Will for 2 or 4 cards); reference A.4."""
    s = explore(hunted=[hunted(discard=[1, 2, 3, 4, 6], extra=[6])])
    play(s, OPT_RESIST, place(1), place(2), OPT_RESIST, place(3), place(4))
    assert s.will == [1]
    assert s.discard[0] == [6]
    assert OPT_RESIST not in legal(s)


def test_resisting_away_the_last_will_forces_give_up():
    """seed 003 Exploration (losing the third Will by Resisting forces Give Up); reference
    A.4 (Give Up: Assimilation +1)."""
    s = explore(assimilation=6, hunted=[hunted(will=1, discard=["lair", "jungle", "river"])])
    play(s, OPT_RESIST)
    at(s, D_EXPLORE)  # no take-back choice: every card came back
    assert s.will == [3]
    assert s.discard[0] == []
    assert s.hand[0] == mask(1, 2, 3, 4, 5)
    assert s.gave_up[0]
    assert s.assimilation == 5


def test_give_up_moves_assimilation_once_per_hunted():
    """seed 003 Exploration (Give up: all Will and cards back; Assimilation +1 for each
    Hunted giving up); reference A.4."""
    s = explore(
        params={"players": 3},
        assimilation=6,
        hunted=[hunted(will=1, discard=["lair", "jungle"]), hunted(discard=["river"])],
    )
    play(s, OPT_GIVE_UP)
    assert (s.will[0], s.discard[0], s.assimilation) == (3, [], 5)
    play(s, place("lair"))
    at(s, D_EXPLORE, chooser=2)
    play(s, OPT_GIVE_UP)
    assert s.assimilation == 4
    assert s.hand[1] == mask(1, 2, 3, 4, 5)


@pytest.mark.parametrize(
    ("will", "discard", "allowed"),
    [(3, [], False), (3, ["lair"], True), (2, [], True)],
)
def test_give_up_refused_with_full_will_and_empty_discard(will, discard, allowed):
    """reference A.4 Give Up (BGA forbids it with 3 Will and an empty discard pile)."""
    s = explore(hunted=[hunted(will=will, discard=discard)])
    assert (OPT_GIVE_UP in legal(s)) is allowed


def test_no_resist_without_a_discard():
    """reference A.4 Resist (nothing to take back: not offered)."""
    s = explore(hunted=[hunted()])
    assert OPT_RESIST not in legal(s)


def test_resist_or_give_up_not_both():
    """reference A.4 Phase 1 (before playing, a Hunted may do one of: Resist, Give Up)."""
    s = explore(hunted=[hunted(discard=["lair", "jungle", "river"])])
    play(s, OPT_RESIST, place("lair"), place("jungle"))
    assert OPT_GIVE_UP not in legal(s)
    assert OPT_RESIST in legal(s)  # a second Resist is still allowed
