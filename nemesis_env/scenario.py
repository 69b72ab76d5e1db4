"""Mid-game states from YAML or JSON documents (schema: docs/scenarios.md).

    state = nemesis_env.scenario.load("tests/scenarios/barbora.yaml")
    state = nemesis_env.scenario.load({"game": "not_alone", "params": {"players": 3}, ...})

A document names its game; the game's own builder checks it strictly (unknown keys, unknown
cards, a card in two places, counters out of range) and raises ScenarioError with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from nemesis_env.core.data import (
    DocumentError,
    check_document,
    load_json_text,
    load_yaml_text,
    read_document_text,
    yaml_error_line,
)
from nemesis_env.core.errors import ScenarioError
from nemesis_env.envs.registry import game_entry, list_games, resolve


def read_document(doc: str | Path | Mapping[str, Any]) -> Mapping[str, Any]:
    """A mapping from a mapping, a path to a .yaml/.yml/.json file, or YAML/JSON text."""
    if isinstance(doc, Mapping):
        loaded: Any = doc
        try:
            check_document(doc)  # a mapping from code may nest, or share parts, like a bomb
        except DocumentError as exc:
            raise ScenarioError(f"scenario: {exc}") from None
    else:
        loaded = _parse(_read_text(doc))
    if not isinstance(loaded, Mapping):
        raise ScenarioError(f"a scenario is a mapping at top level, got {type(loaded).__name__}")
    return loaded


def _read_text(doc: str | Path) -> str:
    """The text of `doc`: the file it names (by its suffix), or `doc` itself."""
    path = Path(doc) if isinstance(doc, Path) or "\n" not in str(doc) else None
    if path is None or path.suffix not in (".yaml", ".yml", ".json"):
        return str(doc)
    return read_document_text(path, f"scenario file {path}", ScenarioError)


def _parse(text: str) -> Any:
    try:
        if text.lstrip().startswith("{"):
            return load_json_text(text)
        return load_yaml_text(text)
    except yaml.YAMLError as exc:  # DocumentError (JSON's errors too) is a YAMLError
        raise ScenarioError(
            f"scenario is neither valid YAML nor JSON: {yaml_error_line(exc)}"
        ) from None


def load(doc: str | Path | Mapping[str, Any]) -> Any:
    """Builds the state a scenario document describes, after checking it is possible."""
    mapping = read_document(doc)
    game = mapping.get("game")
    if not isinstance(game, str) or game not in list_games():
        raise ScenarioError(f"scenario 'game' must be one of {list_games()}, got {game!r}")
    params = mapping.get("params", {})
    # checked here so that no game's builder forgets (a game is built with `**params`)
    if not isinstance(params, Mapping) or not all(isinstance(key, str) for key in params):
        raise ScenarioError(
            f"scenario 'params' must be a mapping of parameter names to values, got {params!r}"
        )
    builder = game_entry(game).scenario
    if builder is None:
        raise ScenarioError(f"game {game!r} has no scenario builder")
    return resolve(builder)(mapping)
