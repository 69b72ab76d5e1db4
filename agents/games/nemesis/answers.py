"""The crew agent's answers to the sub-decisions of the game (every kind but ROUND).

Each rule reads the decision kind (the view's `decision`), the legal ids and what the agent
did last (`Memory`), and returns the action and its reason, or None to leave the choice to the
seeded fallback (crew.py). The ids' meanings come from rules/kinds.py and the option orders of
the data (a choose-one effect's options are numbered in the order the data lists them).
"""

from __future__ import annotations

from collections.abc import Callable

from agents.games.nemesis import arms, errands, escape, fire
from agents.games.nemesis.lookup import (
    CHARACTER_RANK,
    OBJECTIVE_EASE,
    REPAIR_CARDS,
    REPAIR_ITEMS,
    TC,
    UNKNOWN,
)
from agents.games.nemesis.round_policy import DOOR_CARDS, Choice, Memory
from agents.games.nemesis.situation import Situation
from nemesis_env.games.nemesis.rules.kinds import Kind

Rule = Callable[[Situation, Memory], Choice | None]
RED, YELLOW, GREEN = range(3)
# the player-numbered Corporate cards: met when that player does not survive (a seat's own
# number means: be the only survivor)
NAMED_PLAYER = {"the_right_moment_to_strike": 0, "greener_pastures": 1, "an_old_feud": 2,
                "hostile_takeover": 3, "the_final_enlightenment": 4}  # fmt: skip


def _ids(sit: Situation, kind: str) -> list[int]:
    return sit.by_kind.get(kind, [])


def _option(sit: Situation, index: int) -> int | None:
    for a in _ids(sit, "option"):
        if sit.lk.arg[a] == index:
            return a
    return None


def _with_arg(sit: Situation, kind: str, arg: int, why: str) -> Choice | None:
    """The legal id of `kind` whose argument is `arg` (a door, room, seat, Intruder)."""
    for a in _ids(sit, kind):
        if sit.lk.arg[a] == arg:
            return a, why
    return None


def _first_option(sit: Situation, order: tuple[int, ...], why: str) -> Choice | None:
    for index in order:
        a = _option(sit, index)
        if a is not None:
            return a, why
    return None


# -- setup --------------------------------------------------------------------------
def draft(sit: Situation, m: Memory) -> Choice | None:
    names = sit.lk.character_names
    best = max(_ids(sit, "character"), key=lambda a: CHARACTER_RANK.get(names[sit.lk.arg[a]], 0))
    return best, f"draft: the {names[sit.lk.arg[best]]} fights best"


def objective(sit: Situation, m: Memory) -> Choice | None:
    names = sit.lk.objective_names

    def ease(a: int) -> float:
        name = names[sit.lk.arg[a]]
        if NAMED_PLAYER.get(name) == sit.seat:
            return 0.1  # only by being the only survivor
        return OBJECTIVE_EASE.get(name, 0.1)

    best = max(_ids(sit, "objective"), key=lambda a: (ease(a), -a))
    return best, f"objective: {names[sit.lk.arg[best]]} is the most achievable"


# -- cards --------------------------------------------------------------------------
def pay(sit: Situation, m: Memory) -> Choice | None:
    lk = sit.lk
    cheapest = min(_ids(sit, "discard"), key=lambda a: (lk.card_keep(lk.arg[a]), a))
    return cheapest, f"pay with the least useful card ({lk.card_names[lk.arg[cheapest]]})"


def discard_contamination(sit: Situation, m: Memory) -> Choice | None:
    """When passing (and when an effect asks for a card): contamination cards go, nothing
    else (they cannot pay for anything and clog the hand)."""
    lk = sit.lk
    for a in _ids(sit, "discard"):
        if lk.arg[a] >= lk.contamination_from:
            return a, "discard a contamination card"
    if lk.done_id in sit.legal:
        return lk.done_id, "keep the Action cards"
    return None


