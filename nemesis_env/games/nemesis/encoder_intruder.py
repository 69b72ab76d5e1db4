"""The intruder player's block of the Nemesis observation (param intruder_player; seed 000
"Modes"): appended after every other block of encoder.py, so the other offsets do not move, and
all 0 in a game without the param. Layout in docs/observations.md."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nemesis_env.games.nemesis.rules.kinds import INTRUDER_PLAYER_KINDS, Kind
from nemesis_env.games.nemesis.tables import Tables
from nemesis_env.games.nemesis.view import NemesisView

IP_KIND_INDEX = {int(k): i for i, k in enumerate(INTRUDER_PLAYER_KINDS)}


def intruder_player_pieces(t: Tables, max_seats: int) -> list[tuple[Any, ...]]:
    ip_cards = len(t.data.intruder_player_cards)
    return [
        ("ip_on", (1,), "1 if the game plays with an intruder player (param intruder_player)"),
        ("ip_seat", (max_seats,), "one-hot seat playing the Intruders, relative to this seat"),
        ("ip_me", (1,), "1 if this seat plays the Intruders"),
        ("ip_decision", (len(IP_KIND_INDEX),), "one-hot intruder-player decision kind (260+)"),
        ("ip_hand", (ip_cards,), "this seat's intruder-player hand, copies per card / 2"),
        ("ip_hand_size", (1,), "cards in the intruder player's hand / 4"),
        ("ip_deck_size", (1,), "cards in the intruder deck / 10"),
        ("ip_discard", (ip_cards,), "intruder-player discard pile, copies per card / 2"),
        ("ip_offer_attack", (len(t.attack_op),), "attack cards drawn for its choice"),
        ("ip_offer_event", (len(t.data.events),), "event cards Planning drew for its choice"),
    ]


def encode_intruder_player(
    o: dict[str, int], v: NemesisView, idx: list[int], val: list[float]
) -> None:
    me = max(v.seat, 0)
    idx += (o["ip_on"], o["ip_hand_size"], o["ip_deck_size"])
    val += (1, v.intruder_hand_size / 4, v.intruder_deck_size / 10)
    if v.intruder_seat >= 0:
        idx += (o["ip_seat"] + (v.intruder_seat - me) % v.players, o["ip_me"])
        val += (1, float(v.intruder_seat == v.seat))
    if v.decision in IP_KIND_INDEX:
        idx.append(o["ip_decision"] + IP_KIND_INDEX[v.decision])
        val.append(1)
    for name, cards in (("ip_hand", v.intruder_hand), ("ip_discard", v.intruder_discard)):
        for card, copies in Counter(cards).items():
            idx.append(o[name] + card)
            val.append(min(copies, 2) / 2)
    offer = o["ip_offer_event" if v.decision == Kind.IP_EVENT_CHOICE else "ip_offer_attack"]
    idx += [offer + card for card in sorted(set(v.intruder_offer))]
    val += [1] * len(set(v.intruder_offer))
