"""Shared helpers for Not Alone rule tests: build a mid-game state, then drive it by ids.

    s = scenario(phase="reckoning", hunted=[hunted(played=["wreck"]), hunted()],
                 tokens={"creature": "lair"})
    play(s, USE_POWER)                      # apply ids in order (each must be legal)
    assert top(s).kind == D_RESOLVE         # the open decision

- `scenario(**overrides)`: a scenario document (nemesis_env.games.not_alone.scenario) with
  defaults 2 players (1 Hunted), board side 1, Creature hunt-card windows off
  (`creature: {limit: 0}`, empty hand) and the hunt deck empty (so the end-of-turn refill draws
  nothing and the next turn opens no Creature window either; no real game lacks Hunt cards, so
  the document says `allow_no_hunt_cards`). Any top-level key overrides
  its default wholesale, except `params`, which is merged (e.g. `params={"players": 5}`).
- `hunted(**row)`: one `hunted` row; the hand defaults to every owned card (places 1-5 plus
  `extra`) that is not in `discard` or `played`, so only the interesting zones need writing.
- `play(state, *ids)`: applies each action/chance-outcome id; returns the state.
- `place(x)`, `survival(x)`, `hunt(x)`: action ids for a place/survival/hunt card by id or
  number; `survival_outcome(x)` / `hunt_outcome(x)`: chance-outcome ids forcing a draw.
- `num(x)`: a place number from an id ("wreck" -> 8); `mask(*places)`: a place bitmask;
  `smask(*cards)` / `hmask(*cards)`: survival / hunt card bitmasks.
- `top(state)`: the open Decision; `legal(state)`: its legal ids as a set.
- `pass_while(state, *kinds)`: applies PASS while the open decision is one of `kinds`.
"""

from __future__ import annotations

from typing import Any

from nemesis_env.core.engine import Decision
from nemesis_env.games.not_alone.actions import (
    HUNT as HUNT_ACTIONS,
)
from nemesis_env.games.not_alone.actions import (
    PASS,
    SURVIVAL_CARD,
    place_id,
)
from nemesis_env.games.not_alone.actions import (
    SURVIVAL as SURVIVAL_ACTIONS,
)
from nemesis_env.games.not_alone.defs import load_data
from nemesis_env.games.not_alone.game import NotAloneState
from nemesis_env.scenario import load

DATA = load_data()
PLACES = {p.id: p.number for p in DATA.places}
SURVIVAL = {c.id: i for i, c in enumerate(DATA.survival)}
HUNT = {c.id: i for i, c in enumerate(DATA.hunt)}
STARTING = [1, 2, 3, 4, 5]

DEFAULTS: dict[str, Any] = {
    "game": "not_alone",
    "params": {"players": 2, "board_side": 1},
    "creature": {"limit": 0},
    "hunt_deck": [],
    "allow_no_hunt_cards": True,
}


def num(place: int | str) -> int:
    """Place number of an id or number: num("wreck") == 8."""
    return place if isinstance(place, int) else PLACES[place]


def mask(*places: int | str) -> int:
    """Bitmask of places (bit p-1), as in state.hand / state.owned / state.target."""
    return sum(1 << (num(p) - 1) for p in set(places))


def smask(*cards: str) -> int:
    """Bitmask of survival cards, as in state.survival."""
    return sum(1 << SURVIVAL[c] for c in set(cards))


def hmask(*cards: str) -> int:
    """Bitmask of hunt cards, as in state.hunt_hand."""
    return sum(1 << HUNT[c] for c in set(cards))


def place(p: int | str) -> int:
    """Action id of a place card: play it, take it back, choose it as a destination..."""
    return place_id(num(p))


def survival(card: str) -> int:
    """Action id for playing a survival card (also: keeping it at the Shelter)."""
    return SURVIVAL_ACTIONS.id(SURVIVAL[card])


def hunt(card: str) -> int:
    """Action id for playing a hunt card."""
    return HUNT_ACTIONS.id(HUNT[card])


def survival_outcome(card: str) -> int:
    """Chance-outcome id that draws this survival card."""
    return SURVIVAL_CARD.id(SURVIVAL[card])


def hunt_outcome(card: str) -> int:
    """Chance-outcome id that draws (or Strike-Back-picks) this hunt card."""
    return HUNT[card]


def hunted(
    *,
    discard: list[int | str] | None = None,
    played: list[int | str] | None = None,
    extra: list[int | str] | None = None,
    **row: Any,
) -> dict[str, Any]:
    """A `hunted` scenario row whose hand is every owned card not discarded or played.

    Owned cards are places 1-5 plus `extra` (e.g. reserve cards got from the Rover) plus any
    card named in discard/played. Pass `hand=` explicitly to override.
    """
    discard, played, extra = discard or [], played or [], extra or []
    owned = {*STARTING, *map(num, extra), *map(num, discard), *map(num, played)}
    out = {num(p) for p in discard} | {num(p) for p in played}
    row.setdefault("hand", sorted(owned - out))
    row["discard"] = [num(p) for p in discard]
    row["played"] = [num(p) for p in played]
    return row


def scenario(**overrides: Any) -> NotAloneState:
    """Loads a scenario from DEFAULTS updated with `overrides` (`params` is merged)."""
    doc = dict(DEFAULTS)
    params = {**DEFAULTS["params"], **overrides.pop("params", {})}
    doc.update(overrides)
    doc["params"] = params
    return load(doc)


def play(state: NotAloneState, *ids: int) -> NotAloneState:
    """Applies the ids in order; an illegal id raises IllegalActionError."""
    for action in ids:
        state.apply_action(action)
    return state


def top(state: NotAloneState) -> Decision:
    """The open decision (kind, chooser, a, b, c)."""
    return state.stack[-1]


def legal(state: NotAloneState) -> set[int]:
    return set(state.legal_actions())


def pass_while(state: NotAloneState, *kinds: int, limit: int = 50) -> NotAloneState:
    """Applies PASS while the open decision's kind is in `kinds` (e.g. windows to skip)."""
    for _ in range(limit):
        if state.is_terminal() or top(state).kind not in kinds:
            return state
        state.apply_action(PASS)
    raise AssertionError(f"still at decision {top(state)} after {limit} passes")
