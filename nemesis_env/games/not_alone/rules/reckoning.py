"""Phase 3, Reckoning: River choice, reveal, then places by token, in BGA's order.

Sources: seed 003 phase 3 and the Alžběta/Jiří/Barbora/Michal/Jan example;
not-alone-reference.md A.4 Phase 3 steps 0-6 and A.10. Order: token-free places (Hunted
clockwise from the Creature's left), the Target token, the Artemia token, the Creature
token (Assimilation +1 once if anyone was caught), then Hunted at 0 Will.
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, on_stage, push
from nemesis_env.games.not_alone.actions import (
    OPT_DISCARD_TWO,
    OPT_LOSE_WILL,
    PASS,
    PLACE,
    SURVIVAL,
    place_id,
    place_of,
)
from nemesis_env.games.not_alone.rules.common import (
    LAIR,
    advance_assimilation,
    bit,
    discard_from_hand,
    lose_will,
    return_played_card,
    survival_playable,
    take_back_all,
    token_mask,
)
from nemesis_env.games.not_alone.rules.hunt_cards import open_creature_window
from nemesis_env.games.not_alone.rules.kinds import (
    A_ARTEMIA_HIT,
    A_CREATURE_HIT,
    D_CATCH_SURVIVAL,
    D_DISCARD_PLACE,
    D_RIVER,
    D_SCREAM,
    D_TOXIN,
    S_P3_ARTEMIA,
    S_P3_CATCH,
    S_P3_CREATURE,
    S_P3_FREE,
    S_P3_HUNTED,
    S_P3_REVEAL,
    S_P3_RIVER,
    S_P3_TARGET,
    S_P3_ZERO,
    S_P4_CREATURE,
    T_ARTEMIA,
    T_CREATURE,
)
from nemesis_env.games.not_alone.rules.payloads import (
    ArtemiaHitArgs,
    CatchArgs,
    CreatureHitArgs,
    DiscardPlaceArgs,
    RiverArgs,
    ScreamArgs,
    ToxinArgs,
)
from nemesis_env.games.not_alone.rules.places import resolution_steps
from nemesis_env.games.not_alone.rules.survival_cards import open_hunted_window, play_survival
from nemesis_env.games.not_alone.state import (
    F_ANTICIPATION_HIT,
    F_CAUGHT,
    F_CLONE,
    F_FIERCENESS,
    F_FIERCENESS2,
    F_MUTATION,
    F_REVEALED,
    F_SCREAM,
    F_TOXIN,
    RIVER_EFFECT,
    State,
)

DETECTOR, DODGE = 7, 8  # survival indices (checked against the data in game.py)


def per_hunted(s: State, next_stage: int) -> int:
    """Advances the stage cursor; returns the Hunted to handle, or -1 when all are done."""
    h = s.cursor
    if h == s.num_hunted:
        s.cursor = 0
        s.stage = next_stage
        return -1
    s.cursor += 1
    return h


@on_stage(S_P3_RIVER)
def river_choices(s: State) -> None:
    h = per_hunted(s, S_P3_REVEAL)
    if h >= 0 and s.this_effect[h] == RIVER_EFFECT and len(s.played[h]) == 2:
        push(s, Decision(D_RIVER, h + 1, RiverArgs(h)))


@on_legal(D_RIVER)
def river_options(s: State, d: Decision) -> list[int]:
    args: RiverArgs = d.payload
    return sorted(place_id(p) for p in s.played[args.hunted])


@on_resolve(D_RIVER)
def resolve_river(s: State, d: Decision, action: int) -> None:
    """Keep one of the two cards; the other goes back to hand before the reveal (A.4 step 0)."""
    args: RiverArgs = d.payload
    h, kept = args.hunted, place_of(action)
    for place in s.played[h]:
        if place != kept:
            s.hand[h] |= bit(place)
    s.played[h] = [kept]
    s.log("river", h + 1, hunted=h, place=kept, visible_to=frozenset({h + 1}), hidden=("place",))


@on_stage(S_P3_REVEAL)
def reveal(s: State) -> None:
    s.flags |= F_REVEALED
    for h in range(s.num_hunted):
        s.location[h] = s.played[h][:]
        s.log("reveal", h + 1, hunted=h, places=tuple(s.played[h]))
    s.stage = S_P3_CREATURE


@on_stage(S_P3_CREATURE)
def creature_phase_three(s: State) -> None:
    s.stage = S_P3_HUNTED
    s.cursor = 0
    open_creature_window(s, 3)


@on_stage(S_P3_HUNTED)
def hunted_phase_three(s: State) -> None:
    h = per_hunted(s, S_P3_FREE)
    if h >= 0:
        open_hunted_window(s, h, 3)


@on_stage(S_P3_FREE)
def token_free_places(s: State) -> None:
    h = per_hunted(s, S_P3_TARGET)
    if h >= 0:
        tokens = token_mask(s)
        slots = [i for i, p in enumerate(s.location[h]) if not tokens & bit(p)]
        push(s, *resolution_steps(s, h, slots))


@on_stage(S_P3_TARGET)
def target_token(s: State) -> None:
    """Apply the Target card's effect there, then resolve the place if still allowed.

    Reference A.4 step 3: not when the place is ineffective (Mirage, Toxin), when the
    Creature or Artemia token is also there, or under Clone (the target is a Creature token).
    """
    if not s.target:
        s.stage = S_P3_ARTEMIA
        return
    h = per_hunted(s, S_P3_ARTEMIA)
    if h < 0:
        return
    slots = [i for i, p in enumerate(s.location[h]) if s.target & bit(p)]
    steps: list[Decision] = []
    if s.flags & F_SCREAM:
        steps += [Decision(D_SCREAM, h + 1, ScreamArgs(h))] * len(slots)
    if s.flags & F_TOXIN and s.survival[h] and slots:
        # one discard per targeted place, asked again only while survival cards remain
        steps.append(Decision(D_TOXIN, h + 1, ToxinArgs(h, len(slots))))
    other_tokens = s.artemia | (bit(s.creature_token) if s.creature_token else 0)
    usable = [i for i in slots if not other_tokens & bit(s.location[h][i])]
    if s.flags & F_CLONE:
        usable = []
    push(s, *steps, *resolution_steps(s, h, usable))


@on_stage(S_P3_ARTEMIA)
def artemia_token(s: State) -> None:
    h = per_hunted(s, S_P3_CATCH)
    if h < 0:
        return
    hits = sum(1 for p in s.location[h] if s.artemia & bit(p))
    if hits:
        if survival_playable(s, h):
            push(s, Decision(D_CATCH_SURVIVAL, h + 1, CatchArgs(h, T_ARTEMIA, hits)))
        else:
            push(s, Decision(A_ARTEMIA_HIT, AUTO, ArtemiaHitArgs(h, hits)))


@on_auto(A_ARTEMIA_HIT)
def artemia_hit(s: State, d: Decision) -> None:
    """Discard 1 place card per catch; Mutation adds 1 Will per catch (reference A.4 step 4)."""
    args: ArtemiaHitArgs = d.payload
    h, hits = args.hunted, args.hits
    s.log("artemia_catch", h + 1, hunted=h, hits=hits)
    if s.flags & F_MUTATION:
        lose_will(s, h, hits)
    count = min(hits, s.hand[h].bit_count())
    if count:
        push(s, Decision(D_DISCARD_PLACE, h + 1, DiscardPlaceArgs(h, count)))


def creature_catches(s: State, h: int) -> tuple[int, int]:
    """(places caught on, Will lost) for Hunted h.

    Each place holding the Creature token or Clone's target catches once (a place with both
    counts once, as in BGA) and costs 1 Will, 2 at the Lair (reference A.4 step 5: Will "for
    each place"); Fierceness adds 1 per caught Hunted (BGA).
    """
    creature = (bit(s.creature_token) if s.creature_token else 0) | (
        s.target if s.flags & F_CLONE else 0
    )
    catches = will = 0
    for place in s.location[h]:
        if creature & bit(place):
            catches += 1
            will += 2 if place == LAIR else 1
    if catches:
        will += (1 if s.flags & F_FIERCENESS else 0) + (1 if s.flags & F_FIERCENESS2 else 0)
    return catches, will


@on_stage(S_P3_CATCH)
def creature_token(s: State) -> None:
    h = per_hunted(s, S_P3_ZERO)
    if h < 0:
        if s.flags & F_CAUGHT:
            advance_assimilation(s, 1)  # once, however many were caught (seed 003)
            if s.flags & F_ANTICIPATION_HIT and not s.terminal:
                advance_assimilation(s, 1)
        return
    catches, _ = creature_catches(s, h)
    if catches:
        if survival_playable(s, h):
            push(s, Decision(D_CATCH_SURVIVAL, h + 1, CatchArgs(h, T_CREATURE, catches)))
        else:
            push(s, Decision(A_CREATURE_HIT, AUTO, CreatureHitArgs(h)))


@on_auto(A_CREATURE_HIT)
def creature_hit(s: State, d: Decision) -> None:
    args: CreatureHitArgs = d.payload
    h = args.hunted
    _, will = creature_catches(s, h)
    s.log("caught", h + 1, hunted=h)
    lose_will(s, h, will)
    s.flags |= F_CAUGHT
    if h == s.anticipation:
        s.flags |= F_ANTICIPATION_HIT


@on_legal(D_CATCH_SURVIVAL)
def catch_survival_options(s: State, d: Decision) -> list[int]:
    """Detector (Artemia token) or Dodge (Creature token), played before the token resolves."""
    args: CatchArgs = d.payload
    card = DETECTOR if args.token == T_ARTEMIA else DODGE
    return [PASS, SURVIVAL.id(card)] if s.survival[args.hunted] >> card & 1 else [PASS]


@on_resolve(D_CATCH_SURVIVAL)
def resolve_catch_survival(s: State, d: Decision, action: int) -> None:
    args: CatchArgs = d.payload
    h = args.hunted
    if action != PASS:
        play_survival(s, h, SURVIVAL.arg(action))
        push(s, *resolution_steps(s, h, freed_slots(s, h, args.token)))
    elif args.token == T_ARTEMIA:
        push(s, Decision(A_ARTEMIA_HIT, AUTO, ArtemiaHitArgs(h, args.hits)))
    else:
        push(s, Decision(A_CREATURE_HIT, AUTO, CreatureHitArgs(h)))


def freed_slots(s: State, h: int, token: int) -> list[int]:
    """Slots on the ignored token's place with no other token: the Hunted uses them as if the
    ignored token were not there (Detector/Dodge "ignore the token's effects for you";
    docs/rules-decisions.md)."""
    creature = (bit(s.creature_token) if s.creature_token else 0) | (
        s.target if s.flags & F_CLONE else 0
    )
    ignored, others = (s.artemia, creature) if token == T_ARTEMIA else (creature, s.artemia)
    return [i for i, p in enumerate(s.location[h]) if ignored & bit(p) and not others & bit(p)]


@on_stage(S_P3_ZERO)
def lost_last_will(s: State) -> None:
    """Hunted at 0 Will regain Will (2 in Expert) and all place cards; Assimilation moves."""
    params = s.game.params
    fresh = 2 if params.expert else s.game.data.board.starting_will
    broken = [h for h in range(s.num_hunted) if s.will[h] == 0]
    for h in broken:
        s.will[h] = fresh
        take_back_all(s, h)
        for slot, place in enumerate(s.played[h]):  # "all their place cards" (seed 003)
            if place:
                return_played_card(s, h, slot)
    s.stage = S_P4_CREATURE
    s.cursor = 0
    if broken:
        advance_assimilation(s, 1 if params.zero_will_assimilation == "once" else len(broken))


@on_legal(D_SCREAM)
def scream_options(s: State, d: Decision) -> list[int]:
    """Discard 2 place cards or lose 1 Will, the Hunted's choice (reference A.7)."""
    args: ScreamArgs = d.payload
    if s.hand[args.hunted].bit_count() >= 2:
        return [OPT_LOSE_WILL, OPT_DISCARD_TWO]
    return [OPT_LOSE_WILL]


@on_resolve(D_SCREAM)
def resolve_scream(s: State, d: Decision, action: int) -> None:
    args: ScreamArgs = d.payload
    h = args.hunted
    if action == OPT_LOSE_WILL:
        lose_will(s, h, 1)
    else:
        push(s, Decision(D_DISCARD_PLACE, h + 1, DiscardPlaceArgs(h, 2)))


@on_legal(D_TOXIN)
def toxin_options(s: State, d: Decision) -> list[int]:
    args: ToxinArgs = d.payload
    return SURVIVAL.ids_of_mask(s.survival[args.hunted])


@on_resolve(D_TOXIN)
def resolve_toxin(s: State, d: Decision, action: int) -> None:
    args: ToxinArgs = d.payload
    h, card = args.hunted, SURVIVAL.arg(action)
    s.survival[h] &= ~(1 << card)
    s.surv_discard.append(card)
    s.log("toxin", h + 1, hunted=h, card=card)
    if args.remaining > 1 and s.survival[h]:
        push(s, Decision(d.kind, d.chooser, ToxinArgs(h, args.remaining - 1)))


@on_legal(D_DISCARD_PLACE)
def discard_place_options(s: State, d: Decision) -> list[int]:
    args: DiscardPlaceArgs = d.payload
    return PLACE.ids_of_mask(s.hand[args.hunted])


@on_resolve(D_DISCARD_PLACE)
def resolve_discard_place(s: State, d: Decision, action: int) -> None:
    args: DiscardPlaceArgs = d.payload
    h = args.hunted
    discard_from_hand(s, h, place_of(action))
    if args.remaining > 1 and s.hand[h]:
        push(s, Decision(d.kind, d.chooser, DiscardPlaceArgs(h, args.remaining - 1)))
