"""Nemesis's declared action table and chance-outcome table (core.spaces).

Every seat shares one table; the open decision says which ids are legal and what each means
there. Declaration order fixes the ids; no rule computes an id by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_env.core.spaces import ActionSpace, Kind
from nemesis_env.games.nemesis.tables import (
    DESTINATIONS,
    OBJECTS,
    Tables,
    corridor_slots,
    tables,
)


@dataclass(frozen=True, slots=True)
class Actions:
    space: ActionSpace
    pass_id: int
    done_id: int
    move: Kind  # arg: room
    careful_move: Kind  # arg: room
    corridor: Kind  # arg: corridor number - 1
    character: Kind  # arg: character index (draft)
    objective: Kind  # arg: objective card index
    discard: Kind  # arg: card id (pay a cost, discard when passing)
    # round actions besides movement (rules/actions_menu.py dispatches them)
    room_action: Kind  # the action of the room the character stands in
    play_card: Kind  # arg: action card id
    use_item: Kind  # arg: thing id (an item in hand or inventory)
    activate_quest: Kind  # arg: 0 / 1, the character's quest item
    shoot: Kind  # arg: intruder miniature
    melee: Kind  # arg: intruder miniature
    pick_up: Kind  # arg: object index (tables.OBJECTS)
    drop: Kind  # arg: thing id (a free action)
    craft: Kind  # arg: crafted recipe index
    trade: Kind  # arg: seat to trade with
    # answers to the sub-decisions of an action (the open decision says what they mean)
    room: Kind  # arg: room
    intruder: Kind  # arg: intruder miniature
    seat: Kind  # arg: seat
    door: Kind  # arg: corridor (its door)
    pod: Kind  # arg: escape pod
    engine: Kind  # arg: engine index
    item_deck: Kind  # arg: 0 red, 1 yellow, 2 green
    option: Kind  # arg: which alternative of a choose-one effect
    thing: Kind  # arg: thing id (keep, give, pay with, ...)
    weapon: Kind  # arg: index in the character's hands
    yes: Kind
    no: Kind
    react: Kind  # arg: action card id played as a reaction
    # the intruder player (appended last: the ids above never shift); arg: its card index
    ip_move: Kind  # play the card as Move
    ip_attack: Kind  # play the card as Attack
    ip_effect: Kind  # play the card for its effect
    ip_card: Kind  # keep this card when passing / discard it over the hand limit
    ip_attack_card: Kind  # arg: attack card copy, the one used of those drawn
    ip_event: Kind  # arg: event card, the one resolved of those Planning drew


@dataclass(frozen=True, slots=True)
class ChanceOutcomes:
    space: ActionSpace
    objective: Kind
    character: Kind
    card: Kind  # action card drawn (and contamination ids)
    noise: Kind  # 1-4, silence, danger
    token: Kind  # intruder token kind
    attack: Kind  # attack card copy
    wound: Kind  # serious-wound copy
    event: Kind
    tile: Kind
    exploration: Kind
    engine: Kind  # working / damaged
    coordinates: Kind
    scan: Kind  # clean / infected
    final_draw: Kind  # survives / dies
    combat: Kind  # blank, creeper, adult, 1 hit, 2 hits
    item: Kind  # arg: thing id, an item card drawn from a Search deck
    weakness: Kind  # arg: weakness card index, the card of a slot turned face up
    ip_card: Kind  # arg: intruder-player card index, drawn (appended last)


def _room_labels(t: Tables) -> list[str]:
    return [f"room_{n + 1}" for n in range(t.topo.num_rooms)]


def build_actions(t: Tables) -> Actions:
    space = ActionSpace("nemesis")
    pass_kind = space.add("pass")
    done = space.add("done")
    rooms = _room_labels(t)
    move = space.add("move", len(rooms), rooms)
    careful = space.add("careful_move", len(rooms), rooms)
    corridor = space.add("corridor", 4, ["1", "2", "3", "4"])
    character = space.add("character", len(t.data.characters), [c.id for c in t.data.characters])
    objective = space.add("objective", len(t.data.objectives), [o.id for o in t.data.objectives])
    discard = space.add("discard", len(t.cards), list(t.cards))
    n_action_cards = len(t.data.action_cards)
    action_cards = [c.id for c in t.data.action_cards]
    things = [th.id for th in t.things]
    minis = [f"intruder_{i}" for i in range(len(t.mini_type))]
    seats = [f"player_{i}" for i in range(5)]
    corridors = [f"corridor_{i}" for i in range(corridor_slots())]
    kinds = dict(
        room_action=space.add("room_action"),
        play_card=space.add("play_card", n_action_cards, action_cards),
        use_item=space.add("use_item", len(things), things),
        activate_quest=space.add("activate_quest", 2),
        shoot=space.add("shoot", len(minis), minis),
        melee=space.add("melee", len(minis), minis),
        pick_up=space.add("pick_up", len(OBJECTS), list(OBJECTS)),
        drop=space.add("drop", len(things), things),
        craft=space.add("craft", len(t.crafted), [things[c] for c in t.crafted]),
        trade=space.add("trade", 5, seats),
        room=space.add("room", len(rooms), rooms),
        intruder=space.add("intruder", len(minis), minis),
        seat=space.add("seat", 5, seats),
        door=space.add("door", len(corridors), corridors),
        pod=space.add("pod", 4, [f"pod_{i}" for i in range(4)]),
        engine=space.add("engine", 3, ["engine_1", "engine_2", "engine_3"]),
        item_deck=space.add("item_deck", 3, ["red", "yellow", "green"]),
        option=space.add("option", 4, [f"option_{i}" for i in range(4)]),
        thing=space.add("thing", len(things), things),
        weapon=space.add("weapon", 4, [f"hand_{i}" for i in range(4)]),
        yes=space.add("yes"),
        no=space.add("no"),
        react=space.add("react", n_action_cards, action_cards),
        **_intruder_player_kinds(t, space),
    )
    space.freeze()
    return Actions(space, pass_kind.id(), done.id(), move, careful, corridor, character,
                   objective, discard, **kinds)  # fmt: skip


def _intruder_player_kinds(t: Tables, space: ActionSpace) -> dict[str, Kind]:
    """The intruder player's actions (seed 000 "Modes"), after every other kind."""
    cards = [c.id for c in t.data.intruder_player_cards]
    attacks = [f"{op}_{i}" for i, op in enumerate(t.attack_op)]
    events = [e.id for e in t.data.events]
    return dict(
        ip_move=space.add("ip_move", len(cards), cards),
        ip_attack=space.add("ip_attack", len(cards), cards),
        ip_effect=space.add("ip_effect", len(cards), cards),
        ip_card=space.add("ip_card", len(cards), cards),
        ip_attack_card=space.add("ip_attack_card", len(attacks), attacks),
        ip_event=space.add("ip_event", len(events), events),
    )


