"""Agent kits: found through the registry, with clear errors where a game has none."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from agents.games.not_alone import KIT
from agents.kit import AgentKit, KitError, kit_for
from experiments.agent_factory import make_agent
from experiments.config import AgentSpec, ConfigError
from nemesis_env import load_game
from nemesis_env.core.errors import ParamError
from nemesis_env.envs.registry import GameEntry, game_entry, register_game, unregister_game


def test_not_alone_kit_is_found_through_the_registry() -> None:
    assert game_entry("not_alone").agent_kit == "agents.games.not_alone:KIT"
    assert kit_for("not_alone") is KIT
    game = load_game("not_alone", players=3)
    assert kit_for(game) is KIT
    assert [type(KIT.heuristic(game, s)).__name__ for s in range(3)] == [
        "HeuristicCreature",
        "HeuristicHunted",
        "HeuristicHunted",
    ]
    assert KIT.advisor() is KIT.heuristic
    assert KIT.dataset("not_alone_creature_ismcts").is_file()
    assert str(KIT.dataset("some/file.json.gz")) == "some/file.json.gz"
    assert KIT.kit_choice("rollout_policy", "not_alone", ("uniform", "kit")) == "kit"
    with pytest.raises(ValueError, match=r"one of \['uniform', 'kit', 'not_alone'\] for"):
        KIT.kit_choice("rollout_policy", "greedy", ("uniform", "kit"))


@pytest.fixture(scope="module")
def odd_games() -> Iterator[None]:
    base = game_entry("not_alone")
    kits = {"kitless": None, "broken_kit": "agents.games.nowhere:KIT",
            "wrong_kit": "agents.games.not_alone:heuristic_agent"}  # fmt: skip
    for name, kit in kits.items():
        register_game(GameEntry(name=name, game=base.game, env_id=f"nemesis_env/{name}-v0",
                                scenario=None, agent_kit=kit, player_counts=(2,)))  # fmt: skip
    yield
    for name in kits:
        unregister_game(name)


def test_kit_lookup_errors(odd_games: None) -> None:
    with pytest.raises(KitError, match="'kitless' has no agent kit"):
        kit_for("kitless")
    with pytest.raises(KitError, match=r"cannot load its agent kit 'agents.games.nowhere:KIT'"):
        kit_for("broken_kit")
    with pytest.raises(KitError, match="is a function, not an AgentKit"):
        kit_for("wrong_kit")
    with pytest.raises(ParamError, match="unknown game 'nogame'"):
        kit_for("nogame")


class KitlessGame:
    """A game whose registry entry names no agent kit (its GameInfo calls it `kitless`)."""

    def __init__(self) -> None:
        self.info = dataclasses.replace(load_game("not_alone", players=3).info, name="kitless")


def test_agent_factory_names_what_a_kitless_game_lacks(odd_games: None) -> None:
    game = KitlessGame()
    assert make_agent(AgentSpec(name="r", kind="random"), game, 0).name == "r"
    with pytest.raises(ConfigError, match=r"agent 'h' \(kind 'heuristic'\): .*no agent kit"):
        make_agent(AgentSpec(name="h", kind="heuristic"), game, 0)
    uniform = AgentSpec(name="s", kind="ismcts", params={"rollout_policy": "uniform"})
    assert make_agent(uniform, game, 0).name == "s"  # needs no kit
    bogus = AgentSpec(name="s", kind="mcts", params={"rollout_policy": "bogus"})
    with pytest.raises(ConfigError, match=r"rollout_policy must be one of \['uniform', 'kit'"):
        make_agent(bogus, game, 0)


def test_kit_pieces_a_game_lacks_are_named() -> None:
    bare = AgentKit(game="bare", heuristic=KIT.heuristic)
    with pytest.raises(ValueError, match="game 'bare' has no leaf value in its agent kit"):
        bare.piece("leaf_value", "leaf_value")
    with pytest.raises(ValueError, match=r"leaf_value must be one of \['kit'\] for game 'bare'"):
        bare.kit_choice("leaf_value", "not_alone", ("kit",))


def test_not_alone_config_names_resolve_through_the_kit() -> None:
    game = load_game("not_alone", players=4)
    for old, new in (("not_alone", "kit"),):
        a = make_agent(AgentSpec(name="a", kind="ismcts", params={"rollout_policy": old}), game, 0)
        b = make_agent(AgentSpec(name="b", kind="ismcts", params={"rollout_policy": new}), game, 0)
        assert getattr(a, "rollout_policy", None) is getattr(b, "rollout_policy", None)
        assert getattr(a, "rollout_policy", None) is KIT.rollout_policy
    with pytest.raises(ConfigError, match=r"leaf_value must be one of \['kit', 'not_alone'\]"):
        make_agent(AgentSpec(name="a", kind="ismcts", params={"leaf_value": "oracle"}), game, 0)
