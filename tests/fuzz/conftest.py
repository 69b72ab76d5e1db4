"""Prints how many inputs each fuzz target was fed (tests/fuzz/budget.py counts them) and, if
NEMESIS_FUZZ_REPORT names a file, writes the counts there as JSON."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.fuzz.budget import COUNTS


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not COUNTS:
        return
    terminalreporter.section("fuzz inputs tried")
    for target, count in sorted(COUNTS.items()):
        terminalreporter.write_line(f"{target:<28} {count}")
    if report := os.environ.get("NEMESIS_FUZZ_REPORT"):
        Path(report).write_text(json.dumps(dict(sorted(COUNTS.items())), indent=1) + "\n")
