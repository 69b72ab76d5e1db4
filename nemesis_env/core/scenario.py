"""What every game's scenario builder starts with: the document checked to be a mapping, and
the game its `params` name (schema: docs/scenarios.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from nemesis_env.core.errors import NemesisError, ScenarioError

G = TypeVar("G")


def scenario_game(document: Any, make_game: Callable[..., G]) -> G:
    """`make_game(**params)` for the document's params; a malformed document or a bad param is
    a ScenarioError that says so."""
    if not isinstance(document, Mapping):
        raise ScenarioError(f"a scenario is a mapping, got {type(document).__name__}")
    params = document.get("params", {})
    if not isinstance(params, Mapping):
        raise ScenarioError(f"scenario params must be a mapping, got {params!r}")
    try:
        return make_game(**dict(params))
    except NemesisError as exc:
        raise ScenarioError(f"scenario params: {exc}") from exc
