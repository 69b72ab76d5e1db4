"""ToyView -> flat float32 tensor (every value in [0, 1]), laid out by core.encoder.Layout."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import Layout
from nemesis_env.core.zones import HIDDEN
from tests.toy_game.rules import COPIES, MAX_SEATS, VALUES, Kind

N = len(VALUES)
DECK = N * COPIES


class ToyEncoder:
    layout = Layout(
        [
            ("seat", (MAX_SEATS,), "one-hot observing seat (all zero: the spectator)"),
            ("round", (4,), "one-hot round (3 = over)"),
            ("decision", (len(Kind),), "one-hot kind of the open decision"),
            ("chooser", (MAX_SEATS,), "one-hot seat taking the open decision"),
            ("raider", (MAX_SEATS,), "one-hot raider of an open give decision"),
            ("own_hand", (N,), "own cards per value / 4"),
            ("hand_size", (MAX_SEATS,), "cards in each hand / 16"),
            ("played", (MAX_SEATS, N), "cards each seat played, per value / 4"),
            ("loot_seen", (MAX_SEATS, N), "loot cards this seat saw, per owner and value / 4"),
            ("loot_count", (MAX_SEATS,), "loot cards per owner / 16"),
            ("deck_size", (1,), "cards in the deck / 16"),
            ("deck_top", (N + 1,), "one-hot next card if this seat peeked at it (0: unknown)"),
        ]
    )

    def encode(self, v: object, out: npt.NDArray[np.float32]) -> None:
        from tests.toy_game.view import ToyView

        assert isinstance(v, ToyView)
        out[...] = 0.0
        x = self.layout.views(out)
        if v.seat >= 0:
            x["seat"][v.seat] = 1
            x["own_hand"][...] = np.bincount(v.hands[v.seat], minlength=N) / COPIES
        x["round"][min(v.round, 3)] = 1
        if v.stack and not v.terminal:
            top = v.stack[-1]
            x["decision"][top.kind] = 1
            if top.chooser >= 0:
                x["chooser"][top.chooser] = 1
            if top.kind == Kind.GIVE:
                x["raider"][top.payload.raider] = 1
        for seat in range(v.players):
            x["hand_size"][seat] = len(v.hands[seat]) / DECK
            x["played"][seat] = np.bincount(v.played[seat], minlength=N) / COPIES
        for owner, _, cards in v.loot:
            x["loot_count"][owner] += len(cards) / DECK
            for card in cards:
                if card != HIDDEN:
                    x["loot_seen"][owner, card] += 1 / COPIES
        x["deck_size"][0] = (len(v.deck_top) + v.deck_unseen) / DECK
        known = v.deck_top[0] if v.deck_top else HIDDEN
        x["deck_top"][0 if known == HIDDEN else known + 1] = 1


ENCODER = ToyEncoder()
