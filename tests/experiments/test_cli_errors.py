"""`nemesis train`, `run` and `tournament` answer a bad config or a bad checkpoint with one line
on stderr and exit status 2, before any run directory is written, never with a traceback."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from agents.rl.agent import PPOAgent
from agents.rl.ppo import PPOSettings, PPOTrainer, load_checkpoint
from experiments.config import (
    ConfigError,
    TrainConfig,
    config_from_dict,
    parse_override,
    read_yaml,
)
from experiments.train import TrainPlan, train
from nemesis_env import load_game
from nemesis_env.cli import main
from nemesis_env.core.errors import CheckpointError

ROOT = Path(__file__).resolve().parents[2]
SMOKE = ROOT / "configs" / "smoke_run.yaml"
TINY = PPOSettings(rollout_steps=64, num_slots=2, minibatch_size=32, epochs=1, hidden=(8,))


def one_line_error(capsys: pytest.CaptureFixture[str], code: int, *needles: str) -> None:
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.startswith("nemesis: error: ") and err.count("\n") == 1, err
    for needle in needles:
        assert needle in err, (needle, err)


def train_doc(**over: Any) -> dict[str, Any]:
    return {**read_yaml(SMOKE)["train"], **over}


# -- config validation ---------------------------------------------------------------------------
@pytest.mark.parametrize("device", ["cuda", "cuda:0", "mps", "gpu"])
def test_a_device_other_than_cpu_is_a_config_error(device: str) -> None:
    with pytest.raises(ConfigError, match=rf"device: must be 'cpu'.*got '{device}'"):
        config_from_dict(TrainConfig, train_doc(device=device))


def test_train_with_device_cuda_stops_at_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "train"
    argv = ["train", str(SMOKE), "--set", "train.device=cuda", "--out", str(out)]
    one_line_error(capsys, main([*argv, "--no-progress"]), "train.device", "'cpu'")
    assert not out.exists()


def test_a_missing_expert_dataset_is_a_config_error(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json.gz"
    with pytest.raises(
        ConfigError, match=rf"expert_data: no dataset {re.escape(repr(str(missing)))}"
    ):
        config_from_dict(TrainConfig, train_doc(expert_data=str(missing)))
    with pytest.raises(ConfigError, match=r"shipped datasets: .*not_alone_creature_ismcts"):
        config_from_dict(TrainConfig, train_doc(expert_data="creature_expert"))
    config_from_dict(TrainConfig, train_doc(expert_data="not_alone_creature_ismcts"))


def test_train_with_a_missing_expert_dataset_stops_at_validation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "train"
    argv = ["train", str(SMOKE), "--set", f"train.expert_data={tmp_path}/x.gz", "--out", str(out)]
    one_line_error(capsys, main([*argv, "--no-progress"]), "expert_data", "x.gz")
    assert not out.exists()


def test_a_config_key_given_twice_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "run.yaml"
    path.write_text(SMOKE.read_text(encoding="utf-8") + "out_dir: runs/other\n")
    with pytest.raises(ConfigError, match=r"key 'out_dir' appears twice .*line \d+"):
        read_yaml(path)
    one_line_error(capsys, main(["run", str(path), "--no-progress"]), "'out_dir' appears twice")
    with pytest.raises(ConfigError, match="key 'a' appears twice"):
        parse_override("train.game_params={a: 1, a: 2}")


# -- checkpoints that cannot be loaded ---------------------------------------------------------
@pytest.fixture(scope="module")
def good_checkpoint(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    game = load_game("not_alone", players=2, board_side=1)
    out = tmp_path_factory.mktemp("good")
    train(game, TINY, TrainPlan(1, None, 0, 0), 0, out, progress=False)
    return load_checkpoint(out / "final.pt")


def bad_files(root: Path, good: dict[str, Any]) -> dict[str, Path]:
    """A 0-byte file, random bytes, a checkpoint missing each kind of key, and not a dict."""
    files = {"empty": root / "empty.pt", "random": root / "random.pt"}
    files["empty"].write_bytes(b"")
    files["random"].write_bytes(np.random.default_rng(0).bytes(4096))
    for key in ("game", "settings", "nets", "update", "rng"):
        files[f"no-{key}"] = root / f"no-{key}.pt"
        torch.save({k: v for k, v in good.items() if k != key}, files[f"no-{key}"])
    files["no-settings-hidden"] = root / "no-hidden.pt"
    torch.save({**good, "settings": {}}, files["no-settings-hidden"])
    files["a-list"] = root / "list.pt"
    torch.save([1, 2, 3], files["a-list"])
    return files


# what each bad file is refused for (the agent does not read the resume-only keys)
EXPECTED = {
    "empty": r"empty\.pt: the file is empty or cut short",
    "random": r"random\.pt: ",  # the reason depends on the bytes and on torch
    "no-game": "has no 'game'",
    "no-settings": "has no 'settings'",
    "no-nets": "has no 'nets'",
    "no-settings-hidden": "settings.hidden must list layer sizes",
    "a-list": r"list\.pt: it holds a list, not a checkpoint mapping",
    "no-update": "has no 'update'",
    "no-rng": "has no 'rng'",
}
RESUME_ONLY = ("no-update", "no-rng")


@pytest.mark.parametrize("kind", sorted(EXPECTED))
def test_a_bad_checkpoint_is_a_checkpoint_error(
    kind: str, good_checkpoint: dict[str, Any], tmp_path: Path
) -> None:
    """Every loading path: the agent (tournaments) and the trainer's restore (--resume)."""
    path = bad_files(tmp_path, good_checkpoint)[kind]
    game = load_game("not_alone", players=2, board_side=1)
    if kind not in RESUME_ONLY:
        with pytest.raises(CheckpointError, match=EXPECTED[kind]) as caught:
            PPOAgent.from_checkpoint(path, game)
        assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    trainer = PPOTrainer(game, TINY, 0)
    try:
        with pytest.raises(CheckpointError, match=EXPECTED[kind]) as caught:
            trainer.restore(load_checkpoint(path))
        assert "\n" not in str(caught.value)
        assert trainer.update == 0  # nothing was restored
    finally:
        trainer.close()


