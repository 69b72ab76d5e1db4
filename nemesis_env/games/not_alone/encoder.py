"""NotAloneView -> flat float32 tensor with a documented layout (docs/observations.md).

Every piece is a one-hot or multi-hot block (plus one scaled scalar, the turn), so all values
lie in [0, 1]. Hunted blocks are indexed by absolute Hunted index and padded to 6 so every
player count shares one layout. Speed: each block is a precomputed little-endian float32 byte
string looked up by value or bitmask, so one observation is ~150 dict/tuple lookups, a join
and one copy into the caller's preallocated array (no per-element numpy writes).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import Layout
from nemesis_env.games.not_alone.rules.kinds import DECISION_NAMES, STAGE_NAMES
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
    ("decision_args", (3, 10), "one-hot of the decision's args a, b, c (clipped to 9)"),
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
        parts: list[bytes] = []
        add = parts.append
        self._global(v, parts)
        for h in range(MAX_HUNTED):
            if h < v.num_hunted:
                self._hunted(v, h, add)
            else:
                add(ZERO_HUNTED)
        self._private(v, parts)
        return b"".join(parts)

    def _global(self, v: NotAloneView, parts: list[bytes]) -> None:
        append = parts.append
        append(OH[7][v.seat])
        append(OH[N_STAGES][v.stage])
        if v.stack and not v.terminal:
            top = v.stack[-1]
            append(OH[N_DECISIONS][top.kind])
            append(MH1[1 if top.chooser == v.seat else 0])
            append(OH[10][min(top.a, 9) if top.a >= 0 else 0])
            append(OH[10][min(top.b, 9) if top.b >= 0 else 0])
            append(OH[10][min(top.c, 9) if top.c >= 0 else 0])
        else:
            append(_ZERO_DECISION)
        append(TURN[min(v.turn, 30)])
        append(OH[3][v.side])
        append(OH[19][min(v.rescue, 18)])
        append(OH[13][min(v.assimilation, 12)])
        append(MH1[1 if v.beacon else 0])
        for copies in v.reserve:
            append(OH[4][copies])
        flags = v.flags
        append(MH10[flags & 1023])
        append(MH10[(flags >> 10) & 1023])
        append(MH3[(flags >> 20) & 7])
        append(OH[11][v.creature_token])
        append(MH10[v.target])
        append(MH10[v.artemia])
        append(MH10[v.ineffective])
        append(MH10[v.forbidden])
        append(OH[7][v.anticipation + 1])
        append(OH[4][min(v.hunt_hand_size, 3)])
        append(OH[21][v.hunt_deck_size])
        append(OH[5][min(v.hunt_bottom_count, 4)])
        _mh20(parts, _cards20(v.hunt_discard))
        append(OH[21][v.hunt_discard[-1] + 1 if v.hunt_discard else 0])
        _mh20(parts, _cards20(v.hunt_played))
        append(OH[3][min(v.hunt_limit, 2)])
        append(OH[16][v.surv_deck_size])
        _mh15(parts, _cards20(v.surv_discard))

    def _hunted(self, v: NotAloneView, h: int, append: Callable[[bytes], None]) -> None:
        key = (
            v.will[h], min(v.hand_size[h], 10), min(v.survival_count[h], 5),
            min(v.played_count[h], 2), v.next_effect[h], v.this_effect[h], v.survival_used[h],
            min(v.resists[h], 2), v.gave_up[h], v.forbidden_chosen[h],
        )  # fmt: skip
        small = _HUNTED_SMALL.get(key)
        if small is None:
            small = _HUNTED_SMALL[key] = _hunted_small_bytes(key)
        append(small)
        pile = v.discard[h]
        append(MH10[_places(pile)])
        append(OH[11][pile[-1] if pile else 0])
        append(MH10[v.owned[h]])
        append(MH10[_places(v.revealed[h]) if v.revealed else 0])
        append(MH10[_places(v.location[h])])
        append(MH10[v.phobia_shown[h]])

    def _private(self, v: NotAloneView, parts: list[bytes]) -> None:
        append = parts.append
        hunted = v.seat > 0
        append(MH10[v.own_hand if hunted else 0])
        append(MH10[_places(v.own_played)])
        _mh15(parts, v.own_survival if hunted else 0)
        append(OH[11][v.own_pending_discard])
        _mh15(parts, v.own_shelter_drawn)
        _mh20(parts, v.hunt_hand if not hunted else 0)
        _mh20(parts, _cards20(v.hunt_bottom))


_HUNTED_SMALL: dict[tuple[int, ...], bytes] = {}  # memo: few distinct values, many lookups


def _hunted_small_bytes(key: tuple[int, ...]) -> bytes:
    will, hand, surv, played, nxt, this, used, resists, gave_up, chosen = key
    return b"".join(
        (
            MH1[1], OH[4][will], OH[11][hand], OH[6][surv], OH[3][played], OH[3][nxt],
            OH[3][this], MH1[int(used)], OH[3][resists], MH1[int(gave_up)], MH1[int(chosen)],
        )
    )  # fmt: skip


_ZERO_DECISION = _f32([0.0] * (N_DECISIONS + 1 + 30))
