"""Toy Raid states from scenario documents (the registry's scenario builder for toy_raid).

    {"game": "toy_raid", "params": {"players": 3}, "round": 1, "turn": "scout_0",
     "hands": {"hunter": [4, 1], "scout_0": [2]}, "played": {"hunter": [3]},
     "deck_top": {"card": 2, "known_to": ["scout_1"]}}

Cards are written by value (1-4). The deck holds every card not placed elsewhere; a card
placed more often than its 4 copies is an error. The state opens with `turn`'s play decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from nemesis_env.core.engine import Decision
from nemesis_env.core.errors import NemesisError, ScenarioError
from tests.toy_game.rules import COPIES, VALUES, Kind, Stage

KEYS = {"game", "params", "round", "turn", "hands", "played", "deck_top"}


def _card(value: Any) -> int:
    if value not in VALUES:
        raise ScenarioError(f"toy_raid: a card is a value in {VALUES}, got {value!r}")
    return VALUES.index(value)


def _of(key: str, value: Any, kind: type) -> Any:
    """`value` when it is a `kind` (a mapping, a list), else a ScenarioError naming `key`."""
    if not isinstance(value, kind):
        raise ScenarioError(f"toy_raid: {key} must be a {kind.__name__}, got {value!r}")
    return value


def build(doc: Mapping[str, Any]) -> Any:
    from tests.toy_game.game import ToyRaidGame

    if unknown := sorted(set(doc) - KEYS):
        raise ScenarioError(f"toy_raid: unknown scenario keys {unknown}; allowed {sorted(KEYS)}")
    try:
        game = ToyRaidGame(**doc.get("params", {}))
    except (NemesisError, TypeError) as exc:  # TypeError: a param the game does not take
        raise ScenarioError(f"toy_raid: scenario params: {exc}") from None
    names = list(game.info.seat_names)

    def seat(name: Any) -> int:
        if name not in names:
            raise ScenarioError(f"toy_raid: no seat {name!r}; seats are {names}")
        return names.index(name)

    s = game.empty_state()
    s.stage, s.round = Stage.TURN, doc.get("round", 0)
    if type(s.round) is not int or not 0 <= s.round < s.rounds:
        raise ScenarioError(f"toy_raid: round is an integer in 0..{s.rounds - 1}, got {s.round!r}")
    turn = seat(doc.get("turn", "hunter"))
    s.cursor = (turn + 1) % s.players
    placed: Counter[int] = Counter()
    for key, zones in (("hands", s.hands), ("played", s.played)):
        for name, values in _of(key, doc.get(key, {}), Mapping).items():
            for card in map(_card, _of(f"{key}.{name}", values, list)):
                (zones[seat(name)].add if key == "hands" else zones[seat(name)].put)(card)
                placed[card] += 1
    s.deck.unseen = []
    top = doc.get("deck_top")
    if top is not None and (
        set(_of("deck_top", top, Mapping)) - {"card", "known_to"} or "card" not in top
    ):
        raise ScenarioError(
            f"toy_raid: deck_top is {{card: VALUE, known_to: [SEATS]}}, got {top!r}"
        )
    for card in range(len(VALUES)):
        left = COPIES - placed[card] - (top is not None and _card(top["card"]) == card)
        if left < 0:
            raise ScenarioError(f"toy_raid: more than {COPIES} cards of value {VALUES[card]}")
        s.deck.shuffle_in([card] * left)
    if top is not None:
        knowers = _of("deck_top.known_to", top.get("known_to", []), list)
        s.deck.put_top(_card(top["card"]), [seat(n) for n in knowers])
    s.stack = [Decision(Kind.PLAY, turn)]
    return s
