"""The three worked examples of seed 003 (Not Alone, Czech rulebook), replayed step by step.

Source: shared/rules/seeds-digest.md, "Seed 003", paragraphs "Worked example (exploration)",
"Worked example (hunting)" and "Worked example (reckoning)"; every outcome the seed states is
asserted. The hunting and reckoning examples share one table of 6 players: the Creature
(Hynek) and 5 Hunted in seat order Alžběta, Jiří, Barbora, Michal, Jan (seed 003 Reckoning:
"starting with the Hunted to the Creature's left").
"""

from __future__ import annotations

from typing import Any

import pytest

from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    HUNT,
    OPT_GIVE_UP,
    OPT_RESIST,
    OPT_USE_POWER,
    PASS,
    SURVIVAL,
)
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.games.not_alone.state import F_ARTEMIA_CARD, F_MIRAGE
from nemesis_env.scenario import load

from .driver import expect, mask, play, top
from .hunt_helpers import (
    ARTEFACT,
    BEACH,
    DATA,
    JUNGLE,
    LAIR,
    PAIR,
    RIVER,
    ROVER,
    WRECK,
    P,
)

ALZBETA, JIRI, BARBORA, MICHAL, JAN = range(5)  # Hunted indices; seat = index + 1


# -- (a) exploration: Barbora resists ---------------------------------------------------------
def barbora_exploring(will: int = 3) -> Any:
    return load(
        {
            "game": "not_alone",
            "params": {"players": 3, "board_side": 1},
            "phase": "exploration",
            "creature": {"limit": 0},
            "hunted": [
                {"name": "Barbora", "will": will, "hand": [1, 4], "discard": [2, 3, 5]},
                {"hand": [1, 2, 3, 4, 5]},
            ],
        }
    )


def test_a_barbora_resists_loses_one_will_and_takes_two_cards_back() -> None:
    """Seed 003, worked example (exploration): "Barbora has only 2 place cards left ... she
    Resists: loses 1 will, takes 2 cards back." She still has to play a place card afterwards
    (seed 003 phase 1: playing a place card is mandatory); Assimilation does not move."""
    s = barbora_exploring()
    assimilation = s.assimilation
    legal = expect(s, K.D_EXPLORE, 1)
    assert s.hand[0].bit_count() == 2
    assert {P(LAIR), P(BEACH), OPT_RESIST, OPT_GIVE_UP} <= set(legal)
    play(s, OPT_RESIST)
    assert s.will[0] == 2
    d = top(s)
    assert (d.kind, d.chooser, d.payload.remaining) == (K.D_TAKE_BACK, 1, 2)
    assert s.legal_actions() == [P(JUNGLE), P(RIVER), P(ROVER)]
    play(s, P(JUNGLE))
    assert expect(s, K.D_TAKE_BACK, 1) == [P(RIVER), P(ROVER)]
    play(s, P(ROVER))
    assert s.hand[0] == mask(LAIR, JUNGLE, BEACH, ROVER)
    assert s.discard[0] == [RIVER]
    assert s.will[0] == 2
    assert s.assimilation == assimilation
    legal = expect(s, K.D_EXPLORE, 1)  # the place card is still to be played
    assert P(JUNGLE) in legal and P(ROVER) in legal
    play(s, P(ROVER))
    assert s.played[0] == [ROVER]


def test_a_resisting_away_the_last_will_forces_give_up() -> None:
    """Seed 003 phase 1: "If this loses their third (last) will counter, they must Give up":
    all Will and all place cards back, Assimilation +1 (seed 003 Give up)."""
    s = barbora_exploring(will=1)
    assimilation = s.assimilation
    play(s, OPT_RESIST)
    assert s.will[0] == 3
    assert s.discard[0] == []
    assert s.hand[0] == mask(1, 2, 3, 4, 5)
    assert s.assimilation == assimilation - 1
    assert s.gave_up[0] is True
    expect(s, K.D_EXPLORE, 1)


# -- (b) hunting: Hynek -------------------------------------------------------------------------
TABLE = [
    {"name": "Alžběta", "played": ["lair"], "hand": [2, 4, 5], "discard": [3]},
    {"name": "Jiří", "played": ["rover"], "hand": [1, 2, 3], "discard": [4]},
    {"name": "Barbora", "played": ["jungle"], "hand": [1, 3], "discard": [4, 5]},
    {"name": "Michal", "played": ["wreck"], "hand": [1, 2], "discard": [3, 4, 5], "will": 1},
    {"name": "Jan", "played": ["wreck"], "hand": [1, 2, 3, 4, 5]},
]
# Alžběta holds Amplifier (phase 4) only so that her phase-4 survival window stops the engine
# right after the Reckoning, before the end-of-turn discards and Rescue move.
CHECKPOINT_CARD = "amplifier"
START_RESCUE = 5  # an Artemia square on board side 1 (reference A.3: distances 1-6)


