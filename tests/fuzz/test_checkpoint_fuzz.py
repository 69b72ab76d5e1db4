"""Fuzz of the checkpoint loader (agents/rl/checkpoint.py) and its two users, the agent
(`PPOAgent.from_checkpoint`) and the trainer's resume (`PPOTrainer.restore`), with a real
small checkpoint: its file's bytes damaged (flipped, cut, padded, header broken; with and
without the checksum header) and its contents mutated (keys deleted or added, values of the
wrong type, tensors of the wrong shape or dtype, huge numbers, bombs).

The property: loading either gives what the agent or the trainer can use, or raises
CheckpointError with a one-line message, within the CPU watchdog; loading never runs code
(weights_only=True: a pickle that calls a function is refused, and the function not called),
and a refused resume leaves the trainer as it was."""

from __future__ import annotations

import io
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from hypothesis import given, reject
from hypothesis import strategies as st

from agents.base import AgentContext
from agents.rl.agent import PPOAgent
from agents.rl.checkpoint import load_checkpoint, write_checkpoint
from agents.rl.ppo import PPOSettings, PPOTrainer
from nemesis_env.core.errors import CheckpointError
from nemesis_env.envs.registry import load_game
from tests.fuzz.budget import accepted, fuzz_settings, one_line, tried, watchdog
from tests.fuzz.hostile import damaged_bytes, mutated, plain, truncation_points

TINY = PPOSettings(rollout_steps=32, num_slots=2, minibatch_size=16, epochs=1, hidden=(8,))
GAME = load_game("not_alone", players=2, board_side=1)
TENSORS = [torch.zeros(0), torch.full((3, 3), float("nan")), torch.tensor(1.0),
           torch.zeros(2, dtype=torch.int64), torch.zeros(8, 10**4)]  # fmt: skip


@pytest.fixture(scope="module")
def good() -> dict[str, Any]:
    """A real checkpoint after one update (so the optimisers hold state tensors too)."""
    trainer = PPOTrainer(GAME, TINY, 0)
    try:
        trainer.iterate()
        trainer.snapshots = [trainer.snapshots[0]] if trainer.snapshots else []
        return trainer.checkpoint()
    finally:
        trainer.close()


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("checkpoints")


@pytest.fixture(scope="module")
def trainer() -> Any:
    trainer = PPOTrainer(GAME, TINY, 1)
    yield trainer
    trainer.close()


@pytest.fixture(scope="module")
def good_bytes(good: dict[str, Any], files: Path) -> dict[str, bytes]:
    """The checkpoint's file as written today (checksum header) and as written before the
    header existed (the bare torch.save bytes, which still load unchecked)."""
    write_checkpoint(files / "good.pt", good)
    legacy = io.BytesIO()
    torch.save(good, legacy)
    return {"header": (files / "good.pt").read_bytes(), "legacy": legacy.getvalue()}


