"""HeuristicHunted: a Hunted who keeps a healthy hand, moves the Rescue counter and hides.

Sources: seed 003 (shared/rules/seeds-digest.md: Resist, Give Up, place powers; "the Hunted
must watch their hand size") and not-alone-reference.md A.6/A.8 (places, survival cards).
- Exploring: the card is drawn from the Hunted's side of the equilibrium in
  agents/heuristics/not_alone.py (value of the place against the chance and cost of the
  Creature token there), so the Creature cannot read it off the public hand. Resist when the
  cards it brings back are worth more than the Will (few cards left, Will to spare); Give Up
  only when nothing else is legal (it moves Assimilation).
- Resolving: power or take-back, whichever is worth more; the Lair takes all or copies; the
  Rover takes the Wreck first; the Source lifts the lowest Will.
- Survival cards at their moment: Dodge/Detector when hit, Wrong Track/Hologram to move a
  token off the team, Vortex off a token, Amplifier on the beacon, Adrenaline when low,
  Sixth Sense when short of cards.
Every answer is one of the legal actions; undecided kinds fall back to a random legal one.
"""

from __future__ import annotations

from collections.abc import Callable

from agents.games.not_alone.dispatch import DispatchingAgent, Handler, Mix, Rng
from agents.games.not_alone.model import (
    ADJ,
    ARTEFACT,
    CARD_GAIN,
    LAIR,
    NEW_CARD,
    PLACES_OF,
    ROVER,
    SURV,
    WILL_COST,
    WRECK,
    bit,
    cards_to_play,
    gain,
    hunted_values,
    keep_value,
    outlook,
    power_value,
    public_hand,
    worth_now,
)
from nemesis_env.core.engine import Decision
from nemesis_env.games.not_alone.actions import (
    HUNTED,
    OPT_CREATURE_TOKEN,
    OPT_DISCARD_TWO,
    OPT_DRAW,
    OPT_GIVE_UP,
    OPT_LOSE_WILL,
    OPT_RESIST,
    OPT_TAKE_ALL,
    OPT_TARGET_TOKEN,
    OPT_USE_POWER,
    PASS,
    PLACE,
    SURVIVAL,
    place_id,
    place_of,
)
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.games.not_alone.state import F_CLONE
from nemesis_env.games.not_alone.view import NotAloneView

S = SURV
# Worth of holding each survival card (Toxin discards the least, the Shelter keeps the best).
SURV_WORTH = {
    S["dodge"]: 1.0, S["wrong_track"]: 0.9, S["amplifier"]: 0.8, S["sixth_sense"]: 0.6,
    S["adrenaline"]: 0.55, S["vortex"]: 0.5, S["hologram"]: 0.45, S["detector"]: 0.4,
    S["drone"]: 0.4, S["gate"]: 0.4, S["strike_back"]: 0.35, S["double_back"]: 0.35,
    S["ingenuity"]: 0.3, S["sacrifice"]: 0.25, S["smokescreen"]: 0.1,
}  # fmt: skip
REACTIVE = (1 << S["dodge"]) | (1 << S["wrong_track"]) | (1 << S["vortex"])
RESIST_COST = {2: 0.6, 3: 0.4}  # worth of the Will a Resist costs, by Will before it
SURVIVAL_CARD_COST = 0.3  # Drone/Gate spend a survival card


def best(legal: list[int], score: Callable[[int], float]) -> int:
    """The legal action with the highest score (ties: the lowest id)."""
    return max(legal, key=lambda a: (score(a), -a))


def places_in(legal: list[int]) -> list[int]:
    return [place_of(a) for a in legal if a in PLACE]


def worth_in_hand(v: NotAloneView, place: int) -> float:
    me = v.seat - 1
    return keep_value(v, me, place, len(v.discard[me]))


def token_places(v: NotAloneView) -> tuple[int, int]:
    """(places that catch: the Creature token and its Clone, places under any token)."""
    catch = bit(v.creature_token) if v.creature_token else 0
    if v.flags & F_CLONE:
        catch |= v.target
    return catch, catch | v.artemia | v.target


