"""HeuristicCreature: tracks the Hunted's possible cards and hunts where they are likely to be.

Sources: seed 003 (shared/rules/seeds-digest.md: hunt tokens, "the Creature should track
discards") and not-alone-reference.md A.3 (Artemia squares), A.7 (hunt cards). From public
information only (agents/heuristics/not_alone.py):
- each Hunted's possible cards are their owned cards minus their discard pile, minus the cards
  Phobia showed and Force Field's places; `outlook` turns them into where each Hunted is
  likely to be (favouring what they would want to play: the Wreck, the Beach with the beacon,
  a Lair with a long discard, a Hunted's only cards) and where the token should go;
- the Creature token is drawn from that equilibrium (a fixed choice would be dodged), the
  Target and Artemia tokens go to the next best places;
- one hunt card per turn (two after Tracking), played in the phase where it is worth most:
  a card is played now unless a card held for a later phase this turn is worth more.
Every answer is one of the legal actions; undecided kinds fall back to a random legal one.
"""

from __future__ import annotations

from collections.abc import Callable

from agents.games.not_alone.dispatch import DispatchingAgent, Handler, Mix, Rng, place_mix
from agents.games.not_alone.model import (
    ADJ,
    BEACH,
    DATA,
    DENY_WEIGHT,
    HUNT,
    LAIR,
    PAIRS,
    PLACES_OF,
    TAU_ARTEMIA,
    TAU_HUNTED,
    WRECK,
    artemia_ready,
    artemia_weight,
    bit,
    candidates,
    cards_to_play,
    clone_factor,
    exposure,
    hunted_values,
    outlook,
    softmax,
    will_loss,
    will_weights,
    worth_now,
)
from nemesis_env.core.engine import Decision
from nemesis_env.games.not_alone.actions import (
    HUNT as HUNT_ACTIONS,
)
from nemesis_env.games.not_alone.actions import (
    HUNTED,
    OPT_SIDE_1,
    OPT_SIDE_2,
    PAIR,
    PASS,
    PLACE,
    place_of,
)
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.games.not_alone.state import (
    F_CLONE,
    F_FORCE_FIELD,
    F_MIRAGE,
    F_WRECK_USED,
)
from nemesis_env.games.not_alone.view import NotAloneView

H = HUNT
SIDE = 2  # board side chosen when the game lets the Creature choose (measured: 2 >= 1)
RESCUE_STEP = 0.75  # a Rescue step in Assimilation steps (the Creature's unit)
FF_DENY = 0.5  # share of the powers a Force Field forbids that counts as denied
# What a card held for a later phase of this turn is expected to be worth.
LATER_WORTH = {H["cataclysm"]: 0.3, H["detour"]: 0.45, H["stasis"]: 0.7, H["tracking"]: 0.4}
CARD_PHASE = [card.phase for card in DATA.hunt]


def token_scores(v: NotAloneView, dist: list[list[float]]) -> list[float]:
    """Worth (Assimilation steps) of the Creature token per place: catch, Will, Anticipation."""
    weights = will_weights(v)
    scores = []
    for p in range(10):
        miss = 1.0
        extra = 0.0
        for row, w in zip(dist, weights, strict=True):
            miss *= 1.0 - row[p]
            extra += row[p] * w[p]
        scores.append(1.0 - miss + extra)
    return scores


def level0(v: NotAloneView, h: int, hand: int, values: list[float]) -> list[float]:
    """Chance of Hunted h standing on each place if they weighed value alone."""
    places = PLACES_OF[hand]
    row = [0.0] * 10
    if places:
        scale = exposure(v, h)
        probs = softmax([values[p - 1] for p in places], TAU_HUNTED)
        for p, q in zip(places, probs, strict=True):
            row[p - 1] = min(1.0, q * scale)
    return row


def artemia_scores(v: NotAloneView, dist: list[list[float]], skip: int) -> list[float]:
    """Worth of the Artemia token on each place: a card discarded per Hunted there."""
    weights = [artemia_weight(v, h) for h in range(v.num_hunted)]
    return [
        sum(row[p] * w for row, w in zip(dist, weights, strict=True))
        * (0.3 if skip >> p & 1 else 1)
        for p in range(10)
    ]


