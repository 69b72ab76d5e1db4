"""Checkpoints load without running code (DESIGN.md §4: weights_only loading)."""

from __future__ import annotations

from pathlib import Path

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
