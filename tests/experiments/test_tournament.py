"""Tournaments: determinism (reruns, workers), output files, Wilson intervals, ratings."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext, RandomAgent
from agents.play import GameResult
from experiments import tournament
from experiments.agent_factory import register_agent_kind, unregister_agent_kind
from experiments.config import ConfigError, TournamentConfig, config_from_dict
from experiments.lineup import positions
from experiments.ratings import ratings
from experiments.report import wilson_interval
from experiments.tournament import FILES, main, run_tournament, schedule
from nemesis_env import load_game
from nemesis_env.core.game import GameInfo

OUTPUTS = ("config.yaml", "meta.json", *FILES)


def config(out: Path, **over: Any) -> TournamentConfig:
    doc: dict[str, Any] = {
        "game": "not_alone",
        "players": 2,
        "agents": [{"name": "alpha", "kind": "random"}, {"name": "beta", "kind": "random"}],
        "games_per_match": 3,
        "seed": 11,
        "out_dir": str(out),
    }
    doc.update(over)
    return config_from_dict(TournamentConfig, doc)


def read(run: Path, name: str) -> bytes:
    return (run / name).read_bytes()


# ------------------------------------------------------------------------------ determinism
def test_same_config_and_seed_give_identical_results(tmp_path: Path) -> None:
    a = run_tournament(config(tmp_path / "a"), progress=False).run_dir
    b = run_tournament(config(tmp_path / "b"), progress=False).run_dir
    c = run_tournament(config(tmp_path / "c", workers=2), progress=False).run_dir
    for name in ("results.json", "crossplay.csv", "crossplay.json", "games.jsonl"):
        assert read(a, name) == read(b, name) == read(c, name), name
    d = run_tournament(config(tmp_path / "d", seed=12), progress=False).run_dir
    assert read(d, "games.jsonl") != read(a, "games.jsonl")


def test_schedule_and_games_file(tmp_path: Path) -> None:
    cfg = config(tmp_path / "run")
    jobs = schedule(cfg)
    assert len(jobs) == 2 * 2 * 3
    assert [(j.pair, j.lineup) for j in jobs[::3]] == [
        (0, (0, 0)),
        (1, (0, 1)),
        (2, (1, 0)),
        (3, (1, 1)),
    ]
    result = run_tournament(cfg, progress=False)
    lines = (result.run_dir / "games.jsonl").read_text().splitlines()
    games = [json.loads(line) for line in lines]
    assert games == result.games and len(games) == 12
    first = games[3]
    assert first["pair"] == 1 and first["game"] == 0 and first["seed"] == [11, 1, 0]
    assert first["lineup"] == {"creature": "alpha", "hunted": "beta"}
    assert len(first["returns"]) == 2 and first["length"] > 0
    assert first["winners"] == (["creature"] if first["returns"][0] > 0 else ["hunted_0"])


def test_max_games_caps_the_matches_of_an_agent(tmp_path: Path) -> None:
    """A capped agent's matches keep the first games of the full schedule, seeds unchanged."""
    agents = [
        {"name": "alpha", "kind": "random"},
        {"name": "beta", "kind": "random", "max_games": 1},
    ]
    capped = config(tmp_path / "capped", agents=agents)
    assert [capped.games_in_match(i, j) for i in (0, 1) for j in (0, 1)] == [3, 1, 1, 1]
    full = run_tournament(config(tmp_path / "full"), progress=False).games
    short = run_tournament(capped, progress=False)
    assert short.games == [g for g in full if g["pair"] == 0 or g["game"] == 0]
    assert short.results["total_games"] == 6
    assert "at most 1 in matches of beta" in (short.run_dir / "results.md").read_text()
    mirror = config(tmp_path / "mirror", self_play_games=2)
    assert [mirror.games_in_match(i, j) for i in (0, 1) for j in (0, 1)] == [2, 3, 3, 2]
    with pytest.raises(ConfigError, match="self_play_games: must be at least 1"):
        config(tmp_path / "bad", self_play_games=0)
    with pytest.raises(ConfigError, match="max_games: must be at least 1"):
        config(tmp_path / "bad", agents=[{"name": "a", "kind": "random", "max_games": 0}])


