"""Nemesis's declared action table and chance-outcome table (core.spaces).

Every seat shares one table; the open decision says which ids are legal and what each means
there. Declaration order fixes the ids; no rule computes an id by hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from nemesis_env.core.spaces import ActionSpace, Kind
from nemesis_env.games.nemesis.tables import DESTINATIONS, Tables, tables


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
    space.freeze()
    return Actions(space, pass_kind.id(), done.id(), move, careful, corridor, character,
                   objective, discard)  # fmt: skip


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
    space.freeze()
    return ChanceOutcomes(space, objective, character, card, noise, token, attack, wound, event,
                          tile, exploration, engine, coordinates, scan, final_draw)  # fmt: skip


def _token_label(t: Tables, kind: int) -> str:
    names = ("larva", "creeper", "adult", "breeder", "queen", "blank")
    if t.token_type[kind] == 5:
        return "blank"
    return f"{names[t.token_type[kind]]}_{t.token_surprise[kind]}"


ACTIONS = build_actions(tables())
CHANCE = build_chance(tables())

__all__ = ["ACTIONS", "CHANCE", "DESTINATIONS", "Actions", "ChanceOutcomes"]
