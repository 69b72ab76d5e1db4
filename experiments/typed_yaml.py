"""Strict YAML for frozen dataclasses: the generic half of experiments.config.

    cfg = load_config(TournamentConfig, "configs/tournament_smoke.yaml",
                      overrides=["games_per_match=4", "agents.0.params.iterations=200"])
    yaml.safe_dump(resolved_config_dict(cfg))   # what a run directory saves as config.yaml

The loader is strict: an unknown key, a missing required key or a value of the wrong type raises
ConfigError naming the key path (e.g. `tournament.agents[1].kind`) and, for keys, the allowed
ones. Overrides are applied to the raw YAML mapping before validation, so they are checked the
same way; each value is parsed as YAML (`--set lr=3.0e-4`, `--set agents=[...]`). Files and
values are read with yaml.SafeLoader refusing a key given twice (nemesis_env.core.data).

Type rules: bool fields take only true/false; int fields only integers (not booleans); float
fields integers or floats, finite (not .nan or .inf), plus exponent strings such as `3e-4`,
which PyYAML (YAML 1.1) reads as text; str fields only strings; `X | None` also takes null;
lists and tuples take YAML sequences; `dict[str, Any]` takes any mapping with string keys.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import re
import types
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar, Union

import yaml

from nemesis_env.core.data import (
    DocumentError,
    check_document,
    load_yaml_text,
    read_document_text,
    yaml_error_line,
)
from nemesis_env.core.errors import NemesisError


class ConfigError(NemesisError, ValueError):
    """A config document or override that does not fit its dataclass (message names the key)."""


T = TypeVar("T")


def check(ok: bool, key: str, message: str) -> None:
    """ConfigError("key: message") unless ok."""
    if not ok:
        raise ConfigError(f"{key}: {message}")


# ------------------------------------------------------------------------------ loading
_EXP_FLOAT = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$")
_LIST_INDEX = re.compile(r"-?[0-9]+")  # ASCII digits: str.isdigit() also takes "²"


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _type_name(tp: Any) -> str:
    if isinstance(tp, type):
        return tp.__name__
    return str(tp).replace("typing.", "")


def _convert(value: Any, tp: Any, path: str) -> Any:
    """`value` (from YAML) as type `tp`, or ConfigError naming `path`."""
    where = path or "<top level>"
    if tp is Any:
        return value
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        if value is None:
            if type(None) in args:
                return None
            raise ConfigError(f"{where}: must not be null (expected {_type_name(tp)})")
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _convert(value, arg, path)
            except ConfigError:
                pass
        raise ConfigError(f"{where}: expected {_type_name(tp)}, got {value!r}")
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _build(tp, value, path)
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise ConfigError(f"{where}: expected true or false, got {value!r}")
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ConfigError(f"{where}: expected an integer, got {value!r}")
    if tp is float:
        if isinstance(value, str) and _EXP_FLOAT.match(value.strip()):
            value = float(value)
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise ConfigError(f"{where}: expected a number, got {value!r}")
        number = _as_float(value)
        # NaN slips through every range check (all its comparisons are false), .inf through
        # most, and no setting means either
        if number is None or not math.isfinite(number):
            raise ConfigError(f"{where}: expected a finite number, got {value!r}")
        return number
    if tp is str:
        if isinstance(value, str):
            return value
        raise ConfigError(f"{where}: expected a string, got {value!r}")
    if origin in (list, tuple):
        if not isinstance(value, (list, tuple)):
            raise ConfigError(f"{where}: expected a list, got {value!r}")
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            raise TypeError(f"unsupported config field type {tp}")  # a programming error
        item_tp = args[0] if args else Any
        items = [_convert(v, item_tp, f"{where}[{i}]") for i, v in enumerate(value)]
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(value, Mapping):
            raise ConfigError(f"{where}: expected a mapping, got {value!r}")
        key_tp, val_tp = args if args else (str, Any)
        out = {}
        for k, v in value.items():
            if key_tp is str and not isinstance(k, str):
                raise ConfigError(f"{where}: keys must be strings, got {k!r}")
            out[k] = _convert(v, val_tp, _join(path, str(k)))
        return out
    raise TypeError(f"unsupported config field type {tp}")  # a programming error


def _as_float(value: int | float) -> float | None:
    try:
        return float(value)
    except OverflowError:  # an integer past 1.8e308
        return None


def _build(cls: type[T], data: Any, path: str) -> T:
    where = path or "<top level>"
    if not isinstance(data, Mapping):
        raise ConfigError(f"{where}: expected a mapping for {cls.__name__}, got {data!r}")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    allowed = list(fields)
    for key in data:
        if key not in fields:
            raise ConfigError(
                f"{_join(path, str(key))}: unknown key for {cls.__name__}; allowed keys: {allowed}"
            )
    missing = [
        name
        for name, f in fields.items()
        if name not in data
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    ]
    if missing:
        raise ConfigError(
            f"{where}: missing required keys {missing} for {cls.__name__}; allowed keys: {allowed}"
        )
    hints = typing.get_type_hints(cls)
    kwargs = {key: _convert(val, hints[key], _join(path, str(key))) for key, val in data.items()}
    try:
        return cls(**kwargs)
    except ConfigError as exc:
        raise ConfigError(f"{_join(path, str(exc))}" if path else str(exc)) from None


def config_from_dict(cls: type[T], data: Any) -> T:
    """Validates a plain mapping (e.g. from YAML) into the dataclass `cls`."""
    return _build(cls, data, "")


def parse_override(text: str) -> tuple[list[str], Any]:
    """`a.b.0.c=value` -> (["a", "b", "0", "c"], the value parsed as YAML)."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or any(not part for part in key.split(".")):
        raise ConfigError(f"override {text!r}: expected KEY.PATH=VALUE, e.g. seed=3")
    try:
        value = load_yaml_text(raw) if raw.strip() else ""
    except yaml.YAMLError as exc:
        raise ConfigError(
            f"override {text!r}: value is not valid YAML ({yaml_error_line(exc)})"
        ) from None
    return key.split("."), value


