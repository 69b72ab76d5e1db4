"""Reading PPO checkpoints (the load side; agents/rl/ppo.py writes them).

A checkpoint is read with `torch.load(weights_only=True)`, so loading never runs code, and is
checked before anything uses it: a file that is empty, cut short, random bytes, not a mapping,
made for another game, rules version or params, or missing a key that a loader reads raises
CheckpointError with a one-line message naming the file or the key, never a KeyError or a
traceback from deep inside torch. `check_checkpoint` is what an agent needs (PPOAgent),
`check_resumable` what an exact resume needs on top (PPOTrainer.restore).
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import torch

from nemesis_env.core.errors import CheckpointError

FORMAT = "nemesis_env-ppo-1"
SHARED = "shared"  # the one network's name with shared_policy

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


def load_checkpoint(path: str | Path) -> dict[str, Any]:
    """Tensors and plain containers only (`weights_only=True`): loading never runs code."""
    try:
        loaded = torch.load(path, map_location="cpu", weights_only=True)
    except EOFError:
        raise CheckpointError(
            f"cannot read checkpoint {path}: the file is empty or cut short"
        ) from None
    except pickle.UnpicklingError as exc:
        raise CheckpointError(
            f"cannot read checkpoint {path}: it is not tensors and plain data "
            f"({_unpickler_reason(exc)}); checkpoints load with weights_only=True and run no code"
        ) from exc
    except OSError as exc:
        raise CheckpointError(f"cannot read checkpoint {path}: {exc.strerror or exc}") from exc
    except Exception as exc:
        # The file is untrusted bytes: torch's unpickler answers garbage with IndexError,
        # KeyError, RuntimeError (a damaged zip)... and each means one thing: not a checkpoint.
        raise CheckpointError(
            f"cannot read checkpoint {path}: {type(exc).__name__}: {one_line(exc)}"
        ) from exc
    if not isinstance(loaded, Mapping):
        raise CheckpointError(
            f"cannot read checkpoint {path}: it holds a {type(loaded).__name__}, "
            "not a checkpoint mapping"
        )
    return dict(loaded)


def check_checkpoint(ckpt: Mapping[str, Any], game: Any) -> None:
    """A checkpoint only loads into the same game, rules version and params, and holds what an
    agent reads (the settings' hidden sizes and one network per role)."""
    if ckpt.get("format") != FORMAT:
        raise CheckpointError(f"not a nemesis_env PPO checkpoint (format {ckpt.get('format')!r})")
    _require(ckpt, AGENT_KEYS, "checkpoint")
    if ckpt["game"] != game.info.name or ckpt["rules_version"] != game.info.rules_version:
        raise CheckpointError(
            f"checkpoint is for {ckpt['game']} rules {ckpt['rules_version']}, but this game is "
            f"{game.info.name} rules {game.info.rules_version}"
        )
    if ckpt["game_params"] != game.params_dict():
        raise CheckpointError(
            f"checkpoint game params {ckpt['game_params']} differ from {game.params_dict()}"
        )
    roles = list(game.info.roles)
    theirs = ckpt.get("roles", [n for n in ckpt["nets"] if n != SHARED] or roles)
    if list(theirs) != roles:
        raise CheckpointError(
            f"checkpoint has policies for roles {list(theirs)}, but this game's roles are {roles}"
        )
    hidden = ckpt["settings"].get("hidden")
    if not isinstance(hidden, (list, tuple)) or not all(
        isinstance(h, int) and h >= 1 for h in hidden
    ):
        raise CheckpointError(f"checkpoint settings.hidden must list layer sizes, got {hidden!r}")
    wanted = [SHARED] if SHARED in ckpt["nets"] else roles
    if missing := [n for n in wanted if n not in ckpt["nets"]]:
        have = list(ckpt["nets"])
        raise CheckpointError(f"checkpoint has no network for {missing} (it has {have})")


def check_resumable(ckpt: Mapping[str, Any]) -> None:
    """What PPOTrainer.restore reads besides the networks: optimisers, pool, counters, RNGs."""
    _require(ckpt, RESUME_KEYS, "checkpoint")
    if missing := [n for n in ckpt["nets"] if n not in ckpt["optims"]]:
        raise CheckpointError(f"checkpoint has no optimiser state for {missing}")


def load_weights(module: torch.nn.Module | torch.optim.Optimizer, state: Any, what: str) -> None:
    """`module.load_state_dict(state)`, or CheckpointError naming `what` did not fit."""
    try:
        module.load_state_dict(state)
    except (KeyError, TypeError, ValueError, RuntimeError) as exc:
        raise CheckpointError(f"checkpoint {what} do not fit: {one_line(exc)}") from exc


def _require(ckpt: Mapping[str, Any], keys: Mapping[str, Any], where: str) -> None:
    for key, kind in keys.items():
        if key not in ckpt:
            raise CheckpointError(f"{where} has no {key!r}; it holds {sorted(ckpt)}")
        if not isinstance(ckpt[key], kind) or isinstance(ckpt[key], bool):
            raise CheckpointError(
                f"{where} {key!r} is a {type(ckpt[key]).__name__}, not what PPO wrote"
            )


def one_line(exc: BaseException) -> str:
    """The first non-blank line of an exception's text (torch's run to a dozen)."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


def _unpickler_reason(exc: BaseException) -> str:
    """torch's refusal spans a dozen lines of advice; the reason is after "WeightsUnpickler
    error:" (e.g. "Unsupported operand 111" for random bytes, a global's name for code)."""
    found = re.search(r"WeightsUnpickler error:\s*(.+?)(?:\.\s|\n|$)", str(exc), re.DOTALL)
    return found.group(1).strip() if found else one_line(exc)
