"""Room actions for the character's own body and gear (nemesis-reference.md §3.2, §8.1-§8.3):
Armory, Comms Room, Emergency Room, Canteen, Shower Room, Surgery.

- Armory: 2 ammo into one of your Energy weapons, never past its capacity (classic weapons
  never; the weapon data names the Armory among what reloads it).
- Comms Room: your Signal marker.
- Emergency Room: dress all your Serious Wounds, or heal one dressed Serious Wound, or heal all
  your Light Wounds (an option is offered when it has something to do).
- Canteen: heal 1 Light Wound; Shower Room: discard your Slime. Both then offer a scan of the
  contamination cards in hand: clean ones leave the game; an INFECTED one gives a Larva (a
  second one kills: §8.2, run once per scan). The question is always asked, so that it tells
  nobody whether the hand holds contamination cards.
- Surgery: every contamination card of the character (deck, hand, discard) is scanned; the
  INFECTED ones and the Larva are removed, clean ones stay (FAQ); 1 Light Wound; everything,
  hand included, is shuffled into a new deck and the character passes at once.
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.core.zones import Deck
from nemesis_env.games.nemesis.rules import contamination, ending, wounds
from nemesis_env.games.nemesis.rules.kinds import Kind, SeatArg
from nemesis_env.games.nemesis.rules.rooms_common import (
    Op,
    Params,
    always,
    or_done,
    pass_now,
    tile_id,
)
from nemesis_env.games.nemesis.state import State, ev


# -- Armory -------------------------------------------------------------------------------------
class Reload(NamedTuple):
    seat: int
    amount: int
    source: str  # the room tile id the weapon data names as a reload source


def reloadable(s: State, seat: int, source: str) -> list[int]:
    """Hand indices of Energy weapons below capacity that `source` reloads."""
    c = s.chars[seat]
    things = s.game.tables.things
    out = []
    for i, thing in enumerate(c.heavy):
        item = things[thing].item
        weapon = getattr(item, "weapon", None)
        if weapon is None or weapon.kind != "energy" or source not in weapon.reload_with:
            continue
        if c.heavy_ammo[i] < s.game.item_capacity(thing):
            out.append(i)
    return out


def _able_ammo(s: State, seat: int, room: int, p: Params) -> bool:
    return bool(reloadable(s, seat, tile_id(s, room)))


def _run_ammo(s: State, seat: int, room: int, p: Params) -> None:
    push(s, Decision(Kind.ROOM_WEAPON, seat, Reload(seat, int(p["amount"]), tile_id(s, room))))


@on_legal(Kind.ROOM_WEAPON)
def legal_weapon(s: State, d: Decision) -> list[int]:
    r: Reload = d.payload
    return or_done(s, s.game.actions.weapon.ids(reloadable(s, r.seat, r.source)))


@on_resolve(Kind.ROOM_WEAPON)
def resolve_weapon(s: State, d: Decision, action: int) -> None:
    r: Reload = d.payload
    if action == s.game.actions.done_id:
        return
    i = s.game.actions.weapon.arg(action)
    c = s.chars[r.seat]
    cap = s.game.item_capacity(c.heavy[i])
    c.heavy_ammo[i] = min(cap, c.heavy_ammo[i] + r.amount)
    s.log(ev("reload", r.seat, (("thing", c.heavy[i]), ("ammo", c.heavy_ammo[i]))))


# -- Comms Room ---------------------------------------------------------------------------------
def _able_signal(s: State, seat: int, room: int, p: Params) -> bool:
    return not s.chars[seat].signal


def _run_signal(s: State, seat: int, room: int, p: Params) -> None:
    s.chars[seat].signal = True
    s.log(ev("signal", seat, ()))


# -- Emergency Room -----------------------------------------------------------------------------
def _able_dress(s: State, seat: int, room: int, p: Params) -> bool:
    return any(card >= 0 for card in s.chars[seat].serious)


def _run_dress(s: State, seat: int, room: int, p: Params) -> None:
    c = s.chars[seat]
    c.serious = [~card if card >= 0 else card for card in c.serious]  # dressed: stored as ~card
    s.log(ev("wounds_dressed", seat, ()))


def _able_heal_dressed(s: State, seat: int, room: int, p: Params) -> bool:
    return any(card < 0 for card in s.chars[seat].serious)


def _run_heal_dressed(s: State, seat: int, room: int, p: Params) -> None:
    """Dressed wounds no longer act, so which one goes makes no difference: the oldest."""
    c = s.chars[seat]
    for _ in range(int(p["count"])):
        dressed = next((card for card in c.serious if card < 0), None)
        if dressed is None:
            return
        c.serious.remove(dressed)
        s.wound_discard.append(~dressed)
        s.log(ev("serious_wound_healed", seat, (("card", ~dressed),)))


def _able_heal_light(s: State, seat: int, room: int, p: Params) -> bool:
    return s.chars[seat].light_wounds > 0


def _run_heal_all_light(s: State, seat: int, room: int, p: Params) -> None:
    _heal_light(s, seat, s.chars[seat].light_wounds)


def _run_heal_light(s: State, seat: int, room: int, p: Params) -> None:
    _heal_light(s, seat, int(p["count"]))


def _heal_light(s: State, seat: int, count: int) -> None:
    c = s.chars[seat]
    healed = min(count, c.light_wounds)
    if healed:
        c.light_wounds -= healed
        s.log(ev("light_wounds_healed", seat, (("count", healed),)))


# -- Canteen and Shower Room --------------------------------------------------------------------
def _run_discard_slime(s: State, seat: int, room: int, p: Params) -> None:
    c = s.chars[seat]
    if c.slime:
        c.slime = False
        s.log(ev("slime_removed", seat, ()))


def _run_scan_hand(s: State, seat: int, room: int, p: Params) -> None:
    if p["optional"]:
        push(s, Decision(Kind.ROOM_SCAN, seat, SeatArg(seat)))
    else:
        scan_hand_remove_clean(s, seat)


def scan_hand_remove_clean(s: State, seat: int) -> None:
    """Scans the unscanned contamination cards in hand (one scan for the Larva rule), then the
    clean ones in hand leave the game."""
    push(s, Decision(Kind.REMOVE_CLEAN, AUTO, SeatArg(seat)))
    contamination.after_scans(s, seat)
    contamination.push_scan_hand(s, seat)


@on_legal(Kind.ROOM_SCAN)
def legal_scan(s: State, d: Decision) -> list[int]:
    acts = s.game.actions
    return sorted((acts.yes.id(), acts.no.id()))


@on_resolve(Kind.ROOM_SCAN)
def resolve_scan(s: State, d: Decision, action: int) -> None:
    if action == s.game.actions.yes.id():
        scan_hand_remove_clean(s, d.payload.seat)


@on_auto(Kind.REMOVE_CLEAN)
def remove_clean(s: State, d: Decision) -> None:
    seat = d.payload.seat
    c = s.chars[seat]
    clean = s.game.contam_clean
    removed = c.hand.count(clean)
    if removed:
        c.hand = [card for card in c.hand if card != clean]
        s.log(ev("contamination_removed", seat, (("count", removed),)))


# -- Surgery ------------------------------------------------------------------------------------
class Purge(NamedTuple):
    seat: int
    light_wounds: int
    gain_contamination: int
    shuffle_hand_in: bool


def _run_purge(s: State, seat: int, room: int, p: Params) -> None:
    purge = Purge(seat, int(p["light_wounds"]), int(p["gain_contamination"]),
                  bool(p["shuffle_hand_in"]))  # fmt: skip
    push(s, Decision(Kind.SURGERY_END, AUTO, purge))
    ending.push_scans(s, seat)


@on_auto(Kind.SURGERY_END)
def surgery_end(s: State, d: Decision) -> None:
    """After the scans: INFECTED cards and the Larva go, the rest becomes a new deck."""
    purge: Purge = d.payload
    seat = purge.seat
    c = s.chars[seat]
    infected = s.game.contam_infected
    deck = [*c.deck.top, *c.deck.unseen, *c.deck.bottom, *c.discard]
    hand = c.hand if purge.shuffle_hand_in else []
    removed = sum(1 for card in (*deck, *hand) if card == infected)
    c.deck = Deck(card for card in (*deck, *hand) if card != infected)
    c.discard = []
    if purge.shuffle_hand_in:
        c.hand = []
    had_larva, c.larva = c.larva, False
    s.log(ev("purged", seat, (("infected", removed), ("larva", int(had_larva)))))
    wounds.gain_contamination(s, seat, purge.gain_contamination)
    wounds.light_wounds(s, seat, purge.light_wounds)
    pass_now(s, seat)


OPS: dict[str, Op] = {
    "add_ammo": Op(_able_ammo, _run_ammo),
    "send_signal": Op(_able_signal, _run_signal),
    "dress_all_serious_wounds": Op(_able_dress, _run_dress),
    "heal_dressed_serious_wounds": Op(_able_heal_dressed, _run_heal_dressed),
    "heal_all_light_wounds": Op(_able_heal_light, _run_heal_all_light),
    "heal_light_wounds": Op(always, _run_heal_light),
    "discard_slime": Op(always, _run_discard_slime),
    "scan_hand_remove_clean": Op(always, _run_scan_hand),
    "purge_infection": Op(always, _run_purge),
}
