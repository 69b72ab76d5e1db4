"""The three uses of an intruder-player card (nemesis-reference.md §18.3; seed 000 "Modes";
cards in data/intruder_player_cards.yaml):

- Move: any Intruder on the board leaves its room through the corridor of the card's number
  (a card showing every number: the player picks one); Technical Corridor and door rules as for
  event movement (combat.move_through). Any Intruder may move, in Combat too (decision 501).
- Attack: an Intruder in a room with a character attacks one character there (the player's
  choice): it draws as many Intruder Attack cards as the card shows, uses one, and the others go
  to the bottom of the attack deck. A Larva draws no card: it infests, as in every attack (§11).
  The drawn cards are shown to everyone (decision 502).
- Effect: Pursuit (a chosen character makes a Noise roll), Coordinated Hunt (the Hunt event's
  Adult movement), Metamorphosis (the Eclosion event's effect), Planning (draw 3 Event cards,
  resolve one as if drawn in the Event Phase, shuffle the others back: decision 502) and
  Self-Healing (an Intruder heals 2 Injuries).
"""

from __future__ import annotations

from nemesis_env.core.engine import (
    CHANCE,
    Decision,
    on_legal,
    on_outcomes,
    on_prepare,
    on_resolve,
    push,
)
from nemesis_env.games.nemesis.rules import attacks, combat, events
from nemesis_env.games.nemesis.rules.intruders import LARVA
from nemesis_env.games.nemesis.rules.kinds import (
    IP_ATTACK,
    IP_MOVE,
    AttackCard,
    IpPlay,
    Kind,
)
from nemesis_env.games.nemesis.state import ACTIVE, NOWHERE, State, ev

PLANNING_DRAW = 3  # Planning's draw_events_resolve_one (data: draw 3)
HEAL = 2  # Self-Healing's heal_one_intruder (data: amount 2)


def _op(s: State, card: int) -> str:
    return s.game.data.intruder_player_cards[card].effects[0].op


def movers(s: State) -> list[int]:
    return [m for m, room in enumerate(s.intruder_room) if room != NOWHERE]


def attackers(s: State) -> list[int]:
    rooms = {c.room for c in s.chars if c.status == ACTIVE}
    return [m for m, room in enumerate(s.intruder_room) if room != NOWHERE and room in rooms]


def _injured(s: State) -> list[int]:
    return [m for m in movers(s) if s.intruder_injuries[m] > 0]


def _on_board(s: State) -> list[int]:
    return [seat for seat, c in enumerate(s.chars) if c.status == ACTIVE]


def effect_playable(s: State, card: int) -> bool:
    """An effect with nothing to act on is not offered (a Pursuit with no character aboard, a
    Self-Healing with no injured Intruder, a Planning with no Event card left)."""
    op = _op(s, card)
    if op == "character_noise_roll":
        return bool(_on_board(s))
    if op == "heal_one_intruder":
        return bool(_injured(s))
    if op == "draw_events_resolve_one":
        return len(s.event_deck) + len(s.event_discard) > 0
    return True


def play(s: State, p: IpPlay) -> None:
    if p.use in (IP_MOVE, IP_ATTACK):
        push(s, Decision(Kind.IP_INTRUDER, s.ip.seat if s.ip else -1, p))
        return
    op = _op(s, p.card)
    seat = s.ip.seat if s.ip else -1
    if op == "character_noise_roll":
        push(s, Decision(Kind.IP_TARGET, seat, p))
    elif op == "heal_one_intruder":
        push(s, Decision(Kind.IP_INTRUDER, seat, p))
    elif op == "draw_events_resolve_one":
        push(s, Decision(Kind.IP_EVENT_DRAW, CHANCE, p))
    elif op == "intruders_hunt":
        events.EFFECTS["hunt"](s)
    elif op == "larva_hosts_die":
        events.EFFECTS["eclosion"](s)
    else:  # pragma: no cover - the data holds only the ops above
        raise AssertionError(f"unknown intruder-player effect {op!r}")


# -- the Intruder, the corridor, the character --------------------------------------------------
@on_legal(Kind.IP_INTRUDER)
def legal_ip_intruder(s: State, d: Decision) -> list[int]:
    p: IpPlay = d.payload
    minis = movers(s) if p.use == IP_MOVE else attackers(s) if p.use == IP_ATTACK else _injured(s)
    return s.game.actions.intruder.ids(minis)


@on_resolve(Kind.IP_INTRUDER)
def resolve_ip_intruder(s: State, d: Decision, action: int) -> None:
    p: IpPlay = d.payload._replace(intruder=s.game.actions.intruder.arg(action))
    if p.use == IP_MOVE:
        numbers = s.game.data.intruder_player_cards[p.card].move
        if len(numbers) == 1:
            _move(s, p.intruder, numbers[0])
        else:
            push(s, Decision(Kind.IP_CORRIDOR, d.chooser, p))
    elif p.use == IP_ATTACK:
        targets = s.characters_in(s.intruder_room[p.intruder])
        if len(targets) == 1:
            _attack(s, p._replace(seat=targets[0]))
        else:
            push(s, Decision(Kind.IP_TARGET, d.chooser, p))
    else:
        before = s.intruder_injuries[p.intruder]
        s.intruder_injuries[p.intruder] = max(0, before - HEAL)
        s.log(ev("ip_heal", d.chooser, (("intruder", p.intruder), ("injuries", before))))


def _move(s: State, mini: int, number: int) -> None:
    s.log(ev("ip_move", -1, (("intruder", mini), ("corridor", number))))
    combat.move_through(s, mini, number)


