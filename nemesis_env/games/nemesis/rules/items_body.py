"""Item effects on characters: wounds, slime, cards, contamination and turns
(nemesis-reference.md §13.2 Clothes, §13.3 green items, §13.4 Antidote, §8.1-§8.3, §14
Orbital Maneuvering System; FAQ §19).

Dressing flips a serious wound (its effect stops, it still counts); healing removes a light
wound or discards a dressed serious wound (§8.1). Medkit and Bandages may treat another
character in the user's room (FAQ §13.3): the patient is `Use.target`. A contamination card
removed by Alcohol or the Antidote leaves the game (§8.2); Alcohol on an INFECTED card gives a
new contamination card and no Larva (FAQ).
"""

from __future__ import annotations

from nemesis_env.core.engine import CHANCE, Decision, push
from nemesis_env.games.nemesis.rules import contamination, ending, wounds
from nemesis_env.games.nemesis.rules.items_base import (
    OpRule,
    Params,
    Then,
    Use,
    always,
    ask,
    current,
    patient,
    pick,
    then,
)
from nemesis_env.games.nemesis.rules.kinds import SCAN_HAND, Kind, SeatArg
from nemesis_env.games.nemesis.state import ACTIVE, IN_POD, State, ev

UNLIMITED_ACTIONS = 1000  # Adrenaline Injection: the round goes on until the player passes


def force_pass(s: State, seat: int) -> None:
    """The character passes at once (Antidote, Orbital Maneuvering System): no cards are
    discarded; an undressed Bleeding wound still hurts (§5.1, §8.1)."""
    c = s.chars[seat]
    if c.passed:
        return
    c.passed = True
    s.log(ev("pass", seat, ()))
    if c.status == ACTIVE and wounds.has_wound(s, seat, "bleeding"):
        wounds.light_wounds(s, seat, 1)


# -- wounds and slime ------------------------------------------------------------------------------
def _wounds(s: State, use: Use, dressed: bool) -> list[int]:
    """Board places of the patient's serious wounds, dressed or not; one per wound type, as
    two wounds of a type are alike."""
    serious = s.chars[patient(use)].serious
    types = s.game.wound_type
    seen: set[str] = set()
    places = []
    for place, card in enumerate(serious):
        kind = types[~card] if card < 0 else types[card]
        if (card < 0) == dressed and kind not in seen:
            seen.add(kind)
            places.append(place)
    return places


def _wound_op(dressed: bool) -> OpRule:
    """Dress an undressed wound, or heal (discard) a dressed one, of the patient's choice."""

    def places(s: State, use: Use, p: Params) -> list[int]:
        return _wounds(s, use, dressed)

    def act(s: State, use: Use, p: Params, place: int) -> None:
        c = s.chars[patient(use)]
        if dressed:
            s.wound_discard.append(~c.serious.pop(place))
        else:
            c.serious[place] = ~c.serious[place]
        s.log(ev("healed" if dressed else "dressed", patient(use), (("by", use.seat),)))

    return pick(Kind.ITEM_WOUND, "option", places, act)


def _heal_light(s: State, use: Use, p: Params) -> None:
    s.chars[patient(use)].light_wounds = 0
    s.log(ev("healed_light", patient(use), (("by", use.seat),)))


def _slime_off(s: State, use: Use, p: Params) -> None:
    s.chars[patient(use)].slime = False
    s.log(ev("slime_off", patient(use), ()))


# -- cards and turns -------------------------------------------------------------------------------
def draw_cards(s: State, seat: int, count: int) -> None:
    for _ in range(count):
        push(s, Decision(Kind.DRAW_ACTION, CHANCE, SeatArg(seat)))


def _draw(s: State, use: Use, p: Params) -> None:
    draw_cards(s, use.seat, int(p["count"]))


def _unlimited(s: State, use: Use, p: Params) -> None:
    """Adrenaline Injection: any number of actions this round; passing ends it (§13.3)."""
    s.chars[use.seat].actions_left = UNLIMITED_ACTIONS


def _everyone_passes(s: State, use: Use, p: Params) -> None:
    for seat, c in enumerate(s.chars):
        if c.status in (ACTIVE, IN_POD):
            force_pass(s, seat)


def _skip_step(s: State, use: Use, p: Params) -> None:
    s.skip_intruder_attacks = True
    s.log(ev("intruder_attacks_skipped", use.seat, ()))


def _contamination_in_hand(s: State, seat: int) -> list[int]:
    return sorted({card for card in s.chars[seat].hand if s.game.is_contamination(card)})


