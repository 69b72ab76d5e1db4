"""Loading Nemesis scenario documents in tests (the game is not registered yet, so the tests call
its builder, `build_scenario`, on the mapping `nemesis_env.scenario.read_document` reads)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis.game import build_scenario
from nemesis_env.games.nemesis.state import State
from nemesis_env.scenario import read_document
from tests.nemesis.helpers import step_randomly

SCENARIOS = Path(__file__).parent / "scenarios"
MID_GAME = SCENARIOS / "mid_game.yaml"


def load(doc: str | Path | dict[str, Any]) -> State:
    """The state of a document given as a mapping, YAML text or a file path."""
    return build_scenario(read_document(doc))


def doc(players: int = 2, **fields: Any) -> dict[str, Any]:
    return {"game": "nemesis", "params": {"players": players}, **fields}


def settle_chance(s: State, seed: int = 0) -> None:
    """Resolves the chance nodes on top (objective deals, the Adults' numbers, draws) at
    random, up to the next player decision."""
    rng = np.random.default_rng(seed)
    while not s.is_terminal() and s.current_player() == CHANCE:
        step_randomly(s, rng)


def thing(s: State, thing_id: str) -> int:
    return s.game.tables.thing_index[thing_id]


def card(s: State, card_id: str) -> int:
    return s.game.tables.cards.index(card_id)


def tile(s: State, tile_id: str) -> int:
    return s.game.tables.tiles.index(tile_id)
