"""Setup (nemesis-reference.md §4.1, §4.2; seed 000).

Everything face down at setup that nobody looks at (room tiles, exploration tokens, the
coordinates card, engine tokens, weaknesses, every deck) stays an undetermined pile in the
state and is drawn when first seen (state.py). What a player sees at setup is dealt here as
chance draws, each seen by its owner only: one Corporate and one Personal objective per player
(cards needing more players than present are out; solo: two Solo/Co-op cards; co-op: one
Solo/Co-op card per player, dealt face up and in force at once, seed 000 "Modes"), then the
character draft in player order (draw 2, keep 1, the other goes back). Every character then
starts in the Hibernatorium with its shuffled Action deck, its starting weapon fully loaded and
its two quest items inactive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.engine import (
    CHANCE,
    Decision,
    on_legal,
    on_outcomes,
    on_resolve,
    on_stage,
    push,
)
from nemesis_env.core.zones import Deck
from nemesis_env.games.nemesis.rules import intruders
from nemesis_env.games.nemesis.rules.kinds import Kind, ObjectiveDeal, SeatArg, Stage
from nemesis_env.games.nemesis.state import State, ev

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

HIBERNATORIUM = 10


@on_stage(Stage.SETUP_OBJECTIVES)
def deal_objectives(s: State) -> None:
    """The Adults go into the bag (their numbers drawn from the box), then the objectives."""
    s.stage = Stage.SETUP_DRAFT
    s.cursor = 0
    deals_per_seat = 1 if s.game.params.mode == "coop" else 2
    for seat in reversed(range(len(s.chars))):
        push(s, *(Decision(Kind.DEAL_OBJECTIVE, CHANCE, ObjectiveDeal(seat, first))
                  for first in (True, False)[:deals_per_seat]))  # fmt: skip
    for _ in range(initial_adults(s.game)):
        intruders.add_to_bag_from_supply(s, intruders.ADULT)


@on_outcomes(Kind.DEAL_OBJECTIVE)
def objective_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    deal: ObjectiveDeal = d.payload
    dealt = {card for c in s.chars for card in c.objectives}
    pool = [o for o in s.game.objective_pool(deal.corporate) if o not in dealt]
    ids = s.game.chance.objective
    return [(ids.id(o), 1.0 / len(pool)) for o in pool]


@on_resolve(Kind.DEAL_OBJECTIVE)
def resolve_objective(s: State, d: Decision, outcome: int) -> None:
    deal: ObjectiveDeal = d.payload
    card = s.game.chance.objective.arg(outcome)
    c = s.chars[deal.seat]
    c.objectives.append(card)
    if s.game.params.mode == "coop":
        # co-op objectives are public and nobody chooses (reference §18.2): in force at once
        s.objectives_seen[card] = (1 << len(s.chars)) - 1
        c.objective = card
        s.log(ev("objective_dealt", deal.seat, (("card", card),)))
        return
    s.log(ev("objective_dealt", deal.seat, (("card", card),), frozenset({deal.seat})))


@on_stage(Stage.SETUP_DRAFT)
def draft_next(s: State) -> None:
    seat = s.cursor
    if seat >= len(s.chars):
        s.stage = Stage.SETUP_CREW
        return
    s.cursor += 1
    push(s, Decision(Kind.DRAFT_DRAW, CHANCE, SeatArg(seat)),
         Decision(Kind.DRAFT_DRAW, CHANCE, SeatArg(seat)),
         Decision(Kind.DRAFT_KEEP, seat, SeatArg(seat)))  # fmt: skip


@on_outcomes(Kind.DRAFT_DRAW)
def draft_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    seat = d.payload.seat
    taken = {c.character for c in s.chars} | set(s.chars[seat].draft)
    pool = [ch for ch in range(s.game.num_characters) if ch not in taken]
    ids = s.game.chance.character
    return [(ids.id(ch), 1.0 / len(pool)) for ch in pool]


@on_resolve(Kind.DRAFT_DRAW)
def resolve_draft_draw(s: State, d: Decision, outcome: int) -> None:
    seat = d.payload.seat
    character = s.game.chance.character.arg(outcome)
    s.chars[seat].draft.append(character)
    s.log(ev("draft_card", seat, (("character", character),), frozenset({seat})))


@on_legal(Kind.DRAFT_KEEP)
def legal_keep(s: State, d: Decision) -> list[int]:
    return sorted(s.game.actions.character.ids(s.chars[d.chooser].draft))


@on_resolve(Kind.DRAFT_KEEP)
def resolve_keep(s: State, d: Decision, action: int) -> None:
    c = s.chars[d.chooser]
    c.character = s.game.actions.character.arg(action)
    c.draft = []  # the other card goes back, unseen by the others
    s.log(ev("character", d.chooser, (("character", c.character),)))


@on_stage(Stage.SETUP_CREW)
def place_crew(s: State) -> None:
    game = s.game
    for c in s.chars:
        c.room = HIBERNATORIUM
        c.deck = Deck(game.character_deck(c.character))
        weapon = game.starting_weapon(c.character)
        c.heavy = [weapon]
        c.heavy_ammo = [game.item_capacity(weapon)]
        c.quest_active = [False, False]
    s.first_player = 0
    s.stage = Stage.DRAW
    s.log(ev("setup_done", -1, ()))


def initial_adults(game: NemesisGame) -> int:
    """3 + players Adult tokens go into the bag at setup (§4.1 step 9)."""
    intruders_def = game.data.intruders
    return (
        intruders_def.initial_bag.get("adult", 0)
        + intruders_def.initial_bag_per_player.get("adult", 0) * game.params.players
    )