def best_of(legal: list[int], score: Callable[[int], float]) -> int:
    """The legal action with the highest score (ties: the lowest id)."""
    return max(legal, key=lambda a: (score(a), -a))


def ranked(scores: list[float], skip: int = 0) -> list[int]:
    """Places by descending score, skipping the places in mask `skip`."""
    return sorted((p for p in range(1, 11) if not skip & bit(p)), key=lambda p: -scores[p - 1])


def effective(v: NotAloneView, card: int) -> int:
    """The card whose effect `card` has (Flashback copies the top of the hunt discard)."""
    if card == H["flashback"]:
        return v.hunt_discard[-1] if v.hunt_discard else -1
    return card


def catch_places(v: NotAloneView) -> int:
    """Places where the Creature token (or its Clone) catches."""
    m = bit(v.creature_token) if v.creature_token else 0
    return m | (v.target if v.flags & F_CLONE else 0)


class Reading:
    """What the Creature reads of the table at one decision (computed once per decision)."""

    def __init__(self, v: NotAloneView) -> None:
        self.v = v
        self.model = outlook(v)
        dist, values = self.model.dist, self.model.values
        # Rescue steps the Hunted would get from each place's power this turn.
        self.power = [
            sum(row[p] * vals[p] for row, vals in zip(dist, values, strict=True)) for p in range(10)
        ]
        self.deny = [RESCUE_STEP * x for x in self.power]
        factor = clone_factor(v)
        scores = token_scores(v, dist)
        self.catch = [
            (s + DENY_WEIGHT * x) * f for s, x, f in zip(scores, self.power, factor, strict=True)
        ]
        self.top = ranked(self.catch)[0]

    def artemia(self) -> list[float]:
        return artemia_scores(self.v, self.model.dist, bit(self.top))

    def artemia_bonus(self) -> float:
        """Worth of making the Artemia token available (nothing if it already is)."""
        return 0.0 if artemia_ready(self.v) else max(self.artemia())

    def free_worth(self, p: int, who: int = -1) -> float:
        """After the reveal: what the Hunted on place p (or only Hunted `who`) get there."""
        v = self.v
        if (catch_places(v) | v.artemia | v.target) & bit(p):
            return 0.0
        on = [h for h in range(v.num_hunted) if p in v.location[h]] if who < 0 else [who]
        return RESCUE_STEP * sum(worth_now(v, h, p) for h in on)

    def move_worth(self, h: int, slot: int, dest: int) -> float:
        """Worth of Detour moving Hunted h's card in `slot` to `dest` (after the reveal)."""
        v = self.v
        catch = catch_places(v)
        here = v.location[h][slot]
        if catch & bit(here):
            return -1.0
        worth = self.free_worth(here, h) - self.free_worth(dest, h)
        if catch & bit(dest):
            loss = will_loss(v, dest)
            caught = any(catch & bit(p) for loc in v.location for p in loc)
            worth += 0.3 * loss + (1.0 if v.will[h] <= loss else 0.0) + (0.0 if caught else 1.0)
        return worth + (0.25 if v.artemia & bit(dest) else 0.0)

    def detour_plan(self) -> tuple[float, int, int, int]:
        """(worth, hunted, slot, destination) of the best Detour."""
        plans = [(-9.0, 0, 0, 1)]
        for h, location in enumerate(self.v.location):
            for slot, here in enumerate(location):
                for dest in range(1, 11):
                    if ADJ[here - 1] & bit(dest):
                        plans.append((self.move_worth(h, slot, dest), h, slot, dest))
        return max(plans, key=lambda plan: plan[0])


def force_field_worths(v: NotAloneView) -> list[float]:
    """Per pair: the best token worth once the pair is forbidden, plus forced Resists."""
    n = v.num_hunted
    hands = [candidates(v, h) for h in range(n)]
    values = [hunted_values(v, h, hands[h]) for h in range(n)]
    before = [level0(v, h, hands[h], values[h]) for h in range(n)]
    worths = []
    for a, b in PAIRS:
        pair = bit(a) | bit(b)
        dist, forced, denied = [], 0.0, 0.0
        for h in range(n):
            left = hands[h] & ~pair
            if left.bit_count() < cards_to_play(v, h):
                forced += 1.0 if v.will[h] <= 1 else 0.45  # Give Up, or a Resist
            dist.append(level0(v, h, left or hands[h], values[h]))
            denied += sum(before[h][p - 1] * values[h][p - 1] for p in (a, b))
        worths.append(max(token_scores(v, dist)) + forced + FF_DENY * RESCUE_STEP * denied)
    return worths


