"""Smokescreen hides discard changes from the Creature everywhere: views, the decision stack,
the observation tensor and the event log (reference A.8 Smokescreen, A.10 "discards are public
unless Smokescreen"; rules-decisions 25 and 36; issue 10 item 8.3).

Two branches differ only in which card Hunted 1 takes from its discard with Vortex while the
Creature is smoked out; the Creature must not be able to tell them apart.
"""

from __future__ import annotations

import numpy as np

from nemesis_env.games.not_alone.actions import PASS
from nemesis_env.games.not_alone.rules.kinds import (
    D_CREATURE_TOKEN,
    D_HUNTED_WINDOW,
    D_VORTEX_DISCARD,
    D_VORTEX_PLAYED,
)

from .conftest import DATA, hunted, place, play, scenario, survival, top

CREATURE = 0


def _pass_until_hunted_1(s: object) -> None:
    """Passes the survival windows before Hunted 1's (seat 2) phase-2 window."""
    while (top(s).kind, top(s).chooser) != (D_HUNTED_WINDOW, 2):
        assert top(s).kind == D_HUNTED_WINDOW, top(s)
        play(s, PASS)


def _before_the_vortex_choice() -> object:
    s = scenario(
        phase="exploration",
        params={"players": 3},
        rescue=12,
        hunt_deck=[card.id for card in DATA.hunt],  # all in play, as sample_world assumes
        hunted=[
            hunted(survival=["smokescreen"]),
            hunted(discard=["lair", "river"], survival=["vortex"], this_effect="river"),
        ],
    )
    play(s, survival("smokescreen"), place("jungle"))  # Hunted 0 smokes the Creature out
    play(s, place("jungle"), place("beach"))  # Hunted 1 plays two cards (River effect)
    assert top(s).kind == D_CREATURE_TOKEN
    play(s, place("artefact"))
    _pass_until_hunted_1(s)
    play(s, survival("vortex"))
    assert top(s).kind == D_VORTEX_DISCARD
    return s


def _creature_sees(s: object) -> tuple[object, bytes, list[str]]:
    game = s.game
    view = game.view_for(s, CREATURE)
    tensor = np.zeros(game.observation_size(), dtype=np.float32)
    game.encode(view, tensor)
    log = [game.event_text(e, CREATURE) for e in s.events]
    return view, tensor.tobytes(), log


def test_a_smoked_out_creature_cannot_tell_which_card_vortex_took() -> None:
    took_lair = play(_before_the_vortex_choice(), place("lair"))
    took_river = play(_before_the_vortex_choice(), place("river"))
    assert top(took_lair).kind == top(took_river).kind == D_VORTEX_PLAYED
    assert took_lair.stack[-1] != took_river.stack[-1]  # the true stacks differ ...
    assert _creature_sees(took_lair) == _creature_sees(took_river)  # ... not what it sees
    for s in (took_lair, took_river):
        play(s, place("jungle"))  # swap the Jungle out
    assert took_lair.played[1] != took_river.played[1]
    assert _creature_sees(took_lair) == _creature_sees(took_river)


def test_the_other_hunted_and_the_spectator_still_see_the_swap() -> None:
    s = play(_before_the_vortex_choice(), place("lair"), place("jungle"))
    game = s.game
    vortex = [e for e in s.events if e.kind == "vortex"][-1]
    assert "Lair" in game.event_text(vortex, 1) and "Jungle" in game.event_text(vortex, 1)
    assert "Lair" in game.event_text(vortex, None)
    assert "Lair" not in game.event_text(vortex, CREATURE)
    assert game.view_for(s, 1).discard[1] == (3, 2)  # Hunted 0 sees River and the Jungle


def test_without_smokescreen_the_swap_is_public() -> None:
    s = scenario(
        phase="hunting",
        params={"players": 3},
        hunted=[hunted(), hunted(played=["jungle"], discard=["lair"], survival=["vortex"])],
    )
    play(s, place("artefact"))
    _pass_until_hunted_1(s)
    play(s, survival("vortex"), place("lair"))
    vortex = [e for e in s.events if e.kind == "vortex"][-1]
    assert "Lair" in s.game.event_text(vortex, CREATURE)
    assert s.game.view_for(s, CREATURE).discard[1] == (2,)


def test_worlds_sampled_for_the_smoked_out_creature_are_consistent_and_playable() -> None:
    s = play(_before_the_vortex_choice(), place("river"))
    game = s.game
    view = game.view_for(s, CREATURE)
    for seed in range(20):
        world = game.sample_world(view, np.random.default_rng(seed))
        assert game.view_for(world, CREATURE) == view
        incoming = world.stack[-1].payload.incoming
        assert incoming in world.discard[1]  # a card of the sampled hidden pile
        world.apply_action(world.legal_actions()[0])  # the swap resolves in the sampled world
