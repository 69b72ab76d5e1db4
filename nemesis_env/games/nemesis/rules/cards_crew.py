"""The Captain's, the Soldier's and the Scout's own Action cards (nemesis-reference.md §14, FAQ
§19): cards that move characters and cards that shoot.

- Order (Captain): another character of your room moves to a neighbouring room (a normal
  move: Noise roll if empty). With the Intercom active it also reaches characters in rooms with
  a working computer, and one in Combat then Escapes (attacks first, FAQ).
- Suppressive Fire (Captain, Scout): spend 1 ammo; you or one other character of your room
  leaves it for a neighbouring room without the Escape attacks.
- Covering Fire (Soldier): spend 1 ammo; you and/or one other character leave without attacks,
  each to a room of their choice; one Noise roll only, the Soldier's when he moves (FAQ).
- Reload (Captain): +1 ammo in the Six-Shooter (never above its capacity).
- Motivation (Captain): every character in your room, you included, draws 1 card (with the
  Intercom: also those in rooms with a working computer, FAQ).
- Taking Aim (Soldier): Shoot with an energy weapon; the first roll may be rerolled.
- Full Auto (Soldier): the Assault Rifle is emptied into one Shoot, +1 injury per 2 ammo (FAQ).
- Nerves of Steel (Soldier, reaction): seen the attack card of a surprise attack that hurts
  him, the Soldier may ignore it; a Frenzy still hurts the others (FAQ).
- Reconnaissance (Scout): move to a neighbouring room without a Noise roll; a Silence or Danger
  token does nothing (FAQ).
- Adrenaline (Scout): Shoot or Escape without paying, then draw 1 card.
"""

from __future__ import annotations

from collections.abc import Callable

from nemesis_env.core.engine import AUTO, CHANCE, Decision, on_auto, push
from nemesis_env.games.nemesis.rules import attacks, fighting, movement, wounds
from nemesis_env.games.nemesis.rules.cards_base import (
    CardDef,
    Option,
    Step,
    ask,
    can_move,
    card_index,
    card_name,
    corridor_between,
    deck_has,
    here,
    option_card,
    others_here,
    quest_effect,
    step,
    working_computer,
)
from nemesis_env.games.nemesis.rules.kinds import AttackCard, Kind, Move, SeatArg
from nemesis_env.games.nemesis.state import ACTIVE, State, ev

ROOM_WIDE_ATTACKS = frozenset({"frenzy"})  # attack cards that hurt every character in the room


def rooms_from(s: State, seat: int) -> list[int]:
    return movement.reachable_rooms(s, s.chars[seat].room)


def _room_ids(s: State, seat: int) -> list[int]:
    return s.game.actions.room.ids(rooms_from(s, seat))


def move_without_attacks(s: State, seat: int, room: int, *, roll: bool) -> None:
    """Leaves the room for a neighbour; the card stands for the Escape attacks (§7.5)."""
    corridor = corridor_between(s, here(s, seat), room)
    s.log(ev("covered_move", seat, (("room", room),)))
    movement.enter_room(s, seat, room, careful=False, noise_roll=roll, corridor=corridor)


# -- Order and Motivation ------------------------------------------------------------------------
def reached(s: State, seat: int) -> list[int]:
    """Characters in your room; with an active Intercom also those in rooms with a working
    computer (FAQ)."""
    room = here(s, seat)
    intercom = quest_effect(s, seat, "order_and_motivation_reach_computer_rooms") is not None
    return [o for o, c in enumerate(s.chars) if c.status == ACTIVE
            and (c.room == room or (intercom and working_computer(s, c.room)))]  # fmt: skip


def _order_targets(s: State, seat: int) -> list[int]:
    return [o for o in reached(s, seat) if o != seat and can_move(s, o)]


@step(Kind.ORDER_TARGET, lambda s, st: s.game.actions.seat.ids(_order_targets(s, st.seat)))
def _order_target(s: State, st: Step, action: int) -> None:
    ask(s, Kind.ORDER_ROOM, st._replace(args=(s.game.actions.seat.arg(action),)))


@step(Kind.ORDER_ROOM, lambda s, st: _room_ids(s, st.args[0]))
def _order_room(s: State, st: Step, action: int) -> None:
    target, room = st.args[0], s.game.actions.room.arg(action)
    s.log(ev("order", st.seat, (("target", target), ("room", room))))
    movement.start_move(s, target, room, careful=False)  # in Combat: an Escape (FAQ)


