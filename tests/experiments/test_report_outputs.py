"""What the tournament and training reports write, beyond the figures themselves: the rates in
crossplay.json agree with crossplay.csv, the ratings table is ranked from 1, the heatmap is
drawn, a finished run is not overwritten by default, a draw counts as a draw, the learning
curve is only drawn when there is something to draw, evaluation games draw chance apart from
every seat."""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from matplotlib.figure import Figure

from experiments import report
from experiments.config import TournamentConfig
from experiments.report import Tally
from experiments.report_run import plot_learning_curve
from experiments.rundir import RunDirError
from experiments.tournament import run_tournament

from .test_tournament import config

AGENTS = [{"name": "alpha", "kind": "random"}, {"name": "beta", "kind": "random"},
          {"name": "gamma", "kind": "heuristic"}]  # fmt: skip


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TournamentConfig, Path]]:
    out = tmp_path_factory.mktemp("report") / "t"
    cfg = config(out, agents=AGENTS)
    run_tournament(cfg, progress=False)
    yield cfg, out


def test_crossplay_json_and_csv_give_the_same_rates(played: tuple[Any, Path]) -> None:
    """crossplay.csv prints each rate with 6 decimals; crossplay.json holds the same numbers."""
    _, out = played
    matrices = json.loads((out / "crossplay.json").read_text())
    rows = list(csv.DictReader((out / "crossplay.csv").open()))
    checked = 0
    for cp in matrices:
        for i, agent in enumerate(cp["rows"]):
            for j, against in enumerate(cp["cols"]):
                (row,) = [r for r in rows if (r["role"], r["agent"], r["against"])
                          == (cp["role"], agent, against)]  # fmt: skip
                for key in ("win_rate", "ci95_low", "ci95_high"):
                    assert cp[key][i][j] == float(row[key]), (cp["role"], agent, against, key)
                    checked += 1
    assert checked == 2 * 9 * 3  # two roles, 3 x 3 pairs, three figures


def test_the_ratings_table_ranks_from_one(played: tuple[Any, Path]) -> None:
    _, out = played
    md = (out / "results.md").read_text()
    table = md[md.index("### Per agent") :].split("\n\n")[1].splitlines()[2:]
    assert [line.split("|")[1].strip() for line in table] == ["1", "2", "3"]


def test_the_crossplay_png_draws_a_heatmap_per_role(
    played: tuple[Any, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One heatmap per role, each cell annotated (its rate, CI and n), with a colour bar."""
    _, out = played
    matrices = json.loads((out / "crossplay.json").read_text())
    saved: list[Figure] = []
    monkeypatch.setattr(Figure, "savefig", lambda fig, *a, **k: saved.append(fig))
    report.crossplay_png(matrices, tmp_path / "x.png")
    (fig,) = saved
    heatmaps = [ax for ax in fig.axes if ax.images]
    assert len(heatmaps) == len(matrices) == 2
    for ax in heatmaps:
        assert len(ax.texts) == 9 and all("n=3" in t.get_text() for t in ax.texts)
    assert len(fig.axes) == 4  # and a colour bar each


def test_a_finished_tournament_is_not_overwritten_by_default(played: tuple[Any, Path]) -> None:
    cfg, out = played
    before = (out / "results.json").read_bytes()
    with pytest.raises(RunDirError, match="--overwrite"):
        run_tournament(cfg, progress=False)
    assert (out / "results.json").read_bytes() == before


def test_a_tally_counts_wins_draws_and_games() -> None:
    t = Tally().add(won=True, drawn=False).add(won=False, drawn=True).add(won=False, drawn=False)
    d = t.as_dict()
    assert (d["n"], d["wins"], d["draws"]) == (3, 1, 1)
    assert d["win_rate"] == 0.333333  # 1/3 with the six decimals of crossplay.csv


def test_the_learning_curve_is_drawn_only_from_evaluation_rows(tmp_path: Path) -> None:
    """plot_learning_curve: "False if nothing to plot", and then no file."""
    path = tmp_path / "curve.png"
    assert plot_learning_curve([{"update": 1, "loss": 0.5}], path) is False
    assert not path.exists()
    rows = [{"env_steps": 100 * k, "eval/random/win_rate/creature": k / 4} for k in range(4)]
    assert plot_learning_curve(rows, path) is True
    assert path.read_bytes().startswith(b"\x89PNG")


def test_evaluation_games_draw_chance_apart_from_every_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """experiments.train.evaluate seeds each game with SeedSequence([seed, g, 7]) spawned into
    players + 1 streams: one for chance and one per seat, all different."""
    from agents.rl.ppo import PPOSettings, PPOTrainer
    from experiments import train
    from nemesis_env import load_game

    calls: list[list[np.random.Generator]] = []

    def fake_play(game: Any, agents: Any, chance: Any, seats: Any, **_: Any) -> Any:
        calls.append([chance, *seats])
        raise StopIteration

    monkeypatch.setattr(train, "play_game", fake_play)
    game = load_game("not_alone", players=2, board_side=1)
    trainer = PPOTrainer(game, PPOSettings(hidden=(8,)), 0)
    plan = train.TrainPlan(1, None, 1, 1, eval_opponents=("random",))
    with pytest.raises(StopIteration):
        train.evaluate(trainer, plan, 3)
    (streams,) = calls
    first = [int(g.integers(2**62)) for g in streams]
    assert len(streams) == 3 and len(set(first)) == 3, first
