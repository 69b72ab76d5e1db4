"""The crew agent never waits aboard for the jump (agents/games/nemesis/plan.py `rushing`,
`rush_step`, `emergency_room`), in built positions.

The rule behind every expected answer: when the time track reaches its red space, every
character aboard who is neither hibernating nor in a launched pod dies (§17 a, the end of the
game; rules/ending.py `jump`). So in the last turns staying put is certain death, and any move
towards safety is better, whatever it risks. Before this rule, 217 characters in 1,000 games
(seeds 3000-3999) died at the jump, most of them passing turn after turn beside a Hibernatorium
that an Intruder held, or in an Emergency Room whose action they could not take.
"""

from __future__ import annotations

import numpy as np

from agents.games.nemesis import plan
from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.lookup import lookup_for
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation
from nemesis_env.games.nemesis.state import CLOSED, DESTROYED, State
from tests.agents.test_nemesis_heuristic import ADULT, ctx_for, decide, kind_of, with_intruder
from tests.nemesis.helpers import alone_in

HIBERNATORIUM = 10  # room 11 of the basic board (nemesis-board-basic.md)
BESIDE = 5  # room 6, a neighbour of the Hibernatorium
NEAR = 6  # room 7: a neighbour of room 6, two corridors from the Hibernatorium


def occupied_hibernatorium(time: int) -> State:
    """Seat 0 beside the Hibernatorium, an Adult inside it, the time track at `time`."""
    s = with_intruder(BESIDE, ADULT)
    s.intruder_room[:] = [r if r != BESIDE else HIBERNATORIUM for r in s.intruder_room]
    s.time = time
    s.legal_cache = None
    return s


def situation(s: State, seat: int = 0, params: CrewParams | None = None) -> Situation:
    g = s.game
    return Situation(g.view_for(s, seat), lookup_for(g), seat, s.legal_actions(),
                     params or CrewParams())  # fmt: skip


def test_waits_beside_an_occupied_hibernatorium_while_there_is_time() -> None:
    """An Intruder in the Hibernatorium means Combat on entering, and no hibernating in Combat
    (§3.2): with turns to spare the agent keeps its distance (the move's risk, `intruder_risk`,
    outweighs one room of distance) and passes."""
    name, reason = decide(occupied_hibernatorium(6))
    assert name == "pass" and "Hibernatorium" in reason


def test_goes_in_when_the_jump_is_near() -> None:
    """At `rush_at_time` (3) or less, staying outside is death at the jump (§17 a): the agent
    enters the Hibernatorium whatever holds it. With the rule off (`rush_at_time` 0) it would
    still wait."""
    name, reason = decide(occupied_hibernatorium(2))
    assert kind_of(name) in ("move", "careful_move")
    assert name.endswith(f"room_{HIBERNATORIUM + 1}") and "jump is near" in reason
    off = HeuristicCrew(CrewParams(rush_at_time=0))
    assert decide(occupied_hibernatorium(2), off)[0] == "pass"


def test_the_rush_starts_three_turns_before_the_jump() -> None:
    """Since session 21 the rush starts at 3 turns left (measured on tuning seeds 20000-22999:
    +100 survivors of 12,000 seats with `fire_risk` 1.0): a Hibernatorium entry that fails
    or is contested still leaves two turns to try again. With the session-20 value (2) the
    agent still waits at 3."""
    name, reason = decide(occupied_hibernatorium(3))
    assert name.endswith(f"room_{HIBERNATORIUM + 1}") and "jump is near" in reason
    assert decide(occupied_hibernatorium(3), HeuristicCrew(CrewParams(rush_at_time=2)))[0] == "pass"


def test_the_rush_step_only_brings_the_seat_closer() -> None:
    """`rush_step` takes a move only if it shortens the way: from two corridors out (room 7)
    it steps to room 6, next to the Hibernatorium, never back or sideways."""
    s = alone_in(NEAR)
    s.time = 1
    s.legal_cache = None
    sit = situation(s)
    step = plan.rush_step(sit, sit.params, HIBERNATORIUM)
    assert step is not None and sit.lk.arg[step[0]] == BESIDE
    assert plan.rush_step(situation(alone_in(HIBERNATORIUM)), sit.params, HIBERNATORIUM) is None


