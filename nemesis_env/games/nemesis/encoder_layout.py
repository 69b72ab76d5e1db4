"""The Nemesis observation layout: every named piece of the tensor, its shape and meaning
(docs/observations.md prints it; encoder.py fills it)."""

from __future__ import annotations

from typing import Any

from nemesis_env.core.encoder import Layout
from nemesis_env.games.nemesis.encoder_intruder import IP_KIND_INDEX, intruder_player_pieces
from nemesis_env.games.nemesis.rules.fighting import FACES
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.tables import OBJECTS, Tables, corridor_slots

MAX_SEATS = 5
MAX_PODS = 4
# the intruder player's kinds have their own one-hot in the last block (an appended block keeps
# every earlier offset where it was)
KINDS = tuple(sorted(int(k) for k in Kind if k not in IP_KIND_INDEX))
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def build_layout(t: Tables) -> Layout:
    rooms = t.topo.num_rooms
    tiles = len(t.tiles)
    corridors = corridor_slots()
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
        *intruder_player_pieces(t, MAX_SEATS),
        # after the older pieces: adding it moved none of their values (rules-decisions 300)
        (
            "tc_noise_second",
            (1,),
            "noise on the second Technical Corridors network "
            "(alternate board side; always 0 on the basic side)",
        ),
        # appended too: the combat die face a REROLL decision asks about (rolled in the open)
        (
            "roll_face",
            (len(FACES),),
            "one-hot combat die face awaiting a reroll decision "
            "(blank, creeper, adult, hit1, hit2; all 0 at other decisions)",
        ),
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
        ("tc_noise", (1,), "noise on the (first) Technical Corridors network"),
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
        ("own_objectives", (n_obj,), "objectives dealt to this seat (co-op: to the crew)"),
        ("own_objective", (n_obj,), "one-hot objective this seat chose"),
        ("own_draft", (n_ch,), "characters offered to this seat in the draft"),
        ("own_deck", (cards,), "this seat's deck contents, copies per card / 10"),
    ]
