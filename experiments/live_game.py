"""Live games in the viewer: a person plays one seat, agents from `configs/` play the others.

`catalog(configs_dir, game)` lists every agent that a config in the directory names for that
game (tournament `agents:`, a run's `tournament.agents`, an expert config's `expert` and
`others`), plus the random and heuristic agents; a run's "@train" checkpoint stands for that
run's `train/final.pt` and is listed only when that file exists. `LiveGame` steps the game:
chance and the agents move until it is the person's decision or the game is over.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from agents.base import Agent, explanation
from agents.play import decision_context
from experiments.agent_factory import make_agent
from experiments.config import AgentSpec, ConfigError
from experiments.typed_yaml import config_from_dict, read_yaml
from nemesis_env.core.chance import sample_outcome, spawn_streams
from nemesis_env.core.game import CHANCE, Game
from nemesis_env.envs.registry import load_game
from nemesis_env.viewer.frames import Timeline

TRAINED = "@train"
BUILT_IN = (AgentSpec(name="random", kind="random"), AgentSpec(name="heuristic", kind="heuristic"))


@dataclass(frozen=True)
class Choice:
    """An agent a person may play against: where it comes from and how to build it."""

    label: str
    spec: AgentSpec

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "kind": self.spec.kind, "params": self.spec.params}


def _specs_in(doc: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(game, agent spec mapping) pairs that one config names."""
    found: list[tuple[Any, Any]] = []
    for section in (doc, doc.get("tournament")):
        if isinstance(section, dict) and isinstance(section.get("agents"), list):
            found += [(section.get("game"), a) for a in section["agents"]]
    for key in ("expert", "others"):
        if isinstance(doc.get(key), dict):
            found.append((doc.get("game"), doc[key]))
    out = []
    for game, spec in found:
        if isinstance(spec, dict) and spec.get("checkpoint") == TRAINED:
            train_dir = Path(str(doc.get("out_dir", ""))) / "train" / "final.pt"
            spec = {**spec, "checkpoint": str(train_dir)}
        out.append((game, spec))
    return out


def catalog(configs_dir: Path, game: str) -> list[Choice]:
    """The agents `configs_dir` offers for `game`, built-in ones first, duplicates dropped."""
    choices = [Choice(f"{s.name} (built in)", s) for s in BUILT_IN]
    seen = {json.dumps([s.kind, s.params, s.checkpoint], sort_keys=True) for s in BUILT_IN}
    for path in sorted(configs_dir.glob("*.yaml")):
        try:
            doc = read_yaml(path)
        except ConfigError:
            continue  # a broken config offers nothing; the tournament reports it
        for config_game, raw in _specs_in(doc):
            if config_game != game or not isinstance(raw, dict):
                continue
            try:
                spec = config_from_dict(AgentSpec, raw)
            except ConfigError:
                continue
            if spec.checkpoint is not None and not Path(spec.checkpoint).is_file():
                continue  # a checkpoint not trained here yet
            key = json.dumps([spec.kind, spec.params, spec.checkpoint], sort_keys=True)
            if key not in seen:
                seen.add(key)
                choices.append(Choice(f"{spec.name} ({path.name})", spec))
    return choices


class LiveGame:
    """A game in progress: `human` is the person's seat; `spec` builds every other seat."""

    def __init__(self, game: Game[Any, Any], human: int, spec: AgentSpec, seed: int) -> None:
        if spec.kind == "ppo":
            import experiments.ppo_kind  # noqa: F401  (registers the "ppo" agent kind)
        self.game, self.human, self.spec = game, human, spec
        self.state = game.new_initial_state()
        self.timeline = Timeline(game, self.state.clone())
        players = game.info.num_players
        self.chance_rng, *self.rngs = spawn_streams(seed, players + 1)
        self.agents: dict[tuple[int, str], Agent] = {}
        self.obs = np.zeros(game.observation_size(), dtype=np.float32)
        for seat in range(players):  # built now, so a bad spec fails before the first move
            if seat != human:
                self._agent(seat)
        names = game.info.seat_names
        self.timeline.agents = {
            names[s]: "you" if s == human else spec.name for s in range(players)
        }
        self.advance()

    def _agent(self, seat: int) -> Agent:
        role = self.game.role_of(self.state, seat)
        if (seat, role) not in self.agents:
            self.agents[seat, role] = make_agent(self.spec, self.game, seat)
        return self.agents[seat, role]

    def _apply(self, action: int, note: dict[str, Any] | None = None) -> None:
        self.state.apply_action(action)
        self.timeline.append(action, note)

    def advance(self) -> None:
        """Chance and the agents move until the person decides or the game is over."""
        game, state = self.game, self.state
        while not state.is_terminal() and state.current_player() != self.human:
            seat = state.current_player()
            if seat == CHANCE:
                self._apply(sample_outcome(state.chance_outcomes(), self.chance_rng))
                continue
            agent = self._agent(seat)
            ctx = decision_context(game, state, seat, agent, game.role_of(state, seat), self.obs)
            action = int(agent.act(ctx, self.rngs[seat]))
            self._apply(action, explanation(agent))

    def move(self, action: int) -> None:
        """The person's move; ValueError (naming the legal ones) unless it is legal now."""
        state = self.state
        if state.is_terminal() or state.current_player() != self.human:
            raise ValueError("it is not your decision now")
        legal = state.legal_actions()
        if action not in legal:
            raise ValueError(f"action {action} is not legal here; legal: {legal}")
        self._apply(action)
        self.advance()


class ConfigAgents:
    """The viewer's LiveProvider (nemesis_env/viewer/server.py): agents from `configs_dir`."""

    def __init__(self, configs_dir: Path) -> None:
        self.configs_dir = configs_dir

    def agents(self, game: str) -> list[dict[str, Any]]:
        return [c.as_dict() for c in catalog(self.configs_dir, game)]

    def start(
        self, game: str, params: dict[str, Any], seat: str, agent: int, seed: int
    ) -> LiveGame:
        g = load_game(game, **params)
        names = list(g.info.seat_names)
        if seat not in names:
            raise ValueError(f"seat {seat!r}: one of {names}")
        choices = catalog(self.configs_dir, game)
        if not 0 <= agent < len(choices):
            raise ValueError(f"agent {agent}: one of 0..{len(choices) - 1} (GET /api/agents)")
        if seed < 0:
            raise ValueError(f"seed must be non-negative, got {seed}")
        try:
            return LiveGame(g, names.index(seat), choices[agent].spec, seed)
        except ConfigError as exc:
            raise ValueError(str(exc)) from exc
