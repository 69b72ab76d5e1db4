"""Abandoning ship in co-op (agents/games/nemesis/escape.py) in built positions.

Each expected answer comes from the rules the plan rests on (nemesis-reference.md §4.4 the
self-destruct track, §16 pods and hibernation, §18.2 the co-op victory, the cards of
objectives.yaml) and the documented plan (docs/agents.md, "Abandoning ship"), never from running
the agent. The agent reads a view and a poisoned state (tests/agents/test_nemesis_heuristic.py).
"""

from __future__ import annotations

import numpy as np

from agents.games.nemesis import errands, escape, plan
from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.params import CrewParams
from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis.character import DEAD, NOWHERE
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import POD_UNLOCKED, State
from tests.agents.test_nemesis_errands import (
    COOP,
    HIBERNATORIUM,
    ROOM,
    coop_with,
    give_round_to,
    place_tile,
    situation,
    standard_with,
)
from tests.agents.test_nemesis_heuristic import ctx_for, decide

NEXT_DOOR = 7  # a neighbour of the Hibernatorium on the basic board (topology)
NO_EARTH = ["cutting_off_the_head", "emergency_post_mortem", "first_contact_protocol",
            "no_man_left_behind"]  # fmt: skip
NO_DESTRUCTION = ["special_delivery", "emergency_post_mortem", "first_contact_protocol",
                  "no_man_left_behind"]  # fmt: skip


def test_a_crew_abandons_ship_only_without_destination_earth() -> None:
    """§18.2: every card must hold. Destination: Earth holds only if the ship reaches Earth
    (objectives.yaml ship_reaches: not destroyed), so someone must hibernate through the jump;
    no other Solo/Co-op card needs the ship. Outside co-op nobody abandons (the seats'
    objectives are their own)."""
    s, seat = coop_with(NO_EARTH)
    assert escape.abandons_ship(situation(s, seat))
    assert not escape.abandons_ship(situation(s, seat, CrewParams(coop_abandon=False)))
    with_earth, seat = coop_with(["destination_earth", *NO_EARTH[1:]])
    assert not escape.abandons_ship(situation(with_earth, seat))
    standard, seat = standard_with("the_great_hunt")
    assert not escape.abandons_ship(situation(standard, seat))


def test_abandoning_crews_skip_the_ship_tasks() -> None:
    """The engines and coordinates are checked only for hibernators (§17 victory check); a
    launched pod skips both (§16). So an abandoning keeper's first goal is not a ship task."""
    s, _ = coop_with(NO_EARTH)
    s.time = 14
    keeper = situation(s, 0)
    assert plan.my_tasks(keeper)  # dealt tasks, as in every co-op game
    assert not plan.goal(keeper, keeper.params)[1].startswith("ship task")
    with_earth, _ = coop_with(["destination_earth", *NO_EARTH[1:]])
    with_earth.time = 14
    earth_keeper = situation(with_earth, 0)
    assert plan.goal(earth_keeper, earth_keeper.params)[1].startswith("ship task")


def test_the_nearest_character_starts_the_self_destruct_sequence() -> None:
    """§4.4 and the FAQ: a sequence started and never stopped destroys the ship (at its skull,
    at the jump, or once nobody is aboard), and ship destruction meets Cutting Off the Head's
    and Clean-Up Crew's second half. From `self_destruct_at_time` (9) the active character
    nearest the seen Generator (ties: the lower seat) goes; never while the sequence runs (the
    Generator's action would stop it), never with a Malfunction there (no room action), never
    when no card wants the ship destroyed."""
    s, _ = coop_with(NO_EARTH)
    place_tile(s, NEXT_DOOR, "generator")
    s.time = 9
    assert escape.self_destruct_room(situation(s, 0), CrewParams()) == NEXT_DOOR
    assert escape.self_destruct_room(situation(s, 1), CrewParams()) == -1  # seat 0 is as near
    s.time = 10
    assert escape.self_destruct_room(situation(s, 0), CrewParams()) == -1
    s.time = 9
    s.malfunction[NEXT_DOOR] = True
    assert escape.self_destruct_room(situation(s, 0), CrewParams()) == -1
    s.malfunction[NEXT_DOOR] = False
    s.self_destruct = 0
    assert escape.self_destruct_room(situation(s, 0), CrewParams()) == -1
    calm, _ = coop_with(NO_DESTRUCTION)
    place_tile(calm, NEXT_DOOR, "generator")
    calm.time = 9
    assert escape.self_destruct_room(situation(calm, 0), CrewParams()) == -1


def test_at_the_generator_the_agent_starts_the_sequence() -> None:
    """The Generator's room action (cost 2, §3.2) starts the self-destruct sequence: the
    marker goes on its first space (State.self_destruct 0)."""
    s, _ = coop_with(NO_EARTH)
    place_tile(s, NEXT_DOOR, "generator")
    s.time = 9
    s.chars[0].room = NEXT_DOOR
    give_round_to(s, 0)
    s.legal_cache = None
    agent = HeuristicCrew()
    name, reason = decide(s, agent)
    assert name == "room_action" and reason.startswith("self-destruct"), (name, reason)
    s.apply_action(COOP.actions.room_action.id())
    while s.self_destruct < 0 and s.current_player() != CHANCE and s.stack[-1].kind == Kind.PAY:
        s.apply_action(agent.act(ctx_for(s), np.random.default_rng(0)))
    _resolve_chance(s)
    assert s.self_destruct == 0


def _resolve_chance(s: State) -> None:
    rng = np.random.default_rng(0)
    while s.current_player() == CHANCE:
        outcomes = s.chance_outcomes()
        s.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])


