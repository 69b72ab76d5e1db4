"""The crew agent's objective errands (agents/games/nemesis/errands.py) in built positions.

Each expected answer comes from the rules the errand serves (nemesis-reference.md sections and
the objectives.yaml cards cited per test) and the documented job split (docs/agents.md,
"Objective errands"), never from running the agent. The agent is handed a state that fails
the test if read (tests/agents/test_nemesis_heuristic.py `Poison`), so each answer comes from
the seat's view alone.
"""

from __future__ import annotations

import numpy as np

from agents.games.nemesis import errands, plan
from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.lookup import lookup_for
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation
from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis.character import DEAD, NOWHERE
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.agents.test_nemesis_heuristic import ctx_for, decide
from tests.nemesis.helpers import clear_board, step_randomly

HIBERNATORIUM = 10  # room 11 of the basic board (nemesis-board-basic.md)
ROOM = 5  # an ordinary room-slot of the basic board, where a test puts a tile
COOP = NemesisGame(players=4, mode="coop")
STANDARD = NemesisGame(players=4)


def at_first_round(g: NemesisGame, seed: int = 0) -> State:
    s = g.new_initial_state()
    rng = np.random.default_rng(seed)
    while not (s.stack and s.stack[-1].kind == Kind.ROUND):
        step_randomly(s, rng)
    clear_board(s)
    return s


def card(g: NemesisGame, name: str) -> int:
    return [o.id for o in g.tables.data.objectives].index(name)


def place_tile(s: State, room: int, tile: str) -> None:
    s.tile[room], s.explored[room] = s.game.tables.tiles.index(tile), True


def seat_to_move(s: State) -> int:
    return int(s.stack[-1].chooser)


def give_round_to(s: State, seat: int) -> None:
    """The open round decision, as `seat`'s (a built position: whose round it is matters to
    the rules only through the chooser)."""
    top = s.stack[-1]
    assert top.kind == Kind.ROUND
    s.stack[-1] = top._replace(chooser=seat, payload=seat if top.payload == top.chooser
                               else top.payload)  # fmt: skip
    s.legal_cache = None


def coop_with(cards: list[str], seed: int = 0) -> tuple[State, int]:
    """A co-op game at its first round whose crew cards are `cards` (one per seat), every
    character in the Hibernatorium; returns it and the seat to move."""
    s = at_first_round(COOP, seed)
    for c, name in zip(s.chars, cards, strict=True):
        c.objectives = [card(COOP, name)]
    s.legal_cache = None
    return s, seat_to_move(s)


def standard_with(objective: str, seed: int = 0) -> tuple[State, int]:
    s = at_first_round(STANDARD, seed)
    seat = seat_to_move(s)
    c = s.chars[seat]
    c.objective = card(STANDARD, objective)
    c.objectives = [c.objective]
    s.legal_cache = None
    return s, seat


def situation(s: State, seat: int, params: CrewParams | None = None) -> Situation:
    g = s.game
    return Situation(g.view_for(s, seat), lookup_for(g), seat, s.legal_actions(),
                     params or CrewParams())  # fmt: skip


def test_coop_runners_are_the_last_active_seats_and_keepers_get_the_ship_tasks() -> None:
    """docs/agents.md: in co-op the last `coop_runners` active characters run the errands and
    the others keep the ship tasks (plan.my_tasks), so that someone plays for survival."""
    s, seat = coop_with(["destination_earth", "emergency_post_mortem",
                         "first_contact_protocol", "cutting_off_the_head"])  # fmt: skip
    two = CrewParams(coop_runners=2)
    assert errands.runners(situation(s, seat)) == [1, 2, 3]  # the default: three, one keeper
    assert errands.runners(situation(s, seat, two)) == [2, 3]
    assert errands.my_jobs(situation(s, 3, two)) == ["signal 0", "carcass"]
    assert errands.my_jobs(situation(s, 2, two)) == ["corpse"]
    assert errands.my_jobs(situation(s, 0, two)) == []
    s.chars[3].status = DEAD
    s.chars[3].room = NOWHERE
    assert errands.runners(situation(s, seat, two)) == [1, 2]
    for c in s.chars[1:]:
        c.status, c.room = DEAD, NOWHERE
    assert errands.runners(situation(s, 0, two)) == []  # a lone character keeps itself alive
    assert plan.my_tasks(situation(s, 0, two)) == list(plan.TASKS)


