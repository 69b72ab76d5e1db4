"""The 15 Survival cards: the Hunted's card windows and every card's effect.

Sources: seed 003 "Survival cards" (one per Hunted per turn, playable even when caught, no
hand limit) and not-alone-reference.md A.8 (every card) and A.4 (timing of Detector, Dodge,
Hologram, Wrong Track). Detector and Dodge are offered when their token is about to hit;
Drone and Gate when the Hunted resolves their place; the rest in the phase windows.
"""

from __future__ import annotations

from nemesis_env.core.effects import on_effect
from nemesis_env.core.engine import Decision, on_legal, on_resolve, push
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    OPT_CREATURE_TOKEN,
    OPT_TARGET_TOKEN,
    PASS,
    PLACE,
    SURVIVAL,
    place_id,
    place_of,
)
from nemesis_env.games.not_alone.effects import SURVIVAL_CHECK, SURVIVAL_EFFECT
from nemesis_env.games.not_alone.rules.common import (
    advance_rescue,
    bit,
    discard_watchers,
    gain_will,
    push_take_back,
    return_played_card,
    survival_playable,
)
from nemesis_env.games.not_alone.rules.kinds import (
    D_DOUBLE_BACK,
    D_HUNTED_WINDOW,
    D_MOVE_TOKEN,
    D_SACRIFICE,
    D_STRIKE_BACK,
    D_VORTEX_DISCARD,
    D_VORTEX_PLAYED,
    D_WHICH_TOKEN,
    T_ARTEMIA,
    T_CREATURE,
    T_TARGET,
)
from nemesis_env.games.not_alone.rules.payloads import (
    DoubleBackArgs,
    HuntedWindowArgs,
    MoveTokenArgs,
    SacrificeArgs,
    VortexDiscardArgs,
    VortexPlayedArgs,
    WhichTokenArgs,
)
from nemesis_env.games.not_alone.state import (
    F_CLONE,
    F_SACRIFICE,
    F_SMOKESCREEN,
    NO_EFFECT,
    State,
)

# Ops played at a particular moment rather than in a phase window.
AT_CATCH = "ignore_token"
AT_RESOLVE = "replace_power"


def open_hunted_window(s: State, h: int, phase: int) -> None:
    """Offers Hunted h a survival card of `phase`; opened on public facts only (hand size)."""
    if survival_playable(s, h):
        push(s, Decision(D_HUNTED_WINDOW, h + 1, HuntedWindowArgs(h, phase)))


def playable_survival(s: State, h: int, phase: int) -> list[int]:
    """Survival cards Hunted h may play in this phase's window."""
    cards = []
    data = s.game.data.survival
    checks = s.game.effects[SURVIVAL_CHECK]
    for c in range(15):
        if s.survival[h] >> c & 1 and data[c].phase == phase:
            spec = data[c].effects[0]
            if spec.op not in (AT_CATCH, AT_RESOLVE) and checks.get(spec.op)(s, h, **spec.params):
                cards.append(c)
    return cards


def play_survival(s: State, h: int, card: int, run_effect: bool = True) -> None:
    """Discards the card face up, marks the Hunted's one card this turn, runs its effect."""
    s.survival[h] &= ~(1 << card)
    s.survival_used[h] = True
    s.surv_discard.append(card)
    definition = s.game.data.survival[card]
    s.log("play_survival", h + 1, hunted=h, card=card)
    if not run_effect:
        return
    for spec in reversed(definition.effects):
        s.game.effects[SURVIVAL_EFFECT].get(spec.op)(s, h, **spec.params)


@on_legal(D_HUNTED_WINDOW)
def hunted_window_options(s: State, d: Decision) -> list[int]:
    args: HuntedWindowArgs = d.payload
    return [PASS] + [SURVIVAL.id(c) for c in playable_survival(s, args.hunted, args.phase)]


@on_resolve(D_HUNTED_WINDOW)
def resolve_hunted_window(s: State, d: Decision, action: int) -> None:
    args: HuntedWindowArgs = d.payload
    if action != PASS:
        play_survival(s, args.hunted, SURVIVAL.arg(action))


# -- phase 1 ------------------------------------------------------------------------------
@on_effect(SURVIVAL_EFFECT, "regain_will")
def regain_will(s: State, h: int, *, amount: int) -> None:
    gain_will(s, h, amount)


@on_effect(SURVIVAL_CHECK, "regain_will")
def can_regain_will(s: State, h: int, *, amount: int) -> bool:
    return s.will[h] < s.game.data.board.starting_will


