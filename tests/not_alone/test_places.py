"""Rule tests for the ten place cards, taking back instead of a power, and ineffective places.

Sources: seed 003 (shared/rules/seeds-digest.md "Seed 003": Place cards, Reckoning, Place
clarifications, worked examples) and shared/rules/not-alone-reference.md A.2, A.4, A.6, A.10.
"""

from __future__ import annotations

import pytest

from nemesis_env.games.not_alone.actions import (
    HUNTED,
    OPT_DRAW,
    OPT_TAKE_ALL,
    OPT_USE_POWER,
    PASS,
)
from nemesis_env.games.not_alone.game import NotAloneGame
from nemesis_env.games.not_alone.rules.kinds import (
    D_CREATURE_TOKEN,
    D_DISCARD_PLACE,
    D_DRAW_SURVIVAL,
    D_EXPLORE,
    D_GATE,
    D_LAIR,
    D_RESOLVE,
    D_RESOLVE_ORDER,
    D_RIVER,
    D_ROVER,
    D_SHELTER_KEEP,
    D_SOURCE,
    D_TAKE_BACK,
)
from nemesis_env.games.not_alone.state import (
    ARTEFACT_EFFECT,
    F_REVEALED,
    F_WRECK_USED,
    NO_EFFECT,
    RIVER_EFFECT,
)

from .conftest import (
    SURVIVAL,
    hunted,
    legal,
    mask,
    place,
    play,
    scenario,
    smask,
    survival,
    survival_outcome,
    top,
)


def reckoning(**overrides):
    """A scenario at the start of the Reckoning (phase 3)."""
    return scenario(phase="reckoning", **overrides)


def at(state, kind, chooser=1):
    """Asserts the open decision is `kind` for `chooser` (seat; Hunted h is seat h+1)."""
    d = top(state)
    assert (d.kind, d.chooser) == (kind, chooser), d
    return d


# -- 1 Lair ----------------------------------------------------------------------------------
def test_lair_takes_back_every_discard_but_not_itself():
    """seed 003 Place cards: Lair; place clarifications: Lair (the Lair itself is not taken
    back, it is not in the discard yet); reference A.6 Lair."""
    s = reckoning(
        hunted=[hunted(played=["lair"], discard=["jungle", "river"])],
        tokens={"creature": "beach"},
    )
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("jungle"), place("river"), OPT_USE_POWER}
    play(s, OPT_USE_POWER)
    at(s, D_LAIR)
    assert legal(s) == {OPT_TAKE_ALL, place("beach")}
    play(s, OPT_TAKE_ALL)
    # the turn ended: Lair went to the discard, everything else is in hand
    at(s, D_EXPLORE)
    assert s.turn == 2
    assert s.hand[0] == mask("jungle", "river", "beach", "rover")
    assert s.discard[0] == [1]


def test_lair_copies_the_creature_token_place():
    """seed 003 worked example (reckoning): Alžběta on the Lair copies the Wreck where the
    Creature is, Rescue +1; reference A.6 Lair."""
    s = reckoning(
        rescue=10,
        hunted=[hunted(played=["lair"], discard=["river"])],
        tokens={"creature": "wreck"},
    )
    play(s, OPT_USE_POWER)
    at(s, D_LAIR)
    assert legal(s) == {place("wreck"), OPT_TAKE_ALL}
    play(s, place("wreck"))
    assert s.rescue == 10 - 1 - 1  # the copied Wreck, then the end-of-turn move
    assert s.discard[0] == [3, 1]  # nothing taken back
    assert s.will[0] == 3


def test_lair_cannot_copy_the_artefact():
    """reference A.6 Lair/Artefact: the Artefact cannot be copied; seed 003 place
    clarifications: Artefact."""
    s = reckoning(
        hunted=[hunted(played=["lair"], discard=["jungle"])],
        tokens={"creature": "artefact"},
    )
    play(s, OPT_USE_POWER)
    at(s, D_LAIR)
    assert legal(s) == {OPT_TAKE_ALL}


