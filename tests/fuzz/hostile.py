"""Hostile documents for the loader fuzz tests: a valid document with a few parts replaced,
deleted, added or wrapped (`mutated`), rendered as a mapping, YAML text or JSON text, and raw
text or bytes (`damaged_bytes`, `truncation_points`).

Some hostile values cannot be written by a dumper (1000 nested lists overflow PyYAML's and
json's recursive writers; an alias bomb is YAML syntax, not a value), so they are `Raw`
fragments: the text each format gets, and the Python value a mapping input gets.
"""

from __future__ import annotations

import copy
import datetime
import json
from collections.abc import Callable, Sequence
from typing import Any

import yaml
from hypothesis import strategies as st

DEEP = 1000  # nesting levels of the deep values: far past any limit a loader should allow


class Raw:
    """A value given as text: `yaml` and `json` are what each format's text holds in its place
    (None: the format cannot say it, so its name is written instead, a wrong-typed string),
    `value` is the Python value a mapping input holds. Not a dataclass: Hypothesis prints a
    dataclass field by field, and its printer overflows on the deep values."""

    def __init__(self, name: str, yaml: str | None, json: str | None, value: Any) -> None:
        self.name, self.yaml, self.json, self.value = name, yaml, json, value

    def __repr__(self) -> str:
        return f"Raw({self.name!r})"


def _nested_lists(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def _nested_dicts(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"a": 1}
    for _ in range(depth):
        value = {"a": value}
    return value


def _shared_bomb(levels: int = 9) -> list[Any]:
    """A billion laughs as a Python value: 9 references to one list, 9 levels deep (9**9
    leaves once expanded, a few kilobytes in memory)."""
    value: list[Any] = ["lol"] * 9
    for _ in range(levels - 1):
        value = [value] * 9
    return value


def _recursive_list() -> list[Any]:
    value: list[Any] = []
    value.append(value)
    return value


def _yaml_bomb(levels: int = 9) -> str:
    """A billion laughs in one flow sequence: each anchor is 9 aliases of the one before."""
    parts = ["&l0 [" + ", ".join(["lol"] * 9) + "]"]
    parts += [f"&l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "[" + ", ".join(parts) + "]"


RAW = [
    Raw("deep lists", "[" * DEEP + "]" * DEEP, "[" * DEEP + "]" * DEEP, _nested_lists(DEEP)),
    Raw(
        "deep mappings",
        "{a: " * DEEP + "1" + "}" * DEEP,
        '{"a": ' * DEEP + "1" + "}" * DEEP,
        _nested_dicts(DEEP),
    ),
    Raw("5000 digits", "9" * 5000, "9" * 5000, 10**5000),  # past int()'s 4300-digit limit
    Raw("billion laughs", _yaml_bomb(), None, _shared_bomb()),
    Raw("recursive alias", "&r [*r]", None, _recursive_list()),
    Raw("python tag", "!!python/object/apply:os.system ['true']", None, None),
    Raw("binary", "!!binary aGVsbG8=", None, b"hello"),
    Raw("set", "!!set {a, b}", None, {"a": None, "b": None}),
    Raw("bad date", "2020-13-45", None, "2020-13-45"),  # PyYAML's int() of month 13
    Raw("date", "2020-01-01", None, datetime.date(2020, 1, 1)),
    Raw("NaN", ".nan", "NaN", float("nan")),
    Raw("infinity", ".inf", "Infinity", float("inf")),
    Raw("1e999", "1.0e999", "1e999", float("inf")),
]

PLAIN_HOSTILE: list[Any] = [
    None, True, False, 0, 1, -1, 2**31, 2**63, 10**30, -(10**30), 0.5, -0.0, 1e308,
    "", " ", "x" * 100_000, "\x00", "ünï ☃", "1", "true", "null", "-1",
    [], {}, [None], {"": None}, [[]], {"unknown": {"deeper": [1, "two"]}},
]  # fmt: skip
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),  # near the edges of most ranges
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=8,
)


def hostile_values(doc: Any, extra: Sequence[Any] = ()) -> st.SearchStrategy[Any]:
    """Wrong types, huge and negative numbers, NaN, deep nesting, long strings, bombs, random
    JSON, values taken from elsewhere in `doc` (a card name where a number belongs, a tensor of
    another shape) and the caller's `extra` values."""
    leaves = [v for _, v in walk(doc) if not isinstance(v, (dict, list))]
    return st.one_of(
        st.sampled_from(PLAIN_HOSTILE),
        st.sampled_from(RAW),
        JSON_VALUES,
        st.sampled_from(leaves or [None]),
        st.sampled_from(list(extra) or [None]),
    )


