"""NotAloneView -> flat float32 tensor with a documented layout (docs/observations.md).

Every piece is a one-hot or multi-hot block (plus one scaled scalar, the turn), so all values
lie in [0, 1]. Hunted blocks are indexed by absolute Hunted index and padded to 6 so every
player count shares one layout. Speed: each block is a precomputed little-endian float32 byte
string looked up by value or bitmask, so one observation is ~150 dict/tuple lookups, a join
and one copy into the caller's preallocated array (no per-element numpy writes).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import ARG_BITS, Layout, binary_codes, index_code
from nemesis_env.games.not_alone.rules.kinds import DECISION_NAMES, STAGE_NAMES
from nemesis_env.games.not_alone.rules.payloads import payload_ints
from nemesis_env.games.not_alone.view import NotAloneView

MAX_HUNTED = 6
N_STAGES = len(STAGE_NAMES)
N_DECISIONS = len(DECISION_NAMES)
N_FLAGS = 23

GLOBAL_PIECES: list[tuple[str, tuple[int, ...], str]] = [
    ("seat", (7,), "one-hot observing seat: 0 Creature, h+1 Hunted h"),
    ("stage", (N_STAGES,), "one-hot stage of the turn (rules/kinds.py STAGE_NAMES)"),
    ("decision", (N_DECISIONS,), "one-hot kind of the open decision (DECISION_NAMES)"),
    ("decision_mine", (1,), "1 if this seat takes the open decision"),
    ("decision_args", (3, ARG_BITS), "binary code (bit 0 first) of each payload field (3 slots)"),
    ("turn", (1,), "turn number / 30, clipped to 1"),
    ("side", (3,), "one-hot board side (0 = not chosen yet)"),
    ("rescue", (19,), "one-hot Rescue counter distance to the star"),
    ("assimilation", (13,), "one-hot Assimilation counter distance to the star"),
    ("beacon", (1,), "1 if the Marker counter is on the Beach"),
    ("reserve", (5, 4), "one-hot copies left of places 6-10 in the reserve"),
    ("flags", (N_FLAGS,), "turn flags (state.FLAG_NAMES bit order)"),
    ("creature_token", (11,), "one-hot place of the Creature token (0 = not placed)"),
    ("target", (10,), "places under the Target token"),
    ("artemia", (10,), "places under the Artemia token"),
    ("ineffective", (10,), "places made ineffective by Cataclysm"),
    ("forbidden", (10,), "places that may not be played (Force Field)"),
    ("anticipation", (7,), "one-hot Hunted named by Anticipation (0 = none)"),
    ("hunt_hand_size", (4,), "one-hot number of hunt cards in the Creature's hand"),
    ("hunt_deck_size", (21,), "one-hot hunt cards left in the deck"),
    ("hunt_bottom_count", (5,), "one-hot cards put under the hunt deck by Strike Back"),
    ("hunt_discard", (20,), "hunt cards in the discard pile"),
    ("hunt_discard_top", (21,), "one-hot top of the hunt discard pile (0 = empty)"),
    ("hunt_played", (20,), "hunt cards played this turn"),
    ("hunt_limit", (3,), "one-hot hunt cards the Creature may still play this turn"),
    ("survival_deck_size", (16,), "one-hot survival cards left in the deck"),
    ("survival_discard", (15,), "survival cards in the discard pile"),
]
HUNTED_PIECES: list[tuple[str, tuple[int, ...], str]] = [
    ("present", (1,), "1 if this Hunted exists in the game"),
    ("will", (4,), "one-hot Will counters"),
    ("hand_size", (11,), "one-hot place cards in hand"),
    ("survival_count", (6,), "one-hot survival cards in hand (clipped to 5)"),
    ("played_count", (3,), "one-hot place cards played this turn"),
    ("next_effect", (3,), "one-hot River/Artefact effect set for next turn"),
    ("this_effect", (3,), "one-hot River/Artefact effect active this turn"),
    ("survival_used", (1,), "1 if a survival card was played this turn"),
    ("resists", (3,), "one-hot Resists this turn"),
    ("gave_up", (1,), "1 if the Hunted gave up this turn"),
    ("forbidden_chosen", (1,), "1 if the Forbidden Zone discard is chosen"),
    ("discard", (10,), "place cards in the discard pile"),
    ("discard_top", (11,), "one-hot most recent discard (0 = empty)"),
    ("owned", (10,), "place cards owned anywhere"),
    ("revealed", (10,), "played cards after the reveal"),
    ("location", (10,), "places the Hunted stands on after the reveal"),
    ("phobia_shown", (10,), "cards shown to the Creature by Phobia (if this seat saw them)"),
]
PRIVATE_PIECES: list[tuple[str, tuple[int, ...], str]] = [
    ("own_hand", (10,), "Hunted: own place cards in hand"),
    ("own_played", (10,), "Hunted: own face-down played cards"),
    ("own_survival", (15,), "Hunted: own survival cards"),
    ("own_pending_discard", (11,), "Hunted: own Forbidden Zone choice (one-hot, 0 = none)"),
    ("own_shelter_drawn", (15,), "Hunted: survival cards just drawn at the Shelter"),
    ("hunt_hand", (20,), "Creature: hunt cards in hand"),
    ("hunt_bottom", (20,), "Creature: hunt cards it knows are under the deck"),
]


def build_layout() -> Layout:
    pieces = list(GLOBAL_PIECES)
    for h in range(MAX_HUNTED):
        pieces += [(f"hunted{h}_{name}", shape, meaning) for name, shape, meaning in HUNTED_PIECES]
    pieces += PRIVATE_PIECES
    return Layout(pieces)


def _f32(values: list[float]) -> bytes:
    return np.asarray(values, dtype="<f4").tobytes()


def _one_hot_table(size: int) -> tuple[bytes, ...]:
    return tuple(_f32([1.0 if i == v else 0.0 for i in range(size)]) for v in range(size))


def _multi_hot_table(bits: int) -> tuple[bytes, ...]:
    return tuple(_f32([float(m >> i & 1) for i in range(bits)]) for m in range(1 << bits))


OH = {n: _one_hot_table(n) for n in (3, 4, 5, 6, 7, 10, 11, 13, 16, 19, 21, N_STAGES, N_DECISIONS)}
MH10, MH5, MH3, MH1 = (_multi_hot_table(b) for b in (10, 5, 3, 1))
ARG_CODES = binary_codes(ARG_BITS)
TURN = tuple(_f32([min(t, 30) / 30.0]) for t in range(31))
ZERO_HUNTED = _f32([0.0] * sum(int(np.prod(shape)) for _, shape, _ in HUNTED_PIECES))
ZERO_SEAT = OH[7][0]


def _mh20(parts: list[bytes], mask: int) -> None:
    parts.append(MH10[mask & 1023])
    parts.append(MH10[mask >> 10])


def _mh15(parts: list[bytes], mask: int) -> None:
    parts.append(MH10[mask & 1023])
    parts.append(MH5[mask >> 10])


def _cards20(cards: tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _places(cards: tuple[int, ...]) -> int:
    mask = 0
    for p in cards:
        if p:
            mask |= 1 << (p - 1)
    return mask


class NotAloneEncoder:
    """Writes a view into a preallocated float32 array of `layout.size`."""

    def __init__(self, num_hunted: int) -> None:
        self.num_hunted = num_hunted
        self.layout = build_layout()

    def encode(self, v: NotAloneView, out: npt.NDArray[np.float32]) -> None:
        out[:] = np.frombuffer(self.encode_bytes(v), dtype="<f4")

    def encode_bytes(self, v: NotAloneView) -> bytes:
        # Each group of pieces is memoised on the view values it depends on: consecutive
        # observations share most of them, so a typical call is ~12 dict hits and one join.
        if v.stack and not v.terminal:
            top = v.stack[-1]
            decision_key = (v.seat, v.stage, top.kind, top.chooser == v.seat,
                            *payload_ints(top.payload))  # fmt: skip
        else:
            decision_key = (v.seat, v.stage, -1, False, 0, 0, 0)
        table_key = (
            v.turn, v.side, v.rescue, v.assimilation, v.beacon, v.reserve, v.flags,
            v.creature_token, v.target, v.artemia, v.ineffective, v.forbidden, v.anticipation,
        )  # fmt: skip
        decks_key = (
            v.hunt_hand_size, v.hunt_deck_size, v.hunt_bottom_count, v.hunt_discard,
            v.hunt_played, v.hunt_limit, v.surv_deck_size, v.surv_discard,
        )  # fmt: skip
        parts = [
            _DECISION.get(decision_key, _decision_bytes),
            _TABLE.get(table_key, _table_bytes),
            _DECKS.get(decks_key, _decks_bytes),
        ]
        for h in range(MAX_HUNTED):
            if h < v.num_hunted:
                parts.append(_HUNTED_SMALL.get(_hunted_small_key(v, h), _hunted_small_bytes))
                places_key = (
                    v.discard[h], v.owned[h], v.revealed[h] if v.revealed else (),
                    v.location[h], v.phobia_shown[h],
                )  # fmt: skip
                parts.append(_HUNTED_PLACES.get(places_key, _hunted_places_bytes))
            else:
                parts.append(ZERO_HUNTED)
        hunted = v.seat > 0
        private_key = (
            v.own_hand if hunted else 0, v.own_played, v.own_survival if hunted else 0,
            v.own_pending_discard, v.own_shelter_drawn, 0 if hunted else v.hunt_hand,
            v.hunt_bottom,
        )  # fmt: skip
        parts.append(_PRIVATE.get(private_key, _private_bytes))
        return b"".join(parts)


class _Memo:
    """A dict from view values to encoded bytes, cleared when it grows past `limit` entries."""

    __slots__ = ("limit", "table")

    def __init__(self, limit: int = 100_000) -> None:
        self.table: dict[tuple[object, ...], bytes] = {}
        self.limit = limit

    def get(self, key: tuple[object, ...], build: Callable[[Any], bytes]) -> bytes:
        found = self.table.get(key)
        if found is None:
            if len(self.table) >= self.limit:
                self.table.clear()
            found = self.table[key] = build(key)
        return found


def _decision_bytes(key: Any) -> bytes:
    seat, stage, kind, mine, a, b, c = key
    head: bytes = OH[7][seat] + OH[N_STAGES][stage]
    if kind < 0:
        return head + _ZERO_DECISION
    args = [index_code(ARG_CODES, value, "a decision argument") for value in (a, b, c)]
    return head + b"".join((OH[N_DECISIONS][kind], MH1[int(mine)], *args))


def _table_bytes(key: Any) -> bytes:
    turn, side, rescue, assim, beacon, reserve, flags, token, target, artemia, inef, forb, ant = key
    parts = [TURN[min(turn, 30)], OH[3][side], OH[19][min(rescue, 18)], OH[13][min(assim, 12)]]
    parts.append(MH1[int(beacon)])
    parts += [OH[4][copies] for copies in reserve]
    parts += [MH10[flags & 1023], MH10[(flags >> 10) & 1023], MH3[(flags >> 20) & 7]]
    parts += [OH[11][token], MH10[target], MH10[artemia], MH10[inef], MH10[forb], OH[7][ant + 1]]
    return b"".join(parts)


def _decks_bytes(key: Any) -> bytes:
    hand_size, deck_size, bottom, discard, played, limit, surv_deck, surv_discard = key
    parts = [OH[4][min(hand_size, 3)], OH[21][deck_size], OH[5][min(bottom, 4)]]
    _mh20(parts, _cards20(discard))
    parts.append(OH[21][discard[-1] + 1 if discard else 0])
    _mh20(parts, _cards20(played))
    parts += [OH[3][min(limit, 2)], OH[16][surv_deck]]
    _mh15(parts, _cards20(surv_discard))
    return b"".join(parts)


def _hunted_small_key(v: NotAloneView, h: int) -> tuple[object, ...]:
    return (
        v.will[h], min(v.hand_size[h], 10), min(v.survival_count[h], 5),
        min(v.played_count[h], 2), v.next_effect[h], v.this_effect[h], v.survival_used[h],
        min(v.resists[h], 2), v.gave_up[h], v.forbidden_chosen[h],
    )  # fmt: skip


def _hunted_places_bytes(key: Any) -> bytes:
    pile, owned, revealed, location, phobia = key
    return b"".join(
        (
            MH10[_places(pile)], OH[11][pile[-1] if pile else 0], MH10[owned],
            MH10[_places(revealed)], MH10[_places(location)], MH10[phobia],
        )
    )  # fmt: skip


def _private_bytes(key: Any) -> bytes:
    own_hand, own_played, own_survival, pending, shelter, hunt_hand, hunt_bottom = key
    parts = [MH10[own_hand], MH10[_places(own_played)]]
    _mh15(parts, own_survival)
    parts.append(OH[11][pending])
    _mh15(parts, shelter)
    _mh20(parts, hunt_hand)
    _mh20(parts, _cards20(hunt_bottom))
    return b"".join(parts)


_DECISION, _TABLE, _DECKS = _Memo(), _Memo(), _Memo()
_HUNTED_SMALL, _HUNTED_PLACES, _PRIVATE = _Memo(), _Memo(), _Memo()


def _hunted_small_bytes(key: Any) -> bytes:
    will, hand, surv, played, nxt, this, used, resists, gave_up, chosen = key
    return b"".join(
        (
            MH1[1], OH[4][will], OH[11][hand], OH[6][surv], OH[3][played], OH[3][nxt],
            OH[3][this], MH1[int(used)], OH[3][resists], MH1[int(gave_up)], MH1[int(chosen)],
        )
    )  # fmt: skip


_ZERO_DECISION = _f32([0.0] * (N_DECISIONS + 1 + 3 * ARG_BITS))