def test_lair_with_only_the_artefact_to_copy_and_empty_discard_offers_nothing():
    """reference A.6 Lair (no Artefact copy) and A.10 (nothing usable, nothing to take back:
    the Hunted simply passes)."""
    s = reckoning(hunted=[hunted(played=["lair"])], tokens={"creature": "artefact"})
    at(s, D_EXPLORE)  # no place decision was opened; the next turn began
    assert s.turn == 2
    assert s.next_effect[0] == NO_EFFECT


def test_lair_never_copies_the_lair():
    """reference A.6 Lair: cannot copy the Lair itself (BGA "perpetual motion"). Reached by
    a Gate from the Jungle borrowing the Lair while the Creature token lies on the Lair."""
    s = reckoning(
        hunted=[hunted(played=["jungle"], discard=["river"], survival=["gate"])],
        tokens={"creature": "lair"},
    )
    play(s, PASS)  # phase-3 survival window (Gate is played when resolving the place)
    play(s, survival("gate"))
    at(s, D_GATE)
    play(s, place("lair"))
    at(s, D_LAIR)
    assert legal(s) == {OPT_TAKE_ALL}
    play(s, OPT_TAKE_ALL)
    assert s.hand[0] >> 2 & 1  # River back in hand


@pytest.mark.parametrize(("where", "lost"), [("lair", 2), ("jungle", 1), ("wreck", 1)])
def test_caught_at_the_lair_costs_two_will(where, lost):
    """seed 003 Place cards: Lair ("if caught here, lose 1 extra will"); reference A.4
    phase 3 step 5."""
    s = reckoning(assimilation=6, hunted=[hunted(played=[where])], tokens={"creature": where})
    assert s.will[0] == 3 - lost
    assert s.assimilation == 5


def test_caught_at_the_lair_with_two_will_breaks_the_hunted():
    """seed 003 Reckoning: losing the last Will -> Assimilation +1 more, all place cards back,
    3 fresh Will; reference A.4 phase 3 steps 5-6."""
    s = reckoning(
        assimilation=6,
        hunted=[hunted(played=["lair"], discard=["river", "beach"], will=2)],
        tokens={"creature": "lair"},
    )
    at(s, D_EXPLORE)
    assert s.will[0] == 3
    assert s.assimilation == 6 - 1 - 1
    assert s.discard[0] == []  # every place card back, the played Lair too (seed 003)
    assert s.hand[0] == mask("lair", "jungle", "river", "beach", "rover")


def test_lair_copying_the_jungle_takes_back_the_lair():
    """reference A.6 Lair: copying Jungle/Swamp, the card taken back as "this card" is the
    Lair (BGG thread 1807360)."""
    s = reckoning(
        hunted=[hunted(played=["lair"], discard=["river", "beach"])],
        tokens={"creature": "jungle"},
    )
    play(s, OPT_USE_POWER)
    at(s, D_LAIR)
    assert legal(s) == {place("jungle"), OPT_TAKE_ALL}
    play(s, place("jungle"))
    at(s, D_TAKE_BACK)
    assert legal(s) == {place("river"), place("beach")}
    play(s, place("river"))
    at(s, D_EXPLORE)
    assert s.hand[0] == mask("lair", "jungle", "river", "rover")
    assert s.discard[0] == [4]


# -- 2 Jungle --------------------------------------------------------------------------------
def test_jungle_takes_back_itself_and_one_discard():
    """reference A.6 Jungle: take back this card and 1 card from the discard."""
    s = reckoning(hunted=[hunted(played=["jungle"], discard=["lair", "river", "beach"])])
    at(s, D_RESOLVE)
    play(s, OPT_USE_POWER)
    at(s, D_TAKE_BACK)
    assert legal(s) == {place("lair"), place("river"), place("beach")}
    play(s, place("river"))
    at(s, D_EXPLORE)
    assert s.hand[0] == mask("jungle", "river", "rover")
    assert s.discard[0] == [1, 4]