def walk(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) of a document of dicts and lists, the root first."""
    out = [(path, doc)]
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else []
    )
    for key, value in items:
        out += walk(value, (*path, key))
    return out


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        doc = doc[key]
    return doc


OPS = ("replace", "delete", "add", "wrap")


@st.composite
def mutated(
    draw: Callable[..., Any], valid: dict[str, Any], max_ops: int = 3, extra: Sequence[Any] = ()
) -> dict[str, Any]:
    """`valid` with 1..max_ops of: a value replaced by a hostile one, a key or item deleted, an
    unknown key or extra item added, a value wrapped in a list or mapping."""
    doc = copy.deepcopy(valid)
    for _ in range(draw(st.integers(1, max_ops))):
        path, value = draw(st.sampled_from(walk(doc)))
        op = draw(st.sampled_from(OPS))
        if op == "add" and isinstance(value, (dict, list)):
            new = _fresh(draw(hostile_values(valid, extra)))
            if isinstance(value, dict):
                key = draw(st.one_of(st.text(max_size=8), st.sampled_from(sorted(valid))))
                value[key] = new
            else:
                value.insert(draw(st.integers(0, len(value))), new)
        elif path and op == "delete":
            del _parent(doc, path)[path[-1]]
        elif path and op == "wrap":
            _parent(doc, path)[path[-1]] = draw(st.sampled_from([[value], {"value": value}]))
        elif path:
            _parent(doc, path)[path[-1]] = _fresh(draw(hostile_values(valid, extra)))
    return doc


def _fresh(value: Any) -> Any:
    """A copy of a plain container drawn from the shared lists, so that a later mutation
    cannot change the list itself (Raw values are never mutated, and too deep to copy)."""
    return copy.deepcopy(value) if isinstance(value, (dict, list)) else value


def plain(doc: Any) -> Any:
    """`doc` with every Raw fragment replaced by its Python value (a mapping input)."""
    if isinstance(doc, Raw):
        return doc.value
    if isinstance(doc, dict):
        return {k: plain(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [plain(v) for v in doc]
    return doc


def _render(doc: Any, dump: Callable[[Any], str], raw_text: Callable[[Raw], str | None]) -> str:
    fragments: dict[str, str] = {}

    def mark(value: Any) -> Any:
        if isinstance(value, Raw):
            text = raw_text(value)
            if text is None:  # the format cannot say it: its name, a wrong-typed string
                return value.name
            fragments[f"RAWMARK{len(fragments)}X"] = text
            return f"RAWMARK{len(fragments) - 1}X"
        if isinstance(value, dict):
            return {k: mark(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v) for v in value]
        return value

    text = dump(mark(doc))
    for marker, fragment in fragments.items():
        text = text.replace(f'"{marker}"', fragment).replace(marker, fragment)
    return text


def as_yaml(doc: Any) -> str:
    return _render(doc, lambda d: yaml.safe_dump(d, allow_unicode=True), lambda r: r.yaml)


def as_json(doc: Any) -> str:
    def dump(d: Any) -> str:
        return json.dumps(d, default=str)  # a date or bytes becomes text: still hostile

    return _render(doc, dump, lambda r: r.json)


def truncation_points(length: int) -> list[int]:
    """Every length class of a prefix: the first and last 16 lengths, and 64 steps between."""
    step = max(1, length // 64)
    return sorted(
        {*range(min(16, length)), *range(0, length, step), *range(max(0, length - 16), length)}
    )


INVALID_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3", b"\xed\xa0\x80", b"\x80abc", b"\xf4\x90\x80\x80"]


@st.composite
def damaged_bytes(draw: Callable[..., Any], data: bytes) -> bytes:
    """`data` cut short, padded, with bytes flipped or invalid UTF-8 spliced in, or replaced
    by random bytes."""
    kind = draw(st.sampled_from(["truncate", "flip", "splice", "extend", "random"]))
    if kind == "random" or not data:
        return bytes(draw(st.binary(max_size=4096)))
    at = draw(st.integers(0, len(data) - 1))
    if kind == "truncate":
        return data[:at]
    if kind == "flip":
        mask = draw(st.integers(1, 255))
        return data[:at] + bytes([data[at] ^ mask]) + data[at + 1 :]
    if kind == "extend":
        return data + bytes(draw(st.binary(min_size=1, max_size=64)))
    return data[:at] + draw(st.sampled_from(INVALID_UTF8)) + data[at:]