def _alcohol_run(s: State, use: Use, p: Params) -> None:
    ask(s, Kind.ITEM_CARD, use)


def _alcohol_legal(s: State, use: Use, p: Params) -> list[int]:
    return s.game.actions.discard.ids(_contamination_in_hand(s, use.seat))


def _alcohol_answer(s: State, use: Use, p: Params, action: int) -> None:
    card = s.game.actions.discard.arg(action)
    position = s.chars[use.seat].hand.index(card)
    then(s, "remove_scanned", use._replace(arg=position))
    if card == s.game.contam_unknown:
        contamination.push_scan(s, use.seat, SCAN_HAND, position)


def _remove_scanned(s: State, use: Use) -> None:
    """The scanned card leaves the game; INFECTED: a new contamination card, no Larva."""
    c = s.chars[use.seat]
    card = c.hand.pop(use.arg)
    infected = card == s.game.contam_infected
    s.log(ev("contamination_removed", use.seat, (("infected", int(infected)),)))
    if infected:
        wounds.gain_contamination(s, use.seat, 1)


def _drugs_run(s: State, use: Use, p: Params) -> None:
    ask(s, Kind.ITEM_CARD, use)


def _drugs_legal(s: State, use: Use, p: Params) -> list[int]:
    acts = s.game.actions
    return sorted([acts.done_id, *acts.discard.ids(sorted(set(s.chars[use.seat].hand)))])


def _drugs_answer(s: State, use: Use, p: Params, action: int) -> None:
    """Military Drugs: discard cards one by one (contamination too), then draw that many +1."""
    acts = s.game.actions
    c = s.chars[use.seat]
    if action == acts.done_id:
        draw_cards(s, use.seat, use.tally + int(p["extra"]))
        return
    card = acts.discard.arg(action)
    c.hand.remove(card)
    c.discard.append(card)
    nxt = use._replace(tally=use.tally + 1)
    if c.hand:
        ask(s, Kind.ITEM_CARD, nxt)
    else:
        draw_cards(s, use.seat, nxt.tally + int(p["extra"]))


def _purge_run(s: State, use: Use, p: Params) -> None:
    """Antidote: every contamination card of the user is scanned first."""
    then(s, "purge", use)
    ending.push_scans(s, use.seat)


def _purge(s: State, use: Use) -> None:
    """INFECTED cards and the Larva go; wounds and contamination as printed; the deck and the
    discard pile (and the hand, if printed) shuffled into a new deck; then the user passes."""
    p = current(s, use).params
    c = s.chars[use.seat]
    infected = s.game.contam_infected
    c.hand = [card for card in c.hand if card != infected]
    c.discard = [card for card in c.discard if card != infected]
    c.deck.shuffle()
    c.deck.unseen = [card for card in c.deck.unseen if card != infected]
    c.larva = False
    s.log(ev("purged", use.seat, ()))
    wounds.light_wounds(s, use.seat, int(p["light_wounds"]))
    wounds.gain_contamination(s, use.seat, int(p["gain_contamination"]))
    if p["shuffle_hand_in"]:
        c.discard += c.hand
        c.hand = []
    c.deck.shuffle_in(c.discard)
    c.discard = []
    force_pass(s, use.seat)


OPS: dict[str, OpRule] = {
    "dress_serious_wounds": _wound_op(dressed=False),
    "heal_dressed_serious_wounds": _wound_op(dressed=True),
    "heal_all_light_wounds": OpRule(_heal_light,
                                    lambda s, u, p: s.chars[patient(u)].light_wounds > 0),
    "discard_slime": OpRule(_slime_off, lambda s, u, p: s.chars[patient(u)].slime),
    "draw_action_cards": OpRule(_draw, always),
    "unlimited_actions_this_round_then_pass": OpRule(_unlimited, always),
    "everyone_passes_now": OpRule(_everyone_passes, always),
    "skip_event_step": OpRule(_skip_step, always),
    "scan_and_remove_hand_card": OpRule(
        _alcohol_run, lambda s, u, p: bool(_contamination_in_hand(s, u.seat)),
        {Kind.ITEM_CARD: (_alcohol_legal, _alcohol_answer)}),
    "discard_hand_cards_draw_plus": OpRule(_drugs_run, always,
                                           {Kind.ITEM_CARD: (_drugs_legal, _drugs_answer)}),
    "purge_infection": OpRule(_purge_run, always),
}  # fmt: skip

THEN: dict[str, Then] = {"remove_scanned": _remove_scanned, "purge": _purge}
