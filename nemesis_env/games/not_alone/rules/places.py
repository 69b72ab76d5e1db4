"""Resolving a Hunted's place in the Reckoning, and the power of every place card.

Sources: seed 003 (Reckoning bullets, place clarifications: Lair, Beach, Wreck, Artefact,
Shelter and Source) and not-alone-reference.md A.6 (every power and its BGA rulings) and
A.10. A Hunted on a usable place either uses its power or takes back 1 discarded place card;
on a place made ineffective by a hunt card they may do neither (seed 003).
"""

from __future__ import annotations

from nemesis_env.core.effects import on_effect
from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    HUNTED,
    OPT_DRAW,
    OPT_TAKE_ALL,
    OPT_USE_POWER,
    PASS,
    PLACE,
    SURVIVAL,
    place_id,
    place_of,
)
from nemesis_env.games.not_alone.effects import (
    PLACE_CHECK,
    PLACE_POWER,
    place_power_usable,
    run_place_power,
)
from nemesis_env.games.not_alone.rules.common import (
    LAIR,
    ROVER,
    advance_rescue,
    bit,
    draw_survival_card,
    gain_will,
    ineffective_mask,
    open_drawn_card_window,
    push_take_back,
    return_played_card,
    survival_available,
    survival_playable,
    take_back,
    take_back_all,
)
from nemesis_env.games.not_alone.rules.decks import SHELTER_DRAW
from nemesis_env.games.not_alone.rules.kinds import (
    A_RESOLVE_SLOT,
    A_SHELTER_DRAWN,
    D_DRAW_SURVIVAL,
    D_GATE,
    D_LAIR,
    D_RESOLVE,
    D_RESOLVE_ORDER,
    D_ROVER,
    D_SHELTER_KEEP,
    D_SOURCE,
)
from nemesis_env.games.not_alone.rules.payloads import (
    DrawSurvivalArgs,
    GateArgs,
    LairArgs,
    ResolveArgs,
    ResolveOrderArgs,
    ResolveSlotArgs,
    RoverArgs,
    ShelterDrawnArgs,
    ShelterKeepArgs,
    SourceArgs,
)
from nemesis_env.games.not_alone.rules.survival_cards import play_survival
from nemesis_env.games.not_alone.state import (
    ARTEFACT_EFFECT,
    F_CLONE,
    F_DESPAIR,
    F_PERSECUTION,
    NO_EFFECT,
    RIVER_EFFECT,
    State,
)

DRONE, GATE = 9, 10  # survival indices (checked against the data in game.py)


# -- choosing what to do on a place ---------------------------------------------------------
@on_auto(A_RESOLVE_SLOT)
def resolve_slot(s: State, d: Decision) -> None:
    """Opens the place choice for one played card unless the place is ineffective or idle.

    Opened on public facts only (docs/rules-decisions.md 37): a discard to take back, a usable
    power, or a Hunted who may still play a survival card at all (their count is public).
    Whether they hold Drone or Gate must not decide it, or the window would reveal them.
    """
    args: ResolveSlotArgs = d.payload
    h, slot = args.hunted, args.slot
    place = s.location[h][slot]
    if ineffective_mask(s) & bit(place):
        s.log("ineffective", h + 1, hunted=h, place=place)
        return
    if s.discard[h] or place_power_usable(s, h, slot, place) or survival_playable(s, h):
        push(s, Decision(D_RESOLVE, h + 1, ResolveArgs(h, slot)))


def resolution_steps(s: State, h: int, slots: list[int]) -> list[Decision]:
    """Steps resolving the given slots; an Artefact player with two chooses the order (A.6)."""
    if len(slots) == 2 and s.location[h][0] != s.location[h][1]:
        return [Decision(D_RESOLVE_ORDER, h + 1, ResolveOrderArgs(h))]
    return [Decision(A_RESOLVE_SLOT, AUTO, ResolveSlotArgs(h, slot)) for slot in slots]


@on_legal(D_RESOLVE_ORDER)
def resolve_order_options(s: State, d: Decision) -> list[int]:
    args: ResolveOrderArgs = d.payload
    return sorted(place_id(p) for p in s.location[args.hunted])


