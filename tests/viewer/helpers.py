"""Recordings with agents' notes, and a viewer server on a free localhost port, for the viewer
tests."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import torch

from agents.base import Agent, RandomAgent
from agents.play import play_with_notes
from agents.rl.agent import PPOAgent
from agents.rl.network import ActorCritic
from agents.search.ismcts import ISMCTSAgent
from experiments.live_game import ConfigAgents
from nemesis_env import load_game
from nemesis_env.core.chance import spawn_streams
from nemesis_env.tools import recording
from nemesis_env.viewer.server import Viewer, load_recordings, make_server

ROOT = Path(__file__).resolve().parents[2]


def untrained_ppo(game: Any) -> PPOAgent:
    """A real PPO agent with a fresh network per role: its probabilities are the policy's."""
    torch.manual_seed(0)
    nets = {
        role: ActorCritic(game.observation_size(), game.info.num_actions, (16,))
        for role in game.info.roles
    }
    return PPOAgent(nets, name="ppo")


def record_game(name: str, seed: int, agents: list[Agent], **params: Any) -> dict[str, Any]:
    """Plays one seeded game and returns its recording with every agent's notes."""
    game = load_game(name, **params)
    chance, *rngs = spawn_streams(seed, len(agents) + 1)
    result, notes = play_with_notes(game, agents, chance, rngs)
    names = {n: a.name for n, a in zip(game.info.seat_names, agents, strict=True)}
    return recording.build(game, result.history, agents=names, notes=notes)


def write_recordings(folder: Path) -> dict[str, Path]:
    """A Not Alone game (PPO Creature, ISMCTS Hunted 0) and a Nemesis game (ISMCTS player 0)."""
    na = load_game("not_alone", players=3)
    docs = {
        "not_alone": record_game(
            "not_alone", 1,
            [untrained_ppo(na), ISMCTSAgent(name="ismcts", iterations=12), RandomAgent()],
            players=3,
        ),
        "nemesis": record_game(
            "nemesis", 2, [ISMCTSAgent(name="ismcts", iterations=4), RandomAgent()], players=2
        ),
    }  # fmt: skip
    paths = {}
    for key, doc in docs.items():
        paths[key] = folder / f"{key}.json"
        paths[key].write_text(json.dumps(doc), encoding="utf-8")
    return paths


@contextmanager
def running_viewer(paths: list[Path], live: bool = True) -> Iterator[str]:
    """The viewer on 127.0.0.1 and a free port; yields its base URL."""
    viewer = Viewer(load_recordings(paths), ConfigAgents(ROOT / "configs") if live else None)
    server = make_server(viewer, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def first_step_of(doc: dict[str, Any], seat: int, with_note: bool, after: int = 0) -> int:
    """The first step from `after` on where `seat` decides (and, if asked, its agent left a
    note)."""
    record = doc["record"]
    for step, mover in enumerate(record["movers"]):
        if step >= after and mover == seat and (not with_note or str(step) in record["notes"]):
            return step
    raise AssertionError(f"seat {seat} never decides")
