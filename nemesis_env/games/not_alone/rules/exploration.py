"""Phase 1, Exploration: Resist, Give Up, and playing Place cards face down.

Sources: seed 003 "A turn has 4 phases" (1. Exploration) and the Barbora example;
not-alone-reference.md A.4 Phase 1. Exploration is simultaneous in the rules; here each
Hunted chooses in seat order, and the chosen cards stay private until the Reckoning's reveal,
so a later Hunted learns nothing about earlier choices (docs/rules-decisions.md).
"""

from __future__ import annotations

from nemesis_env.core.engine import Decision, on_legal, on_resolve, on_stage, push
from nemesis_env.games.not_alone.actions import (
    OPT_GIVE_UP,
    OPT_RESIST,
    PLACE,
    SURVIVAL,
    place_of,
)
from nemesis_env.games.not_alone.rules.common import (
    advance_assimilation,
    bit,
    discard_from_hand,
    return_played_card,
    survival_playable,
    take_back,
    take_back_all,
)
from nemesis_env.games.not_alone.rules.hunt_cards import open_creature_window
from nemesis_env.games.not_alone.rules.kinds import (
    D_EXPLORE,
    D_SACRIFICE,
    D_TAKE_BACK,
    S_P1_CREATURE,
    S_P1_HUNTED,
    S_P2_CREATURE,
)
from nemesis_env.games.not_alone.rules.payloads import ExploreArgs, SacrificeArgs, TakeBackArgs
from nemesis_env.games.not_alone.rules.survival_cards import play_survival, playable_survival
from nemesis_env.games.not_alone.state import NO_EFFECT, State


@on_stage(S_P1_CREATURE)
def creature_phase_one(s: State) -> None:
    s.stage = S_P1_HUNTED
    s.cursor = 0
    open_creature_window(s, 1)


@on_stage(S_P1_HUNTED)
def next_explorer(s: State) -> None:
    h = s.cursor
    if h == s.num_hunted:
        s.cursor = 0
        s.stage = S_P2_CREATURE
        return
    s.cursor += 1
    push(s, Decision(D_EXPLORE, h + 1, ExploreArgs(h)))


def cards_to_play(s: State, h: int) -> int:
    """One place card, or two with a River or Artefact effect pending (reference A.6)."""
    return (1 if s.this_effect[h] == NO_EFFECT else 2) - len(s.played[h])


def can_give_up(s: State, h: int) -> bool:
    """Resist or Give Up, not both (reference A.4: "one of the following"); Give Up is refused
    with full Will and an empty discard (BGA)."""
    if s.resists[h] or s.gave_up[h]:
        return False
    return s.will[h] < s.game.data.board.starting_will or bool(s.discard[h])


def can_resist(s: State, h: int) -> bool:
    """1 Will for 2 cards, at most twice (2 Will for 4 cards, seed 003); not after a Give Up."""
    return not s.gave_up[h] and s.resists[h] < 2 and s.will[h] >= 1 and bool(s.discard[h])


@on_legal(D_EXPLORE)
def explore_options(s: State, d: Decision) -> list[int]:
    args: ExploreArgs = d.payload
    h = args.hunted
    legal: list[int] = []
    playable = s.hand[h] & ~s.forbidden
    if playable.bit_count() >= cards_to_play(s, h):
        legal += PLACE.ids_of_mask(playable)
    if not s.played[h]:
        if survival_playable(s, h):
            legal += [SURVIVAL.id(c) for c in playable_survival(s, h, 1)]
        if can_resist(s, h):
            legal.append(OPT_RESIST)
        if can_give_up(s, h):
            legal.append(OPT_GIVE_UP)
    return legal


@on_resolve(D_EXPLORE)
def resolve_explore(s: State, d: Decision, action: int) -> None:
    args: ExploreArgs = d.payload
    h = args.hunted
    if action in PLACE:
        place = place_of(action)
        s.hand[h] &= ~bit(place)
        s.played[h].append(place)
        own = frozenset({h + 1})
        s.log("play_place", h + 1, hunted=h, place=place, visible_to=own, hidden=("place",))
        if cards_to_play(s, h) > 0:
            push(s, d)
        return
    push(s, d)  # the Hunted still has to play a place card afterwards
    if action == OPT_RESIST:
        resist(s, h)
    elif action == OPT_GIVE_UP:
        give_up(s, h)
    else:
        play_survival(s, h, SURVIVAL.arg(action))


def resist(s: State, h: int) -> None:
    """Lose 1 Will, take back 2 place cards; losing the last Will forces a Give Up (seed 003)."""
    s.resists[h] += 1
    s.will[h] -= 1
    s.log("resist", h + 1, hunted=h, will=s.will[h])
    if s.will[h] == 0:
        give_up(s, h)
    else:
        push(s, Decision(D_TAKE_BACK, h + 1, TakeBackArgs(h, min(2, len(s.discard[h])))))


def give_up(s: State, h: int) -> None:
    """Regain all Will and every discarded place card; Assimilation +1 (seed 003)."""
    s.gave_up[h] = True
    s.will[h] = s.game.data.board.starting_will
    take_back_all(s, h)
    s.log("give_up", h + 1, hunted=h)
    advance_assimilation(s, 1)


@on_legal(D_TAKE_BACK)
def take_back_options(s: State, d: Decision) -> list[int]:
    args: TakeBackArgs = d.payload
    h = args.hunted
    mask = 0
    for place in s.discard[h]:
        mask |= bit(place)
    if args.played_slot:
        mask |= bit(s.played[h][args.played_slot - 1])
    return PLACE.ids_of_mask(mask)


@on_resolve(D_TAKE_BACK)
def resolve_take_back(s: State, d: Decision, action: int) -> None:
    args: TakeBackArgs = d.payload
    h, place, slot = args.hunted, place_of(action), args.played_slot - 1
    if slot >= 0 and s.played[h][slot] == place:
        return_played_card(s, h, slot)
    else:
        take_back(s, h, place)
    if args.remaining > 1 and s.discard[h]:
        push(s, Decision(d.kind, d.chooser, TakeBackArgs(h, args.remaining - 1)))


@on_legal(D_SACRIFICE)
def sacrifice_options(s: State, d: Decision) -> list[int]:
    args: SacrificeArgs = d.payload
    return PLACE.ids_of_mask(s.hand[args.hunted])


@on_resolve(D_SACRIFICE)
def resolve_sacrifice(s: State, d: Decision, action: int) -> None:
    args: SacrificeArgs = d.payload
    discard_from_hand(s, args.hunted, place_of(action))
