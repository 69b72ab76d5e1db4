"""PPO checkpoint files: written atomically with a checksum, read without running code, and
checked before anything uses them.

A file is one header line, `nemesis-checkpoint sha256=<hex> size=<bytes>`, followed by the
bytes of `torch.save`. The header lets a loader tell a truncated or modified file from a good
one before torch parses it: torch reads many damaged files without complaint (a flipped byte
inside a tensor is just another weight). Files without the header (written before it existed)
still load, unchecked. Writing goes through nemesis_env.core.files.atomic_write_bytes, so a kill
in the middle of a save leaves the previous checkpoint, which may be the only resume point,
intact.

The payload is read with `torch.load(weights_only=True)`, so loading never runs code. A file
that is empty, cut short, random bytes, not a mapping, nested too deep or sharing parts like a
YAML alias bomb (nemesis_env.core.data.check_document), made for another game, rules version or
params, or missing a key that a loader reads raises CheckpointError with a one-line message
naming the file or the key, never a KeyError or a traceback from deep inside torch.
`check_checkpoint` is what an agent needs (PPOAgent), `check_resumable` what an exact resume
needs on top (PPOTrainer.restore and the resume checks made before a run touches the disk).
"""

from __future__ import annotations

import hashlib
import io
import pickle
import re
import reprlib
from collections.abc import Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

import torch

from nemesis_env.core.data import DocumentError, check_document
from nemesis_env.core.errors import CheckpointError
from nemesis_env.core.files import atomic_write_bytes

FORMAT = "nemesis_env-ppo-1"
SHARED = "shared"  # the one network's name with shared_policy
_HEADER = re.compile(rb"nemesis-checkpoint sha256=([0-9a-f]{64}) size=(\d+)\n")
_MAGIC = b"nemesis-checkpoint "
MAX_LAYERS, MAX_WIDTH = 64, 1 << 16  # far beyond any network PPO trains here
# settings a resumed run must share with its checkpoint: they shape the weights or the
# collectors' saved generators (the others, the learning rate included, may change on resume)
FIXED_ON_RESUME = ("hidden", "shared_policy", "advice", "num_workers")

# what each loader reads, with the type it must have
AGENT_KEYS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "game": str,
    "rules_version": str,
    "game_params": Mapping,
    "settings": Mapping,
    "nets": Mapping,
}
RESUME_KEYS: dict[str, type | tuple[type, ...]] = {
    "optims": Mapping,
    "snapshots": list,
    "update": int,
    "env_steps": int,
    "games_started": int,
    "rng": Mapping,
    "torch_gen": torch.Tensor,
    "torch_global": torch.Tensor,
}


def write_checkpoint(path: str | Path, ckpt: dict[str, Any]) -> None:
    buf = io.BytesIO()
    torch.save(ckpt, buf)
    payload = buf.getvalue()
    digest = hashlib.sha256(payload).hexdigest()
    header = f"nemesis-checkpoint sha256={digest} size={len(payload)}\n".encode("ascii")
    atomic_write_bytes(path, header + payload)