def test_no_detours_when_the_jump_is_near() -> None:
    """Two burning rooms send the nearest character to a seen Fire Control System (a ninth fire
    destroys the ship, §8.4), but not in the last turns: then the goal is safety."""
    s = alone_in(BESIDE)
    fcs = s.game.tables.tiles.index("fire_control_system")
    s.tile[NEAR], s.explored[NEAR] = fcs, True
    s.fire[0] = s.fire[2] = True
    s.time = 6
    s.legal_cache = None
    sit = situation(s)
    assert plan.goal(sit, sit.params) == (NEAR, "fire control: put out the fire")
    s.time = 2
    s.legal_cache = None
    sit = situation(s)
    assert plan.goal(sit, sit.params) == (HIBERNATORIUM, "safety: the Hibernatorium")


def test_no_waiting_for_an_emergency_room_that_cannot_be_used() -> None:
    """§3.2 Emergency Room: its action dresses the wounds, but a Malfunction takes a room's
    action away (§8.5). A wounded agent within two rooms of a working Emergency Room goes
    there; of a malfunctioning one it does not, and at time 7 its goal is the Hibernatorium."""
    s = alone_in(BESIDE)
    er = s.game.tables.tiles.index("emergency_room")
    s.tile[NEAR], s.explored[NEAR] = er, True
    s.chars[0].serious = [0]  # an undressed serious wound
    s.time = 7
    s.legal_cache = None
    sit = situation(s)
    assert plan.goal(sit, sit.params) == (NEAR, "wounded: to the Emergency Room")
    s.malfunction[NEAR] = True
    s.legal_cache = None
    sit = situation(s)
    assert plan.goal(sit, sit.params) == (HIBERNATORIUM, "safety: the Hibernatorium")


def beside_a_burning_hibernatorium(time: int, room: int = BESIDE) -> State:
    """Seat 0 in `room`, nothing aboard, the Hibernatorium burning, the time track at `time`."""
    s = alone_in(room)
    s.fire[HIBERNATORIUM] = True
    s.time = time
    s.legal_cache = None
    return s


def test_enters_a_burning_hibernatorium_once_it_is_open() -> None:
    """§8.4: fire wounds a character at the end of each round it spends in a burning room, and
    does not stop room actions; a hibernating character is past every wound (§16). Once the
    Hibernatorium is open (time 8, tracks.yaml), its fire is no reason to stay out: the agent
    steps in (with `enter_burning_safety` off the fire risk, 2.0, outweighs one room of
    distance and it passes)."""
    name, reason = decide(beside_a_burning_hibernatorium(8))
    assert name.endswith(f"room_{HIBERNATORIUM + 1}") and reason.startswith("safety"), reason
    off = HeuristicCrew(CrewParams(enter_burning_safety=False))
    assert decide(beside_a_burning_hibernatorium(8), off)[0] == "pass"


def test_keeps_out_of_a_burning_hibernatorium_before_it_opens() -> None:
    """Before the blue spaces nobody may hibernate (§3.2): inside, the fire would only wound
    the agent round after round, so it waits beside it."""
    name, reason = decide(beside_a_burning_hibernatorium(10))
    assert name == "pass" and "Hibernatorium" in reason, (name, reason)


def test_walks_through_a_burning_room_to_the_open_hibernatorium() -> None:
    """Two corridors out (room 7), both rooms between burning (rooms 6 and 8): a round has two
    actions (§6) and fire wounds only at its end (§8.4), so with both actions and the cards for
    two moves the agent steps into a burning room on its way (`fire_pass_through`); with the
    rule off each burning room scores 1 + 2.0 against 2 for staying, and it passes."""
    s = beside_a_burning_hibernatorium(8, NEAR)
    s.fire[HIBERNATORIUM] = False
    s.fire[BESIDE] = s.fire[7] = True  # rooms 6 and 8: the ways from room 7 to room 11
    s.legal_cache = None
    assert s.chars[0].actions_left == 2 and len(s.chars[0].hand) >= 2
    name, reason = decide(s)
    assert name.split(":")[1] in ("room_6", "room_8") and reason.startswith("safety"), reason
    off = HeuristicCrew(CrewParams(fire_pass_through=False))
    assert decide(s, off)[0] == "pass"