def occupants(v: NotAloneView, place: int) -> int:
    return sum(location.count(place) for location in v.location)


def escape(v: NotAloneView, here: int) -> bool:
    """Some place next to the token's place(s) holds fewer Hunted than it does."""
    near = 0
    for p in PLACES_OF[here]:
        near |= ADJ[p - 1]
    now = sum(occupants(v, p) for p in PLACES_OF[here])
    return any(occupants(v, p) < now for p in PLACES_OF[near & ~here])


class HeuristicHunted(DispatchingAgent):
    """Plays any Hunted seat (the Hunted comes from each decision). Stateless."""

    omniscient = False

    def __init__(self, name: str = "heuristic_hunted") -> None:
        self.name = name
        self.handlers: dict[int, Handler] = {
            K.D_EXPLORE: self.explore,
            K.D_TAKE_BACK: self.take_back,
            K.D_HUNTED_WINDOW: self.window,
            K.D_CATCH_SURVIVAL: lambda v, d, legal, rng: max(legal),  # Dodge / Detector
            K.D_RESOLVE: self.resolve,
            K.D_LAIR: self.lair,
            K.D_GATE: self.gate,
            K.D_ROVER: self.rover,
            K.D_SOURCE: self.source,
            K.D_SCREAM: self.scream,
            K.D_TOXIN: lambda v, d, legal, rng: best(legal, lambda a: -SURV_WORTH[SURVIVAL.arg(a)]),
            K.D_SHELTER_KEEP: lambda v, d, legal, rng: best(
                legal, lambda a: SURV_WORTH[SURVIVAL.arg(a)]
            ),
            K.D_KEEP: self.take_back,  # Ascendancy keeps, Phobia hides, the best two
            K.D_FORBIDDEN: self.discard,
            K.D_DISCARD_PLACE: self.discard,
            K.D_SACRIFICE: self.discard,
            K.D_RIVER: self.river,
            K.D_RESOLVE_ORDER: lambda v, d, legal, rng: best(
                legal,
                lambda a: -1.0 if place_of(a) == LAIR else 0.0,  # take-all comes last
            ),
            K.D_MOVE_TOKEN: self.move_token,
            K.D_WHICH_TOKEN: self.which_token,
            K.D_VORTEX_DISCARD: self.vortex_in,
            K.D_VORTEX_PLAYED: self.vortex_out,
            K.D_DOUBLE_BACK: self.take_back,
        }

    # -- phase 1 ------------------------------------------------------------------------------
    def explore(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int | Mix | None:
        places = places_in(legal)
        if not v.own_played:
            before = self.before_playing(v, d.payload.hunted, legal, places)
            if before is not None:
                return before
        if not places:
            return None
        return self.place_plan(v, d.payload.hunted, places)

    def before_playing(
        self, v: NotAloneView, h: int, legal: list[int], places: list[int]
    ) -> int | None:
        """A survival card, Resist or Give Up before the first card; None: play at once."""
        spare = len(places) - cards_to_play(v, h)
        sixth = SURVIVAL.id(S["sixth_sense"])
        if not places:  # nothing playable: the cheapest way to get cards back
            resist = OPT_RESIST if v.will[h] >= 2 else -1
            return next((a for a in (sixth, resist, OPT_GIVE_UP, OPT_RESIST) if a in legal), None)
        if spare <= 1 and sixth in legal and len(v.discard[h]) >= 2:
            return sixth
        card = self.phase_one_card(v, h, legal, spare)
        if card is not None:
            return card
        if OPT_RESIST in legal and self.should_resist(v, h, spare):
            smoke = SURVIVAL.id(S["smokescreen"])  # hides which cards come back
            return smoke if smoke in legal else OPT_RESIST
        return None

    def should_resist(self, v: NotAloneView, h: int, spare: int) -> bool:
        """Two cards back are worth more than the Will (never the last Will: Give Up)."""
        will = v.will[h]
        if will not in RESIST_COST or len(v.discard[h]) < 2:
            return False
        return gain(max(spare, 0), 2) > RESIST_COST[will]

    def phase_one_card(self, v: NotAloneView, h: int, legal: list[int], spare: int) -> int | None:
        """Phase-1 survival cards, unless a reactive one (Dodge...) should have this turn's play."""
        reactive = bool(v.own_survival & REACTIVE)
        creature_may_play = v.hunt_hand_size >= 2 and v.hunt_limit > 0
        wants = (
            ("adrenaline", v.will[h] <= 1 or (v.will[h] == 2 and not reactive)),
            ("ingenuity", not reactive),
            ("strike_back", not reactive and creature_may_play),
            ("sacrifice", not reactive and spare >= 3 and v.hunt_limit > 0),
        )
        for card, wanted in wants:
            if wanted and SURVIVAL.id(S[card]) in legal:
                return SURVIVAL.id(S[card])
        return None

    def place_plan(self, v: NotAloneView, h: int, places: list[int]) -> Mix:
        """This Hunted's equilibrium strategy over the playable cards."""
        hand = v.own_hand & ~v.forbidden or v.own_hand
        plan = outlook(v, own=h, own_hand=hand).plan[h]
        return [(place_id(p), plan[p - 1] + 1e-9) for p in places]

    def take_back(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        return best(legal, lambda a: worth_in_hand(v, place_of(a)))

    def discard(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        return best(legal, lambda a: -worth_in_hand(v, place_of(a)))

    # -- survival windows ---------------------------------------------------------------------
    def window(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        h, phase = d.payload.hunted, d.payload.phase
        held = {SURVIVAL.arg(a) for a in legal if a != PASS}
        if phase == 2 and S["vortex"] in held and self.vortex_useful(v, h):
            return SURVIVAL.id(S["vortex"])
        if phase == 3:
            card = self.move_card(v, h, held)
            if card is not None:
                return SURVIVAL.id(card)
        if phase == 4:
            if S["amplifier"] in held:
                return SURVIVAL.id(S["amplifier"])
            played = [p for p in v.own_played if p]
            small = v.own_hand.bit_count() <= 3
            if S["double_back"] in held and played and (small or WRECK in played):
                return SURVIVAL.id(S["double_back"])
        return PASS

    def vortex_useful(self, v: NotAloneView, h: int) -> bool:
        """My card is under a catching token and a card of my discard is under none."""
        catch, tokens = token_places(v)
        threatened = any(catch & bit(p) for p in v.own_played)
        return threatened and any(not tokens & bit(p) for p in v.discard[h])

    def move_card(self, v: NotAloneView, h: int, held: set[int]) -> int | None:
        """Wrong Track off caught Hunted (Dodge covers a lone self); Hologram likewise."""
        catch, _ = token_places(v)
        caught = [j for j, loc in enumerate(v.location) if any(catch & bit(p) for p in loc)]
        dodge_covers = caught == [h] and bool(v.own_survival >> S["dodge"] & 1)
        if S["wrong_track"] in held and caught and not dodge_covers and escape(v, catch):
            return S["wrong_track"]
        hit = any(v.artemia & bit(p) for p in v.location[h])
        detector = bool(v.own_survival >> S["detector"] & 1)
        if S["hologram"] in held and hit and not detector and escape(v, v.artemia):
            return S["hologram"]
        return None

    def move_token(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        me = v.location[v.seat - 1]
        return best(legal, lambda a: -occupants(v, place_of(a)) - 2.0 * (place_of(a) in me))

    def which_token(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """Wrong Track under Clone: move whichever token catches more (me first)."""
        me = v.location[v.seat - 1]
        on_target = sum(1 for p in me if v.target & bit(p))
        on_creature = me.count(v.creature_token)
        if on_target != on_creature:
            return OPT_TARGET_TOKEN if on_target > on_creature else OPT_CREATURE_TOKEN
        target = sum(occupants(v, p) for p in PLACES_OF[v.target])
        return OPT_TARGET_TOKEN if target > occupants(v, v.creature_token) else OPT_CREATURE_TOKEN

    def vortex_in(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        _, tokens = token_places(v)
        return best(
            legal, lambda a: worth_in_hand(v, place_of(a)) - 10.0 * bool(tokens & bit(place_of(a)))
        )

    def vortex_out(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        catch, tokens = token_places(v)
        return best(
            legal, lambda a: 2.0 * bool(catch & bit(place_of(a))) + bool(tokens & bit(place_of(a)))
        )

    # -- phase 3: resolving a place -------------------------------------------------------------
    def resolve(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """Power, take-back, Drone or Gate: whichever is worth most now."""
        h, place = d.payload.hunted, v.location[d.payload.hunted][d.payload.slot]
        k, discard = v.own_hand.bit_count(), v.discard[h]

        def score(a: int) -> float:
            if a == PASS:
                return 0.0
            if a == OPT_USE_POWER:
                return worth_now(v, h, place)
            if a in PLACE:
                return gain(k, 1) + 0.3 * worth_in_hand(v, place_of(a))
            if a == SURVIVAL.id(S["drone"]):
                return power_value(v, h, ROVER, k, discard, contested=False) - SURVIVAL_CARD_COST
            near = ADJ[place - 1] & ~bit(ARTEFACT)
            gate = max(power_value(v, h, p, k, discard, False) for p in PLACES_OF[near])
            return gate - SURVIVAL_CARD_COST

        return best(legal, score)

    def lair(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        h = d.payload.hunted
        k, discard = v.own_hand.bit_count(), v.discard[h]

        def score(a: int) -> float:
            if a == OPT_TAKE_ALL:
                return gain(k, len(discard))
            return power_value(v, h, place_of(a), k, discard, contested=False)

        return best(legal, score)

    def gate(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        h = d.payload.hunted
        k, discard = v.own_hand.bit_count(), v.discard[h]
        return best(legal, lambda a: power_value(v, h, place_of(a), k, discard, False))

    def rover(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """The Wreck first; a card fewer other Hunted hold is a little harder to predict."""

        def score(a: int) -> float:
            p = place_of(a)
            others = sum(1 for j in range(v.num_hunted) if public_hand(v, j) & bit(p))
            return NEW_CARD[p] - 0.05 * others

        return best(legal, score)

    def source(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """Will to the Hunted at 1 Will; otherwise a survival card, or Will to one at 2."""
        return best(
            legal, lambda a: 0.35 if a == OPT_DRAW else {1: 0.6, 2: 0.34}[v.will[HUNTED.arg(a)]]
        )

    def scream(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """Discard two cards or lose a Will, whichever costs less."""
        k = v.own_hand.bit_count()
        will_cost = 2.0 if v.will[d.payload.hunted] <= 1 else WILL_COST
        cards_cost = CARD_GAIN[min(k - 1, 11)] + CARD_GAIN[min(k - 2, 11)] if k >= 2 else 9.0
        cheaper = OPT_DISCARD_TWO if cards_cost < will_cost else OPT_LOSE_WILL
        return cheaper if cheaper in legal else OPT_LOSE_WILL

    def river(self, v: NotAloneView, d: Decision, legal: list[int], rng: Rng) -> int:
        """Keep the card no token threatens (the Creature token worst), then the better one."""
        catch, _ = token_places(v)
        values = hunted_values(v, d.payload.hunted, v.own_hand | sum(bit(p) for p in v.own_played))

        def score(a: int) -> float:
            p = place_of(a)
            hits = (
                5.0 * bool(catch & bit(p))
                + bool(v.artemia & bit(p))
                + 0.5 * bool(v.target & bit(p))
            )
            return values[p - 1] - hits

        return best(legal, score)
