"""Room tiles and exploration tokens (nemesis-reference.md §3.4, §4.1).

The 11 "Room 1" tiles and 5 of the 9 "Room 2" tiles lie face down with an exploration token
each. What a face-down tile or token is stays undetermined until someone sees it: a character
entering (everyone sees), or a seat that peeks (Monitoring Room, Recon Drone, Nemesis Plans,
Knowledge of the Ship: only that seat sees). Seeing draws it from the tiles of its kind and the
tokens not yet seen (state.py), so the draw is exactly as random as the face-down setup.

A character who first enters turns both face up; the token sets the room's item counter and
its effect resolves: Silence and Danger replace the noise roll, Slime, Fire, Malfunction and
Door act and the noise roll follows as usual.
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, CHANCE, Decision, on_auto, on_outcomes, on_resolve, push
from nemesis_env.games.nemesis.rules import hazards
from nemesis_env.games.nemesis.rules.kinds import Kind, TileDraw
from nemesis_env.games.nemesis.state import CLOSED, UNKNOWN, State, ev

RESOLVED = -2  # the token's effect has been resolved (or never will be)
EVERYONE = -1


def reveal(s: State, seat: int, room: int) -> None:
    """Turns the room face up as `seat` enters it; draws what nobody had seen yet (the tile
    first, then the token, then the token is turned face up)."""
    s.explored[room] = True
    s.log(ev("explore", seat, (("room", room),)))
    push(s, Decision(Kind.TOKEN_FACE_UP, AUTO, room))
    if s.token[room] == UNKNOWN:
        push(s, Decision(Kind.EXPLORATION_TOKEN, CHANCE, TileDraw(room, EVERYONE)))
    if s.tile[room] == UNKNOWN:
        push(s, Decision(Kind.TILE, CHANCE, TileDraw(room, EVERYONE)))


@on_auto(Kind.TOKEN_FACE_UP)
def token_face_up(s: State, d: Decision) -> None:
    if s.token[d.payload] >= 0:
        _token_face_up(s, d.payload)


def peek(s: State, seat: int, room: int, *, token: bool) -> None:
    """`seat` secretly looks at an unexplored room's tile (and its token)."""
    if token:
        if s.token[room] == UNKNOWN:
            push(s, Decision(Kind.EXPLORATION_TOKEN, CHANCE, TileDraw(room, seat)))
        else:
            s.token_known[room] |= 1 << seat
    if s.tile[room] == UNKNOWN:
        push(s, Decision(Kind.TILE, CHANCE, TileDraw(room, seat)))
    else:
        s.tile_known[room] |= 1 << seat


@on_outcomes(Kind.TILE)
def tile_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    draw: TileDraw = d.payload
    if s.tile[draw.room] != UNKNOWN:
        return []  # drawn meanwhile (two looks were pending): nothing left to draw
    pool = s.tiles_left[s.game.slot_kind[draw.room]]
    tiles = s.game.chance.tile
    p = 1.0 / len(pool)
    return [(tiles.id(t), p) for t in sorted(pool)]


@on_resolve(Kind.TILE)
def resolve_tile(s: State, d: Decision, outcome: int) -> None:
    draw: TileDraw = d.payload
    tile = s.game.chance.tile.arg(outcome)
    s.tiles_left[s.game.slot_kind[draw.room]].remove(tile)
    s.tile[draw.room] = tile
    if draw.seat == EVERYONE:
        s.tile_known[draw.room] = (1 << len(s.chars)) - 1
    else:
        s.tile_known[draw.room] |= 1 << draw.seat
    s.log(ev("tile", draw.seat, (("room", draw.room), ("tile", tile)),
                None if draw.seat == EVERYONE else frozenset({draw.seat})))  # fmt: skip


@on_outcomes(Kind.EXPLORATION_TOKEN)
def token_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    if s.token[d.payload.room] != UNKNOWN:
        return []
    tokens = s.game.chance.exploration
    p = 1.0 / len(s.tokens_left)
    return [(tokens.id(t), p) for t in sorted(s.tokens_left)]


@on_resolve(Kind.EXPLORATION_TOKEN)
def resolve_token(s: State, d: Decision, outcome: int) -> None:
    draw: TileDraw = d.payload
    token = s.game.chance.exploration.arg(outcome)
    s.tokens_left.remove(token)
    s.token[draw.room] = token
    if draw.seat != EVERYONE:
        s.token_known[draw.room] |= 1 << draw.seat


def _token_face_up(s: State, room: int) -> None:
    token = s.token[room]
    s.token_known[room] = (1 << len(s.chars)) - 1
    s.item_counter[room] = s.game.item_counter_for(token)
    s.log(ev("exploration_token", -1, (("room", room), ("token", token))))


def flip_tile(s: State, room: int) -> None:
    """An Intruder entered an unexplored room (FAQ v2.2, param intruder_flips_unexplored): the
    tile turns face up for everyone; its token stays face down and unresolved, and the room
    stays unexplored until a character enters it."""
    if s.tile[room] == UNKNOWN:
        push(s, Decision(Kind.TILE, CHANCE, TileDraw(room, EVERYONE)))
    else:
        s.tile_known[room] = (1 << len(s.chars)) - 1


def take_pending_token(s: State, room: int) -> str:
    """The effect of the room's face-up token, resolved now (once); "" when there is none."""
    token = s.token[room]
    if token < 0:
        return ""
    s.token[room] = RESOLVED
    effect: str = s.game.token_effect[token]
    return effect


def apply_token_effect(s: State, seat: int, room: int, effect: str, corridor: int) -> None:
    if effect == "slime":
        s.chars[seat].slime = True
    elif effect == "fire":
        hazards.place_fire(s, room)
    elif effect == "malfunction":
        hazards.place_malfunction(s, room)
    elif effect == "door" and corridor >= 0 and not s.game.topo.is_tc(corridor):
        hazards.set_door(s, corridor, CLOSED)
