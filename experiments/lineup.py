"""Who plays which seats in a tournament match: positions, lineups and their order.

A game's GameInfo names each seat's role and team. A tournament fills **positions**: a
position is a role, or, where one role's seats are on different teams, that role on one team
(so seats that play against each other can hold different agents). All seats of a position
hold the same agent, built for its seat. One seat against a team of the other role gives two
positions; a game of five rival seats of one role has five. A late role (GameInfo.late_roles,
e.g. a dead player who takes the enemy over) is a position of its own with no seat: its agent
takes over the seat that enters the role, and is rated and counted only in the games where
someone played it.

A **lineup** gives one agent per position, as indices into the config's agents. Its pair
index is the lineup read as a number in base n (n agents, first position most significant):
for two positions, `X` on the first and `Y` on the second is pair `i * n + j`. The pair index
seeds the match's games, so a lineup's games do not depend on which other lineups are played.

Schemes (`TournamentConfig.lineups`):
- "focal" (default): every lineup in which at most one position's agent differs from the
  agent on all the other positions: n + P * n * (n - 1) lineups for P positions, each read as
  "the focal agent on that position against the background agent on the rest". For two
  positions this is every ordered pair (the cross-play matrix, self-play included).
- "all": every assignment of agents to positions (n ** P lineups).
Lineups are played in ascending pair order.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Position:
    name: str
    role: str
    team: int
    seats: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "team": self.team, "seats": list(self.seats)}


def positions(info: Any) -> list[Position]:
    """The positions of a game, in the order of their first seat, then one position per late
    role (GameInfo.late_roles: no seat starts in it; its agent plays whichever seat takes the
    role, from then on; team -1)."""
    groups: dict[tuple[str, int], list[int]] = {}
    for seat, (role, team) in enumerate(zip(info.seat_roles, info.seat_teams, strict=True)):
        groups.setdefault((role, team), []).append(seat)
    teams_of_role = Counter(role for role, _ in groups)
    out = []
    for (role, team), seats in groups.items():
        if teams_of_role[role] == 1:
            name = role
        elif len(seats) == 1:
            name = info.seat_names[seats[0]]
        else:
            name = f"{role}@{info.team_names[team]}"
        out.append(Position(name, role, team, tuple(seats)))
    out += [Position(role, role, -1, ()) for role in getattr(info, "late_roles", ())]
    return out


def position_of_seats(places: Sequence[Position], num_players: int) -> list[int]:
    """Per seat, the index of its position."""
    where = [0] * num_players
    for k, position in enumerate(places):  # a late role's position holds no seat
        for seat in position.seats:
            where[seat] = k
    return where


def pair_index(lineup: Sequence[int], n: int) -> int:
    """The lineup read as a base-n number, first position most significant."""
    index = 0
    for agent in lineup:
        index = index * n + agent
    return index


def is_focal(lineup: Sequence[int]) -> bool:
    """At most one position differs from the agent on all the others."""
    counts = Counter(lineup)
    return len(counts) == 1 or (len(counts) == 2 and min(counts.values()) == 1)


def lineups(n: int, num_positions: int, scheme: str) -> list[tuple[int, ...]]:
    """The lineups a scheme plays, in ascending pair order."""
    every = itertools.product(range(n), repeat=num_positions)
    if scheme == "all":
        return list(every)
    if scheme == "focal":
        return [lineup for lineup in every if is_focal(lineup)]
    raise ValueError(f"lineups must be 'focal' or 'all', got {scheme!r}")


def focal_view(lineup: Sequence[str], k: int) -> str | None:
    """The background agent against position k's agent: the one agent on every other position
    (position k's own where it is the only position), or None when the others differ."""
    others = {a for q, a in enumerate(lineup) if q != k}
    if not others:
        return lineup[k]
    return others.pop() if len(others) == 1 else None