def card_option(sit: Situation, m: Memory) -> Choice | None:
    if m.card == arms.FREE_ESCAPE:  # Adrenaline: option 0 shoots, option 1 escapes
        return _first_option(sit, (0,) if m.target >= 0 else (1,), "adrenaline: as planned")
    if m.card in REPAIR_CARDS:  # the engine here, else the room's Malfunction
        what = "repair the engine" if _option(sit, 1) is not None else "remove the Malfunction"
        return _first_option(sit, (1, 0), f"{m.card}: {what}")
    if m.card == fire.DOUSE_CARD:  # option 0 starts a fire, option 1 puts one out
        return _first_option(sit, (1,), "pyrotechnics: put out the fire here")
    door_cards = (*DOOR_CARDS, *fire.DOOR_CLOSE_CARDS)
    if m.card in door_cards and m.door >= 0:  # option 0 of each: the door (action_cards.yaml)
        return _first_option(sit, (0,), f"{m.card}: the door")
    return None


def door(sit: Situation, m: Memory) -> Choice | None:
    """Destroy, open or close the door the card or item was used for (`_open_door`,
    `firebreak`)."""
    return _with_arg(sit, "door", m.door, "the door it was played for")


# -- rooms --------------------------------------------------------------------------
def room_option(sit: Situation, m: Memory) -> Choice | None:
    here = sit.tile_here()
    if here == "cockpit":
        if sit.view.coordinates == UNKNOWN:
            return _first_option(sit, (0,), "Cockpit: check the coordinates")
        return _first_option(sit, (1, 0), "Cockpit: set the destination")
    if here == "emergency_room":
        dressed = any(w < 0 for w in sit.me.serious)
        order = (0, 1, 2) if sit.undressed() else (1, 2, 0) if dressed else (2, 0, 1)
        return _first_option(sit, order, "Emergency Room: treat the worst wound")
    return None


def destination(sit: Situation, m: Memory) -> Choice | None:
    view, wanted = sit.view, sit.wanted_destination()
    if view.coordinates == UNKNOWN:
        return None
    marks = sit.lk.destinations[view.coordinates]
    for a in _ids(sit, "option"):
        if marks[sit.lk.arg[a]] == wanted:
            return a, f"steer to {wanted}"
    return None


def restack(sit: Situation, m: Memory) -> Choice | None:
    return _first_option(sit, (0,), "engine: Working token on top")


def item_deck(sit: Situation, m: Memory) -> Choice | None:
    order = (RED, GREEN, YELLOW) if not sit.loaded_weapon() else (GREEN, YELLOW, RED)
    if sit.wound_load() >= 1:
        order = (GREEN, RED, YELLOW)
    for deck in order:
        for a in _ids(sit, "item_deck"):
            if sit.lk.arg[a] == deck:
                return a, f"search the {('red', 'yellow', 'green')[deck]} deck"
    return None


def keep_thing(sit: Situation, m: Memory) -> Choice | None:
    lk = sit.lk
    things = _ids(sit, "thing")
    if not things:
        return None
    best = max(things, key=lambda a: (lk.thing_keep(lk.arg[a]), -a))
    return best, f"keep {lk.thing_names[lk.arg[best]]}"


def drop_thing(sit: Situation, m: Memory) -> Choice | None:
    """The least wanted thing goes; an object an errand needs (errands.py) is kept."""
    lk = sit.lk
    things = _ids(sit, "thing")
    if not things:
        return None
    wanted = errands.wanted_things(sit)
    worst = min(things, key=lambda a: (lk.arg[a] in wanted, lk.thing_keep(lk.arg[a]), a))
    return worst, f"drop {lk.thing_names[lk.arg[worst]]}"


def analyse(sit: Situation, m: Memory) -> Choice | None:
    """The Laboratory: analyse an object an errand wants analysed, else any offered."""
    things = _ids(sit, "thing")
    if not things:
        return None
    wanted = errands.wanted_things(sit)
    best = min(things, key=lambda a: (sit.lk.arg[a] not in wanted, a))
    return best, f"Laboratory: analyse the {sit.lk.thing_names[sit.lk.arg[best]]}"


