"""`nemesis expert`: the distillation dataset command (experiments/expert.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.kit import kit_for
from agents.rl.expert_data import load_dataset
from experiments.config import ConfigError, TrainConfig, load_config
from experiments.expert import ExpertConfig
from nemesis_env import load_game
from nemesis_env.cli import main

CONFIG = Path(__file__).parents[2] / "configs" / "expert_creature.yaml"
TINY = ["--set", "games=2", "--set", "expert.params.iterations=8", "--no-progress"]


def test_expert_command_writes_the_same_bytes_with_any_worker_count(tmp_path: Path) -> None:
    one, two = tmp_path / "one" / "dataset.json.gz", tmp_path / "two" / "dataset.json.gz"
    for workers, out in ((1, one), (2, two)):
        argv = [*TINY, "--set", f"workers={workers}", "--set", f"out_dir={out.parent}"]
        assert main(["expert", str(CONFIG), *argv]) == 0
    assert one.read_bytes() == two.read_bytes()
    header, games = load_dataset(one, load_game("not_alone", players=4))
    assert header["expert"]["params"]["iterations"] == 8 and header["seed"] == 100
    assert [g.index for g in games] == [0, 1] and all(g.decisions for g in games)


def test_the_shipped_config_describes_the_shipped_dataset() -> None:
    cfg = load_config(ExpertConfig, CONFIG)
    assert cfg.ship_as is not None
    shipped = kit_for(cfg.game).dataset(cfg.ship_as)
    assert shipped.is_relative_to(CONFIG.parents[1] / "agents")  # in the repository's kit
    header, games = load_dataset(shipped, load_game("not_alone", players=cfg.players))
    assert header["seed"] == cfg.seed and header["seat"] == cfg.seat
    assert header["expert"]["params"] == cfg.expert.params
    assert header["others"]["kind"] == cfg.others.kind
    assert len(games) == cfg.games


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ("expert.kind=heuristic", "expert.kind: must be 'ismcts' or 'mcts'"),
        ("seat=4", r"seat: must be in \[0, 3\]"),
        ("games=0", "games: must be at least 1"),
        ("expert.params.time_budget_s=1.0", "time_budget_s: must be null"),
        ("colour=red", "colour"),
        ("out=x.json.gz", "out"),  # the dataset goes to the run directory out_dir
        ("ship_as=other", "ship_as: must be null or a dataset of game 'not_alone'"),
    ],
)
def test_expert_config_errors_name_the_key(override: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_config(ExpertConfig, CONFIG, [override])


def test_train_config_checks_the_distillation_values() -> None:
    for key, value, message in (
        ("expert_temperature", 0.0, "expert_temperature: must be positive"),
        ("expert_coef", -1.0, "expert_coef: must be non-negative"),
        ("expert_batch", 0, "expert_batch: must be at least 1"),
        ("expert_pretrain_steps", -1, "expert_pretrain_steps: must be non-negative"),
    ):
        with pytest.raises(ConfigError, match=message):
            TrainConfig(game="not_alone", **{key: value})
