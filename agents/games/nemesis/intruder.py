"""The heuristic intruder player (param intruder_player; seed 000 "Modes"): the crew agent hands
every intruder-player decision (kinds 260-279) to `intruder_decision`, so one agent per seat
plays the crew while its character lives and the Intruders after.

Its aim is that nobody wins: attack whenever an Intruder shares a room with a character (with
the card drawing the most attack cards, then the drawn card that hurts most); else move the
Intruder whose move hinders the crew most (`_move_value`: into a character standing in a way
off the ship, the Hibernatorium or a seen Evacuation Section, whose room actions Combat
forbids; onto such a room that no Intruder guards with a character within two rooms; into any
character's room), never taking an Intruder away from a character or a way off; else play an
effect in `EFFECT_ORDER` (the Intruders hunt, the most hurt character rolls for noise, an
event, healing an Intruder); else pass keeping the card that attacks best. Attacks target the
character by a way off the ship first, then the most hurt. It reads the view, the legal ids
and the game's static data only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.games.nemesis.lookup import lookup_for
from nemesis_env.games.nemesis.rules.kinds import IP_ATTACK, IP_MOVE, Kind
from nemesis_env.games.nemesis.state import ACTIVE, CLOSED, NOWHERE
from nemesis_env.games.nemesis.topology import TC

# how much an attack card hurts when it hits (rules/attacks.py): kills and serious wounds first
ATTACK_VALUE = {"frenzy": 5, "tail_attack": 4, "bite": 4, "claw_attack": 3, "transformation": 2,
                "summoning": 2, "scratch": 1, "slime": 1}  # fmt: skip

Choice = tuple[int, str]
EFFECT_ORDER = ("intruders_hunt", "character_noise_roll", "draw_events_resolve_one",
                "heal_one_intruder")  # fmt: skip


def intruder_decision(game: Any, view: Any, legal: list[int]) -> Choice | None:
    kind = view.decision
    rule = RULES.get(kind)
    return None if rule is None else rule(game, view, legal)


def _cards(game: Any) -> Any:
    return game.data.intruder_player_cards


def _character_rooms(view: Any) -> set[int]:
    return {c.room for c in view.chars if c.status == ACTIVE}


def _destination(game: Any, view: Any, mini: int, number: int) -> int:
    room = view.intruder_room[mini]
    if room == NOWHERE:
        return NOWHERE
    corridor = game.topo.corridor_to(room, number)
    other = game.topo.other_end(corridor, room)
    return NOWHERE if other == TC or view.door[corridor] == CLOSED else int(other)


GUARDED_TILES = ("hibernatorium", "evacuation_a", "evacuation_b")


def _guarded_rooms(game: Any, view: Any) -> set[int]:
    """Where characters leave the ship (their room actions need a room out of Combat): the
    Hibernatorium, and the Evacuation Sections once seen."""
    names = game.tables.tiles
    rooms = {int(game.hibernatorium)}
    rooms |= {r for r, t in enumerate(view.tile) if t >= 0 and names[t] in GUARDED_TILES}
    return rooms


@dataclass(frozen=True)
class _Ship:
    """What every candidate move is scored against, read once per decision."""

    targets: frozenset[int]  # rooms with an active character
    guarded: frozenset[int]  # ways off the ship (_guarded_rooms)
    held: frozenset[int]  # rooms with an Intruder
    dist: Any  # room-to-room distances (lookup.py)


def _ship(game: Any, view: Any) -> _Ship:
    return _Ship(frozenset(_character_rooms(view)), frozenset(_guarded_rooms(game, view)),
                 frozenset(view.intruder_room), lookup_for(game).dist)  # fmt: skip


def _move_value(game: Any, view: Any, ship: _Ship, mini: int, number: int) -> int:
    """How much moving Intruder `mini` through corridor `number` hinders the crew's way off the
    ship: 3 into a character standing where it would leave (hibernate or board a pod: room
    actions that Combat forbids), 2 onto such an unguarded room with a character within two
    rooms, 1 into any character's room; 0 for anything else, and for an Intruder that already
    holds a character in Combat or guards a way off."""
    room = view.intruder_room[mini]
    if room == NOWHERE or room in ship.targets or room in ship.guarded:
        return 0
    dest = _destination(game, view, mini, number)
    if dest == NOWHERE:
        return 0
    if dest in ship.targets:
        return 3 if dest in ship.guarded else 1
    near = any(ship.dist[dest][t] <= 2 for t in ship.targets)
    return 2 if dest in ship.guarded and dest not in ship.held and near else 0


def _best_move(game: Any, view: Any, ship: _Ship, numbers: tuple[int, ...]) -> int:
    """The value (_move_value) of the most useful move by one of these corridor numbers."""
    minis = range(len(view.intruder_room))
    return max((_move_value(game, view, ship, m, n) for m in minis for n in numbers), default=0)


def _round(game: Any, view: Any, legal: list[int]) -> Choice | None:
    acts, cards = game.actions, _cards(game)
    plays = {(acts.space.kind_of(a).name, acts.space.kind_of(a).arg(a)): a for a in legal
             if a != acts.pass_id}  # fmt: skip
    attacks = [(cards[c].attack_draw, a) for (name, c), a in plays.items() if name == "ip_attack"]
    if attacks:
        return max(attacks)[1], "attack: an Intruder is with a character"
    ship = _ship(game, view)
    moves = [(_best_move(game, view, ship, cards[card].move), -a)
             for (name, card), a in plays.items() if name == "ip_move"]  # fmt: skip
    if moves and max(moves)[0] > 0:
        return -max(moves)[1], "move an Intruder to a character or a way off the ship"
    for wanted in EFFECT_ORDER:
        for (name, card), a in sorted(plays.items()):
            if name == "ip_effect" and cards[card].effects[0].op == wanted:
                return a, f"effect: {wanted}"
    return acts.pass_id, "nothing worth a card"


def _pending(view: Any) -> Any:
    world = view.world
    return None if world is None or not world.state.stack else world.state.stack[-1].payload


def _intruder(game: Any, view: Any, legal: list[int]) -> Choice | None:
    p = _pending(view)
    minis = [game.actions.intruder.arg(a) for a in legal]
    if p is not None and p.use == IP_MOVE:
        numbers = _cards(game)[p.card].move
        ship = _ship(game, view)
        options = [(_move_value(game, view, ship, m, n), -m) for m in minis for n in numbers]
        if options and max(options)[0] > 0:
            return game.actions.intruder.id(-max(options)[1]), "its move hinders the crew most"
    if p is not None and p.use == IP_ATTACK:
        strongest = max(minis, key=lambda m: (game.mini_type[m], -m))
        return game.actions.intruder.id(strongest), "the strongest attacker"
    hurt = max(minis, key=lambda m: (view.intruder_injuries[m], -m))
    return game.actions.intruder.id(hurt), "the most injured"


def _corridor(game: Any, view: Any, legal: list[int]) -> Choice | None:
    p = _pending(view)
    if p is None:
        return None
    ship = _ship(game, view)
    options = [(_move_value(game, view, ship, p.intruder, game.actions.corridor.arg(a) + 1), -a)
               for a in legal]  # fmt: skip
    if options and max(options)[0] > 0:
        return -max(options)[1], "the corridor that hinders the crew most"
    return None


def _target(game: Any, view: Any, legal: list[int]) -> Choice | None:
    guarded = _guarded_rooms(game, view)

    def score(a: int) -> tuple[bool, int, int, int]:
        c = view.chars[game.actions.seat.arg(a)]
        return c.room in guarded, len(c.serious), c.light_wounds, -a

    return max(legal, key=score), "the character by a way off the ship, else the most hurt"


def _attack_card(game: Any, view: Any, legal: list[int]) -> Choice | None:
    p = _pending(view)
    kind = game.mini_type[p.intruder] if p is not None else 2

    def value(a: int) -> tuple[int, int]:
        card = game.actions.ip_attack_card.arg(a)
        hits = game.attack_hits[card] >> kind & 1
        return (ATTACK_VALUE[game.attack_op[card]] if hits else 0), -a

    return max(legal, key=value), "the attack card that hurts most"


def _keep(game: Any, view: Any, legal: list[int]) -> Choice | None:
    acts, cards = game.actions, _cards(game)
    kept = [a for a in legal if a != acts.done_id]
    if not kept:
        return None
    return max(kept, key=lambda a: (cards[acts.ip_card.arg(a)].attack_draw, -a)), "best attacker"


def _discard(game: Any, view: Any, legal: list[int]) -> Choice | None:
    cards = _cards(game)
    return min(legal, key=lambda a: (cards[game.actions.ip_card.arg(a)].attack_draw, a)), "weakest"


RULES = {
    Kind.IP_ROUND: _round,
    Kind.IP_INTRUDER: _intruder,
    Kind.IP_CORRIDOR: _corridor,
    Kind.IP_TARGET: _target,
    Kind.IP_ATTACK_CHOICE: _attack_card,
    Kind.IP_KEEP: _keep,
    Kind.IP_DISCARD: _discard,
}