def test_jungle_with_empty_discard_still_returns_itself():
    """reference A.6 Jungle ("take back this card"); A.10 take-back alternative."""
    s = reckoning(hunted=[hunted(played=["jungle"])])
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, OPT_USE_POWER}
    play(s, OPT_USE_POWER)
    at(s, D_EXPLORE)
    assert s.hand[0] == mask(1, 2, 3, 4, 5)
    assert s.discard[0] == []


# -- 3 River ---------------------------------------------------------------------------------
def test_river_two_cards_next_turn_keep_one_before_the_reveal():
    """reference A.6 River and A.4 phase 3 step 0: next turn play 2 cards, keep one and
    return the other to hand before the reveal; the Creature places tokens knowing 2 were
    played."""
    s = reckoning(rescue=12, hunted=[hunted(played=["river"])])
    play(s, OPT_USE_POWER)
    assert s.next_effect[0] == NO_EFFECT  # moved to this turn's effect at turn start
    assert s.this_effect[0] == RIVER_EFFECT
    at(s, D_EXPLORE)
    play(s, place("lair"))
    at(s, D_EXPLORE)  # a second card is due
    assert legal(s) == {place("jungle"), place("beach"), place("rover")}
    play(s, place("jungle"))
    at(s, D_CREATURE_TOKEN, chooser=0)
    assert s.game.view_for(s, 0).played_count == (2,)
    play(s, place("wreck"))
    at(s, D_RIVER)
    assert not s.flags & F_REVEALED
    assert legal(s) == {place("lair"), place("jungle")}
    play(s, place("jungle"))
    assert s.flags & F_REVEALED
    assert s.location[0] == [2]
    assert s.played[0] == [2]
    assert s.hand[0] == mask("lair", "beach", "rover")


# -- 4 Beach ---------------------------------------------------------------------------------
def test_beach_places_the_beacon_which_stays_next_turn():
    """seed 003 place clarifications: Beach (place the beacon); reference A.6 (the marker
    persists between turns)."""
    s = reckoning(rescue=10, hunted=[hunted(played=["beach"])])
    play(s, OPT_USE_POWER)
    at(s, D_EXPLORE)
    assert s.beacon is True
    assert s.rescue == 9  # only the end-of-turn move


def test_beach_removes_the_beacon_and_advances_rescue():
    """seed 003 place clarifications: Beach (remove the beacon, Rescue +1)."""
    s = reckoning(rescue=10, beacon=True, hunted=[hunted(played=["beach"])])
    play(s, OPT_USE_POWER)
    assert s.beacon is False
    assert s.rescue == 10 - 1 - 1


def test_beach_once_per_turn_for_the_table():
    """seed 003 place clarifications: Beach (one use per turn however many play it; the
    others may each take back 1 card); reference A.10."""
    s = reckoning(
        params={"players": 3},
        rescue=10,
        beacon=True,
        hunted=[hunted(played=["beach"]), hunted(played=["beach"], discard=["lair"])],
    )
    play(s, OPT_USE_POWER)
    assert (s.beacon, s.rescue) == (False, 9)
    at(s, D_RESOLVE, chooser=2)
    assert legal(s) == {PASS, place("lair")}
    play(s, place("lair"))
    assert s.beacon is False  # the second Hunted did not place it back
    assert s.rescue == 8
    assert s.hand[1] & mask("lair")


def test_beach_and_wreck_combine_in_one_turn():
    """seed 003 place clarifications: Beach and Wreck are combinable."""
    s = reckoning(
        params={"players": 3},
        rescue=10,
        beacon=True,
        hunted=[hunted(played=["beach"]), hunted(played=["wreck"])],
    )
    play(s, OPT_USE_POWER, OPT_USE_POWER)
    assert s.rescue == 10 - 1 - 1 - 1


