"""Strict YAML -> frozen dataclass loading: unknown or missing keys are errors, never ignored."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from importlib import resources
from typing import TYPE_CHECKING, Any, TypeVar

import yaml

from nemesis_env.core.errors import DataError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def parse_row(cls: type[T], row: Mapping[str, Any], **convert: Callable[[Any], Any]) -> T:
    """Builds a frozen dataclass from one YAML mapping; unknown or missing keys are errors."""
    if not isinstance(row, Mapping):
        raise DataError(f"{cls.__name__}: expected a mapping, got {type(row).__name__}: {row!r}")
    known = {f.name for f in fields(cls)}
    required = {
        f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING
    }
    if unknown := row.keys() - known:
        raise DataError(
            f"{cls.__name__}: unknown keys {sorted(unknown)} in {dict(row)}; "
            f"allowed keys are {sorted(known)}"
        )
    if missing := required - row.keys():
        raise DataError(f"{cls.__name__}: missing keys {sorted(missing)} in {dict(row)}")
    try:
        values = {key: convert.get(key, _identity)(value) for key, value in row.items()}
        return cls(**values)
    except (TypeError, ValueError, KeyError) as exc:
        raise DataError(f"{cls.__name__}: bad value in {dict(row)}: {exc}") from exc


def _identity(value: Any) -> Any:
    return value


def load_yaml_resource(package: str, filename: str) -> Any:
    """Reads a YAML file shipped inside `package` (works from wheels and editable installs)."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise DataError(f"{package}/{filename}: invalid YAML: {exc}") from exc


def expect_list(doc: Any, where: str) -> list[Any]:
    if not isinstance(doc, list):
        raise DataError(f"{where}: expected a list of rows, got {type(doc).__name__}")
    return doc
