"""Escape pods (nemesis-reference.md §16; seed 000 "escaped in a pod").

Pods start locked (2 for 1-2 players, 3 for 3-4, 4 for 5), alternate between Evacuation
Sections A and B by number, and seat 2 characters each. The first death, and self-destruct
reaching its first yellow space, unlock every pod. A launched pod takes its characters out of
the game alive: they count as survivors for the victory check (contamination and objectives).
"""

from __future__ import annotations

from nemesis_env.games.nemesis.state import ESCAPED, NOWHERE, POD_LAUNCHED, State, ev


def section_of(pod: int) -> int:
    """0 for Section A, 1 for B: pods alternate A, B, A, ... (docs/rules-decisions.md)."""
    return pod % 2


def launch(s: State, pod: int, *, ejected: bool = False) -> None:
    s.pods[pod] = POD_LAUNCHED
    for seat in s.pod_seats[pod]:
        c = s.chars[seat]
        c.status = ESCAPED
        c.room = NOWHERE
    s.log(ev("pod_launched", -1, (("pod", pod), ("aboard", tuple(s.pod_seats[pod])),
                                     ("ejected", int(ejected)))))  # fmt: skip
