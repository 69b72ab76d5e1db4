"""Run directories: the resolved config and everything needed to reproduce a result.

    run = create_run_dir("runs", "ppo-not-alone", config=cfg, game=game, seeds={"seed": 3})
    # run/config.yaml  the resolved config (every default written out)
    # run/meta.json    seeds, git commit + dirty flag, python and package versions, game name,
    #                  params and rules version, command line, creation time (UTC)

A checkpoint writer embeds `rules_stamp(game)` next to its weights; a loader calls
`check_rules_version(saved, game)` first, which raises CheckpointError naming both versions
when the saved rules differ from the running engine's.
"""

from __future__ import annotations

import datetime as _dt
import json
import platform
import subprocess
import sys
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from experiments.config import dump_yaml
from nemesis_env.core.errors import CheckpointError

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
) -> Path:
    """Creates `base/name` (with `-YYYYmmdd-HHMMSS` appended when `timestamp`) and writes
    config.yaml (when `config` is given) and meta.json. Returns the directory.

    A timestamped name that already exists gets `-1`, `-2`... A timestamp-free directory that
    exists and is not empty raises FileExistsError unless `overwrite` (files are then replaced).
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
        if run.exists() and any(run.iterdir()) and not overwrite:
            raise FileExistsError(
                f"run directory {str(run)!r} already exists and is not empty; choose another "
                "out_dir, or overwrite it on purpose"
            )
    run.mkdir(parents=True, exist_ok=True)
    if config is not None:
        (run / "config.yaml").write_text(dump_yaml(config), encoding="utf-8")
    meta = build_meta(name=run.name, game=game, seeds=seeds, argv=argv, extra=extra_meta)
    write_json(run / "meta.json", meta)
    return run


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, allow_nan=False) + "\n", encoding="utf-8")


def load_meta(run_dir: str | Path) -> dict[str, Any]:
    data = json.loads((Path(run_dir) / "meta.json").read_text(encoding="utf-8"))
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