@pytest.mark.parametrize("where", ["beach", "wreck"])
def test_interference_makes_beach_and_wreck_ineffective_without_take_back(where):
    """reference A.7 Interference, A.6 Beach/Wreck; seed 003 Reckoning (cancelled effect:
    no take-back either)."""
    s = reckoning(
        rescue=10,
        beacon=True,
        flags=["interference"],
        hunted=[hunted(played=[where], discard=["lair"])],
    )
    at(s, D_EXPLORE)  # no place decision at all
    assert s.rescue == 9
    assert s.beacon is True
    assert s.discard[0] == [1, 4 if where == "beach" else 8]


# -- 5 Rover ---------------------------------------------------------------------------------
def test_rover_takes_an_unowned_reserve_card():
    """reference A.6 Rover: a place you do not own ("anywhere": hand, discard, played), while
    a copy remains; the reserve loses that copy."""
    s = reckoning(
        params={"players": 3},
        hunted=[hunted(played=["rover"], discard=["swamp"]), hunted(played=["lair"])],
    )
    assert s.reserve == [1, 2, 2, 2, 2]  # the Swamp Hunted 0 owns came from the reserve
    at(s, D_RESOLVE)
    play(s, OPT_USE_POWER)
    at(s, D_ROVER)
    assert legal(s) == {place(p) for p in ("shelter", "wreck", "source", "artefact")}
    play(s, place("shelter"))
    assert s.reserve == [1, 1, 2, 2, 2]
    assert s.hand[0] & mask("shelter")
    assert s.owned[0] == mask(1, 2, 3, 4, 5, 6, 7)


def test_rover_skips_places_with_no_copy_left():
    """reference A.6 Rover: allowed only while a copy remains in the reserve."""
    s = reckoning(
        reserve={"swamp": 0, "shelter": 1, "wreck": 0, "source": 0, "artefact": 1},
        hunted=[hunted(played=["rover"])],
    )
    play(s, OPT_USE_POWER)
    at(s, D_ROVER)
    assert legal(s) == {place("shelter"), place("artefact")}
    play(s, place("artefact"))
    assert s.reserve == [0, 1, 0, 0, 0]


def test_rover_power_unusable_with_an_empty_reserve():
    """reference A.6 Rover and A.10: only take-back or pass remain."""
    s = reckoning(
        reserve={"swamp": 0, "shelter": 0, "wreck": 0, "source": 0, "artefact": 0},
        hunted=[hunted(played=["rover"], discard=["lair"])],
    )
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("lair")}


@pytest.mark.parametrize(("players", "copies"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 3)])
def test_reserve_copies_by_player_count(players, copies):
    """reference A.2 step 5 (1 copy with N=2, 2 with N=3-4, 3 with N=5-7); seed 003 Setup
    (1 with 1 Hunted, 2 with 2-3, 3 with 4-6)."""
    state = NotAloneGame(players=players).new_initial_state()
    assert state.reserve == [copies] * 5
    assert (
        scenario(params={"players": players}, hunted=[{}] * (players - 1)).reserve == [copies] * 5
    )


# -- 6 Swamp ---------------------------------------------------------------------------------
def test_swamp_takes_back_itself_and_two_discards():
    """reference A.6 Swamp."""
    s = reckoning(hunted=[hunted(played=["swamp"], discard=["lair", "river", "beach"])])
    play(s, OPT_USE_POWER)
    at(s, D_TAKE_BACK)
    play(s, place("lair"))
    at(s, D_TAKE_BACK)
    assert legal(s) == {place("river"), place("beach")}
    play(s, place("beach"))
    at(s, D_EXPLORE)
    assert s.hand[0] == mask("lair", "jungle", "beach", "rover", "swamp")
    assert s.discard[0] == [3]


