"""Escape pods and the Evacuation Sections (nemesis-reference.md §16, §5.1 step 5, §3.2
Evacuation Section A/B, §7.1 and FAQ v2.2: waiting characters still roll noise)."""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, Decision, push
from nemesis_env.games.nemesis.actions import ACTIONS, CHANCE
from nemesis_env.games.nemesis.rules import intruders, pods
from nemesis_env.games.nemesis.rules.intruders import ADULT, LARVA
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    ESCAPED,
    IN_POD,
    NOWHERE,
    POD_LAUNCHED,
    POD_LOCKED,
    POD_UNLOCKED,
    State,
)
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.room_scenarios import answer, room_action_offered, scenario, use_room

SECTION_A_PODS = (0, 2)  # pods alternate A, B, A (4 players: 3 pods)


def section_a(unlocked: tuple[int, ...] = SECTION_A_PODS) -> tuple[State, int]:
    s, room = scenario("evacuation_a")
    for pod in unlocked:
        s.pods[pod] = POD_UNLOCKED
    return s, room


def board_quietly(s: State, pod: int = 0) -> None:
    """The Evacuation action with a quiet noise roll, boarding `pod`."""
    use_room(s)
    assert top_kind(s) == Kind.NOISE_ROLL
    chance(s, CHANCE.noise, 0)  # noise in corridor 1, no Intruder
    assert top_kind(s) == Kind.ROOM_POD
    answer(s, ACTIONS.pod.id(pod))


def test_entering_a_pod_then_launching_at_once() -> None:
    s, _ = section_a()
    board_quietly(s)
    assert top_kind(s) == Kind.POD_CHOICE
    assert s.legal_actions() == ACTIONS.option.ids([pods.LAUNCH, pods.WAIT])
    answer(s, ACTIONS.option.id(pods.LAUNCH))
    c = s.chars[0]
    assert c.status == ESCAPED and c.room == NOWHERE and s.pods[0] == POD_LAUNCHED  # §16
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 1


def test_entering_a_pod_and_waiting_is_a_pass() -> None:
    s, _ = section_a()
    board_quietly(s, pod=2)
    answer(s, ACTIONS.option.id(pods.WAIT))
    c = s.chars[0]
    assert c.status == IN_POD and c.pod == 2 and s.pod_seats[2] == [0] and c.passed
    assert s.stack[-1].chooser == 1


def test_the_boarding_pod_is_the_player_s_choice_among_unlocked_pods_with_a_seat() -> None:
    s, _ = section_a()
    s.pod_seats[2] = [2, 3]  # full
    use_room(s)
    chance(s, CHANCE.noise, 0)
    assert s.legal_actions() == [ACTIONS.pod.id(0)]


def test_an_intruder_appearing_makes_the_attempt_fail() -> None:
    s, room = section_a()
    s.noise[s.game.topo.corridor_to(room, 1)] = True
    use_room(s)
    chance(s, CHANCE.noise, 0)  # corridor 1 already noisy: an Encounter
    chance(s, CHANCE.token, s.game.tokens_of_type[LARVA][0])
    c = s.chars[0]
    assert c.status == ACTIVE and c.room == room and s.pod_seats == [[], [], []]


def test_evacuation_needs_an_unlocked_pod_of_its_section_with_a_free_seat() -> None:
    s, _ = section_a(unlocked=())
    assert not room_action_offered(s)  # all locked (§4.1 step 6)
    s.pods[1] = POD_UNLOCKED  # Section B's pod does not help in Section A
    assert not room_action_offered(s)
    s.pods[0] = POD_UNLOCKED
    s.pod_seats[0] = [2, 3]
    assert not room_action_offered(s)  # 2 seats per pod
    s.pod_seats[0] = [2]
    assert room_action_offered(s)


def test_a_malfunction_does_not_stop_pod_entry() -> None:
    s, room = section_a()
    s.malfunction[room] = True  # FAQ v2.2 (§16)
    assert room_action_offered(s)


def test_no_attempt_with_an_intruder_in_the_section_room() -> None:
    s, room = section_a()
    s.intruder_room[s.game.minis_of_type[ADULT][0]] = room
    assert not room_action_offered(s)


def test_a_later_passenger_launches_everyone_aboard() -> None:
    s, _ = section_a()
    s.chars[2].status, s.chars[2].room, s.chars[2].pod = IN_POD, NOWHERE, 0
    s.pod_seats[0] = [2]
    board_quietly(s, pod=0)
    answer(s, ACTIONS.option.id(pods.LAUNCH))
    assert s.chars[0].status == ESCAPED and s.chars[2].status == ESCAPED  # §16


