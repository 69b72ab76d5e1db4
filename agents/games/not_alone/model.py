"""Heuristic Not Alone agents: the public-information model both roles share.

Both agents read only their seat's View, never the true state. From public facts alone
(shared/rules/seeds-digest.md, seed 003; not-alone-reference.md A.6) the model answers:

- what each place is worth to a Hunted who resolves it freely this turn (`place_value`), in
  Rescue steps (1.0 = the Rescue counter one space closer): its power, or taking back a card;
- where each Hunted is likely to play and where the Creature is likely to put its token.

The Creature knows every Hunted's hand before exploration exactly (owned cards minus the
public discard pile; "the Creature should track discards", seed 003), so a Hunted's only
protection is to be hard to predict, and a Creature that always hunts the likeliest place is
easy to dodge. `outlook` therefore solves the exploration as a small simultaneous game by
fictitious play: each Hunted's logit reply weighs value against the expected catch cost, the
Creature's logit reply weighs catches (and Will that would break, Anticipation, denied powers),
each against the other side's running average. Both agents then play those averages.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

import numpy as np

from nemesis_env.games.not_alone.defs import load_data
from nemesis_env.games.not_alone.state import (
    F_ARTEMIA_CARD,
    F_BEACH_USED,
    F_CLONE,
    F_DESPAIR,
    F_FIERCENESS,
    F_FIERCENESS2,
    F_INTERFERENCE,
    F_MIRAGE,
    F_MUTATION,
    F_PERSECUTION,
    F_TOXIN,
    F_WRECK_USED,
    NO_EFFECT,
    RIVER_EFFECT,
)
from nemesis_env.games.not_alone.view import NotAloneView

DATA = load_data()
ADJ: tuple[int, ...] = DATA.adjacent  # neighbour mask per place index
PAIRS: tuple[tuple[int, int], ...] = DATA.pairs
HUNT = {c.id: i for i, c in enumerate(DATA.hunt)}
SURV = {c.id: i for i, c in enumerate(DATA.survival)}
LAIR, JUNGLE, RIVER, BEACH, ROVER, SWAMP, SHELTER, WRECK, SOURCE, ARTEFACT = range(1, 11)
PLACES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(p + 1 for p in range(10) if m >> p & 1) for m in range(1 << 10)
)

# Marginal worth (Rescue steps) of one more place card for a hand already holding k cards.
CARD_GAIN = (1.0, 0.75, 0.55, 0.42, 0.32, 0.25, 0.2, 0.16, 0.13, 0.11, 0.1, 0.1)
# Extra worth of a card as the one taken back or kept, by place number (index 0 unused).
KEEP = (0.0, 0.35, 0.3, 0.15, 0.25, 0.15, 0.15, 0.12, 0.5, 0.15, 0.12)
NEW_CARD = {SWAMP: 0.35, SHELTER: 0.2, WRECK: 0.7, SOURCE: 0.25, ARTEFACT: 0.15}  # at the Rover
RIVER_WORTH = 0.55  # next turn: choose the card to keep after seeing the tokens
ARTEFACT_WORTH = 0.45  # next turn: resolve two cards
ASSIM_COST = 1.3  # an Assimilation step, in Rescue steps
WILL_COST = 0.45  # one Will counter, in Rescue steps
TAU_HUNTED = 0.3  # logit temperature of a Hunted choosing a place
TAU_CREATURE = 0.12  # logit temperature of the Creature choosing the token's place
TAU_ARTEMIA = 0.1  # logit temperature of the Artemia and single-place Target tokens
RIVER_EXPOSURE = 0.25  # a River player keeps the card without a token: rarely caught
DENY_WEIGHT = 0.1  # the Creature's wish to stop a Hunted's power, per Rescue step it is worth
ITERATIONS = 24  # fictitious-play rounds
URGENCY = {0: 3.0, 1: 3.0, 2: 1.5}  # a counter this close to the star makes its step worth more


def bit(place: int) -> int:
    return 1 << (place - 1)


def mask_of(places: tuple[int, ...] | list[int]) -> int:
    m = 0
    for p in places:
        if p:
            m |= 1 << (p - 1)
    return m


def gain(k: int, n: int) -> float:
    """Worth of n more cards for a hand of k cards."""
    return sum(CARD_GAIN[min(k + i, 11)] for i in range(max(n, 0)))


def softmax(scores: list[float], tau: float) -> list[float]:
    top = max(scores)
    ws = [math.exp((s - top) / tau) for s in scores]
    return [w / sum(ws) for w in ws]


def pick_weighted(weights: list[float], rng: np.random.Generator) -> int:
    """Index drawn with probability proportional to `weights` (one rng draw)."""
    r = float(rng.random()) * sum(weights)
    for i, w in enumerate(weights):
        r -= w
        if r <= 0 and w > 0:
            return i
    return max(range(len(weights)), key=lambda i: weights[i])


# -- public facts about one Hunted ---------------------------------------------------------
def public_hand(v: NotAloneView, h: int) -> int:
    """Cards Hunted h holds or has face down: owned minus discard (minus revealed cards)."""
    m = v.owned[h] & ~mask_of(v.discard[h])
    if v.revealed:
        m &= ~mask_of(v.revealed[h])
    return m


def candidates(v: NotAloneView, h: int) -> int:
    """Places Hunted h may play (before playing) or may have played (before the reveal)."""
    m = public_hand(v, h) & ~v.forbidden
    shown = v.phobia_shown[h] if v.phobia_shown else 0
    if v.played_count[h] and m & ~shown:
        m &= ~shown  # Phobia: shown cards are still in hand, so not the played one
    return m or public_hand(v, h)


def cards_to_play(v: NotAloneView, h: int) -> int:
    return 1 if v.this_effect[h] == NO_EFFECT else 2


def rover_new(v: NotAloneView, h: int) -> list[int]:
    """Reserve places the Rover would give Hunted h (a copy left, not owned yet)."""
    return [6 + i for i in range(5) if v.reserve[i] > 0 and not v.owned[h] & bit(6 + i)]


def keep_value(v: NotAloneView, h: int, place: int, discard_len: int) -> float:
    """How much Hunted h wants `place` in hand, besides the plain card count."""
    value = KEEP[place]
    if place == LAIR:
        value += 0.05 * discard_len
    elif place == BEACH and v.beacon:
        value += 0.2
    elif place == ROVER and not rover_new(v, h):
        value = 0.02
    return value


def earlier_holders(v: NotAloneView, h: int, place: int) -> int:
    """Hunted resolving before h (seat order) who could be on `place` this turn."""
    return sum(1 for j in range(h) if public_hand(v, j) & bit(place))


# -- what a place is worth ------------------------------------------------------------------
def power_value(
    v: NotAloneView, h: int, place: int, k: int, discard: tuple[int, ...], contested: bool = True
) -> float:
    """Worth of using `place`'s power (Rescue steps); k = hand size once the card is played.

    `contested`: while exploring, the Beach or the Wreck may be used first by a Hunted who
    resolves earlier (both work once per turn for the table, seed 003), so they count less.
    """
    n = len(discard)
    if place in (BEACH, WRECK):
        used = v.flags & (F_BEACH_USED if place == BEACH else F_WRECK_USED)
        share = 0.55 ** earlier_holders(v, h, place) if contested else 1.0
        if used:
            return 0.0
        return share * (rescue_urgency(v) if place == WRECK or v.beacon else 0.5)
    if place == LAIR:
        return gain(k, n) + (0.1 if n >= 3 else 0.0)
    if place in (JUNGLE, SWAMP):
        return gain(k, 1 + min(n, 1 if place == JUNGLE else 2))
    if place in (RIVER, ARTEFACT):
        if v.next_effect[h] != NO_EFFECT:
            return 0.0
        return RIVER_WORTH if place == RIVER else ARTEFACT_WORTH
    if place == ROVER:
        new = rover_new(v, h)
        return gain(k, 1) + max(NEW_CARD[p] for p in new) if new else 0.0
    draw = 0.0 if v.flags & F_DESPAIR or not (v.surv_deck_size or v.surv_discard) else 0.35
    if place == SHELTER:
        return draw + 0.05
    low = min((w for w in v.will if 0 < w < 3), default=3)  # the Source
    return max(draw, {1: 0.6, 2: 0.35}.get(low, 0.0))


def takeback_value(v: NotAloneView, h: int, k: int, discard: tuple[int, ...]) -> float:
    if not discard:
        return 0.0
    best = max(keep_value(v, h, p, len(discard)) for p in discard)
    return gain(k, 1) + 0.3 * best


def place_value(v: NotAloneView, h: int, place: int, k: int, discard: tuple[int, ...]) -> float:
    """Worth of resolving `place` freely: its power or a take-back, whichever is better."""
    return max(power_value(v, h, place, k, discard), takeback_value(v, h, k, discard))


def ineffective(v: NotAloneView) -> int:
    """Places whose power (and take-back) is cancelled: Mirage, Toxin, Cataclysm, Interference."""
    mask = v.ineffective
    if v.flags & (F_MIRAGE | F_TOXIN):
        mask |= v.target
    if v.flags & F_INTERFERENCE:
        mask |= bit(BEACH) | bit(WRECK)
    return mask


def worth_now(v: NotAloneView, h: int, place: int) -> float:
    """After the reveal: worth to Hunted h of resolving `place` (its power or a take-back)."""
    if ineffective(v) & bit(place):
        return 0.0
    k, discard = v.hand_size[h], v.discard[h]
    if v.flags & F_PERSECUTION and place in (LAIR, JUNGLE, SWAMP):
        power = gain(k, 1) + (0.0 if place == LAIR else 0.02)  # one card at most
    else:
        power = power_value(v, h, place, k, discard, contested=False)
    token = v.creature_token  # the Lair may copy the place under the Creature token
    if place == LAIR and token not in (0, LAIR, ARTEFACT) and not ineffective(v) & bit(token):
        power = max(power, power_value(v, h, token, k, discard, contested=False))
    return max(power, takeback_value(v, h, k, discard))


def hunted_values(v: NotAloneView, h: int, hand: int) -> list[float]:
    """[place-1]: worth to Hunted h of each card of `hand` if resolved freely this turn."""
    k = max(hand.bit_count() - cards_to_play(v, h), 0)
    if v.this_effect[h] == RIVER_EFFECT:
        k += 1  # the card not kept goes back to hand
    discard = v.discard[h]
    return [place_value(v, h, p, k, discard) if hand & bit(p) else 0.0 for p in range(1, 11)]


def will_loss(v: NotAloneView, place: int) -> int:
    """Will a catch by the Creature token costs: 2 at the Lair, +1 per Fierceness (A.4)."""
    extra = (1 if v.flags & F_FIERCENESS else 0) + (1 if v.flags & F_FIERCENESS2 else 0)
    return (2 if place == LAIR else 1) + extra


def catch_cost(v: NotAloneView, h: int, place: int) -> float:
    """What being caught on `place` costs Hunted h's team (Rescue steps), besides lost value."""
    loss = will_loss(v, place)
    if v.will[h] <= loss:  # the catch and the lost last Will both move Assimilation
        return ASSIM_COST * 1.6 * URGENCY.get(v.assimilation - 1, 1.0)
    return ASSIM_COST * URGENCY.get(v.assimilation, 1.0) + WILL_COST * loss


