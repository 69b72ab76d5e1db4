"""The Action cards most decks share (nemesis-reference.md §14 "Common cards", §13.6, §8.2):
Demolition, Rest, Search, Computer Skills and the Repairs cards; the Scout's Scavenging (a
Search that ignores the item counter); and taking an item found (§6.3).

- Demolition: destroy a closed door of your room, or put a Malfunction in your room.
- Rest: scan the contamination cards in hand; the clean ones leave the game; an INFECTED one
  starts the Larva procedure (a Larva, or death with a Creeper if one is there already).
- Search: the room's item counter goes down by 1 (it must be above 0; Scavenging ignores it);
  2 cards are drawn from the deck of the room's colour (a white room: one deck of the
  player's choice, FAQ), one is kept and the other goes to the bottom, known to the searcher
  (FAQ). No Search in special rooms, the Nest or the Slime room (§3.1).
- Computer Skills: open or close a door of your room, or use a working computer room's action
  for free (rooms.action_open and rooms.start).
- Repairs / Basic Repairs / Fast Repairs: remove your room's Malfunction, or repair/break the
  engine of an engine room (rooms.repair_or_break; allowed with a Malfunction, §3.2).

An item found goes to the inventory; a heavy item needs a free hand, else the player drops a
heavy thing (the new item included); a weapon found holds 1 ammo (§6.3).
"""

from __future__ import annotations

