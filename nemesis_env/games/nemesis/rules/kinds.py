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
    # items (rules/items*.py): answers to an item's, a craft's or a quest activation's choices
    ITEM_OPTION = 180  # option: which alternative of the item
    ITEM_CHARACTER = 181  # seat: the character the item acts on
    ITEM_WEAPON = 182  # weapon: a hand holding the weapon to reload or fit
    ITEM_DOOR = 183  # door (or done): a door to open or close
    ITEM_ROOM = 184  # room: where the item acts or takes you
    ITEM_INTRUDER = 185  # intruder: the Intruder the item hits
    ITEM_POD = 186  # pod: the escape pod to lock or unlock
    ITEM_CARD = 187  # discard (or done): a card from hand
    ITEM_WOUND = 188  # option: which serious wound (its place on the board)
    ITEM_THING = 189  # thing: an item or object of yours the effect uses
    CRAFT_COMPONENT = 190  # thing: an item to craft with
    DROP_HEAVY = 191  # thing: what to drop when the hands are too full
    ENGINE_ORDER = 192  # option: 0 Working on top, 1 Damaged on top
    NOISE_REROLL = 193  # yes / no: Motion Scanner
    ARMOR = 194  # yes / no: Armor ignores this attack
    ITEM_PATIENT = 195  # seat: whom a Medkit or Bandages treats
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
    TOKEN_FACE_UP = 49
    ITEM_STEP = 200  # one effect op of an item
    ITEM_AFTER = 201  # what an item does once a draw or a roll it waited for is done
    CRAFT_DONE = 202  # the crafted item is made
    # chance, items
    WEAKNESS_DRAW = 210  # a weakness card turned face up (Laboratory analysis)
    OBJECTIVE_PEEK = 211  # which of a player's objective cards is looked at


CHANCE_KINDS = (
    Kind.DEAL_OBJECTIVE, Kind.DRAFT_DRAW, Kind.DRAW_ACTION, Kind.NOISE_ROLL, Kind.BAG_DRAW,
    Kind.ATTACK_CARD, Kind.WOUND_CARD, Kind.EVENT_CARD, Kind.TILE, Kind.EXPLORATION_TOKEN,
    Kind.ENGINE, Kind.COORDINATES, Kind.SCAN, Kind.FINAL_DRAW, Kind.INJURY_CHECK,
    Kind.FLEE_DIRECTION, Kind.SUPPLY_TOKEN, Kind.ECLOSION_DRAW,
    Kind.COMBAT_DIE, Kind.WEAKNESS_DRAW, Kind.OBJECTIVE_PEEK,
)  # fmt: skip
PLAYER_KINDS = (
    Kind.DRAFT_KEEP, Kind.CHOOSE_OBJECTIVE, Kind.ROUND, Kind.PAY, Kind.NOISE_CORRIDOR,
    Kind.PASS_DISCARD, Kind.INTERRUPT_WINDOW, Kind.CHOOSE_WEAPON, Kind.REROLL, Kind.SPEND_AMMO,
    Kind.TRADE_OFFER, Kind.TRADE_ACCEPT,
    Kind.ITEM_OPTION, Kind.ITEM_CHARACTER, Kind.ITEM_WEAPON, Kind.ITEM_DOOR, Kind.ITEM_ROOM,
    Kind.ITEM_INTRUDER, Kind.ITEM_POD, Kind.ITEM_CARD, Kind.ITEM_WOUND, Kind.ITEM_THING,
    Kind.CRAFT_COMPONENT, Kind.DROP_HEAVY, Kind.ENGINE_ORDER, Kind.NOISE_REROLL, Kind.ARMOR,
    Kind.ITEM_PATIENT,
)  # fmt: skip
AUTO_KINDS = (
    Kind.AFTER_ACTION, Kind.ENTER_ROOM, Kind.ESCAPE_ATTACKS, Kind.ENCOUNTER,
    Kind.INTRUDER_ATTACK, Kind.NEXT_ROUND, Kind.FINISH_MOVE, Kind.AFTER_SCAN,
    Kind.ACTION_GUARD, Kind.MELEE_CONTAMINATION, Kind.ITEM_STEP, Kind.ITEM_AFTER,
    Kind.CRAFT_DONE, Kind.TOKEN_FACE_UP,
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
    rerolled: bool = False  # the Motion Scanner was offered for this roll (once per roll)


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