def load_checkpoint(path: str | Path) -> dict[str, Any]:
    """Tensors and plain containers only (`weights_only=True`): loading never runs code. A file
    whose checksum does not match raises CheckpointError."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise CheckpointError(f"cannot read checkpoint {path}: {exc.strerror or exc}") from None
    payload = _verified_payload(path, data)
    try:
        loaded = torch.load(io.BytesIO(payload), map_location="cpu", weights_only=True)
    except EOFError:
        raise CheckpointError(
            f"cannot read checkpoint {path}: the file is empty or cut short"
        ) from None
    except pickle.UnpicklingError as exc:
        raise CheckpointError(
            f"cannot read checkpoint {path}: it is not tensors and plain data "
            f"({_unpickler_reason(exc)}); checkpoints load with weights_only=True and run no code"
        ) from exc
    except Exception as exc:
        # The file is untrusted bytes: torch's unpickler answers garbage with IndexError,
        # KeyError, RuntimeError (a damaged zip)... and each means one thing: not a checkpoint.
        raise CheckpointError(
            f"cannot read checkpoint {path}: not a checkpoint file "
            f"({type(exc).__name__}: {one_line(exc)})"
        ) from exc
    if not isinstance(loaded, Mapping):
        raise CheckpointError(
            f"cannot read checkpoint {path}: it holds a {type(loaded).__name__}, "
            "not a checkpoint mapping"
        )
    try:  # a few shared lists print as billions of items in the messages that quote them
        check_document(loaded)
    except DocumentError as exc:
        raise CheckpointError(f"cannot read checkpoint {path}: {exc}") from None
    return dict(loaded)


def _verified_payload(path: str | Path, data: bytes) -> bytes:
    if not data.startswith(_MAGIC):
        return data  # written before checkpoints carried a checksum
    end = data.find(b"\n", 0, 200) + 1
    match = _HEADER.fullmatch(data[:end])
    if match is None:
        raise CheckpointError(f"checkpoint {path} has a damaged header; it cannot be trusted")
    payload = data[end:]
    size = int(match.group(2))
    if len(payload) != size:
        raise CheckpointError(
            f"checkpoint {path} is truncated or padded: {len(payload)} bytes after the header, "
            f"{size} recorded; resume from another checkpoint"
        )
    if hashlib.sha256(payload).hexdigest() != match.group(1).decode("ascii"):
        raise CheckpointError(
            f"checkpoint {path} does not match its sha256 checksum: the file was modified or "
            "damaged after it was written; resume from another checkpoint"
        )
    return payload


def file_sha256(path: str | Path) -> str:
    """The sha256 of the whole file (what `sha256sum` prints), to name a checkpoint exactly."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def check_checkpoint(ckpt: Mapping[str, Any], game: Any) -> None:
    """A checkpoint only loads into the same game, rules version and params, and holds what an
    agent reads (the settings' hidden sizes and one network per role)."""
    if not _equal(ckpt.get("format"), FORMAT):
        raise CheckpointError(
            f"not a nemesis_env PPO checkpoint (format {_quote(ckpt.get('format'))})"
        )
    _require(ckpt, AGENT_KEYS, "checkpoint")
    if ckpt["game"] != game.info.name or ckpt["rules_version"] != game.info.rules_version:
        raise CheckpointError(
            f"checkpoint is for {_quote(ckpt['game'])} rules {_quote(ckpt['rules_version'])}, "
            f"but this game is {game.info.name} rules {game.info.rules_version}"
        )
    if not _equal(ckpt["game_params"], game.params_dict()):
        diff = _param_diff(ckpt["game_params"], game.params_dict())
        raise CheckpointError(f"checkpoint game params differ from this game's: {diff}")
    roles = list(game.info.roles)
    theirs = ckpt.get("roles", [n for n in ckpt["nets"] if n != SHARED] or roles)
    if not isinstance(theirs, (list, tuple)) or not _equal(list(theirs), roles):
        raise CheckpointError(
            f"checkpoint has policies for roles {_quote(theirs)}, but this game's roles are {roles}"
        )
    hidden = ckpt["settings"].get("hidden")
    # bounded: building the network allocates every layer before its weights are checked
    if not (
        isinstance(hidden, (list, tuple))
        and len(hidden) <= MAX_LAYERS
        and all(isinstance(h, int) and 1 <= h <= MAX_WIDTH for h in hidden)
    ):
        raise CheckpointError(
            f"checkpoint settings.hidden must list layer sizes (at most {MAX_LAYERS}, each "
            f"1..{MAX_WIDTH}), got {_quote(hidden)}"
        )
    wanted = [SHARED] if SHARED in ckpt["nets"] else roles
    if missing := [n for n in wanted if n not in ckpt["nets"]]:
        have = _quote(list(ckpt["nets"]))
        raise CheckpointError(f"checkpoint has no network for {missing} (it has {have})")


def check_resumable(ckpt: Mapping[str, Any], game: Any, settings: Any) -> None:
    """CheckpointError unless a trainer with `settings` (a PPOSettings) can continue `ckpt`:
    what PPOTrainer.restore reads besides the networks (optimisers, pool, counters, RNGs) is
    there, and the settings that shape the weights are the same."""
    check_checkpoint(ckpt, game)
    _require(ckpt, RESUME_KEYS, "checkpoint")
    if missing := [n for n in ckpt["nets"] if n not in ckpt["optims"]]:
        raise CheckpointError(f"checkpoint has no optimiser state for {_quote(missing)}")
    mine = asdict(settings)
    for key in FIXED_ON_RESUME:
        theirs = ckpt["settings"].get(key, 1 if key == "num_workers" else None)
        if key == "hidden":
            theirs = tuple(theirs)
        if not _equal(theirs, mine[key]):
            raise CheckpointError(
                f"cannot resume: the checkpoint has {key}={_quote(theirs)}, "
                f"this run has {key}={mine[key]!r} ({key} must stay the same on resume)"
            )


