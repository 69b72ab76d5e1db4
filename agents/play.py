"""Plays one game between agents on the kernel; only the acting seat gets an observation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from agents.base import Agent, AgentContext
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE


@dataclass(frozen=True, slots=True)
class GameResult:
    returns: tuple[float, ...]
    length: int  # player decisions
    history: tuple[int, ...]


def play_game(
    game: Any,
    agents: Sequence[Agent],
    chance_rng: np.random.Generator,
    agent_rngs: Sequence[np.random.Generator],
) -> GameResult:
    """Plays one game; agents[seat] acts for each seat. Chance uses its own stream."""
    g = game
    state = g.new_initial_state(log_events=False)
    obs = np.zeros(g.observation_size(), dtype=np.float32)
    n_actions = g.info.num_actions
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), chance_rng))
            continue
        agent = agents[seat]
        view = g.view_for(state, seat)
        g.encode(view, obs)
        mask = np.zeros(n_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        ctx = AgentContext(
            seat=seat,
            observation=obs,
            action_mask=mask,
            view=view,
            game=g,
            state=state.clone() if agent.omniscient else None,
        )
        state.apply_action(agent.act(ctx, agent_rngs[seat]))
        decisions += 1
    return GameResult(tuple(state.returns()), decisions, tuple(state.history))
