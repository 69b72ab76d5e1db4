"""Run directories: the resolved config and everything needed to reproduce a result.

    run = create_run_dir("runs", "ppo-not-alone", config=cfg, game=game, seeds={"seed": 3})
    # run/config.yaml  the resolved config (every default written out)
    # run/meta.json    seeds, git commit + dirty flag, python and package versions, game name,
    #                  params and rules version, command line, creation time (UTC)

A run directory holds exactly one run (shared/DESIGN.md §4). `check_run_dir` validates an output
directory without writing anything, so a command checks it with everything else before it
touches the disk: a missing or empty directory is used; one that holds a run (a meta.json,
perhaps left by a run that failed) is replaced only with `--overwrite`, which first clears it;
anything else is refused, and so is clearing a directory that holds files tracked by git.

A checkpoint writer embeds `rules_stamp(game)` next to its weights; a loader calls
`check_rules_version(saved, game)` first, which raises CheckpointError naming both versions
when the saved rules differ from the running engine's.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from experiments.config import dump_yaml
from nemesis_env.core.errors import CheckpointError, NemesisError
from nemesis_env.core.files import atomic_write_text

# distribution names whose versions go into meta.json (null when not installed)
PACKAGES = (
    "nemesis-env",
    "numpy",
    "torch",
    "pettingzoo",
    "gymnasium",
    "openskill",
    "pyyaml",
    "tqdm",
    "matplotlib",
)

REPO_ROOT = Path(__file__).resolve().parents[1]
RUN_MARKER = "meta.json"  # what every run directory holds, and what makes a directory one


class RunDirError(NemesisError, ValueError):
    """An output directory that a command may not use; the message says what to do instead."""


def package_versions(names: Sequence[str] = PACKAGES) -> dict[str, str | None]:
    """Installed versions from package metadata (nothing is imported; torch stays unloaded)."""
    out: dict[str, str | None] = {}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(REPO_ROOT), *args],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_info() -> dict[str, Any]:
    """{"commit": sha or "unknown", "dirty": modified or untracked files (null when unknown)}."""
    commit = _git("rev-parse", "HEAD")
    if not commit:
        return {"commit": "unknown", "dirty": None}
    status = _git("status", "--porcelain")
    return {"commit": commit, "dirty": None if status is None else bool(status)}


def rules_stamp(game: Any) -> dict[str, Any]:
    """What a checkpoint or run records about the rules it was made under."""
    params_dict = getattr(game, "params_dict", None)  # the Game protocol's params as JSON
    return {
        "game": game.info.name,
        "rules_version": game.info.rules_version,
        "game_params": params_dict() if callable(params_dict) else None,
    }


def build_meta(
    *,
    name: str,
    game: Any = None,
    seeds: Mapping[str, Any] | None = None,
    argv: Sequence[str] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "name": name,
        "created_utc": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "command": list(sys.argv if argv is None else argv),
        "cwd": str(Path.cwd()),
        "seeds": dict(seeds or {}),
        "git": git_info(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "packages": package_versions(),
    }
    if game is not None:
        meta.update(rules_stamp(game))
    else:
        meta["rules_version"] = None
    if extra:
        meta.update(extra)
    return meta


def create_run_dir(
    base: str | Path,
    name: str,
    *,
    config: Any = None,
    game: Any = None,
    seeds: Mapping[str, Any] | None = None,
    argv: Sequence[str] | None = None,
    timestamp: bool = True,
    overwrite: bool = False,
    extra_meta: Mapping[str, Any] | None = None,
    markers: Sequence[str] = (RUN_MARKER,),
) -> Path:
    """Creates `base/name` (with `-YYYYmmdd-HHMMSS` appended when `timestamp`) and writes
    config.yaml (when `config` is given) and meta.json. Returns the directory.

    A timestamped name that already exists gets `-1`, `-2`... A timestamp-free directory must
    pass `check_run_dir`; with `overwrite` an earlier run there is cleared first, so the
    directory then holds only the new run. `markers`: see `check_run_dir`.
    """
    base = Path(base)
    if timestamp:
        stamp = _dt.datetime.now(_dt.UTC).strftime("%Y%m%d-%H%M%S")
        run = base / f"{name}-{stamp}"
        k = 0
        while run.exists():
            k += 1
            run = base / f"{name}-{stamp}-{k}"
    else:
        run = base / name
        if check_run_dir(run, overwrite=overwrite, markers=markers):
            clear_run_dir(run)
    run.mkdir(parents=True, exist_ok=True)
    if config is not None:
        atomic_write_text(run / "config.yaml", dump_yaml(config))
    meta = build_meta(name=run.name, game=game, seeds=seeds, argv=argv, extra=extra_meta)
    write_json(run / "meta.json", meta)
    return run


def check_run_dir(
    path: str | Path, *, overwrite: bool, markers: Sequence[str] = (RUN_MARKER,)
) -> bool:
    """Whether `path` may receive a new run; writes nothing. Returns True when an earlier run
    must be cleared first (only with `overwrite`), else RunDirError naming what to do.

    A directory is a run directory when it holds one of `markers` (paths relative to it).
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise RunDirError(f"output directory {path} is a file; choose another out_dir")
    if not path.exists() or not any(path.iterdir()):
        _check_writable(path)
        return False
    if not any((path / marker).is_file() for marker in markers):
        raise RunDirError(
            f"output directory {path} is not empty and is not a run directory (it has no "
            f"{RUN_MARKER}); choose another out_dir (--overwrite only replaces runs)"
        )
    if not overwrite:
        raise RunDirError(
            f"run directory {path} already holds a run (or what a failed or interrupted run "
            "left); pass --overwrite to replace it, or choose another out_dir"
        )
    _check_clearable(path)
    return True