def rescue_urgency(v: NotAloneView) -> float:
    """A Rescue step is worth more at the end: at distance 1 it wins at once (reference A.5)."""
    return URGENCY.get(v.rescue, 1.0)


# -- the Creature's side ---------------------------------------------------------------------
def will_weights(v: NotAloneView) -> list[list[float]]:
    """[h][place-1]: worth to the Creature of catching Hunted h there, besides the catch."""
    rows = []
    for h in range(v.num_hunted):
        row = []
        for p in range(1, 11):
            loss = will_loss(v, p)
            w = 1.2 if v.will[h] <= loss else 0.3 * loss
            row.append(w + (1.0 if h == v.anticipation else 0.0))
        rows.append(row)
    return rows


def clone_factor(v: NotAloneView) -> list[float]:
    """Under Clone a place already under the Target token gains little from the token too."""
    if v.flags & F_CLONE and v.target:
        return [0.1 if v.target >> p & 1 else 1.0 for p in range(10)]
    return [1.0] * 10


def exposure(v: NotAloneView, h: int) -> float:
    """How a chance of playing a card becomes a chance of standing there (River, Artefact)."""
    if cards_to_play(v, h) == 1:
        return 1.0
    return RIVER_EXPOSURE if v.this_effect[h] == RIVER_EFFECT else 2.0


