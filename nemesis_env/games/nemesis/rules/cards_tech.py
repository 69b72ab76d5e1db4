"""The Pilot's, the Scientist's and the Mechanic's own Action cards (nemesis-reference.md §14,
FAQ §19): computers, doors, secrets, fire and tinkering.

- Piloting (Pilot): use the action of the Cockpit or of a working computer room you stand in,
  for free; or, in a working computer room, secretly look at the coordinates.
- Knowledge of the Ship (Pilot): open or close a door of your room; or secretly look at one
  unexplored room tile (not its token).
- Old Friend (Pilot): use the action of your room, which has no computer, for free.
- Risk Assessment (Scientist): in a working computer room (anywhere with the Holo Computer),
  look at the top Event card and leave it there or put it at the bottom (known to you).
- Blocking Access (Scientist): use your working computer room's action for free; or, from a
  working computer room, put a Malfunction in any explored room with a computer.
- Intranet (Scientist): from a working computer room (anywhere with the Holo Computer), use the
  action of any working computer room; its objects must be there (FAQ).
- Technical Corridors (Mechanic): from a room with a technical-corridor entrance move to another
  such room (a Door token there is ignored, FAQ); then the Mechanic passes.
- Pyrotechnics (Mechanic): discard one of your items to set your room on fire; or put out its
  fire.
- Ingenuity (Mechanic): remove your room's Malfunction, or repair/break its engine, or craft
  with any yellow item counting as a Tool component.
"""

from __future__ import annotations

