"""The Surgery against the victory check's contamination draw (agents/games/nemesis/plan.py
`surgery_room`), in built positions; off by default (`CrewParams.surgery_at_time` 0, measured
and not adopted: docs/agents.md "Session 18").

Expected answers come from the rules: §17 step 3 (a survivor with an INFECTED contamination
card or a Larva draws 4 cards, and any contamination card among them kills), rooms.yaml's
Surgery (its action removes every INFECTED card and the Larva, costs 2 Action cards, and is
closed in a malfunctioning room, §6), and the view's contamination ids (an unscanned card is
unknown, a scanned one clean or infected: only its owner knows).
"""

from __future__ import annotations

from agents.games.nemesis import plan
from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.params import CrewParams
from nemesis_env.games.nemesis.state import State
from tests.agents.test_nemesis_errands import (
    HIBERNATORIUM,
    STANDARD,
    give_round_to,
    place_tile,
    situation,
    standard_with,
)
from tests.agents.test_nemesis_heuristic import decide

NEXT_DOOR = 7  # a neighbour of the Hibernatorium on the basic board (topology)
ON = CrewParams(surgery_at_time=11)


def _contaminated(card: int) -> tuple[State, int]:
    s, seat = standard_with("the_great_hunt")
    place_tile(s, NEXT_DOOR, "surgery")
    s.chars[seat].room = HIBERNATORIUM
    s.chars[seat].discard.append(card)
    s.time = 11
    s.legal_cache = None
    return s, seat


def test_an_unscanned_contamination_card_sends_the_seat_to_the_surgery() -> None:
    s, seat = _contaminated(STANDARD.contam_unknown)
    assert plan.goal(situation(s, seat, ON), ON) == (NEXT_DOOR, plan.SURGERY)
    default = situation(s, seat)
    assert plan.goal(default, default.params)[1] != plan.SURGERY  # off by default
    s.time = 12  # before `surgery_at_time`: contamination gained later would count again
    assert plan.surgery_room(situation(s, seat, ON), ON) == -1


def test_only_a_card_not_shown_clean_or_a_larva_is_a_risk() -> None:
    """A scanned-clean card cannot kill in the final check (no INFECTED card, no Larva: no
    draw); a Larva always does the draw."""
    s, seat = _contaminated(STANDARD.contam_clean)
    assert plan.surgery_room(situation(s, seat, ON), ON) == -1
    s.chars[seat].larva = True
    assert plan.surgery_room(situation(s, seat, ON), ON) == NEXT_DOOR
    infected, seat = _contaminated(STANDARD.contam_infected)
    assert plan.surgery_room(situation(infected, seat, ON), ON) == NEXT_DOOR


def test_a_malfunctioning_or_distant_surgery_is_no_goal() -> None:
    s, seat = _contaminated(STANDARD.contam_unknown)
    s.malfunction[NEXT_DOOR] = True
    assert plan.surgery_room(situation(s, seat, ON), ON) == -1
    s.malfunction[NEXT_DOOR] = False
    near = CrewParams(surgery_at_time=11, surgery_reach=0)
    assert plan.surgery_room(situation(s, seat, near), near) == -1


def test_at_the_surgery_the_agent_uses_its_action() -> None:
    s, seat = _contaminated(STANDARD.contam_unknown)
    s.chars[seat].room = NEXT_DOOR
    give_round_to(s, seat)
    name, reason = decide(s, HeuristicCrew(ON))
    assert name.startswith("room_action") and reason.startswith(plan.SURGERY)