def waiting_at_round_start(s: State, room: int, seat: int = 0) -> None:
    """Seat waits in pod 0; the Player Phase gives it its round."""
    c = s.chars[seat]
    c.status, c.room, c.pod, c.passed = IN_POD, NOWHERE, 0, False
    s.pod_seats[0] = [seat]
    s.stack.pop()  # seat 0's ROUND
    s.cursor = seat
    push(s, Decision(Kind.NEXT_ROUND, AUTO, None))
    s.legal_cache = None
    s.game.rules.settle(s)


def test_a_waiting_character_starts_its_round_with_the_pod_choice() -> None:
    s, room = section_a()
    waiting_at_round_start(s, room)
    assert top_kind(s) == Kind.POD_CHOICE and s.stack[-1].chooser == 0  # §5.1 step 5
    assert s.legal_actions() == ACTIONS.option.ids([pods.LAUNCH, pods.WAIT, pods.STEP_OUT])


def test_waiting_again_passes() -> None:
    s, room = section_a()
    waiting_at_round_start(s, room)
    answer(s, ACTIONS.option.id(pods.WAIT))
    assert s.chars[0].passed and s.chars[0].status == IN_POD
    assert s.stack[-1].chooser == 1


def test_launching_at_the_start_of_a_round() -> None:
    s, room = section_a()
    waiting_at_round_start(s, room)
    answer(s, ACTIONS.option.id(pods.LAUNCH))
    assert s.chars[0].status == ESCAPED and s.pods[0] == POD_LAUNCHED


def test_stepping_out_is_free_and_the_round_goes_on() -> None:
    s, room = section_a()
    waiting_at_round_start(s, room)
    answer(s, ACTIONS.option.id(pods.STEP_OUT))
    c = s.chars[0]
    assert c.status == ACTIVE and c.room == room and c.pod == -1 and s.pod_seats[0] == []
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 0 and c.actions_left == 2


def test_an_intruder_appearing_in_the_section_room_ejects_the_waiting() -> None:
    s, room = section_a()
    for seat in (0, 3):
        c = s.chars[seat]
        c.status, c.room, c.pod = IN_POD, NOWHERE, 0
    s.pod_seats[0] = [0, 3]
    intruders.appear(s, s.game.minis_of_type[ADULT][0], room, -1)  # §16
    assert [s.chars[i].status for i in (0, 3)] == [ACTIVE, ACTIVE]
    assert s.chars[0].room == room and s.chars[3].room == room and s.pod_seats[0] == []
    assert s.pods[0] == POD_UNLOCKED


def test_an_intruder_elsewhere_ejects_nobody() -> None:
    s, _ = section_a()
    c = s.chars[0]
    c.status, c.room, c.pod = IN_POD, NOWHERE, 0
    s.pod_seats[0] = [0]
    intruders.appear(s, s.game.minis_of_type[ADULT][0], 14, -1)
    assert c.status == IN_POD


def test_a_waiting_character_rolls_noise_in_its_section_room() -> None:
    s, room = section_a()
    c = s.chars[0]
    c.status, c.room, c.pod = IN_POD, NOWHERE, 0
    s.pod_seats[0] = [0]
    for other in (1, 2, 3):
        s.chars[other].status = 4  # dead: only the waiting character rolls
    adult = next(t for t in s.game.tokens_of_type[ADULT] if t in s.bag.counts())
    intruders.develop(s, adult)  # §9.2 Adult: noise rolls, pod-waiting characters too (FAQ)
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.room == room
    s.noise[s.game.topo.corridor_to(room, 3)] = True
    chance(s, CHANCE.noise, 2)  # corridor 3 noisy: an Encounter in the section room
    chance(s, CHANCE.token, s.game.tokens_of_type[LARVA][0])
    assert c.status == ACTIVE and c.room == room  # the Larva's appearance ejected her


def test_locked_pods_keep_their_passengers_able_to_launch() -> None:
    s, room = section_a()
    waiting_at_round_start(s, room)
    s.pods[0] = POD_LOCKED  # Hatch Control locked it meanwhile (docs/rules-decisions.md)
    s.legal_cache = None
    assert ACTIONS.option.id(pods.LAUNCH) in s.legal_actions()


def test_section_b_boards_section_b_pods() -> None:
    s, _ = scenario("evacuation_b")
    s.pods = [POD_UNLOCKED, POD_UNLOCKED, POD_UNLOCKED]
    use_room(s)
    chance(s, CHANCE.noise, 0)
    assert s.legal_actions() == [ACTIONS.pod.id(1)]  # pod 2 is Section B's (§4.1 step 6)
