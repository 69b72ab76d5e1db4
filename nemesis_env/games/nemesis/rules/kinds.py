"""Nemesis's turn stages, decision kinds and their payloads (IntEnums and NamedTuples: the rules
object is keyed by the enums, and the decision stack stays plain immutable data).

A game turn is a Player Phase then an Event Phase (nemesis-reference.md §5). Setup runs once
before the first turn (§4). Chance kinds draw from the game's unseen piles or roll its dice;
player kinds are choices of the seat in `Decision.chooser`; automatic kinds are steps the
engine runs when they reach the top of the stack (a resolution that had to wait for a choice
or a draw pushed above it).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple


class Stage(IntEnum):
    """Where the turn stands when no decision is open."""

    SETUP_OBJECTIVES = 0
    SETUP_DRAFT = 1
    SETUP_CREW = 2
    DRAW = 3
    ROUNDS = 4
    END_PLAYER_PHASE = 5
    TIME_TRACK = 6
    INTRUDER_ATTACKS = 7
    FIRE_DAMAGE = 8
    EVENT_CARD = 9
    BAG_DEVELOPMENT = 10
    END_OF_TURN = 11
    VICTORY_CHECK = 12


STAGE_NAMES = (
    "setup: objectives", "setup: character draft", "setup: crew",
    "player phase: draw", "player phase: rounds", "player phase: end",
    "event phase: time track", "event phase: intruder attacks", "event phase: fire damage",
    "event phase: event card", "event phase: bag development", "end of turn",
    "victory check",
)  # fmt: skip


class Kind(IntEnum):
    """Decision kinds: chance draws first, then player decisions, then automatic steps.

    Numbers 100 and up are reserved by mechanic, so that modules grow without renumbering:
    100-139 room actions (rooms.py), 140-179 action cards (cards.py), 180-219 items
    (items.py), 220-239 fighting (fighting.py), 240-259 pods and hibernation.
    """

    # chance
    DEAL_OBJECTIVE = 0
    DRAFT_DRAW = 1
    DRAW_ACTION = 2
    NOISE_ROLL = 3
    BAG_DRAW = 4
    ATTACK_CARD = 5
    WOUND_CARD = 6
    EVENT_CARD = 7
    TILE = 8
    EXPLORATION_TOKEN = 9
    ENGINE = 10
    COORDINATES = 11
    SCAN = 12
    FINAL_DRAW = 13
    INJURY_CHECK = 14
    FLEE_DIRECTION = 15
    SUPPLY_TOKEN = 16
    ECLOSION_DRAW = 17
    COMBAT_DIE = 18
    # player
    DRAFT_KEEP = 20
    CHOOSE_OBJECTIVE = 21
    ROUND = 22
    PAY = 23
    NOISE_CORRIDOR = 24
    PASS_DISCARD = 25
    INTERRUPT_WINDOW = 26
    CHOOSE_WEAPON = 220
    REROLL = 221
    SPEND_AMMO = 222
    MELEE_CONTAMINATION = 223
    TRADE_OFFER = 224
    TRADE_ACCEPT = 225
    # automatic
    AFTER_ACTION = 40
    ENTER_ROOM = 41
    ESCAPE_ATTACKS = 42
    ENCOUNTER = 43
    INTRUDER_ATTACK = 44
    NEXT_ROUND = 45
    FINISH_MOVE = 46
    AFTER_SCAN = 47
    ACTION_GUARD = 48
    # action cards (cards.py, cards_*.py): chance
    ITEM_DRAW = 140
    EVENT_PEEK = 141
    # action cards: player
    CARD_OPTION = 142
    DOOR_DESTROY = 143
    DOOR_TOGGLE = 144
    SEARCH_DECK = 145
    SEARCH_KEEP = 146
    HEAVY_DROP = 147
    ORDER_TARGET = 148
    ORDER_ROOM = 149
    AMMO_WEAPON = 150
    SUPPRESS_WHO = 151
    ESCAPE_ROOM = 152
    COVER_OTHER = 153
    COVER_SELF = 154
    COVER_ROOM = 155
    SHOOT_WEAPON = 156
    SHOOT_TARGET = 157
    RECON_ROOM = 158
    ADRENALINE_ROOM = 159
    PEEK_ROOM = 160
    EVENT_PLACE = 161
    MALFUNCTION_ROOM = 162
    REMOTE_ROOM = 163
    TECH_ROOM = 164
    TECH_DISCARD = 165
    PYRO_ITEM = 166
    CRAFT_RECIPE = 167
    CRAFT_PART = 168
    NERVES_WINDOW = 169
    # action cards: automatic
    CARD_PLAY = 170
    REST_RESULT = 171
    TECH_PASS = 172
    FOLLOW_MOVE = 173
    DRAW_IF_ALIVE = 174
    INTERRUPT_EFFECT = 175


CHANCE_KINDS = (
    Kind.DEAL_OBJECTIVE, Kind.DRAFT_DRAW, Kind.DRAW_ACTION, Kind.NOISE_ROLL, Kind.BAG_DRAW,
    Kind.ATTACK_CARD, Kind.WOUND_CARD, Kind.EVENT_CARD, Kind.TILE, Kind.EXPLORATION_TOKEN,
    Kind.ENGINE, Kind.COORDINATES, Kind.SCAN, Kind.FINAL_DRAW, Kind.INJURY_CHECK,
    Kind.FLEE_DIRECTION, Kind.SUPPLY_TOKEN, Kind.ECLOSION_DRAW,
    Kind.COMBAT_DIE, Kind.ITEM_DRAW, Kind.EVENT_PEEK,
)  # fmt: skip
PLAYER_KINDS = (
    Kind.DRAFT_KEEP, Kind.CHOOSE_OBJECTIVE, Kind.ROUND, Kind.PAY, Kind.NOISE_CORRIDOR,
    Kind.PASS_DISCARD, Kind.INTERRUPT_WINDOW, Kind.CHOOSE_WEAPON, Kind.REROLL, Kind.SPEND_AMMO,
    Kind.TRADE_OFFER, Kind.TRADE_ACCEPT,
    *(k for k in Kind if Kind.CARD_OPTION <= k <= Kind.NERVES_WINDOW),
)  # fmt: skip
AUTO_KINDS = (
    Kind.AFTER_ACTION, Kind.ENTER_ROOM, Kind.ESCAPE_ATTACKS, Kind.ENCOUNTER,
    Kind.INTRUDER_ATTACK, Kind.NEXT_ROUND, Kind.FINISH_MOVE, Kind.AFTER_SCAN,
    Kind.ACTION_GUARD, Kind.MELEE_CONTAMINATION,
    *(k for k in Kind if Kind.CARD_PLAY <= k <= Kind.INTERRUPT_EFFECT),
)  # fmt: skip


# -- payloads (one immutable record per kind that needs arguments) ------------------------------
class SeatArg(NamedTuple):
    seat: int


class ObjectiveDeal(NamedTuple):
    seat: int
    corporate: bool  # which of the two objective decks


class NoiseRoll(NamedTuple):
    seat: int  # whose roll (a slimed character's Silence counts as Danger)
    room: int


class BagDraw(NamedTuple):
    purpose: int  # ENCOUNTER_DRAW, DEVELOPMENT_DRAW or SUMMON_DRAW
    room: int
    seat: int  # the character met (surprise attack target), -1 if none


class Encounter(NamedTuple):
    seat: int
    room: int


class Attack(NamedTuple):
    intruder: int  # miniature index
    seat: int  # target
    surprise: bool


class AttackCard(NamedTuple):
    intruder: int
    seat: int
    surprise: bool


class WoundDraw(NamedTuple):
    seat: int


class Move(NamedTuple):
    seat: int
    room: int  # destination
    careful: bool
    roll: bool = True  # False: a card or item moved the character without a noise roll
    corridor: int = -1  # the corridor came through (a Door token closes it), -1 if none


class Pay(NamedTuple):
    seat: int
    left: int  # cards still to pay after this one


class TileDraw(NamedTuple):
    room: int
    seat: int  # who sees the tile (-1: everyone, it is turned face up)


class Scan(NamedTuple):
    seat: int
    where: int  # SCAN_HAND / SCAN_DECK / SCAN_DISCARD
    position: int  # position of the card in that pile (-1: any one in the deck)
    purpose: int = 0  # SCAN_RECORD: the owner learns it; SCAN_LARVA: infected -> Larva


ENCOUNTER_DRAW, DEVELOPMENT_DRAW, SUMMON_DRAW = range(3)
SCAN_HAND, SCAN_DECK, SCAN_DISCARD = range(3)
SCAN_RECORD, SCAN_LARVA = range(2)
