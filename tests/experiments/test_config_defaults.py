"""The config defaults are the ones docs/configs.md documents: a user who leaves a key out gets
the documented value (the expected values come from the document, not from the code)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from experiments.config import TournamentConfig, TrainConfig
from experiments.expert import ExpertConfig

DOC = Path(__file__).resolve().parents[2] / "docs" / "configs.md"


def documented(section: str) -> dict[str, Any]:
    """key -> default (parsed as YAML) of the table under the heading that starts `section`."""
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, Any] = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("key", "---"):
            rows[cells[0]] = yaml.safe_load(cells[1])
    return rows


def code_defaults(cls: type) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            value: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            value = f.default_factory()
        else:
            continue  # required: no default to document
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


@pytest.mark.parametrize(("section", "cls"), [("`train:`", TrainConfig),
                                               ("`tournament:`", TournamentConfig),
                                               ("`nemesis expert`", ExpertConfig)])  # fmt: skip
def test_every_default_is_the_documented_one(section: str, cls: type) -> None:
    docs, code = documented(section), code_defaults(cls)
    assert docs == code