@on_resolve(D_RESOLVE_ORDER)
def resolve_order(s: State, d: Decision, action: int) -> None:
    args: ResolveOrderArgs = d.payload
    h = args.hunted
    first = s.location[h].index(place_of(action))
    push(
        s,
        Decision(A_RESOLVE_SLOT, AUTO, ResolveSlotArgs(h, first)),
        Decision(A_RESOLVE_SLOT, AUTO, ResolveSlotArgs(h, 1 - first)),
    )


def replacement_options(s: State, h: int, slot: int) -> list[int]:
    """Drone (use the Rover instead) and Gate (use an adjacent place instead)."""
    if not survival_playable(s, h):
        return []
    options = []
    if s.survival[h] >> DRONE & 1 and place_power_usable(s, h, slot, ROVER):
        options.append(SURVIVAL.id(DRONE))
    if s.survival[h] >> GATE & 1 and gate_places(s, h, slot):
        options.append(SURVIVAL.id(GATE))
    return options


def place_options(s: State, h: int, slot: int) -> list[int]:
    place = s.location[h][slot]
    options = [PASS]
    if s.discard[h]:
        options += sorted({place_id(p) for p in s.discard[h]})
    options += replacement_options(s, h, slot)
    if place_power_usable(s, h, slot, place):
        options.append(OPT_USE_POWER)
    return options


@on_legal(D_RESOLVE)
def resolve_options(s: State, d: Decision) -> list[int]:
    args: ResolveArgs = d.payload
    return place_options(s, args.hunted, args.slot)


@on_resolve(D_RESOLVE)
def resolve_place_choice(s: State, d: Decision, action: int) -> None:
    args: ResolveArgs = d.payload
    h, slot = args.hunted, args.slot
    if action == PASS:
        return
    if action == OPT_USE_POWER:
        run_place_power(s, h, slot, s.location[h][slot])
    elif action in PLACE:
        take_back(s, h, place_of(action))
    elif action == SURVIVAL.id(DRONE):
        play_survival(s, h, DRONE, run_effect=False)
        run_place_power(s, h, slot, ROVER)
    else:
        play_survival(s, h, GATE, run_effect=False)
        push(s, Decision(D_GATE, h + 1, GateArgs(h, slot)))


def gate_places(s: State, h: int, slot: int) -> list[int]:
    """Adjacent places whose power Gate may borrow (never the Artefact; reference A.6)."""
    near = s.game.data.adjacent[s.location[h][slot] - 1] & ~ineffective_mask(s)
    places = s.game.data.places
    return [
        p + 1
        for p in range(10)
        if near >> p & 1 and places[p].copyable and place_power_usable(s, h, slot, p + 1)
    ]


@on_legal(D_GATE)
def gate_options(s: State, d: Decision) -> list[int]:
    args: GateArgs = d.payload
    return [place_id(p) for p in gate_places(s, args.hunted, args.slot)]


@on_resolve(D_GATE)
def resolve_gate(s: State, d: Decision, action: int) -> None:
    args: GateArgs = d.payload
    run_place_power(s, args.hunted, args.slot, place_of(action))


# -- 1 Lair ---------------------------------------------------------------------------------
def lair_copies(s: State, h: int, slot: int) -> list[int]:
    """Places with the Creature token (or its Clone) whose power the Lair may copy."""
    creature_places = s.target if s.flags & F_CLONE else 0
    if s.creature_token:
        creature_places |= bit(s.creature_token)
    creature_places &= ~ineffective_mask(s) & ~bit(LAIR)
    places = s.game.data.places
    return [
        p + 1
        for p in range(10)
        if creature_places >> p & 1 and places[p].copyable and place_power_usable(s, h, slot, p + 1)
    ]


@on_effect(PLACE_CHECK, "lair")
def can_lair(s: State, h: int, slot: int, place: int) -> bool:
    return bool(s.discard[h]) or bool(lair_copies(s, h, slot))


@on_effect(PLACE_POWER, "lair")
def lair(s: State, h: int, slot: int, place: int) -> None:
    push(s, Decision(D_LAIR, h + 1, LairArgs(h, slot)))


