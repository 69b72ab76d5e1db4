"""Intruders on the board: miniatures, the bag, movement, retreat and death (nemesis-reference.md
§7.2, §7.6, §7.7, §9).

Each miniature is one entry of the state's intruder lists (the box holds 6 larvae, 3 creepers,
8 adults, 2 breeders and 1 queen). A miniature that came out of the bag remembers its token:
the token goes to the supply when the Intruder dies, and back into the bag when it hides in the
Technical Corridors (§7.6, §7.7). Bag development draws one token each Event Phase (§9.2).
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, CHANCE, Decision, on_outcomes, on_resolve, push
from nemesis_env.games.nemesis.rules import pods
from nemesis_env.games.nemesis.rules.common import turn_order
from nemesis_env.games.nemesis.rules.kinds import (
    DEVELOPMENT_DRAW,
    ENCOUNTER_DRAW,
    SUMMON_DRAW,
    Attack,
    BagDraw,
    Kind,
)
from nemesis_env.games.nemesis.state import IN_POD, NOWHERE, State, ev

LARVA, CREEPER, ADULT, BREEDER, QUEEN, BLANK = range(6)
TYPE_NAMES = ("larva", "creeper", "adult", "breeder", "queen", "blank")


def free_miniature(s: State, kind: int) -> int:
    """The first miniature of `kind` off the board, or -1 (a killed Queen never returns)."""
    for i in s.game.minis_of_type[kind]:
        if s.intruder_room[i] == NOWHERE and not (kind == QUEEN and s.queen_killed):
            return i
    return -1


def appear(s: State, mini: int, room: int, token: int) -> None:
    s.intruder_room[mini] = room
    s.intruder_injuries[mini] = 0
    s.intruder_token[mini] = token
    s.log(ev("intruder_appears", -1, (("intruder", mini), ("room", room))))
    pods.eject_from_section(s, room)


def place(s: State, mini: int, room: int) -> None:
    """Moves a miniature already on the board."""
    s.intruder_room[mini] = room
    s.log(ev("intruder_moves", -1, (("intruder", mini), ("room", room))))


def surprise_value(s: State, token: int) -> int:
    value: int = s.game.token_surprise[token]
    if s.weakness_known("reaction_to_danger"):
        value = max(1, value - 1)
    return value


def attack(s: State, mini: int, seat: int, *, surprise: bool = False) -> None:
    push(s, Decision(Kind.INTRUDER_ATTACK, AUTO, Attack(mini, seat, surprise)))


# -- the bag ------------------------------------------------------------------------------------
def add_to_bag_from_supply(s: State, kind: int) -> None:
    """One token of `kind` from the supply into the bag, if the supply has one. Tokens of a
    type differ in their number, and which one comes is not the players' choice: it is drawn
    at random from the supply's tokens of that type (docs/rules-decisions.md)."""
    push(s, Decision(Kind.SUPPLY_TOKEN, CHANCE, kind))


@on_outcomes(Kind.SUPPLY_TOKEN)
def supply_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    tokens = s.game.tokens_of_type[d.payload]
    total = sum(s.supply[t] for t in tokens)
    ids = s.game.chance.token
    return [(ids.id(t), s.supply[t] / total) for t in tokens if s.supply[t] > 0]


@on_resolve(Kind.SUPPLY_TOKEN)
def resolve_supply(s: State, d: Decision, outcome: int) -> None:
    token = s.game.chance.token.arg(outcome)
    s.supply[token] -= 1
    s.bag.put(token)
    s.log(ev("bag_add", -1, (("token", token),)))


def remove_from_board(s: State, mini: int, *, to_bag: bool) -> None:
    """The miniature leaves the board: its token goes back into the bag (hiding in the
    Technical Corridors) or to the supply (killed)."""
    token = s.intruder_token[mini]
    kind = s.game.mini_type[mini]
    s.intruder_room[mini] = NOWHERE
    s.intruder_injuries[mini] = 0
    s.intruder_token[mini] = -1
    if to_bag:
        if token >= 0:
            s.bag.put(token)
        else:
            add_to_bag_from_supply(s, kind)
    elif token >= 0:
        s.supply[token] += 1


@on_outcomes(Kind.BAG_DRAW)
def bag_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    tokens = s.game.chance.token
    return [(tokens.id(t), p) for t, p in s.bag.outcomes()]


@on_resolve(Kind.BAG_DRAW)
def resolve_bag(s: State, d: Decision, outcome: int) -> None:
    draw: BagDraw = d.payload
    token = s.game.chance.token.arg(outcome)
    s.bag.draw(token)
    s.log(ev("bag_draw", -1, (("token", token),)))
    if draw.purpose == ENCOUNTER_DRAW:
        s.game.hooks.encounter_token(s, draw, token)
    elif draw.purpose == SUMMON_DRAW:
        summon(s, draw.room, token)
    else:
        assert draw.purpose == DEVELOPMENT_DRAW
        develop(s, token)


def summon(s: State, room: int, token: int) -> None:
    """Summoning (§11): the drawn Intruder appears in the room and makes no attack now."""
    kind = s.game.token_type[token]
    mini = -1 if kind == BLANK else free_miniature(s, kind)
    if mini < 0:
        s.bag.put(token)
        return
    appear(s, mini, room, token)


def develop(s: State, token: int) -> None:
    """Bag development (§9.2)."""
    kind = s.game.token_type[token]
    if kind == LARVA:
        s.supply[token] += 1
        add_to_bag_from_supply(s, ADULT)
    elif kind == CREEPER:
        s.supply[token] += 1
        add_to_bag_from_supply(s, BREEDER)
    elif kind in (ADULT, BREEDER):
        s.bag.put(token)
        # pushed in reverse, so the first player's roll comes first (in turn order, §9.2)
        for seat in reversed(turn_order(s)):
            c = s.chars[seat]
            if (c.on_board and not s.in_combat(seat)) or c.status == IN_POD:
                room = c.room if c.on_board else pods.section_room(s, c.pod)
                s.game.hooks.roll_noise(s, seat, room)
    elif kind == QUEEN:
        s.bag.put(token)
        nest = s.game.nest_room(s)
        inside = [] if nest < 0 else s.characters_in(nest)
        if inside:
            # the Queen herself comes: an encounter with the first character there
            mini = free_miniature(s, QUEEN)
            if mini >= 0:
                s.bag.draw(token)
                s.game.hooks.encounter_token(s, BagDraw(ENCOUNTER_DRAW, nest, inside[0]), token)
        elif not s.nest_destroyed:
            s.eggs_in_nest += 1
    else:  # BLANK
        s.bag.put(token)
        add_to_bag_from_supply(s, ADULT)
