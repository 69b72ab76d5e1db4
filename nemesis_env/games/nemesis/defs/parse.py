"""Strict conversion of Nemesis YAML rows into frozen dataclasses, driven by their annotations.

`build(cls, row, where)` checks the keys with core.data.parse_row (unknown or missing keys are
errors), then converts and type-checks every given value against the field's annotation: `int`
(never a bool), `bool`, `str`, `None`, `Literal[...]`, unions, `tuple[X, ...]` (from a YAML
list), `Mapping[K, V]`, nested dataclasses, EffectSpec (an op of defs/ops.EFFECT_OPS) and
ConditionSpec (an op of defs/ops.CONDITION_OPS). Every error is a DataError whose message starts
with `where`, the file and the path of the field (e.g. `rooms.yaml: tiles[3] (nest).colour`).
"""

from __future__ import annotations

import re
import types
from collections.abc import Mapping
from dataclasses import dataclass, field, is_dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union, get_args, get_origin, get_type_hints

from nemesis_env.core.data import expect_list, load_yaml_resource, parse_row
from nemesis_env.core.effects import EffectSpec
from nemesis_env.core.errors import DataError
from nemesis_env.games.nemesis.defs.ops import CONDITION_OPS, EFFECT_OPS, OpDef

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")

DATA_PACKAGE = "nemesis_env.games.nemesis.data"
_WORD = re.compile(r"[a-z][a-z0-9_]*\Z")


@dataclass(frozen=True, slots=True)
class ConditionSpec:
    """One `{op: name, **params}` condition of an objective (defs/ops.CONDITION_OPS)."""

    op: str
    params: Mapping[str, Any] = field(default_factory=dict)


def read(filename: str) -> Any:
    """The YAML document of data/<filename> (DataError naming the file if it is not YAML)."""
    return load_yaml_resource(DATA_PACKAGE, filename)


def read_list(doc: Any, where: str) -> list[Any]:
    try:
        return expect_list(doc, where)
    except DataError:
        raise DataError(f"{where}: expected a list, got {type(doc).__name__}") from None


def section(doc: Any, key: str, filename: str) -> Any:
    """doc[key] of a mapping document, with a DataError naming the file if it is missing."""
    if not isinstance(doc, Mapping):
        raise DataError(f"{filename}: expected a mapping at the top, got {type(doc).__name__}")
    if key not in doc:
        raise DataError(f"{filename}: missing section {key!r}")
    return doc[key]


def check_sections(doc: Any, keys: set[str], filename: str) -> None:
    if not isinstance(doc, Mapping):
        raise DataError(f"{filename}: expected a mapping at the top, got {type(doc).__name__}")
    if unknown := doc.keys() - keys:
        raise DataError(f"{filename}: unknown sections {sorted(unknown)}; allowed: {sorted(keys)}")
    if missing := keys - doc.keys():
        raise DataError(f"{filename}: missing sections {sorted(missing)}")


def build_rows(cls: type[T], rows: Any, where: str) -> tuple[T, ...]:
    """Each row of the YAML list `rows` built into `cls`; `where` is e.g. `rooms.yaml: tiles`."""
    out = []
    for i, row in enumerate(read_list(rows, where)):
        label = f"{where}[{i}]"
        if isinstance(row, Mapping) and isinstance(row.get("id"), str):
            label += f" ({row['id']})"
        out.append(build(cls, row, label))
    return tuple(out)


def build(cls: type[T], row: Any, where: str) -> T:
    if not isinstance(row, Mapping):
        raise DataError(f"{where}: expected a mapping, got {type(row).__name__}: {row!r}")
    try:
        raw = parse_row(cls, row)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    hints = _hints(cls)
    values = {name: convert(hints[name], value, f"{where}.{name}") for name, value in row.items()}
    return replace(raw, **values)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def convert(hint: Any, value: Any, where: str) -> Any:
    """`value` checked against and converted to the annotation `hint` (module docstring)."""
    origin = get_origin(hint)
    if hint is Any:
        return value
    if hint in (int, bool, str, type(None)):
        return _scalar(hint, value, where)
    if origin is Literal:
        if not any(type(value) is type(a) and value == a for a in get_args(hint)):
            raise DataError(f"{where}: expected one of {list(get_args(hint))}, got {value!r}")
        return value
    if origin in (Union, types.UnionType):
        return _union(get_args(hint), value, where)
    if origin is tuple:
        return _tuple(get_args(hint), value, where)
    if origin is Mapping:
        return _mapping(get_args(hint), value, where)
    if hint is EffectSpec:
        return _op(EFFECT_OPS, value, where)
    if hint is ConditionSpec:
        spec = _op(CONDITION_OPS, value, where)
        return ConditionSpec(spec.op, spec.params)
    if isinstance(hint, type) and is_dataclass(hint):
        return build(hint, value, where)
    raise TypeError(f"{where}: unsupported annotation {hint!r}")  # a bug in defs, not in data


