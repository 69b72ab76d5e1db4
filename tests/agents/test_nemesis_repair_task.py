"""The crew agent repairs the room its ship task needs (round_policy.ship_task,
`repair_task_room`), in a built position.

A malfunctioning room has no room action (nemesis-reference.md §6), so a character sent to the
Cockpit to steer to Earth cannot do it there while the Cockpit malfunctions; Basic Repairs
(cost 2) removes the Malfunction of the character's room (§14, action_cards.yaml). Found by the
headroom probe (agents/search/headroom.py, session 22): the Soldier stood in a malfunctioning
Cockpit with Basic Repairs in hand and passed, and the ship jumped to Deep Space.
"""

from __future__ import annotations

from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.params import CrewParams
from nemesis_env.games.nemesis.state import State
from tests.agents.test_nemesis_arms import answer_own
from tests.agents.test_nemesis_heuristic import COCKPIT, decide, decide_id
from tests.nemesis.card_scenes import scene


def malfunctioning_cockpit() -> State:
    """Seat 0 (the first active seat: the Cockpit is its task) stands in the Cockpit, which
    malfunctions, knowing coordinates_1 (coordinates.yaml: a earth, b mars; the marker is on b,
    so steering is still to do), with Basic Repairs and four cards to pay with."""
    s = scene("soldier", ["basic_repairs", "search", "search", "search", "search"], COCKPIT)
    s.malfunction[COCKPIT] = True
    s.coordinates, s.coordinates_known = 0, 1
    s.time = 12
    s.legal_cache = None
    return s


def test_the_task_room_is_repaired_and_then_used() -> None:
    s = malfunctioning_cockpit()
    agent = HeuristicCrew()
    name, reason = decide(s, agent)
    assert name == "play_card:basic_repairs" and "Malfunction" in reason
    s.apply_action(decide_id(s, agent))
    answer_own(s, agent)  # pays, and takes the option that removes the Malfunction
    assert not s.malfunction[COCKPIT]
    name, reason = decide(s, agent)  # the second action: steer to Earth
    assert name == "room_action" and "Earth" in reason


def test_without_the_rule_the_card_is_kept() -> None:
    name, _ = decide(malfunctioning_cockpit(), HeuristicCrew(CrewParams(repair_task_room=False)))
    assert name != "play_card:basic_repairs"
