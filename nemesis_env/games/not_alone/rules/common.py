"""Shared small mechanics: counters and the victory check, Will, hands, draws, token masks.

Counter moves check victory at once (not-alone-reference.md A.5: the first counter to reach
the star ends the game immediately).
"""

from __future__ import annotations

from nemesis_env.core.engine import Decision, push
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.rules.kinds import (
    D_DRAW_HUNT,
    D_DRAW_SURVIVAL,
    D_HUNTED_WINDOW,
    D_TAKE_BACK,
    S_P3_ARTEMIA,
    S_P3_CATCH,
    S_P3_FREE,
    S_P3_TARGET,
)
from nemesis_env.games.not_alone.rules.payloads import (
    DrawSurvivalArgs,
    HuntedWindowArgs,
    TakeBackArgs,
)
from nemesis_env.games.not_alone.state import (
    CREATURE,
    F_DESPAIR,
    F_INTERFERENCE,
    F_MIRAGE,
    F_SACRIFICE,
    F_SMOKESCREEN,
    F_TOXIN,
    State,
)

CREATURE_WINS, HUNTED_WIN = 1, 2
BEACH, WRECK, LAIR, ROVER = 4, 8, 1, 5
BEACH_WRECK = (1 << (BEACH - 1)) | (1 << (WRECK - 1))


def bit(place: int) -> int:
    return 1 << (place - 1)


def places_of(mask: int) -> list[int]:
    """Place numbers in a bitmask, ascending."""
    return [p + 1 for p in range(10) if mask >> p & 1]


def indices_of(mask: int, size: int) -> list[int]:
    return [i for i in range(size) if mask >> i & 1]


def end_game(s: State, winner: int) -> None:
    s.terminal = True
    s.winner = winner
    s.stack.clear()
    s.log("game_over", CREATURE, winner="creature" if winner == CREATURE_WINS else "hunted")


def advance_rescue(s: State, spaces: int = 1) -> None:
    s.rescue = max(0, s.rescue - spaces)
    s.log("rescue", CREATURE, counter=s.rescue)
    if s.rescue == 0:
        end_game(s, HUNTED_WIN)


def advance_assimilation(s: State, spaces: int = 1) -> None:
    s.assimilation = max(0, s.assimilation - spaces)
    s.log("assimilation", CREATURE, counter=s.assimilation)
    if s.assimilation == 0:
        end_game(s, CREATURE_WINS)


def lose_will(s: State, h: int, amount: int) -> None:
    s.will[h] = max(0, s.will[h] - amount)
    s.log("will", h + 1, hunted=h, lost=amount, will=s.will[h])


def gain_will(s: State, h: int, amount: int) -> None:
    s.will[h] = min(s.game.data.board.starting_will, s.will[h] + amount)
    s.log("will", h + 1, hunted=h, gained=amount, will=s.will[h])


def discard_watchers(s: State) -> frozenset[int] | None:
    """Who sees which card moves in or out of a discard pile: everyone, or under Smokescreen
    only the Hunted (reference A.8 Smokescreen; rules-decisions 25 and 36)."""
    if s.flags & F_SMOKESCREEN:
        return frozenset(range(1, s.num_hunted + 1))
    return None


def take_back(s: State, h: int, place: int) -> None:
    """Moves a place card from discard to hand (seen by all but a smoked-out Creature)."""
    s.discard[h].remove(place)
    s.hand[h] |= bit(place)
    s.log("take_back", h + 1, visible_to=discard_watchers(s), hidden=("place",), hunted=h,
          place=place)  # fmt: skip


def take_back_all(s: State, h: int) -> None:
    for place in s.discard[h]:
        s.hand[h] |= bit(place)
    s.discard[h].clear()
    s.log("take_back_all", h + 1, hunted=h)