def add_override_argument(parser: argparse.ArgumentParser, example: str) -> None:
    """The repeatable `--set KEY.PATH=VALUE` option (into `args.overrides`) of every command
    that reads a config; `example` shows one override in the help."""
    parser.add_argument(
        "--set",
        dest="overrides",
        action="append",
        default=[],
        metavar="KEY.PATH=VALUE",
        help=f"override a config value (YAML syntax), e.g. --set {example}; repeatable",
    )


def apply_overrides(data: dict[str, Any], overrides: Sequence[str]) -> dict[str, Any]:
    """A deep copy of `data` with each `key.path=value` set (list items by index)."""
    out: dict[str, Any] = _deep_copy(data)
    for text in overrides:
        parts, value = parse_override(text)
        node: Any = out
        for depth, part in enumerate(parts):
            last = depth == len(parts) - 1
            here = ".".join(parts[: depth + 1])
            if isinstance(node, list):
                if not _LIST_INDEX.fullmatch(part) or not -len(node) <= int(part) < len(node):
                    raise ConfigError(
                        f"override {text!r}: {here}: no list item {part!r} "
                        f"(the list has {len(node)} items)"
                    )
                if last:
                    node[int(part)] = value
                else:
                    node = node[int(part)]
            elif isinstance(node, dict):
                if last:
                    node[part] = value
                else:
                    if node.get(part) is None:
                        node[part] = {}
                    node = node[part]
            else:
                raise ConfigError(
                    f"override {text!r}: {'.'.join(parts[:depth])} is {node!r}, not a mapping"
                )
    _check_document(out, "the config with its overrides")
    return out


def _check_document(data: Any, what: str) -> None:
    """ConfigError unless `data` is within the limits of nemesis_env.core.data.check_document
    (nesting, size with shared parts counted each time, no cycle): the deep copies and dumps
    made of a config recurse."""
    try:
        check_document(data)
    except DocumentError as exc:
        raise ConfigError(f"{what}: {exc}") from None


def _deep_copy(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_deep_copy(v) for v in value]
    return value


def read_yaml(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A YAML file (path) or an in-memory mapping, as a fresh dict."""
    if isinstance(source, Mapping):
        _check_document(source, "config")
        return dict(_deep_copy(source))
    path = Path(source)
    text = read_document_text(path, f"config file {str(path)!r}", ConfigError)
    try:
        data = load_yaml_text(text)
    except yaml.YAMLError as exc:
        raise ConfigError(
            f"config file {str(path)!r} is not valid YAML: {yaml_error_line(exc)}"
        ) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"config file {str(path)!r}: expected a mapping at the top level")
    return data


def resolved_config_dict(cfg: Any) -> dict[str, Any]:
    """Every field of a config dataclass (defaults included) as plain YAML/JSON-safe data."""
    if not (dataclasses.is_dataclass(cfg) and not isinstance(cfg, type)):
        raise TypeError(f"expected a config dataclass instance, got {type(cfg).__name__}")
    out = _plain(cfg)
    assert isinstance(out, dict)
    return out


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def dump_yaml(cfg: Any) -> str:
    """The resolved config as YAML text (field order kept)."""
    return yaml.safe_dump(resolved_config_dict(cfg), sort_keys=False, allow_unicode=True)
