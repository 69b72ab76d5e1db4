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
    (items.py), 220-239 fighting (fighting.py), 240-259 pods and hibernation, 260-279 the
    intruder player (intruder_player.py).
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
    ENCOUNTER = 43
    INTRUDER_ATTACK = 44
    NEXT_ROUND = 45
    FINISH_MOVE = 46
    AFTER_SCAN = 47
    ACTION_GUARD = 48
    TOKEN_FACE_UP = 49
    # room actions (rooms.py, rooms_*.py)
    ROOM_EFFECT = 100  # auto: the room's ops, once the cost is paid and no one interrupted
    ROOM_OP = 101  # auto: one op of a room action
    ROOM_OPTION = 102  # player: which alternative of a choose-one room action
    ROOM_WEAPON = 103  # player: Armory, which Energy weapon
    ROOM_TARGET = 104  # player: the room a room action targets
    ROOM_DOOR = 105  # player: Command Center, the next door to open/close (or done)
    ROOM_POD = 106  # player: Hatch Control (flip) or an Evacuation Section (board)
    ROOM_DESTINATION = 107  # player: Cockpit, the destination space
    ROOM_OBJECT = 108  # player: Laboratory, the object analysed
    ROOM_ITEM_DECK = 109  # player: Storage, the deck drawn from
    ROOM_KEEP = 110  # player: Storage, the item kept
    ROOM_HAND_FULL = 111  # player: a heavy thing too many, the one dropped
    ROOM_SCAN = 112  # player: Canteen/Shower, scan the hand or not
    ROOM_RESTACK = 113  # player: repair or break an engine, its new top token
    ITEM_DRAW = 114  # chance: an item card from a Search deck
    WEAKNESS = 115  # chance: the face-down weakness card of a slot
    REMOVE_CLEAN = 116  # auto: Canteen/Shower, clean contamination cards leave the hand
    SURGERY_END = 117  # auto: Surgery, after its scans
    ATTEMPT_END = 118  # auto: Hibernatorium/Evacuation, after the noise roll
    # escape pods (pods.py)
    POD_CHOICE = 240  # player: launch, wait or step out
    # action cards (cards.py, cards_*.py): chance
    CARD_ITEM_DRAW = 140  # Search and Scavenging draw their item cards here
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
    ITEM_STEP = 200  # one effect op of an item
    ITEM_AFTER = 201  # what an item does once a draw or a roll it waited for is done
    CRAFT_DONE = 202  # the crafted item is made
    # chance, items
    OBJECTIVE_PEEK = 211  # which of a player's objective cards is looked at
    # the intruder player (intruder_player.py, intruder_cards.py; seed 000 "Modes", §18.3)
    IP_DRAW = 260  # chance: a card of the intruder deck
    IP_ATTACK_DRAW = 261  # chance: one of the Intruder Attack cards an Attack draws
    IP_EVENT_DRAW = 262  # chance: one of the Event cards Planning draws
    IP_ROUND = 263  # player: play a card (Move / Attack / Effect) or pass
    IP_INTRUDER = 264  # player: the Intruder moved, attacking or healed
    IP_CORRIDOR = 265  # player: the corridor number of a Move card showing several
    IP_TARGET = 266  # player: the character attacked, or making the noise roll
    IP_ATTACK_CHOICE = 267  # player: the attack card used
    IP_EVENT_CHOICE = 268  # player: the Event card resolved
    IP_KEEP = 269  # player: passing, the card kept (or none)
    IP_DISCARD = 270  # player: over the hand limit, a card discarded
    IP_AFTER = 271  # auto: the intruder player's round ends
    IP_LIMIT = 272  # auto: the hand limit, once the draws are in


