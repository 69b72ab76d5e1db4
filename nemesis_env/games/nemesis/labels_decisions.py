"""The open decision in words (`decision_label`), shown to everyone: so it names public facts
only. Who decides, about what, and the public part of the payload (a room, a seat, the card
being played, a count); payload parts only the chooser knows (the items a Search drew, a
trade's contents, the objectives dealt) never reach it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis import labels_intruder, names
from nemesis_env.games.nemesis.rules.cards_base import Step
from nemesis_env.games.nemesis.rules.kinds import STAGE_NAMES, Kind
from nemesis_env.games.nemesis.state import UNKNOWN

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame
    from nemesis_env.games.nemesis.state import State

# -- decisions ---------------------------------------------------------------------------------
DECISION_TEXT: dict[Kind, str] = {
    Kind.DRAFT_KEEP: "keep one of the two characters drawn",
    Kind.CHOOSE_OBJECTIVE: "choose the objective to keep (first encounter)",
    Kind.PASS_DISCARD: "passing: discard cards from hand, then done",
    Kind.NOISE_CORRIDOR: "careful movement: place a noise marker in a corridor of {room}",
    Kind.CHOOSE_WEAPON: "choose the weapon to shoot with",
    Kind.REROLL: "reroll the combat die or keep it",
    Kind.SPEND_AMMO: "spend one more ammo for one more injury, or not",
    Kind.TRADE_OFFER: "trade with {partner}: choose what to give, then done",
    Kind.TRADE_ACCEPT: "accept or refuse the trade with {partner}",
    Kind.ROOM_OPTION: "choose what the room's action does",
    Kind.ROOM_WEAPON: "choose the Energy weapon to reload",
    Kind.ROOM_TARGET: "choose the room the action targets",
    Kind.ROOM_DOOR: "open or close a door, or done",
    Kind.ROOM_POD: "choose an escape pod",
    Kind.ROOM_DESTINATION: "choose the new destination",
    Kind.ROOM_OBJECT: "choose the object to analyse",
    Kind.ROOM_ITEM_DECK: "choose the item deck to draw from",
    Kind.ROOM_KEEP: "choose the item to keep",
    Kind.ROOM_HAND_FULL: "hands full: choose what to drop",
    Kind.ROOM_SCAN: "scan your hand or not",
    Kind.ROOM_RESTACK: "choose the engine's top token",
    Kind.POD_CHOICE: "in an escape pod: launch it, wait, or step out",
    Kind.ITEM_CHARACTER: "choose a character",
    Kind.ITEM_WEAPON: "choose a weapon",
    Kind.ITEM_DOOR: "choose a door",
    Kind.ITEM_ROOM: "choose a room",
    Kind.ITEM_INTRUDER: "choose an Intruder",
    Kind.ITEM_POD: "choose an escape pod",
    Kind.ITEM_CARD: "discard a card from hand",
    Kind.ITEM_WOUND: "choose a Serious Wound",
    Kind.ITEM_THING: "choose an item",
    Kind.ITEM_OPTION: "choose what the item does",
    Kind.ITEM_PATIENT: "choose whom to treat",
    Kind.CRAFT_COMPONENT: "choose a component to craft with",
    Kind.DROP_HEAVY: "hands full: choose what to drop",
    Kind.NOISE_REROLL: "reroll the noise die with the Motion Scanner, or not",
    Kind.ARMOR: "let the Armor stop this attack, or not",
    Kind.CARD_OPTION: "choose what the card does",
    Kind.DOOR_DESTROY: "choose a closed door to destroy",
    Kind.DOOR_TOGGLE: "choose a door to open or close",
    Kind.SEARCH_DECK: "choose the item deck to search",
    Kind.SEARCH_KEEP: "choose the item to keep",
    Kind.HEAVY_DROP: "hands full: choose what to drop",
    Kind.ORDER_TARGET: "choose the character to order",
    Kind.ORDER_ROOM: "choose where the ordered character moves",
    Kind.AMMO_WEAPON: "choose the weapon to reload",
    Kind.SUPPRESS_WHO: "choose the character covered",
    Kind.ESCAPE_ROOM: "choose the room to escape to",
    Kind.COVER_OTHER: "choose the character to cover",
    Kind.COVER_SELF: "move along or not",
    Kind.COVER_ROOM: "choose the room to move to",
    Kind.SHOOT_WEAPON: "choose the weapon to shoot with",
    Kind.SHOOT_TARGET: "choose the Intruder to shoot",
    Kind.RECON_ROOM: "choose the room to look into",
    Kind.ADRENALINE_ROOM: "choose the room to move to",
    Kind.PEEK_ROOM: "choose an unexplored room to look at",
    Kind.EVENT_PLACE: "leave the event card on top, or put it at the bottom",
    Kind.MALFUNCTION_ROOM: "choose a room with a computer to break",
    Kind.REMOTE_ROOM: "choose the room whose action to use",
    Kind.TECH_ROOM: "choose the room to move to",
    Kind.TECH_DISCARD: "discard cards from hand, then done",
    Kind.PYRO_ITEM: "choose the item to discard",
    Kind.CRAFT_RECIPE: "choose the item to craft",
    Kind.CRAFT_PART: "choose a component",
    Kind.NERVES_WINDOW: "play Nerves of Steel against this attack, or not",
}
DECISION_TEXT.update(labels_intruder.IP_DECISION_TEXT)
CARD_STEP_KINDS = frozenset(k for k in Kind if Kind.CARD_OPTION <= k <= Kind.NERVES_WINDOW)
ITEM_KINDS = frozenset(k for k in Kind if Kind.ITEM_OPTION <= k <= Kind.ITEM_PATIENT)


def decision_label(game: NemesisGame, s: State) -> str:
    """The open decision in words, e.g. "Player 2 (Scout): choose your round's action (2
    actions left)". Public facts only: everyone may read it."""
    if not s.stack:
        return "game over" if s.is_terminal() else STAGE_NAMES[s.stage]
    d = s.stack[-1]
    kind = Kind(d.kind)
    if d.chooser == CHANCE:
        return f"chance: {kind.name.lower().replace('_', ' ')}"
    if d.chooser < 0:
        return f"the rules resolve: {kind.name.lower().replace('_', ' ')}"
    who = names.player(game, s, d.chooser)
    return f"{who}: {_decision_words(game, s, kind, d.payload)}"


