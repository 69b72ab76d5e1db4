"""Mid-game states from YAML or JSON documents (schema: docs/scenarios.md).

    state = nemesis_env.scenario.load("tests/scenarios/barbora.yaml")
    state = nemesis_env.scenario.load({"game": "not_alone", "params": {"players": 3}, ...})

A document names its game; the game's own builder checks it strictly (unknown keys, unknown
cards, a card in two places, counters out of range) and raises ScenarioError with the reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from nemesis_env.core.data import load_yaml_text, yaml_error_line
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
        if text.lstrip().startswith("{"):
            loaded = json.loads(text, object_pairs_hook=_unique_keys)
        else:
            loaded = load_yaml_text(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"scenario is neither valid YAML nor JSON: {exc}") from exc
    except yaml.YAMLError as exc:
        raise ScenarioError(
            f"scenario is neither valid YAML nor JSON: {yaml_error_line(exc)}"
        ) from exc
    if not isinstance(loaded, Mapping):
        raise ScenarioError(f"a scenario is a mapping at top level, got {type(loaded).__name__}")
    return loaded


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object hook: a key given twice is an error (json keeps the last silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScenarioError(f"scenario: key {key!r} appears twice in one JSON object")
        out[key] = value
    return out


def load(doc: str | Path | Mapping[str, Any]) -> Any:
    """Builds the state a scenario document describes, after checking it is possible."""
    mapping = read_document(doc)
    game = mapping.get("game")
    if not isinstance(game, str) or game not in list_games():
        raise ScenarioError(f"scenario 'game' must be one of {list_games()}, got {game!r}")
    params = mapping.get("params", {})
    if not isinstance(params, Mapping):  # checked here so that no game's builder forgets
        raise ScenarioError(f"scenario 'params' must be a mapping, got {params!r}")
    builder = game_entry(game).scenario
    if builder is None:
        raise ScenarioError(f"game {game!r} has no scenario builder")
    return resolve(builder)(mapping)
