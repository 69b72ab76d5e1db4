"""Developer tools: golden playthroughs (`python -m nemesis_env.tools.playthrough`) and action
tables (`python -m nemesis_env.tools.actions_table`)."""

from __future__ import annotations

import argparse
from importlib import import_module


def add_register_argument(parser: argparse.ArgumentParser) -> None:
    """`--register MODULE`: import a module first, for games registered outside nemesis_env
    (the test-only toy registers itself in tests/conftest.py)."""
    parser.add_argument(
        "--register", action="append", default=[], metavar="MODULE",
        help="import MODULE first (it registers more games, e.g. tests.conftest)",
    )  # fmt: skip


def import_registrations(args: argparse.Namespace) -> None:
    for module in args.register:
        import_module(module)