def _scalar(hint: type, value: Any, where: str) -> Any:
    if hint is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if hint is not int and isinstance(value, hint):
        return value
    expected = "null" if hint is type(None) else hint.__name__
    raise DataError(f"{where}: expected {expected}, got {type(value).__name__} {value!r}")


def _union(arms: tuple[Any, ...], value: Any, where: str) -> Any:
    if value is None and type(None) in arms:
        return None
    others = [arm for arm in arms if arm is not type(None)]
    errors = []
    for arm in others:
        try:
            return convert(arm, value, where)
        except DataError as exc:
            errors.append(str(exc))
    if len(errors) == 1 and type(None) not in arms:
        raise DataError(errors[0])
    raise DataError(f"{where}: {value!r} fits none of {' | '.join(map(_name, arms))}: {errors}")


def _name(hint: Any) -> str:
    return "null" if hint is type(None) else getattr(hint, "__name__", str(hint))


def _tuple(args: tuple[Any, ...], value: Any, where: str) -> tuple[Any, ...]:
    if len(args) != 2 or args[1] is not Ellipsis:
        raise TypeError(f"{where}: only tuple[X, ...] is supported")
    if not isinstance(value, list):
        raise DataError(f"{where}: expected a list, got {type(value).__name__} {value!r}")
    return tuple(convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))


def _mapping(args: tuple[Any, ...], value: Any, where: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: expected a mapping, got {type(value).__name__} {value!r}")
    key_hint, value_hint = args
    out = {
        convert(key_hint, k, f"{where} key {k!r}"): convert(value_hint, v, f"{where}.{k}")
        for k, v in value.items()
    }
    return types.MappingProxyType(out)


def _op(vocabulary: Mapping[str, OpDef], value: Any, where: str) -> EffectSpec:
    """An `{op: name, **params}` mapping checked against the closed vocabulary."""
    if not isinstance(value, Mapping) or "op" not in value:
        raise DataError(f"{where}: expected a mapping with an 'op' key, got {value!r}")
    name = value["op"]
    if not isinstance(name, str) or name not in vocabulary:
        raise DataError(f"{where}: unknown op {name!r} (the allowed ops are in defs/ops.py)")
    given = {k: v for k, v in value.items() if k != "op"}
    declared = vocabulary[name].params
    if given.keys() != declared.keys():
        raise DataError(
            f"{where}: op {name!r} takes params {sorted(declared)}, got {sorted(given)}"
        )
    params = {k: _param(declared[k], v, f"{where}.{k}") for k, v in given.items()}
    return EffectSpec(name, types.MappingProxyType(params))


def _param(kind: str, value: Any, where: str) -> Any:
    """A param value checked for its kind's shape; references are checked by the loader."""
    if kind == "options":
        options = _tuple((tuple[EffectSpec, ...], Ellipsis), value, where)
        if len(options) < 2 or not all(options):
            raise DataError(f"{where}: choose_one needs at least 2 non-empty alternatives")
        return options
    if kind == "int":
        return _scalar(int, value, where)
    if kind == "bool":
        return _scalar(bool, value, where)
    if "|" in kind or kind not in LIST_KINDS:
        word = _word(value, where)
        if "|" in kind and word not in kind.split("|"):
            raise DataError(f"{where}: expected one of {kind.split('|')}, got {value!r}")
        return word
    if not isinstance(value, list) or not value:
        raise DataError(f"{where}: expected a non-empty list, got {value!r}")
    return tuple(_word(v, f"{where}[{i}]") for i, v in enumerate(value))


LIST_KINDS = frozenset({"words", "intruder_types", "faces", "items", "cards", "sources"})


def _word(value: Any, where: str) -> str:
    if not isinstance(value, str) or not _WORD.match(value):
        raise DataError(f"{where}: expected a lower_snake id, got {value!r}")
    return value
