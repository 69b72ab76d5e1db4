"""The project's one YAML reader (nemesis_env/core/data.py): yaml.SafeLoader that refuses a key
given twice, where PyYAML keeps the last value silently."""

from __future__ import annotations

import pytest
import yaml

from nemesis_env.core.data import DuplicateKeyError, load_yaml_text, yaml_error_line


@pytest.mark.parametrize(
    ("text", "key", "line"),
    [
        ("a: 1\na: 2\n", "'a'", 2),
        ("top:\n  - x: 1\n    y: 2\n    x: 3\n", "'x'", 4),
        ("{a: 1, b: 2, a: 3}\n", "'a'", 1),
        ("1: one\n1: uno\n", "1", 2),
    ],
)
def test_a_key_given_twice_is_refused_with_its_line(text: str, key: str, line: int) -> None:
    assert yaml.safe_load(text) is not None  # what PyYAML alone accepts
    with pytest.raises(DuplicateKeyError, match=rf"key {key} appears twice .*\(line {line}\)"):
        load_yaml_text(text)


def test_merge_keys_may_be_overridden() -> None:
    text = "base: &b {lr: 1, seed: 2}\nrun:\n  <<: *b\n  seed: 3\n"
    assert load_yaml_text(text)["run"] == {"lr": 1, "seed": 3}


def test_only_safe_types_are_built() -> None:
    with pytest.raises(yaml.YAMLError):
        load_yaml_text("!!python/object/apply:os.system ['echo hi']\n")


def test_errors_read_as_one_line() -> None:
    with pytest.raises(yaml.YAMLError) as caught:
        load_yaml_text("a: [1, 2\nb: 3\n")
    line = yaml_error_line(caught.value)
    assert "\n" not in line and "line " in line
