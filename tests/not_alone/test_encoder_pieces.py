"""Every view field lands in its named piece and nowhere else (issue 10 item 5).

For a mid-game view, each field is changed in turn to another legal value; the encoded tensor
must change inside exactly the pieces that field feeds (docs/observations.md) and nowhere else.
A block written at a wrong offset, or a field that leaks into a neighbour, fails here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.chance import resolve_chance

Perturb = Callable[[Any], Any]


def _absent(cards: tuple[int, ...], size: int) -> int:
    return next(c for c in range(size) if c not in cards)


def _first(values: tuple[Any, ...], new: Any) -> tuple[Any, ...]:
    return (new, *values[1:])


FIELDS: dict[str, tuple[Perturb, list[str]]] = {
    "turn": (lambda v: v.turn + 1, ["turn"]),
    "side": (lambda v: 2 if v.side != 2 else 1, ["side"]),
    "rescue": (lambda v: v.rescue - 1, ["rescue"]),
    "assimilation": (lambda v: v.assimilation - 1, ["assimilation"]),
    "beacon": (lambda v: not v.beacon, ["beacon"]),
    "reserve": (lambda v: _first(v.reserve, (v.reserve[0] + 1) % 4), ["reserve"]),
    "flags": (lambda v: v.flags ^ 1, ["flags"]),
    "creature_token": (lambda v: v.creature_token % 10 + 1, ["creature_token"]),
    "target": (lambda v: v.target ^ 0b100, ["target"]),
    "artemia": (lambda v: v.artemia ^ 0b1000, ["artemia"]),
    "ineffective": (lambda v: v.ineffective ^ 0b10, ["ineffective"]),
    "forbidden": (lambda v: v.forbidden ^ 0b1, ["forbidden"]),
    "anticipation": (lambda v: 1 if v.anticipation != 1 else 0, ["anticipation"]),
    "hunt_hand_size": (lambda v: (v.hunt_hand_size + 1) % 4, ["hunt_hand_size"]),
    "hunt_deck_size": (lambda v: (v.hunt_deck_size + 1) % 21, ["hunt_deck_size"]),
    "hunt_bottom_count": (lambda v: (v.hunt_bottom_count + 1) % 5, ["hunt_bottom_count"]),
    "hunt_limit": (lambda v: (v.hunt_limit + 1) % 3, ["hunt_limit"]),
    "surv_deck_size": (lambda v: (v.surv_deck_size + 1) % 16, ["survival_deck_size"]),
    "hunt_played": (lambda v: (*v.hunt_played, _absent(v.hunt_played, 20)), ["hunt_played"]),
    "hunt_discard": (
        lambda v: (*v.hunt_discard, _absent(v.hunt_discard, 20)),
        ["hunt_discard", "hunt_discard_top"],
    ),
    "surv_discard": (
        lambda v: (*v.surv_discard, _absent(v.surv_discard, 15)),
        ["survival_discard"],
    ),
    "will": (lambda v: _first(v.will, v.will[0] % 3 + 1), ["hunted0_will"]),
    "hand_size": (lambda v: _first(v.hand_size, (v.hand_size[0] + 1) % 11), ["hunted0_hand_size"]),
    "survival_count": (
        lambda v: _first(v.survival_count, (v.survival_count[0] + 1) % 5),
        ["hunted0_survival_count"],
    ),
    "resists": (lambda v: _first(v.resists, (v.resists[0] + 1) % 3), ["hunted0_resists"]),
    "gave_up": (lambda v: _first(v.gave_up, not v.gave_up[0]), ["hunted0_gave_up"]),
    "survival_used": (
        lambda v: _first(v.survival_used, not v.survival_used[0]),
        ["hunted0_survival_used"],
    ),
    "owned": (lambda v: _first(v.owned, v.owned[0] ^ (1 << 9)), ["hunted0_owned"]),
}
CREATURE_ONLY = {"hunt_hand": (lambda v: v.hunt_hand ^ 1, ["hunt_hand"])}
HUNTED_ONLY = {
    "own_hand": (lambda v: v.own_hand ^ (1 << 9), ["own_hand"]),
    "own_survival": (lambda v: v.own_survival ^ (1 << 14), ["own_survival"]),
}


def _mid_game_views(players: int, seed: int) -> list[Any]:
    game = nemesis_env.load_game("not_alone", players=players)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    while state.turn < 3 and not state.is_terminal():
        resolve_chance(state, rng)
        legal = state.legal_actions()
        state.apply_action(int(rng.choice(legal)))
        resolve_chance(state, rng)
    assert not state.is_terminal() and state.turn < 29
    return [game, game.view_for(state, 0), game.view_for(state, 1)]


def _changed_pieces(game: Any, before: Any, after: Any) -> set[str]:
    layout = game.observation_layout()
    a = np.zeros(layout.size, dtype=np.float32)
    b = np.zeros(layout.size, dtype=np.float32)
    game.encode(before, a)
    game.encode(after, b)
    return {
        p.name
        for p in layout.pieces
        if not np.array_equal(a[layout.slice(p.name)], b[layout.slice(p.name)])
    }


@pytest.mark.parametrize("players", [2, 4, 6])
def test_each_view_field_changes_exactly_its_pieces(players: int) -> None:
    game, creature, hunted = _mid_game_views(players, seed=players)
    cases = [(creature, FIELDS | CREATURE_ONLY), (hunted, FIELDS | HUNTED_ONLY)]
    for view, fields in cases:
        for field, (perturb, pieces) in fields.items():
            changed = view._replace(**{field: perturb(view)})
            assert _changed_pieces(game, view, changed) == set(pieces), (view.seat, field)


def test_layout_bounds_give_the_observation_space() -> None:
    env = nemesis_env.env("not_alone", players=3)
    box = env.observation_space("creature")["observation"]
    low, high = env.unwrapped.game.observation_layout().bounds()
    assert np.array_equal(box.low, low) and np.array_equal(box.high, high)
    assert box.shape == (env.unwrapped.game.observation_size(),)


def test_decision_arguments_keep_every_index_apart() -> None:
    """Places 9 and 10 (and any index up to 255) encode differently; before, args were clipped
    to 9 and the Ruins and the Artefact looked alike."""
    from nemesis_env.core.engine import Decision
    from nemesis_env.games.not_alone.rules.kinds import D_VORTEX_PLAYED
    from nemesis_env.games.not_alone.rules.payloads import VortexPlayedArgs

    game, _, hunted = _mid_game_views(3, seed=1)
    codes = []
    for incoming in (9, 10, 200):
        top = Decision(D_VORTEX_PLAYED, 1, VortexPlayedArgs(0, incoming))
        view = hunted._replace(stack=(*hunted.stack, top), terminal=False)
        out = np.zeros(game.observation_size(), dtype=np.float32)
        game.encode(view, out)
        args = out[game.observation_layout().slice("decision_args")].reshape(3, 8)
        assert args[1] @ (2.0 ** np.arange(8)) == incoming  # bit 0 first
        codes.append(args.tobytes())
    assert len(set(codes)) == 3
    too_big = hunted._replace(
        stack=(*hunted.stack, Decision(D_VORTEX_PLAYED, 1, VortexPlayedArgs(0, 256)))
    )
    with pytest.raises(ValueError, match="256 does not fit"):
        game.encode(too_big, np.zeros(game.observation_size(), dtype=np.float32))
