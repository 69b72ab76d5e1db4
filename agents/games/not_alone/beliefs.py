"""The heuristic model as a belief over hidden cards, for information-set search.

`game.sample_world(view, rng)` draws every hidden card uniformly among the consistent ones. The
heuristic Hunted do not play uniformly: they favour valuable places and avoid the expected
Creature token, and the shared model (`not_alone.outlook`) predicts how, from public facts.
`heuristic_belief(view)` turns that prediction into an acceptance weight for rejection
sampling: a sampled world whose face-down cards the model finds likely is kept more often, so
the worlds a search averages over follow the model's belief instead of a uniform one. It reads
the seat's View only (the worlds it weighs are the search's own samples).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from agents.games.not_alone.model import outlook
from nemesis_env.games.not_alone.view import NotAloneView

FLOOR = 0.02  # a card the model rules out is still kept now and then: the model can be wrong


def heuristic_belief(view: NotAloneView) -> Callable[[Any], float] | None:
    """An acceptance weight in (0, 1] per sampled world, or None when nothing is face down.

    Weighs each other Hunted's single face-down place card (before the reveal) by the model's
    probability of that card relative to its likeliest one.
    """
    if view.revealed:
        return None
    me = view.seat - 1
    others = [h for h in range(view.num_hunted) if h != me and view.played_count[h] == 1]
    if not others:
        return None
    dist = outlook(view).dist
    ratios: list[tuple[int, list[float]]] = []
    for h in others:
        top = max(dist[h])
        if top > 0:
            ratios.append((h, [max(p / top, FLOOR) for p in dist[h]]))

    def accept(world: Any) -> float:
        weight = 1.0
        for h, ratio in ratios:
            weight *= ratio[world.played[h][0] - 1]
        return weight

    return accept
