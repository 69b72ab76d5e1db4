"""Budgets, counters and the watchdog shared by the fuzz tests (tests/fuzz/README.md).

Every fuzz test runs a fixed, derandomized number of examples, so CI sees the same inputs
each time; `NEMESIS_FUZZ_EXAMPLES=N` runs N per test instead (a long fuzz). `tried(target)`
counts an input when a test body actually feeds it to a loader (Hypothesis may generate
inputs it then discards), and tests/fuzz/conftest.py prints the counts at the end of the
session and writes them to the JSON file named by `NEMESIS_FUZZ_REPORT`, if set.
"""

from __future__ import annotations

import os
import signal
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from hypothesis import HealthCheck, settings

COUNTS: Counter[str] = Counter()
# CPU seconds one input may take. CPU, not wall time: the machine is shared, and a process
# that gets a fifteenth of a core would time out on wall time with nothing wrong.
CPU_LIMIT_S = float(os.environ.get("NEMESIS_FUZZ_CPU_LIMIT", "10"))


def examples(default: int) -> int:
    """The number of examples of one test: `default`, or NEMESIS_FUZZ_EXAMPLES."""
    return int(os.environ.get("NEMESIS_FUZZ_EXAMPLES", default))


def fuzz_settings(default: int) -> settings:
    """Derandomized, no example database, no wall-clock deadline (the watchdog below bounds
    CPU time instead), and no complaint about slow or large inputs, which are the point."""
    return settings(
        max_examples=examples(default),
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
            HealthCheck.large_base_example,
        ],
    )


def tried(target: str) -> None:
    """Counts one input fed to `target`."""
    COUNTS[target] += 1


def accepted(target: str) -> None:
    """Counts one input of `target` that loaded (was valid after its mutations): a fuzz whose
    inputs are all refused at the first check would test little."""
    COUNTS[f"{target}: accepted"] += 1


class Hang(BaseException):
    """An input that used more than CPU_LIMIT_S of CPU. A BaseException, so that a loader's
    `except Exception` (torch's many errors are caught that way) cannot turn it into an
    ordinary refusal and hide the hang."""


@contextmanager
def watchdog(seconds: float = CPU_LIMIT_S) -> Iterator[None]:
    """Raises Hang inside the block once the process has used `seconds` of CPU in it."""

    def expire(signum: int, frame: FrameType | None) -> None:
        raise Hang(f"an input took more than {seconds} s of CPU")

    previous: Any = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def one_line(exc: BaseException) -> str:
    """The error's message, asserted to be one non-empty line with no traceback in it."""
    text = str(exc)
    assert text.strip(), f"{type(exc).__name__} with an empty message"
    assert "\n" not in text, f"{type(exc).__name__} message spans lines: {text!r}"
    assert "Traceback" not in text, text
    return text
