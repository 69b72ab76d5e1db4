"""A survival card drawn during the Reckoning can still be played in it (issue 10 item 8.2;
docs/rules-decisions.md 39).

Seed 003 "Survival cards": a card may be played at any time during the phase printed on it;
reference A.8 Hologram and Wrong Track (phase 3, before their token resolves), A.6 Source and
Shelter (draw survival cards). A Hunted who draws at the Source or the Shelter while places
resolve gets a phase-3 window right after the draw (after the keep at the Shelter).
"""

from __future__ import annotations

from nemesis_env.games.not_alone.actions import OPT_DRAW, OPT_USE_POWER, PASS
from nemesis_env.games.not_alone.rules.kinds import (
    D_EXPLORE,
    D_HUNTED_WINDOW,
    D_MOVE_TOKEN,
    D_SHELTER_KEEP,
    D_SOURCE,
)

from .conftest import (
    hunted,
    legal,
    num,
    place,
    play,
    scenario,
    survival,
    survival_outcome,
    top,
)


def test_hologram_drawn_at_the_source_moves_the_artemia_token_before_it_resolves():
    s = scenario(
        phase="reckoning",
        tokens={"artemia": "jungle"},
        survival_deck=["hologram", "adrenaline"],
        hunted=[hunted(played=["source", "jungle"], extra=["source"], this_effect="artefact")],
    )
    assert top(s).kind != D_HUNTED_WINDOW  # no survival card yet: no phase-3 window
    play(s, OPT_USE_POWER)  # the token-free Source
    assert top(s).kind == D_SOURCE
    play(s, OPT_DRAW, survival_outcome("hologram"))
    assert (top(s).kind, top(s).chooser) == (D_HUNTED_WINDOW, 1)
    assert legal(s) == {PASS, survival("hologram")}
    play(s, survival("hologram"))
    assert top(s).kind == D_MOVE_TOKEN
    play(s, place("lair"))  # off the Jungle, where Hunted 0 stands
    moved = [e for e in s.events if e.kind == "move_token"]
    assert [dict(e.payload)["place"] for e in moved] == [num("lair")]
    assert not [e for e in s.events if e.kind == "artemia_catch"]
    assert not [e for e in s.events if e.kind == "discard"]  # no place card lost to Artemia
    assert top(s).kind == D_EXPLORE  # the turn ended


def test_wrong_track_kept_at_the_shelter_moves_the_creature_token_before_the_catch():
    s = scenario(
        phase="reckoning",
        params={"players": 3},
        tokens={"creature": "wreck"},
        survival_deck=["wrong_track", "adrenaline"],
        hunted=[
            hunted(played=["shelter"], extra=["shelter"]),
            hunted(played=["wreck"], extra=["wreck"]),
        ],
    )
    play(s, OPT_USE_POWER)  # Hunted 0 at the token-free Shelter draws 2, keeps 1
    play(s, survival_outcome("wrong_track"), survival_outcome("adrenaline"))
    assert top(s).kind == D_SHELTER_KEEP
    play(s, survival("wrong_track"))
    assert (top(s).kind, top(s).chooser) == (D_HUNTED_WINDOW, 1)
    play(s, survival("wrong_track"))
    assert top(s).kind == D_MOVE_TOKEN
    play(s, place("river"))
    assert s.creature_token == num("river")
    will, assimilation = s.will[:], s.assimilation
    for _ in range(30):
        if top(s).kind == D_EXPLORE:
            break
        play(s, PASS if PASS in legal(s) else min(legal(s)))
    assert s.will == will  # Hunted 1 on the Wreck is not caught
    assert s.assimilation == assimilation


def test_a_hunted_who_already_played_a_survival_card_gets_no_new_window():
    s = scenario(
        phase="reckoning",
        survival_deck=["hologram"],
        hunted=[hunted(played=["source"], extra=["source"], survival_used=True)],
        tokens={"artemia": "lair"},
    )
    play(s, OPT_USE_POWER, OPT_DRAW, survival_outcome("hologram"))
    assert top(s).kind != D_HUNTED_WINDOW
