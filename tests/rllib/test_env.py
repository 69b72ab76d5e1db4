"""The RLlib env (experiments/rllib_env.py: our AEC env in RLlib's PettingZoo wrapper) for
every registered game without late roles: only the seat to move observes, with its own encoding
and legal mask under the keys RLlib's masking module reads; the end gives every seat its true
return; the same seed gives the same game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from experiments.rllib_backend import League
from experiments.rllib_env import aec_of, rllib_env
from tests.games import default_cases, game

CASES = [c for c in default_cases() if not game(*c.values).info.late_roles]


def play(env: Any, seed: int) -> tuple[list[bytes], dict[str, float]]:
    """A whole game, each mover taking its first legal action; observations as bytes."""
    obs, _ = env.reset(seed=seed)
    seen: list[bytes] = []
    rng = np.random.default_rng(seed)
    aec = aec_of(env)
    while True:
        assert len(obs) == 1
        ((agent, o),) = obs.items()
        seat = aec.possible_agents.index(agent)
        assert aec.state_.current_player() == seat  # the mover observes, nobody else
        g = aec.game
        expected = np.zeros(g.observation_size(), dtype=np.float32)
        g.encode(g.view_for(aec.state_, seat), expected)
        assert np.array_equal(o["observations"], expected)
        assert o["action_mask"].dtype == np.float32
        assert np.flatnonzero(o["action_mask"]).tolist() == aec.state_.legal_actions()
        seen.append(o["observations"].tobytes() + o["action_mask"].tobytes())
        action = int(rng.choice(np.flatnonzero(o["action_mask"])))
        obs, rewards, terminated, truncated, _ = env.step({agent: action})
        if terminated["__all__"] or truncated["__all__"]:
            return seen, rewards
        assert rewards == {next(iter(obs)): 0.0}  # the mover's reward since its last move


@pytest.mark.parametrize(("name", "params"), CASES)
def test_a_whole_game_through_the_env(name: str, params: dict[str, Any]) -> None:
    env = rllib_env({"game": name, "params": params})
    seen, rewards = play(env, 4)
    aec = aec_of(env)
    assert aec.state_.is_terminal()
    returns = aec.state_.returns()
    assert rewards == dict(zip(aec.possible_agents, map(float, returns), strict=True))
    again, _ = play(rllib_env({"game": name, "params": params}), 4)
    assert again == seen  # the seed fixes chance


def test_an_illegal_action_raises() -> None:
    env = rllib_env({"game": "not_alone", "params": {"players": 2}})
    obs, _ = env.reset(seed=0)
    ((agent, o),) = obs.items()
    with pytest.raises(ValueError, match="not legal"):
        env.step({agent: int(np.flatnonzero(o["action_mask"] == 0)[0])})


def test_late_roles_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="late roles"):
        rllib_env({"game": "nemesis", "params": {"players": 3, "intruder_player": True}})


def test_the_league_maps_seats_by_role() -> None:
    """A focal role's seats play its learning module; the other role's seats its pool."""
    league = League({"creature": ["creature"], "hunted": ["hunted_0", "hunted_1"]}, shared=False)
    seen = set()
    for k in range(200):
        episode = f"episode-{k}"
        focal = league.focal_role(episode)
        seen.add(focal)
        for seat, role in league.role_of.items():
            module = league.module_for(seat, episode)
            assert module == (role if role == focal else f"{role}_random")
    assert seen == {"creature", "hunted"}
    league.pools["hunted"] = ["hunted_v1", "hunted_v2"]
    used = {league.module_for("hunted_0", f"e{k}") for k in range(400)} - {"hunted"}
    assert used == {"hunted_v1", "hunted_v2"}
    shared = League({"crew": ["player_0", "player_1"]}, shared=True)
    assert {shared.module_for(s, "e") for s in ("player_0", "player_1")} == {"shared"}
