"""Action cards (nemesis-reference.md §6.1, §14, FAQ §19): playing a card from hand as a round
action. The cards themselves are in cards_common.py (the shared cards), cards_crew.py (Captain,
Soldier, Scout) and cards_tech.py (Pilot, Scientist, Mechanic); the reactions are
Interruption (rules/reactions.py) and Nerves of Steel (cards_crew.py).

A card may be played when its timing allows it (in Combat only, out of Combat only, or any;
in Combat = an Intruder in the character's room, §6.1), its cost can be paid with the other
Action cards in hand (contamination cards never pay), and its own conditions hold. Playing it
puts it on the discard pile; the cost is paid, the others in the room may interrupt it (it
stays paid), then its effect runs (CARD_PLAY).

Round-action API (rules/actions_menu.py): OWNS, FREE, round_actions, perform.
"""

from __future__ import annotations

from nemesis_env.core.engine import AUTO, Decision, on_auto, on_legal, on_resolve, push
from nemesis_env.games.nemesis.rules import cards_common, cards_crew, cards_tech, player_phase
from nemesis_env.games.nemesis.rules.cards_base import STEPS, CardDef, Step
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, State, ev

OWNS = frozenset({"play_card"})
FREE: frozenset[str] = frozenset()

CARDS: dict[str, CardDef] = {**cards_common.CARDS, **cards_crew.CARDS, **cards_tech.CARDS}
TIMING_OK = {  # timing -> allowed (in Combat, out of Combat)
    "any": (True, True),
    "combat_only": (True, False),
    "out_of_combat": (False, True),
}


def playable(s: State, seat: int, card: int) -> bool:
    """Timing, cost from the other cards in hand, and the card's own conditions (§6.1)."""
    d = s.game.data.action_cards[card]
    if d.reaction:
        return False
    in_combat, out_of_combat = TIMING_OK[d.timing]
    if not (in_combat if s.in_combat(seat) else out_of_combat):
        return False
    if not player_phase.can_pay(s, seat, d.cost, exclude=card):
        return False
    return CARDS[d.id].playable(s, seat)


def round_actions(s: State, seat: int) -> list[int]:
    acts = s.game.actions
    hand = {card for card in s.chars[seat].hand if not s.game.is_contamination(card)}
    return [acts.play_card.id(card) for card in sorted(hand) if playable(s, seat, card)]


def perform(s: State, seat: int, action: int) -> int:
    """The card goes face up to the discard pile; its effect waits for the cost and the
    Interruption windows (actions_menu.perform pushes those above it)."""
    card = s.game.actions.play_card.arg(action)
    c = s.chars[seat]
    c.hand.remove(card)
    c.discard.append(card)
    s.log(ev("play_card", seat, (("card", card),)))
    push(s, Decision(Kind.CARD_PLAY, AUTO, Step(seat, card)))
    return s.game.data.action_cards[card].cost


@on_auto(Kind.CARD_PLAY)
def card_play(s: State, d: Decision) -> None:
    st: Step = d.payload
    if s.chars[st.seat].status != ACTIVE:
        return
    CARDS[s.game.tables.cards[st.card]].play(s, st)


# -- the cards' sub-decisions (declared in the cards_* modules with cards_base.step) ----------
def step_legal(s: State, d: Decision) -> list[int]:
    return sorted(STEPS[Kind(d.kind)].choices(s, d.payload))


def step_resolve(s: State, d: Decision, action: int) -> None:
    STEPS[Kind(d.kind)].apply(s, d.payload, action)


for _kind in STEPS:
    on_legal(_kind)(step_legal)
    on_resolve(_kind)(step_resolve)

__all__ = ["CARDS", "OWNS", "playable", "round_actions"]


def search_room(s: State, seat: int, *, ignore_counter: bool) -> None:
    """The Search of the Action cards started by something else (the Flashlight quest item):
    the same draw-2-keep-1 flow (cards_common), lowering the room's item counter if it has any.
    `ignore_counter` is the caller's check (`can_search`); the flow itself never refuses."""
    from nemesis_env.games.nemesis.rules import cards_base, cards_common

    search = s.game.tables.card_index["search"]
    cards_common.search_flow(s, cards_base.Step(seat, search))