def table(phase: str, rescue: int = START_RESCUE, **doc: Any) -> Any:
    hunted = [dict(row) for row in TABLE]
    hunted[ALZBETA]["survival"] = [CHECKPOINT_CARD]
    return load(
        {
            "game": "not_alone",
            "params": {"players": 6, "board_side": 1},
            "phase": phase,
            "rescue": rescue,
            "hunted": hunted,
            **doc,
        }
    )


def hynek_hunts(s: Any) -> None:
    """Seed 003 hunting example. The engine opens the Creature's hunt-card window before the
    tokens (engine brief, documented turn order), so Mirage comes first here; the tokens end up
    exactly where the seed puts them."""
    mirage = HUNT.id(DATA.hunt_index("mirage"))
    assert expect(s, K.D_CREATURE_WINDOW, 0) == [PASS, mirage]
    play(s, mirage)
    assert len(expect(s, K.D_TARGET_PAIR, 0)) == 13
    play(s, PAIR(ROVER, ARTEFACT))  # "Target tokens on the Rover and the Artefact"
    expect(s, K.D_CREATURE_TOKEN, 0)
    play(s, P(WRECK))  # "Hynek puts the Creature token on the Wreck"
    # Mirage has no Artemia symbol: the token comes from the Rescue counter's square.
    assert not s.flags & F_ARTEMIA_CARD
    expect(s, K.D_ARTEMIA_TOKEN, 0)
    play(s, P(JUNGLE))  # "he also places the Artemia token, on the Jungle"


def test_b_hynek_places_creature_and_artemia_tokens_and_plays_mirage() -> None:
    """Seed 003, worked example (hunting): "Hynek puts the Creature token on the Wreck. The space
    under the Rescue counter shows the Artemia symbol, so he also places the Artemia token, on
    the Jungle. He plays the hunt card Mirage ...: Target tokens on the Rover and the
    Artefact." Reference A.3: side 1's Artemia squares are Rescue distances 1-6."""
    s = table("hunting", creature={"hand": ["mirage"]})
    hynek_hunts(s)
    assert s.creature_token == WRECK
    assert s.artemia == mask(JUNGLE)
    assert s.target == mask(ROVER, ARTEFACT)
    assert s.flags & F_MIRAGE
    assert s.hunt_played == [DATA.hunt_index("mirage")]


@pytest.mark.parametrize(("rescue", "artemia"), [(START_RESCUE, True), (7, False)])
def test_b_the_artemia_token_comes_from_the_rescue_square(rescue: int, artemia: bool) -> None:
    """Seed 003 hunting example ("The space under the Rescue counter shows the Artemia symbol,
    so he also places the Artemia token") and reference A.3: off an Artemia square (distance 7
    on side 1) and without an Artemia-symbol card there is no Artemia token."""
    s = table("hunt_tokens", rescue=rescue, creature={"limit": 0})
    play(s, P(WRECK))
    assert (top(s).kind == K.D_ARTEMIA_TOKEN) == artemia


