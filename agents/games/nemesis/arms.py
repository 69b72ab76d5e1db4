"""The character cards that change a fight, and the ammo (nemesis-reference.md §13, §14,
action_cards.yaml, items.yaml, rooms.yaml).

- Suppressive Fire (Captain, Scout) and Covering Fire (Soldier) spend 1 ammo and let the
  character leave the room without the Escape attacks (one Intruder Attack per Intruder in
  the room, §7.5), which follow most deaths in Combat; they cost no card.
- Adrenaline (Scout) is a Shoot or an Escape for no card, and draws 1: a plain Shoot or move
  costs a card.
- Taking Aim (Soldier) is a Shoot with an energy weapon for no card, whose first roll may be
  rolled again: one roll in two at a Breeder (2 of 6 faces injure it) becomes five in nine.

A weapon without ammo neither shoots nor pays for the covered escapes, and a character's
starting weapon holds 2 to 6 rounds, so the ammo is kept up:

- Reload (Captain, no card): +1 round in the Six-Shooter whenever it is not full;
- Energy Charge (1 card, one use): fills an Energy weapon that is empty, or down to
  `reload_at_ammo` rounds;
- the Armory (a room action, 2 cards): +2 rounds in an Energy weapon, visited when one is that
  low and the Armory is seen within `armory_reach` rooms (plan.goal).

`round_policy.combat` asks here before it shoots or flees; the sub-decisions (which weapon
pays the ammo or is reloaded, who escapes, where to, which Intruder, whether to roll again)
are answered from what `Memory` holds (answers.py).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from agents.games.nemesis.lookup import FACE_HURTS, HIT_CHANCE
from agents.games.nemesis.params import CrewParams
from agents.games.nemesis.situation import Situation

if TYPE_CHECKING:
    from agents.games.nemesis.round_policy import Choice, Memory

ESCAPE_CARDS = ("suppressive_fire", "covering_fire")  # no Escape attacks, 1 ammo, no card
FREE_ESCAPE = "adrenaline"  # an Escape (with its attacks) for no card, then draw 1
FREE_SHOTS = ("adrenaline", "taking_aim")  # a Shoot for no card (Adrenaline then draws 1)
AIMED = "taking_aim"


def playable(sit: Situation, names: tuple[str, ...]) -> list[tuple[int, str]]:
    """(action, card name) of the playable cards among `names`, in the order of `names`."""
    lk = sit.lk
    found = {lk.card_names[lk.arg[a]]: a for a in sit.by_kind.get("play_card", ())}
    return [(found[name], name) for name in names if name in found]


def usable(sit: Situation, names: Collection[str]) -> list[tuple[int, str]]:
    """(action, item name) of the usable items among `names`, in the order of the legal ids."""
    lk = sit.lk
    return [(a, name) for a in sit.by_kind.get("use_item", ())
            if (name := lk.thing_names[lk.arg[a]]) in names]  # fmt: skip


def covered_escape(sit: Situation, m: Memory, room: int) -> Choice | None:
    """Leave for `room` with a card: without the Escape attacks if one allows it, else for no
    card (Adrenaline); None when no such card is playable."""
    for a, name in playable(sit, ESCAPE_CARDS):
        m.card, m.room, m.target = name, room, -1
        return a, f"{name.replace('_', ' ')}: escape without attacks"
    for a, name in playable(sit, (FREE_ESCAPE,)):
        m.card, m.room, m.target = name, room, -1
        return a, "adrenaline: escape for no card, draw 1"
    return None


def aimed_odds(odds: float) -> float:
    """One roll and, if it misses, a second (Taking Aim)."""
    return 1 - (1 - odds) ** 2


def free_shot(sit: Situation, m: Memory, intruder: int, min_odds: float) -> Choice | None:
    """A Shoot at `intruder` for no card: Adrenaline, or Taking Aim, which also takes on
    targets whose single roll falls below `min_odds` but whose aimed roll does not."""
    odds = HIT_CHANCE[sit.lk.mini_type[intruder]]
    for a, name in playable(sit, FREE_SHOTS):
        if name != AIMED and odds < min_odds:
            continue
        if name == AIMED and aimed_odds(odds) < min_odds:
            continue
        m.card, m.target, m.room = name, intruder, -1
        return a, f"{name.replace('_', ' ')}: shoot for no card"
    return None


def reroll_wanted(sit: Situation, m: Memory) -> bool:
    """At a REROLL decision: roll again when the face rolled does not injure the Intruder shot
    at (rules/fighting.py FACE_HURTS: a face injures the types below its number)."""
    face = sit.view.roll_face
    if face < 0 or m.target < 0:
        return False
    return bool(sit.lk.mini_type[m.target] >= FACE_HURTS[face])


# -- ammo ---------------------------------------------------------------------------------------
RELOAD_CARD = "reload"  # +1 in the Six-Shooter (action_cards.yaml reload)
RELOAD_ITEM = "energy_charge"  # fills one Energy weapon (items.yaml)


def low_weapon(sit: Situation, p: CrewParams, armory_only: bool = False) -> bool:
    """A weapon the seat holds (with `armory_only`, one the Armory reloads: an Energy weapon)
    is down to `reload_at_ammo` rounds."""
    lk, me = sit.lk, sit.me
    return any(lk.thing_capacity[t] > 0 and (lk.armory_loads[t] or not armory_only)
               and ammo <= p.reload_at_ammo
               for t, ammo in zip(me.heavy, me.heavy_ammo, strict=True))  # fmt: skip


def reload(sit: Situation, p: CrewParams, m: Memory) -> Choice | None:
    """Reload (legal only while the Six-Shooter is not full: no card), else an Energy Charge on
    a weapon down to `reload_at_ammo` rounds."""
    for a, _name in playable(sit, (RELOAD_CARD,)):
        m.card = RELOAD_CARD
        return a, "reload: one more round"
    if not low_weapon(sit, p):
        return None
    for a, name in usable(sit, (RELOAD_ITEM,)):
        m.item = name
        return a, "energy charge: fill the weapon"
    return None


def emptiest_weapon(sit: Situation) -> int | None:
    """Of the weapon ids offered (to reload), the one with the most rounds missing."""
    lk, me = sit.lk, sit.me
    ids = sit.by_kind.get("weapon", ())

    def missing(a: int) -> int:
        hand = lk.arg[a]
        return lk.thing_capacity[me.heavy[hand]] - me.heavy_ammo[hand] if hand < len(me.heavy) \
            else -1  # fmt: skip

    return max(ids, key=lambda a: (missing(a), -a)) if ids else None
