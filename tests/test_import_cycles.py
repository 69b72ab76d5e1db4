"""No new import cycles among the project's modules (shared/DESIGN.md §1: imports flow one way).

Runs ../shared/tools/import_cycles.py (relative to the repository root; CI has it too) over
nemesis_env, agents and experiments. Cycles that exist today are being removed by other work:
each must lie inside one group of KNOWN. THE KNOWN LIST MUST SHRINK TO EMPTY: delete a group as
soon as its cycle is gone (the test says so when a group no longer matches anything).
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT.parent / "shared" / "tools" / "import_cycles.py"
PACKAGES = [p for p in ("nemesis_env", "agents", "experiments") if (ROOT / p).is_dir()]

KNOWN: list[frozenset[str]] = []  # every earlier cycle is gone; keep it empty


def find_cycles() -> list[frozenset[str]]:
    if not SCRIPT.exists():
        pytest.skip(f"{SCRIPT} is not here (it ships in the shared tools next to the repo)")
    spec = importlib.util.spec_from_file_location("import_cycles", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out, argv, cwd = io.StringIO(), sys.argv, os.getcwd()
    try:
        os.chdir(ROOT)
        sys.argv = ["import_cycles.py", *PACKAGES]
        with contextlib.redirect_stdout(out):
            module.main()
    finally:
        sys.argv = argv
        os.chdir(cwd)
    cycles = []
    for line in out.getvalue().splitlines():
        if line.startswith("cycle of "):
            cycles.append(frozenset(line.split(": ", 1)[1].split(", ")))
    return cycles


def test_no_new_import_cycles() -> None:
    cycles = find_cycles()
    new = [sorted(c) for c in cycles if not any(c <= known for known in KNOWN)]
    assert not new, f"new import cycles (break them; never add to KNOWN): {new}"


def test_the_known_list_only_shrinks() -> None:
    """A KNOWN group whose cycle is gone must be deleted from the list."""
    cycles = find_cycles()
    stale = [sorted(k) for k in KNOWN if not any(c <= k for c in cycles)]
    assert not stale, f"delete these KNOWN groups from {__file__}: their cycles are gone: {stale}"