def _motivation(s: State, st: Step) -> None:
    n = len(s.chars)
    drawing = set(reached(s, st.seat))
    order = [seat for seat in ((st.seat + k) % n for k in range(n)) if seat in drawing]
    s.log(ev("motivation", st.seat, (("drawing", len(order)),)))
    for seat in reversed(order):  # you first, then clockwise
        push(s, Decision(Kind.DRAW_ACTION, CHANCE, SeatArg(seat)))


# -- spending ammo to cover an escape ----------------------------------------------------------
@step(Kind.AMMO_WEAPON, lambda s, st: s.game.actions.weapon.ids(fighting.weapons_ready(s, st.seat)))
def _spend_ammo(s: State, st: Step, action: int) -> None:
    weapon = s.game.actions.weapon.arg(action)
    s.chars[st.seat].heavy_ammo[weapon] -= 1
    s.log(ev("spend_ammo", st.seat, (("weapon", s.chars[st.seat].heavy[weapon]),)))
    kind = Kind.SUPPRESS_WHO if card_name(s, st.card) == "suppressive_fire" else Kind.COVER_OTHER
    ask(s, kind, st)


def _suppress_who(s: State, seat: int) -> list[int]:
    return [o for o in s.characters_in(here(s, seat)) if can_move(s, o)]


@step(Kind.SUPPRESS_WHO, lambda s, st: s.game.actions.seat.ids(_suppress_who(s, st.seat)))
def _suppress(s: State, st: Step, action: int) -> None:
    ask(s, Kind.ESCAPE_ROOM, st._replace(args=(s.game.actions.seat.arg(action),)))


@step(Kind.ESCAPE_ROOM, lambda s, st: _room_ids(s, st.args[0]))
def _escape_room(s: State, st: Step, action: int) -> None:
    move_without_attacks(s, st.args[0], s.game.actions.room.arg(action), roll=True)


def _cover_others(s: State, seat: int) -> list[int]:
    return [o for o in others_here(s, seat) if can_move(s, o)]


def _cover_other_choices(s: State, st: Step) -> list[int]:
    acts = s.game.actions
    out = acts.seat.ids(_cover_others(s, st.seat))
    if can_move(s, st.seat):
        out.append(acts.done_id)  # nobody else: the Soldier alone
    return sorted(out)


@step(Kind.COVER_OTHER, _cover_other_choices)
def _cover_other(s: State, st: Step, action: int) -> None:
    """COVER_ROOM args: (other or -1, does the Soldier move, the Soldier's room or -1)."""
    acts = s.game.actions
    if action == acts.done_id:
        ask(s, Kind.COVER_ROOM, st._replace(args=(-1, 1, -1)))
        return
    other = acts.seat.arg(action)
    if can_move(s, st.seat):
        ask(s, Kind.COVER_SELF, st._replace(args=(other,)), always=True)
    else:
        ask(s, Kind.COVER_ROOM, st._replace(args=(other, 0, -1)))


@step(Kind.COVER_SELF, lambda s, st: sorted([s.game.actions.yes.id(), s.game.actions.no.id()]))
def _cover_self(s: State, st: Step, action: int) -> None:
    moves = int(action == s.game.actions.yes.id())
    ask(s, Kind.COVER_ROOM, st._replace(args=(st.args[0], moves, -1)))


@step(Kind.COVER_ROOM, lambda s, st: _room_ids(s, st.seat))  # both leave the Soldier's room
def _cover_room(s: State, st: Step, action: int) -> None:
    other, moves, mine = st.args
    room = s.game.actions.room.arg(action)
    if moves and mine < 0:  # the Soldier's room was chosen; the other's next
        if other >= 0:
            ask(s, Kind.COVER_ROOM, st._replace(args=(other, 1, room)))
        else:
            move_without_attacks(s, st.seat, room, roll=True)
        return
    if not moves:
        move_without_attacks(s, other, room, roll=True)
        return
    # the Soldier moves first and makes the one Noise roll (FAQ); the other follows, no roll
    corridor = corridor_between(s, here(s, other), room)
    push(s, Decision(Kind.FOLLOW_MOVE, AUTO, Move(other, room, False, False, corridor)))
    move_without_attacks(s, st.seat, mine, roll=True)


@on_auto(Kind.FOLLOW_MOVE)
def follow_move(s: State, d: Decision) -> None:
    m: Move = d.payload
    if s.chars[m.seat].status != ACTIVE:
        return
    s.log(ev("covered_move", m.seat, (("room", m.room),)))
    movement.enter_room(s, m.seat, m.room, careful=False, noise_roll=m.roll, corridor=m.corridor)


