"""The 20 Hunt cards: the Creature's card window in each phase and every card's effect.

Sources: seed 003 "Hunt cards" (one per turn unless stated, Target and Artemia symbols,
Clone and Mirage examples) and not-alone-reference.md A.7 (every card) and A.4 (timing).
"""

from __future__ import annotations

from typing import Any

from nemesis_env.core.effects import on_effect
from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.not_alone.actions import (
    HUNT,
    HUNTED,
    PAIR,
    PASS,
    PLACE,
    PLACE_IDS,
    place_id,
    place_of,
)
from nemesis_env.games.not_alone.effects import HUNT_CHECK, HUNT_EFFECT
from nemesis_env.games.not_alone.rules.common import (
    bit,
    creature_may_play,
    discard_from_hand,
    places_of,
)
from nemesis_env.games.not_alone.rules.kinds import (
    A_FORBIDDEN_APPLY,
    D_CATACLYSM,
    D_CREATURE_WINDOW,
    D_DETOUR_CARD,
    D_DETOUR_DEST,
    D_FORBIDDEN,
    D_KEEP,
    D_NAME_HUNTED,
    D_TARGET_PAIR,
    D_TARGET_PLACE,
    P_ANTICIPATION,
    P_ASCENDANCY,
    P_DETOUR,
    P_PHOBIA,
)
from nemesis_env.games.not_alone.rules.payloads import (
    CreatureWindowArgs,
    DetourCardArgs,
    DetourDestArgs,
    ForbiddenArgs,
    KeepArgs,
    NameHuntedArgs,
)
from nemesis_env.games.not_alone.state import (
    CREATURE,
    F_ARTEMIA_CARD,
    F_CLONE,
    F_DESPAIR,
    F_FIERCENESS,
    F_FIERCENESS2,
    F_FORCE_FIELD,
    F_INTERFERENCE,
    F_MIRAGE,
    F_MUTATION,
    F_PERSECUTION,
    F_SCREAM,
    F_STASIS,
    F_TOXIN,
    F_TRACKING,
    F_VIRUS,
    State,
)

FLAGS = {
    "despair": F_DESPAIR,
    "fierceness": F_FIERCENESS,
    "interference": F_INTERFERENCE,
    "persecution": F_PERSECUTION,
    "mutation": F_MUTATION,
    "virus": F_VIRUS,
    "stasis": F_STASIS,
    "tracking": F_TRACKING,
    "clone": F_CLONE,
    "scream": F_SCREAM,
    "toxin": F_TOXIN,
    "mirage": F_MIRAGE,
    "force_field": F_FORCE_FIELD,
}
FLASHBACK = 19  # index of Flashback in hunt_cards.yaml (checked in game.py)


# -- the Creature's window --------------------------------------------------------------
def open_creature_window(s: State, phase: int) -> None:
    """Offers the Creature its hunt cards of `phase`; opened on public facts only."""
    if creature_may_play(s):
        push(s, Decision(D_CREATURE_WINDOW, CREATURE, CreatureWindowArgs(phase)))


def copied_card(s: State, card: int) -> int:
    """The card whose effect `card` has: itself, or for Flashback the top of the discard."""
    if card != FLASHBACK:
        return card
    return s.hunt_discard[-1] if s.hunt_discard else -1


def hunt_card_playable(s: State, card: int, phase: int) -> bool:
    effective = copied_card(s, card)
    if effective < 0 or effective == FLASHBACK:
        return False
    definition = s.game.data.hunt[effective]
    if definition.phase != phase:
        return False
    return all(s.game.effects[HUNT_CHECK].get(e.op)(s, **e.params) for e in definition.effects)


@on_legal(D_CREATURE_WINDOW)
def creature_window_options(s: State, d: Decision) -> list[int]:
    args: CreatureWindowArgs = d.payload
    hand, phase = s.hunt_hand, args.phase
    cards = [c for c in range(20) if hand >> c & 1 and hunt_card_playable(s, c, phase)]
    return [PASS] + [HUNT.id(c) for c in cards]


@on_resolve(D_CREATURE_WINDOW)
def resolve_creature_window(s: State, d: Decision, action: int) -> None:
    if action == PASS:
        return
    card = HUNT.arg(action)
    effective = copied_card(s, card)
    s.hunt_hand &= ~(1 << card)
    s.hunt_played.append(card)
    s.hunt_limit -= 1
    s.log("play_hunt", CREATURE, card=card)
    if creature_may_play(s):
        push(s, d)  # Tracking: the window stays open for a second card after this one
    definition = s.game.data.hunt[effective]
    if definition.symbol == "artemia":
        s.flags |= F_ARTEMIA_CARD
    for spec in reversed(definition.effects):
        s.game.effects[HUNT_EFFECT].get(spec.op)(s, effective, **spec.params)


