"""Tournament seeding: each (pair, game) draws its own streams, as the module docstring states:
game g of pair p uses `np.random.SeedSequence(seed, spawn_key=(p, g)).spawn(players + 1)`
(chance first, then one stream per seat).

The expected games are played here, outside experiments/, from that documented derivation, so
a schedule that reused one pair's seeds for every pair (spawn_key=(g,)) or mixed up the game
index fails, whatever seed label the records carry.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from agents.base import RandomAgent
from agents.play import play_game
from experiments.config import TournamentConfig, config_from_dict
from experiments.tournament import game_streams, run_tournament
from nemesis_env import load_game

SEED, GAMES, PLAYERS = 23, 3, 2


def documented_streams(pair: int, game: int) -> list[np.random.Generator]:
    children = np.random.SeedSequence(SEED, spawn_key=(pair, game)).spawn(PLAYERS + 1)
    return [np.random.default_rng(child) for child in children]


def test_game_streams_follow_the_documented_derivation() -> None:
    for pair, game in [(0, 0), (0, 2), (1, 0), (3, 1)]:
        ours = game_streams(SEED, pair, game, PLAYERS)
        theirs = documented_streams(pair, game)
        assert len(ours) == PLAYERS + 1
        for mine, expected in zip(ours, theirs, strict=True):
            assert (
                mine.integers(1 << 62, size=4).tolist()
                == expected.integers(1 << 62, size=4).tolist()
            )


def test_every_pair_plays_its_own_seeded_games(tmp_path: Path) -> None:
    """Two random agents: every pair seats the same kind of agent everywhere, so its games differ
    from another pair's only through their streams. Each recorded game must be the game its own
    (pair, game) streams give when played here independently."""
    cfg = config_from_dict(
        TournamentConfig,
        {
            "game": "not_alone",
            "players": PLAYERS,
            "agents": [{"name": "alpha", "kind": "random"}, {"name": "beta", "kind": "random"}],
            "games_per_match": GAMES,
            "seed": SEED,
            "out_dir": str(tmp_path / "run"),
        },
    )
    run = run_tournament(cfg, progress=False).run_dir
    records = [json.loads(line) for line in (run / "games.jsonl").read_text().splitlines()]
    game = load_game("not_alone", players=PLAYERS)
    played = {}
    for record in records:
        chance, *seats = documented_streams(record["pair"], record["game"])
        agents = [RandomAgent() for _ in range(PLAYERS)]
        result = play_game(game, agents, chance, seats)
        assert (record["length"], record["returns"]) == (result.length, list(result.returns))
        played[(record["pair"], record["game"])] = result.length
    pairs = sorted({pair for pair, _ in played})
    assert len(pairs) >= 2
    lengths = [tuple(played[(p, g)] for g in range(GAMES)) for p in pairs]
    assert len(set(lengths)) == len(pairs), f"pairs replayed the same seeds: {lengths}"
