"""A registry of named effect functions that data files refer to by name (`op`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Generic, TypeVar

from nemesis_env.core.errors import DataError

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One `{op: name, **params}` entry of a data file."""

    op: str
    params: Mapping[str, Any] = field(default_factory=dict)


def parse_effects(raw: Any) -> tuple[EffectSpec, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise DataError(f"effects must be a list of {{op: ...}} mappings, got {raw!r}")
    specs = []
    for item in raw:
        if not isinstance(item, Mapping) or "op" not in item:
            raise DataError(f"each effect needs an 'op' key, got {item!r}")
        params = {k: v for k, v in item.items() if k != "op"}
        specs.append(EffectSpec(op=str(item["op"]), params=params))
    return tuple(specs)


_EFFECT_TAG = "__effect_tags__"


def on_effect(table: str, name: str) -> Callable[[F], F]:
    """Marks `fn` as effect `name` of the game's effect table `table` (e.g. "survival card").

    Like the engine's rule tags this only labels the function; `collect_effects` builds a game's
    tables from the modules it names, so no table is shared between games.
    """

    def add(fn: F) -> F:
        tags: list[tuple[str, str]] = list(getattr(fn, _EFFECT_TAG, ()))
        tags.append((table, name))
        setattr(fn, _EFFECT_TAG, tuple(tags))
        return fn

    return add


def collect_effects(modules: Iterable[ModuleType]) -> dict[str, EffectRegistry[Any]]:
    """Every tagged effect defined in `modules`, by table; a name twice in a table is an error."""
    tables: dict[str, EffectRegistry[Any]] = {}
    for module in modules:
        for fn in vars(module).values():
            if getattr(fn, "__module__", None) != module.__name__:
                continue  # imported from elsewhere: collected with its own module
            for table, name in getattr(fn, _EFFECT_TAG, ()):
                tables.setdefault(table, EffectRegistry(table)).register(name)(fn)
    return tables


class EffectRegistry(Generic[F]):
    """Name -> function. Registering a name twice or looking up an unknown name is an error."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._fns: dict[str, F] = {}

    def register(self, name: str) -> Callable[[F], F]:
        def add(fn: F) -> F:
            if name in self._fns:
                raise ValueError(f"{self.label} effect {name!r} registered twice")
            self._fns[name] = fn
            return fn

        return add

    def get(self, name: str) -> F:
        try:
            return self._fns[name]
        except KeyError:
            raise DataError(
                f"unknown {self.label} effect {name!r}; known: {sorted(self._fns)}"
            ) from None

    def names(self) -> frozenset[str]:
        return frozenset(self._fns)

    def check(self, specs: tuple[EffectSpec, ...], where: str) -> None:
        for spec in specs:
            if spec.op not in self._fns:
                raise DataError(
                    f"{where}: unknown effect op {spec.op!r}; known: {sorted(self._fns)}"
                )