def item_option(sit: Situation, m: Memory) -> Choice | None:
    if m.item in ("medkit", "bandages"):
        order = (0, 1) if sit.undressed() else (1, 0)
        return _first_option(sit, order, f"{m.item}: treat the worst wound")
    if m.item == "clothes":
        return _first_option(sit, (1, 0), "clothes: dress a wound")
    if m.item in fire.DOOR_ITEMS and m.door >= 0:  # used against a spreading fire (firebreak)
        return _first_option(sit, (fire.DOOR_ITEMS[m.item],), f"{m.item}: close the door")
    if m.item == arms.RELOAD_ITEM:  # option 0 reloads, option 1 is a door
        return _first_option(sit, (0,), "energy charge: reload")
    if m.item in REPAIR_ITEMS:
        return _first_option(sit, (1, 0), f"{m.item}: repair the engine")
    if m.item == fire.DOUSE_ITEM:  # option 0 puts out the fire here, option 1 repels
        return _first_option(sit, (0,), "fire extinguisher: put out the fire here")
    return None


def weapon(sit: Situation, m: Memory) -> Choice | None:
    ammo = sit.me.heavy_ammo
    ids = _ids(sit, "weapon")
    if not ids:
        return None
    best = max(ids, key=lambda a: (ammo[sit.lk.arg[a]] if sit.lk.arg[a] < len(ammo) else 0, -a))
    return best, "the weapon with the most ammo"


def myself(sit: Situation, m: Memory) -> Choice | None:
    return _with_arg(sit, "seat", sit.seat, "treat myself")


def room_target(sit: Situation, m: Memory) -> Choice | None:
    """The Fire Control System's target (fire.fire_control_target)."""
    if sit.tile_here() != "fire_control_system":
        return None
    target = fire.fire_control_target(sit)
    return _with_arg(sit, "room", target, f"fire control: room {target + 1}")


def room_pod(sit: Situation, m: Memory) -> Choice | None:
    """Hatch Control: unlock a locked pod of a seen section (never lock one); else board."""
    pods = _ids(sit, "pod")
    if sit.tile_here() == "hatch_control_system":
        wanted = escape.unlockable_pod(sit)
        for a in pods:
            if sit.lk.arg[a] == wanted:
                return a, f"hatch control: unlock pod {wanted + 1}"
        return (sit.lk.done_id, "hatch control: leave the pods") if sit.lk.done_id in sit.legal \
            else None  # fmt: skip
    return (pods[0], "board the first free pod") if pods else None


def launch(sit: Situation, m: Memory) -> Choice | None:
    return _first_option(sit, (0,), "in the pod: launch now")


def noise_corridor(sit: Situation, m: Memory) -> Choice | None:
    """Careful movement's noise marker: into the corridor towards the room farthest from the
    Hibernatorium (where the crew gathers), never the Technical Corridors (they reach many
    rooms)."""
    lk, room = sit.lk, sit.room
    if room < 0:
        return None

    def far(a: int) -> tuple[int, int]:
        corridor = lk.exits[room][lk.arg[a]][1]
        other = lk.other_end(corridor, room)
        return (-1 if other == TC else lk.dist[other][lk.hibernatorium]), -a

    ids = _ids(sit, "corridor")
    return (max(ids, key=far), "careful noise: away from the crew") if ids else None


# -- the fight's cards (arms.py) -----------------------------------------------------
def card_room(sit: Situation, m: Memory) -> Choice | None:
    """The room a card moves the character to, as chosen when it was played."""
    return _with_arg(sit, "room", m.room, f"{m.card.replace('_', ' ')}: to room {m.room + 1}")


def reload_weapon(sit: Situation, m: Memory) -> Choice | None:
    best = arms.emptiest_weapon(sit)
    return None if best is None else (best, "reload the emptiest weapon")