# ------------------------------------------------------------------------------ outputs
def test_outputs_exist_and_agree(tmp_path: Path) -> None:
    run = run_tournament(
        config(tmp_path / "run", players=4, games_per_match=2), progress=False
    ).run_dir
    for name in OUTPUTS:
        assert (run / name).is_file() and (run / name).stat().st_size > 0, name
    assert read(run, "crossplay.png")[:8] == b"\x89PNG\r\n\x1a\n"
    results = json.loads(read(run, "results.json"))
    assert results["rules_version"] == "not_alone-2" and results["total_games"] == 8
    assert "out_dir" not in results["config"] and "workers" not in results["config"]
    matrices = json.loads(read(run, "crossplay.json"))
    assert matrices == results["crossplay"]
    assert [m["role"] for m in matrices] == ["creature", "hunted"]
    cp, hunted_cp = matrices
    assert cp["against"] == ["hunted"] and hunted_cp["against"] == ["creature"]
    assert cp["rows"] == cp["cols"] == ["alpha", "beta"]
    assert all(n == 2 for row in cp["n"] for n in row)
    # no draws in Not Alone: the Hunted matrix is the Creature's complement, transposed
    for i in range(2):
        for j in range(2):
            assert hunted_cp["wins"][j][i] == cp["n"][i][j] - cp["wins"][i][j]
    csv_rows = read(run, "crossplay.csv").decode().splitlines()
    assert csv_rows[0] == "role,agent,against,n,wins,draws,win_rate,ci95_low,ci95_high,mean_length"
    assert len(csv_rows) == 1 + 2 * 4 and csv_rows[1].startswith("creature,alpha,alpha,2,")
    roles = {(r["agent"], r["role"]): r for r in results["win_rates"]}
    assert set(roles) == {
        (a, r)
        for a in ("alpha", "beta")
        for r in ("creature", "hunted", "hunted_0", "hunted_1", "hunted_2")
    }
    for a in ("alpha", "beta"):
        assert roles[(a, "creature")]["n"] == roles[(a, "hunted")]["n"] == 4
        assert roles[(a, "hunted_2")]["wins"] == roles[(a, "hunted")]["wins"]
    # every game is won by exactly one side
    total_creature_wins = sum(sum(row) for row in cp["wins"])
    assert total_creature_wins == sum(roles[(a, "creature")]["wins"] for a in ("alpha", "beta"))
    assert total_creature_wins + sum(roles[(a, "hunted")]["wins"] for a in ("alpha", "beta")) == 8
    md = read(run, "results.md").decode()
    for heading in (
        "## Cross-play: creature win rate",
        "## Cross-play: hunted win rate",
        "## Win rates by agent and role",
        "## Ratings (OpenSkill Plackett-Luce",
        "| alpha | hunted_1 |",
    ):
        assert heading in md
    ratings_ = results["ratings"]
    assert set(ratings_["agent"]) == {"alpha", "beta"}
    assert ratings_["agent"]["alpha"]["games"] == 4  # self-play skipped
    assert ratings_["agent_role"]["alpha"]["creature"]["games"] == 4
    meta = json.loads(read(run, "meta.json"))
    assert meta["rules_version"] == "not_alone-2" and meta["seeds"]["seed"] == 11


# ------------------------------------------------------------------------------ statistics
def test_wilson_interval_known_values() -> None:
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.236593, abs=1e-6) and hi == pytest.approx(0.763407, abs=1e-6)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.277533, abs=1e-6)
    lo, hi = wilson_interval(10, 10)
    assert lo == pytest.approx(0.722467, abs=1e-6) and hi == 1.0
    lo, hi = wilson_interval(81, 263)  # Wilson (1927)-style textbook case: p = 0.308
    assert lo == pytest.approx(0.2553, abs=1e-4) and hi == pytest.approx(0.3662, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def not_alone_seating(players: int = 4) -> dict[str, Any]:
    info = load_game("not_alone", players=players).info
    return seating_of(info)


def seating_of(info: GameInfo) -> dict[str, Any]:
    return {
        "seat_names": list(info.seat_names),
        "seat_roles": list(info.seat_roles),
        "seat_teams": list(info.seat_teams),
        "team_names": list(info.team_names),
        "utility": info.utility.value,
        "positions": [p.as_dict() for p in positions(info)],
    }


def test_ratings_favour_the_agent_that_always_wins() -> None:
    records = []
    for g in range(6):
        for pair, (c, h) in enumerate(
            [("weak", "weak"), ("weak", "strong"), ("strong", "weak"), ("strong", "strong")]
        ):
            hunted_win = h == "strong" and c == "weak"
            winners = ["hunted_0", "hunted_1", "hunted_2"] if hunted_win else ["creature"]
            records.append(
                {"pair": pair, "game": g, "lineup": {"creature": c, "hunted": h},
                 "winners": winners, "length": 1}
            )  # fmt: skip
    seating = not_alone_seating()
    r = ratings(records, ["weak", "strong"], seating)
    assert r["agent"]["strong"]["ordinal"] > r["agent"]["weak"]["ordinal"]
    assert r["agent"]["strong"]["games"] == 12  # self-play games skipped
    roles = r["agent_role"]
    assert roles["strong"]["creature"]["ordinal"] > roles["weak"]["creature"]["ordinal"]
    assert roles["strong"]["hunted"]["ordinal"] > roles["weak"]["hunted"]["ordinal"]
    assert roles["weak"]["creature"]["games"] == 12
    # deterministic: the same games give the same numbers
    assert ratings(records, ["weak", "strong"], seating) == r


class _Scripted(RandomAgent):
    """Random moves; the patched game below lets `strong` win whichever side it is on."""


class _Peeker(RandomAgent):
    omniscient = True

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        assert ctx.state is not None  # omniscient agents receive the true state
        return super().act(ctx, rng)


@pytest.fixture
def dummy_kinds() -> Iterator[None]:
    register_agent_kind(
        "test_scripted", lambda spec, game, seat: _Scripted(name=spec.name), replace=True
    )
    register_agent_kind(
        "test_peeker", lambda spec, game, seat: _Peeker(name=spec.name), replace=True
    )
    yield
    unregister_agent_kind("test_scripted")
    unregister_agent_kind("test_peeker")


def test_tournament_ratings_end_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, dummy_kinds: None
) -> None:
    def rigged(game: Any, agents: Any, chance_rng: Any, agent_rngs: Any, **_: Any) -> GameResult:
        creature_wins = agents[0].name == "strong" or agents[1].name != "strong"
        c = 1.0 if creature_wins else -1.0
        return GameResult((c,) + (-c,) * (len(agents) - 1), 1, ())

    monkeypatch.setattr(tournament, "play_game", rigged)
    cfg = config(
        tmp_path / "run",
        players=3,
        agents=[
            {"name": "weak", "kind": "test_scripted"},
            {"name": "strong", "kind": "test_scripted"},
        ],
    )
    results = run_tournament(cfg, progress=False).results
    cp = results["crossplay"][0]
    assert cp["role"] == "creature" and cp["win_rate"] == [[1.0, 0.0], [1.0, 1.0]]
    rt = results["ratings"]
    assert rt["agent"]["strong"]["ordinal"] > rt["agent"]["weak"]["ordinal"]