# -- the equilibrium -------------------------------------------------------------------------
class ModelOutlook(NamedTuple):
    values: list[list[float]]  # [h][place-1]: worth of resolving the place freely
    dist: list[list[float]]  # [h][place-1]: chance Hunted h stands on the place
    threat: list[float]  # [place-1]: chance the Creature token goes there
    plan: list[list[float]]  # [h][place-1]: chance Hunted h plays the card


def row_softmax(scores: Any, allowed: Any) -> Any:
    """Softmax of each row (already divided by the temperature) over its allowed places."""
    w = np.exp(scores - scores.max(axis=1, keepdims=True)) * allowed
    return w / np.maximum(w.sum(axis=1, keepdims=True), 1e-300)


def artemia_ready(v: NotAloneView) -> bool:
    """Reference A.3: an Artemia-symbol card this turn, or Rescue on an Artemia square."""
    squares = DATA.board.artemia_squares.get(v.side, frozenset())
    return bool(v.flags & F_ARTEMIA_CARD) or v.rescue in squares


def artemia_weight(v: NotAloneView, h: int) -> float:
    """Worth to the Creature of the Artemia token on Hunted h: a card they must discard."""
    return 0.25 + 0.5 * CARD_GAIN[min(v.hand_size[h], 11)]


def artemia_cost(v: NotAloneView, h: int) -> float:
    """What the Artemia token costs Hunted h besides the lost place: a card, Will (Mutation)."""
    card = CARD_GAIN[min(max(v.hand_size[h] - 1, 0), 11)]
    return card + (WILL_COST if v.flags & F_MUTATION else 0.0)