# -- Reload ----------------------------------------------------------------------------------------
def _reloadable(s: State, seat: int, card_id: str) -> list[int]:
    """Hand indices of weapons this card reloads (reload_with) that are not full."""
    c = s.chars[seat]
    things = s.game.tables.things
    out = []
    for i, thing in enumerate(c.heavy):
        weapon = getattr(things[thing].item, "weapon", None)
        if weapon is not None and card_id in weapon.reload_with and \
                c.heavy_ammo[i] < things[thing].capacity:  # fmt: skip
            out.append(i)
    return out


def _reload(s: State, st: Step) -> None:
    c = s.chars[st.seat]
    weapons = _reloadable(s, st.seat, "reload")
    if weapons:
        c.heavy_ammo[weapons[0]] += 1
        s.log(ev("reload", st.seat, (("weapon", c.heavy[weapons[0]]),)))


# -- shooting cards -----------------------------------------------------------------------------
SHOOT_OPS = {"taking_aim": "shoot_with_reroll", "full_auto": "full_auto_shoot"}


def _card_params(s: State, card_id: str) -> dict[str, object]:
    op = SHOOT_OPS.get(card_id)
    card = s.game.data.action_cards[card_index(s, card_id)]
    return next((dict(e.params) for e in card.effects if e.op == op), {})


def shot_weapons(s: State, seat: int, card_id: str) -> list[int]:
    """Hand indices of loaded weapons the card may shoot with (its `weapon` param; any weapon
    for Adrenaline's plain Shoot)."""
    c = s.chars[seat]
    things = s.game.tables.things
    spec = _card_params(s, card_id).get("weapon", "any")
    out = []
    for i in fighting.weapons_ready(s, seat):
        thing = things[c.heavy[i]]
        weapon = getattr(thing.item, "weapon", None)
        energy = weapon is not None and weapon.kind == "energy"
        if spec == "any" or (spec == "any_energy_weapon" and energy) or \
                thing.id == f"weapon.{spec}":  # fmt: skip
            out.append(i)
    return out


def can_shoot(s: State, seat: int, card_id: str) -> bool:
    return bool(shot_weapons(s, seat, card_id)) and bool(s.intruders_in(here(s, seat)))


def _weapon_choices(s: State, st: Step) -> list[int]:
    return s.game.actions.weapon.ids(shot_weapons(s, st.seat, card_name(s, st.card)))


@step(Kind.SHOOT_WEAPON, _weapon_choices)
def _shoot_weapon(s: State, st: Step, action: int) -> None:
    ask(s, Kind.SHOOT_TARGET, st._replace(args=(s.game.actions.weapon.arg(action),)))


@step(
    Kind.SHOOT_TARGET, lambda s, st: s.game.actions.intruder.ids(s.intruders_in(here(s, st.seat)))
)
def _shoot_target(s: State, st: Step, action: int) -> None:
    SHOTS[card_name(s, st.card)](s, st.seat, st.args[0], s.game.actions.intruder.arg(action))