def test_a_closed_door_on_the_only_way_is_destroyed_then_passed() -> None:
    """A closed door stops movement (§2.3); Demolition (cost 0) destroys a closed door of the
    agent's room (action_cards.yaml). Beside the open Hibernatorium with the door between them
    closed, no legal move brings the agent nearer: with `open_doors` it plays Demolition on
    that door, and then steps in. With the rule off (the default: measured, not adopted) it
    passes."""
    s = alone_in(BESIDE)
    g = s.game
    s.time = 8
    door = next(c for c in g.topo.exits[BESIDE] if HIBERNATORIUM in g.topo.ends[c])
    s.door[door] = CLOSED
    index = g.tables.card_index
    s.chars[0].hand = [index["demolition"], index["search"], index["interruption"]]
    s.legal_cache = None
    assert decide(s, HeuristicCrew())[0] == "pass"
    agent = HeuristicCrew(CrewParams(open_doors=True))
    name, reason = decide(s, agent)
    assert name == "play_card:demolition" and "closed door" in reason, (name, reason)
    s.apply_action(g.space.names().index(name))
    while s.door[door] == CLOSED:  # its option (the door, not a Malfunction), then the door
        s.apply_action(agent.act(ctx_for(s), np.random.default_rng(0)))
    assert s.door[door] == DESTROYED
    name, reason = decide(s, agent)
    assert name.endswith(f"room_{HIBERNATORIUM + 1}") and reason.startswith("safety"), reason


def test_removes_the_malfunction_that_closes_the_hibernatorium() -> None:
    """§8.5: a Malfunction marker closes a room's action, so nobody hibernates in a
    malfunctioning Hibernatorium; a Repairs-type card removes the marker in the player's room
    (its first option where no engine is, action_cards.yaml). Standing there once it is open,
    the agent plays Repairs, takes that option, and then hibernates. With
    `fix_hibernatorium` off it can only pass."""
    s = alone_in(HIBERNATORIUM)
    g = s.game
    s.time = 8
    s.malfunction[HIBERNATORIUM] = True
    index = g.tables.card_index
    s.chars[0].hand = [index["repairs"], index["search"], index["interruption"], index["rest"]]
    s.legal_cache = None
    assert decide(s, HeuristicCrew(CrewParams(fix_hibernatorium=False)))[0] == "pass"
    agent = HeuristicCrew()
    name, reason = decide(s, agent)
    assert name == "play_card:repairs" and "malfunctions" in reason, (name, reason)
    s.apply_action(g.space.names().index(name))
    while s.malfunction[HIBERNATORIUM] and s.stack[-1].chooser == 0:
        s.apply_action(agent.act(ctx_for(s), np.random.default_rng(0)))
    assert not s.malfunction[HIBERNATORIUM]
    name, reason = decide(s, agent)
    assert name == "room_action" and "take it" in reason, (name, reason)


def beside_a_noisy_hibernatorium(time: int, noisy: int = 2, cards: int = 3) -> State:
    """Seat 0 beside an empty Hibernatorium with `noisy` of its corridors (not the one from
    room 6) holding a noise marker, `cards` Action cards in hand, the time track at `time`."""
    s = alone_in(BESIDE)
    topo = s.game.topo
    inner = [c for c in topo.exits[HIBERNATORIUM]
             if not topo.is_tc(c) and topo.other_end(c, HIBERNATORIUM) != BESIDE]  # fmt: skip
    for corridor in inner[:noisy]:
        s.noise[corridor] = True
    del s.chars[0].hand[cards:]
    s.time = time
    s.legal_cache = None
    return s


def test_enters_a_noisy_hibernatorium_once_it_is_open() -> None:
    """§7.1: entering an empty room rolls for noise (a d10: each of the numbers 1-4 twice), and
    a number whose corridor already holds a marker brings an Intruder: 2 in 10 per noisy
    corridor, so 4 in 10 here, which at `noise_risk` 3.0 weighs 1.2 rooms, more than the one room
    the agent would close. But the hibernation attempt itself is a noise roll in the same
    corridors (§16), and waiting outside clears none of them, so once the Hibernatorium is
    open that roll is no reason to stay out (`enter_noisy_safety`): the agent steps in. With
    three cards (below `careful_min_cards`, no careful move) and the rule off, it passes."""
    s = beside_a_noisy_hibernatorium(8)
    sit = situation(s)
    assert plan.encounter_chance(sit, HIBERNATORIUM) == 0.4  # two noisy corridors, no Danger
    name, reason = decide(s)
    assert name == f"move:room_{HIBERNATORIUM + 1}" and reason.startswith("safety"), reason
    off = HeuristicCrew(CrewParams(enter_noisy_safety=False))
    assert decide(beside_a_noisy_hibernatorium(8), off)[0] == "pass"


def test_keeps_out_of_a_noisy_hibernatorium_before_it_opens() -> None:
    """Before the blue spaces (time 10) the Hibernatorium is no way out yet: its Noise roll
    still counts, and the agent waits beside it."""
    name, reason = decide(beside_a_noisy_hibernatorium(10))
    assert name == "pass" and "Hibernatorium" in reason, (name, reason)
