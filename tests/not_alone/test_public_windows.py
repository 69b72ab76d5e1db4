"""Decision windows open on public facts only (issue 10 item 8.1; docs/rules-decisions.md 37).

Seed 003 "Survival cards" and reference A.8 keep a Hunted's survival hand hidden (only its size
is public); the place choice of the Reckoning (reference A.4 step 2, A.8 Drone and Gate) must
therefore open whether or not the Hunted holds Drone or Gate, as `creature_may_play` does for
the Creature's hunt-card windows.
"""

from __future__ import annotations

import numpy as np

from nemesis_env.games.not_alone.actions import PASS
from nemesis_env.games.not_alone.rules.kinds import D_EXPLORE, D_RESOLVE

from .conftest import hunted, legal, play, scenario, survival, top

CREATURE = 0


def _creature_sees(s: object) -> tuple[object, ...]:
    game = s.game
    view = game.view_for(s, CREATURE)
    tensor = np.zeros(game.observation_size(), dtype=np.float32)
    game.encode(view, tensor)
    return s.current_player(), top(s).kind, view, tensor.tobytes()


def _pass_through_the_turn(card: str) -> list[tuple[object, ...]]:
    """Hunted 0 on the Lair with nothing to take back and no token to copy: the place offers
    nothing public; only a Drone in hand would make it do something."""
    s = scenario(phase="reckoning", tokens={}, hunted=[hunted(played=["lair"], survival=[card])])
    seen = []
    for _ in range(100):
        if top(s).kind == D_EXPLORE:
            return seen
        seen.append(_creature_sees(s))
        play(s, PASS if PASS in legal(s) else min(legal(s)))
    raise AssertionError("the turn did not end")


def test_the_place_choice_opens_whether_or_not_the_hunted_holds_drone():
    with_drone = _pass_through_the_turn("drone")
    with_adrenaline = _pass_through_the_turn("adrenaline")
    assert (1, D_RESOLVE) in [seen[:2] for seen in with_drone]
    assert with_drone == with_adrenaline


def test_the_drone_holder_still_gets_to_use_it():
    s = scenario(phase="reckoning", tokens={}, hunted=[hunted(played=["lair"], survival=["drone"])])
    play(s, PASS)  # phase-3 survival window
    assert top(s).kind == D_RESOLVE
    assert legal(s) == {PASS, survival("drone")}


def test_without_a_playable_survival_card_an_idle_place_opens_nothing():
    s = scenario(
        phase="reckoning",
        tokens={},
        hunted=[hunted(played=["lair"], survival=["drone"], survival_used=True)],
    )
    kinds = []
    for _ in range(50):
        if top(s).kind == D_EXPLORE:
            break
        kinds.append(top(s).kind)
        play(s, PASS if PASS in legal(s) else min(legal(s)))
    assert D_RESOLVE not in kinds
