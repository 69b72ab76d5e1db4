"""Builds agents from AgentSpec entries: a registry of kind -> builder(spec, game, seat).

Built-in kinds (agent modules are imported only when their kind is built); whatever is
game-specific comes from the game's agent kit (agents/kit.py, found through the registry):
- random:    agents.base.RandomAgent (no params)
- heuristic: the kit's heuristic agent for the seat (no params)
- mcts:      agents.search.mcts.MCTSAgent(name=spec.name, **params) (omniscient)
- ismcts:    agents.search.ismcts.ISMCTSAgent(name=spec.name, **params); `prior: heuristic`
             guides the root with the seat's heuristic agent, `belief: heuristic` samples
             worlds by the kit's belief, `leaf_value: kit` ends rollouts with the kit's value
Both search kinds take `rollout_policy`: uniform (default), kit (the kit's rollout policy) or
heuristic (every seat's heuristic agent). A kit may accept its own older names for "kit"; an
error lists what the config's game allows.

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

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any

from agents.base import Agent, RandomAgent
from agents.kit import KIT, AgentKit, KitError, kit_for
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


def _kit(spec: AgentSpec, game: Any) -> AgentKit:
    """The agent kit of `game`, or ConfigError saying which agent needs it."""
    try:
        return kit_for(game)
    except KitError as err:
        raise ConfigError(f"agent {spec.name!r} (kind {spec.kind!r}): {err}") from None


def _kit_choice(spec: AgentSpec, game: Any, setting: str, generic: tuple[str, ...]) -> str:
    """The generic name that `spec.params[setting]` means for this game (ConfigError listing
    the allowed values otherwise)."""
    value = spec.params[setting]
    if not isinstance(value, str):
        raise ConfigError(
            f"agent {spec.name!r}: {setting} must be one of {list(generic)}, got {value!r}"
        )
    if value in generic and value != KIT:
        return value  # needs no kit
    try:
        kit = kit_for(game)
    except KitError as err:
        if value == KIT:
            raise ConfigError(f"agent {spec.name!r} (kind {spec.kind!r}): {err}") from None
        raise ConfigError(
            f"agent {spec.name!r}: {setting} must be one of {list(generic)}, got {value!r}"
        ) from None
    try:
        return kit.kit_choice(setting, value, generic)
    except ValueError as err:
        raise ConfigError(f"agent {spec.name!r}: {err}") from None


def _kit_piece(spec: AgentSpec, game: Any, setting: str, piece: str) -> Any:
    try:
        return _kit(spec, game).piece(setting, piece)
    except ValueError as err:
        raise ConfigError(f"agent {spec.name!r}: {err}") from None


def _heuristic(spec: AgentSpec, game: Any, seat: int) -> Agent:
    _no_checkpoint(spec)
    if spec.params:
        raise ConfigError(
            f"agent {spec.name!r}: kind 'heuristic' takes no params, got {sorted(spec.params)}"
        )
    return _kit(spec, game).heuristic(game, seat)


ROLLOUT_POLICIES = ("uniform", KIT, "heuristic")


def _search_params(spec: AgentSpec, game: Any) -> dict[str, Any]:
    """Search params from YAML; `rollout_policy` names one of ROLLOUT_POLICIES.

    "kit" is the rollout policy of the game's agent kit; "heuristic" plays rollouts with every
    seat's heuristic agent (AgentRolloutPolicy: fair, several times slower per step than a
    kit's policy); pair it with `leaf_value`, which keeps rollouts short.
    """
    params = _with_name(spec)
    name = "uniform"
    if "rollout_policy" in params:
        name = _kit_choice(spec, game, "rollout_policy", ROLLOUT_POLICIES)
    policy: Any = None
    if name == KIT:
        policy = _kit_piece(spec, game, "rollout_policy", "rollout_policy")
    elif name == "heuristic":
        kit = _kit(spec, game)
        agents = [kit.heuristic(game, seat) for seat in range(game.info.num_players)]
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
LEAF_VALUES = (KIT,)


def _leaf_value(spec: AgentSpec, game: Any, params: dict[str, Any]) -> Any:
    """The LeafValue that `leaf_value` (and `leaf_turns`, popped from params) name, or None."""
    name, turns = params.get("leaf_value"), params.pop("leaf_turns", None)
    if name is None:
        if turns is not None:
            raise ConfigError(f"agent {spec.name!r}: leaf_turns needs a leaf_value")
        return None
    _kit_choice(spec, game, "leaf_value", LEAF_VALUES)
    load_value = _kit_piece(spec, game, "leaf_value", "leaf_value")
    try:
        return load_value(game, 1 if turns is None else turns)
    except ValueError as err:
        raise ConfigError(f"agent {spec.name!r}: {err}") from None


def _ismcts(spec: AgentSpec, game: Any, seat: int) -> Agent:
    """params as ISMCTSAgent's; `prior: heuristic` puts the seat's heuristic agent at the root,
    `belief: heuristic` samples worlds by the kit's belief (for Not Alone the heuristic model),
    and `leaf_value: kit` ends rollouts `leaf_turns` (default 1) turns on with the kit's fitted
    value."""
    _no_checkpoint(spec)
    cls = _import_agent(spec, "agents.search.ismcts", "ISMCTSAgent")
    params = _search_params(spec, game)
    prior = params.get("prior")
    if prior is not None:
        if prior not in PRIORS:
            raise ConfigError(
                f"agent {spec.name!r}: prior must be one of {list(PRIORS)} or null, got {prior!r}"
            )
        params["prior"] = _kit(spec, game).heuristic(game, seat)
    belief = params.get("belief")
    if belief is not None:
        if belief not in BELIEFS:
            raise ConfigError(
                f"agent {spec.name!r}: belief must be one of {list(BELIEFS)} or null, "
                f"got {belief!r}"
            )
        params["belief"] = _kit_piece(spec, game, "belief", "belief")
    params["leaf_value"] = _leaf_value(spec, game, params)
    agent: Agent = cls(**params)
    return agent


register_agent_kind("random", _random)
register_agent_kind("heuristic", _heuristic)
register_agent_kind("mcts", _mcts)
register_agent_kind("ismcts", _ismcts)


def single_threaded_torch() -> None:
    """One intra-op thread for torch, when it is loaded. A forked worker must not enter an
    OpenMP region that its parent started: the pool's threads do not survive the fork and the
    child waits for them for ever (a standalone tournament of PPO agents hung so). The agents'
    networks are small: one thread is also the fastest (experiments/train.py)."""
    torch = sys.modules.get("torch")
    if torch is not None:
        torch.set_num_threads(1)
