"""Single-agent envs for Stable-Baselines3 (and any Gymnasium learner), opponents from specs.

    env = make_env(GAME, learner=ROLE, players=4,
                   opponents=[{"name": "heuristic", "kind": "heuristic"},
                              {"name": "random", "kind": "random"}], weights=[0.8, 0.2])
    MaskablePPO("MlpPolicy", env).learn(10_000)      # sb3-contrib; env.action_masks() is there

`learner` is a seat name or a role (a role stands for the first seat of that role). Every
other seat plays an agent drawn per episode from `opponents` (agent specs, as in tournament
configs: random, heuristic, ppo with a checkpoint, ...; default: the heuristic), with
`weights`. `env_fns(n, ...)` gives n picklable constructors for `SubprocVecEnv`/`DummyVecEnv`.
Rewards are the learner's true returns. The env seeds chance and the opponents from
`reset(seed=...)` (SB3 seeds each sub-env with seed + index), so a run is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

from agents.adapters import SeatAgents
from experiments.agent_factory import make_agent
from experiments.config import AgentSpec, ConfigError
from experiments.typed_yaml import config_from_dict
from nemesis_env.envs.registry import load_game
from nemesis_env.envs.single_agent import SingleAgentEnv

DEFAULT_OPPONENTS: tuple[Mapping[str, Any], ...] = ({"name": "heuristic", "kind": "heuristic"},)
OpponentSpec = AgentSpec | Mapping[str, Any]


def learner_seat_name(game_name: str, learner: str, **params: Any) -> str:
    """The seat name that `learner` (a seat name or a role) stands for."""
    info = load_game(game_name, **params).info
    if learner in info.seat_names:
        return learner
    if learner in info.roles and info.seats_of_role(learner):
        return info.seat_names[info.seats_of_role(learner)[0]]
    raise ConfigError(
        f"learner: {learner!r} is neither a seat ({list(info.seat_names)}) nor a starting role "
        f"({[r for r in info.roles if info.seats_of_role(r)]}) of {game_name}"
    )


def _specs(opponents: Sequence[OpponentSpec]) -> list[AgentSpec]:
    if isinstance(opponents, (str, bytes, Mapping)) or not opponents:
        raise ConfigError("opponents: a non-empty list of agent specs (mappings with name, kind)")
    specs = []
    for i, spec in enumerate(opponents):
        if isinstance(spec, AgentSpec):
            specs.append(spec)
        elif isinstance(spec, Mapping):
            try:
                specs.append(config_from_dict(AgentSpec, dict(spec)))
            except ConfigError as exc:
                raise ConfigError(f"opponents[{i}]: {exc}") from exc
        else:
            raise ConfigError(f"opponents[{i}]: an agent spec mapping, got {spec!r}")
    return specs


def make_env(
    game: str,
    learner: str,
    opponents: Sequence[OpponentSpec] = DEFAULT_OPPONENTS,
    weights: Sequence[float] | None = None,
    illegal_action: str = "raise",
    **params: Any,
) -> SingleAgentEnv:
    """The single-agent env of `game` for `learner`, the other seats drawn from `opponents`."""
    if "ppo" in {str(o.get("kind")) if isinstance(o, Mapping) else "" for o in opponents} or any(
        isinstance(o, AgentSpec) and o.kind == "ppo" for o in opponents
    ):
        import experiments.ppo_kind  # noqa: F401  (registers the "ppo" agent kind)
    specs = _specs(opponents)
    if weights is not None and len(weights) != len(specs):
        raise ConfigError(f"weights: {len(weights)} weights for {len(specs)} opponents")
    seat_name = learner_seat_name(game, learner, **params)
    env = SingleAgentEnv(game, seat_name, illegal_action=illegal_action, **params)
    g = env.aec.game
    for agent_name in env.others:
        seat = env.aec.seat_of[agent_name]
        builders = [partial(make_agent, spec, g, seat) for spec in specs]
        for build in builders:
            build()  # builds each once now, so a bad spec fails here and not mid-training
        try:
            env.others[agent_name] = SeatAgents(builders, weights)
        except ValueError as exc:
            raise ConfigError(f"opponents: {exc}") from exc
    return env


def env_fns(
    n: int,
    game: str,
    learner: str,
    opponents: Sequence[OpponentSpec] = DEFAULT_OPPONENTS,
    weights: Sequence[float] | None = None,
    **params: Any,
) -> list[Callable[[], SingleAgentEnv]]:
    """`n` constructors of the same env, for SB3's vectorised envs (picklable)."""
    if n < 1:
        raise ConfigError(f"n: at least 1 env, got {n}")
    make_env(game, learner, opponents, weights, **params)  # validate once, in this process
    return [partial(make_env, game, learner, list(opponents), weights, **params) for _ in range(n)]