@on_legal(D_LAIR)
def lair_options(s: State, d: Decision) -> list[int]:
    args: LairArgs = d.payload
    options = [place_id(p) for p in lair_copies(s, args.hunted, args.slot)]
    if s.discard[args.hunted]:
        options.append(OPT_TAKE_ALL)
    return options


@on_resolve(D_LAIR)
def resolve_lair(s: State, d: Decision, action: int) -> None:
    args: LairArgs = d.payload
    h, slot = args.hunted, args.slot
    if action != OPT_TAKE_ALL:
        s.log("lair_copy", h + 1, hunted=h, place=place_of(action))
        run_place_power(s, h, slot, place_of(action))
    elif s.flags & F_PERSECUTION:
        push_take_back(s, h, 1)  # Persecution: at most 1 card taken back (reference A.7)
    else:
        take_back_all(s, h)


# -- 2 Jungle, 6 Swamp ----------------------------------------------------------------------
@on_effect(PLACE_CHECK, "take_back_self_and_discards")
def can_take_back_self(s: State, h: int, slot: int, place: int, *, count: int) -> bool:
    return bool(s.played[h][slot]) or bool(s.discard[h])


@on_effect(PLACE_POWER, "take_back_self_and_discards")
def take_back_self_and_discards(s: State, h: int, slot: int, place: int, *, count: int) -> None:
    """Take back this card (the one played here, e.g. the Lair when copying) and `count` more."""
    if s.flags & F_PERSECUTION:
        push_take_back(s, h, 1, self_slot=slot if s.played[h][slot] else -1)
        return
    if s.played[h][slot]:
        return_played_card(s, h, slot)
    push_take_back(s, h, count)


# -- 3 River, 10 Artefact -------------------------------------------------------------------
NEXT_TURN_EFFECTS = {"river": RIVER_EFFECT, "artefact": ARTEFACT_EFFECT}


@on_effect(PLACE_CHECK, "set_next_turn_effect")
def can_set_next_turn_effect(s: State, h: int, slot: int, place: int, *, effect: str) -> bool:
    """Only one of River and Artefact may be pending for a Hunted (reference A.10)."""
    return s.next_effect[h] == NO_EFFECT


@on_effect(PLACE_POWER, "set_next_turn_effect")
def set_next_turn_effect(s: State, h: int, slot: int, place: int, *, effect: str) -> None:
    s.next_effect[h] = NEXT_TURN_EFFECTS[effect]


# -- 4 Beach, 8 Wreck ------------------------------------------------------------------------
@on_effect(PLACE_CHECK, "beach")
def can_beach(s: State, h: int, slot: int, place: int) -> bool:
    return True  # once per turn for the table: checked from the data's once_per_turn


@on_effect(PLACE_POWER, "beach")
def beach(s: State, h: int, slot: int, place: int) -> None:
    """Place the beacon on the Beach, or, if it is there, remove it and advance Rescue."""
    if s.beacon:
        s.beacon = False
        advance_rescue(s, 1)
    else:
        s.beacon = True
        s.log("beacon", h + 1, hunted=h)


@on_effect(PLACE_CHECK, "advance_rescue")
def can_advance_rescue(s: State, h: int, slot: int, place: int, *, amount: int) -> bool:
    return True


@on_effect(PLACE_POWER, "advance_rescue")
def wreck(s: State, h: int, slot: int, place: int, *, amount: int) -> None:
    advance_rescue(s, amount)


# -- 5 Rover ---------------------------------------------------------------------------------
def rover_choices(s: State, h: int) -> list[int]:
    """Reserve places (6-10) with a copy left that the Hunted does not own anywhere."""
    return [6 + i for i in range(5) if s.reserve[i] > 0 and not s.owned[h] & bit(6 + i)]


@on_effect(PLACE_CHECK, "rover")
def can_rover(s: State, h: int, slot: int, place: int) -> bool:
    return bool(rover_choices(s, h))


