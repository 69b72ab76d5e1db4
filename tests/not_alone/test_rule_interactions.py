"""Rule interactions that single-card tests miss: a Target token sharing its place with another
token, Strike Back's cards under the hunt deck across a reshuffle, and Sacrifice's boundary.

Each test was written against a mutant of the rules that the rest of the suite let through
(issue 10, item 10); the expected values come from the sources cited in each docstring, not
from the code.
"""

from __future__ import annotations

import pytest

from nemesis_env.games.not_alone.actions import OPT_LOSE_WILL
from nemesis_env.games.not_alone.rules.kinds import (
    D_DISCARD_PLACE,
    D_DRAW_HUNT,
    D_EXPLORE,
    D_RESOLVE,
    D_SACRIFICE,
    D_SCREAM,
)

from .conftest import (
    HUNT,
    hmask,
    hunted,
    legal,
    mask,
    place,
    play,
    scenario,
    survival,
    top,
)

CHANCE = -1


def at(state, kind, chooser=1):
    """Asserts the open decision is `kind` for `chooser` (seat; Hunted h is seat h+1)."""
    d = top(state)
    assert (d.kind, d.chooser) == (kind, chooser), d
    return d


# -- the Target token with another token on its place ------------------------------------------
def screamed_on_the_jungle(tokens):
    """Reckoning: Scream's Target token on the Jungle, where the only Hunted stands; the Hunted
    has a River in the discard, so resolving the Jungle ("take back this card and 1 card")
    would be a real choice, offered as a D_RESOLVE decision."""
    return scenario(
        phase="reckoning",
        assimilation=7,
        creature={"limit": 0, "played": ["scream"]},
        flags=["scream"],
        hunted=[hunted(played=["jungle"], discard=["river"])],
        tokens={"target": ["jungle"], **tokens},
    )


def test_target_with_the_creature_token_does_not_resolve_the_place():
    """Reference A.4 step 3: Hunted on the targeted place suffer the Target card, then resolve
    the place "unless ... the Creature or Artemia token is also there"; step 5: the Creature
    token catches them (1 Will, Assimilation +1) and they cannot use the place. Seed 003
    Reckoning: a caught Hunted takes no card back. So: Scream (lose 1 Will), no resolve, caught
    (1 more Will), and the River stays in the discard."""
    s = screamed_on_the_jungle({"creature": "jungle"})
    at(s, D_SCREAM)
    play(s, OPT_LOSE_WILL)
    assert top(s).kind != D_RESOLVE  # the Jungle is not used, nor a card taken back
    at(s, D_DRAW_HUNT, chooser=CHANCE)  # end of turn: the Creature refills
    assert s.will == [1]  # Scream 1 + caught 1
    assert s.assimilation == 6  # one catch
    assert s.discard[0] == [3, 2]  # River still there, the Jungle discarded on top
    assert s.hand[0] == mask(1, 4, 5)


def test_target_with_the_artemia_token_does_not_resolve_the_place():
    """Reference A.4 step 3 (as above, with the Artemia token) and step 4: a Hunted on the
    Artemia token's place cannot use it and discards 1 place card from hand; seed 003
    Reckoning: "cannot use the place and cannot take a card back". So: Scream (lose 1 Will),
    no resolve, one discard; the Creature token elsewhere catches nobody."""
    s = screamed_on_the_jungle({"artemia": "jungle", "creature": "wreck"})
    at(s, D_SCREAM)
    play(s, OPT_LOSE_WILL)
    assert top(s).kind != D_RESOLVE
    at(s, D_DISCARD_PLACE)
    assert legal(s) == {place(p) for p in (1, 4, 5)}
    play(s, place("beach"))
    at(s, D_DRAW_HUNT, chooser=CHANCE)
    assert s.will == [2]  # Scream only
    assert s.assimilation == 7  # nobody caught
    assert s.discard[0] == [3, 4, 2]


def test_target_alone_resolves_the_place():
    """Control for the two tests above (reference A.4 step 3): with no other token there, the
    Hunted on Scream's place resolves it after the Scream, and may take back the River."""
    s = screamed_on_the_jungle({"creature": "wreck"})
    play(s, OPT_LOSE_WILL)
    at(s, D_RESOLVE)


# -- Strike Back's cards under the hunt deck ----------------------------------------------------
def hunt_outcomes(s):
    return sorted(card for card, _ in s.chance_outcomes())


