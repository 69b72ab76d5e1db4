"""What agents say of their last decision (`explain()`, kept in recordings): a policy's
probabilities over exactly the legal actions with its critic's value, a search's visits."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch

from agents.base import AgentContext, RandomAgent, explanation
from agents.rl.agent import PPOAgent
from agents.rl.network import ActorCritic
from agents.search.ismcts import ISMCTSAgent
from nemesis_env import load_game


def context(seat_state: tuple[Any, Any], seat: int = 0) -> AgentContext:
    game, state = seat_state
    obs = np.zeros(game.observation_size(), dtype=np.float32)
    view = game.view_for(state, seat)
    game.encode(view, obs)
    mask = np.zeros(game.info.num_actions, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return AgentContext(seat, obs, mask, view, game)


def first_decision() -> tuple[Any, Any]:
    game = load_game("not_alone", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.current_player() < 0 or len(state.legal_actions()) < 2:
        if state.current_player() < 0:
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state


def test_ppo_explains_its_probabilities_and_value() -> None:
    game, state = first_decision()
    ctx = context((game, state), state.current_player())
    torch.manual_seed(0)
    net = ActorCritic(len(ctx.observation), len(ctx.action_mask), (8,))
    agent = PPOAgent({ctx.role_now(): net})
    assert agent.explain() == {}
    agent.act(ctx, np.random.default_rng(0))
    note = agent.explain()
    assert sorted(int(a) for a in note["probs"]) == ctx.legal_actions()
    assert math.isclose(sum(note["probs"].values()), 1.0, abs_tol=1e-3)
    x = torch.from_numpy(ctx.observation).unsqueeze(0)
    assert math.isclose(note["value"], float(net.value(x)[0].detach()), rel_tol=1e-6)


def test_ismcts_explains_its_root_visits() -> None:
    game, state = first_decision()
    ctx = context((game, state), state.current_player())
    agent = ISMCTSAgent(iterations=20)
    agent.act(ctx, np.random.default_rng(0))
    note = explanation(agent)
    assert note is not None and note["iterations"] == 20
    assert sum(note["visits"].values()) == 20
    assert {int(a) for a in note["visits"]} <= set(ctx.legal_actions())


def test_an_agent_without_explain_says_nothing() -> None:
    assert explanation(RandomAgent()) is None