# -- effects ------------------------------------------------------------------------------
@on_effect(HUNT_EFFECT, "flag")
def set_flag(s: State, card: int, *, flag: str) -> None:
    if flag == "fierceness" and s.flags & F_FIERCENESS:
        s.flags |= F_FIERCENESS2  # Fierceness copied by Flashback: its effects stack
    s.flags |= FLAGS[flag]


@on_effect(HUNT_EFFECT, "target_place")
def target_place(s: State, card: int, *, flag: str) -> None:
    """Target cards on one place; a second Target card applies where the token already is."""
    s.flags |= FLAGS[flag]
    if not s.target:
        push(s, Decision(D_TARGET_PLACE, CREATURE))


@on_effect(HUNT_EFFECT, "target_pair")
def target_pair(s: State, card: int, *, flag: str) -> None:
    """Mirage and Force Field: the Target token lies between two adjacent places."""
    s.flags |= FLAGS[flag]
    if s.target.bit_count() == 2:
        apply_pair_target(s)
    else:
        push(s, Decision(D_TARGET_PAIR, CREATURE))


def apply_pair_target(s: State) -> None:
    if s.flags & F_FORCE_FIELD:
        s.forbidden = s.target


@on_effect(HUNT_EFFECT, "name_hunted")
def name_hunted(s: State, card: int, *, purpose: str) -> None:
    push(s, Decision(D_NAME_HUNTED, CREATURE, NameHuntedArgs(PURPOSES[purpose])))


PURPOSES = {
    "anticipation": P_ANTICIPATION,
    "ascendancy": P_ASCENDANCY,
    "phobia": P_PHOBIA,
    "detour": P_DETOUR,
}


@on_effect(HUNT_EFFECT, "forbidden_zone")
def forbidden_zone(s: State, card: int) -> None:
    """Every Hunted discards 1 place card at once: choices stay hidden until all have chosen."""
    choosers = [h for h in range(s.num_hunted) if s.hand[h]]
    push(
        s,
        *[Decision(D_FORBIDDEN, h + 1, ForbiddenArgs(h)) for h in choosers],
        Decision(A_FORBIDDEN_APPLY, AUTO),
    )


@on_effect(HUNT_EFFECT, "cataclysm")
def cataclysm(s: State, card: int) -> None:
    push(s, Decision(D_CATACLYSM, CREATURE))


@on_effect(HUNT_EFFECT, "detour")
def detour(s: State, card: int) -> None:
    push(s, Decision(D_NAME_HUNTED, CREATURE, NameHuntedArgs(P_DETOUR)))


@on_effect(HUNT_EFFECT, "flashback")
def flashback(s: State, card: int) -> None:  # pragma: no cover - resolved through copied_card
    raise AssertionError("Flashback's effect is the copied card's; see copied_card()")


def hunted_with_more_than_two(s: State, **_: Any) -> bool:
    return any(hand.bit_count() > 2 for hand in s.hand)


@on_effect(HUNT_CHECK, "flag")
@on_effect(HUNT_CHECK, "target_place")
@on_effect(HUNT_CHECK, "target_pair")
@on_effect(HUNT_CHECK, "forbidden_zone")
@on_effect(HUNT_CHECK, "cataclysm")
@on_effect(HUNT_CHECK, "detour")
@on_effect(HUNT_CHECK, "flashback")
def always_playable(*_: object, **__: object) -> bool:
    """Cards that may always be played (Flashback: the copied card's own check applies)."""
    return True


@on_effect(HUNT_CHECK, "name_hunted")
def can_name_hunted(s: State, *, purpose: str) -> bool:
    """Ascendancy and Phobia need a Hunted holding more than 2 place cards (BGA, A.7)."""
    if purpose in ("ascendancy", "phobia"):
        return hunted_with_more_than_two(s)
    return True


# -- the decisions these cards open ----------------------------------------------------------
@on_legal(D_TARGET_PLACE)
def target_place_options(s: State, d: Decision) -> list[int]:
    return list(PLACE_IDS)


@on_resolve(D_TARGET_PLACE)
def resolve_target_place(s: State, d: Decision, action: int) -> None:
    s.target = bit(place_of(action))
    s.log("target_token", CREATURE, places=(place_of(action),))


@on_legal(D_TARGET_PAIR)
def target_pair_options(s: State, d: Decision) -> list[int]:
    pairs = s.game.data.pairs
    return [
        PAIR.id(k) for k, (a, b) in enumerate(pairs) if not s.target or s.target & (bit(a) | bit(b))
    ]


@on_resolve(D_TARGET_PAIR)
def resolve_target_pair(s: State, d: Decision, action: int) -> None:
    a, b = s.game.data.pairs[PAIR.arg(action)]
    s.target = bit(a) | bit(b)
    s.log("target_token", CREATURE, places=(a, b))
    apply_pair_target(s)


