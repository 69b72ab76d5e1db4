"""Item effects on Intruders, other characters, moves and hidden things
(nemesis-reference.md §13.1-§13.4; §3.3 eggs, §7.6 retreat, §12 weaknesses, §15 objectives;
FAQ §19).

Grenade and Molotov target the user's room or a neighbour reached through a corridor without a
closed door (§8.6) where an Intruder or uncarried eggs are: the chosen Intruder takes the main
injuries, every other Intruder there 1, every character there (the user too) a Serious Wound;
the Molotov's are fire injuries (Vulnerability to Fire: +1 each, §12) and it sets the room on
fire. Eggs take the main injuries when no Intruder is there, else 1 (one egg per injury; §3.3:
Grenade 2, Molotov 1), and an attack on eggs makes a Noise roll in the user's room (FAQ).
"""

from __future__ import annotations

from nemesis_env.core.engine import CHANCE, Decision, on_outcomes, on_resolve, push
from nemesis_env.games.nemesis.rules import (
    attacks,
    combat,
    exploration,
    hazards,
    intruders,
    movement,
    noise,
    rooms_objects,
    wounds,
)
from nemesis_env.games.nemesis.rules.items_base import (
    OpRule,
    Params,
    Then,
    Use,
    ask,
    item_id,
    pick,
    room_of,
    then,
)
from nemesis_env.games.nemesis.rules.items_body import force_pass
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import CLOSED, DEAD, State, ev
from nemesis_env.games.nemesis.topology import TC

SEARCH = "search_room"  # rules/cards.py: the Search action card's flow (Flashlight)


def open_neighbours(s: State, room: int) -> list[int]:
    """Rooms joined to `room` by a corridor without a closed door (Technical Corridors not)."""
    topo = s.game.topo
    return sorted({topo.other_end(c, room) for c in topo.exits[room]
                   if topo.other_end(c, room) != TC and s.door[c] != CLOSED})  # fmt: skip


# -- Grenade, Molotov ------------------------------------------------------------------------------
def _eggs_in(s: State, room: int) -> bool:
    nest = s.game.nest_room(s) == room and s.eggs_in_nest > 0
    return nest or s.game.obj_egg in s.objects[room]


def _blast_rooms(s: State, use: Use, p: Params) -> list[int]:
    room = room_of(s, use)
    return [r for r in sorted({room, *open_neighbours(s, room)})
            if s.intruders_in(r) or _eggs_in(s, r)]  # fmt: skip


def _aim(s: State, use: Use, p: Params, room: int) -> None:
    minis = s.intruders_in(room)
    if len(minis) > 1 and p["main_target_injuries"] != p["others_injuries"]:
        ask(s, Kind.ITEM_INTRUDER, use._replace(arg=room))
    else:
        _blast(s, use, p, room, minis[0] if minis else -1)


def _blast(s: State, use: Use, p: Params, room: int, main: int) -> None:
    fire = bool(p["fire"])

    def hurt(base: int) -> int:
        return combat.fire_injuries(s, base) if fire else base

    s.log(ev("explosion", use.seat, (("room", room), ("item", use.thing))))
    if _eggs_in(s, room):
        noise.roll_noise(s, use.seat, room_of(s, use))  # after the blast (FAQ)
        eggs = p["main_target_injuries"] if main < 0 else p["others_injuries"]
        combat.destroy_eggs_in_room(s, room, hurt(int(eggs)))
    for seat in reversed(s.characters_in(room)):
        wounds.serious_wound(s, seat)
    for mini in reversed(s.intruders_in(room)):
        base = p["main_target_injuries"] if mini == main else p["others_injuries"]
        combat.injure(s, mini, hurt(int(base)), by_fire=fire)
    if fire:
        hazards.place_fire(s, room)


def _blast_intruders(s: State, use: Use, p: Params) -> list[int]:
    return s.game.actions.intruder.ids(s.intruders_in(use.arg))


def _blast_at(s: State, use: Use, p: Params, action: int) -> None:
    _blast(s, use, p, use.arg, s.game.actions.intruder.arg(action))


# -- retreats (Fire Extinguisher, Taser) -----------------------------------------------------------
def _intruders_here(s: State, use: Use, p: Params) -> list[int]:
    return s.intruders_in(room_of(s, use))


def _repel(s: State, use: Use, p: Params, mini: int) -> None:
    """The Intruder takes the injuries, then flees if still there (§7.6). Susceptibility to
    Phosphates adds its injuries when the item is one it names (§12: Fire Extinguisher)."""
    injuries = int(p["injuries"])
    for weakness in s.game.data.weaknesses:
        for effect in weakness.effects:
            if effect.op == "retreat_and_injure_when_hit_by" and s.weakness_known(weakness.id) \
                    and item_id(s, use.thing) in effect.params["sources"]:  # fmt: skip
                injuries += int(effect.params["injuries"])
    then(s, "flee_if_here", use._replace(arg=mini, tally=room_of(s, use)))
    combat.injure(s, mini, injuries)