from nemesis_env.core.engine import (
    AUTO,
    CHANCE,
    Decision,
    on_auto,
    on_outcomes,
    on_prepare,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.rules import contamination, hazards, items_hands, rooms
from nemesis_env.games.nemesis.rules.cards_base import (
    CardDef,
    Option,
    Step,
    ask,
    engine_hook_ready,
    engine_of,
    here,
    option_card,
    room_action_open,
    step,
    working_computer,
)
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, CLOSED, OPEN, State, ev
from nemesis_env.games.nemesis.tables import DECK_COLOURS

SEARCH_DRAW = 2  # search_room: draw 2, keep 1 (action_cards.yaml)
DECK_OF: dict[str, int] = {colour: deck for deck, colour in enumerate(DECK_COLOURS)}


# -- doors -------------------------------------------------------------------------------------
def room_doors(s: State, room: int, states: tuple[int, ...]) -> list[int]:
    """Corridors of `room` (not the Technical Corridors) whose door is in one of `states`."""
    topo = s.game.topo
    return [c for c in topo.exits[room] if not topo.is_tc(c) and s.door[c] in states]


def _closed_doors(s: State, st: Step) -> list[int]:
    return s.game.actions.door.ids(room_doors(s, here(s, st.seat), (CLOSED,)))


@step(Kind.DOOR_DESTROY, _closed_doors)
def _destroy(s: State, st: Step, action: int) -> None:
    hazards.destroy_door(s, s.game.actions.door.arg(action))


def _toggle_doors(s: State, st: Step) -> list[int]:
    return s.game.actions.door.ids(room_doors(s, here(s, st.seat), (OPEN, CLOSED)))


@step(Kind.DOOR_TOGGLE, _toggle_doors)
def _toggle(s: State, st: Step, action: int) -> None:
    corridor = s.game.actions.door.arg(action)
    hazards.set_door(s, corridor, CLOSED if s.door[corridor] == OPEN else OPEN)


def can_toggle_door(s: State, seat: int) -> bool:
    return bool(room_doors(s, here(s, seat), (OPEN, CLOSED)))


TOGGLE_DOOR = Option(can_toggle_door, lambda s, st: ask(s, Kind.DOOR_TOGGLE, st))


# -- Demolition ----------------------------------------------------------------------------------
def _can_malfunction_here(s: State, seat: int) -> bool:
    room = here(s, seat)
    return not s.malfunction[room] and hazards.malfunction_allowed(s, room)


DEMOLITION = option_card(
    "demolition",
    Option(lambda s, seat: bool(room_doors(s, here(s, seat), (CLOSED,))),
           lambda s, st: ask(s, Kind.DOOR_DESTROY, st)),
    Option(_can_malfunction_here, lambda s, st: hazards.place_malfunction(s, here(s, st.seat))),
)  # fmt: skip


# -- Rest ----------------------------------------------------------------------------------------
def _rest_playable(s: State, seat: int) -> bool:
    """Only with a contamination card in hand (otherwise the card would do nothing)."""
    return any(s.game.is_contamination(card) for card in s.chars[seat].hand)


def _rest(s: State, st: Step) -> None:
    push(s, Decision(Kind.REST_RESULT, AUTO, st))
    contamination.push_scan_hand(s, st.seat)


@on_auto(Kind.REST_RESULT)
def rest_result(s: State, d: Decision) -> None:
    """After the scans: clean cards leave the game; any INFECTED card in hand, found now or
    before, is a Larva (or death) once (FAQ v2.2: several do not stack; docs/rules-decisions.md
    on a known INFECTED card scanned again)."""
    seat = d.payload.seat
    c = s.chars[seat]
    if c.status != ACTIVE:
        return
    clean = s.game.contam_clean
    removed = c.hand.count(clean)
    c.hand = [card for card in c.hand if card != clean]
    s.log(ev("rest", seat, (("removed", removed),)))
    if s.game.contam_infected in c.hand:
        contamination.larva_procedure(s, seat)


REST = CardDef(_rest_playable, _rest)


# -- Search and Scavenging ---------------------------------------------------------------------
def search_decks(s: State, room: int) -> list[int]:
    """The decks a Search here may draw from: the room's colour, any one for a white room;
    only decks with a card left in them or in their discard pile."""
    colour = s.game.room_colour(s, room)
    if colour == "white":
        decks = list(range(len(DECK_COLOURS)))
    else:
        decks = [DECK_OF[colour]] if colour in DECK_OF else []
    return [k for k in decks if len(s.item_decks[k]) + len(s.item_discard[k]) > 0]


def can_search(s: State, seat: int, *, ignore_counter: bool) -> bool:
    room = here(s, seat)
    d = s.game.room_def(s, room)
    if d is None or not d.searchable or not s.explored[room]:
        return False
    if not ignore_counter and s.item_counter[room] <= 0:
        return False
    return bool(search_decks(s, room))


def search_flow(s: State, st: Step) -> None:
    """Search (and Scavenging, the Flashlight): the counter drops if above 0, then the deck."""
    _search(s, st)


def _search(s: State, st: Step) -> None:
    room = here(s, st.seat)
    if s.item_counter[room] > 0:
        s.item_counter[room] -= 1
    ask(s, Kind.SEARCH_DECK, st)


def _deck_choices(s: State, st: Step) -> list[int]:
    return s.game.actions.item_deck.ids(search_decks(s, here(s, st.seat)))


@step(Kind.SEARCH_DECK, _deck_choices)
def _search_deck(s: State, st: Step, action: int) -> None:
    deck = s.game.actions.item_deck.arg(action)
    s.log(ev("search", st.seat, (("room", here(s, st.seat)), ("deck", deck))))
    push(s, Decision(Kind.CARD_ITEM_DRAW, CHANCE, st._replace(args=(deck,))))


@on_prepare(Kind.CARD_ITEM_DRAW)
def reshuffle_items(s: State) -> None:
    """An empty item deck is rebuilt from its discard pile (docs/rules-decisions.md)."""
    deck = s.stack[-1].payload.args[0]
    if len(s.item_decks[deck]) == 0 and s.item_discard[deck]:
        s.item_decks[deck].shuffle_in(s.item_discard[deck])
        s.item_discard[deck] = []


@on_outcomes(Kind.CARD_ITEM_DRAW)
def item_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.item
    return [(ids.id(thing), p) for thing, p in s.item_decks[d.payload.args[0]].draw_outcomes()]


@on_resolve(Kind.CARD_ITEM_DRAW)
def resolve_item_draw(s: State, d: Decision, outcome: int) -> None:
    """args: (deck, cards drawn so far...); the second card, then the choice to keep one."""
    st: Step = d.payload
    deck, thing = st.args[0], s.game.chance.item.arg(outcome)
    s.item_decks[deck].draw(thing)
    s.log(ev("item_drawn", st.seat, (("thing", thing),), frozenset({st.seat})))
    st = st._replace(args=(*st.args, thing))
    more = len(s.item_decks[deck]) + len(s.item_discard[deck]) > 0
    if len(st.args) - 1 < SEARCH_DRAW and more:
        push(s, Decision(Kind.CARD_ITEM_DRAW, CHANCE, st))
    else:
        ask(s, Kind.SEARCH_KEEP, st)


def _keep_choices(s: State, st: Step) -> list[int]:
    return s.game.actions.thing.ids(sorted(set(st.args[1:])))


@step(Kind.SEARCH_KEEP, _keep_choices)
def _keep(s: State, st: Step, action: int) -> None:
    deck, drawn = st.args[0], list(st.args[1:])
    kept = s.game.actions.thing.arg(action)
    drawn.remove(kept)
    for other in drawn:  # FAQ: the card not kept goes to the bottom; the searcher knows it
        s.item_decks[deck].put_bottom(other, known_to={st.seat})
    s.log(ev("search_kept", st.seat, (("deck", deck),)))
    gain_item(s, st.seat, kept, st.card)


SEARCH = CardDef(lambda s, seat: can_search(s, seat, ignore_counter=False), _search)
SCAVENGING = CardDef(lambda s, seat: can_search(s, seat, ignore_counter=True), _search)


# -- gaining an item -----------------------------------------------------------------------------
def gain_item(s: State, seat: int, thing: int, card: int, ammo: int = 1) -> None:
    """The item goes to the inventory, or a heavy one to a free hand, with `ammo` if it is a
    weapon (1 for a weapon found, §6.3); no free hand: the player drops a heavy thing first."""
    c = s.chars[seat]
    t = s.game.tables.things[thing]
    s.log(ev("item_gained", seat, (("thing", thing),), frozenset({seat})))
    if not t.heavy:
        c.inventory.append(thing)
        return
    load = min(ammo, t.capacity)
    if len(c.heavy) < items_hands.hand_slots(s, seat):
        c.heavy.append(thing)
        c.heavy_ammo.append(load)
        return
    ask(s, Kind.HEAVY_DROP, Step(seat, card, (thing, load)), always=True)


def _drop_choices(s: State, st: Step) -> list[int]:
    return s.game.actions.thing.ids(sorted({*s.chars[st.seat].heavy, st.args[0]}))


@step(Kind.HEAVY_DROP, _drop_choices)
def _drop_for_heavy(s: State, st: Step, action: int) -> None:
    """args: (the heavy item taken, its ammo). Dropping the new item discards it."""
    c = s.chars[st.seat]
    thing, load = st.args
    dropped = s.game.actions.thing.arg(action)
    if dropped == thing:
        items_hands.discard_item(s, thing)
        s.log(ev("drop", st.seat, (("thing", thing),)))
        return
    index = c.heavy.index(dropped)
    c.heavy.pop(index)
    c.heavy_ammo.pop(index)
    items_hands.drop_thing(s, st.seat, dropped)
    c.heavy.append(thing)
    c.heavy_ammo.append(load)


# -- Computer Skills and the Repairs cards ------------------------------------------------------
def free_here(s: State, seat: int, computer: bool | None) -> bool:
    """Your room's action may be used for free: computer True (a working computer room),
    False (a room without a computer), None (either)."""
    room = here(s, seat)
    if not room_action_open(s, seat, room):
        return False
    if computer is None:
        return True
    return working_computer(s, room) if computer else not s.game.room_has_computer(s, room)


def use_here(s: State, st: Step) -> None:
    """The room's action without its cost (rooms.start)."""
    rooms.start(s, st.seat, here(s, st.seat))


COMPUTER_SKILLS = option_card(
    "computer_skills",
    TOGGLE_DOOR,
    Option(lambda s, seat: free_here(s, seat, True), use_here),
)
REMOVE_MALFUNCTION = Option(lambda s, seat: s.malfunction[here(s, seat)],
                            lambda s, st: hazards.repair(s, here(s, st.seat)))  # fmt: skip
REPAIR_ENGINE = Option(
    lambda s, seat: engine_hook_ready() and engine_of(s, here(s, seat)) >= 0,
    lambda s, st: rooms.repair_or_break(s, st.seat, engine_of(s, here(s, st.seat))),
)

CARDS: dict[str, CardDef] = {
    "demolition": DEMOLITION,
    "rest": REST,
    "search": SEARCH,
    "scavenging": SCAVENGING,
    "computer_skills": COMPUTER_SKILLS,
    "repairs": option_card("repairs", REMOVE_MALFUNCTION, REPAIR_ENGINE),
    "basic_repairs": option_card("basic_repairs", REMOVE_MALFUNCTION, REPAIR_ENGINE),
    "fast_repairs": option_card("fast_repairs", REMOVE_MALFUNCTION, REPAIR_ENGINE),
}

__all__ = ["CARDS", "gain_item", "room_doors"]