@on_effect(SURVIVAL_EFFECT, "place_beacon")
def place_beacon(s: State, h: int) -> None:
    s.beacon = True
    s.log("beacon", h + 1, hunted=h)


@on_effect(SURVIVAL_CHECK, "place_beacon")
def can_place_beacon(s: State, h: int) -> bool:
    return not s.beacon


@on_effect(SURVIVAL_EFFECT, "sacrifice")
def sacrifice(s: State, h: int) -> None:
    """Discard 1 place card; no hunt card may be played this turn."""
    s.flags |= F_SACRIFICE
    s.hunt_limit = 0
    push(s, Decision(D_SACRIFICE, h + 1, SacrificeArgs(h)))


@on_effect(SURVIVAL_CHECK, "sacrifice")
def can_sacrifice(s: State, h: int) -> bool:
    """Only before the Creature played a hunt card, and with a card left to explore with."""
    needed = 1 if s.this_effect[h] == NO_EFFECT else 2
    return not s.hunt_played and s.hand[h].bit_count() > needed


@on_effect(SURVIVAL_EFFECT, "take_back_discards")
def sixth_sense(s: State, h: int, *, count: int) -> None:
    push_take_back(s, h, count)


@on_effect(SURVIVAL_CHECK, "take_back_discards")
def can_sixth_sense(s: State, h: int, *, count: int) -> bool:
    return bool(s.discard[h])


@on_effect(SURVIVAL_EFFECT, "smokescreen")
def smokescreen(s: State, h: int) -> None:
    """The Creature keeps seeing the discard piles only as they are now, until end of turn."""
    s.flags |= F_SMOKESCREEN
    s.smoke_snapshot = tuple(tuple(pile) for pile in s.discard)


@on_effect(SURVIVAL_CHECK, "smokescreen")
def can_smokescreen(s: State, h: int) -> bool:
    return not s.flags & F_SMOKESCREEN


@on_effect(SURVIVAL_EFFECT, "strike_back")
def strike_back(s: State, h: int, *, count: int) -> None:
    """2 random cards of the Creature's hand go under the hunt deck (chance picks them)."""
    push(s, *[Decision(D_STRIKE_BACK, CHANCE)] * min(count, s.hunt_hand.bit_count()))


@on_effect(SURVIVAL_CHECK, "strike_back")
def can_strike_back(s: State, h: int, *, count: int) -> bool:
    return s.hunt_hand != 0


# -- phase 2 ------------------------------------------------------------------------------
@on_effect(SURVIVAL_EFFECT, "vortex")
def vortex(s: State, h: int) -> None:
    push(s, Decision(D_VORTEX_DISCARD, h + 1, VortexDiscardArgs(h)))


@on_effect(SURVIVAL_CHECK, "vortex")
def can_vortex(s: State, h: int) -> bool:
    return bool(s.discard[h]) and bool(s.played[h])


@on_legal(D_VORTEX_DISCARD)
def vortex_discard_options(s: State, d: Decision) -> list[int]:
    args: VortexDiscardArgs = d.payload
    return sorted({place_id(p) for p in s.discard[args.hunted]})


@on_resolve(D_VORTEX_DISCARD)
def resolve_vortex_discard(s: State, d: Decision, action: int) -> None:
    args: VortexDiscardArgs = d.payload
    h, incoming = args.hunted, place_of(action)
    if len(s.played[h]) > 1:
        push(s, Decision(D_VORTEX_PLAYED, h + 1, VortexPlayedArgs(h, incoming)))
    else:
        swap_played(s, h, 0, incoming)


@on_legal(D_VORTEX_PLAYED)
def vortex_played_options(s: State, d: Decision) -> list[int]:
    args: VortexPlayedArgs = d.payload
    return sorted({place_id(p) for p in s.played[args.hunted]})


@on_resolve(D_VORTEX_PLAYED)
def resolve_vortex_played(s: State, d: Decision, action: int) -> None:
    args: VortexPlayedArgs = d.payload
    h = args.hunted
    swap_played(s, h, s.played[h].index(place_of(action)), args.incoming)


def swap_played(s: State, h: int, slot: int, incoming: int) -> None:
    outgoing = s.played[h][slot]
    s.discard[h].remove(incoming)
    s.discard[h].append(outgoing)
    s.played[h][slot] = incoming
    s.log("vortex", h + 1, visible_to=discard_watchers(s), hidden=("incoming", "outgoing"),
          hunted=h, incoming=incoming, outgoing=outgoing)  # fmt: skip