def _flee_if_here(s: State, use: Use) -> None:
    if s.intruder_room[use.arg] == use.tally:
        combat.flee(s, use.arg)


# -- Decoy -----------------------------------------------------------------------------------------
def _lured(s: State, target: int) -> list[int]:
    """Intruders in the rooms next to `target` (through any corridor but the Technical ones)."""
    return [m for r in s.game.topo.neighbours(target) for m in s.intruders_in(r)]


def _lure_rooms(s: State, use: Use, p: Params) -> list[int]:
    return [r for r in open_neighbours(s, room_of(s, use)) if _lured(s, r)]


def _lure(s: State, use: Use, p: Params, target: int) -> None:
    """Intruders in Combat attack once (the usual target, §7.4), then all move (§13.1)."""
    then(s, "lure_moves", use._replace(arg=target))
    for mini in reversed(_lured(s, target)):
        victim = attacks.event_phase_target(s, s.intruder_room[mini])
        if victim >= 0:
            intruders.attack(s, mini, victim)


def _lure_moves(s: State, use: Use) -> None:
    topo = s.game.topo
    for mini in _lured(s, use.arg):
        corridor = s.passage(s.intruder_room[mini], use.arg)
        combat.move_through(s, mini, topo.numbers[corridor][0])


# -- other characters ------------------------------------------------------------------------------
def _smoke_run(s: State, use: Use, p: Params) -> None:
    """Every other character in the room discards a card of their choice (FAQ §19)."""
    room = room_of(s, use)
    for seat in reversed(s.characters_in(room)):
        if seat != use.seat and s.chars[seat].hand:
            ask(s, Kind.ITEM_CARD, use._replace(target=seat), chooser=seat)


def _smoke_legal(s: State, use: Use, p: Params) -> list[int]:
    return s.game.actions.discard.ids(sorted(set(s.chars[use.target].hand)))


def _smoke_answer(s: State, use: Use, p: Params, action: int) -> None:
    c = s.chars[use.target]
    card = s.game.actions.discard.arg(action)
    c.hand.remove(card)
    c.discard.append(card)
    # a scan result is its owner's: the others see a contamination card go to the discard
    public = s.game.contam_unknown if s.game.is_contamination(card) else card
    s.log(ev("discard", use.target, (("card", public),)))


def _others_with_cards(s: State, use: Use, p: Params) -> list[int]:
    return [seat for seat in s.characters_in(room_of(s, use))
            if seat != use.seat and s.chars[seat].hand]  # fmt: skip


def _empty_hand(s: State, use: Use, p: Params, seat: int) -> None:
    c = s.chars[seat]
    c.discard += c.hand
    c.hand = []
    s.log(ev("hand_discarded", seat, (("by", use.seat),)))


# -- moves -----------------------------------------------------------------------------------------
def _reachable(s: State, use: Use, p: Params) -> list[int]:
    return movement.reachable_rooms(s, room_of(s, use))


def _move(s: State, use: Use, p: Params, room: int) -> None:
    """The user walks in (no Intruder attacks on leaving); entering resolves as usual."""
    here = room_of(s, use)
    corridor = s.passage(here, room)
    movement.enter_room(s, use.seat, room, careful=False, noise_roll=True, corridor=corridor)


def _tech_rooms(s: State, use: Use, p: Params) -> list[int]:
    return s.game.topo.tc_rooms_from(room_of(s, use))


def _tech_move(s: State, use: Use, p: Params, room: int) -> None:
    _move(s, use, p, room)
    if p["then_pass"]:
        force_pass(s, use.seat)


def _yellow_rooms(s: State, use: Use, p: Params) -> list[int]:
    """Other yellow rooms the user knows of (explored, or a tile they have seen)."""
    room = room_of(s, use)
    return [r for r in range(s.game.topo.num_rooms) if r != room
            and (s.explored[r] or s.tile_known[r] >> use.seat & 1)
            and s.game.room_colour(s, r) == "yellow"]  # fmt: skip


def _discard_action_cards(s: State, use: Use, p: Params) -> None:
    """Space Suit: every Action card in hand is discarded before the walk (§13.2)."""
    c = s.chars[use.seat]
    kept = [card for card in c.hand if s.game.is_contamination(card)]
    c.discard += [card for card in c.hand if not s.game.is_contamination(card)]
    c.hand = kept


# -- looking at hidden things ----------------------------------------------------------------------
def _peekable(s: State, use: Use, p: Params) -> list[int]:
    bit = 1 << use.seat
    return [
        r
        for r in range(s.game.topo.num_rooms)
        if not s.explored[r]
        and r != use.arg
        and (not s.tile_known[r] & bit or (p["with_token"] and not s.token_known[r] & bit))
    ]