def check_agent(path: Path) -> None:
    """The agent's path: a loaded checkpoint plays a move, or the file is refused."""
    tried("checkpoint (agent)")
    with watchdog():
        try:
            agent = PPOAgent.from_checkpoint(path, GAME)
        except CheckpointError as exc:
            one_line(exc)
            return
        state = GAME.new_initial_state()
        mask = np.zeros(GAME.info.num_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        observation = np.zeros(GAME.observation_size(), dtype=np.float32)
        ctx = AgentContext(state.current_player(), observation, mask, None, GAME)
        assert mask[agent.act(ctx, np.random.default_rng(0))]
    accepted("checkpoint (agent)")


def trainer_state(trainer: Any) -> tuple[Any, ...]:
    nets = {
        n: {k: v.clone() for k, v in net.state_dict().items()} for n, net in trainer.nets.items()
    }
    return (trainer.update, trainer.env_steps, trainer.collector.games_started,
            len(trainer.snapshots), str(trainer.rng.bit_generator.state), nets)  # fmt: skip


def same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    nets_a, nets_b = a[-1], b[-1]
    return a[:-1] == b[:-1] and all(
        torch.equal(nets_a[n][k], nets_b[n][k]) for n in nets_a for k in nets_a[n]
    )


def check_resume(trainer: Any, path: Path) -> None:
    """The trainer's path: a loaded checkpoint restores, or is refused with nothing changed."""
    tried("checkpoint (resume)")
    with torch.no_grad():  # weights unlike any checkpoint's, so that loading them shows
        for net in trainer.nets.values():
            for parameter in net.parameters():
                parameter.add_(0.5)
    before = trainer_state(trainer)
    with watchdog():
        try:
            trainer.restore(load_checkpoint(path))
        except CheckpointError as exc:
            one_line(exc)
            assert same(trainer_state(trainer), before), "a refused resume changed the trainer"
            return
        trainer.checkpoint()
    accepted("checkpoint (resume)")


def test_the_good_checkpoint_loads(good_bytes: dict[str, bytes], files: Path, trainer: Any) -> None:
    for kind, data in good_bytes.items():
        path = files / f"good-{kind}.pt"
        path.write_bytes(data)
        check_agent(path)
        check_resume(trainer, path)
    assert trainer.update == 1  # the last resume restored the good checkpoint


@fuzz_settings(80)
@given(data=st.data(), kind=st.sampled_from(["header", "legacy"]))
def test_damaged_bytes_load_or_are_a_checkpoint_error(
    good_bytes: dict[str, bytes], files: Path, data: st.DataObject, kind: str
) -> None:
    damaged = data.draw(damaged_bytes(good_bytes[kind]), label="bytes")
    path = files / "damaged.pt"
    path.write_bytes(damaged)
    if kind == "header" and damaged != good_bytes[kind]:
        tried("checkpoint (file)")
        with watchdog(), pytest.raises(CheckpointError) as caught:
            load_checkpoint(path)  # the checksum catches every change
        one_line(caught.value)
    else:
        check_agent(path)


@fuzz_settings(40)
@given(data=st.data())
def test_a_damaged_header_is_a_checkpoint_error(
    good_bytes: dict[str, bytes], files: Path, data: st.DataObject
) -> None:
    blob = good_bytes["header"]
    end = blob.index(b"\n") + 1
    header = bytearray(blob[:end])
    at = data.draw(st.integers(0, end - 1), label="at")
    header[at] = data.draw(st.integers(0, 255).filter(lambda b: b != header[at]), label="byte")
    path = files / "header.pt"
    path.write_bytes(bytes(header) + blob[end:])
    tried("checkpoint (file)")
    with watchdog(), pytest.raises(CheckpointError) as caught:
        load_checkpoint(path)
    one_line(caught.value)


@pytest.mark.parametrize("kind", ["header", "legacy"])
def test_every_truncation_is_a_checkpoint_error(
    good_bytes: dict[str, bytes], files: Path, kind: str
) -> None:
    data = good_bytes[kind]
    path = files / "cut.pt"
    for length in truncation_points(len(data)):
        path.write_bytes(data[:length])
        tried("checkpoint (file)")
        with watchdog(), pytest.raises(CheckpointError) as caught:
            load_checkpoint(path)
        one_line(caught.value)


def _write(path: Path, ckpt: Any) -> None:
    try:
        write_checkpoint(path, plain(ckpt))
    except RecursionError:  # pickle cannot write 1000 nested lists; nothing to load then
        reject()


@fuzz_settings(100)
@given(data=st.data())
def test_mutated_contents_load_or_are_a_checkpoint_error(
    good: dict[str, Any], files: Path, trainer: Any, data: st.DataObject
) -> None:
    ckpt = data.draw(mutated(good, extra=TENSORS), label="checkpoint")
    path = files / "mutated.pt"
    _write(path, ckpt)
    check_agent(path)
    check_resume(trainer, path)


@pytest.mark.parametrize(
    "change",
    [
        {"settings": {"hidden": [10**6]}},  # a 2 GB layer, allocated before any check
        {"settings": {"hidden": [8] * 10**5}},
        {"optims": {"creature": None, "hunted": None}},  # torch: AttributeError
        {"rng": {"bit_generator": "PCG64", "state": {"state": -1, "inc": 1},
                 "has_uint32": 0, "uinteger": 0}},  # numpy: OverflowError
        {"snapshots": [[1]]},  # loaded after the weights: they must be put back
        {"format": TENSORS[1]},  # a tensor prints on several lines
        {"game_params": {"players": TENSORS[1]}},  # comparing it raises RuntimeError
        {"roles": 5},  # list(5) raised TypeError
    ],
    ids=lambda change: repr(change)[:30],
)  # fmt: skip
def test_checkpoints_found_by_the_fuzz_are_refused(
    good: dict[str, Any], files: Path, trainer: Any, change: dict[str, Any]
) -> None:
    ckpt = dict(good)
    for key, value in change.items():
        ckpt[key] = {**ckpt[key], **value} if key == "settings" else value
    path = files / "regression.pt"
    write_checkpoint(path, ckpt)
    check_agent(path)
    check_resume(trainer, path)


class RunsCode:
    """A pickle that calls `exec` when unpickled, unless the loader refuses globals."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (exec, ("import tests.fuzz.test_checkpoint_fuzz as m; m.RAN.append(1)",))


RAN: list[int] = []


@pytest.mark.parametrize("where", ["top", "settings", "nets"])
def test_a_checkpoint_that_runs_code_is_refused_without_running_it(
    good: dict[str, Any], files: Path, where: str
) -> None:
    ckpt = dict(good)
    if where == "top":
        ckpt["payload"] = RunsCode()
    else:
        ckpt[where] = {**ckpt[where], "payload": RunsCode()}
    path = files / "code.pt"
    write_checkpoint(path, ckpt)
    assert pickle.loads(pickle.dumps(RunsCode())) is None and RAN == [1]  # it would run
    RAN.clear()
    tried("checkpoint (file)")
    with pytest.raises(CheckpointError, match="not tensors and plain data") as caught:
        load_checkpoint(path)
    one_line(caught.value)
    assert RAN == []