def discard_from_hand(s: State, h: int, place: int) -> None:
    s.hand[h] &= ~bit(place)
    s.discard[h].append(place)
    s.log("discard", h + 1, visible_to=discard_watchers(s), hidden=("place",), hunted=h,
          place=place)  # fmt: skip


def survival_playable(s: State, h: int) -> bool:
    """A Hunted may still play a survival card this turn (one per turn; none under Despair)."""
    return bool(s.survival[h]) and not s.survival_used[h] and not s.flags & F_DESPAIR


RESOLVING_PLACES = (S_P3_FREE, S_P3_TARGET, S_P3_ARTEMIA, S_P3_CATCH)


def open_drawn_card_window(s: State, h: int) -> None:
    """After Hunted h drew survival cards while the Reckoning resolves places, a phase-3 window
    opens again (seed 003: a survival card is played at any time in its phase), so a Hologram
    or Wrong Track drawn at the Source or the Shelter can act before its token resolves.
    Opened on public facts only: the draw is public, and so is `survival_playable`
    (docs/rules-decisions.md 39)."""
    if s.stage in RESOLVING_PLACES and survival_playable(s, h):
        push(s, Decision(D_HUNTED_WINDOW, h + 1, HuntedWindowArgs(h, 3)))


def creature_may_play(s: State) -> bool:
    """Public test for opening a hunt-card window (it never depends on which cards are held)."""
    return s.hunt_limit > 0 and s.hunt_hand != 0 and not s.flags & F_SACRIFICE


def ineffective_mask(s: State) -> int:
    """Places whose power is cancelled this turn (Mirage, Toxin, Cataclysm, Interference)."""
    mask = s.ineffective
    if s.flags & (F_MIRAGE | F_TOXIN):
        mask |= s.target
    if s.flags & F_INTERFERENCE:
        mask |= BEACH_WRECK
    return mask


def token_mask(s: State) -> int:
    mask = s.target | s.artemia
    if s.creature_token:
        mask |= bit(s.creature_token)
    return mask


def draw_hunt_cards(s: State, count: int) -> None:
    if count > 0:
        push(s, *[Decision(D_DRAW_HUNT, CHANCE)] * count)


def draw_survival_card(s: State, h: int, purpose: int = 0) -> None:
    push(s, Decision(D_DRAW_SURVIVAL, CHANCE, DrawSurvivalArgs(h, purpose)))


def refill_hunt_deck(s: State) -> None:
    """An empty hunt deck is rebuilt from the discard pile (reference A.2 step 7)."""
    if not s.hunt_deck and s.hunt_discard:
        s.edit_hunt_deck().shuffle_in(s.hunt_discard)
        s.hunt_discard.clear()
        s.log("reshuffle", CREATURE, deck="hunt")


def refill_survival_deck(s: State) -> None:
    """An empty survival deck is rebuilt from its discard pile (seed 003, Shelter and Source)."""
    if not s.surv_deck and s.surv_discard:
        s.edit_surv_deck().shuffle_in(s.surv_discard)
        s.surv_discard.clear()
        s.log("reshuffle", CREATURE, deck="survival")


def survival_available(s: State) -> bool:
    return bool(s.surv_deck or s.surv_discard)


def return_played_card(s: State, h: int, slot: int) -> None:
    """ "Take back this card": the played card goes to hand instead of the discard pile."""
    place = s.played[h][slot]
    s.played[h][slot] = 0
    s.hand[h] |= bit(place)
    s.log("take_back", h + 1, hunted=h, place=place, played=1)


def push_take_back(s: State, h: int, count: int, self_slot: int = -1) -> None:
    """Asks Hunted h to take back up to `count` cards (the played card in self_slot allowed)."""
    available = len(s.discard[h]) + (1 if self_slot >= 0 and s.played[h][self_slot] else 0)
    count = min(count, available)
    if count > 0:
        push(s, Decision(D_TAKE_BACK, h + 1, TakeBackArgs(h, count, self_slot + 1)))
