"""Fuzz of the experiment config loader (experiments/typed_yaml.py, experiments/config.py) with
the shipped configs, mutated, given as a mapping or a YAML file, damaged as bytes, and with
`--set KEY.PATH=VALUE` overrides of every key path.

The property: `load_config` either returns a config that is usable (its resolved YAML reloads
to the same config, and its game loads or refuses its params with ParamError) or raises
ConfigError with a one-line message, within the CPU watchdog; never another exception type."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from experiments.config import (
    ConfigError,
    RunConfig,
    TournamentConfig,
    TrainConfig,
    dump_yaml,
    load_config,
    read_yaml,
)
from nemesis_env.core.data import load_yaml_text
from nemesis_env.core.errors import ParamError
from nemesis_env.envs.registry import load_game
from tests.fuzz.budget import accepted, fuzz_settings, one_line, tried, watchdog
from tests.fuzz.hostile import (
    Raw,
    as_yaml,
    damaged_bytes,
    hostile_values,
    mutated,
    plain,
    truncation_points,
    walk,
)

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
RUN = read_yaml(CONFIGS / "smoke_run.yaml")
VALID: dict[str, tuple[type[Any], dict[str, Any]]] = {
    "run": (RunConfig, RUN),
    "train": (TrainConfig, RUN["train"]),
    "tournament": (TournamentConfig, read_yaml(CONFIGS / "tournament_smoke.yaml")),
}
KINDS = sorted(VALID)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("configs")


def check_usable(cfg: Any) -> None:
    """The resolved config (what a run directory saves) reloads to the same config, and the
    game it names loads, or refuses its params with the documented ParamError."""
    text = dump_yaml(cfg)
    assert dump_yaml(load_config(type(cfg), load_yaml_text(text))) == text
    for part in (cfg.train, cfg.tournament) if isinstance(cfg, RunConfig) else (cfg,):
        try:
            load_game(part.game, players=part.players, **part.game_params)
        except ParamError as exc:
            one_line(exc)


def check_load(cls: type[Any], source: Any, overrides: list[str], target: str) -> None:
    tried(target)
    with watchdog():
        try:
            cfg = load_config(cls, source, overrides)
        except ConfigError as exc:
            one_line(exc)
            return
        check_usable(cfg)
    accepted(target)


@pytest.mark.parametrize("kind", KINDS)
def test_the_valid_configs_load(kind: str) -> None:
    cls, doc = VALID[kind]
    check_usable(load_config(cls, doc))


@fuzz_settings(150)
@given(st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), mutated(VALID[k][1]))))
def test_a_mutated_mapping_loads_or_is_a_config_error(case: tuple[str, dict[str, Any]]) -> None:
    kind, doc = case
    check_load(VALID[kind][0], plain(doc), [], "config (mapping)")


@fuzz_settings(100)
@given(st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), mutated(VALID[k][1]))))
def test_a_mutated_file_loads_or_is_a_config_error(
    files: Path, case: tuple[str, dict[str, Any]]
) -> None:
    kind, doc = case
    path = files / "mutated.yaml"
    path.write_text(as_yaml(doc), encoding="utf-8")
    check_load(VALID[kind][0], path, [], "config (file)")


def _value_text(value: Any) -> str:
    if isinstance(value, Raw):
        return value.yaml or value.name
    return yaml.safe_dump(value, default_flow_style=True, width=10**9).removesuffix("\n...\n")


@st.composite
def overrides(draw: Any, doc: dict[str, Any]) -> list[str]:
    """1-3 `--set` strings: a key path of `doc` (or a made-up one) = its own value (so that
    some overrides are valid) or a hostile one, or a string that is no override at all."""
    keyed = [(".".join(map(str, path)), value) for path, value in walk(doc) if path]
    out = []
    for _ in range(draw(st.integers(1, 3))):
        key, value = draw(st.sampled_from(keyed))
        key = draw(st.just(key) | st.sampled_from(["a..b", "", "agents.--1.name", "agents.²"]))
        text = draw(st.just(value).map(_value_text) | hostile_values(doc).map(_value_text))
        out.append(draw(st.sampled_from([f"{key}={text}"] * 3 + [key, f"{key}=", f"={text}"])))
    return out


@fuzz_settings(150)
@given(st.sampled_from(KINDS).flatmap(lambda k: st.tuples(st.just(k), overrides(VALID[k][1]))))
def test_overrides_load_or_are_a_config_error(files: Path, case: tuple[str, list[str]]) -> None:
    kind, sets = case
    cls, doc = VALID[kind]
    check_load(cls, doc, sets, "config (overrides)")


@fuzz_settings(60)
@given(st.data(), st.sampled_from(KINDS))
def test_a_damaged_file_loads_or_is_a_config_error(
    files: Path, data: st.DataObject, kind: str
) -> None:
    cls, doc = VALID[kind]
    path = files / "damaged.yaml"
    path.write_bytes(data.draw(damaged_bytes(as_yaml(doc).encode("utf-8"))))
    check_load(cls, path, [], "config (file)")


@pytest.mark.parametrize("kind", KINDS)
def test_every_truncation_of_a_file_loads_or_is_a_config_error(files: Path, kind: str) -> None:
    cls, doc = VALID[kind]
    data = as_yaml(doc).encode("utf-8")
    path = files / "cut.yaml"
    for length in truncation_points(len(data)):
        path.write_bytes(data[:length])
        check_load(cls, path, [], "config (file)")


TRAIN, TOURNAMENT = VALID["train"][1], VALID["tournament"][1]


@pytest.mark.parametrize(
    ("cls", "source", "sets"),
    [
        (TrainConfig, "x" * 5000 + ".yaml", []),  # a file name too long for the system
        (TrainConfig, "nul\x00byte.yaml", []),
        (TrainConfig, TRAIN, ["lr=1" + "0" * 400]),  # past the largest float
        (TournamentConfig, TOURNAMENT, ["agents.--1.name=x"]),
        (TournamentConfig, TOURNAMENT, ["agents.²=x"]),
        (TrainConfig, TRAIN, ["expert_data=" + "x" * 5000]),
        (TrainConfig, TRAIN, ["game_params." + "a." * 500 + "b=1"]),
    ],
    ids=lambda value: repr(value)[:30],
)
def test_inputs_found_by_the_fuzz_are_config_errors(
    cls: type[Any], source: Any, sets: list[str]
) -> None:
    check_load(cls, source, sets, "config (regression)")


@pytest.mark.parametrize("value", [".inf", "-.inf", ".nan", "1e400"])
@pytest.mark.parametrize("key", ["lr", "clip", "time_budget_s", "opponent_mix.self"])
def test_a_number_that_is_not_finite_is_a_config_error(key: str, value: str) -> None:
    """.inf passed the range checks that bound one side only (lr > 0, clip > 0); no setting
    means an infinite value, nor NaN."""
    with pytest.raises(
        ConfigError, match=rf"{key}: expected (a finite number|float \| None)"
    ) as caught:
        load_config(TrainConfig, TRAIN, [f"{key}={value}"])
    one_line(caught.value)