def _full_auto(s: State, seat: int, weapon: int, target: int) -> None:
    """Every round is fired in one Shoot: +1 injury per `ammo_per_bonus_injury` of them (FAQ).
    The weapon is left with the one round that `fighting.shoot` spends."""
    c = s.chars[seat]
    per = int(str(_card_params(s, "full_auto").get("ammo_per_bonus_injury", 2)))
    dumped = c.heavy_ammo[weapon]
    c.heavy_ammo[weapon] = 1
    s.log(ev("full_auto", seat, (("ammo", dumped),)))
    fighting.shoot(s, seat, weapon, target, bonus=dumped // per)


SHOTS: dict[str, Callable[[State, int, int, int], None]] = {
    "taking_aim": lambda s, seat, w, t: fighting.shoot(s, seat, w, t, reroll_first=True),
    "full_auto": _full_auto,
    "adrenaline": lambda s, seat, w, t: fighting.shoot(s, seat, w, t),
}


# -- Adrenaline and Reconnaissance ---------------------------------------------------------------
def _then_draw(run: Callable[[State, Step], None]) -> Callable[[State, Step], None]:
    def both(s: State, st: Step) -> None:
        push(s, Decision(Kind.DRAW_IF_ALIVE, AUTO, SeatArg(st.seat)))
        run(s, st)

    return both


@on_auto(Kind.DRAW_IF_ALIVE)
def draw_if_alive(s: State, d: Decision) -> None:
    if s.chars[d.payload.seat].status == ACTIVE:
        push(s, Decision(Kind.DRAW_ACTION, CHANCE, d.payload))


@step(Kind.ADRENALINE_ROOM, lambda s, st: _room_ids(s, st.seat))
def _adrenaline_escape(s: State, st: Step, action: int) -> None:
    movement.start_move(s, st.seat, s.game.actions.room.arg(action), careful=False)


@step(Kind.RECON_ROOM, lambda s, st: _room_ids(s, st.seat))
def _recon(s: State, st: Step, action: int) -> None:
    """`careful` cancels a Silence or Danger token as Careful Movement does (FAQ); no roll."""
    room = s.game.actions.room.arg(action)
    corridor = corridor_between(s, here(s, st.seat), room)
    s.log(ev("reconnaissance", st.seat, (("room", room),)))
    movement.enter_room(s, st.seat, room, careful=True, noise_roll=False, corridor=corridor)


# -- Nerves of Steel (reaction) ----------------------------------------------------------------
def nerves_of_steel_window(s: State, a: AttackCard, card: int, kind: int) -> bool:
    """Hook of attacks.resolve_attack_card, once a surprise attack's card is seen to hit: the
    character whose deck has Nerves of Steel, hurt by it (its target, or in the room of a
    Frenzy) and holding cards, gets a window (public facts only). True: the window opened and
    resolves the attack itself."""
    if not a.surprise:
        return False
    room_wide = s.game.attack_op[card] in ROOM_WIDE_ATTACKS
    for seat in s.characters_in(s.chars[a.seat].room):
        if deck_has(s, seat, "nerves_of_steel") and s.chars[seat].hand and \
                (seat == a.seat or room_wide):  # fmt: skip
            nerves = card_index(s, "nerves_of_steel")
            st = Step(seat, nerves, (a.intruder, a.seat, card, kind))
            ask(s, Kind.NERVES_WINDOW, st, always=True)
            return True
    return False


def _nerves_choices(s: State, st: Step) -> list[int]:
    acts = s.game.actions
    out = [acts.no.id()]
    if st.card in s.chars[st.seat].hand:
        out.append(acts.react.id(st.card))
    return sorted(out)


@step(Kind.NERVES_WINDOW, _nerves_choices)
def _nerves(s: State, st: Step, action: int) -> None:
    intruder, target, card, kind = st.args
    if action == s.game.actions.no.id():
        attack = AttackCard(intruder, target, True)
        if not s.game.hooks.offer_armor(s, attack, card):  # Armor's turn (decision 202)
            attacks.apply_attack_effect(s, attack, card, kind)
        return
    c = s.chars[st.seat]
    c.hand.remove(st.card)
    c.discard.append(st.card)
    s.log(ev("nerves_of_steel", st.seat, (("attack", card),)))
    if s.game.attack_op[card] in ROOM_WIDE_ATTACKS:
        _frenzy_sparing(s, c.room, st.seat)


def _frenzy_sparing(s: State, room: int, spared: int) -> None:
    """Frenzy (§11) on everyone in the room but the Soldier who ignored it (FAQ)."""
    for seat in reversed(s.characters_in(room)):
        if seat == spared:
            continue
        if len(s.chars[seat].serious) >= 2:
            wounds.kill(s, seat, "frenzy")
        else:
            wounds.serious_wound(s, seat)


CARDS: dict[str, CardDef] = {
    "order": CardDef(lambda s, seat: bool(_order_targets(s, seat)),
                     lambda s, st: ask(s, Kind.ORDER_TARGET, st)),
    "suppressive_fire": CardDef(
        lambda s, seat: bool(fighting.weapons_ready(s, seat)) and bool(_suppress_who(s, seat)),
        lambda s, st: ask(s, Kind.AMMO_WEAPON, st)),
    "covering_fire": CardDef(
        lambda s, seat: bool(fighting.weapons_ready(s, seat))
        and (can_move(s, seat) or bool(_cover_others(s, seat))),
        lambda s, st: ask(s, Kind.AMMO_WEAPON, st)),
    "reload": CardDef(lambda s, seat: bool(_reloadable(s, seat, "reload")), _reload),
    "motivation": CardDef(lambda s, seat: True, _motivation),
    "taking_aim": CardDef(lambda s, seat: can_shoot(s, seat, "taking_aim"),
                          lambda s, st: ask(s, Kind.SHOOT_WEAPON, st)),
    "full_auto": CardDef(lambda s, seat: can_shoot(s, seat, "full_auto"),
                         lambda s, st: ask(s, Kind.SHOOT_WEAPON, st)),
    "reconnaissance": CardDef(can_move, lambda s, st: ask(s, Kind.RECON_ROOM, st)),
    "adrenaline": option_card(
        "adrenaline",
        Option(lambda s, seat: can_shoot(s, seat, "adrenaline"),
               _then_draw(lambda s, st: ask(s, Kind.SHOOT_WEAPON, st))),
        Option(can_move, _then_draw(lambda s, st: ask(s, Kind.ADRENALINE_ROOM, st))),
    ),
}  # fmt: skip

__all__ = ["CARDS", "nerves_of_steel_window"]