@pytest.mark.parametrize("seed", range(0, 400, 8))
def test_any_random_bytes_are_a_checkpoint_error(seed: int, tmp_path: Path) -> None:
    """torch's unpickler fails on garbage in many ways (UnpicklingError, IndexError, ...)."""
    path = tmp_path / "random.pt"
    rng = np.random.default_rng(seed)
    header = b"PK\x03\x04" if seed % 16 else b"\x80\x02"  # a zip's magic, a pickle's
    path.write_bytes(header + rng.bytes(int(rng.integers(1, 8192))))
    with pytest.raises(CheckpointError, match="cannot read checkpoint") as caught:
        load_checkpoint(path)
    assert "\n" not in str(caught.value)


def test_weights_that_do_not_fit_are_a_checkpoint_error(
    good_checkpoint: dict[str, Any], tmp_path: Path
) -> None:
    path = tmp_path / "wide.pt"
    torch.save(
        {**good_checkpoint, "settings": {**good_checkpoint["settings"], "hidden": [9]}}, path
    )
    game = load_game("not_alone", players=2, board_side=1)
    with pytest.raises(CheckpointError, match="weights of 'creature' do not fit"):
        PPOAgent.from_checkpoint(path, game)


@pytest.mark.parametrize("kind", ["empty", "random", "no-nets"])
def test_tournament_and_resume_answer_a_bad_checkpoint_in_one_line(
    kind: str, good_checkpoint: dict[str, Any], tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path = bad_files(tmp_path, good_checkpoint)[kind]
    config = tmp_path / "t.yaml"
    config.write_text(
        "game: not_alone\nplayers: 2\ngame_params: {board_side: 1}\n"
        f"agents:\n  - {{name: ppo, kind: ppo, checkpoint: '{path}'}}\n"
        "  - {name: random, kind: random}\n"
        f"games_per_match: 1\nseed: 1\nout_dir: '{tmp_path / 'out'}'\n"
    )
    needle = EXPECTED[kind].replace("\\", "")
    one_line_error(capsys, main(["tournament", str(config), "--no-progress"]), needle)
    argv = ["train", str(SMOKE), "--resume", str(path), "--out", str(tmp_path / "train")]
    one_line_error(capsys, main([*argv, "--no-progress"]), needle)