# -- 7 Shelter -------------------------------------------------------------------------------
def test_shelter_draws_two_keeps_one():
    """reference A.6 Shelter: draw 2 survival cards, keep 1, discard the other."""
    s = reckoning(
        hunted=[hunted(played=["shelter"])],
        survival_deck=["adrenaline", "dodge", "drone"],
    )
    play(s, OPT_USE_POWER)
    at(s, D_DRAW_SURVIVAL, chooser=-1)
    assert sorted(s.chance_outcomes()) == [
        (survival_outcome(c), pytest.approx(1 / 3)) for c in ("adrenaline", "dodge", "drone")
    ]
    play(s, survival_outcome("dodge"), survival_outcome("adrenaline"))
    at(s, D_SHELTER_KEEP)
    assert legal(s) == {survival("adrenaline"), survival("dodge")}
    play(s, survival("dodge"))
    assert s.survival[0] == smask("dodge")
    assert s.surv_discard == [0]  # Adrenaline
    assert s.surv_deck.unseen == [SURVIVAL["drone"]]


def test_shelter_blocked_by_despair():
    """reference A.6 Shelter (blocked by Despair) and A.7 Despair."""
    s = reckoning(flags=["despair"], hunted=[hunted(played=["shelter"], discard=["lair"])])
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("lair")}


def test_shelter_reshuffles_the_used_survival_cards_when_the_deck_is_empty():
    """seed 003 place clarifications: Shelter and Source (empty deck: shuffle the used
    survival cards into a new deck); reference A.2 step 7."""
    s = reckoning(
        hunted=[hunted(played=["shelter"])],
        survival_deck=[],
        survival_discard=["adrenaline", "dodge"],
    )
    at(s, D_RESOLVE)
    assert OPT_USE_POWER in legal(s)
    play(s, OPT_USE_POWER)
    assert sorted(s.chance_outcomes()) == [
        (survival_outcome("adrenaline"), 0.5),
        (survival_outcome("dodge"), 0.5),
    ]
    play(s, survival_outcome("adrenaline"), survival_outcome("dodge"))
    play(s, survival("adrenaline"))
    assert s.survival[0] == smask("adrenaline")
    assert s.surv_discard == [8]  # Dodge
    assert len(s.surv_deck) == 0


# -- 8 Wreck ---------------------------------------------------------------------------------
def test_wreck_once_per_turn_for_the_table():
    """seed 003 place clarifications: Wreck (once per turn however many play it; the others
    each take back 1 card); reference A.6 and A.10."""
    s = reckoning(
        params={"players": 3},
        rescue=10,
        hunted=[hunted(played=["wreck"]), hunted(played=["wreck"], discard=["river"])],
    )
    play(s, OPT_USE_POWER)
    assert s.rescue == 9
    assert s.flags & F_WRECK_USED
    at(s, D_RESOLVE, chooser=2)
    assert legal(s) == {PASS, place("river")}
    play(s, place("river"))
    assert s.rescue == 8  # the end-of-turn move only
    assert s.hand[1] & mask("river")


# -- 9 Source --------------------------------------------------------------------------------
def test_source_gives_will_to_a_hunted_with_one_or_two_will():
    """reference A.6 Source: one Hunted of your choice regains 1 Will; the target must have
    1 or 2 Will."""
    s = reckoning(
        params={"players": 4},
        hunted=[
            hunted(played=["source"], extra=["source"]),
            hunted(played=["lair"], will=2),
            hunted(played=["lair"], will=1),
        ],
        tokens={"creature": "artefact"},
    )
    at(s, D_RESOLVE)
    play(s, OPT_USE_POWER)
    at(s, D_SOURCE)
    assert legal(s) == {HUNTED.id(1), HUNTED.id(2), OPT_DRAW}
    play(s, HUNTED.id(2))
    assert s.will == [3, 2, 2]