def _peek(s: State, use: Use, p: Params, room: int) -> None:
    nxt = use._replace(arg=room, tally=use.tally + 1)
    if nxt.tally < int(p["tiles"]) and _peekable(s, nxt, p):
        ask(s, Kind.ITEM_ROOM, nxt)  # after this look
    exploration.peek(s, use.seat, room, token=bool(p["with_token"]))


def _lookable(s: State, use: Use, p: Params) -> list[int]:
    return [seat for seat, c in enumerate(s.chars) if seat != use.seat and c.objectives
            and c.status != DEAD and (p["of"] == "any_player" or c.signal)]  # fmt: skip


def _look(s: State, use: Use, p: Params, seat: int) -> None:
    """The chosen objective if there is one, else one of the two dealt, at random."""
    target = s.chars[seat]
    if target.objective >= 0:
        see_objective(s, use.seat, target.objective)
    else:
        push(s, Decision(Kind.OBJECTIVE_PEEK, CHANCE, (use.seat, seat)))


def see_objective(s: State, seat: int, card: int) -> None:
    s.objectives_seen[card] |= 1 << seat
    s.log(ev("objective_seen", seat, (("card", card),), frozenset({seat})))


@on_outcomes(Kind.OBJECTIVE_PEEK)
def objective_peek_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    cards_dealt = s.chars[d.payload[1]].objectives
    return [(s.game.chance.objective.id(c), 1 / len(cards_dealt)) for c in sorted(cards_dealt)]


@on_resolve(Kind.OBJECTIVE_PEEK)
def resolve_objective_peek(s: State, d: Decision, outcome: int) -> None:
    see_objective(s, d.payload[0], s.game.chance.objective.arg(outcome))


def _analysable(s: State, use: Use, p: Params) -> list[int]:
    """Objects in the room or carried there whose weakness is still face down (§12)."""
    room = room_of(s, use)
    held = [t for seat in s.characters_in(room) for t in s.chars[seat].heavy]
    objects = {t for t in s.objects[room] + held if s.game.is_object(t)}
    return sorted(t for t in objects if s.weakness[_slot(s, t)] < 0)


def _slot(s: State, thing: int) -> int:
    return rooms_objects.weakness_slot(s, thing)


def _analyse(s: State, use: Use, p: Params, thing: int) -> None:
    """Laboratory Equipment: the same reveal as the Laboratory's analysis (rooms_objects)."""
    rooms_objects.reveal_weakness(s, _slot(s, thing))


def _search_can(s: State, use: Use, p: Params) -> bool:
    """Flashlight: the Search of the Action cards (cards.search_room(s, seat, *,
    ignore_counter)); not offered until that is written."""
    room = room_of(s, use)
    d = s.game.room_def(s, room)
    return d is not None and d.searchable \
        and (s.item_counter[room] > 0 or bool(p["ignore_counter"]))  # fmt: skip


def _search_run(s: State, use: Use, p: Params) -> None:
    s.game.hooks.search_room(s, use.seat, ignore_counter=bool(p["ignore_counter"]))


OPS: dict[str, OpRule] = {
    "explosive_attack": pick(Kind.ITEM_ROOM, "room", _blast_rooms, _aim,
                             more={Kind.ITEM_INTRUDER: (_blast_intruders, _blast_at)}),
    "intruder_retreats": pick(Kind.ITEM_INTRUDER, "intruder", _intruders_here, _repel),
    "lure_neighbouring_intruders": pick(Kind.ITEM_ROOM, "room", _lure_rooms, _lure),
    "others_in_room_discard": OpRule(_smoke_run, choices={
        Kind.ITEM_CARD: (_smoke_legal, _smoke_answer)}),
    "move_without_intruder_attack": pick(Kind.ITEM_ROOM, "room", _reachable, _move),
    "character_in_room_discards_hand": pick(Kind.ITEM_CHARACTER, "seat", _others_with_cards,
                                            _empty_hand),
    "move_between_tech_entrances": pick(Kind.ITEM_ROOM, "room", _tech_rooms, _tech_move),
    "space_walk_to_yellow_room": pick(Kind.ITEM_ROOM, "room", _yellow_rooms, _move,
                                      before=_discard_action_cards),
    "peek_unexplored_rooms": pick(Kind.ITEM_ROOM, "room", _peekable, _peek),
    "look_at_objective": pick(Kind.ITEM_CHARACTER, "seat", _lookable, _look),
    "analyse_object": pick(Kind.ITEM_THING, "thing", _analysable, _analyse),
    "search_room": OpRule(_search_run, _search_can),
}  # fmt: skip

THEN: dict[str, Then] = {"flee_if_here": _flee_if_here, "lure_moves": _lure_moves}