def test_struck_back_cards_are_drawn_before_the_discard_is_reshuffled():
    """Reference A.8 Strike Back: the cards go "on the bottom of the Hunt deck"; A.2 step 7: a
    deck is rebuilt from its discard pile only "when [it] runs out" (rules-decisions 23 and
    27: struck-back cards come after the shuffled part, and the reshuffle waits until a draw
    finds the deck empty). So with 1 unseen card above 2 struck-back cards and 2 cards in the
    hunt discard, the Creature's refill draws the unseen card, then the struck-back cards in
    the order they went under; the discard pile is untouched until the deck is empty."""
    s = scenario(
        phase="end_of_turn",
        creature={"hand": [], "limit": 0, "bottom": ["mirage", "clone"],
                  "discard": ["despair", "phobia"]},
        hunt_deck=["scream"],
        hunted=[hunted(played=["jungle"])],
    )  # fmt: skip
    at(s, D_DRAW_HUNT, chooser=CHANCE)  # the refill: 3 draws, the deck holds exactly 3
    assert hunt_outcomes(s) == [HUNT["scream"]]  # the unseen part comes first, alone
    play(s, HUNT["scream"])
    assert hunt_outcomes(s) == [HUNT["mirage"]]
    play(s, HUNT["mirage"])
    assert hunt_outcomes(s) == [HUNT["clone"]]
    assert s.hunt_discard == [HUNT["despair"], HUNT["phobia"]]  # not reshuffled yet
    play(s, HUNT["clone"])
    assert s.hunt_hand == hmask("scream", "mirage", "clone")
    assert s.hunt_discard == [HUNT["despair"], HUNT["phobia"]]
    assert len(s.hunt_deck) == 0


def test_the_discard_is_reshuffled_once_the_struck_back_cards_are_drawn():
    """Same sources: when the last struck-back card has been drawn the deck has run out, and
    the next draw shuffles the discard pile into a new deck (reference A.2 step 7)."""
    s = scenario(
        phase="end_of_turn",
        creature={"hand": ["stasis"], "limit": 0, "bottom": ["mirage"],
                  "discard": ["despair", "phobia"]},
        hunt_deck=[],
        hunted=[hunted(played=["jungle"])],
    )  # fmt: skip
    assert hunt_outcomes(s) == [HUNT["mirage"]]
    play(s, HUNT["mirage"])
    assert hunt_outcomes(s) == sorted([HUNT["despair"], HUNT["phobia"]])
    assert s.hunt_discard == []


# -- Sacrifice needs a card to spare -----------------------------------------------------------
@pytest.mark.parametrize(
    ("effect", "hand", "allowed"),
    [
        ("none", [1], False),  # one card: it must be played
        ("none", [1, 2], True),  # one to discard, one to play
        ("river", [1, 2], False),  # River: two cards to play
        ("river", [1, 2, 3], True),
        ("artefact", [1, 2], False),  # Artefact: two cards to play
        ("artefact", [1, 2, 3], True),
    ],
)
def test_sacrifice_only_with_a_card_to_spare(effect, hand, allowed):
    """Reference A.8 Sacrifice: "Discard 1 Place card"; A.4 phase 1: every Hunted "must" play
    1 place card, 2 with a River or Artefact effect pending. Sacrifice is therefore playable
    only while the hand holds more cards than the Hunted must play (rules-decisions 20: "with a
    card to spare"), and afterwards the Hunted still plays the cards they owe."""
    discard = [p for p in (1, 2, 3, 4, 5) if p not in hand]
    s = scenario(
        phase="exploration",
        hunted=[hunted(hand=hand, discard=discard, survival=["sacrifice"], this_effect=effect)],
    )
    at(s, D_EXPLORE)
    assert (survival("sacrifice") in legal(s)) == allowed
    if not allowed:
        return
    play(s, survival("sacrifice"))
    at(s, D_SACRIFICE)
    play(s, place(hand[0]))
    owed = 1 if effect == "none" else 2
    for card in hand[1:]:  # everything left must be played: exactly what is owed
        at(s, D_EXPLORE)
        assert place(card) in legal(s)
        play(s, place(card))
    assert len(s.played[0]) == owed
    assert s.discard[0][-1] == hand[0]
    assert top(s).kind != D_EXPLORE
