"""Escape pods (nemesis-reference.md §16, §5.1 step 5; seed 000 "escaped in a pod").

Pods start locked (2 for 1-2 players, 3 for 3-4, 4 for 5), alternate between Evacuation
Sections A and B by number, and seat 2 characters each. The first death, and self-destruct
reaching its first yellow space, unlock every pod. A character boards an unlocked pod of a
section with a free seat through that section's room action (rooms_escape.py) and then
launches at once or waits. A waiting character, at the start of each of its rounds, launches,
keeps waiting (a pass) or steps out into the section room for free and plays its round; a
later passenger may launch at once, and a launch takes everyone aboard. A launched pod takes
its characters out of the game alive: they count as survivors for the victory check
(contamination and objectives). An Intruder appearing in a section room puts everyone waiting
in that section's pods back into the room. Locking a pod stops boarding only: whoever is aboard
may still launch (docs/rules-decisions.md).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import Decision, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules.kinds import Kind, SeatArg
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    ESCAPED,
    IN_POD,
    NOWHERE,
    POD_LAUNCHED,
    POD_UNLOCKED,
    State,
    ev,
)

LAUNCH, WAIT, STEP_OUT = range(3)  # answers (option ids) of POD_CHOICE


class PodChoice(NamedTuple):
    seat: int
    boarding: bool  # just boarded during an action: launch or wait, no stepping out


def section_of(pod: int) -> int:
    """0 for Section A, 1 for B: pods alternate A, B, A, ... (docs/rules-decisions.md)."""
    return pod % 2


def section_room(s: State, pod: int) -> int:
    """The room of the pod's Evacuation Section, -1 while its tile has not been seen."""
    pods = s.game.data.board.escape_pods
    return s.game.room_with_tile(s, pods.section_rooms[pods.sections[section_of(pod)]])


def boardable(s: State, section: int) -> list[int]:
    """Unlocked pods of the section with a free seat."""
    seats = s.game.data.board.escape_pods.seats_per_pod
    return [p for p, state in enumerate(s.pods) if section_of(p) == section
            and state == POD_UNLOCKED and len(s.pod_seats[p]) < seats]  # fmt: skip


def board(s: State, seat: int, pod: int) -> None:
    """The character takes a seat in the pod, then launches or waits."""
    c = s.chars[seat]
    c.status, c.room, c.pod = IN_POD, NOWHERE, pod
    s.pod_seats[pod].append(seat)
    s.log(ev("pod_boarded", seat, (("pod", pod),)))
    push(s, Decision(Kind.POD_CHOICE, seat, PodChoice(seat, True)))


def round_decision(seat: int) -> Decision:
    """What a waiting character's round begins with (player_phase.next_round)."""
    return Decision(Kind.POD_CHOICE, seat, PodChoice(seat, False))


def launch(s: State, pod: int, *, ejected: bool = False) -> None:
    s.pods[pod] = POD_LAUNCHED
    for seat in s.pod_seats[pod]:
        c = s.chars[seat]
        c.status = ESCAPED
        c.room = NOWHERE
    s.log(ev("pod_launched", -1, (("pod", pod), ("aboard", tuple(s.pod_seats[pod])),
                                     ("ejected", int(ejected)))))  # fmt: skip


def eject_from_section(s: State, room: int) -> None:
    """An Intruder appeared in `room`: whoever waits in a pod of its section is put back into
    the room (§16)."""
    for pod, state in enumerate(s.pods):
        if state == POD_LAUNCHED or not s.pod_seats[pod] or section_room(s, pod) != room:
            continue
        for seat in s.pod_seats[pod][:]:
            step_out(s, seat)
        s.log(ev("pod_emptied", -1, (("pod", pod),)))


def step_out(s: State, seat: int) -> None:
    c = s.chars[seat]
    room = section_room(s, c.pod)
    if seat in s.pod_seats[c.pod]:
        s.pod_seats[c.pod].remove(seat)
    c.status, c.room, c.pod = ACTIVE, room, -1
    s.log(ev("pod_left", seat, (("room", room),)))


@on_legal(Kind.POD_CHOICE)
def legal_pod_choice(s: State, d: Decision) -> list[int]:
    choices = [LAUNCH, WAIT] if d.payload.boarding else [LAUNCH, WAIT, STEP_OUT]
    return s.game.actions.option.ids(choices)


@on_resolve(Kind.POD_CHOICE)
def resolve_pod_choice(s: State, d: Decision, action: int) -> None:
    choice: PodChoice = d.payload
    seat = choice.seat
    c = s.chars[seat]
    answer = s.game.actions.option.arg(action)
    if not choice.boarding:
        s.rounds += 1
    if answer == STEP_OUT:
        step_out(s, seat)
        push(s, Decision(Kind.ROUND, seat, SeatArg(seat)))  # then a round as usual
        return
    if answer == LAUNCH:
        launch(s, c.pod)
    else:
        c.passed = True
        s.log(ev("pod_wait", seat, ()))
    if not choice.boarding:
        s.game.hooks.end_of_round(s, seat)  # while boarding, the action's end does it
