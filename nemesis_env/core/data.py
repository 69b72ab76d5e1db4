"""Strict YAML -> frozen dataclass loading: unknown or missing keys are errors, never ignored.

Every YAML document of the project (component data, scenarios, experiment configs) is read
with `load_yaml_text`: yaml.SafeLoader (never the unsafe loader, which builds arbitrary Python
objects), refusing a key given twice in one mapping, where PyYAML would keep the last value
without a word.
"""

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


class DuplicateKeyError(yaml.YAMLError):
    """A mapping that gives one key twice (a YAMLError, so YAML error handlers catch it)."""


class UniqueKeyLoader(yaml.SafeLoader):
    """yaml.SafeLoader that raises DuplicateKeyError on a key given twice in one mapping.

    Merge keys (`<<: *base`) are exempt: overriding a merged key is what they are for."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:  # an unhashable key: SafeLoader reports it
                continue
            if duplicate:
                line = key_node.start_mark.line + 1
                raise DuplicateKeyError(f"key {key!r} appears twice in one mapping (line {line})")
        return super().construct_mapping(node, deep=deep)


def load_yaml_text(text: str) -> Any:
    """The YAML document in `text` (safe types only; a repeated key raises DuplicateKeyError)."""
    return yaml.load(text, Loader=UniqueKeyLoader)  # safe: UniqueKeyLoader is a SafeLoader


def yaml_error_line(exc: yaml.YAMLError) -> str:
    """A YAML error as one line: what is wrong and where (PyYAML's text spans several)."""
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        mark = exc.problem_mark
        return f"{exc.problem} (line {mark.line + 1}, column {mark.column + 1})"
    return " ".join(str(exc).split())


def load_yaml_resource(package: str, filename: str) -> Any:
    """Reads a YAML file shipped inside `package` (works from wheels and editable installs)."""
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    try:
        return load_yaml_text(text)
    except yaml.YAMLError as exc:
        raise DataError(f"{package}/{filename}: invalid YAML: {yaml_error_line(exc)}") from exc


def expect_list(doc: Any, where: str) -> list[Any]:
    if not isinstance(doc, list):
        raise DataError(f"{where}: expected a list of rows, got {type(doc).__name__}")
    return doc