def test_jobs_follow_the_cards() -> None:
    """objectives.yaml solo_coop: Cutting Off the Head and Clean-Up Crew each need a Signal
    (§18.2: one sender per card), Emergency Post-Mortem the blue corpse in the Surgery, First
    Contact Protocol two weaknesses (the blue corpse's slot, then a carcass's), Special
    Delivery an Egg carried out, No Man Left Behind a Signal and every room explored."""
    cards = ("cutting_off_the_head", "clean_up_crew", "emergency_post_mortem",
             "first_contact_protocol")  # fmt: skip
    needs = [errands.NEEDS[n] for n in cards]
    assert errands.jobs(needs) == ["signal 0", "signal 1", "corpse", "carcass"]
    needs = [errands.NEEDS[n] for n in ("special_delivery", "no_man_left_behind")]
    assert errands.jobs(needs) == ["signal 0", "egg", "explore"]
    assert errands.wanted_slots([errands.NEEDS["ab_ovo"]]) == {errands.EGG_SLOT}


def test_a_runner_picks_up_the_blue_corpse_in_the_hibernatorium() -> None:
    """§4.2 step 5: the blue corpse lies in the Hibernatorium from the start; Emergency
    Post-Mortem wants it in the Surgery (objectives.yaml). The runner standing there picks it up
    (Pick up Heavy Object, §6.2); a keeper in the same room does not."""
    s, _ = coop_with(["emergency_post_mortem", "destination_earth",
                      "destination_earth", "destination_earth"])  # fmt: skip
    place_tile(s, ROOM, "surgery")
    s.time = 13
    for seat, expected in ((3, True), (0, False)):
        give_round_to(s, seat)
        name, reason = decide(s)
        assert (name == "pick_up:blue_corpse") is expected, (seat, name, reason)
        if expected:
            assert "blue corpse" in reason


def test_the_blue_corpse_is_left_in_the_surgery() -> None:
    """Emergency Post-Mortem holds while the blue corpse lies in the Surgery (objectives.yaml
    object_in_room): carrying it there, the runner drops it (a free action, §6.2)."""
    s, _ = coop_with(["emergency_post_mortem", "destination_earth",
                      "destination_earth", "destination_earth"])  # fmt: skip
    place_tile(s, ROOM, "surgery")
    runner = s.chars[3]
    s.objects[HIBERNATORIUM].remove(COOP.obj_blue_corpse)
    runner.heavy.append(COOP.obj_blue_corpse)
    runner.heavy_ammo.append(0)
    runner.room = ROOM
    give_round_to(s, 3)
    s.time = 12
    s.legal_cache = None
    name, reason = decide(s)
    assert name == "drop:object.blue_corpse" and "leave the blue corpse" in reason


def test_an_egg_is_analysed_in_the_laboratory_for_ab_ovo() -> None:
    """Ab Ovo: the Egg weakness discovered (objectives.yaml); the Laboratory's action analyses
    an object carried there (§3.2, rooms.yaml analyse_object). With an Egg in hand in the
    Laboratory, the agent takes the room action and then names the Egg."""
    s, seat = standard_with("ab_ovo")
    place_tile(s, ROOM, "laboratory")
    c = s.chars[seat]
    c.room = ROOM
    c.heavy.append(STANDARD.obj_egg)
    c.heavy_ammo.append(0)
    s.time = 10  # the ship tasks' turns are over (tasks_until_time), the errands' are not
    s.legal_cache = None
    agent = HeuristicCrew()
    name, reason = decide(s, agent)
    assert name == "room_action" and "analyse the Egg" in reason
    s.apply_action(s.legal_actions()[s.legal_actions().index(
        STANDARD.actions.room_action.id())])  # fmt: skip
    while s.current_player() != CHANCE and s.stack[-1].kind == Kind.PAY:
        s.apply_action(agent.act(ctx_for(s), np.random.default_rng(0)))
    assert s.stack[-1].kind == Kind.ROOM_OBJECT
    assert decide(s, agent)[0] == f"thing:{STANDARD.tables.things[STANDARD.obj_egg].id}"


def test_no_errand_after_its_time() -> None:
    """docs/agents.md: errands run while the time track shows more than errands_until_time;
    later the goal is safety (the Hibernatorium, open from 8, §4.3)."""
    s, seat = standard_with("ab_ovo")
    place_tile(s, ROOM, "laboratory")
    s.objects[ROOM].append(STANDARD.obj_egg)
    s.chars[seat].room = HIBERNATORIUM
    s.time = CrewParams().errands_until_time
    s.legal_cache = None
    assert "errand" not in decide(s)[1]
    s.time = CrewParams().errands_until_time + 1
    s.legal_cache = None
    assert "errand: pick up the Egg" in decide(s)[1]


