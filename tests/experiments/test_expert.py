"""`nemesis expert`: the distillation dataset command (experiments/expert.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from agents.kit import kit_for
from agents.rl.expert_data import load_dataset
from agents.rl.ppo import PPOSettings
from experiments.config import ConfigError, TrainConfig, load_config
from experiments.expert import ExpertConfig
from experiments.train import TrainPlan, train
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


@pytest.mark.parametrize("config", [CONFIG, CONFIG.with_name("expert_creature_dagger.yaml")])
def test_the_shipped_config_describes_the_shipped_dataset(config: Path) -> None:
    cfg = load_config(ExpertConfig, config)
    assert cfg.ship_as is not None
    shipped = kit_for(cfg.game).dataset(cfg.ship_as)
    assert shipped.is_relative_to(CONFIG.parents[1] / "agents")  # in the repository's kit
    header, games = load_dataset(shipped, load_game("not_alone", players=cfg.players))
    assert header["seed"] == cfg.seed and header["seat"] == cfg.seat
    assert header["expert"]["params"] == cfg.expert.params
    assert header["others"]["kind"] == cfg.others.kind
    if cfg.behaviour is None:
        assert "behaviour" not in header
    else:  # the weights that played are named by their hash
        assert header["behaviour"]["kind"] == cfg.behaviour.kind
        assert len(header["behaviour"]["checkpoint_sha256"]) == 64
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


def test_a_behaviour_plays_and_the_header_names_its_weights(tmp_path: Path) -> None:
    """DAgger games: the dataset records which policy played (its checkpoint's sha256), and a
    missing checkpoint is refused before any game is played or any directory made."""
    game = load_game("not_alone", players=4)
    settings = PPOSettings(rollout_steps=64, num_slots=2, minibatch_size=32, epochs=1, hidden=(8,))
    train(game, settings, TrainPlan(1, None, 0, 0), 0, tmp_path / "student", progress=False)
    student = tmp_path / "student" / "final.pt"
    behaviour = f"behaviour={{name: student, kind: ppo, checkpoint: '{student}'}}"
    out = tmp_path / "dagger"
    argv = [*TINY, "--set", behaviour, "--set", f"out_dir={out}"]
    assert main(["expert", str(CONFIG), *argv]) == 0
    header, games = load_dataset(out / "dataset.json.gz", game)
    assert header["behaviour"]["kind"] == "ppo"
    assert (
        header["behaviour"]["checkpoint_sha256"] == hashlib.sha256(student.read_bytes()).hexdigest()
    )
    assert len(games) == 2 and all(g.decisions for g in games)
    missing = behaviour.replace(str(student), str(tmp_path / "nope.pt"))
    code = main(
        ["expert", str(CONFIG), *TINY, "--set", missing, "--set", f"out_dir={tmp_path / 'x'}"]
    )
    assert code == 2 and not (tmp_path / "x").exists()


def test_pooled_expert_data_is_checked_name_by_name() -> None:
    shipped = "not_alone_creature_ismcts"
    assert TrainConfig(game="not_alone", expert_data=(shipped,)).expert_data == (shipped,)
    with pytest.raises(ConfigError, match="lists a dataset twice"):
        TrainConfig(game="not_alone", expert_data=(shipped, shipped))
    with pytest.raises(ConfigError, match="no dataset 'typo'"):
        TrainConfig(game="not_alone", expert_data=(shipped, "typo"))
    with pytest.raises(ConfigError, match="non-empty list"):
        TrainConfig(game="not_alone", expert_data=())