def test_source_draws_a_survival_card():
    """reference A.6 Source: or you draw 1 Survival card."""
    s = reckoning(hunted=[hunted(played=["source"])], survival_deck=["dodge", "gate"])
    play(s, OPT_USE_POWER)
    at(s, D_SOURCE)
    assert legal(s) == {OPT_DRAW}  # nobody has 1-2 Will
    play(s, OPT_DRAW, survival_outcome("gate"))
    assert s.survival[0] == smask("gate")
    assert s.surv_deck.unseen == [SURVIVAL["dodge"]]


def test_source_draw_blocked_by_despair_will_still_allowed():
    """reference A.6 Source (drawing is blocked by Despair)."""
    s = reckoning(flags=["despair"], hunted=[hunted(played=["source"], will=2)])
    play(s, OPT_USE_POWER)
    at(s, D_SOURCE)
    assert legal(s) == {HUNTED.id(0)}
    play(s, HUNTED.id(0))
    assert s.will == [3]


def test_source_unusable_with_full_will_under_despair():
    """reference A.6 Source: no Will target and no draw: power not usable (A.10)."""
    s = reckoning(flags=["despair"], hunted=[hunted(played=["source"], discard=["lair"])])
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("lair")}


def test_source_draw_reshuffles_an_empty_deck():
    """seed 003 place clarifications: Shelter and Source (reshuffle used survival cards)."""
    s = reckoning(hunted=[hunted(played=["source"])], survival_deck=[], survival_discard=["vortex"])
    play(s, OPT_USE_POWER, OPT_DRAW)
    assert s.chance_outcomes() == [(survival_outcome("vortex"), 1.0)]
    play(s, survival_outcome("vortex"))
    assert s.survival[0] == smask("vortex")
    assert s.surv_discard == []


# -- 10 Artefact -----------------------------------------------------------------------------
def test_artefact_two_cards_next_turn_both_resolved_in_chosen_order():
    """reference A.6 Artefact (next turn play 2 cards and resolve both); seed 003 place
    clarifications: Artefact (in the order the Hunted chooses, normal phase-3 rules)."""
    s = reckoning(rescue=12, hunted=[hunted(played=["artefact"], extra=["wreck"])])
    play(s, OPT_USE_POWER)
    assert s.this_effect[0] == ARTEFACT_EFFECT
    at(s, D_EXPLORE)
    play(s, place("beach"))
    at(s, D_EXPLORE)
    play(s, place("wreck"))
    at(s, D_CREATURE_TOKEN, chooser=0)
    play(s, place("lair"))
    at(s, D_RESOLVE_ORDER)  # no River choice: both cards stay
    assert s.location[0] == [4, 8]
    assert legal(s) == {place("beach"), place("wreck")}
    play(s, place("wreck"))
    d = at(s, D_RESOLVE)
    assert s.location[0][d.payload.slot] == 8
    play(s, OPT_USE_POWER)
    assert s.rescue == 10
    d = at(s, D_RESOLVE)
    assert s.location[0][d.payload.slot] == 4
    play(s, OPT_USE_POWER)
    assert s.beacon is True
    assert s.rescue == 9
    assert s.discard[0] == [10, 4, 8]


@pytest.mark.parametrize("first", ["artefact", "river"])
def test_river_and_artefact_never_both_pending(first):
    """reference A.10 and A.6 River; seed 003 place clarifications: Artefact (able to use
    both River and Artefact: choose one, then may take back 1 card)."""
    s = reckoning(
        hunted=[hunted(played=["artefact", "river"], discard=["lair"], this_effect="artefact")]
    )
    at(s, D_RESOLVE_ORDER)
    play(s, place(first))
    play(s, OPT_USE_POWER)
    expected = ARTEFACT_EFFECT if first == "artefact" else RIVER_EFFECT
    assert s.next_effect[0] == expected
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("lair")}
    play(s, place("lair"))
    assert s.next_effect[0] == NO_EFFECT
    assert s.this_effect[0] == expected
    assert s.hand[0] & mask("lair")


