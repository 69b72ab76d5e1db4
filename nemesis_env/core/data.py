"""Strict YAML -> frozen dataclass loading: unknown or missing keys are errors, never ignored.

Every YAML document of the project (component data, scenarios, experiment configs) is read
with `load_yaml_text`: yaml.SafeLoader (never the unsafe loader, which builds arbitrary Python
objects), refusing a key given twice in one mapping, where PyYAML would keep the last value
without a word. Saved games and JSON scenarios are read with `load_json_text`, which refuses
the same. Both refuse documents that would hang or crash whoever reads them next: nesting
deeper than MAX_DEPTH, more than MAX_NODES values once YAML aliases are expanded (a "billion
laughs" is a few hundred bytes of text), a document that contains itself (`&a [*a]`), and
scalars Python cannot convert (an integer of 5000 digits, the date 2020-13-45).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from importlib import resources
from pathlib import Path
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


# Our documents nest fewer than 10 levels and hold a few thousand values; these limits are far
# above that and far below what makes a reader recurse past Python's limit or run for minutes.
MAX_DEPTH = 100
MAX_NODES = 1_000_000


class DocumentError(yaml.YAMLError, ValueError):
    """Text that is no acceptable YAML or JSON document. A YAMLError and a ValueError, so the
    handlers of YAML errors and of json's ValueErrors catch it; callers turn it into their own
    NemesisError (ScenarioError, ConfigError, CheckpointError, DataError)."""


class DuplicateKeyError(DocumentError):
    """A mapping that gives one key twice."""


class UniqueKeyLoader(yaml.SafeLoader):
    """yaml.SafeLoader that raises DuplicateKeyError on a key given twice in one mapping, and
    DocumentError on a document nested deeper than MAX_DEPTH.

    Merge keys (`<<: *base`) are exempt: overriding a merged key is what they are for."""

    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        # The composer recurses once per level: stop here, not at Python's recursion limit,
        # which a few thousand brackets reach only after seconds of work.
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                line = self.peek_event().start_mark.line + 1  # type: ignore[no-untyped-call]
                raise DocumentError(
                    f"the document nests deeper than {MAX_DEPTH} levels (line {line})"
                )
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

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


def read_document_text(path: Path, label: str, error: type[Exception]) -> str:
    """The UTF-8 text of `path`, or `error` whose one-line message names `label` (e.g. "config
    file 'x.yaml'") and why the file cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{label} does not exist") from None
    except UnicodeDecodeError as exc:
        raise error(f"{label} is not UTF-8 text: {exc}") from None
    except (OSError, ValueError) as exc:  # a directory, a name too long, a NUL in the name
        raise error(f"cannot read {label}: {exc}") from None


def load_yaml_text(text: str) -> Any:
    """The YAML document in `text` (safe types only); any problem raises a yaml.YAMLError:
    DuplicateKeyError, DocumentError (module docstring) or PyYAML's own."""
    try:
        value = yaml.load(text, Loader=UniqueKeyLoader)  # safe: UniqueKeyLoader is a SafeLoader
    except (ValueError, OverflowError) as exc:  # int() of 5000 digits, a month 13
        if isinstance(exc, DocumentError):
            raise
        raise DocumentError(f"a value YAML cannot convert: {exc}") from None
    check_document(value)
    return value


def load_json_text(text: str) -> Any:
    """The JSON document in `text`; any problem raises DocumentError (a key given twice, and
    the limits of the module docstring)."""
    try:
        value = json.loads(text, object_pairs_hook=_unique_json_keys)
    except DocumentError:
        raise
    except json.JSONDecodeError as exc:
        raise DocumentError(f"not valid JSON: {exc}") from None
    except ValueError as exc:  # int() of 5000 digits
        raise DocumentError(f"a value JSON cannot convert: {exc}") from None
    except RecursionError:  # json's parser recurses once per level
        raise DocumentError(f"the document nests deeper than {MAX_DEPTH} levels") from None
    check_document(value)
    return value


def _unique_json_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json's object hook: a key given twice is an error (json keeps the last silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(f"key {key!r} appears twice in one JSON object")
        out[key] = value
    return out


def check_document(value: Any) -> None:
    """DocumentError if `value` nests deeper than MAX_DEPTH, holds more than MAX_NODES values
    counting a shared part each time it appears (what a YAML alias bomb expands to), or
    contains itself. Iterative and memoized per container, so it is linear in the distinct
    containers, whatever their depth or sharing."""
    sizes: dict[int, tuple[int, int]] = {}  # id of a checked container -> (values, depth)
    on_path: set[int] = set()  # the containers being walked, from the root down
    stack: list[tuple[Any, bool]] = [(value, False)]
    _check_scalar(value)
    while stack:
        node, finished = stack.pop()
        parts = _parts(node)
        if parts is None or (not finished and id(node) in sizes):
            continue
        if finished:
            for part in parts:
                _check_scalar(part)
            inner = [sizes[id(p)] for p in parts if _parts(p) is not None]
            size = 1 + len(parts) - len(inner) + sum(n for n, _ in inner)
            depth = 1 + max((d for _, d in inner), default=0)
            if depth > MAX_DEPTH:
                raise DocumentError(f"the document nests deeper than {MAX_DEPTH} levels")
            if size > MAX_NODES:
                raise DocumentError(
                    f"the document holds more than {MAX_NODES} values once its aliases are expanded"
                )
            sizes[id(node)] = (size, depth)
            on_path.discard(id(node))
        elif id(node) in on_path:
            raise DocumentError("the document contains itself (an alias inside its own anchor)")
        else:
            on_path.add(id(node))
            stack.append((node, True))
            stack.extend((p, False) for p in parts if _parts(p) is not None)


def _check_scalar(value: Any) -> None:
    """An integer whose digits Python refuses to write (more than sys.get_int_max_str_digits())
    would make the error message that quotes it raise a ValueError of its own."""
    limit = sys.get_int_max_str_digits()
    # the bit length rules out every ordinary integer before the exact comparison
    big = isinstance(value, int) and limit and abs(value).bit_length() > 3 * limit
    if big and abs(value) >= 10**limit:
        raise DocumentError(f"the document holds an integer of more than {limit} digits")


def _parts(value: Any) -> list[Any] | None:
    """The keys and values inside a container, None for a scalar."""
    if isinstance(value, Mapping):
        return [*value.keys(), *value.values()]
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return None


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