@on_legal(D_NAME_HUNTED)
def name_hunted_options(s: State, d: Decision) -> list[int]:
    args: NameHuntedArgs = d.payload
    if args.purpose in (P_ASCENDANCY, P_PHOBIA):
        return [HUNTED.id(h) for h in range(s.num_hunted) if s.hand[h].bit_count() > 2]
    return [HUNTED.id(h) for h in range(s.num_hunted)]


@on_resolve(D_NAME_HUNTED)
def resolve_name_hunted(s: State, d: Decision, action: int) -> None:
    args: NameHuntedArgs = d.payload
    h, purpose = HUNTED.arg(action), args.purpose
    s.log("name_hunted", CREATURE, hunted=h, purpose=purpose)
    if purpose == P_ANTICIPATION:
        s.anticipation = h
    elif purpose in (P_ASCENDANCY, P_PHOBIA):
        s.keep = 0
        push(s, Decision(D_KEEP, h + 1, KeepArgs(h, purpose, 2)))
    elif len(s.location[h]) > 1:
        push(s, Decision(D_DETOUR_CARD, CREATURE, DetourCardArgs(h)))
    else:
        push(s, Decision(D_DETOUR_DEST, CREATURE, DetourDestArgs(h, 0)))


@on_legal(D_KEEP)
def keep_options(s: State, d: Decision) -> list[int]:
    """Ascendancy: keep 2, discard the rest. Phobia: hide 2, show the rest (reference A.7)."""
    args: KeepArgs = d.payload
    choices = s.hand[args.hunted] & ~s.keep
    return PLACE.ids_of_mask(choices)


@on_resolve(D_KEEP)
def resolve_keep(s: State, d: Decision, action: int) -> None:
    args: KeepArgs = d.payload
    h = args.hunted
    s.keep |= bit(place_of(action))
    if args.remaining > 1:
        push(s, Decision(d.kind, d.chooser, args._replace(remaining=args.remaining - 1)))
        return
    rest = s.hand[h] & ~s.keep
    s.keep = 0
    if args.purpose == P_ASCENDANCY:
        for place in places_of(rest):
            discard_from_hand(s, h, place)
    else:
        s.phobia_shown[h] = rest
        shown = tuple(places_of(rest))
        s.log("phobia", h + 1, hunted=h, places=shown, visible_to=frozenset({CREATURE, h + 1}),
              hidden=("places",))  # fmt: skip


@on_legal(D_FORBIDDEN)
def forbidden_options(s: State, d: Decision) -> list[int]:
    args: ForbiddenArgs = d.payload
    return PLACE.ids_of_mask(s.hand[args.hunted])


@on_resolve(D_FORBIDDEN)
def resolve_forbidden(s: State, d: Decision, action: int) -> None:
    args: ForbiddenArgs = d.payload
    h = args.hunted
    s.pending_discard[h] = place_of(action)
    choice = place_of(action)
    s.log("forbidden_choice", h + 1, hunted=h, place=choice, visible_to=frozenset({h + 1}),
          hidden=("place",))  # fmt: skip


@on_auto(A_FORBIDDEN_APPLY)
def apply_forbidden_zone(s: State, d: Decision) -> None:
    for h in range(s.num_hunted):
        if s.pending_discard[h]:
            discard_from_hand(s, h, s.pending_discard[h])
            s.pending_discard[h] = 0


@on_legal(D_CATACLYSM)
def cataclysm_options(s: State, d: Decision) -> list[int]:
    return list(PLACE_IDS)


@on_resolve(D_CATACLYSM)
def resolve_cataclysm(s: State, d: Decision, action: int) -> None:
    s.ineffective |= bit(place_of(action))
    s.log("cataclysm", CREATURE, place=place_of(action))


@on_legal(D_DETOUR_CARD)
def detour_card_options(s: State, d: Decision) -> list[int]:
    args: DetourCardArgs = d.payload
    return sorted({place_id(p) for p in s.location[args.hunted]})


@on_resolve(D_DETOUR_CARD)
def resolve_detour_card(s: State, d: Decision, action: int) -> None:
    args: DetourCardArgs = d.payload
    slot = s.location[args.hunted].index(place_of(action))
    push(s, Decision(D_DETOUR_DEST, CREATURE, DetourDestArgs(args.hunted, slot)))


@on_legal(D_DETOUR_DEST)
def detour_dest_options(s: State, d: Decision) -> list[int]:
    args: DetourDestArgs = d.payload
    here = s.location[args.hunted][args.slot]
    near = s.game.data.adjacent[here - 1]
    return PLACE.ids_of_mask(near)


@on_resolve(D_DETOUR_DEST)
def resolve_detour_dest(s: State, d: Decision, action: int) -> None:
    args: DetourDestArgs = d.payload
    s.location[args.hunted][args.slot] = place_of(action)
    s.log("detour", CREATURE, hunted=args.hunted, place=place_of(action))
