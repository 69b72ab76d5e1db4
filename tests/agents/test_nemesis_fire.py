"""The crew agent puts out the fire of its room (round_policy.douse), in built positions.

A character ending a round in a burning room takes a Light Wound (nemesis-reference.md §8.4),
and every fire left burning spreads to each open neighbour at the next Damaging Fire or
Consuming Fire (§10); a ninth Fire marker destroys the ship. The Mechanic's Pyrotechnics (cost
1: discard an item to start a fire, or remove the fire of the room; §14, action_cards.yaml) and
the Fire Extinguisher (heavy, cost 1: remove the fire of the room, or make an Intruder retreat;
§13.2, items.yaml) put the fire out instead of walking away from it. Each test also runs the
agent with the rule off: it then leaves the room, so the test fails if the rule stopped firing.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.params import CrewParams
from nemesis_env.games.nemesis.state import State
from tests.agents.test_nemesis_arms import answer_own
from tests.agents.test_nemesis_heuristic import ctx_for, decide, kind_of
from tests.nemesis.card_scenes import ROOM2_SLOT, scene, thing

OFF = CrewParams(douse_fire=False)


def burning(s: State, room: int = ROOM2_SLOT) -> State:
    s.fire[room] = True
    s.time = 12
    s.legal_cache = None
    return s


def mechanic_in_fire() -> State:
    return burning(scene("mechanic", ["pyrotechnics", "search", "search"], ROOM2_SLOT,
                         tile="cabins"))  # fmt: skip


def extinguisher_in_fire() -> State:
    s = scene("scout", ["search", "search", "search"], ROOM2_SLOT, tile="cabins")
    s.chars[0].heavy.append(thing(s, "yellow.fire_extinguisher"))
    s.chars[0].heavy_ammo.append(0)
    return burning(s)


def douse_and_answer(s: State) -> list[str]:
    """The agent's round action and its follow-up answers: the names of the actions taken."""
    agent = HeuristicCrew()
    action = agent.act(ctx_for(s), np.random.default_rng(0))
    s.apply_action(action)
    return [s.game.space.name(action), *answer_own(s, agent)]


@pytest.mark.parametrize(
    ("build", "expected"),
    [(mechanic_in_fire, "play_card:pyrotechnics"),
     (extinguisher_in_fire, "use_item:yellow.fire_extinguisher")],
    ids=["pyrotechnics", "fire_extinguisher"],
)  # fmt: skip
def test_the_fire_of_the_room_is_put_out(build: Callable[[], State], expected: str) -> None:
    """The Mechanic holding Pyrotechnics, or the Scout carrying a Fire Extinguisher, stands in
    a burning room: it plays the card or uses the item, takes the option that removes the fire
    (Pyrotechnics' other option starts one, the Extinguisher's makes an Intruder retreat), and
    stays in a room that no longer burns; with the rule off it walks out and the fire stays."""
    s = build()
    names = douse_and_answer(s)
    assert names[0] == expected, names
    assert not s.fire[ROOM2_SLOT]
    assert s.chars[0].room == ROOM2_SLOT
    name, reason = decide(build(), HeuristicCrew(OFF))
    assert kind_of(name) == "move" and "on fire" in reason


def test_no_douse_without_a_fire() -> None:
    """A Mechanic in a room that does not burn keeps Pyrotechnics: playing it there could only
    start a fire."""
    s = scene("mechanic", ["pyrotechnics", "search", "search"], ROOM2_SLOT, tile="cabins")
    s.time = 12
    name, _reason = decide(s)
    assert name != "play_card:pyrotechnics"