class HeuristicCreature(DispatchingAgent):
    """Plays the Creature seat (seat 0). Stateless: every answer comes from the view."""

    omniscient = False

    def __init__(self, name: str = "heuristic_creature", side: int = 0) -> None:
        self.name = name
        self.side = side  # 1 or 2; 0 takes the module default SIDE
        self.handlers: dict[int, Handler] = {
            K.D_SIDE: lambda v, d, legal, rng: OPT_SIDE_1 if (side or SIDE) == 1 else OPT_SIDE_2,
            K.D_CREATURE_WINDOW: self.window,
            K.D_CREATURE_TOKEN: self.creature_token,
            K.D_ARTEMIA_TOKEN: self.artemia_token,
            K.D_TARGET_PLACE: self.target_place,
            K.D_TARGET_PAIR: self.target_pair,
            K.D_NAME_HUNTED: self.name_hunted,
            K.D_CATACLYSM: self.cataclysm,
            K.D_DETOUR_CARD: self.detour_card,
            K.D_DETOUR_DEST: self.detour_dest,
        }

    # -- tokens -------------------------------------------------------------------------------
    def creature_token(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> Mix:
        """The equilibrium threat; under Clone, away from the Target token."""
        threat = outlook(v).threat
        return place_mix([t * f for t, f in zip(threat, clone_factor(v), strict=True)], PLACE.id)

    def artemia_token(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int | Mix:
        model = outlook(v)
        skip = bit(v.creature_token) if v.creature_token else 0
        scores = artemia_scores(v, model.dist, skip)
        if legal[-1] in PAIR:  # Virus: the token lies between two adjacent places
            return best_of(legal, lambda a: sum(scores[p - 1] for p in PAIRS[PAIR.arg(a)]))
        return place_mix(softmax(scores, TAU_ARTEMIA), PLACE.id)

    def target_place(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> Mix:
        """Clone: a second catch place from the threat; Scream/Toxin: the next best place."""
        if v.flags & F_CLONE:
            return place_mix(outlook(v).threat, PLACE.id)
        return place_mix(softmax(Reading(v).artemia(), TAU_ARTEMIA), PLACE.id)

    def target_pair(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """Force Field: forbid the pair that sharpens the hunt most; Mirage: deny the most."""
        if v.flags & F_FORCE_FIELD and not v.flags & F_MIRAGE:
            worth = force_field_worths(v)
        else:
            deny = Reading(v).deny
            worth = [deny[a - 1] + deny[b - 1] for a, b in PAIRS]
        return best_of(legal, lambda a: worth[PAIR.arg(a)])

    def name_hunted(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        if d.payload.purpose == K.P_DETOUR:
            return HUNTED.id(Reading(v).detour_plan()[1])
        if d.payload.purpose in (K.P_ASCENDANCY, K.P_PHOBIA):
            return best_of(legal, lambda a: v.hand_size[HUNTED.arg(a)])
        dist = outlook(v).dist  # Anticipation: the Hunted likeliest to be caught
        base = token_scores(v, dist)
        return best_of(
            legal, lambda a: max(b + q for b, q in zip(base, dist[HUNTED.arg(a)], strict=True))
        )

    def cataclysm(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """The place whose power would help the Hunted most (after the reveal)."""
        reading = Reading(v)
        return best_of(legal, lambda a: reading.free_worth(place_of(a)))

    def detour_dest(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        reading = Reading(v)
        h, slot = d.payload.hunted, d.payload.slot
        return best_of(legal, lambda a: reading.move_worth(h, slot, place_of(a)))

    def detour_card(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        reading = Reading(v)
        h = d.payload.hunted

        def worth(a: int) -> float:
            slot = v.location[h].index(place_of(a))
            here = v.location[h][slot]
            dests = [p for p in range(1, 11) if ADJ[here - 1] & bit(p)]
            return max(reading.move_worth(h, slot, p) for p in dests)

        return best_of(legal, worth)

    # -- hunt cards -----------------------------------------------------------------------------
    def window(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """The best card now, unless a card kept for a later phase this turn is worth more."""
        cards = [HUNT_ACTIONS.arg(a) for a in legal if a != PASS]
        if not cards:
            return PASS
        reading = Reading(v)
        worths = {c: card_worth(reading, effective(v, c)) for c in cards}
        card = max(cards, key=lambda c: (worths[c], -c))
        later = later_worth(v, d.payload.phase, set(cards))
        return HUNT_ACTIONS.id(card) if worths[card] >= later else PASS


def later_worth(v: NotAloneView, phase: int, now: set[int]) -> float:
    """Best worth of a held card that could be played in a later phase of this turn."""
    if v.hunt_limit > 1:
        return 0.0  # Tracking: both cards can be played
    best = 0.0
    for c in range(20):
        e = effective(v, c) if v.hunt_hand >> c & 1 and c not in now else -1
        if e >= 0 and CARD_PHASE[e] > phase:
            best = max(best, LATER_WORTH.get(e, 0.35))
    return best


def card_worth(r: Reading, card: int) -> float:
    """Expected worth of playing `card` now, in Assimilation steps."""
    worth = CARD_WORTH.get(card)
    return worth(r) if worth else 0.0


def clone_worth(r: Reading) -> float:
    return 0.9 * r.catch[ranked(r.catch, bit(r.top))[0] - 1]


def fierceness_worth(r: Reading) -> float:
    loss = will_loss(r.v, r.top)
    rows = zip(r.model.dist, r.v.will, strict=True)
    return sum(row[r.top - 1] * (1.0 if will == loss + 1 else 0.3) for row, will in rows)


def toxin_worth(r: Reading) -> float:
    dist, held = r.model.dist, r.v.survival_count
    worth = [
        r.deny[p] + sum(0.25 * row[p] for row, n in zip(dist, held, strict=True) if n)
        for p in range(10)
    ]
    worth[r.top - 1] = 0.0
    return max(worth)


CARD_WORTH: dict[int, Callable[[Reading], float]] = {
    H["despair"]: lambda r: r.artemia_bonus() + 0.06 * sum(r.v.survival_count),
    H["force_field"]: lambda r: max(force_field_worths(r.v)) - max(token_scores(r.v, r.model.dist)),
    H["anticipation"]: lambda r: 0.9 * max(max(row) for row in r.model.dist),
    H["ascendancy"]: lambda r: 0.12 * max(n - 2 for n in r.v.hand_size),
    H["fierceness"]: fierceness_worth,
    H["forbidden_zone"]: lambda r: 0.1 * sum(1 for n in r.v.hand_size if n),
    H["interference"]: lambda r: (
        r.deny[BEACH - 1] + (0.0 if r.v.flags & F_WRECK_USED else r.deny[WRECK - 1])
    ),
    H["persecution"]: lambda r: sum(
        row[LAIR - 1] * 0.08 * len(pile)
        for row, pile in zip(r.model.dist, r.v.discard, strict=True)
    ),
    H["mutation"]: lambda r: r.artemia_bonus() + 0.5 * max(r.artemia()),
    H["phobia"]: lambda r: r.artemia_bonus() + 0.04 * max(r.v.hand_size),
    H["virus"]: lambda r: 1.5 * r.artemia_bonus() if not artemia_ready(r.v) else 0.2,
    H["clone"]: clone_worth,
    H["mirage"]: lambda r: max(r.deny[a - 1] + r.deny[b - 1] for a, b in PAIRS),
    H["scream"]: lambda r: 0.8 * max(r.artemia()),
    H["toxin"]: toxin_worth,
    H["detour"]: lambda r: r.detour_plan()[0],
    H["cataclysm"]: lambda r: max(r.free_worth(p) for p in range(1, 11)),
    H["stasis"]: lambda r: LATER_WORTH[H["stasis"]],
    H["tracking"]: lambda r: LATER_WORTH[H["tracking"]],
}