# -- (c) reckoning --------------------------------------------------------------------------
def reckoning(s: Any) -> None:
    """Seed 003, worked example (reckoning), from the reveal to the end of phase 3."""
    rescue, assimilation = s.rescue, s.assimilation
    # Alžběta, Lair, no token: copies the Wreck (Creature token) -> Rescue +1.
    if top(s).kind == K.D_HUNTED_WINDOW:  # her phase-3 survival window (nothing playable)
        assert s.legal_actions() == [PASS]
        play(s, PASS)
    legal = expect(s, K.D_RESOLVE, ALZBETA + 1)
    assert legal == [PASS, P(RIVER), OPT_USE_POWER]
    play(s, OPT_USE_POWER)
    assert P(WRECK) in expect(s, K.D_LAIR, ALZBETA + 1)
    play(s, P(WRECK))
    assert s.rescue == rescue - 1
    assert s.hand[ALZBETA] == mask(JUNGLE, BEACH, ROVER)  # copying takes nothing back
    # Jiří, Rover under Mirage: nothing, and no take-back although his Beach is discarded.
    # Barbora, Jungle with the Artemia token: discards 1 place card, no effect.
    legal = expect(s, K.D_DISCARD_PLACE, BARBORA + 1)
    assert legal == [P(LAIR), P(RIVER)]
    assert s.hand[JIRI] == mask(LAIR, JUNGLE, RIVER) and s.discard[JIRI] == [BEACH]
    play(s, P(RIVER))
    # Michal and Jan, Wreck with the Creature token: caught, then Michal's lost last Will.
    expect(s, K.D_HUNTED_WINDOW, ALZBETA + 1)  # the phase-4 checkpoint
    assert s.stage == K.S_P4_HUNTED
    assert s.hand[BARBORA] == mask(LAIR) and s.discard[BARBORA] == [BEACH, ROVER, RIVER]
    assert s.played[BARBORA] == [JUNGLE]  # the Jungle was not used: not taken back
    assert s.will == [3, 3, 3, 3, 2]  # Jan lost 1; Michal lost his last and got 3 back
    # "take all their place cards back into hand": the played Wreck too (BGA does the same)
    assert s.hand[MICHAL] == mask(LAIR, JUNGLE, RIVER, BEACH, ROVER, WRECK)
    assert s.discard[MICHAL] == []
    assert s.hand[JAN] == mask(1, 2, 3, 4, 5)
    assert s.assimilation == assimilation - 2  # +1 once for the catches, +1 for Michal
    assert s.rescue == rescue - 1


def reckoning_table() -> Any:
    return table(
        "reckoning",
        creature={"played": ["mirage"]},
        flags=["mirage"],
        tokens={"creature": "wreck", "target": ["rover", "artefact"], "artemia": "jungle"},
    )


def test_c_reckoning_of_the_five_hunted() -> None:
    """Seed 003, worked example (reckoning), 6 players: "Alžběta reveals the Lair (no token):
    she copies the Wreck (where the Creature is) and moves the Rescue counter forward 1. Jiří
    reveals the Rover: nothing, it is targeted by Mirage; with the effect cancelled he cannot
    take a card back. Barbora reveals the Jungle: Artemia token, no effect, and she discards 1
    place card from hand. Michal and Jan both reveal the Wreck: Creature token; neither uses
    it; each loses 1 will and the Assimilation counter moves forward 1. Michal has lost his
    third will: the Assimilation counter moves 1 more; he takes all place cards back and 3 new
    will counters." """
    s = reckoning_table()
    assert s.num_hunted == 5
    assert (s.rescue, s.assimilation) == (START_RESCUE, 11)  # 5 + N for N = 6 (reference A.3)
    reckoning(s)
    assert (s.rescue, s.assimilation) == (START_RESCUE - 1, 9)


def test_c_reckoning_then_end_of_turn() -> None:
    """Seed 003 End of turn after the reckoning example: played cards are discarded face up
    (Michal's and Jan's Wrecks, Barbora's Jungle, ...), the Rescue counter moves 1 more and the
    Creature refills to 3 hunt cards."""
    s = reckoning_table()
    reckoning(s)
    play(s, PASS)  # Alžběta's phase-4 window
    expect(s, K.D_DRAW_HUNT, CHANCE)
    assert s.rescue == START_RESCUE - 2
    assert s.discard[MICHAL] == []
    assert s.discard[JAN] == [WRECK]
    assert s.discard[BARBORA] == [BEACH, ROVER, RIVER, JUNGLE]
    assert s.discard[JIRI] == [BEACH, ROVER]
    assert s.discard[ALZBETA] == [RIVER, LAIR]
    assert s.hunt_discard == [DATA.hunt_index("mirage")]


def test_b_then_c_one_whole_turn() -> None:
    """Seed 003 hunting and reckoning examples played as one turn from the start of phase 2:
    Hynek's tokens and Mirage, then the reckoning, with every outcome the seed states."""
    s = table("hunting", creature={"hand": ["mirage"]})
    hynek_hunts(s)
    # Phase-2 survival window of Alžběta (Amplifier is a phase-4 card: nothing to play).
    assert expect(s, K.D_HUNTED_WINDOW, ALZBETA + 1) == [PASS]
    play(s, PASS)
    reckoning(s)
    assert (s.rescue, s.assimilation) == (START_RESCUE - 1, 9)
    assert SURVIVAL.id(DATA.survival_index(CHECKPOINT_CARD)) not in s.legal_actions()  # no beacon