def test_the_autodoc_corpse_is_fetched_by_the_nearest_and_left_in_the_emergency_room() -> None:
    """§18.2 AutoDoc: a dead character's corpse carried into a working Emergency Room brings
    the character back next turn. The active character nearest the corpse (no Intruder there)
    goes for it; carrying it in the Emergency Room, it drops it."""
    s, _ = coop_with(["destination_earth"] * 4)
    place_tile(s, ROOM, "emergency_room")
    dead = s.chars[2]
    dead.status, dead.room = DEAD, NOWHERE
    neighbour = next(r for r in s.game.topo.neighbours(HIBERNATORIUM) if r >= 0)
    s.objects[neighbour].append(COOP.obj_corpse)
    s.chars[1].room = s.chars[3].room = ROOM  # farther from the corpse than seat 0
    s.chars[0].room = HIBERNATORIUM
    give_round_to(s, 0)
    s.time = 12
    s.legal_cache = None
    sit = situation(s, 0)
    found = errands.autodoc(sit)
    assert found is not None and found.room == neighbour and found.act == ("pick_up", 0)
    assert errands.autodoc(situation(s, 1)) is None  # not the nearest
    s.objects[neighbour].remove(COOP.obj_corpse)
    s.chars[0].heavy.append(COOP.obj_corpse)
    s.chars[0].heavy_ammo.append(0)
    s.chars[0].room = ROOM
    s.legal_cache = None
    name, reason = decide(s)
    assert name == "drop:object.corpse" and "AutoDoc" in reason


def test_a_forced_drop_keeps_the_object_an_errand_wants() -> None:
    """§6.3: a third heavy thing means dropping one. A seat whose objective needs an Egg
    carried out (Special Delivery, objectives.yaml) keeps the Egg and drops the other."""
    s, seat = standard_with("my_precious")
    sit = situation(s, seat)
    assert STANDARD.obj_egg in errands.wanted_things(sit)
    corpse_sit = situation(*standard_with("a_proper_burial"))
    assert STANDARD.obj_blue_corpse in errands.wanted_things(corpse_sit)
    assert STANDARD.obj_egg not in errands.wanted_things(corpse_sit)


def test_who_walks_into_unexplored_rooms() -> None:
    """docs/agents.md: every explored room adds to the malfunctions that events place (§8.5:
    Life Support Failure, Short Circuit, Malfunction hit explored rooms), so in co-op only the
    runner explores for an errand and the keepers never do; outside co-op a seat whose
    objective needs every room explored (Relentless Investigator: Signal + all rooms explored)
    walks into the nearest unexplored room with `explore_for_objective` (off by default)."""
    s, seat = standard_with("relentless_investigator")
    sit = situation(s, seat)
    assert "explore" in errands.my_jobs(sit)
    on = situation(s, seat, CrewParams(explore_for_objective=True))
    found = errands._errand(on, "explore", [])
    assert found is not None and not s.explored[found.room]
    assert errands._errand(sit, "explore", []) is None  # the default: off
    coop, _ = coop_with(["no_man_left_behind"] * 4)
    assert errands.explores(situation(coop, 3)) and not errands.explores(situation(coop, 0))


def test_a_keeper_sends_a_missing_signal_from_a_comms_room_nearby() -> None:
    """§18.2: when several cards need the Signal, that many characters must send it. With two
    Signal cards and one runner, a keeper within KEEPER_SIGNAL_REACH of a seen Comms Room goes
    to send one while fewer characters than cards have sent it, and not once enough have."""
    s, _ = coop_with(["cutting_off_the_head", "clean_up_crew",
                      "destination_earth", "destination_earth"])  # fmt: skip
    neighbour = next(r for r in s.game.topo.neighbours(HIBERNATORIUM) if r >= 0)
    place_tile(s, neighbour, "comms_room")
    s.time = 10
    sit = situation(s, 0)
    assert 0 not in errands.runners(sit)
    found = errands.job_errand(sit)
    assert found is not None and found.room == neighbour and found.act == ("room_action", -1)
    s.chars[3].signal = s.chars[2].signal = True
    assert errands.job_errand(situation(s, 0)) is None
