"""Builds agents from AgentSpec entries: a registry of kind -> builder(spec, game, seat).

Built-in kinds (agent modules are imported only when their kind is built):
- random:    agents.base.RandomAgent (no params)
- heuristic: agents.heuristics.heuristic_agent(seat, **params)
- mcts:      agents.search.mcts.MCTSAgent(name=spec.name, **params) (omniscient)
- ismcts:    agents.search.ismcts.ISMCTSAgent(name=spec.name, **params); `prior: heuristic`
             guides the root with the seat's heuristic agent
Both search kinds take `rollout_policy`: uniform (default), not_alone or heuristic.

Search agents given `time_budget_s` depend on machine speed; the tournament flags them as not
reproducible (use `iterations`).

More kinds: `register_agent_kind("ppo", build_ppo)` where `build_ppo(spec, game, seat)` returns
an Agent (it should call experiments.rundir.check_rules_version on the checkpoint). A kind
written `package.module:function` names such a builder directly, so it also works in worker
processes that did not run the registration.

The tournament builds fresh agents for every game, so an agent may keep per-game memory;
a builder that loads something expensive (a checkpoint) should cache it itself.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from agents.base import Agent, RandomAgent
from experiments.config import AgentSpec, ConfigError

AgentBuilder = Callable[[AgentSpec, Any, int], Agent]

_REGISTRY: dict[str, AgentBuilder] = {}


def register_agent_kind(kind: str, builder: AgentBuilder, *, replace: bool = False) -> None:
    """Adds `kind`; re-registering an existing kind needs `replace=True`."""
    if not kind or ":" in kind:
        raise ValueError(f"agent kind {kind!r}: must be non-empty and contain no ':'")
    if kind in _REGISTRY and not replace and _REGISTRY[kind] is not builder:
        raise ValueError(f"agent kind {kind!r} is already registered (pass replace=True)")
    _REGISTRY[kind] = builder


def unregister_agent_kind(kind: str) -> None:
    _REGISTRY.pop(kind, None)


def agent_kinds() -> list[str]:
    return sorted(_REGISTRY)


def _import_builder(kind: str) -> AgentBuilder:
    module_name, _, attr = kind.partition(":")
    try:
        builder = getattr(import_module(module_name), attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"agent kind {kind!r}: cannot import builder ({exc})") from None
    if not callable(builder):
        raise ConfigError(f"agent kind {kind!r}: {attr} is not callable")
    return builder  # type: ignore[no-any-return]


def resolve_kind(kind: str) -> AgentBuilder:
    """The builder for `kind`, or ConfigError listing the known kinds."""
    if kind in _REGISTRY:
        return _REGISTRY[kind]
    if ":" in kind:
        return _import_builder(kind)
    raise ConfigError(
        f"unknown agent kind {kind!r}; known kinds: {agent_kinds()} (or `package.module:builder`)"
    )


def make_agent(spec: AgentSpec, game: Any, seat: int) -> Agent:
    """A fresh agent for `seat` of `game`, built as `spec` says."""
    builder = resolve_kind(spec.kind)
    try:
        return builder(spec, game, seat)
    except ConfigError:
        raise
    except (TypeError, ValueError) as exc:
        raise ConfigError(
            f"agent {spec.name!r} (kind {spec.kind!r}) with params {spec.params}: {exc}"
        ) from exc


# ------------------------------------------------------------------------------ built-ins
def _no_checkpoint(spec: AgentSpec) -> None:
    if spec.checkpoint is not None:
        raise ConfigError(f"agent {spec.name!r}: kind {spec.kind!r} takes no checkpoint")


def _import_agent(spec: AgentSpec, module: str, attr: str) -> Any:
    """`module.attr`, or ConfigError saying which agent needs it."""
    try:
        return getattr(import_module(module), attr)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(
            f"agent {spec.name!r}: kind {spec.kind!r} needs {module}.{attr}, "
            f"which cannot be loaded ({exc})"
        ) from None


def _with_name(spec: AgentSpec) -> dict[str, Any]:
    return {"name": spec.name, **spec.params}


def _random(spec: AgentSpec, game: Any, seat: int) -> Agent:
    _no_checkpoint(spec)
    if spec.params:
        raise ConfigError(
            f"agent {spec.name!r}: kind 'random' takes no params, got {sorted(spec.params)}"
        )
    return RandomAgent(name=spec.name)


def _heuristic(spec: AgentSpec, game: Any, seat: int) -> Agent:
    _no_checkpoint(spec)
    agent: Agent = _import_agent(spec, "agents.heuristics", "heuristic_agent")(seat, **spec.params)
    return agent


ROLLOUT_POLICIES = ("uniform", "not_alone", "heuristic")


def _search_params(spec: AgentSpec, game: Any) -> dict[str, Any]:
    """Search params from YAML; `rollout_policy` names one of ROLLOUT_POLICIES.

    "heuristic" plays rollouts with every seat's heuristic agent (AgentRolloutPolicy: fair,
    ~7x slower per step than "not_alone"); pair it with `leaf_value`, which keeps rollouts short.
    """
    params = _with_name(spec)
    name = params.get("rollout_policy", "uniform")
    if name not in ROLLOUT_POLICIES:
        raise ConfigError(
            f"agent {spec.name!r}: rollout_policy must be one of {list(ROLLOUT_POLICIES)}, "
            f"got {name!r}"
        )
    policy: Any = None
    if name == "not_alone":
        policy = _import_agent(spec, "agents.search.common", "not_alone_rollout_policy")
    elif name == "heuristic":
        make = _import_agent(spec, "agents.heuristics", "heuristic_agent")
        agents = [make(seat) for seat in range(game.info.num_players)]
        policy = _import_agent(spec, "agents.search.common", "AgentRolloutPolicy")(game, agents)
    params["rollout_policy"] = policy
    return params


def _mcts(spec: AgentSpec, game: Any, seat: int) -> Agent:
    _no_checkpoint(spec)
    cls = _import_agent(spec, "agents.search.mcts", "MCTSAgent")
    agent: Agent = cls(**_search_params(spec, game))
    return agent


PRIORS = ("heuristic",)
BELIEFS = ("heuristic",)
LEAF_VALUES = ("not_alone",)


def _leaf_value(spec: AgentSpec, game: Any, params: dict[str, Any]) -> Any:
    """The LeafValue that `leaf_value` (and `leaf_turns`, popped from params) name, or None."""
    name, turns = params.get("leaf_value"), params.pop("leaf_turns", None)
    if name is None:
        if turns is not None:
            raise ConfigError(f"agent {spec.name!r}: leaf_turns needs a leaf_value")
        return None
    if name not in LEAF_VALUES:
        raise ConfigError(
            f"agent {spec.name!r}: leaf_value must be one of {list(LEAF_VALUES)} or null, "
            f"got {name!r}"
        )
    load_value = _import_agent(spec, "agents.search.not_alone_value", "load_value")
    try:
        return load_value(game, 1 if turns is None else turns)
    except ValueError as err:
        raise ConfigError(f"agent {spec.name!r}: {err}") from None


def _ismcts(spec: AgentSpec, game: Any, seat: int) -> Agent:
    """params as ISMCTSAgent's; `prior: heuristic` puts the seat's heuristic agent at the root,
    `belief: heuristic` samples worlds by the heuristic model (not_alone_beliefs), and
    `leaf_value: not_alone` ends rollouts `leaf_turns` (default 1) turns on with the fitted
    value (agents.search.not_alone_value)."""
    _no_checkpoint(spec)
    cls = _import_agent(spec, "agents.search.ismcts", "ISMCTSAgent")
    params = _search_params(spec, game)
    prior = params.get("prior")
    if prior is not None:
        if prior not in PRIORS:
            raise ConfigError(
                f"agent {spec.name!r}: prior must be one of {list(PRIORS)} or null, got {prior!r}"
            )
        params["prior"] = _import_agent(spec, "agents.heuristics", "heuristic_agent")(seat)
    belief = params.get("belief")
    if belief is not None:
        if belief not in BELIEFS:
            raise ConfigError(
                f"agent {spec.name!r}: belief must be one of {list(BELIEFS)} or null, "
                f"got {belief!r}"
            )
        params["belief"] = _import_agent(
            spec, "agents.heuristics.not_alone_beliefs", "heuristic_belief"
        )
    params["leaf_value"] = _leaf_value(spec, game, params)
    agent: Agent = cls(**params)
    return agent


register_agent_kind("random", _random)
register_agent_kind("heuristic", _heuristic)
register_agent_kind("mcts", _mcts)
register_agent_kind("ismcts", _ismcts)