@on_effect(PLACE_POWER, "rover")
def rover(s: State, h: int, slot: int, place: int) -> None:
    push(s, Decision(D_ROVER, h + 1, RoverArgs(h)))


@on_legal(D_ROVER)
def rover_options(s: State, d: Decision) -> list[int]:
    args: RoverArgs = d.payload
    return [place_id(p) for p in rover_choices(s, args.hunted)]


@on_resolve(D_ROVER)
def resolve_rover(s: State, d: Decision, action: int) -> None:
    args: RoverArgs = d.payload
    h, place = args.hunted, place_of(action)
    s.reserve[place - 6] -= 1
    s.owned[h] |= bit(place)
    s.hand[h] |= bit(place)
    s.log("rover", h + 1, hunted=h, place=place)


# -- 7 Shelter -------------------------------------------------------------------------------
@on_effect(PLACE_CHECK, "shelter")
def can_shelter(s: State, h: int, slot: int, place: int, *, draw: int) -> bool:
    return not s.flags & F_DESPAIR and survival_available(s)


@on_effect(PLACE_POWER, "shelter")
def shelter(s: State, h: int, slot: int, place: int, *, draw: int) -> None:
    """Draw `draw` survival cards, keep one, discard the rest (reference A.6)."""
    s.shelter_drawn[h] = 0
    draws = [Decision(D_DRAW_SURVIVAL, CHANCE, DrawSurvivalArgs(h, SHELTER_DRAW))] * draw
    push(s, *draws, Decision(A_SHELTER_DRAWN, AUTO, ShelterDrawnArgs(h)))


@on_auto(A_SHELTER_DRAWN)
def shelter_drawn(s: State, d: Decision) -> None:
    args: ShelterDrawnArgs = d.payload
    h = args.hunted
    drawn = s.shelter_drawn[h]
    if drawn:
        open_drawn_card_window(s, h)  # pushed first: it opens after the card is kept
    if drawn.bit_count() > 1:
        push(s, Decision(D_SHELTER_KEEP, h + 1, ShelterKeepArgs(h)))
    else:
        s.shelter_drawn[h] = 0


@on_legal(D_SHELTER_KEEP)
def shelter_keep_options(s: State, d: Decision) -> list[int]:
    args: ShelterKeepArgs = d.payload
    drawn = s.shelter_drawn[args.hunted]
    return SURVIVAL.ids_of_mask(drawn)


@on_resolve(D_SHELTER_KEEP)
def resolve_shelter_keep(s: State, d: Decision, action: int) -> None:
    args: ShelterKeepArgs = d.payload
    h, kept = args.hunted, SURVIVAL.arg(action)
    for c in range(15):
        if s.shelter_drawn[h] >> c & 1 and c != kept:
            s.survival[h] &= ~(1 << c)
            s.surv_discard.append(c)
            s.log("discard_survival", h + 1, hunted=h, card=c)
    s.shelter_drawn[h] = 0


# -- 9 Source --------------------------------------------------------------------------------
def source_will_targets(s: State) -> list[int]:
    full = s.game.data.board.starting_will
    return [i for i in range(s.num_hunted) if 0 < s.will[i] < full]


def source_can_draw(s: State) -> bool:
    return not s.flags & F_DESPAIR and survival_available(s)


@on_effect(PLACE_CHECK, "source")
def can_source(s: State, h: int, slot: int, place: int) -> bool:
    return bool(source_will_targets(s)) or source_can_draw(s)


@on_effect(PLACE_POWER, "source")
def source(s: State, h: int, slot: int, place: int) -> None:
    push(s, Decision(D_SOURCE, h + 1, SourceArgs(h)))


@on_legal(D_SOURCE)
def source_options(s: State, d: Decision) -> list[int]:
    options = [HUNTED.id(i) for i in source_will_targets(s)]
    if source_can_draw(s):
        options.append(OPT_DRAW)
    return options


@on_resolve(D_SOURCE)
def resolve_source(s: State, d: Decision, action: int) -> None:
    args: SourceArgs = d.payload
    if action == OPT_DRAW:
        draw_survival_card(s, args.hunted)
    else:
        gain_will(s, HUNTED.arg(action), 1)
