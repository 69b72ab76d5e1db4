"""Fuzz of the two text readers every loader goes through (nemesis_env/core/data.py):
`load_yaml_text` (scenarios, configs, overrides, component data) and `load_json_text` (saved
games, JSON scenarios). Any text either loads into a document within the limits (depth,
values with aliases expanded, no cycle) or raises a yaml.YAMLError / DocumentError with a
message that fits on one line, quickly: never a RecursionError, a ValueError from int(), or a
hang on an alias bomb."""

from __future__ import annotations

import time
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from nemesis_env.core.data import (
    MAX_DEPTH,
    MAX_NODES,
    DocumentError,
    check_document,
    load_json_text,
    load_yaml_text,
    yaml_error_line,
)
from tests.fuzz.budget import fuzz_settings, one_line, tried, watchdog
from tests.fuzz.hostile import RAW, as_json, as_yaml, mutated

SAMPLE = {
    "game": "not_alone",
    "params": {"players": 3, "board_side": 1},
    "creature": {"hand": ["scream", "clone"], "limit": 0},
    "hunted": [{"will": 2, "hand": [1, 2, 3]}, {"name": "Alžběta"}],
}
YAML_PIECES = ["&a ", "*a", "<<: ", "[", "]", "{", "}", ": ", "- ", "!!str ", "!!binary ", "\n  ",
               ", ", "'", '"', "#", "? ", "|\n", "---\n", "...\n", "%YAML 1.1\n"]  # fmt: skip
yaml_texts = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from(YAML_PIECES) | st.text(max_size=4), max_size=60).map("".join),
    mutated(SAMPLE).map(as_yaml),
)
json_texts = st.one_of(
    st.text(max_size=300),
    st.lists(st.sampled_from([*'[]{}:,"0-.eE', "NaN", "true"]), max_size=80).map("".join),
    mutated(SAMPLE).map(as_json),
)


def _loads_within_limits(load: Any, text: str, refusals: tuple[type[Exception], ...]) -> None:
    with watchdog():
        try:
            value = load(text)
        except refusals as exc:
            message = yaml_error_line(exc) if isinstance(exc, yaml.YAMLError) else str(exc)
            one_line(Exception(message))
            return
    check_document(value)  # what loaded is within the limits


@fuzz_settings(400)
@given(yaml_texts)
def test_any_text_is_a_yaml_document_or_a_yaml_error(text: str) -> None:
    tried("yaml reader")
    _loads_within_limits(load_yaml_text, text, (yaml.YAMLError,))


@fuzz_settings(400)
@given(json_texts)
def test_any_text_is_a_json_document_or_a_document_error(text: str) -> None:
    tried("json reader")
    _loads_within_limits(load_json_text, text, (DocumentError,))


@pytest.mark.parametrize("raw", [r for r in RAW if r.yaml is not None], ids=lambda r: r.name)
def test_every_hostile_fragment_is_refused_or_loaded_quickly(raw: Any) -> None:
    started = time.process_time()
    for load, text in ((load_yaml_text, f"a: {raw.yaml}\n"), (load_json_text, raw.json)):
        if text is None:
            continue
        tried("yaml reader" if load is load_yaml_text else "json reader")
        _loads_within_limits(load, text, (yaml.YAMLError, DocumentError))
    assert time.process_time() - started < 2.0  # a bomb is refused, not expanded


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nests deeper than"),
        ("[" * 5000 + "]" * 5000, "nests deeper than"),
        (f"a: {RAW[3].yaml}", f"more than {MAX_NODES} values once its aliases are expanded"),
        ("&r [*r]", "contains itself"),
        ("a: " + "7" * 5000, "a value YAML cannot convert"),
        ("when: 2020-13-45", "a value YAML cannot convert: month must be in 1..12"),
    ],
)
def test_yaml_limits_are_refused_in_one_line(text: str, message: str) -> None:
    with watchdog(), pytest.raises(DocumentError, match=message) as caught:
        load_yaml_text(text)
    one_line(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nests deeper than"),
        ("[" * 100_000 + "]" * 100_000, "nests deeper than"),  # json's own recursion limit
        ("7" * 5000, "a value JSON cannot convert"),
        ('{"a": 1, "a": 2}', "key 'a' appears twice"),
        ('{"a": ', "not valid JSON"),
    ],
)
def test_json_limits_are_refused_in_one_line(text: str, message: str) -> None:
    with watchdog(), pytest.raises(DocumentError, match=message) as caught:
        load_json_text(text)
    one_line(caught.value)


def test_the_limits_themselves_are_allowed() -> None:
    """MAX_DEPTH levels load; a shared part counted under MAX_NODES loads (anchors and merge
    keys are fine in moderation)."""
    assert load_yaml_text("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert load_json_text("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    text = "x: &x [" + ", ".join(["1"] * 100) + "]\ny: [" + ", ".join(["*x"] * 100) + "]\n"
    assert len(load_yaml_text(text)["y"]) == 100
