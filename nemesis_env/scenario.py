"""Mid-game states from YAML or JSON documents (schema: docs/scenarios.md).

    state = nemesis_env.scenario.load("tests/scenarios/barbora.yaml")
    state = nemesis_env.scenario.load({"game": "not_alone", "params": {"players": 3}, ...})

A document names its game; the builder named by that game's registry entry checks it strictly
(unknown keys, unknown cards, a card in two places, counters out of range) and raises
ScenarioError with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from nemesis_env.core.errors import ScenarioError
from nemesis_env.envs.registry import game_entry, list_games, resolve


def read_document(doc: str | Path | Mapping[str, Any]) -> Mapping[str, Any]:
    """A mapping from a mapping, a path to a .yaml/.yml/.json file, or YAML/JSON text."""
    if isinstance(doc, Mapping):
        return doc
    text: str
    path = Path(doc) if isinstance(doc, Path) or "\n" not in str(doc) else None
    if path is not None and path.suffix in (".yaml", ".yml", ".json"):
        if not path.exists():
            raise ScenarioError(f"scenario file {path} does not exist")
        text = path.read_text(encoding="utf-8")
    else:
        text = str(doc)
    try:
        loaded = json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        raise ScenarioError(f"scenario is neither valid YAML nor JSON: {exc}") from exc
    if not isinstance(loaded, Mapping):
        raise ScenarioError(f"a scenario is a mapping at top level, got {type(loaded).__name__}")
    return loaded


def load(doc: str | Path | Mapping[str, Any]) -> Any:
    """Builds the state a scenario document describes, after checking it is possible."""
    mapping = read_document(doc)
    game = mapping.get("game")
    if game not in list_games():
        raise ScenarioError(f"scenario 'game' must be one of {list_games()}, got {game!r}")
    builder = game_entry(game).scenario
    if builder is None:
        raise ScenarioError(f"game {game!r} has no scenario builder")
    return resolve(builder)(mapping)
