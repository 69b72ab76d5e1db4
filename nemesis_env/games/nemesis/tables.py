"""Integer tables the rules index, derived once from the component data (defs/).

The rules never look a name up on the hot path: a card, item, room tile or intruder is an int,
and what they need to know of it is a tuple entry here. Built once per process and board side
(only the board differs between configurations) and shared by every Game.

Things a character can hold or own are numbered in one space:
- item cards of the three Search decks, one id per (deck colour, item) pair, since the back's
  colour is public; then the crafted items, the six starting weapons and the twelve quest items;
- heavy objects after them: character corpse, the blue corpse, intruder carcass, egg.
Action cards are numbered per distinct card; the three contamination ids follow them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from nemesis_env.games.nemesis.defs import NemesisData, load_nemesis_data
from nemesis_env.games.nemesis.defs.board import BOARD_FILES
from nemesis_env.games.nemesis.defs.crew import ItemDef, QuestItemDef
from nemesis_env.games.nemesis.topology import TC, Topology, build_topology

INTRUDER_TYPES = ("larva", "creeper", "adult", "breeder", "queen")
DECK_COLOURS: tuple[Literal["red", "yellow", "green"], ...] = ("red", "yellow", "green")
OBJECTS = ("corpse", "blue_corpse", "carcass", "egg")
DESTINATIONS = ("earth", "mars", "venus", "deep_space")
WEAKNESS_SLOTS = ("egg", "character_corpse", "intruder_carcass")


@dataclass(frozen=True, slots=True)
class ThingDef:
    """An item card or a heavy object, as a character holds it."""

    id: str  # e.g. "red.grenade", "crafted.taser", "weapon.six_shooter", "quest.log_key"
    name: str
    deck: int  # 0-2 for the Search decks, -1 otherwise
    item: ItemDef | QuestItemDef | None  # None for heavy objects
    heavy: bool
    capacity: int  # ammo capacity, 0 for non-weapons


@dataclass(frozen=True, slots=True)
class Tables:
    data: NemesisData
    topo: Topology
    things: tuple[ThingDef, ...]
    thing_index: dict[str, int]
    deck_contents: tuple[tuple[int, ...], ...]  # per colour: thing ids, one per copy
    crafted: tuple[int, ...]  # thing id per crafted recipe
    starting_weapon: tuple[int, ...]  # per character
    quest_items: tuple[tuple[int, int], ...]  # per character
    cards: tuple[str, ...]  # action card ids, then the three contamination states
    card_index: dict[str, int]
    character_decks: tuple[tuple[int, ...], ...]
    contam_unknown: int
    contam_clean: int
    contam_infected: int
    # intruders
    mini_type: tuple[int, ...]  # per miniature
    minis_of_type: tuple[tuple[int, ...], ...]
    token_type: tuple[int, ...]  # per token kind (type, surprise number), Blank last
    token_surprise: tuple[int, ...]
    tokens_of_type: tuple[tuple[int, ...], ...]
    token_pool: tuple[int, ...]  # copies per token kind in the box
    # cards
    attack_hits: tuple[int, ...]  # per attack copy: bitmask of intruder types it resolves for
    attack_op: tuple[str, ...]
    attack_blood: tuple[int, ...]  # 0 = Retreat
    event_moves: tuple[int, ...]  # bitmask of intruder types
    event_corridor: tuple[int, ...]
    event_op: tuple[str, ...]
    event_removed: tuple[bool, ...]
    event_shuffled_back: tuple[bool, ...]
    wound_type: tuple[str, ...]  # per serious-wound copy
    # rooms
    slot_kind: tuple[int, ...]  # per room: 0 room-1 slot, 1 room-2 slot, -1 special
    special_tile: tuple[int, ...]  # per room: the printed tile of a special room, else -1
    fixed_tile: tuple[int, ...]  # per room: a tile placed face up at setup (fixed_tile), else -1
    tiles: tuple[str, ...]  # room tile ids: the 20 tiles, then the 5 special rooms
    tile_kind: tuple[int, ...]  # 0 / 1 for the tiles, -1 for special rooms
    tile_malfunction_allowed: tuple[bool, ...]
    token_effect: tuple[str, ...]  # per exploration token
    token_items: tuple[int, ...]


@cache
def tables(board_side: str = "basic") -> Tables:
    data = load_nemesis_data(board_side)
    return _build(data)


@cache
def corridor_slots() -> int:
    """Corridor-indexed things (the door actions, the observation's corridor rows) have one size
    for every board side: the most corridors any side has (36 on both sides today)."""
    return max(len(tables(side).topo.ends) for side in BOARD_FILES)


def _topology(data: NemesisData) -> Topology:
    edges = []
    networks = []
    for c in data.board.corridors:
        a = TC if isinstance(c.a, str) else c.a - 1
        b = TC if isinstance(c.b, str) else c.b - 1
        edges.append((a, b, c.numbers))
        network = c.tech_network
        networks.append(-1 if network is None else data.board.tech_networks.index(network))
    return build_topology(len(data.board.rooms), edges, networks)


def _things(data: NemesisData) -> list[ThingDef]:
    things: list[ThingDef] = []
    by_id = data.items_by_id
    for deck, colour in enumerate(DECK_COLOURS):
        for item_id in sorted(data.items.decks[colour]):
            item = by_id[item_id]
            things.append(ThingDef(f"{colour}.{item_id}", item.name, deck, item, item.heavy,
                                   item.weapon.ammo if item.weapon else 0))  # fmt: skip
    for recipe in data.items.crafted:
        item = by_id[recipe.item]
        things.append(ThingDef(f"crafted.{recipe.item}", item.name, -1, item, item.heavy,
                               item.weapon.ammo if item.weapon else 0))  # fmt: skip
    for ch in data.characters:
        w = ch.starting_weapon
        things.append(ThingDef(f"weapon.{w.id}", w.name, -1, w, True,
                               w.weapon.ammo if w.weapon else 0))  # fmt: skip
    for ch in data.characters:
        for q in ch.quest_items:
            things.append(ThingDef(f"quest.{q.id}", q.name, -1, q, q.heavy, 0))
    for obj in OBJECTS:
        things.append(ThingDef(f"object.{obj}", obj.replace("_", " "), -1, None, True, 0))
    return things


def _build(data: NemesisData) -> Tables:
    topo = _topology(data)
    things = _things(data)
    index = {t.id: i for i, t in enumerate(things)}
    deck_contents = tuple(
        tuple(index[f"{colour}.{item_id}"] for item_id, copies in
              sorted(data.items.decks[colour].items()) for _ in range(copies))
        for colour in DECK_COLOURS
    )  # fmt: skip
    contamination = ("contamination", "contamination_clean", "contamination_infected")
    cards = (*(c.id for c in data.action_cards), *contamination)
    card_index = {c: i for i, c in enumerate(cards)}
    n_action = len(data.action_cards)
    types = {t.id: i for i, t in enumerate(data.intruders.types)}
    mini_type = tuple(types[t.id] for t in data.intruders.types for _ in range(t.miniatures))
    token_kinds = sorted({(types[t.id], n) for t in data.intruders.types
                          for n in t.surprise_numbers})  # fmt: skip
    pool = [
        sum(1 for n in t.surprise_numbers if (types[t.id], n) == kind)
        for kind in token_kinds
        for t in data.intruders.types
        if types[t.id] == kind[0]
    ]
    blank = len(INTRUDER_TYPES)  # fmt: skip
    token_type = (*tuple(k[0] for k in token_kinds), blank)
    token_surprise = (*tuple(k[1] for k in token_kinds), 0)
    pool.append(1)
    attack_copies = data.attack_deck
    attack_defs = {c.id: c for c in data.attack_cards}
    tiles = tuple(t.id for t in data.room_tiles) + tuple(t.id for t in data.special_rooms)
    tile_defs = (*data.room_tiles, *data.special_rooms)
    special_tile = []
    slot_kind = []
    for slot in data.board.rooms:
        if slot.slot == "special":
            special_tile.append(tiles.index(str(slot.special_room)))
            slot_kind.append(-1)
        else:
            special_tile.append(-1)
            slot_kind.append(0 if slot.slot == "room1" else 1)
    wound_type = tuple(w.id for w in data.serious_wounds for _ in range(w.copies))
    return Tables(
        data=data,
        topo=topo,
        things=tuple(things),
        thing_index=index,
        deck_contents=deck_contents,
        crafted=tuple(index[f"crafted.{r.item}"] for r in data.items.crafted),
        starting_weapon=tuple(index[f"weapon.{c.starting_weapon.id}"] for c in data.characters),
        quest_items=tuple((index[f"quest.{c.quest_items[0].id}"],
                           index[f"quest.{c.quest_items[1].id}"]) for c in data.characters),
        cards=cards,
        card_index=card_index,
        character_decks=tuple(tuple(card_index[c] for c in ch.deck) for ch in data.characters),
        contam_unknown=n_action,
        contam_clean=n_action + 1,
        contam_infected=n_action + 2,
        mini_type=mini_type,
        minis_of_type=tuple(tuple(i for i, t in enumerate(mini_type) if t == k)
                            for k in range(len(INTRUDER_TYPES) + 1)),
        token_type=token_type,
        token_surprise=token_surprise,
        tokens_of_type=tuple(tuple(i for i, t in enumerate(token_type) if t == k)
                             for k in range(len(INTRUDER_TYPES) + 1)),
        token_pool=tuple(pool),
        attack_hits=tuple(sum(1 << types[a] for a in attack_defs[c.card].attackers)
                          for c in attack_copies),
        attack_op=tuple(str(attack_defs[c.card].id) for c in attack_copies),
        attack_blood=tuple(0 if c.blood is None else c.blood for c in attack_copies),
        event_moves=tuple(sum(1 << types[m] for m in e.moves) for e in data.events),
        event_corridor=tuple(e.corridor for e in data.events),
        event_op=tuple(_event_op(e.id) for e in data.events),
        event_removed=tuple(e.remove_and_reshuffle for e in data.events),
        event_shuffled_back=tuple(e.shuffle_back for e in data.events),
        wound_type=wound_type,
        slot_kind=tuple(slot_kind),
        special_tile=tuple(special_tile),
        fixed_tile=tuple(-1 if r.fixed_tile is None else tiles.index(r.fixed_tile)
                         for r in data.board.rooms),
        tiles=tiles,
        tile_kind=tuple(0 if t.kind == 1 else 1 if t.kind == 2 else -1 for t in tile_defs),
        tile_malfunction_allowed=tuple(t.malfunction_allowed for t in tile_defs),
        token_effect=tuple(t.effect for t in data.exploration.tokens),
        token_items=tuple(t.items for t in data.exploration.tokens),
    )  # fmt: skip


def _event_op(card_id: str) -> str:
    """Both Hunt cards share one effect."""
    return "hunt" if card_id.startswith("hunt") else card_id
