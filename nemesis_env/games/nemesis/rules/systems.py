"""Engines and coordinates: face-down facts drawn when first seen (nemesis-reference.md §4.1
steps 5 and 7, §3.2 Cockpit / Engine rooms, §17).

Each engine's two tokens (Working, Damaged) are shuffled and stacked: the top one is its state,
Working or Damaged with even odds, and stays undetermined until a character checks the engine
(or the Engine Control Room, or the victory check). The coordinates card is one of 8, drawn
when first checked. Who has seen what is a per-seat bitmask in the state.
"""

from __future__ import annotations

from nemesis_env.core.engine import CHANCE, Decision, on_outcomes, on_resolve, push
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import UNKNOWN, State, ev

EVERYONE = -1


def look_at_engine(s: State, engine: int, seat: int) -> None:
    """`seat` (EVERYONE: the victory check) looks at the engine's top token."""
    if s.engine[engine] == UNKNOWN:
        push(s, Decision(Kind.ENGINE, CHANCE, (engine, seat)))
    elif seat >= 0:
        s.engine_known[engine] |= 1 << seat


def look_at_coordinates(s: State, seat: int) -> None:
    if s.coordinates == UNKNOWN:
        push(s, Decision(Kind.COORDINATES, CHANCE, seat))
    elif seat >= 0:
        s.coordinates_known |= 1 << seat


@on_outcomes(Kind.ENGINE)
def engine_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.engine
    return [(ids.id(0), 0.5), (ids.id(1), 0.5)]


@on_resolve(Kind.ENGINE)
def resolve_engine(s: State, d: Decision, outcome: int) -> None:
    engine, seat = d.payload
    s.engine[engine] = s.game.chance.engine.arg(outcome)
    if seat >= 0:
        s.engine_known[engine] |= 1 << seat
    s.log(ev("engine_seen", seat, (("engine", engine), ("state", s.engine[engine])),
                None if seat < 0 else frozenset({seat})))  # fmt: skip


@on_outcomes(Kind.COORDINATES)
def coordinates_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.coordinates
    n = len(s.game.data.coordinates)
    return [(ids.id(c), 1.0 / n) for c in range(n)]


@on_resolve(Kind.COORDINATES)
def resolve_coordinates(s: State, d: Decision, outcome: int) -> None:
    seat = d.payload
    s.coordinates = s.game.chance.coordinates.arg(outcome)
    if seat >= 0:
        s.coordinates_known |= 1 << seat
    s.log(ev("coordinates_seen", seat, (("card", s.coordinates),),
                None if seat < 0 else frozenset({seat})))  # fmt: skip