from nemesis_env.core.engine import (
    AUTO,
    CHANCE,
    Decision,
    on_auto,
    on_legal,
    on_outcomes,
    on_prepare,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.rules import (
    exploration,
    hazards,
    items_hands,
    movement,
    player_phase,
    rooms,
    systems,
    wounds,
)
from nemesis_env.games.nemesis.rules.cards_base import (
    CardDef,
    Option,
    Step,
    ask,
    card_anywhere,
    here,
    option_card,
    room_action_open,
    step,
    working_computer,
)
from nemesis_env.games.nemesis.rules.cards_common import (
    REMOVE_MALFUNCTION,
    REPAIR_ENGINE,
    TOGGLE_DOOR,
    free_here,
    gain_item,
    use_here,
)
from nemesis_env.games.nemesis.rules.kinds import Kind, SeatArg
from nemesis_env.games.nemesis.state import ACTIVE, State, ev
from nemesis_env.games.nemesis.tables import DECK_COLOURS

YELLOW = DECK_COLOURS.index("yellow")


# -- Piloting, Knowledge of the Ship, Old Friend ------------------------------------------------
def _pilot_room_action(s: State, seat: int) -> bool:
    room = here(s, seat)
    return free_here(s, seat, None) and (working_computer(s, room) or room == s.game.cockpit)


def _can_check_coordinates(s: State, seat: int) -> bool:
    return working_computer(s, here(s, seat)) and not s.coordinates_known >> seat & 1


def _check_coordinates(s: State, st: Step) -> None:
    s.log(ev("piloting_coordinates", st.seat, ()))
    systems.look_at_coordinates(s, st.seat)


def _peek_rooms(s: State, seat: int) -> list[int]:
    """Unexplored rooms whose tile the seat has not seen."""
    return [r for r in range(len(s.explored))
            if not s.explored[r] and not s.tile_known[r] >> seat & 1]  # fmt: skip


@step(Kind.PEEK_ROOM, lambda s, st: s.game.actions.room.ids(_peek_rooms(s, st.seat)))
def _peek(s: State, st: Step, action: int) -> None:
    room = s.game.actions.room.arg(action)
    s.log(ev("peek_tile", st.seat, (("room", room),)))
    exploration.peek(s, st.seat, room, token=False)


# -- Risk Assessment -------------------------------------------------------------------------
def _computer_or_anywhere(s: State, seat: int, card_id: str) -> bool:
    return working_computer(s, here(s, seat)) or card_anywhere(s, seat, card_id)


def _risk_playable(s: State, seat: int) -> bool:
    events_left = len(s.event_deck) + len(s.event_discard) > 0
    return events_left and _computer_or_anywhere(s, seat, "risk_assessment")


def _risk(s: State, st: Step) -> None:
    push(s, Decision(Kind.EVENT_PEEK, CHANCE, st))


@on_prepare(Kind.EVENT_PEEK)
def reshuffle_events(s: State) -> None:
    """As before an Event card is drawn (§5.2 step 8): an empty deck is the shuffled discard."""
    if len(s.event_deck) == 0 and s.event_discard:
        s.event_deck.shuffle_in(s.event_discard)
        s.event_discard = []


@on_outcomes(Kind.EVENT_PEEK)
def event_peek_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.event
    return [(ids.id(card), p) for card, p in s.event_deck.draw_outcomes()]


@on_resolve(Kind.EVENT_PEEK)
def resolve_event_peek(s: State, d: Decision, outcome: int) -> None:
    st: Step = d.payload
    card = s.game.chance.event.arg(outcome)
    s.event_deck.peek(card, {st.seat})
    s.log(ev("event_seen", st.seat, (("card", card),), frozenset({st.seat})))
    ask(s, Kind.EVENT_PLACE, st._replace(args=(card,)), always=True)


@step(Kind.EVENT_PLACE, lambda s, st: s.game.actions.option.ids([0, 1]))
def _place_event(s: State, st: Step, action: int) -> None:
    """Option 0 leaves the card on top, option 1 puts it at the bottom."""
    bottom = s.game.actions.option.arg(action) == 1
    if bottom:
        card = st.args[0]
        s.event_deck.draw(card)
        s.event_deck.put_bottom(card, known_to={st.seat})
    s.log(ev("risk_assessment", st.seat, (("to_bottom", int(bottom)),)))


# -- Blocking Access and Intranet ----------------------------------------------------------------
def _computer_rooms_to_break(s: State) -> list[int]:
    return [r for r in range(len(s.explored))
            if s.explored[r] and s.game.room_has_computer(s, r) and not s.malfunction[r]
            and hazards.malfunction_allowed(s, r)]  # fmt: skip


@step(Kind.MALFUNCTION_ROOM, lambda s, st: s.game.actions.room.ids(_computer_rooms_to_break(s)))
def _block(s: State, st: Step, action: int) -> None:
    room = s.game.actions.room.arg(action)
    s.log(ev("blocking_access", st.seat, (("room", room),)))
    hazards.place_malfunction(s, room)


def _remote_rooms(s: State, seat: int) -> list[int]:
    return [r for r in range(len(s.explored))
            if working_computer(s, r) and room_action_open(s, seat, r)]  # fmt: skip


def _intranet_playable(s: State, seat: int) -> bool:
    return _computer_or_anywhere(s, seat, "intranet") and bool(_remote_rooms(s, seat))


@step(Kind.REMOTE_ROOM, lambda s, st: s.game.actions.room.ids(_remote_rooms(s, st.seat)))
def _intranet(s: State, st: Step, action: int) -> None:
    room = s.game.actions.room.arg(action)
    s.log(ev("intranet", st.seat, (("room", room),)))
    rooms.start(s, st.seat, room)


# -- Technical Corridors ---------------------------------------------------------------------
def _tech_rooms(s: State, seat: int) -> list[int]:
    return s.game.topo.tc_rooms_from(here(s, seat))


@step(Kind.TECH_ROOM, lambda s, st: s.game.actions.room.ids(_tech_rooms(s, st.seat)))
def _tech_move(s: State, st: Step, action: int) -> None:
    """No corridor is named, so a Door token in the new room does nothing (FAQ)."""
    room = s.game.actions.room.arg(action)
    push(s, Decision(Kind.TECH_PASS, AUTO, SeatArg(st.seat)))
    s.log(ev("technical_corridors", st.seat, (("room", room),)))
    movement.enter_room(s, st.seat, room, careful=False, noise_roll=True)


@on_auto(Kind.TECH_PASS)
def tech_pass(s: State, d: Decision) -> None:
    """The Mechanic passes once the move is resolved: the discards a pass allows first."""
    if s.chars[d.payload.seat].status == ACTIVE:
        push(s, Decision(Kind.TECH_DISCARD, d.payload.seat, d.payload))


@on_legal(Kind.TECH_DISCARD)
def legal_tech_discard(s: State, d: Decision) -> list[int]:
    return player_phase.legal_pass_discard(s, d)


@on_resolve(Kind.TECH_DISCARD)
def resolve_tech_discard(s: State, d: Decision, action: int) -> None:
    """As a pass (§5.1): discards, then passed; Bleeding takes its Light Wound. The round then
    ends through the action's AFTER_ACTION step (fire there, the next player)."""
    seat = d.chooser
    c = s.chars[seat]
    acts = s.game.actions
    if action != acts.done_id:
        card = acts.discard.arg(action)
        c.hand.remove(card)
        c.discard.append(card)
        push(s, Decision(Kind.TECH_DISCARD, seat, d.payload))
        return
    c.passed = True
    s.log(ev("pass", seat, ()))
    if wounds.has_wound(s, seat, "bleeding"):
        wounds.light_wounds(s, seat, 1)


# -- Pyrotechnics ------------------------------------------------------------------------------
def owned_items(s: State, seat: int) -> list[int]:
    """Item cards the character holds: inventory, then heavy items (objects are not items)."""
    c = s.chars[seat]
    return c.inventory + [t for t in c.heavy if not s.game.is_object(t)]


def discard_owned(s: State, seat: int, thing: int) -> None:
    c = s.chars[seat]
    if thing in c.inventory:
        c.inventory.remove(thing)
    else:
        index = c.heavy.index(thing)
        c.heavy.pop(index)
        c.heavy_ammo.pop(index)
    items_hands.discard_item(s, thing)


@step(Kind.PYRO_ITEM, lambda s, st: s.game.actions.thing.ids(sorted(set(owned_items(s, st.seat)))))
def _pyro(s: State, st: Step, action: int) -> None:
    thing = s.game.actions.thing.arg(action)
    discard_owned(s, st.seat, thing)
    s.log(ev("pyrotechnics", st.seat, (("thing", thing),)))
    hazards.place_fire(s, here(s, st.seat))


# -- Ingenuity: crafting with a yellow item as a Tool ------------------------------------------
def provides(s: State, thing: int, icon: str) -> bool:
    """The item shows the component icon, or (Ingenuity) it is yellow and a Tool is wanted."""
    t = s.game.tables.things[thing]
    return icon in getattr(t.item, "icons", ()) or (icon == "tool" and t.deck == YELLOW)


def _partners(s: State, owned: list[int], first: int, recipe: int) -> list[int]:
    """Items that complete the recipe with `first` (another copy, never `first` itself)."""
    a, b = s.game.data.items.crafted[recipe].recipe
    rest = list(owned)
    rest.remove(first)
    return sorted({x for x in rest if (provides(s, first, a) and provides(s, x, b))
                   or (provides(s, first, b) and provides(s, x, a))})  # fmt: skip


def _first_parts(s: State, seat: int, recipe: int) -> list[int]:
    owned = owned_items(s, seat)
    return sorted({x for x in owned if _partners(s, owned, x, recipe)})


def _recipes(s: State, seat: int) -> list[int]:
    return [r for r in range(len(s.game.data.items.crafted))
            if s.crafted_left[r] > 0 and _first_parts(s, seat, r)]  # fmt: skip


@step(Kind.CRAFT_RECIPE, lambda s, st: s.game.actions.craft.ids(_recipes(s, st.seat)))
def _craft_recipe(s: State, st: Step, action: int) -> None:
    ask(s, Kind.CRAFT_PART, st._replace(args=(s.game.actions.craft.arg(action),)))


def _part_choices(s: State, st: Step) -> list[int]:
    """args: (recipe,) for the first component, (recipe, first) for the second."""
    if len(st.args) == 1:
        return s.game.actions.thing.ids(_first_parts(s, st.seat, st.args[0]))
    owned = owned_items(s, st.seat)
    return s.game.actions.thing.ids(_partners(s, owned, st.args[1], st.args[0]))


@step(Kind.CRAFT_PART, _part_choices)
def _craft_part(s: State, st: Step, action: int) -> None:
    part = s.game.actions.thing.arg(action)
    if len(st.args) == 1:
        ask(s, Kind.CRAFT_PART, st._replace(args=(*st.args, part)))
        return
    recipe, first = st.args
    for thing in (first, part):
        discard_owned(s, st.seat, thing)
    s.crafted_left[recipe] -= 1
    crafted = s.game.tables.crafted[recipe]
    s.log(ev("craft", st.seat, (("thing", crafted),)))
    # FAQ: a crafted weapon arrives fully loaded
    gain_item(s, st.seat, crafted, st.card, s.game.tables.things[crafted].capacity)


CARDS: dict[str, CardDef] = {
    "piloting": option_card(
        "piloting",
        Option(_pilot_room_action, use_here),
        Option(_can_check_coordinates, _check_coordinates),
    ),
    "knowledge_of_the_ship": option_card(
        "knowledge_of_the_ship",
        TOGGLE_DOOR,
        Option(lambda s, seat: bool(_peek_rooms(s, seat)),
               lambda s, st: ask(s, Kind.PEEK_ROOM, st)),
    ),
    "old_friend": CardDef(lambda s, seat: free_here(s, seat, False), use_here),
    "risk_assessment": CardDef(_risk_playable, _risk),
    "blocking_access": option_card(
        "blocking_access",
        Option(lambda s, seat: free_here(s, seat, True), use_here),
        Option(lambda s, seat: working_computer(s, here(s, seat))
               and bool(_computer_rooms_to_break(s)),
               lambda s, st: ask(s, Kind.MALFUNCTION_ROOM, st)),
    ),
    "intranet": CardDef(_intranet_playable, lambda s, st: ask(s, Kind.REMOTE_ROOM, st)),
    "technical_corridors": CardDef(lambda s, seat: bool(_tech_rooms(s, seat)),
                                   lambda s, st: ask(s, Kind.TECH_ROOM, st)),
    "pyrotechnics": option_card(
        "pyrotechnics",
        Option(lambda s, seat: bool(owned_items(s, seat)) and not s.fire[here(s, seat)],
               lambda s, st: ask(s, Kind.PYRO_ITEM, st)),
        Option(lambda s, seat: s.fire[here(s, seat)],
               lambda s, st: hazards.remove_fire(s, here(s, st.seat))),
    ),
    "ingenuity": option_card(
        "ingenuity",
        REMOVE_MALFUNCTION,
        REPAIR_ENGINE,
        Option(lambda s, seat: bool(_recipes(s, seat)),
               lambda s, st: ask(s, Kind.CRAFT_RECIPE, st)),
    ),
}  # fmt: skip

__all__ = ["CARDS", "owned_items", "provides"]