def _check_writable(path: Path) -> None:
    """The directory, or its nearest existing ancestor when it is still to be created."""
    here = path
    while not here.exists() and here != here.parent:
        here = here.parent
    if not here.is_dir():
        raise RunDirError(f"cannot create output directory {path}: {here} is a file")
    if not os.access(here, os.W_OK | os.X_OK):
        raise RunDirError(f"cannot write output directory {path}: {here} is not writable")


def _check_clearable(path: Path) -> None:
    """Clearing a run must never take the repository's own files, or the caller's directory."""
    here = path.resolve()
    if Path.cwd().resolve().is_relative_to(here):
        raise RunDirError(f"refusing to clear {path}: it holds the current directory")
    try:
        done = subprocess.run(
            ["git", "-C", str(here), "ls-files", "--", "."],
            capture_output=True, text=True, timeout=10, check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return  # no git: nothing can be tracked
    if done.returncode == 0 and done.stdout.strip():
        first = done.stdout.splitlines()[0]
        raise RunDirError(
            f"refusing to clear {path}: it holds files tracked by git (e.g. {first}); "
            "choose another out_dir"
        )


def clear_run_dir(path: Path) -> None:
    """Removes what `path` holds (after `check_run_dir` said it may); links are removed, never
    followed."""
    for child in path.iterdir():
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()


def write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, allow_nan=False) + "\n")


def load_meta(run_dir: str | Path) -> dict[str, Any]:
    try:
        data = json.loads((Path(run_dir) / "meta.json").read_text(encoding="utf-8"))
    except ValueError as exc:  # also a stub cut short by a crash
        raise CheckpointError(f"{run_dir}/meta.json is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CheckpointError(f"{run_dir}/meta.json is not a JSON object")
    return data


def check_rules_version(saved: Mapping[str, Any], game: Any, source: str = "checkpoint") -> None:
    """Raises CheckpointError unless `saved` (a meta.json dict, or a checkpoint dict holding
    `rules_version` at the top or under `meta`) was made under this game's rules version."""
    doc: Mapping[str, Any] = saved
    if "rules_version" not in doc and isinstance(doc.get("meta"), Mapping):
        doc = doc["meta"]
    running = game.info.rules_version
    running_game = game.info.name
    if "rules_version" not in doc or doc["rules_version"] is None:
        raise CheckpointError(
            f"{source} records no rules version, so it cannot be checked against the running "
            f"rules {running!r} ({running_game}); it was not written by a nemesis run"
        )
    saved_game = doc.get("game")
    if saved_game is not None and saved_game != running_game:
        raise CheckpointError(
            f"{source} was made for game {saved_game!r} (rules version "
            f"{doc['rules_version']!r}) but the running game is {running_game!r} "
            f"(rules version {running!r})"
        )
    if doc["rules_version"] != running:
        commit = doc.get("git", {}).get("commit") if isinstance(doc.get("git"), Mapping) else None
        hint = f"; check out commit {commit} to use it" if commit and commit != "unknown" else ""
        raise CheckpointError(
            f"{source} was made under rules version {doc['rules_version']!r} but the running "
            f"engine implements rules version {running!r} ({running_game}); results and "
            f"policies do not carry over between rules versions — retrain{hint}"
        )
