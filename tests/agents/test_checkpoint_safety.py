"""Checkpoints load without running code (DESIGN.md §4: weights_only loading)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
import torch

from agents.rl.ppo import load_checkpoint
from nemesis_env.core.errors import CheckpointError

RAN: list[str] = []


class Payload:
    """Unpickling this would call RAN.append: a stand-in for code hidden in a file."""

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (RAN.append, ("code ran",))


def test_a_checkpoint_holding_code_is_refused_without_running_it(tmp_path: Path) -> None:
    path = tmp_path / "evil.pt"
    torch.save({"weights": torch.zeros(2), "trap": Payload()}, path)
    with pytest.raises(CheckpointError, match="cannot read checkpoint"):
        load_checkpoint(path)
    assert RAN == []


def test_plain_checkpoints_still_load(tmp_path: Path) -> None:
    path = tmp_path / "ok.pt"
    torch.save({"weights": torch.ones(3), "meta": {"roles": ["a", "b"], "update": 4}}, path)
    loaded = load_checkpoint(path)
    assert loaded["meta"] == {"roles": ["a", "b"], "update": 4}
    assert torch.equal(loaded["weights"], torch.ones(3))


# -- atomic, checksummed writes ------------------------------------------------------------------
def _trainer() -> Any:
    from agents.rl.ppo import PPOSettings, PPOTrainer
    from nemesis_env import load_game

    game = load_game("not_alone", players=2, board_side=1)
    tiny = PPOSettings(rollout_steps=64, num_slots=2, minibatch_size=32, epochs=1, hidden=(8,),
                       opponent_weights=(("random", 1.0),))  # fmt: skip
    return PPOTrainer(game, tiny, 0)


def test_a_save_killed_midway_keeps_the_previous_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    trainer = _trainer()
    path = tmp_path / "latest.pt"
    trainer.save(path)
    before = path.read_bytes()
    real_save = torch.save

    def killed(obj: Any, f: Any, *args: Any, **kwargs: Any) -> None:
        """Writes half of the bytes where torch.save writes, then the process 'dies'."""
        buf = io.BytesIO()
        real_save(obj, buf, *args, **kwargs)
        half = buf.getvalue()[: len(buf.getvalue()) // 2]
        if isinstance(f, (str, Path)):
            Path(f).write_bytes(half)
        else:
            f.write(half)
        raise KeyboardInterrupt

    trainer.update = 7
    monkeypatch.setattr(torch, "save", killed)
    with pytest.raises(KeyboardInterrupt):
        trainer.save(path)
    monkeypatch.setattr(torch, "save", real_save)
    assert path.read_bytes() == before
    assert load_checkpoint(path)["update"] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["latest.pt"]  # no temporary left


def test_a_corrupted_checkpoint_is_refused_by_its_checksum(tmp_path: Path) -> None:
    path = tmp_path / "final.pt"
    _trainer().save(path)
    data = bytearray(path.read_bytes())
    flipped = tmp_path / "flipped.pt"
    data[len(data) // 2] ^= 0xFF
    flipped.write_bytes(bytes(data))
    with pytest.raises(CheckpointError, match="sha256"):
        load_checkpoint(flipped)
    truncated = tmp_path / "truncated.pt"
    truncated.write_bytes(path.read_bytes()[:-100])
    with pytest.raises(CheckpointError, match="truncated"):
        load_checkpoint(truncated)