def _decision_words(game: NemesisGame, s: State, kind: Kind, payload: Any) -> str:
    if kind == Kind.ROUND:
        left = s.chars[payload.seat].actions_left
        return f"choose your round's action ({left} action{'s' * (left != 1)} left) or pass"
    if kind == Kind.PAY:
        more = f"; {payload.left} more after this" if payload.left else ""
        return f"pay for {paid_for(game, s) or 'it'}: discard an Action card{more}"
    if kind == Kind.INTERRUPT_WINDOW:
        target = (paid_for(game, s) or "action") if payload.level == 0 else "Interruption"
        return f"interrupt {names.seat_label(payload.actor)}'s {target}, or let it be"
    text = DECISION_TEXT.get(kind, kind.name.lower().replace("_", " "))
    if kind in (Kind.TRADE_OFFER, Kind.TRADE_ACCEPT):
        me = s.stack[-1].chooser
        other = payload.partner if me == payload.initiator else payload.initiator
        return text.format(partner=names.player(game, s, other))
    if kind == Kind.NOISE_CORRIDOR:
        return text.format(room=names.room(game, payload, _public_tile(s, payload)))
    if kind in CARD_STEP_KINDS and isinstance(payload, Step):
        return f"{names.card(game, payload.card)}: {text}"
    if kind in ITEM_KINDS or kind == Kind.CRAFT_COMPONENT:
        return f"{names.thing(game, payload.thing)}: {text}"
    if kind in (Kind.ROOM_TARGET, Kind.ROOM_OPTION):
        return f"{names.room(game, payload.room, _public_tile(s, payload.room))}: {text}"
    return text


def paid_for(game: NemesisGame, s: State) -> str:
    """What the open PAY decision pays for: the action whose effects sit right above its guard
    on the stack (actions_menu.perform pushes guard, effects, windows, then the payments); ""
    when the payment is not an action's (an item's extra cost)."""
    stack = s.stack
    guards = [i for i, d in enumerate(stack) if d.kind == Kind.ACTION_GUARD]
    if not guards or guards[-1] + 1 >= len(stack):
        return ""
    d = stack[guards[-1] + 1]
    kind, p = Kind(d.kind), d.payload
    if kind == Kind.FINISH_MOVE:
        return "Careful Movement" if p.careful else "Movement"
    if kind in (Kind.COMBAT_DIE, Kind.CHOOSE_WEAPON):
        return "Shoot"
    if kind == Kind.MELEE_CONTAMINATION:
        return "Melee"
    if kind == Kind.TRADE_OFFER:
        return "Trade"
    if kind == Kind.ROOM_EFFECT:
        return f"the action of {names.room(game, p.room, _public_tile(s, p.room))}"
    if kind == Kind.CARD_PLAY:
        return names.card(game, p.card)
    if kind in (Kind.ITEM_STEP, Kind.ITEM_AFTER) or kind in ITEM_KINDS:
        use = p if hasattr(p, "thing") else p.use
        return names.thing(game, use.thing)
    return ""


def _public_tile(s: State, room: int) -> int:
    """The room's tile if it lies face up (explored or a printed room), else UNKNOWN."""
    return s.tile[room] if s.explored[room] else UNKNOWN
