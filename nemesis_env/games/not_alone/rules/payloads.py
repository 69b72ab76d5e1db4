"""The typed payload of every Not Alone decision kind (shared/DESIGN.md §2: a core `Decision`
carries its kind, its chooser and one small immutable record of that kind's arguments).

Each payload is a NamedTuple of small ints; kinds without arguments carry None. Field order is
part of the observation: the encoder writes a decision's payload as up to three ints, padded
with zeros (`payload_ints`), so fields are never reordered.

Conventions: `hunted` is the Hunted's index h (seat h+1); `slot` indexes the Hunted's played
cards (`State.location[h]` / `State.played[h]`); `purpose` and `token` take the P_* and T_*
constants of kinds.py; `remaining` is how many picks the decision still asks for (a NamedTuple
cannot name a field `count`: tuple.count).
"""

from __future__ import annotations

from typing import NamedTuple

from nemesis_env.games.not_alone.rules.kinds import Kind


class DrawSurvivalArgs(NamedTuple):
    """A survival card drawn for `hunted`; purpose SHELTER_DRAW (decks.py) marks a Shelter pick."""

    hunted: int
    purpose: int = 0


class CreatureWindowArgs(NamedTuple):
    """The Creature may play a hunt card of `phase` (1-4)."""

    phase: int


class ExploreArgs(NamedTuple):
    hunted: int


class TakeBackArgs(NamedTuple):
    """Take back up to `remaining` more discarded cards; `played_slot` is slot+1 of a played
    card that may be taken back too (0: none)."""

    hunted: int
    remaining: int
    played_slot: int = 0


class HuntedWindowArgs(NamedTuple):
    """Hunted `hunted` may play a survival card of `phase` (1-4)."""

    hunted: int
    phase: int


class NameHuntedArgs(NamedTuple):
    """The Creature names a Hunted for the hunt card `purpose` (P_ANTICIPATION .. P_DETOUR)."""

    purpose: int


class KeepArgs(NamedTuple):
    """Ascendancy (keep) or Phobia (hide): `remaining` more place cards to pick."""

    hunted: int
    purpose: int
    remaining: int


class ForbiddenArgs(NamedTuple):
    hunted: int


class DiscardPlaceArgs(NamedTuple):
    """`remaining` more place cards to discard."""

    hunted: int
    remaining: int


class RiverArgs(NamedTuple):
    hunted: int


class DetourCardArgs(NamedTuple):
    """The Creature picks which of `hunted`'s two cards Detour moves."""

    hunted: int


class DetourDestArgs(NamedTuple):
    """The Creature moves `hunted`'s card in `slot` to an adjacent place."""

    hunted: int
    slot: int


class MoveTokenArgs(NamedTuple):
    """`hunted` moves `token` (T_CREATURE, T_TARGET or T_ARTEMIA) to an adjacent place."""

    hunted: int
    token: int


class WhichTokenArgs(NamedTuple):
    hunted: int


class ResolveOrderArgs(NamedTuple):
    hunted: int


class ResolveArgs(NamedTuple):
    """`hunted` resolves the place of its card in `slot`."""

    hunted: int
    slot: int


class LairArgs(NamedTuple):
    hunted: int
    slot: int


class RoverArgs(NamedTuple):
    hunted: int


class ShelterKeepArgs(NamedTuple):
    hunted: int


class SourceArgs(NamedTuple):
    hunted: int


class GateArgs(NamedTuple):
    hunted: int
    slot: int


class ScreamArgs(NamedTuple):
    hunted: int


class ToxinArgs(NamedTuple):
    """`remaining` more survival cards to discard (one per targeted place)."""

    hunted: int
    remaining: int


class CatchArgs(NamedTuple):
    """`hunted` may ignore `token` (T_CREATURE or T_ARTEMIA), which caught them on `hits` places."""

    hunted: int
    token: int
    hits: int


class VortexDiscardArgs(NamedTuple):
    hunted: int


class VortexPlayedArgs(NamedTuple):
    """Which played card the discarded place card `incoming` replaces."""

    hunted: int
    incoming: int


class DoubleBackArgs(NamedTuple):
    hunted: int


class SacrificeArgs(NamedTuple):
    hunted: int


class ResolveSlotArgs(NamedTuple):
    hunted: int
    slot: int


class ArtemiaHitArgs(NamedTuple):
    hunted: int
    hits: int


class CreatureHitArgs(NamedTuple):
    hunted: int


class ShelterDrawnArgs(NamedTuple):
    hunted: int


PAYLOADS: dict[Kind, type[tuple[int, ...]] | None] = {
    Kind.DRAW_HUNT: None,
    Kind.DRAW_SURVIVAL: DrawSurvivalArgs,
    Kind.STRIKE_BACK: None,
    Kind.SIDE: None,
    Kind.CREATURE_WINDOW: CreatureWindowArgs,
    Kind.EXPLORE: ExploreArgs,
    Kind.TAKE_BACK: TakeBackArgs,
    Kind.HUNTED_WINDOW: HuntedWindowArgs,
    Kind.TARGET_PLACE: None,
    Kind.TARGET_PAIR: None,
    Kind.NAME_HUNTED: NameHuntedArgs,
    Kind.KEEP: KeepArgs,
    Kind.FORBIDDEN: ForbiddenArgs,
    Kind.DISCARD_PLACE: DiscardPlaceArgs,
    Kind.CREATURE_TOKEN: None,
    Kind.ARTEMIA_TOKEN: None,
    Kind.RIVER: RiverArgs,
    Kind.CATACLYSM: None,
    Kind.DETOUR_CARD: DetourCardArgs,
    Kind.DETOUR_DEST: DetourDestArgs,
    Kind.MOVE_TOKEN: MoveTokenArgs,
    Kind.WHICH_TOKEN: WhichTokenArgs,
    Kind.RESOLVE_ORDER: ResolveOrderArgs,
    Kind.RESOLVE: ResolveArgs,
    Kind.LAIR: LairArgs,
    Kind.ROVER: RoverArgs,
    Kind.SHELTER_KEEP: ShelterKeepArgs,
    Kind.SOURCE: SourceArgs,
    Kind.GATE: GateArgs,
    Kind.SCREAM: ScreamArgs,
    Kind.TOXIN: ToxinArgs,
    Kind.CATCH_SURVIVAL: CatchArgs,
    Kind.VORTEX_DISCARD: VortexDiscardArgs,
    Kind.VORTEX_PLAYED: VortexPlayedArgs,
    Kind.DOUBLE_BACK: DoubleBackArgs,
    Kind.SACRIFICE: SacrificeArgs,
    Kind.FORBIDDEN_APPLY: None,
    Kind.RESOLVE_SLOT: ResolveSlotArgs,
    Kind.ARTEMIA_HIT: ArtemiaHitArgs,
    Kind.CREATURE_HIT: CreatureHitArgs,
    Kind.SHELTER_DRAWN: ShelterDrawnArgs,
}
"""The payload type of every kind (None: the kind takes no arguments)."""

ARG_SLOTS = 3  # the encoder's fixed number of payload ints per decision
_ZEROS = (0,) * ARG_SLOTS


def payload_ints(payload: tuple[int, ...] | None) -> tuple[int, ...]:
    """A payload as exactly ARG_SLOTS ints, in field order, padded with zeros."""
    if payload is None:
        return _ZEROS
    return (*payload, *_ZEROS)[:ARG_SLOTS]
