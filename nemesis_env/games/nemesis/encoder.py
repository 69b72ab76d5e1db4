"""NemesisView -> flat float32 tensor with a documented layout (docs/observations.md).

Nested per room, corridor, character and intruder type, with one fixed size for every player
count (characters are padded to 5 and ordered from the observing seat: slot 0 is the seat
itself, slot k the k-th player on its left). Every value lies in [0, 1]: one-hots, multi-hots
and counts divided by their largest possible value.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any

import numpy as np
import numpy.typing as npt

from nemesis_env.games.nemesis.encoder_intruder import encode_intruder_player
from nemesis_env.games.nemesis.encoder_layout import (
    KIND_INDEX,
    MAX_PODS,
    MAX_SEATS,
    build_layout,
)
from nemesis_env.games.nemesis.state import NOWHERE, UNKNOWN
from nemesis_env.games.nemesis.tables import OBJECTS, Tables
from nemesis_env.games.nemesis.view import CharacterView, NemesisView

CHARACTER_MEMO = 512  # character boards remembered before the memo starts afresh


Pairs = tuple[list[int], list[float]]  # flat offsets and their values
Section = Callable[[NemesisView, list[int], list[float]], None]


class NemesisEncoder:
    """Writes a view as (flat offset, value) pairs and stores them with one numpy assignment:
    a Python append costs a fraction of a numpy item assignment, and most entries are 0."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self.layout = build_layout(t)
        self.effects = sorted(set(t.token_effect))
        self.o = {piece.name: piece.offset for piece in self.layout.pieces}
        self.row = {piece.name: piece.shape[-1] for piece in self.layout.pieces}
        # room_token column per token value: its effect, unknown (-1) or resolved (-2)
        self._token_column = {token: self.effects.index(effect)
                              for token, effect in enumerate(t.token_effect)}  # fmt: skip
        self._token_column[-1], self._token_column[-2] = len(self.effects), len(self.effects) + 1
        self._first_object = len(t.things) - len(OBJECTS)
        wound_types = ("arm", "hand", "leg", "body", "bleeding")
        self._wound_column = [wound_types.index(kind) for kind in t.wound_type]
        self._last: dict[str, tuple[tuple[Any, ...], Pairs]] = {}
        self._char_memo: dict[tuple[int, CharacterView], Pairs] = {}
        # The tensor is kept between calls and only the slots whose pairs changed are
        # rewritten (so one encoder serves one thread at a time).
        self._scratch = np.zeros(self.layout.size, np.float32)
        self._written: dict[Hashable, Pairs] = {}

    def encode(self, v: NemesisView, out: npt.NDArray[np.float32]) -> None:
        if out.shape != (self.layout.size,):
            raise ValueError(f"out has shape {out.shape}, the observation is ({self.layout.size},)")
        flow: Pairs = ([], [])
        self._flow(v, *flow)
        self._own(v, *flow)
        if v.intruder_player:
            encode_intruder_player(self.o, v, *flow)
        self._put("flow", flow)
        self._characters(v)
        self._put("rooms", self._cached(self._rooms, v, (
            v.tile, v.token, v.explored, v.item_counter, v.fire, v.malfunction, v.objects,
            v.intruder_room, v.intruder_injuries)))  # fmt: skip
        self._put("board", self._cached(self._board, v, (
            v.door, v.noise, v.tc_noise, v.bag, v.supply, v.eggs_in_nest, v.nest_destroyed,
            v.queen_killed, v.weakness, v.engine, v.coordinates, v.decks, v.crafted_left,
            v.contam_deck_left, v.event_deck_size)))  # fmt: skip
        self._put("pods", self._cached(self._pods, v, (v.seat, v.players, v.pods, v.pod_seats)))
        out[:] = self._scratch

    def _put(self, slot: Hashable, pairs: Pairs) -> None:
        """Writes one slot's pairs into the scratch tensor, clearing what the slot wrote last
        time; the very pairs written last time (a memo hit) cost nothing. Slots write disjoint
        offsets (tests/nemesis/test_encoder_incremental.py compares with a fresh encoder)."""
        old = self._written.get(slot)
        if old is pairs:
            return
        if old is not None and old[0]:
            self._scratch[old[0]] = 0.0
        if pairs[0]:
            self._scratch[pairs[0]] = pairs[1]
        self._written[slot] = pairs

    def _cached(self, section: Section, v: NemesisView, key: tuple[Any, ...]) -> Pairs:
        """A section's (offsets, values), recomputed only when the view fields it reads
        changed since the last call (in an env loop the board rarely changes between
        consecutive observations; comparing the tuples is far cheaper than encoding them)."""
        last = self._last.get(section.__name__)
        if last is not None and last[0] == key:
            return last[1]
        pairs: Pairs = ([], [])
        section(v, *pairs)
        self._last[section.__name__] = (key, pairs)
        return pairs

    def _flow(self, v: NemesisView, idx: list[int], val: list[float]) -> None:
        o, n, me = self.o, v.players, max(v.seat, 0)
        if v.seat >= 0:
            idx.append(o["seat"] + v.seat)
            val.append(1)
        if v.decision in KIND_INDEX:
            idx.append(o["decision"] + KIND_INDEX[v.decision])
            val.append(1)
        if v.roll_face >= 0:
            idx.append(o["roll_face"] + v.roll_face)
            val.append(1)
        if v.chooser >= 0:
            idx += (o["decision_mine"], o["chooser"] + (v.chooser - me) % n)
            val += (float(v.chooser == v.seat), 1)
        idx += (
            o["stage"] + v.stage,
            o["time"],
            o["self_destruct_on"],
            o["self_destruct"],
            o["destination"] + v.destination,
            o["first_player"] + (v.first_player - me) % n,
        )
        val += (1, v.time / 15, float(v.self_destruct >= 0), max(v.self_destruct, 0) / 15, 1,
                1)  # fmt: skip

    def _rooms(self, v: NemesisView, idx: list[int], val: list[float]) -> None:
        o, t = self.o, self.t
        tiles, tile_row, token_row = len(t.tiles), self.row["room_tile"], self.row["room_token"]
        for room in range(t.topo.num_rooms):
            tile = v.tile[room]
            idx += (
                o["room_tile"] + room * tile_row + (tile if tile >= 0 else tiles),
                o["room_token"] + room * token_row + self._token_column[v.token[room]],
            )
            val += (1, 1)
            if v.explored[room]:
                idx.append(o["room_explored"] + room)
                val.append(1)
            if v.item_counter[room]:
                idx.append(o["room_items"] + room)
                val.append(min(v.item_counter[room], 4) / 4)
            if v.fire[room]:
                idx.append(o["room_fire"] + room)
                val.append(1)
            if v.malfunction[room]:
                idx.append(o["room_malfunction"] + room)
                val.append(1)
            if v.objects[room]:
                for thing, copies in Counter(v.objects[room]).items():
                    idx.append(o["room_objects"] + room * len(OBJECTS) + thing - self._first_object)
                    val.append(min(copies, 3) / 3)
        intruders: Counter[int] = Counter()
        injuries: Counter[int] = Counter()
        for mini, room in enumerate(v.intruder_room):
            if room != NOWHERE:
                intruders[o["room_intruders"] + room * 5 + t.mini_type[mini]] += 1
                injuries[room] += v.intruder_injuries[mini]
        for index, copies in intruders.items():
            idx.append(index)
            val.append(min(copies, 3) / 3)
        for room, hurt in injuries.items():
            idx.append(o["room_injuries"] + room)
            val.append(min(hurt, 10) / 10)

    def _board(self, v: NemesisView, idx: list[int], val: list[float]) -> None:
        o = self.o
        for corridor, state in enumerate(v.door):
            idx.append(o["corridor_door"] + corridor * 3 + state)
            val.append(1)
            if v.noise[corridor]:
                idx.append(o["corridor_noise"] + corridor)
                val.append(1)
        flags = (v.tc_noise[0], v.nest_destroyed, v.queen_killed)
        idx += (o["tc_noise"], o["nest_destroyed"], o["queen_killed"], o["eggs"])
        val += (*(float(f) for f in flags), min(v.eggs_in_nest / 5, 1))
        if any(v.tc_noise[1:]):
            idx.append(o["tc_noise_second"])
            val.append(1)
        for token, copies in v.bag:
            idx.append(o["bag"] + token)
            val.append(min(copies / 8, 1))
        for token, copies in enumerate(v.supply):
            idx.append(o["supply"] + token)
            val.append(min(copies / 8, 1))
        row = self.row["weakness"]
        for slot, card in enumerate(v.weakness):
            idx.append(o["weakness"] + slot * row + (card if card >= 0 else row - 1))
            val.append(1)
        for engine, top in enumerate(v.engine):
            idx.append(o["engine"] + engine * 3 + (0 if top == UNKNOWN else top + 1))
            val.append(1)
        coordinates = v.coordinates if v.coordinates >= 0 else self.row["coordinates"] - 1
        idx.append(o["coordinates"] + coordinates)
        val.append(1)
        idx += [o["decks"] + i for i in range(len(v.decks))]
        val += [min(size / 30, 1) for size in v.decks]
        idx += [o["crafted_left"] + i for i in range(len(v.crafted_left))]
        val += [left / 3 for left in v.crafted_left]
        idx += (o["contamination_deck"], o["event_deck"])
        val += (v.contam_deck_left / 27, min(v.event_deck_size / 20, 1))

    def _pods(self, v: NemesisView, idx: list[int], val: list[float]) -> None:
        o, n, me = self.o, v.players, max(v.seat, 0)
        for pod in range(MAX_PODS):
            if pod < len(v.pods):
                idx.append(o["pods"] + pod * 4 + v.pods[pod])
                idx += [o["pod_seats"] + pod * MAX_SEATS + (s - me) % n for s in v.pod_seats[pod]]
                val += [1] * (1 + len(v.pod_seats[pod]))
            else:
                idx.append(o["pods"] + pod * 4 + 3)
                val.append(1)

    def _characters(self, v: NemesisView) -> None:
        n, me = v.players, max(v.seat, 0)
        memo = self._char_memo
        if len(memo) > CHARACTER_MEMO:
            memo.clear()
        for seat, c in enumerate(v.chars):
            key = ((seat - me) % n, c)
            pairs = memo.get(key)
            if pairs is None:
                pairs = memo[key] = self._character(*key)
            self._put(("character", key[0]), pairs)

    def _character(self, r: int, c: CharacterView) -> Pairs:
        """One character board at relative seat `r` (memoised: most boards do not change
        from one observation to the next)."""
        o, row = self.o, self.row
        character = c.character if c.character >= 0 else row["char_character"] - 1
        room = c.room if c.room >= 0 else row["char_room"] - 1
        idx = [o["char_present"] + r, o["char_character"] + r * row["char_character"] + character,
               o["char_room"] + r * row["char_room"] + room, o["char_status"] + r * 5 + c.status,
               o["char_light"] + r, o["char_ammo"] + r]  # fmt: skip
        val = [1, 1, 1, 1, c.light_wounds / 2, min(sum(c.heavy_ammo) / 10, 1)]
        if c.room >= 0:
            idx.append(o["room_characters"] + c.room * MAX_SEATS + r)
            val.append(1)
        if c.serious:
            wounds = Counter(5 if card < 0 else self._wound_column[card] for card in c.serious)
            for column, copies in wounds.items():
                idx.append(o["char_serious"] + r * 6 + column)
                val.append(min(copies, 3) / 3)
        flags = (c.slime, c.signal, c.larva, c.passed, c.objective_chosen,
                 min(c.actions_left, 2) / 2)  # fmt: skip
        idx += range(o["char_flags"] + r * 6, o["char_flags"] + r * 6 + 6)
        val += (float(f) for f in flags)
        idx += (o["char_cards"] + r * 2, o["char_cards"] + r * 2 + 1)
        val += (min(c.hand_size / 8, 1), min(c.deck_size / 30, 1))
        for card, copies in Counter(c.discard).items():
            idx.append(o["char_discard"] + r * row["char_discard"] + card)
            val.append(min(copies, 3) / 3)
        idx += [o["char_heavy"] + r * row["char_heavy"] + thing for thing in c.heavy]
        val += [1] * len(c.heavy)
        idx += range(o["char_inventory"] + r * 4, o["char_inventory"] + r * 4 + 4)
        val += (min(k / 5, 1) for k in c.inventory_colours)
        idx += (o["char_quest"] + r * 2, o["char_quest"] + r * 2 + 1)
        val += (float(q) for q in c.quest_active)
        return idx, val

    def _own(self, v: NemesisView, idx: list[int], val: list[float]) -> None:
        o = self.o
        for card, copies in Counter(v.hand).items():
            idx.append(o["own_hand"] + card)
            val.append(min(copies, 3) / 3)
        for thing, copies in Counter(v.inventory).items():
            idx.append(o["own_inventory"] + thing)
            val.append(min(copies, 3) / 3)
        # co-op: the crew's public cards are everyone's objectives (docs/observations.md)
        objectives = set(v.objectives) | set(v.crew_objectives)
        idx += [o["own_objectives"] + card for card in sorted(objectives)]
        val += [1] * len(objectives)
        if v.objective >= 0:
            idx.append(o["own_objective"] + v.objective)
            val.append(1)
        idx += [o["own_draft"] + ch for ch in v.draft]
        val += [1] * len(v.draft)
        for card, copies in Counter(v.deck).items():
            idx.append(o["own_deck"] + card)
            val.append(min(copies, 10) / 10)
