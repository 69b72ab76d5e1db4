"""Rule tests for Tracking and Flashback, the Hunt cards that act on later or earlier cards
(split from test_hunt_cards.py; same sources: shared/rules/not-alone-reference.md A.7, A.10 and
seeds-digest.md seed 003). Every state is built with the scenario loader at the start of a
phase; chance draws are forced by applying the wanted outcome id.
"""

from __future__ import annotations

from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    PASS,
)
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.games.not_alone.state import (
    F_FIERCENESS,
)

from .driver import expect, play
from .hunt_helpers import (
    HC,
    HI,
    JUNGLE,
    SOURCE,
    P,
    build,
    hunting,
)


# -- Tracking -----------------------------------------------------------------------------------
def test_tracking_allows_two_hunt_cards_next_turn() -> None:
    """Reference A.7 Tracking (phase 4) and A.4: next turn the Creature may play up to 2 Hunt
    cards (otherwise one per turn, seed 003 "Hunt cards")."""
    s = build(
        players=2,
        phase="end_of_turn",
        creature={"hand": ["tracking", "fierceness", "interference"]},
        hunt_deck=["scream"],
        hunted=[{"hand": [2, 3, 4, 5], "played": ["lair"]}],
    )
    play(s, HC("tracking"))
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.hunt_limit == 2
    play(s, HI("scream"))
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS]  # no phase-1 card in hand
    play(s, PASS)
    expect(s, K.D_EXPLORE, 1)
    play(s, P(JUNGLE))
    play(s, HC("fierceness"))
    legal = expect(s, K.D_CREATURE_WINDOW, 0)  # the window stays open for a second card
    assert HC("interference") in legal
    play(s, HC("interference"))
    expect(s, K.D_CREATURE_TOKEN, 0)
    assert s.hunt_played == [HI("fierceness"), HI("interference")]
    assert s.hunt_limit == 0


# -- Flashback ----------------------------------------------------------------------------------
def test_flashback_is_illegal_with_an_empty_hunt_discard() -> None:
    """Reference A.7 Flashback: copies the last discarded Hunt card; illegal if the discard pile
    is empty."""
    s = hunting(["flashback"], [{"hand": [1, 3, 4, 5], "played": ["jungle"]}])
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS]


def test_flashback_is_illegal_with_an_empty_hunt_discard_in_phase_one() -> None:
    """Reference A.7 Flashback: illegal if the discard pile is empty, in every phase; phase 1
    too, where the first Hunt card (Despair) would be played."""
    s = build(
        players=2,
        phase="exploration",
        creature={"hand": ["flashback"]},
        hunted=[{"hand": [1, 2, 3, 4, 5]}],
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS]


def test_a_flashback_copy_of_fierceness_adds_one_more_will() -> None:
    """docs/rules-decisions.md 17: Fierceness adds 1 Will per caught Hunted, and a Flashback copy
    of Fierceness 1 more: 1 (the Jungle) + 1 + 1 = 3. With one Fierceness card in the box this
    needs a scenario that starts with the Fierceness effect in force and Fierceness on top of
    the discard pile."""
    s = hunting(
        ["flashback"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}],
        flags=["fierceness"],
        creature={"discard": ["cataclysm", "fierceness"]},
    )
    play(s, HC("flashback"), P(JUNGLE))
    lost = [e.payload for e in s.events if e.kind == "will"]
    assert lost == [(("hunted", 0), ("lost", 3), ("will", 0))]


def test_flashback_copies_the_top_of_the_hunt_discard() -> None:
    """Reference A.7 Flashback: copy the top of the Hunt discard pile (here Fierceness, so it is
    played in phase 2 and the catch costs 2 Will)."""
    s = hunting(
        ["flashback"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}],
        creature={"discard": ["cataclysm", "fierceness"]},
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS, HC("flashback")]
    play(s, HC("flashback"))
    assert s.flags & F_FIERCENESS
    assert s.hunt_played == [HI("flashback")]
    play(s, P(JUNGLE))
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.will == [1]
    assert s.hunt_discard == [HI("cataclysm"), HI("fierceness"), HI("flashback")]


def test_flashback_is_played_in_the_phase_of_the_copied_card() -> None:
    """Reference A.7 Flashback: played in the phase of the copied card (Cataclysm: phase 3)."""
    s = hunting(
        ["flashback"],
        [{"hand": [1, 3, 4, 5], "played": ["jungle"]}],
        creature={"discard": ["fierceness", "cataclysm"]},
    )
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS]  # phase 2: not yet
    play(s, PASS, P(SOURCE))
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS, HC("flashback")]
    play(s, HC("flashback"))
    expect(s, K.D_CATACLYSM, 0)
