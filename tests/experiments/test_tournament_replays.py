"""Tournaments save recordings (`save_replays`): each replays and verifies on the engine, holds
its agents' names and notes, and games.jsonl stays as it was without them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from experiments.config import TournamentConfig, config_from_dict
from experiments.tournament import run_tournament
from nemesis_env.tools import recording


def config(out: Path, **over: Any) -> TournamentConfig:
    doc: dict[str, Any] = {
        "game": "not_alone",
        "players": 2,
        "agents": [
            {"name": "search", "kind": "ismcts", "params": {"iterations": 8}},
            {"name": "rand", "kind": "random"},
        ],
        "games_per_match": 3,
        "seed": 4,
        "out_dir": str(out),
    }
    doc.update(over)
    return config_from_dict(TournamentConfig, doc)


def test_replays_verify_and_carry_agents_and_search_notes(tmp_path: Path) -> None:
    saved = run_tournament(config(tmp_path / "a", save_replays=2), progress=False).run_dir
    plain = run_tournament(config(tmp_path / "b"), progress=False).run_dir
    # the recordings change nothing else: games.jsonl is byte for byte the same
    assert (saved / "games.jsonl").read_bytes() == (plain / "games.jsonl").read_bytes()
    assert not (plain / "replays").exists()
    files = sorted((saved / "replays").iterdir())
    pairs = 4  # 2 agents on 2 positions: every ordered pair
    assert [f.name for f in files] == [
        f"pair{p:03d}_game{g:04d}.json" for p in range(pairs) for g in range(2)
    ]
    records = [json.loads(line) for line in (saved / "games.jsonl").read_text().splitlines()]
    for f in files:
        game, doc, verified = recording.load_and_verify(f.read_text())
        pair, index = int(f.name[4:7]), int(f.name[12:16])
        rec = next(r for r in records if r["pair"] == pair and r["game"] == index)
        assert doc["record"]["returns"] == rec["returns"] and verified.terminal
        agents = doc["record"]["agents"]
        assert set(agents.values()) == set(rec["lineup"].values())
        searched = [s for s, name in enumerate(game.seat_names()) if agents[name] == "search"]
        notes = doc["record"]["notes"]
        movers = doc["record"]["movers"]
        # notes only for the searching seats' moves (a random agent says nothing)
        assert all(movers[int(k)] in searched for k in notes)
        assert bool(notes) == bool(searched)
        assert all(set(n) == {"visits", "q", "iterations"} for n in notes.values())
        assert all(
            int(a) in _legal_at(game, doc, int(k)) for k, n in notes.items() for a in n["visits"]
        )


def _legal_at(game: Any, doc: dict[str, Any], step: int) -> list[int]:
    state = game.new_initial_state()
    for action in doc["history"][:step]:
        state.apply_action(action)
    return list(state.legal_actions())


def test_save_replays_must_be_non_negative(tmp_path: Path) -> None:
    import pytest

    from experiments.config import ConfigError

    with pytest.raises(ConfigError, match="save_replays"):
        config(tmp_path / "x", save_replays=-1)


def test_games_on_ray_workers_give_the_same_records(tmp_path: Path) -> None:
    """`executor: ray` (2 actors on a local Ray instance) plays the schedule game for game as
    the local processes do: each game depends only on its own seeds."""
    over = {"agents": [{"name": "a", "kind": "random"}, {"name": "h", "kind": "heuristic"}]}
    local = run_tournament(config(tmp_path / "p", workers=2, **over), progress=False).run_dir
    ray = run_tournament(
        config(tmp_path / "r", workers=2, executor="ray", **over), progress=False
    ).run_dir
    for name in ("games.jsonl", "crossplay.csv"):  # results.json also records the executor
        assert (local / name).read_bytes() == (ray / name).read_bytes(), name
