"""NemesisView -> flat float32 tensor with a documented layout (docs/observations.md).

Nested per room, corridor, character and intruder type, with one fixed size for every player
count (characters are padded to 5 and ordered from the observing seat: slot 0 is the seat
itself, slot k the k-th player on its left). Every value lies in [0, 1]: one-hots, multi-hots
and counts divided by their largest possible value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import Layout
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import NOWHERE, UNKNOWN
from nemesis_env.games.nemesis.tables import OBJECTS, Tables
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    pass

MAX_SEATS = 5
MAX_PODS = 4
KINDS = tuple(sorted(int(k) for k in Kind))
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def build_layout(t: Tables) -> Layout:
    rooms = t.topo.num_rooms
    tiles = len(t.tiles)
    corridors = len(t.topo.ends)
    tokens = len(t.token_type)
    things = len(t.things)
    cards = len(t.cards)
    effects = len(set(t.token_effect))
    n_obj = len(t.data.objectives)
    n_ch = len(t.data.characters)
    pieces: list[tuple[Any, ...]] = [
        *_flow_pieces(),
        *_room_pieces(rooms, tiles, effects),
        *_board_pieces(t, corridors, tokens),
        *_character_pieces(rooms, n_ch, cards, things),
        *_own_pieces(cards, things, n_obj, n_ch),
    ]
    return Layout(pieces)


Pieces = list[tuple[Any, ...]]


def _flow_pieces() -> Pieces:
    return [
        ("seat", (MAX_SEATS,), "one-hot observing seat (player number - 1)"),
        ("decision", (len(KINDS),), "one-hot kind of the open decision (rules/kinds.py Kind)"),
        ("decision_mine", (1,), "1 if this seat takes the open decision"),
        ("chooser", (MAX_SEATS,), "one-hot seat taking the open decision, relative to this seat"),
        ("stage", (13,), "one-hot stage (rules/kinds.py Stage)"),
        ("time", (1,), "time-track spaces left / 15"),
        ("self_destruct", (1,), "self-destruct advances / 15 (0: not running)"),
        ("self_destruct_on", (1,), "1 if the self-destruct sequence runs"),
        ("destination", (4,), "one-hot destination marker A-D"),
        ("first_player", (MAX_SEATS,), "one-hot first player, relative to this seat"),
    ]


def _room_pieces(rooms: int, tiles: int, effects: int) -> Pieces:
    return [
        (
            "room_tile",
            (rooms, tiles + 1),
            "per room: one-hot tile as this seat knows it (last: unknown)",
        ),
        ("room_explored", (rooms,), "per room: explored"),
        (
            "room_token",
            (rooms, effects + 2),
            "per room: one-hot exploration token effect known "
            "(second last: unknown, last: resolved)",
        ),
        ("room_items", (rooms,), "per room: item counter / 4"),
        ("room_fire", (rooms,), "per room: fire"),
        ("room_malfunction", (rooms,), "per room: malfunction"),
        ("room_objects", (rooms, len(OBJECTS)), "per room: objects lying there / 3"),
        ("room_characters", (rooms, MAX_SEATS), "per room: which characters (relative) are there"),
        ("room_intruders", (rooms, 5), "per room: intruders of each type / 3"),
        ("room_injuries", (rooms,), "per room: injuries on its intruders / 10"),
    ]


def _board_pieces(t: Tables, corridors: int, tokens: int) -> Pieces:
    return [
        ("corridor_door", (corridors, 3), "per corridor: one-hot door open/closed/destroyed"),
        ("corridor_noise", (corridors,), "per corridor: noise marker"),
        ("tc_noise", (1,), "noise on the Technical Corridors space"),
        ("bag", (tokens,), "intruder tokens in the bag / 8, per token kind"),
        ("supply", (tokens,), "intruder tokens in the supply / 8, per token kind"),
        ("eggs", (1,), "eggs in the Nest / 5"),
        ("nest_destroyed", (1,), "1 if the Nest is destroyed"),
        ("queen_killed", (1,), "1 if the Queen was killed"),
        (
            "weakness",
            (3, len(t.data.weaknesses) + 1),
            "per weakness slot: one-hot card (last: face down)",
        ),
        (
            "engine",
            (3, 3),
            "per engine: one-hot top as this seat knows it (unknown, working, damaged)",
        ),
        (
            "coordinates",
            (len(t.data.coordinates) + 1,),
            "one-hot coordinates card if this seat knows it (last: unknown)",
        ),
        ("pods", (MAX_PODS, 4), "per pod: one-hot locked/unlocked/launched/absent"),
        ("pod_seats", (MAX_PODS, MAX_SEATS), "per pod: which characters (relative) are aboard"),
        ("decks", (3,), "cards left in the red, yellow, green item decks / 30"),
        ("crafted_left", (len(t.crafted),), "crafted items left / 3"),
        ("contamination_deck", (1,), "contamination cards left / 27"),
        ("event_deck", (1,), "event cards left / 20"),
    ]


def _character_pieces(rooms: int, n_ch: int, cards: int, things: int) -> Pieces:
    return [
        ("char_present", (MAX_SEATS,), "per relative seat: in the game"),
        (
            "char_character",
            (MAX_SEATS, n_ch + 1),
            "per relative seat: one-hot character (last: not drafted)",
        ),
        ("char_room", (MAX_SEATS, rooms + 1), "per relative seat: one-hot room (last: off board)"),
        (
            "char_status",
            (MAX_SEATS, 5),
            "per relative seat: one-hot active/hibernating/in pod/escaped/dead",
        ),
        ("char_light", (MAX_SEATS,), "per relative seat: light wounds / 2"),
        (
            "char_serious",
            (MAX_SEATS, 6),
            "per relative seat: undressed serious wounds per type "
            "/ 3 (arm, hand, leg, body, bleeding), dressed / 3",
        ),
        (
            "char_flags",
            (MAX_SEATS, 6),
            "per relative seat: slime, signal, larva, passed, objective chosen, actions left / 2",
        ),
        ("char_cards", (MAX_SEATS, 2), "per relative seat: hand size / 8, deck size / 30"),
        ("char_discard", (MAX_SEATS, cards), "per relative seat: cards in the discard / 3"),
        ("char_heavy", (MAX_SEATS, things), "per relative seat: heavy things held"),
        ("char_ammo", (MAX_SEATS,), "per relative seat: ammo in hand weapons / 10"),
        (
            "char_inventory",
            (MAX_SEATS, 4),
            "per relative seat: items per colour / 5 (red, yellow, green, other)",
        ),
        ("char_quest", (MAX_SEATS, 2), "per relative seat: active quest items"),
    ]


def _own_pieces(cards: int, things: int, n_obj: int, n_ch: int) -> Pieces:
    return [
        ("own_hand", (cards,), "this seat's hand, copies per card / 3"),
        ("own_inventory", (things,), "this seat's inventory, copies per thing / 3"),
        ("own_objectives", (n_obj,), "objectives dealt to this seat"),
        ("own_objective", (n_obj,), "one-hot objective this seat chose"),
        ("own_draft", (n_ch,), "characters offered to this seat in the draft"),
        ("own_deck", (cards,), "this seat's deck contents, copies per card / 10"),
    ]


class NemesisEncoder:
    def __init__(self, t: Tables) -> None:
        self.t = t
        self.layout = build_layout(t)
        self.effects = sorted(set(t.token_effect))
        self._cached: tuple[int, dict[str, Any]] | None = None

    def _views_of(self, out: npt.NDArray[np.float32]) -> dict[str, Any]:
        """The named views into `out`, built once per buffer (envs reuse one buffer)."""
        key = out.__array_interface__["data"][0]
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, self.layout.views(out))
        return self._cached[1]

    def encode(self, v: NemesisView, out: npt.NDArray[np.float32]) -> None:
        out[:] = 0.0
        p = self._views_of(out)
        n = v.players
        me = max(v.seat, 0)

        def rel(seat: int) -> int:
            return (seat - me) % n

        if v.seat >= 0:
            p["seat"][v.seat] = 1
        if v.decision >= 0:
            p["decision"][KIND_INDEX[v.decision]] = 1
        if v.chooser >= 0:
            p["decision_mine"][0] = v.chooser == v.seat
            p["chooser"][rel(v.chooser)] = 1
        p["stage"][v.stage] = 1
        p["time"][0] = v.time / 15
        p["self_destruct_on"][0] = v.self_destruct >= 0
        p["self_destruct"][0] = max(v.self_destruct, 0) / 15
        p["destination"][v.destination] = 1
        p["first_player"][rel(v.first_player)] = 1
        self._rooms(v, p, rel)
        self._board(v, p, rel)
        self._characters(v, p, rel)
        self._own(v, p)

    def _rooms(self, v: NemesisView, p: dict[str, Any], rel: Any) -> None:
        t = self.t
        tiles = len(t.tiles)
        for room in range(t.topo.num_rooms):
            tile = v.tile[room]
            p["room_tile"][room, tile if tile >= 0 else tiles] = 1
            p["room_explored"][room] = v.explored[room]
            token = v.token[room]
            if token >= 0:
                p["room_token"][room, self.effects.index(t.token_effect[token])] = 1
            else:
                p["room_token"][room, len(self.effects) + (token == -2)] = 1
            p["room_items"][room] = min(v.item_counter[room], 4) / 4
            p["room_fire"][room] = v.fire[room]
            p["room_malfunction"][room] = v.malfunction[room]
            for thing in v.objects[room]:
                p["room_objects"][room, thing - (len(t.things) - len(OBJECTS))] += 1 / 3
        for mini, room in enumerate(v.intruder_room):
            if room != NOWHERE:
                p["room_intruders"][room, t.mini_type[mini]] += 1 / 3
                p["room_injuries"][room] += v.intruder_injuries[mini] / 10
        np.clip(p["room_objects"], 0, 1, out=p["room_objects"])
        np.clip(p["room_intruders"], 0, 1, out=p["room_intruders"])
        np.clip(p["room_injuries"], 0, 1, out=p["room_injuries"])

    def _board(self, v: NemesisView, p: dict[str, Any], rel: Any) -> None:
        for corridor, state in enumerate(v.door):
            p["corridor_door"][corridor, state] = 1
            p["corridor_noise"][corridor] = v.noise[corridor]
        p["tc_noise"][0] = v.tc_noise
        for token, copies in v.bag:
            p["bag"][token] = min(copies / 8, 1)
        for token, copies in enumerate(v.supply):
            p["supply"][token] = min(copies / 8, 1)
        p["eggs"][0] = min(v.eggs_in_nest / 5, 1)
        p["nest_destroyed"][0] = v.nest_destroyed
        p["queen_killed"][0] = v.queen_killed
        for slot, card in enumerate(v.weakness):
            p["weakness"][slot, card if card >= 0 else -1] = 1
        for engine, top in enumerate(v.engine):
            p["engine"][engine, 0 if top == UNKNOWN else top + 1] = 1
        p["coordinates"][v.coordinates if v.coordinates >= 0 else -1] = 1
        for pod in range(MAX_PODS):
            if pod < len(v.pods):
                p["pods"][pod, v.pods[pod]] = 1
                for seat in v.pod_seats[pod]:
                    p["pod_seats"][pod, rel(seat)] = 1
            else:
                p["pods"][pod, 3] = 1
        p["decks"][:] = [min(size / 30, 1) for size in v.decks]
        p["crafted_left"][:] = [left / 3 for left in v.crafted_left]
        p["contamination_deck"][0] = v.contam_deck_left / 27
        p["event_deck"][0] = min(v.event_deck_size / 20, 1)

    def _characters(self, v: NemesisView, p: dict[str, Any], rel: Any) -> None:
        t = self.t
        wound_types = ("arm", "hand", "leg", "body", "bleeding")
        for seat, c in enumerate(v.chars):
            r = rel(seat)
            p["char_present"][r] = 1
            p["char_character"][r, c.character if c.character >= 0 else -1] = 1
            p["char_room"][r, c.room if c.room >= 0 else -1] = 1
            if c.room >= 0:
                p["room_characters"][c.room, r] = 1
            p["char_status"][r, c.status] = 1
            p["char_light"][r] = c.light_wounds / 2
            for card in c.serious:
                index = 5 if card < 0 else wound_types.index(t.wound_type[card])
                p["char_serious"][r, index] += 1 / 3
            flags = (c.slime, c.signal, c.larva, c.passed, c.objective_chosen,
                     min(c.actions_left, 2) / 2)  # fmt: skip
            p["char_flags"][r] = flags
            p["char_cards"][r] = (min(c.hand_size / 8, 1), min(c.deck_size / 30, 1))
            for card in c.discard:
                p["char_discard"][r, card] += 1 / 3
            for thing in c.heavy:
                p["char_heavy"][r, thing] = 1
            p["char_ammo"][r] = min(sum(c.heavy_ammo) / 10, 1)
            p["char_inventory"][r] = [min(k / 5, 1) for k in c.inventory_colours]
            p["char_quest"][r] = c.quest_active
        np.clip(p["char_discard"], 0, 1, out=p["char_discard"])

    def _own(self, v: NemesisView, p: dict[str, Any]) -> None:
        for card in v.hand:
            p["own_hand"][card] += 1 / 3
        for thing in v.inventory:
            p["own_inventory"][thing] += 1 / 3
        for card in v.objectives:
            p["own_objectives"][card] = 1
        if v.objective >= 0:
            p["own_objective"][v.objective] = 1
        for ch in v.draft:
            p["own_draft"][ch] = 1
        for card in v.deck:
            p["own_deck"][card] += 1 / 10
        for name in ("own_hand", "own_inventory", "own_deck"):
            np.clip(p[name], 0, 1, out=p[name])
