"""Words for the intruder player's actions, decisions and events (issue 13, reference §18.3):
labels.py, labels_decisions.py and event_words.py merge these tables into theirs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis.rules.kinds import IP_ATTACK, IP_EFFECT, IP_MOVE, Kind

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.event_words import Reader
    from nemesis_env.games.nemesis.game import NemesisGame
    from nemesis_env.games.nemesis.state import State

USES = {IP_MOVE: "Move", IP_ATTACK: "Attack", IP_EFFECT: "its effect"}
EFFECT_WORDS = {
    "character_noise_roll": "a character of your choice makes a noise roll",
    "intruders_hunt": "every Adult hunts",
    "larva_hosts_die": "characters with a Larva die; everyone draws 4 cards and scans them",
    "draw_events_resolve_one": "draw 3 Event cards and resolve one",
    "heal_one_intruder": "an Intruder heals 2 injuries",
}


def card_name(game: NemesisGame, card: int) -> str:
    """The card's name, with its Move corridors where copies share a name ("Pursuit (corridor
    2)")."""
    cards = game.data.intruder_player_cards
    name = str(cards[card].name)
    if sum(c.name == name for c in cards) > 1:
        return f"{name} ({_corridors(game, card)})"
    return name


def _corridors(game: NemesisGame, card: int) -> str:
    move = game.data.intruder_player_cards[card].move
    return "any corridor" if len(move) == 4 else "corridor " + "/".join(map(str, move))


def _move(g: NemesisGame, s: State, seat: int, card: int, k: Kind, p: Any) -> str:
    return f"play {card_name(g, card)} as Move: an Intruder through {_corridors(g, card)}"


def _attack(g: NemesisGame, s: State, seat: int, card: int, k: Kind, p: Any) -> str:
    draw = g.data.intruder_player_cards[card].attack_draw
    return (f"play {card_name(g, card)} as Attack: an Intruder with a character attacks "
            f"(draw {draw} attack card{'s' * (draw > 1)}, use 1)")  # fmt: skip


def _effect(g: NemesisGame, s: State, seat: int, card: int, k: Kind, p: Any) -> str:
    ops = [EFFECT_WORDS.get(e.op, e.op.replace("_", " "))
           for e in g.data.intruder_player_cards[card].effects]  # fmt: skip
    return f"play {card_name(g, card)} for its effect: {'; '.join(ops)}"


def _card(g: NemesisGame, s: State, seat: int, card: int, k: Kind, p: Any) -> str:
    verb = "discard" if k == Kind.IP_DISCARD else "keep"
    return f"{verb} {card_name(g, card)}"


def _attack_card(g: NemesisGame, s: State, seat: int, copy: int, k: Kind, p: Any) -> str:
    return f"use attack card {g.chance_outcome_name(g.chance.attack.id(copy))}"


def _event(g: NemesisGame, s: State, seat: int, card: int, k: Kind, p: Any) -> str:
    return f"resolve the event {g.data.events[card].name}"


IP_ACTION_WORDS = {
    "ip_move": _move,
    "ip_attack": _attack,
    "ip_effect": _effect,
    "ip_card": _card,
    "ip_attack_card": _attack_card,
    "ip_event": _event,
}

IP_DECISION_TEXT: dict[Kind, str] = {
    Kind.IP_ROUND: "play the Intruders: a card as Move, Attack or its effect, or pass",
    Kind.IP_INTRUDER: "choose the Intruder",
    Kind.IP_CORRIDOR: "choose the corridor number the Intruder moves through",
    Kind.IP_TARGET: "choose the character",
    Kind.IP_ATTACK_CHOICE: "choose the attack card to use of those drawn",
    Kind.IP_EVENT_CHOICE: "choose the Event card to resolve of those drawn",
    Kind.IP_KEEP: "passing: keep one card (or none)",
    Kind.IP_DISCARD: "over the hand limit of 4: discard a card",
}


def _play(r: Reader) -> str:
    return f"plays {card_name(r.game, r.num('card'))} as {USES.get(r.num('use'), 'a card')}"


IP_EVENT_WORDS = {
    "ip_draw": lambda r: f"draws {card_name(r.game, r.num('card'))} (intruder deck)",
    "ip_reshuffle": lambda r: "shuffles the intruder discard pile into a new intruder deck",
    "ip_discard": lambda r: f"discards {card_name(r.game, r.num('card'))} (intruder hand)",
    "ip_play": _play,
    "ip_move": lambda r: f"{r.intruder()} moves through corridor {r.num('corridor')}",
    "ip_attack": lambda r: f"{r.intruder()} attacks {names.seat_label(r.num('target'))}",
    "ip_attack_drawn": lambda r: "an Intruder Attack card is drawn for the intruder player",
    "ip_event_drawn": lambda r: "an Event card is drawn for the intruder player",
    "ip_heal": lambda r: f"{r.intruder()} heals (had {r.plural('injuries', 'injury')})",
}

IP_HIDDEN_TEXT = {"ip_draw": "draws an intruder card"}