def build_chance(t: Tables) -> ChanceOutcomes:
    space = ActionSpace("nemesis chance")
    data = t.data
    objective = space.add("objective", len(data.objectives), [o.id for o in data.objectives])
    character = space.add("character", len(data.characters), [c.id for c in data.characters])
    card = space.add("action_card", len(t.cards), list(t.cards))
    noise = space.add("noise", 6, ["1", "2", "3", "4", "silence", "danger"])
    token = space.add("intruder_token", len(t.token_type),
                      [_token_label(t, k) for k in range(len(t.token_type))])  # fmt: skip
    attack = space.add("attack_card", len(t.attack_op),
                       [f"{op}_{i}" for i, op in enumerate(t.attack_op)])  # fmt: skip
    wound = space.add("serious_wound", len(t.wound_type),
                      [f"{w}_{i}" for i, w in enumerate(t.wound_type)])  # fmt: skip
    event = space.add("event_card", len(data.events), [e.id for e in data.events])
    tile = space.add("room_tile", len(t.tiles), list(t.tiles))
    exploration = space.add("exploration_token", len(t.token_effect),
                            [tok.id for tok in data.exploration.tokens])  # fmt: skip
    engine = space.add("engine", 2, ["working", "damaged"])
    coordinates = space.add("coordinates", len(data.coordinates),
                            [c.id for c in data.coordinates])  # fmt: skip
    scan = space.add("scan", 2, ["clean", "infected"])
    final_draw = space.add("final_draw", 2, ["survives", "dies"])
    combat = space.add("combat_die", 5, ["blank", "creeper", "adult", "hit1", "hit2"])
    item = space.add("item", len(t.things), [th.id for th in t.things])
    weakness = space.add("weakness", len(data.weaknesses), [w.id for w in data.weaknesses])
    ip_cards = [c.id for c in data.intruder_player_cards]
    ip_card = space.add("intruder_player_card", len(ip_cards), ip_cards)
    space.freeze()
    return ChanceOutcomes(space, objective, character, card, noise, token, attack, wound, event,
                          tile, exploration, engine, coordinates, scan, final_draw, combat,
                          item, weakness, ip_card)  # fmt: skip


def _token_label(t: Tables, kind: int) -> str:
    names = ("larva", "creeper", "adult", "breeder", "queen", "blank")
    if t.token_type[kind] == 5:
        return "blank"
    return f"{names[t.token_type[kind]]}_{t.token_surprise[kind]}"


ACTIONS = build_actions(tables())
CHANCE = build_chance(tables())

__all__ = ["ACTIONS", "CHANCE", "DESTINATIONS", "Actions", "ChanceOutcomes"]
