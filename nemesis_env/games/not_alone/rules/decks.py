"""Drawing from the hunt and survival decks, and Strike Back's random pick: the chance nodes.

Both decks are core.zones.Decks. Their unseen part is a set until drawn, so a draw is uniform
over the cards left (shared/DESIGN.md §2). Cards put under the hunt deck by Strike Back are
known to the Creature and come out in order once the unseen part is used up.
"""

from __future__ import annotations

from nemesis_env.core.engine import Decision, on_outcomes, on_prepare, on_resolve
from nemesis_env.games.not_alone.actions import SURVIVAL_CARD
from nemesis_env.games.not_alone.rules.common import (
    indices_of,
    open_drawn_card_window,
    refill_hunt_deck,
    refill_survival_deck,
)
from nemesis_env.games.not_alone.rules.kinds import (
    D_DRAW_HUNT,
    D_DRAW_SURVIVAL,
    D_STRIKE_BACK,
)
from nemesis_env.games.not_alone.rules.payloads import DrawSurvivalArgs
from nemesis_env.games.not_alone.state import CREATURE, CREATURE_ONLY, State

SHELTER_DRAW = 1  # purpose of a survival draw that lands in the Shelter's pick


def _uniform(ids: list[int]) -> list[tuple[int, float]]:
    p = 1.0 / len(ids)
    return [(i, p) for i in ids]


@on_prepare(D_DRAW_HUNT)
def prepare_hunt_draw(s: State) -> None:
    refill_hunt_deck(s)


@on_prepare(D_DRAW_SURVIVAL)
def prepare_survival_draw(s: State) -> None:
    refill_survival_deck(s)


@on_outcomes(D_DRAW_HUNT)
def hunt_draw_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    return s.hunt_deck.draw_outcomes()  # empty when nothing is left: settle() skips the draw


@on_resolve(D_DRAW_HUNT)
def resolve_hunt_draw(s: State, d: Decision, card: int) -> None:
    s.edit_hunt_deck().draw(card)
    s.hunt_hand |= 1 << card
    s.log("draw_hunt", CREATURE, card=card, visible_to=frozenset({CREATURE}), hidden=("card",))


@on_outcomes(D_DRAW_SURVIVAL)
def survival_draw_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    return [(SURVIVAL_CARD.id(i), p) for i, p in s.surv_deck.draw_outcomes()]


@on_resolve(D_DRAW_SURVIVAL)
def resolve_survival_draw(s: State, d: Decision, outcome: int) -> None:
    args: DrawSurvivalArgs = d.payload
    h, purpose = args.hunted, args.purpose
    card = SURVIVAL_CARD.arg(outcome)
    s.edit_surv_deck().draw(card)
    s.survival[h] |= 1 << card
    if purpose == SHELTER_DRAW:
        s.shelter_drawn[h] |= 1 << card
    own = frozenset({h + 1})
    s.log("draw_survival", h + 1, hunted=h, card=card, visible_to=own, hidden=("card",))
    if purpose != SHELTER_DRAW:  # the Shelter's window opens once its card is kept
        open_drawn_card_window(s, h)


@on_outcomes(D_STRIKE_BACK)
def strike_back_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    if not s.hunt_hand:
        return []
    return _uniform(indices_of(s.hunt_hand, 20))


@on_resolve(D_STRIKE_BACK)
def resolve_strike_back(s: State, d: Decision, card: int) -> None:
    s.hunt_hand &= ~(1 << card)
    s.edit_hunt_deck().put_bottom(card, CREATURE_ONLY)
    s.log("strike_back", CREATURE, card=card, visible_to=frozenset({CREATURE}), hidden=("card",))