@on_legal(Kind.IP_CORRIDOR)
def legal_ip_corridor(s: State, d: Decision) -> list[int]:
    numbers = s.game.data.intruder_player_cards[d.payload.card].move
    return s.game.actions.corridor.ids([n - 1 for n in numbers])


@on_resolve(Kind.IP_CORRIDOR)
def resolve_ip_corridor(s: State, d: Decision, action: int) -> None:
    _move(s, d.payload.intruder, s.game.actions.corridor.arg(action) + 1)


@on_legal(Kind.IP_TARGET)
def legal_ip_target(s: State, d: Decision) -> list[int]:
    p: IpPlay = d.payload
    seats = s.characters_in(s.intruder_room[p.intruder]) if p.use == IP_ATTACK else _on_board(s)
    return s.game.actions.seat.ids(seats)


@on_resolve(Kind.IP_TARGET)
def resolve_ip_target(s: State, d: Decision, action: int) -> None:
    p: IpPlay = d.payload._replace(seat=s.game.actions.seat.arg(action))
    if p.use == IP_ATTACK:
        _attack(s, p)
    else:
        s.game.hooks.roll_noise(s, p.seat, s.chars[p.seat].room)


# -- Attack ----------------------------------------------------------------------------------
def _attack(s: State, p: IpPlay) -> None:
    s.log(ev("ip_attack", -1, (("intruder", p.intruder), ("target", p.seat))))
    if s.game.mini_type[p.intruder] == LARVA:
        if not s.game.hooks.offer_armor(s, AttackCard(p.intruder, p.seat, False), -1):
            s.game.hooks.infest(s, p.intruder, p.seat)
        return
    push(s, Decision(Kind.IP_ATTACK_DRAW, CHANCE, p))


@on_prepare(Kind.IP_ATTACK_DRAW)
def reshuffle_attacks(s: State) -> None:
    attacks.reshuffle_attack_deck(s)


@on_outcomes(Kind.IP_ATTACK_DRAW)
def ip_attack_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    cards = s.game.chance.attack
    return [(cards.id(c), p) for c, p in s.attack_deck.draw_outcomes()]


@on_resolve(Kind.IP_ATTACK_DRAW)
def resolve_ip_attack_draw(s: State, d: Decision, outcome: int) -> None:
    card = s.game.chance.attack.arg(outcome)
    s.attack_deck.draw(card)
    p: IpPlay = d.payload._replace(drawn=(*d.payload.drawn, card))
    s.log(ev("ip_attack_drawn", -1, (("card", card),)))
    wanted = s.game.data.intruder_player_cards[p.card].attack_draw
    if len(p.drawn) < wanted and (len(s.attack_deck) or s.attack_discard):
        push(s, Decision(Kind.IP_ATTACK_DRAW, CHANCE, p))
    else:
        push(s, Decision(Kind.IP_ATTACK_CHOICE, s.ip.seat if s.ip else -1, p))


@on_legal(Kind.IP_ATTACK_CHOICE)
def legal_ip_attack_choice(s: State, d: Decision) -> list[int]:
    return s.game.actions.ip_attack_card.ids(sorted(set(d.payload.drawn)))


@on_resolve(Kind.IP_ATTACK_CHOICE)
def resolve_ip_attack_choice(s: State, d: Decision, action: int) -> None:
    p: IpPlay = d.payload
    card = s.game.actions.ip_attack_card.arg(action)
    rest = list(p.drawn)
    rest.remove(card)
    everyone = range(len(s.chars))
    for other in rest:  # to the bottom, seen by everyone (decision 502)
        s.attack_deck.put_bottom(other, everyone)
    s.attack_discard.append(card)
    target = s.chars[p.seat]
    if target.status == ACTIVE and target.room == s.intruder_room[p.intruder]:
        attacks.strike(s, AttackCard(p.intruder, p.seat, False), card)


# -- Planning ----------------------------------------------------------------------------------
@on_prepare(Kind.IP_EVENT_DRAW)
def reshuffle_events(s: State) -> None:
    s.game.hooks.reshuffle_events(s)


@on_outcomes(Kind.IP_EVENT_DRAW)
def ip_event_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    ids = s.game.chance.event
    return [(ids.id(c), p) for c, p in s.event_deck.draw_outcomes()]


@on_resolve(Kind.IP_EVENT_DRAW)
def resolve_ip_event_draw(s: State, d: Decision, outcome: int) -> None:
    card = s.game.chance.event.arg(outcome)
    s.event_deck.draw(card)
    p: IpPlay = d.payload._replace(drawn=(*d.payload.drawn, card))
    s.log(ev("ip_event_drawn", -1, (("card", card),)))
    if len(p.drawn) < PLANNING_DRAW and (len(s.event_deck) or s.event_discard):
        push(s, Decision(Kind.IP_EVENT_DRAW, CHANCE, p))
    else:
        push(s, Decision(Kind.IP_EVENT_CHOICE, s.ip.seat if s.ip else -1, p))


@on_legal(Kind.IP_EVENT_CHOICE)
def legal_ip_event_choice(s: State, d: Decision) -> list[int]:
    return s.game.actions.ip_event.ids(sorted(set(d.payload.drawn)))


@on_resolve(Kind.IP_EVENT_CHOICE)
def resolve_ip_event_choice(s: State, d: Decision, action: int) -> None:
    card = s.game.actions.ip_event.arg(action)
    rest = list(d.payload.drawn)
    rest.remove(card)
    s.event_deck.shuffle_in(rest)
    s.log(ev("event_card", -1, (("card", card),)))
    events.resolve_event_card(s, card)