# What torch and numpy raise when handed a checkpoint's part that does not fit: a None where a
# state dict belongs (AttributeError), a list where a mapping belongs (TypeError, IndexError),
# a generator state out of range (OverflowError), a tensor of another shape (RuntimeError)...
UNFIT = (KeyError, TypeError, ValueError, RuntimeError, AttributeError, IndexError, OverflowError)


def load_weights(module: torch.nn.Module | torch.optim.Optimizer, state: Any, what: str) -> None:
    """`module.load_state_dict(state)`, or CheckpointError naming `what` did not fit."""
    try:
        module.load_state_dict(state)
    except UNFIT as exc:
        raise CheckpointError(f"checkpoint {what} do not fit: {one_line(exc)}") from exc


def _require(ckpt: Mapping[str, Any], keys: Mapping[str, Any], where: str) -> None:
    for key, kind in keys.items():
        if key not in ckpt:
            raise CheckpointError(f"{where} has no {key!r}; it holds {_quote(list(ckpt))}")
        if not isinstance(ckpt[key], kind) or isinstance(ckpt[key], bool):
            raise CheckpointError(
                f"{where} {key!r} is a {type(ckpt[key]).__name__}, not what PPO wrote"
            )


def _equal(theirs: Any, ours: Any) -> bool:
    """`theirs == ours` for a value read from a checkpoint, which may hold a tensor where a
    name belongs (comparing one raises RuntimeError, or answers with a tensor)."""
    try:
        return bool(theirs == ours)
    except UNFIT:
        return False


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = 80


def _param_diff(theirs: Any, ours: Mapping[str, Any]) -> str:
    """The params on which a checkpoint and a game disagree, each with both values (the
    whole mappings where the checkpoint's is not one)."""
    if not isinstance(theirs, Mapping):
        return f"{_quote(theirs)} against {dict(ours)}"
    keys = sorted({*map(str, theirs), *ours}, key=str)
    missing = "(not set)"
    return "; ".join(
        f"{key}: checkpoint {_quote(theirs.get(key, missing))}, game {ours.get(key, missing)!r}"
        for key in keys
        if not _equal(theirs.get(key, missing), ours.get(key, missing))
    )


def _quote(value: Any) -> str:
    """A value read from a checkpoint, for a message: short, and on one line (a tensor prints
    on several)."""
    return " ".join(_REPR.repr(value).split())


def one_line(exc: BaseException) -> str:
    """The first non-blank line of an exception's text (torch's run to a dozen)."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def _unpickler_reason(exc: BaseException) -> str:
    """torch's refusal spans a dozen lines of advice; the reason is after "WeightsUnpickler
    error:" (e.g. "Unsupported operand 111" for random bytes, a global's name for code)."""
    found = re.search(r"WeightsUnpickler error:\s*(.+?)(?:\.\s|\n|$)", str(exc), re.DOTALL)
    return found.group(1).strip() if found else one_line(exc)


def changed_settings(ckpt: dict[str, Any], settings: Any) -> dict[str, list[Any]]:
    """{setting: [checkpoint's value, this run's]} for every setting a resume changes."""
    mine = asdict(settings)
    theirs = ckpt.get("settings", {})
    return {
        key: [_plain(theirs.get(key)), _plain(value)]
        for key, value in mine.items()
        if _plain(theirs.get(key)) != _plain(value)
    }


def _plain(value: Any) -> Any:
    """Tuples as lists, so a setting compares (and dumps to JSON) the same either way."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


__all__ = [
    "FIXED_ON_RESUME",
    "FORMAT",
    "SHARED",
    "UNFIT",
    "changed_settings",
    "check_checkpoint",
    "check_resumable",
    "file_sha256",
    "load_checkpoint",
    "load_weights",
    "one_line",
    "write_checkpoint",
]