def test_an_abandoning_crew_heads_for_a_pod_never_the_hibernatorium() -> None:
    """§16: the ship's destruction kills whoever hibernates; a launched pod counts as reaching
    Earth. After the errands (time 6: past every errand window) an abandoning character heads
    for a seen Evacuation Section to wait for its pods (they unlock at the first death, the
    sequence's yellow space, or the Hatch Control System), the nearest goes to a seen Hatch
    Control System to unlock one, and an unlocked pod with a free seat is boarded. A crew with
    Destination: Earth still goes to the Hibernatorium."""
    s, _ = coop_with(NO_DESTRUCTION)
    s.time = 6
    place_tile(s, NEXT_DOOR, "evacuation_a")  # pods 1 and 3 (even indices) are Section A's
    sit = situation(s, 0)
    assert plan.goal(sit, sit.params) == (NEXT_DOOR, "safety: wait by the escape pods")
    place_tile(s, ROOM, "hatch_control_system")
    assert plan.goal(situation(s, 0), sit.params) == (ROOM, "hatch control: unlock a pod")
    s.pods[0] = POD_UNLOCKED
    assert plan.goal(situation(s, 0), sit.params) == (NEXT_DOOR, "safety: an escape pod")
    earth, _ = coop_with(["destination_earth", *NO_DESTRUCTION[1:]])
    earth.time = 6
    earth_sit = situation(earth, 0)
    assert plan.goal(earth_sit, earth_sit.params) == (HIBERNATORIUM, "safety: the Hibernatorium")


def test_an_egg_to_carry_out_is_fetched_once_a_pod_is_open_and_then_carried_there() -> None:
    """Special Delivery: end in a pod (or hibernation) holding an Egg (objectives.yaml
    escaped_carrying). Egg Protection (§8.5) draws an encounter to whoever carries one, so the
    runner fetches the Egg only once a pod is open to take it to; holding it, its errands are
    over and it heads for the pod. First Contact Protocol's two weaknesses come from the blue
    corpse and a carcass first (errands.wanted_slots), so this Egg is not for the Laboratory."""
    s, _ = coop_with(NO_DESTRUCTION)
    s.time = 12
    s.objects[NEXT_DOOR].append(COOP.obj_egg)
    s.explored[NEXT_DOOR] = True
    needs = errands.crew_needs(situation(s, 3))
    assert errands._errand(situation(s, 3), "egg", needs) is None
    place_tile(s, ROOM, "evacuation_a")
    s.pods[0] = POD_UNLOCKED
    found = errands._errand(situation(s, 3), "egg", needs)
    assert found is not None and found.room == NEXT_DOOR and found.act == ("pick_up", errands.EGG)
    s.objects[NEXT_DOOR].remove(COOP.obj_egg)
    runner = s.chars[3]
    runner.heavy.append(COOP.obj_egg)
    runner.heavy_ammo.append(0)
    sit = situation(s, 3)
    assert errands.carrying_out(sit) and errands.job_errand(sit) is None
    assert plan.goal(sit, sit.params) == (ROOM, "safety: an escape pod")


def test_outside_co_op_an_egg_to_carry_out_waits_for_the_hibernatorium() -> None:
    """My Precious (Signal and end in a pod or hibernation holding an Egg): outside co-op the
    Egg is fetched once the Hibernatorium is about to open (time 9; it opens at 8, §4.3)."""
    s, seat = standard_with("my_precious")
    s.objects[NEXT_DOOR].append(COOP.obj_egg)
    s.explored[NEXT_DOOR] = True
    needs = errands.crew_needs(situation(s, seat))
    s.time = 10
    assert errands._errand(situation(s, seat), "egg", needs) is None
    s.time = 9
    found = errands._errand(situation(s, seat), "egg", needs)
    assert found is not None and found.room == NEXT_DOOR


def test_an_egg_carrier_makes_no_detour_and_no_seat_drops_a_wanted_egg() -> None:
    """Special Delivery (objectives.yaml escaped_carrying) wants an Egg held in a pod at the
    end, and Egg Protection (§8.5) draws an encounter to whoever carries one. So a carrier
    heads straight for an open pod: not even the AutoDoc (§18.2) errand it would otherwise run
    as the active character nearest a dead character's corpse. And an Egg the crew's card
    wants stays in the hands of any seat holding it (a forced drop, §6.3, keeps it), not only
    the seat dealt the egg job: a runner may have died and its Egg been picked up by another."""
    s, _ = coop_with(NO_DESTRUCTION)
    s.time = 12
    place_tile(s, ROOM, "evacuation_a")
    s.pods[0] = POD_UNLOCKED
    place_tile(s, 6, "emergency_room")  # an empty room on the basic board
    s.chars[2].status, s.chars[2].room = DEAD, NOWHERE
    s.objects[NEXT_DOOR].append(COOP.obj_corpse)
    s.chars[0].room = s.chars[1].room = ROOM  # two steps from the corpse; the runner is one
    s.legal_cache = None
    runner = situation(s, 3)
    found = errands.autodoc(runner)
    assert found is not None and found.room == NEXT_DOOR  # the errand an empty-handed one runs
    s.chars[3].heavy.append(COOP.obj_egg)
    s.chars[3].heavy_ammo.append(0)
    s.legal_cache = None
    runner = situation(s, 3)
    assert plan.goal(runner, runner.params) == (ROOM, "safety: an escape pod")
    s.chars[3].heavy.remove(COOP.obj_egg)
    s.chars[3].heavy_ammo.pop()
    s.chars[0].heavy.append(COOP.obj_egg)
    s.chars[0].heavy_ammo.append(0)
    s.legal_cache = None
    keeper = situation(s, 0)
    assert "egg" not in errands.my_jobs(keeper)
    assert COOP.obj_egg in errands.wanted_things(keeper)