def test_omniscient_agents_are_labelled(tmp_path: Path, dummy_kinds: None) -> None:
    cfg = config(
        tmp_path / "run",
        games_per_match=1,
        agents=[
            {"name": "peek", "kind": "test_peeker"},
            {"name": "fair", "kind": "random"},
            {"name": "slow", "kind": "test_scripted", "params": {"time_budget_s": 1.0}},
        ],
    )
    result = run_tournament(cfg, progress=False)
    assert [a["omniscient"] for a in result.results["agents"]] == [True, False, False]
    md = (result.run_dir / "results.md").read_text()
    assert "peek (omniscient)" in md
    assert "**warning**: agent 'slow' searches with time_budget_s=1.0" in md
    assert len(result.results["warnings"]) == 1


def test_time_budget_agents_are_flagged() -> None:
    cfg = config(
        Path("unused"),
        agents=[
            {"name": "s", "kind": "ismcts", "params": {"time_budget_s": 0.5}},
            {"name": "r", "kind": "random"},
        ],
    )
    (warning,) = tournament.reproducibility_warnings(cfg)
    assert "'s'" in warning and "time_budget_s" in warning


# ------------------------------------------------------------------------------ command line
def test_main_runs_and_reports_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "t.yaml"
    cfg.write_text(
        "game: not_alone\nplayers: 2\nagents:\n  - {name: a, kind: random}\n"
        "games_per_match: 2\nseed: 1\n"
        f"out_dir: {tmp_path / 'out'}\n"
    )
    assert main([str(cfg), "--no-progress", "--set", "games_per_match=1"]) == 0
    out = capsys.readouterr().out
    assert "1 games" in out and "results.md" in out
    assert main([str(cfg), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "already holds a run" in err and "--overwrite" in err
    assert main([str(cfg), "--no-progress", "--overwrite"]) == 0
    capsys.readouterr()
    assert main([str(cfg), "--no-progress", "--set", "agents.0.kind=nope"]) == 2
    err = capsys.readouterr().err
    assert "unknown agent kind 'nope'" in err and "random" in err
    assert main([str(cfg), "--set", "seeds=1"]) == 2
    assert "seeds: unknown key" in capsys.readouterr().err


def test_smoke_config_runs(tmp_path: Path) -> None:
    smoke = Path(__file__).resolve().parents[2] / "configs" / "tournament_smoke.yaml"
    out = tmp_path / "smoke"
    assert (
        main([str(smoke), "--no-progress", "--set", "games_per_match=2", "--set", f"out_dir={out}"])
        == 0
    )
    results = json.loads((out / "results.json").read_text())
    assert results["total_games"] == 8
    assert [a["name"] for a in results["agents"]] == ["random", "heuristic"]


def test_params_are_recorded_for_any_game(tmp_path: Path) -> None:
    """Through the Game protocol's `params_dict()`, not a params object's own methods (the
    test-only Toy Raid keeps its params as a plain dict)."""
    from experiments.rundir import rules_stamp

    toy = load_game("toy_raid", players=4, rounds=1)
    assert rules_stamp(toy)["game_params"] == {"players": 4, "rounds": 1}
    not_alone = load_game("not_alone", players=2, board_side=1)
    assert rules_stamp(not_alone)["game_params"] == not_alone.params_dict()
    run = run_tournament(
        config(tmp_path / "run", game="toy_raid", players=3, games_per_match=1), progress=False
    )
    assert run.results["game_params"] == {"players": 3, "rounds": 3}
    assert json.loads(read(run.run_dir, "meta.json"))["game_params"] == {"players": 3, "rounds": 3}
