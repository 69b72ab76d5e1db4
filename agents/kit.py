"""A game's agent kit: everything game-specific that the generic agents use.

Generic agents (random, MCTS, ISMCTS, PPO), the tournament and the trainer know no game
(shared/DESIGN.md §4). What they need from one — its heuristic agents, a rollout policy for
search, a fitted leaf value, a belief over hidden cards, the advisor of PPO's advice input, a
shaping potential, shipped expert datasets — the game supplies as one `AgentKit` in
`agents/games/<game>/`, named by its registry entry (`GameEntry.agent_kit`, a
`module:attribute` path). `kit_for(name)` finds it; nothing generic imports a kit module.

Config strings pick kit pieces by generic names ("kit", "heuristic"); a kit may also accept
`aliases`, per setting: its own older names for "kit", so configs written before the kit
existed keep working.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from agents.base import Agent

KIT = "kit"  # the generic config name of "this game's own" rollout policy, value or shaping


class AgentFactory(Protocol):
    """`factory(game, seat) -> Agent`: a fresh agent for that seat of that game."""

    def __call__(self, game: Any, seat: int) -> Agent: ...


class LeafValueLoader(Protocol):
    """`loader(game, turns) -> LeafValue` (agents.search.common.LeafValue); ValueError where
    none fits this game (the message says why and how to make one)."""

    def __call__(self, game: Any, turns: int) -> Any: ...


RolloutPolicy = Callable[[Any, list[int], random.Random], int]
"""`policy(state, legal, rnd) -> action id` (the same as agents.search.common.RolloutPolicy)."""

Belief = Callable[[Any], Callable[[Any], float] | None]
"""`belief(view) -> accept(world) -> weight in (0, 1]`, or None when nothing is hidden."""

PotentialLoader = Callable[[Any], Callable[[Any], Sequence[float]]]
"""`loader(game) -> phi`, with `phi(state)` one potential per seat (reward shaping)."""


@dataclass(frozen=True)
class AgentKit:
    """One game's agent pieces; only `heuristic` is required."""

    game: str
    heuristic: AgentFactory
    rollout_policy: RolloutPolicy | None = None
    leaf_value: LeafValueLoader | None = None
    belief: Belief | None = None
    advice: AgentFactory | None = None  # the advisor of `advice: heuristic`; default: heuristic
    shaping: PotentialLoader | None = None
    expert_datasets: Mapping[str, Path] = field(default_factory=dict)
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # setting -> old names

    def advisor(self) -> AgentFactory:
        return self.heuristic if self.advice is None else self.advice

    def kit_choice(self, setting: str, value: str, generic: Sequence[str]) -> str:
        """`value` as one of the `generic` names (the kit's aliases of `setting` meaning "kit"),
        or ValueError naming the allowed values of `setting` for this game."""
        if value in generic:
            return value
        if KIT in generic and value in self.aliases.get(setting, ()):
            return KIT
        raise ValueError(
            f"{setting} must be one of {self.allowed(setting, generic)} for game "
            f"{self.game!r}, got {value!r}"
        )

    def allowed(self, setting: str, generic: Sequence[str]) -> list[str]:
        """The generic names of `setting`, then the kit's older names for "kit"."""
        return list(generic) + (list(self.aliases.get(setting, ())) if KIT in generic else [])

    def piece(self, setting: str, name: str) -> Any:
        """The kit's `name` piece, or ValueError saying that this game has none."""
        value = getattr(self, name)
        if value is None:
            raise ValueError(f"{setting}: game {self.game!r} has no {name.replace('_', ' ')} in "
                             "its agent kit")  # fmt: skip
        return value

    def dataset(self, name: str) -> Path:
        """A shipped dataset by name; any other value is taken as a path."""
        return self.expert_datasets.get(name, Path(name))


class KitError(ValueError):
    """A game has no usable agent kit."""


def kit_for(game: str | Any) -> AgentKit:
    """The agent kit of a game (its registry name, or a Game object)."""
    from nemesis_env.envs.registry import game_entry, resolve

    name = game if isinstance(game, str) else game.info.name
    entry = game_entry(name)
    if entry.agent_kit is None:
        raise KitError(
            f"game {name!r} has no agent kit (its registry entry sets agent_kit=None), so it has "
            "no heuristic agents, rollout policy, value or advice; use random or uniform search"
        )
    try:
        kit = resolve(entry.agent_kit)
    except (ImportError, AttributeError, ValueError) as exc:
        raise KitError(f"game {name!r}: cannot load its agent kit {entry.agent_kit!r} ({exc})") \
            from None  # fmt: skip
    if not isinstance(kit, AgentKit):
        raise KitError(
            f"game {name!r}: {entry.agent_kit!r} is a {type(kit).__name__}, not an AgentKit"
        )
    return kit