# -- phase 3 ------------------------------------------------------------------------------
@on_effect(SURVIVAL_EFFECT, "move_token")
def move_token(s: State, h: int, *, token: str) -> None:
    if token == "creature" and s.flags & F_CLONE and s.target:
        push(s, Decision(D_WHICH_TOKEN, h + 1, WhichTokenArgs(h)))
    else:
        moved = T_ARTEMIA if token == "artemia" else T_CREATURE
        push(s, Decision(D_MOVE_TOKEN, h + 1, MoveTokenArgs(h, moved)))


@on_effect(SURVIVAL_CHECK, "move_token")
def can_move_token(s: State, h: int, *, token: str) -> bool:
    return bool(s.artemia) if token == "artemia" else bool(s.creature_token)


@on_legal(D_WHICH_TOKEN)
def which_token_options(s: State, d: Decision) -> list[int]:
    """Wrong Track under Clone may move the clone (the Target token) instead (reference A.8)."""
    return [OPT_CREATURE_TOKEN, OPT_TARGET_TOKEN]


@on_resolve(D_WHICH_TOKEN)
def resolve_which_token(s: State, d: Decision, action: int) -> None:
    args: WhichTokenArgs = d.payload
    token = T_CREATURE if action == OPT_CREATURE_TOKEN else T_TARGET
    push(s, Decision(D_MOVE_TOKEN, args.hunted + 1, MoveTokenArgs(args.hunted, token)))


def token_places(s: State, token: int) -> int:
    if token == T_CREATURE:
        return bit(s.creature_token)
    return s.target if token == T_TARGET else s.artemia


@on_legal(D_MOVE_TOKEN)
def move_token_options(s: State, d: Decision) -> list[int]:
    """Destinations adjacent to the token's place (to either place for a two-place token)."""
    args: MoveTokenArgs = d.payload
    here = token_places(s, args.token)
    adjacent = s.game.data.adjacent
    near = 0
    for p in range(10):
        if here >> p & 1:
            near |= adjacent[p]
    return PLACE.ids_of_mask(near)


@on_resolve(D_MOVE_TOKEN)
def resolve_move_token(s: State, d: Decision, action: int) -> None:
    args: MoveTokenArgs = d.payload
    place = place_of(action)
    if args.token == T_CREATURE:
        s.creature_token = place
    elif args.token == T_TARGET:
        s.target = bit(place)
    else:
        s.artemia = bit(place)
    s.log("move_token", args.hunted + 1, hunted=args.hunted, token=args.token, place=place)


# -- phase 4 ------------------------------------------------------------------------------
@on_effect(SURVIVAL_EFFECT, "amplifier")
def amplifier(s: State, h: int) -> None:
    s.beacon = False
    advance_rescue(s, 1)


@on_effect(SURVIVAL_CHECK, "amplifier")
def can_amplifier(s: State, h: int) -> bool:
    return s.beacon


@on_effect(SURVIVAL_EFFECT, "double_back")
def double_back(s: State, h: int) -> None:
    slots = [i for i, p in enumerate(s.played[h]) if p]
    if len(slots) == 1:
        return_played_card(s, h, slots[0])
    else:
        push(s, Decision(D_DOUBLE_BACK, h + 1, DoubleBackArgs(h)))


@on_effect(SURVIVAL_CHECK, "double_back")
def can_double_back(s: State, h: int) -> bool:
    return any(s.played[h])


@on_legal(D_DOUBLE_BACK)
def double_back_options(s: State, d: Decision) -> list[int]:
    args: DoubleBackArgs = d.payload
    return sorted({place_id(p) for p in s.played[args.hunted] if p})


@on_resolve(D_DOUBLE_BACK)
def resolve_double_back(s: State, d: Decision, action: int) -> None:
    args: DoubleBackArgs = d.payload
    h = args.hunted
    return_played_card(s, h, s.played[h].index(place_of(action)))


# Detector, Dodge, Drone and Gate run through reckoning.py and places.py at their moment.
@on_effect(SURVIVAL_EFFECT, AT_CATCH)
def ignore_token(s: State, h: int, *, token: str) -> None:
    s.log("ignore_token", h + 1, hunted=h, token=token)


@on_effect(SURVIVAL_EFFECT, AT_RESOLVE)
def replace_power(s: State, h: int, *, power: str) -> None:  # pragma: no cover
    raise AssertionError("Drone and Gate are resolved by places.resolve_place_choice")


@on_effect(SURVIVAL_CHECK, AT_CATCH)
def can_ignore_token(s: State, h: int, *, token: str) -> bool:
    return True
