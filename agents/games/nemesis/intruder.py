"""The heuristic intruder player (param intruder_player; seed 000 "Modes"): the crew agent hands
every intruder-player decision (kinds 260-279) to `intruder_decision`, so one agent per seat
plays the crew while its character lives and the Intruders after.

Its aim is that nobody wins: attack whenever an Intruder shares a room with a character (with
the card drawing the most attack cards, then the drawn card that hurts most), else move an
Intruder into a character's room, else make the most hurt character roll for noise, else heal
an injured Intruder, else pass keeping the card that attacks best. It reads the view, the legal
ids and the game's static data only.
"""

from __future__ import annotations

from typing import Any

from nemesis_env.games.nemesis.rules.kinds import IP_ATTACK, IP_MOVE, Kind
from nemesis_env.games.nemesis.state import ACTIVE, CLOSED, NOWHERE
from nemesis_env.games.nemesis.topology import TC

# how much an attack card hurts when it hits (rules/attacks.py): kills and serious wounds first
ATTACK_VALUE = {"frenzy": 5, "tail_attack": 4, "bite": 4, "claw_attack": 3, "transformation": 2,
                "summoning": 2, "scratch": 1, "slime": 1}  # fmt: skip

Choice = tuple[int, str]


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


def _hunting_move(game: Any, view: Any, numbers: tuple[int, ...]) -> tuple[int, int] | None:
    """(intruder, corridor number) taking an Intruder not in Combat to a character."""
    targets = _character_rooms(view)
    for mini, room in enumerate(view.intruder_room):
        if room == NOWHERE or room in targets:
            continue
        for number in numbers:
            if _destination(game, view, mini, number) in targets:
                return mini, number
    return None


def _round(game: Any, view: Any, legal: list[int]) -> Choice | None:
    acts, cards = game.actions, _cards(game)
    plays = {(acts.space.kind_of(a).name, acts.space.kind_of(a).arg(a)): a for a in legal
             if a != acts.pass_id}  # fmt: skip
    attacks = [(cards[c].attack_draw, a) for (name, c), a in plays.items() if name == "ip_attack"]
    if attacks:
        return max(attacks)[1], "attack: an Intruder is with a character"
    for (name, card), a in sorted(plays.items()):
        if name == "ip_move" and _hunting_move(game, view, cards[card].move):
            return a, "move an Intruder to a character"
    for wanted in ("character_noise_roll", "heal_one_intruder"):
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
        move = _hunting_move(game, view, _cards(game)[p.card].move)
        if move is not None and move[0] in minis:
            return game.actions.intruder.id(move[0]), "it can reach a character"
    if p is not None and p.use == IP_ATTACK:
        strongest = max(minis, key=lambda m: (game.mini_type[m], -m))
        return game.actions.intruder.id(strongest), "the strongest attacker"
    hurt = max(minis, key=lambda m: (view.intruder_injuries[m], -m))
    return game.actions.intruder.id(hurt), "the most injured"


def _corridor(game: Any, view: Any, legal: list[int]) -> Choice | None:
    p = _pending(view)
    for a in legal:
        number = game.actions.corridor.arg(a) + 1
        if p is not None and _destination(game, view, p.intruder, number) in _character_rooms(view):
            return a, "the corridor to a character"
    return None


def _target(game: Any, view: Any, legal: list[int]) -> Choice | None:
    def hurt(a: int) -> tuple[int, int, int]:
        c = view.chars[game.actions.seat.arg(a)]
        return len(c.serious), c.light_wounds, -a

    return max(legal, key=hurt), "the most hurt character"


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
