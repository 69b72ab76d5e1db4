"""Words for humans: what an action id means for the open decision (`action_label`, shown to
the acting seat only) and the open decision itself (`decision_label`, shown to everyone).

The decision label names only public facts: who decides, about what, and the public part of
the payload (a room, a seat, the card being played, a count). Payload parts that only the
chooser knows (the items a Search drew, a trade's contents, an objective dealt) never reach it.
The action label may name what the acting seat knows (its cards, its items, tiles it peeked).
Event texts are in event_words.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nemesis_env.games.nemesis import labels_intruder, names, view
from nemesis_env.games.nemesis.labels_decisions import decision_label
from nemesis_env.games.nemesis.rules import items_base, rooms
from nemesis_env.games.nemesis.rules.fighting import weapons_ready
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import CLOSED, DAMAGED, DESTROYED, WORKING

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame
    from nemesis_env.games.nemesis.state import State

__all__ = ["action_label", "decision_label"]


# -- actions -----------------------------------------------------------------------------------
def action_label(game: NemesisGame, s: State, action_id: int) -> str:
    """What `action_id` means for the open decision, for the acting seat (who may know more
    than the others: its hand, its items, the tiles it looked at)."""
    d = s.stack[-1]
    seat = d.chooser
    acts = game.actions
    kind = game.space.kind_of(action_id)
    arg = kind.arg(action_id)
    name = kind.name
    if name in ("pass", "done", "yes", "no"):
        return _plain_answer(game, s, Kind(d.kind), name)
    if name in ("move", "careful_move"):
        return _move_label(game, s, seat, arg, careful=name == "careful_move")
    if kind is acts.shoot or kind is acts.melee:
        return _attack_label(game, s, seat, arg, shoot=kind is acts.shoot)
    words = ACTION_WORDS.get(name)
    if words is not None:
        return str(words(game, s, seat, arg, Kind(d.kind), d.payload))
    return f"{name.replace('_', ' ')} {arg + 1}"


def _room_for(game: NemesisGame, s: State, seat: int, room: int) -> str:
    """The room as `seat` knows it: "Room 6 (unexplored)", "Room 6 (Nest, face down)" for a
    tile it looked at, "Room 6 (Laboratory)" once explored."""
    if s.explored[room]:
        return names.room(game, room, s.tile[room])
    tile = view.view_for(s, seat).tile[room]
    if tile < 0:
        return f"Room {room + 1} (unexplored)"
    return f"Room {room + 1} ({names.tile_name(game, tile)}, face down)"


def _move_label(game: NemesisGame, s: State, seat: int, room: int, *, careful: bool) -> str:
    here = s.chars[seat].room
    corridor = s.passage(here, room)
    where = _room_for(game, s, seat, room)
    by = f" by corridor {names.corridor_numbers(game, corridor)}" if corridor >= 0 else ""
    if careful:
        return f"move carefully to {where}{by} (2 cards; you place the noise marker)"
    verb = "escape" if s.in_combat(seat) else "move"
    return f"{verb} to {where}{by}"


def _attack_label(game: NemesisGame, s: State, seat: int, mini: int, *, shoot: bool) -> str:
    injuries = s.intruder_injuries[mini]
    hurt = f", {injuries} injur{'ies' if injuries != 1 else 'y'}" if injuries else ""
    target = f"{names.intruder(game, mini)}{hurt}"
    if not shoot:
        return f"melee {target} (take a Contamination card, then roll)"
    c = s.chars[seat]
    ready = weapons_ready(s, seat)
    if len(ready) == 1:
        hand = ready[0]
        weapon = names.thing(game, c.heavy[hand])
        return f"shoot {target} with the {weapon} ({c.heavy_ammo[hand]} ammo)"
    return f"shoot {target} (choose the weapon next)"


def _plain_answer(game: NemesisGame, s: State, kind: Kind, answer: str) -> str:
    fallback = PLAIN_ANSWERS.get((None, answer), answer)
    return PLAIN_ANSWERS.get((kind, answer), fallback)


PLAIN_ANSWERS: dict[tuple[Kind | None, str], str] = {
    (Kind.ROUND, "pass"): "pass (no more actions this turn)",
    (Kind.PASS_DISCARD, "done"): "done: keep the rest of your hand and pass",
    (Kind.TECH_DISCARD, "done"): "done discarding",
    (Kind.ITEM_CARD, "done"): "discard nothing more",
    (Kind.ROOM_DOOR, "done"): "done with the doors",
    (Kind.TRADE_OFFER, "done"): "done: offer nothing more",
    (Kind.INTERRUPT_WINDOW, "no"): "let it be (no Interruption)",
    (Kind.NERVES_WINDOW, "no"): "do not play Nerves of Steel",
    (Kind.NERVES_WINDOW, "yes"): "play Nerves of Steel",
    (Kind.REROLL, "yes"): "reroll the combat die",
    (Kind.REROLL, "no"): "keep the roll",
    (Kind.SPEND_AMMO, "yes"): "spend one more ammo for one more injury",
    (Kind.SPEND_AMMO, "no"): "keep the ammo",
    (Kind.TRADE_ACCEPT, "yes"): "accept the trade",
    (Kind.TRADE_ACCEPT, "no"): "refuse the trade",
    (Kind.ROOM_SCAN, "yes"): "scan your hand",
    (Kind.ROOM_SCAN, "no"): "do not scan",
    (Kind.NOISE_REROLL, "yes"): "reroll the noise die (Motion Scanner)",
    (Kind.NOISE_REROLL, "no"): "keep the noise roll",
    (Kind.ARMOR, "yes"): "use the Armor: ignore this attack",
    (Kind.ARMOR, "no"): "do not use the Armor",
    (Kind.COVER_SELF, "yes"): "move along",
    (Kind.COVER_SELF, "no"): "stay",
    (None, "pass"): "pass",
    (None, "done"): "done",
    (None, "yes"): "yes",
    (None, "no"): "no",
}


# -- the answers of each action kind (arg: the action's argument) ------------------------------
Words = Any  # Callable[[NemesisGame, State, int, int, Kind, Any], str]; Any keeps mypy simple


def _discard(game: NemesisGame, s: State, seat: int, card: int, kind: Kind, p: Any) -> str:
    name = names.card(game, card)
    return f"pay with {name}" if kind == Kind.PAY else f"discard {name}"


def _room_answer(game: NemesisGame, s: State, seat: int, room: int, kind: Kind, p: Any) -> str:
    where = _room_for(game, s, seat, room)
    verb = ROOM_VERBS.get(kind, "choose")
    if kind == Kind.ITEM_ROOM:
        verb = f"{names.op_words(items_base.current(s, p))}:"
    elif kind == Kind.ROOM_TARGET:
        verb = f"{names.OP_WORDS.get(p.op, p.op.replace('_', ' '))}:"
    return f"{verb} {where}"


ROOM_VERBS: dict[Kind, str] = {
    Kind.ORDER_ROOM: "send them to",
    Kind.ESCAPE_ROOM: "escape to",
    Kind.COVER_ROOM: "move to",
    Kind.RECON_ROOM: "move carefully to",
    Kind.ADRENALINE_ROOM: "move to",
    Kind.PEEK_ROOM: "look at",
    Kind.MALFUNCTION_ROOM: "break",
    Kind.REMOTE_ROOM: "use the action of",
    Kind.TECH_ROOM: "move through the Technical Corridors to",
}


def _door(game: NemesisGame, s: State, seat: int, corridor: int, kind: Kind, p: Any) -> str:
    where = names.corridor(game, corridor)
    if kind == Kind.DOOR_DESTROY:
        return f"destroy the door of {where}"
    state = s.door[corridor]
    verb = "open" if state == CLOSED else "repair and close" if state == DESTROYED else "close"
    return f"{verb} the door of {where}"


def _option(game: NemesisGame, s: State, seat: int, k: int, kind: Kind, p: Any) -> str:
    if kind == Kind.POD_CHOICE:
        return ("launch the pod", "wait in the pod (pass)", "step out of the pod")[k]
    if kind == Kind.ROOM_DESTINATION:
        return f"set the destination to {names.DESTINATION_SPACES[k]}"
    if kind == Kind.ROOM_RESTACK:
        return {WORKING: "working token on top", DAMAGED: "damaged token on top"}[k]
    if kind == Kind.EVENT_PLACE:
        return ("leave the event card on top", "put the event card at the bottom")[k]
    if kind == Kind.ITEM_WOUND:
        wound = s.chars[items_base.patient(p)].serious[k]
        return f"the {names.wound_card(game, wound if wound >= 0 else ~wound)} wound"
    specs = _alternatives(game, s, kind, p)
    if specs is not None and k < len(specs):
        return names.alternative(specs[k])
    return f"option {k + 1}"


def _alternatives(game: NemesisGame, s: State, kind: Kind, p: Any) -> Any:
    """The choose-one alternatives the open option decision picks from (data order)."""
    if kind == Kind.CARD_OPTION:
        effects = game.data.action_cards[p.card].effects
    elif kind == Kind.ITEM_OPTION:
        effects = items_base.item_def(s, p.thing).effects
    elif kind == Kind.ROOM_OPTION:
        return rooms.specs_at(s, p.room, p.path[:-1])[p.path[-1]].params["options"]
    else:
        return None
    chooser = next((e for e in effects if e.op == "choose_one"), None)
    return None if chooser is None else chooser.params["options"]


def _thing(game: NemesisGame, s: State, seat: int, thing: int, kind: Kind, p: Any) -> str:
    name = names.thing(game, thing)
    verb = THING_VERBS.get(kind, "choose")
    if kind == Kind.TRADE_OFFER:
        return f"give {name}"
    return f"{verb} {name}"


THING_VERBS: dict[Kind, str] = {
    Kind.SEARCH_KEEP: "keep",
    Kind.ROOM_KEEP: "keep",
    Kind.ROOM_OBJECT: "analyse",
    Kind.ROOM_HAND_FULL: "drop",
    Kind.HEAVY_DROP: "drop",
    Kind.DROP_HEAVY: "drop",
    Kind.CRAFT_COMPONENT: "craft with",
    Kind.CRAFT_PART: "craft with",
    Kind.PYRO_ITEM: "discard",
    Kind.ITEM_THING: "use",
}


def _weapon(game: NemesisGame, s: State, seat: int, hand: int, kind: Kind, p: Any) -> str:
    c = s.chars[seat]
    weapon = f"the {names.thing(game, c.heavy[hand])} ({c.heavy_ammo[hand]} ammo)"
    verb = {Kind.CHOOSE_WEAPON: "shoot with", Kind.SHOOT_WEAPON: "shoot with",
            Kind.AMMO_WEAPON: "reload", Kind.ITEM_WEAPON: "choose",
            Kind.ROOM_WEAPON: "reload"}.get(kind, "choose")  # fmt: skip
    return f"{verb} {weapon}"


def _seat(game: NemesisGame, s: State, seat: int, other: int, kind: Kind, p: Any) -> str:
    who = names.player(game, s, other)
    verb = {Kind.ORDER_TARGET: "order", Kind.ITEM_PATIENT: "treat",
            Kind.COVER_OTHER: "cover", Kind.SUPPRESS_WHO: "cover"}.get(kind, "choose")  # fmt: skip
    return f"{verb} {who}" + (" (yourself)" if other == seat else "")


def _room_action(game: NemesisGame, s: State, seat: int, arg: int, kind: Kind, p: Any) -> str:
    here = s.chars[seat].room
    d = game.room_def(s, here)
    cost = "" if d is None or d.action_cost is None else f" ({d.action_cost} cards)"
    return f"use the action of {names.room(game, here, s.tile[here])}{cost}"


def _play_card(game: NemesisGame, s: State, seat: int, card: int, kind: Kind, p: Any) -> str:
    c = game.data.action_cards[card]
    return f"play {c.name}" + (f" (cost {c.cost})" if c.cost else "")


def _intruder(game: NemesisGame, s: State, seat: int, mini: int, kind: Kind, p: Any) -> str:
    room = s.intruder_room[mini]
    where = "" if room < 0 else f" in Room {room + 1}"
    verb = "shoot" if kind == Kind.SHOOT_TARGET else "target"
    return f"{verb} {names.intruder(game, mini)}{where}"


def _quest(game: NemesisGame, s: State, seat: int, k: int, kind: Kind, p: Any) -> str:
    thing = game.tables.quest_items[s.chars[seat].character][k]
    return f"activate your quest item {names.thing(game, thing)}"


def _pod(game: NemesisGame, s: State, seat: int, pod: int, kind: Kind, p: Any) -> str:
    section = "AB"[pod % 2]
    return f"escape pod {pod + 1} (section {section})"


def _noise_corridor(game: NemesisGame, s: State, seat: int, k: int, kind: Kind, p: Any) -> str:
    corridor = game.topo.corridor_to(p, k + 1)
    other = game.topo.other_end(corridor, p)
    beyond = "the Technical Corridors" if other < 0 else f"Room {other + 1}"
    return f"noise marker in corridor {k + 1} (towards {beyond})"


def _react(game: NemesisGame, s: State, seat: int, card: int, kind: Kind, p: Any) -> str:
    name = names.card(game, card)
    if kind == Kind.INTERRUPT_WINDOW:
        target = "action" if p.level == 0 else "Interruption"
        return f"play {name}: cancel {names.seat_label(p.actor)}'s {target}"
    return f"play {name}"


ACTION_WORDS: dict[str, Words] = {
    "character": lambda g, s, seat, a, k, p: f"keep {g.data.characters[a].name}",
    "objective": lambda g, s, seat, a, k, p: f"keep objective {names.objective(g, a)}",
    "corridor": _noise_corridor,
    "discard": _discard,
    "room_action": _room_action,
    "play_card": _play_card,
    "use_item": lambda g, s, seat, a, k, p: f"use {names.thing(g, a)}",
    "activate_quest": _quest,
    "pick_up": lambda g, s, seat, a, k, p: f"pick up the {names.thing(g, g.first_object + a)}",
    "drop": lambda g, s, seat, a, k, p: f"drop {names.thing(g, a)} (free action)",
    "craft": lambda g, s, seat, a, k, p: f"craft {names.thing(g, g.tables.crafted[a])}",
    "trade": lambda g, s, seat, a, k, p: f"trade with {names.player(g, s, a)}",
    "room": _room_answer,
    "intruder": _intruder,
    "seat": _seat,
    "door": _door,
    "pod": _pod,
    "engine": lambda g, s, seat, a, k, p: f"engine {a + 1}",
    "item_deck": lambda g, s, seat, a, k, p: f"the {names.DECK_NAMES[a]} item deck",
    "option": _option,
    "thing": _thing,
    "weapon": _weapon,
    "react": _react,
}
ACTION_WORDS.update(labels_intruder.IP_ACTION_WORDS)