CHANCE_KINDS = (
    Kind.DEAL_OBJECTIVE, Kind.DRAFT_DRAW, Kind.DRAW_ACTION, Kind.NOISE_ROLL, Kind.BAG_DRAW,
    Kind.ATTACK_CARD, Kind.WOUND_CARD, Kind.EVENT_CARD, Kind.TILE, Kind.EXPLORATION_TOKEN,
    Kind.ENGINE, Kind.COORDINATES, Kind.SCAN, Kind.FINAL_DRAW, Kind.INJURY_CHECK,
    Kind.FLEE_DIRECTION, Kind.SUPPLY_TOKEN, Kind.ECLOSION_DRAW, Kind.ITEM_DRAW, Kind.WEAKNESS,
    Kind.COMBAT_DIE, Kind.CARD_ITEM_DRAW, Kind.EVENT_PEEK,
    Kind.OBJECTIVE_PEEK, Kind.IP_DRAW, Kind.IP_ATTACK_DRAW, Kind.IP_EVENT_DRAW,
)  # fmt: skip
PLAYER_KINDS = (
    Kind.DRAFT_KEEP, Kind.CHOOSE_OBJECTIVE, Kind.ROUND, Kind.PAY, Kind.NOISE_CORRIDOR,
    Kind.PASS_DISCARD, Kind.INTERRUPT_WINDOW, Kind.CHOOSE_WEAPON, Kind.REROLL, Kind.SPEND_AMMO,
    Kind.TRADE_OFFER, Kind.TRADE_ACCEPT, Kind.ROOM_OPTION, Kind.ROOM_WEAPON,
    Kind.ROOM_TARGET, Kind.ROOM_DOOR, Kind.ROOM_POD, Kind.ROOM_DESTINATION, Kind.ROOM_OBJECT,
    Kind.ROOM_ITEM_DECK, Kind.ROOM_KEEP, Kind.ROOM_HAND_FULL, Kind.ROOM_SCAN, Kind.ROOM_RESTACK,
    Kind.POD_CHOICE,
    *(k for k in Kind if Kind.CARD_OPTION <= k <= Kind.NERVES_WINDOW),
    Kind.ITEM_OPTION, Kind.ITEM_CHARACTER, Kind.ITEM_WEAPON, Kind.ITEM_DOOR, Kind.ITEM_ROOM,
    Kind.ITEM_INTRUDER, Kind.ITEM_POD, Kind.ITEM_CARD, Kind.ITEM_WOUND, Kind.ITEM_THING,
    Kind.CRAFT_COMPONENT, Kind.DROP_HEAVY, Kind.NOISE_REROLL, Kind.ARMOR,
    Kind.ITEM_PATIENT,
    *(k for k in Kind if Kind.IP_ROUND <= k <= Kind.IP_DISCARD),
)  # fmt: skip
AUTO_KINDS = (
    Kind.AFTER_ACTION, Kind.ENTER_ROOM, Kind.ENCOUNTER,
    Kind.INTRUDER_ATTACK, Kind.NEXT_ROUND, Kind.FINISH_MOVE, Kind.AFTER_SCAN,
    Kind.ACTION_GUARD, Kind.MELEE_CONTAMINATION, Kind.TOKEN_FACE_UP, Kind.ROOM_EFFECT,
    Kind.ROOM_OP, Kind.REMOVE_CLEAN, Kind.SURGERY_END, Kind.ATTEMPT_END,
    *(k for k in Kind if Kind.CARD_PLAY <= k <= Kind.INTERRUPT_EFFECT),
    Kind.ITEM_STEP, Kind.ITEM_AFTER, Kind.CRAFT_DONE, Kind.IP_AFTER, Kind.IP_LIMIT,
)  # fmt: skip
INTRUDER_PLAYER_KINDS = tuple(k for k in Kind if Kind.IP_DRAW <= k <= 279)


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


class IpPlay(NamedTuple):
    """An intruder-player card being played: its use and the choices made so far."""

    card: int  # index into data.intruder_player_cards
    use: int  # IP_MOVE / IP_ATTACK / IP_EFFECT
    intruder: int = -1
    seat: int = -1
    drawn: tuple[int, ...] = ()  # attack or event cards drawn (shown to everyone)


IP_MOVE, IP_ATTACK, IP_EFFECT = range(3)
ENCOUNTER_DRAW, DEVELOPMENT_DRAW, SUMMON_DRAW = range(3)
SCAN_HAND, SCAN_DECK, SCAN_DISCARD = range(3)
SCAN_RECORD, SCAN_LARVA = range(2)