def escapee(sit: Situation, m: Memory) -> Choice | None:
    """Suppressive Fire covers the character who played it."""
    return _with_arg(sit, "seat", sit.seat, "suppressive fire: I escape")


def shot_target(sit: Situation, m: Memory) -> Choice | None:
    return _with_arg(sit, "intruder", m.target, "shoot the Intruder chosen")


def reroll(sit: Situation, m: Memory) -> Choice | None:
    if arms.reroll_wanted(sit, m):
        return _answer("yes", "the face misses: roll again")(sit, m)
    return _answer("no", "keep the roll")(sit, m)


def _answer(kind: str, why: str) -> Rule:
    def rule(sit: Situation, m: Memory) -> Choice | None:
        ids = _ids(sit, kind)
        return (ids[0], why) if ids else None

    return rule


RULES: dict[int, Rule] = {
    Kind.DRAFT_KEEP: draft,
    Kind.CHOOSE_OBJECTIVE: objective,
    Kind.PAY: pay,
    Kind.PASS_DISCARD: discard_contamination,
    Kind.ITEM_CARD: discard_contamination,
    Kind.TECH_DISCARD: discard_contamination,
    Kind.INTERRUPT_WINDOW: _answer("no", "reaction window: not worth a card"),
    Kind.NERVES_WINDOW: _answer("react", "Nerves of Steel: ignore the attack"),
    Kind.ARMOR: _answer("yes", "Armor: ignore the attack"),
    Kind.NOISE_REROLL: _answer("no", "the roll is not seen: keep it"),
    Kind.REROLL: reroll,
    Kind.AMMO_WEAPON: weapon,
    Kind.ITEM_WEAPON: reload_weapon,
    Kind.ROOM_WEAPON: reload_weapon,
    Kind.SUPPRESS_WHO: escapee,
    Kind.ESCAPE_ROOM: card_room,
    Kind.COVER_OTHER: _answer("done", "covering fire: the Soldier alone"),
    Kind.COVER_SELF: _answer("yes", "covering fire: the Soldier leaves too"),
    Kind.COVER_ROOM: card_room,
    Kind.ADRENALINE_ROOM: card_room,
    Kind.RECON_ROOM: card_room,
    Kind.SHOOT_TARGET: shot_target,
    Kind.SPEND_AMMO: _answer("yes", "spend ammo for the bonus injury"),
    Kind.TRADE_OFFER: _answer("done", "no trade"),
    Kind.TRADE_ACCEPT: _answer("no", "no trade"),
    Kind.ROOM_SCAN: _answer("yes", "scan the hand: clean cards leave it"),
    Kind.POD_CHOICE: launch,
    Kind.NOISE_CORRIDOR: noise_corridor,
    Kind.ROOM_POD: room_pod,
    Kind.ROOM_TARGET: room_target,
    Kind.ROOM_OBJECT: analyse,
    Kind.CARD_OPTION: card_option,
    Kind.DOOR_DESTROY: door,
    Kind.DOOR_TOGGLE: door,
    Kind.ITEM_DOOR: door,
    Kind.ROOM_OPTION: room_option,
    Kind.ROOM_DESTINATION: destination,
    Kind.ROOM_RESTACK: restack,
    Kind.ROOM_ITEM_DECK: item_deck,
    Kind.SEARCH_DECK: item_deck,
    Kind.ROOM_KEEP: keep_thing,
    Kind.SEARCH_KEEP: keep_thing,
    Kind.DROP_HEAVY: drop_thing,
    Kind.ROOM_HAND_FULL: drop_thing,
    Kind.HEAVY_DROP: drop_thing,
    Kind.ITEM_OPTION: item_option,
    Kind.CHOOSE_WEAPON: weapon,
    Kind.SHOOT_WEAPON: weapon,
    Kind.ITEM_PATIENT: myself,
    Kind.ITEM_CHARACTER: myself,
}
