"""The "ppo" agent kind for tournaments: a trained checkpoint, checked against the rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from agents.base import Agent
from agents.rl.agent import PPOAgent
from experiments.agent_factory import register_agent_kind
from experiments.config import AgentSpec, ConfigError

_CACHE: dict[tuple[str, str], PPOAgent] = {}


def build_ppo(spec: AgentSpec, game: Any, seat: int) -> Agent:
    """params: greedy (bool, default false: sample from the policy)."""
    if spec.checkpoint is None:
        raise ConfigError(f"agent {spec.name!r}: kind 'ppo' needs a checkpoint path")
    if unknown := set(spec.params) - {"greedy"}:
        raise ConfigError(
            f"agent {spec.name!r}: unknown ppo params {sorted(unknown)}; allowed: greedy"
        )
    path = Path(spec.checkpoint)
    key = (str(path.resolve()), spec.name)
    if key not in _CACHE:  # from_checkpoint checks the file against the game, naming it
        _CACHE[key] = PPOAgent.from_checkpoint(path, game, name=spec.name)
    agent = _CACHE[key]
    return PPOAgent(agent.nets, name=spec.name, greedy=bool(spec.params.get("greedy", False)))


register_agent_kind("ppo", build_ppo, replace=True)