def test_artefact_places_caught_separately():
    """reference A.6 Artefact: both places can be caught, each separately (here only one)."""
    s = reckoning(
        rescue=10,
        assimilation=6,
        hunted=[hunted(played=["wreck", "jungle"], extra=["wreck"], this_effect="artefact")],
        tokens={"creature": "jungle"},
    )
    at(s, D_RESOLVE)  # only the Wreck is token-free: no order to choose
    play(s, OPT_USE_POWER)
    assert s.rescue == 8
    assert s.will == [2]
    assert s.assimilation == 5


# -- take back instead of the power; ineffective places --------------------------------------
def test_take_back_instead_of_the_power():
    """seed 003 Reckoning (use the effect OR take back 1 place card); reference A.10. Taking
    back leaves the Wreck unused for the next Hunted."""
    s = reckoning(
        params={"players": 3},
        rescue=10,
        hunted=[hunted(played=["wreck"], discard=["lair", "river"]), hunted(played=["wreck"])],
    )
    at(s, D_RESOLVE)
    assert legal(s) == {PASS, place("lair"), place("river"), OPT_USE_POWER}
    play(s, place("river"))
    assert s.rescue == 10
    assert s.discard[0] == [1]
    assert s.hand[0] & mask("river")
    at(s, D_RESOLVE, chooser=2)
    assert OPT_USE_POWER in legal(s)
    play(s, OPT_USE_POWER)
    assert s.rescue == 8


@pytest.mark.parametrize(
    "cancel",
    [
        {"ineffective": ["jungle"]},  # Cataclysm
        {"flags": ["mirage"], "tokens": {"target": ["jungle", "river"]}},  # Mirage
    ],
)
def test_ineffective_place_gives_no_take_back(cancel):
    """seed 003 Reckoning ("if the effect is cancelled by a hunt card, they may not take a
    card back either") and worked example (Jiří on the Rover under Mirage)."""
    s = reckoning(hunted=[hunted(played=["jungle"], discard=["lair"])], **cancel)
    at(s, D_EXPLORE)
    assert s.turn == 2
    assert s.discard[0] == [1, 2]
    assert s.hand[0] == mask("river", "beach", "rover")


def test_seed_worked_example_reckoning():
    """seed 003 worked example (reckoning): Alžběta (Lair) copies the Wreck, Rescue +1;
    Jiří (Rover, Mirage) gets nothing, no take-back; Barbora (Jungle, Artemia token)
    discards 1; Michal and Jan (Wreck, Creature) lose 1 Will, Assimilation +1; Michal loses
    his last Will: Assimilation +1 more, all cards back, 3 Will."""
    s = reckoning(
        params={"players": 6},
        rescue=10,
        assimilation=8,
        hunted=[
            hunted(played=["lair"]),
            hunted(played=["rover"], discard=["lair"]),
            hunted(played=["jungle"]),
            hunted(played=["wreck"], extra=["wreck"], discard=["river"], will=1),
            hunted(played=["wreck"], extra=["wreck"]),
        ],
        tokens={"creature": "wreck", "target": ["rover", "artefact"], "artemia": "jungle"},
        flags=["mirage"],
    )
    at(s, D_RESOLVE)  # only Alžběta has a choice
    play(s, OPT_USE_POWER)
    assert legal(s) == {place("wreck")}
    play(s, place("wreck"))
    assert s.rescue == 9
    at(s, D_DISCARD_PLACE, chooser=3)
    play(s, place("beach"))
    at(s, D_EXPLORE)
    assert s.rescue == 8
    assert s.assimilation == 8 - 1 - 1
    assert s.will == [3, 3, 3, 3, 2]
    assert s.discard[1] == [1, 5]
    assert s.discard[2] == [4, 2]
    assert s.discard[3] == []  # Michal took every place card back, the played Wreck too
    assert s.hand[3] == mask(1, 2, 3, 4, 5, 8)
