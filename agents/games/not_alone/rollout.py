"""The kit's rollout policy: cheap, fair Not Alone moves for search rollouts."""

from __future__ import annotations

import random
from typing import Any

from nemesis_env.games.not_alone.actions import (
    OPT_GIVE_UP,
    OPT_RESIST,
    OPT_USE_POWER,
    PLACE,
)
from nemesis_env.games.not_alone.rules.kinds import D_CREATURE_TOKEN, D_EXPLORE, D_RESOLVE
from nemesis_env.games.not_alone.state import F_SMOKESCREEN


def rollout_policy(state: Any, legal: list[int], rnd: random.Random) -> int:
    """A cheap, fair Not Alone rollout policy: uniform, with three corrections.

    Uniformly random Hunted Give Up or Resist about every other turn, so random games are
    ~90% Creature wins at 4 players (100% at 7) and rollouts say little. Here:

    - a Hunted never Resists or Gives Up while a place card can be played;
    - a Hunted resolving a usable place uses its power 4 times in 5;
    - the Creature's token goes to a place with weight 1 + 3 x (number of Hunted who may be
      there), from public facts only: each Hunted's owned cards minus its discard pile (as the
      Creature sees it: the Smokescreen snapshot while Smokescreen is in force).

    Random games with it: Creature wins ~7% (2 players), ~45% (4), ~70% (7). Reads only what
    the mover may know, so rollouts stay fair even on a determinized state.
    """
    kind = state.stack[-1].kind
    if kind == D_CREATURE_TOKEN:
        counts = [0] * 10
        smoked = state.flags & F_SMOKESCREEN
        for h in range(state.num_hunted):
            gone = 0
            for p in state.smoke_snapshot[h] if smoked else state.discard[h]:
                gone |= 1 << (p - 1)
            here = state.owned[h] & ~gone
            for p in range(10):
                if here >> p & 1:
                    counts[p] += 1
        weights = [1.0 + 3.0 * counts[PLACE.arg(a)] for a in legal]
        u = rnd.random() * sum(weights)
        for a, weight in zip(legal, weights, strict=True):
            u -= weight
            if u < 0:
                return a
        return legal[-1]
    if kind == D_RESOLVE:
        if OPT_USE_POWER in legal and rnd.random() < 0.8:
            return OPT_USE_POWER
    elif kind == D_EXPLORE and (OPT_GIVE_UP in legal or OPT_RESIST in legal):
        places = [a for a in legal if a in PLACE]
        if places:
            return places[int(rnd.random() * len(places))]
    return legal[int(rnd.random() * len(legal))]
