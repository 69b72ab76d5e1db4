"""Room actions that take a character off the board or control the pods (nemesis-reference.md
§3.2, §4.3, §16): Hibernatorium, Evacuation Sections A and B, Hatch Control System.

- Hibernatorium: only while the time marker is on a blue space. A Noise roll; if no Intruder
  came into the room by it (an Encounter, or Danger bringing neighbours in), the character
  hibernates: off the board, safe until the game ends; from then on nobody may start the
  self-destruct sequence or set the destination.
- Evacuation Section A / B: only with an unlocked pod of the section with a free seat. A Noise
  roll; if no Intruder came into the room by it, the character boards one of those pods (its
  choice) and launches at once or waits (pods.py).
- Hatch Control System: lock or unlock one escape pod not yet launched.
No Intruder may be in the room when trying, which the general rule already says: room actions
are not possible in Combat.
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import noise, pods
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.rules.rooms_common import Op, Params, or_done
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    HIBERNATING,
    NOWHERE,
    POD_LAUNCHED,
    POD_LOCKED,
    POD_UNLOCKED,
    State,
    ev,
)

HIBERNATE = -1  # Attempt.section for the Hibernatorium


class Attempt(NamedTuple):
    seat: int
    room: int
    section: int  # the Evacuation Section tried (0 = A, 1 = B), or HIBERNATE


class PodPick(NamedTuple):
    seat: int
    room: int
    section: int  # the section boarded (0 / 1), or FLIP_ANY / FLIP_HERE: a pod to (un)lock


FLIP_ANY, FLIP_HERE = -1, -2  # any pod (Hatch Control), a pod of this room's section


def _attempt(s: State, seat: int, room: int, section: int) -> None:
    """The Noise roll comes first; the attempt's outcome is read once it has resolved."""
    push(s, Decision(Kind.ATTEMPT_END, AUTO, Attempt(seat, room, section)))
    noise.roll_noise(s, seat, room)


# -- Hibernatorium ------------------------------------------------------------------------------
def _able_hibernate(s: State, seat: int, room: int, p: Params) -> bool:
    return s.time <= s.game.data.tracks.time.hibernation_open_at


def _run_hibernate(s: State, seat: int, room: int, p: Params) -> None:
    _attempt(s, seat, room, HIBERNATE)


# -- Evacuation Sections ------------------------------------------------------------------------
def _section(p: Params) -> int:
    return int(("a", "b").index(p["section"]))


def _able_evacuate(s: State, seat: int, room: int, p: Params) -> bool:
    return bool(pods.boardable(s, _section(p))) and room not in s.intruder_room


def _run_evacuate(s: State, seat: int, room: int, p: Params) -> None:
    _attempt(s, seat, room, _section(p))


@on_auto(Kind.ATTEMPT_END)
def attempt_end(s: State, d: Decision) -> None:
    a: Attempt = d.payload
    c = s.chars[a.seat]
    if c.status != ACTIVE or c.room != a.room:
        return  # killed (or moved) while the roll resolved
    if a.room in s.intruder_room:
        s.log(ev("attempt_failed", a.seat, (("room", a.room),)))
        return
    if a.section == HIBERNATE:
        c.status, c.room = HIBERNATING, NOWHERE
        s.hibernation_started = True
        s.log(ev("hibernate", a.seat, ()))
        return
    if pods.boardable(s, a.section):
        push(s, Decision(Kind.ROOM_POD, a.seat, PodPick(a.seat, a.room, a.section)))
    else:  # the last free seat went while the roll resolved (an ejection, a death)
        s.log(ev("attempt_failed", a.seat, (("room", a.room),)))


# -- Hatch Control System, and boarding: which pod ----------------------------------------------
def _flippable(s: State, room: int, here: bool) -> list[int]:
    """Pods not launched; `here`: only those of the section whose room `room` is."""
    return [
        p
        for p, state in enumerate(s.pods)
        if state != POD_LAUNCHED and (not here or pods.section_room(s, p) == room)
    ]


def _able_flip(s: State, seat: int, room: int, p: Params) -> bool:
    return bool(_flippable(s, room, p["section"] == "this_section"))


def _run_flip(s: State, seat: int, room: int, p: Params) -> None:
    which = FLIP_HERE if p["section"] == "this_section" else FLIP_ANY
    push(s, Decision(Kind.ROOM_POD, seat, PodPick(seat, room, which)))


def _pod_choices(s: State, pick: PodPick) -> list[int]:
    if pick.section < 0:
        return _flippable(s, pick.room, pick.section == FLIP_HERE)
    return pods.boardable(s, pick.section)


@on_legal(Kind.ROOM_POD)
def legal_pod(s: State, d: Decision) -> list[int]:
    return or_done(s, s.game.actions.pod.ids(_pod_choices(s, d.payload)))


@on_resolve(Kind.ROOM_POD)
def resolve_pod(s: State, d: Decision, action: int) -> None:
    pick: PodPick = d.payload
    if action == s.game.actions.done_id:
        return
    pod = s.game.actions.pod.arg(action)
    if pick.section >= 0:
        pods.board(s, pick.seat, pod)
        return
    s.pods[pod] = POD_UNLOCKED if s.pods[pod] == POD_LOCKED else POD_LOCKED
    s.log(ev("pod_lock", pick.seat, (("pod", pod), ("locked", int(s.pods[pod] == POD_LOCKED)))))


OPS: dict[str, Op] = {
    "try_hibernate": Op(_able_hibernate, _run_hibernate),
    "try_enter_escape_pod": Op(_able_evacuate, _run_evacuate),
    "toggle_pod_lock": Op(_able_flip, _run_flip),
}
