"""Names for humans of Nemesis's pieces: seats, rooms, corridors, cards, items, Intruders.

Shared by the labels (labels.py), the event texts (event_words.py) and the text map
(render.py). Every function here names what its arguments say and nothing else: whether a name
may be shown to a seat is the caller's business (a room's tile, for one, is named only when the
caller passes a tile the reader knows).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nemesis_env.games.nemesis.tables import DECK_COLOURS, INTRUDER_TYPES
from nemesis_env.games.nemesis.topology import TC

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame
    from nemesis_env.games.nemesis.state import State

OBJECT_NAMES = {
    "corpse": "Character Corpse",
    "blue_corpse": "Blue Corpse",
    "carcass": "Intruder Carcass",
    "egg": "Egg",
}
DECK_NAMES = ("red (Military)", "yellow (Technical)", "green (Medical)")
DESTINATION_SPACES = "ABCD"
DOOR_STATES = ("open", "closed", "destroyed")
NOISE_FACES = {5: "Silence", 6: "Danger"}
DIE_FACES = {
    "blank": "blank",
    "creeper": "Creeper",
    "adult": "Adult",
    "hit1": "1 hit",
    "hit2": "2 hits",
}
OP_WORDS = {
    # the effect ops that choose-one alternatives (cards, rooms, items) are made of
    "destroy_closed_door_of_room": "destroy a closed door of this room",
    "place_malfunction": "place a Malfunction marker in this room",
    "cancel_action_of_other_in_room": "cancel the action of another character here",
    "cancel_interruption": "cancel an Interruption",
    "toggle_door_of_room": "open or close a door of this room",
    "free_room_action": "use a room's action for free",
    "remove_malfunction": "repair the Malfunction in this room",
    "repair_or_break_engine": "repair or break an engine",
    "basic_action": "take a basic action",
    "draw_action_cards": "draw an Action card",
    "require_computer_room": "in a room with a computer",
    "check_coordinates": "check the coordinates",
    "set_destination": "change the destination",
    "peek_unexplored_rooms": "look at an unexplored room",
    "dress_all_serious_wounds": "dress all your Serious Wounds",
    "heal_dressed_serious_wounds": "heal a dressed Serious Wound",
    "heal_all_light_wounds": "heal all your Light Wounds",
}


def seat_label(seat: int) -> str:
    """Seat s is Player s+1, the player number the objectives name (state.py)."""
    return f"Player {seat + 1}"


def player(game: NemesisGame, s: State, seat: int) -> str:
    """The seat as "Player 2 (Scout)" once the seat has drafted (the kept character is public), else
    "Player 2"."""
    character = s.chars[seat].character
    if character < 0:
        return seat_label(seat)
    return f"{seat_label(seat)} ({game.data.characters[character].name})"


def tile_name(game: NemesisGame, tile: int) -> str:
    if tile < 0:
        return ""
    return str((*game.data.room_tiles, *game.data.special_rooms)[tile].name)


def room(game: NemesisGame, room_index: int, tile: int = -1) -> str:
    """The room as "Room 7 (Laboratory)" when `tile` is given (a tile the reader knows) or the
    room is a printed special room; "Room 7" otherwise."""
    if room_index == TC:
        return "the Technical Corridors"
    if tile < 0:
        tile = game.tables.special_tile[room_index]
    name = tile_name(game, tile)
    return f"Room {room_index + 1} ({name})" if name else f"Room {room_index + 1}"


def corridor_numbers(game: NemesisGame, corridor: int) -> str:
    return "/".join(str(n) for n in game.topo.numbers[corridor])


def corridor(game: NemesisGame, corridor_index: int) -> str:
    """The corridor as "corridor 3 (Room 4 - Room 7)" (or "... - Technical Corridors")."""
    a, b = game.topo.ends[corridor_index]
    ends = f"Room {a + 1} - " + ("Technical Corridors" if b == TC else f"Room {b + 1}")
    return f"corridor {corridor_numbers(game, corridor_index)} ({ends})"


def card(game: NemesisGame, card_id: int, scan_known: bool = True) -> str:
    """An Action card's name; contamination cards say their scan only when `scan_known`."""
    if card_id == game.contam_clean and scan_known:
        return "Contamination (scanned: clean)"
    if card_id == game.contam_infected and scan_known:
        return "Contamination (scanned: INFECTED)"
    if game.is_contamination(card_id):
        return "Contamination"
    return str(game.data.action_cards[card_id].name)


def thing(game: NemesisGame, thing_id: int) -> str:
    """An item's name (with its deck colour for Search items), or a heavy object's."""
    if game.is_object(thing_id):
        key = ("corpse", "blue_corpse", "carcass", "egg")[thing_id - game.first_object]
        return OBJECT_NAMES[key]
    t = game.tables.things[thing_id]
    return t.name if t.deck < 0 else f"{t.name} ({DECK_COLOURS[t.deck]})"


def intruder_type(game: NemesisGame, type_index: int) -> str:
    if type_index >= len(game.data.intruders.types):
        return "Blank"
    return str(game.data.intruders.types[type_index].name)


def intruder(game: NemesisGame, mini: int) -> str:
    """A miniature as "the Adult" (a miniature, by its type: miniatures of a type look alike)."""
    return f"the {intruder_type(game, game.mini_type[mini])}"


def intruder_token(game: NemesisGame, token: int) -> str:
    """An intruder token of the bag: "Adult (surprise 3)", "Blank"."""
    kind = game.token_type[token]
    if kind >= len(INTRUDER_TYPES):
        return "Blank"
    return f"{intruder_type(game, kind)} (surprise {game.token_surprise[token]})"


def objective(game: NemesisGame, index: int) -> str:
    o = game.objective_cards[index]
    return f"{o.name} ({o.kind})"


def event_card(game: NemesisGame, index: int) -> str:
    return str(game.data.events[index].name)


def attack_card(game: NemesisGame, copy: int) -> str:
    card_id = game.attack_op[copy]
    return next(str(a.name) for a in game.data.attack_cards if a.id == card_id)


def wound_card(game: NemesisGame, copy: int) -> str:
    wound_id = game.wound_type[copy]
    return next(str(w.name) for w in game.data.serious_wounds if w.id == wound_id)


def op_words(spec: Any) -> str:
    """One effect op in words (the op's id spelt out when no wording is written)."""
    name = str(spec.op)
    words = OP_WORDS.get(name, name.replace("_", " "))
    if name == "basic_action":
        return str(spec.params.get("action", "action")).replace("_", " ")
    return words


def alternative(specs: Any) -> str:
    """A choose-one alternative (a list of ops) in words."""
    return ", then ".join(op_words(spec) for spec in specs) or "nothing"
