"""One decision as the crew agent reads it: the view, the legal ids grouped by kind, and the
facts about the agent's character that every rule asks for (computed once per decision)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agents.games.nemesis.lookup import (
    ACTIVE,
    HIBERNATING,
    REPAIR_CARDS,
    REPAIR_ITEMS,
    UNKNOWN,
    Lookup,
)
from agents.games.nemesis.params import CrewParams


@dataclass(slots=True)
class Situation:
    view: Any  # NemesisView
    lk: Lookup
    seat: int
    legal: list[int]
    params: CrewParams = field(default_factory=CrewParams)
    by_kind: dict[str, list[int]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        kind = self.lk.kind
        for a in self.legal:
            self.by_kind.setdefault(kind[a], []).append(a)

    # -- the character -----------------------------------------------------------------------
    @property
    def me(self) -> Any:
        return self.view.chars[self.seat]

    @property
    def room(self) -> int:
        return int(self.me.room)

    def wound_load(self) -> float:
        me = self.me
        return float(len(me.serious) + me.light_wounds / 2)

    def undressed(self) -> int:
        return sum(1 for w in self.me.serious if w >= 0)

    def hand_limit(self) -> int:
        """The hand a Player Phase draws up to (§5.1): 4 with an undressed Body wound, else 5
        (6 in working Cabins is left out: the rules that ask wait for fewer cards)."""
        body = any(w >= 0 and self.lk.wound_type[w] == "body" for w in self.me.serious)
        return 4 if body else 5

    def action_cards(self) -> int:
        """Cards in hand that can pay a cost (contamination cards cannot)."""
        limit = self.lk.contamination_from
        return sum(1 for card in self.view.hand if card < limit)

    def contamination_in_hand(self) -> int:
        limit = self.lk.contamination_from
        return sum(1 for card in self.view.hand if card >= limit)

    def infection_at_risk(self) -> bool:
        """The victory check's draw could kill this character (§17 step 3): it carries a
        Larva, or a contamination card in its hand, deck or discard pile that no scan has shown
        clean (an unscanned one is INFECTED 7 times in 27)."""
        if self.me.larva:
            return True
        clean = self.lk.contamination_from + 1  # ids: unknown, clean, infected (tables.py)
        cards = (*self.view.hand, *self.view.deck, *self.me.discard)
        return any(c >= self.lk.contamination_from and c != clean for c in cards)

    def has_card(self, *names: str) -> bool:
        cards = self.lk.card_names
        return any(cards[c] in names for c in self.view.hand)

    def can_repair(self) -> bool:
        """A Repairs-type card in hand or a repairing item carried (a Malfunction, an engine)."""
        names = self.lk.thing_names
        return self.has_card(*REPAIR_CARDS) or any(
            names[t] in REPAIR_ITEMS for t in self.view.inventory
        )

    def loaded_weapon(self) -> bool:
        me = self.me
        cap = self.lk.thing_capacity
        return any(cap[t] > 0 and ammo > 0 for t, ammo in zip(me.heavy, me.heavy_ammo, strict=True))

    # -- the board -----------------------------------------------------------------------------
    def intruders_in(self, room: int) -> list[int]:
        return [m for m, r in enumerate(self.view.intruder_room) if r == room]

    def crew_in(self, room: int) -> int:
        return sum(1 for i, c in enumerate(self.view.chars)
                   if i != self.seat and c.status == ACTIVE and c.room == room)  # fmt: skip

    def nearest_active(self, room: int) -> bool:
        """True when no other active character is nearer `room` (ties: the lower seat goes), so
        that one character, not all, answers a shared need."""
        dist, mine = self.lk.dist, self.lk.dist[self.room][room]
        for seat, c in enumerate(self.view.chars):
            if seat != self.seat and c.status == ACTIVE and c.room >= 0:
                theirs = dist[c.room][room]
                if theirs < mine or (theirs == mine and seat < self.seat):
                    return False
        return True

    def nearest_unexplored(self) -> int:
        """The nearest unexplored room (ties: the lowest number), -1 when all are explored."""
        dist = self.lk.dist[self.room]
        rooms = [r for r, seen in enumerate(self.view.explored) if not seen]
        return min(rooms, key=lambda r: (dist[r], r), default=-1)

    def tile_room(self, name: str) -> int:
        """The room where the seat has seen tile `name`, -1 if it has not."""
        tiles = self.lk.tile_names
        for room, tile in enumerate(self.view.tile):
            if tile != UNKNOWN and tiles[tile] == name:
                return room
        return -1

    def tile_here(self) -> str:
        tile = self.view.tile[self.room] if self.room >= 0 else UNKNOWN
        return "" if tile == UNKNOWN else self.lk.tile_names[tile]

    def hibernation_started(self) -> bool:
        return any(c.status == HIBERNATING for c in self.view.chars)

    def objective_names(self) -> list[str]:
        """The chosen objective, or both dealt ones before the first encounter; in co-op the
        crew's public cards, which all must hold."""
        names = self.lk.objective_names
        if self.view.crew_objectives:
            return [names[o] for o in self.view.crew_objectives]
        if self.view.objective != UNKNOWN:
            return [names[self.view.objective]]
        return [names[o] for o in self.view.objectives]

    def wanted_destination(self) -> str:
        """Earth, unless the chosen objective is met only by flying to Mars (Quarantine)."""
        return "mars" if self.objective_names() == ["quarantine"] else "earth"