def outlook(v: NotAloneView, own: int = -1, own_hand: int = 0) -> ModelOutlook:
    """Both sides' mixed strategies for view v, by fictitious play of logit replies.

    `own`/`own_hand` let a Hunted use their exact hand. After the reveal, places are known.
    """
    n = v.num_hunted
    hands = [own_hand if h == own else candidates(v, h) for h in range(n)]
    value_rows = [hunted_values(v, h, hands[h]) for h in range(n)]
    if v.revealed:
        located = [[1.0 if p in v.location[h] else 0.0 for p in range(1, 11)] for h in range(n)]
        return ModelOutlook(value_rows, located, [0.1] * 10, located)
    tau_h, tau_c = 1.0 / TAU_HUNTED, 1.0 / TAU_CREATURE
    values = np.array(value_rows)
    clone = np.array(clone_factor(v)) * tau_c
    caught = np.array([[catch_cost(v, h, p) for p in range(1, 11)] for h in range(n)])
    hit = np.array([[artemia_cost(v, h)] for h in range(n)])
    game = Exploration(
        allowed=np.array([[float(hands[h] >> p & 1) for p in range(10)] for h in range(n)]),
        values=values * tau_h,
        costs=(values + caught) * tau_h,
        clone=clone,
        weights=(np.array(will_weights(v)) + DENY_WEIGHT * values) * clone,
        scale=np.array([[exposure(v, h)] for h in range(n)]),
        artemia=artemia_ready(v) and not v.artemia,
        artemia_weights=np.array([[artemia_weight(v, h) / TAU_ARTEMIA] for h in range(n)]),
        artemia_costs=(values + hit) * tau_h,
    )
    dist, threat = game.solve()
    here = np.minimum(dist * game.scale, 1.0)
    return ModelOutlook(value_rows, here.tolist(), threat.tolist(), dist.tolist())


class Exploration(NamedTuple):
    """The exploration as a game: arrays are [hunted, place] or [place], pre-divided by tau."""

    allowed: Any  # 1.0 where the Hunted may play the place
    values: Any  # worth of each place to each Hunted
    costs: Any  # what a Creature-token catch there costs them, the place's worth included
    clone: Any  # worth to the Creature of a catch on each place
    weights: Any  # worth to the Creature of each Hunted there besides the catch
    scale: Any  # [hunted, 1]: from playing a card to standing there (River, Artefact)
    artemia: bool  # the Artemia token will be placed too
    artemia_weights: Any  # [hunted, 1]: worth to the Creature of the Artemia token on them
    artemia_costs: Any  # what the Artemia token costs them, the place's worth included

    def solve(self) -> tuple[Any, Any]:
        """Fictitious play: each side's logit reply to the other's running average."""
        scaled = bool((self.scale != 1.0).any())
        dist = row_softmax(self.values, self.allowed)
        threat = np.zeros(10)
        hits = np.zeros(10)
        for t in range(1, ITERATIONS + 2):
            here = np.minimum(dist * self.scale, 1.0) if scaled else dist
            worth = (1.0 - (1.0 - here).prod(axis=0)) * self.clone
            worth += (here * self.weights).sum(axis=0)
            z = np.exp(worth - worth.max())
            threat += (z * (1.0 / z.sum()) - threat) * (1.0 / t)
            score = self.values - threat * self.costs
            if self.artemia:
                worth = (here * self.artemia_weights).sum(axis=0) * (1.0 - threat)
                z = np.exp(worth - worth.max())
                hits += (z * (1.0 / z.sum()) - hits) * (1.0 / t)
                score -= hits * self.artemia_costs
            if t > 1:
                dist += (row_softmax(score, self.allowed) - dist) * (1.0 / t)
        return dist, threat
