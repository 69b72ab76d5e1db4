"""Configs (strict loading, overrides), run directories, rules-version checks, agent factory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml

from agents.base import RandomAgent
from experiments.agent_factory import (
    agent_kinds,
    make_agent,
    register_agent_kind,
    unregister_agent_kind,
)
from experiments.config import (
    AgentSpec,
    ConfigError,
    RunConfig,
    TournamentConfig,
    TrainConfig,
    apply_overrides,
    config_from_dict,
    load_config,
    load_tournament_config,
    read_yaml,
    resolved_config_dict,
)
from experiments.expert import ExpertConfig
from experiments.rundir import RunDirError, check_rules_version, create_run_dir, rules_stamp
from nemesis_env.core.errors import CheckpointError
from nemesis_env.envs.registry import load_game

ROOT = Path(__file__).resolve().parents[2]
SMOKE = ROOT / "configs" / "tournament_smoke.yaml"


def tournament_doc(**over: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "game": "not_alone",
        "players": 2,
        "agents": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}],
        "games_per_match": 2,
        "seed": 5,
        "out_dir": "runs/x",
    }
    doc.update(over)
    return doc


def error_of(fn: Any, *args: Any) -> str:
    with pytest.raises(ConfigError) as info:
        fn(*args)
    return str(info.value)


# ------------------------------------------------------------------------------ loading
def test_smoke_config_loads() -> None:
    cfg = load_config(TournamentConfig, SMOKE)
    assert cfg.game == "not_alone" and cfg.players == 2 and cfg.workers == 1
    assert [a.kind for a in cfg.agents] == ["random", "heuristic"]
    assert cfg.agents[0] == AgentSpec(name="random", kind="random")


def test_unknown_top_level_key_names_key_and_allowed_keys() -> None:
    msg = error_of(config_from_dict, TournamentConfig, tournament_doc(game_per_match=3))
    assert "game_per_match" in msg and "allowed keys" in msg and "games_per_match" in msg


def test_unknown_nested_key_names_full_path() -> None:
    doc = tournament_doc(
        agents=[
            {"name": "a", "kind": "random"},
            {"name": "b", "kind": "random", "checkpiont": "x.pt"},
        ]
    )
    msg = error_of(config_from_dict, TournamentConfig, doc)
    assert msg.startswith("agents[1].checkpiont:")
    assert "checkpoint" in msg and "params" in msg


@pytest.mark.parametrize(
    ("key", "value", "expect"),
    [
        ("games_per_match", "ten", "games_per_match: expected an integer"),
        ("games_per_match", True, "games_per_match: expected an integer"),
        ("seed", 1.5, "seed: expected an integer"),
        ("game", 3, "game: expected a string"),
        ("game_params", [1], "game_params: expected a mapping"),
        ("agents", {"name": "a"}, "agents: expected a list"),
    ],
)
def test_wrong_types_name_the_key(key: str, value: Any, expect: str) -> None:
    assert expect in error_of(config_from_dict, TournamentConfig, tournament_doc(**{key: value}))


def test_missing_required_key_and_value_checks() -> None:
    doc = tournament_doc()
    del doc["seed"]
    assert "missing required keys ['seed']" in error_of(config_from_dict, TournamentConfig, doc)
    doc = tournament_doc(agents=[{"name": "a"}])
    assert "agents[0]: missing required keys ['kind']" in error_of(
        config_from_dict, TournamentConfig, doc
    )
    doc = tournament_doc(agents=[{"name": "a", "kind": "random"}] * 2)
    assert "unique" in error_of(config_from_dict, TournamentConfig, doc)
    assert "games_per_match: must be at least 1" in error_of(
        config_from_dict, TournamentConfig, tournament_doc(games_per_match=0)
    )


def test_train_config_types_and_nested_paths() -> None:
    ok = config_from_dict(
        TrainConfig,
        {"game": "not_alone", "lr": "3e-4", "gamma": 1, "hidden_sizes": [64, 32],
         "time_budget_s": None},
    )  # fmt: skip
    assert ok.lr == pytest.approx(3e-4) and isinstance(ok.gamma, float)
    assert ok.hidden_sizes == (64, 32) and ok.time_budget_s is None
    assert "lr: expected a number" in error_of(
        config_from_dict, TrainConfig, {"game": "not_alone", "lr": "fast"}
    )
    assert "shared_policy: expected true or false" in error_of(
        config_from_dict, TrainConfig, {"game": "not_alone", "shared_policy": 1}
    )
    run = {
        "train": {"game": "not_alone", "opponent_mix": {"self": 1.0, "snapshot": 0.5}},
        "tournament": tournament_doc(),
    }
    msg = error_of(config_from_dict, RunConfig, run)
    assert msg.startswith("train.opponent_mix: unknown keys ['snapshot']")
    assert "snapshots" in msg
    train = {"game": "not_alone", "hidden_sizes": [64, "x"]}
    run = {"train": train, "tournament": tournament_doc()}
    assert "train.hidden_sizes[1]: expected an integer" in error_of(
        config_from_dict, RunConfig, run
    )
    bad_kind = tournament_doc(agents=[{"name": "a", "kind": 1}])
    run = {"train": {"game": "not_alone"}, "tournament": bad_kind}
    assert "tournament.agents[0].kind: expected a string" in error_of(
        config_from_dict, RunConfig, run
    )


def test_overrides_applied_before_validation() -> None:
    cfg = load_config(
        TournamentConfig,
        SMOKE,
        [
            "games_per_match=3",
            "seed=42",
            "agents.1.kind=mcts",
            "agents.1.params.iterations=50",
            "game_params={board_side: 2}",
            "workers=2",
        ],
    )
    assert cfg.games_per_match == 3 and cfg.seed == 42 and cfg.workers == 2
    assert cfg.agents[1].kind == "mcts" and cfg.agents[1].params == {"iterations": 50}
    assert cfg.game_params == {"board_side": 2}
    cfg = load_config(TournamentConfig, SMOKE, ["agents=[{name: solo, kind: random}]"])
    assert [a.name for a in cfg.agents] == ["solo"]
    # overrides are validated like the file
    assert "games_per_match: expected an integer" in error_of(
        load_config, TournamentConfig, SMOKE, ["games_per_match=many"]
    )
    assert "gamez: unknown key" in error_of(load_config, TournamentConfig, SMOKE, ["gamez=3"])
    assert "no list item '5'" in error_of(load_config, TournamentConfig, SMOKE, ["agents.5.x=1"])
    assert "expected KEY.PATH=VALUE" in error_of(load_config, TournamentConfig, SMOKE, ["seed"])
    # the source mapping is not modified
    src = tournament_doc()
    apply_overrides(src, ["agents.0.name=zzz"])
    assert src["agents"][0]["name"] == "a"


def test_resolved_config_round_trips_through_yaml() -> None:
    run = config_from_dict(
        RunConfig,
        {"train": {"game": "not_alone", "hidden_sizes": [8]}, "tournament": tournament_doc()},
    )
    data = resolved_config_dict(run)
    assert data["train"]["hidden_sizes"] == [8] and data["train"]["device"] == "cpu"
    assert data["tournament"]["agents"][0] == {
        "name": "a",
        "kind": "random",
        "params": {},
        "checkpoint": None,
        "max_games": None,
    }
    again = config_from_dict(RunConfig, yaml.safe_load(yaml.safe_dump(data)))
    assert again == run
    # the tournament command accepts a run file too
    t = load_tournament_config(data, ["tournament.seed=9"])
    assert t.seed == 9 and t.agents == run.tournament.agents


# ------------------------------------------------------------------------------ run dirs
def test_run_dir_metadata(tmp_path: Path) -> None:
    cfg = load_config(TournamentConfig, SMOKE)
    game = load_game("not_alone", players=2)
    run = create_run_dir(
        tmp_path,
        "exp",
        config=cfg,
        game=game,
        seeds={"seed": 7},
        argv=["prog", "--x"],
        timestamp=False,
    )
    assert run == tmp_path / "exp"
    assert yaml.safe_load((run / "config.yaml").read_text()) == resolved_config_dict(cfg)
    meta = json.loads((run / "meta.json").read_text())
    assert meta["seeds"] == {"seed": 7}
    assert meta["command"] == ["prog", "--x"]
    assert meta["rules_version"] == game.info.rules_version
    assert meta["game"] == "not_alone" and meta["game_params"]["players"] == 2
    assert isinstance(meta["git"]["commit"], str) and meta["git"]["commit"]
    assert "dirty" in meta["git"]
    assert meta["python"].count(".") == 2
    for pkg in ("numpy", "torch", "pettingzoo", "gymnasium", "openskill"):
        assert pkg in meta["packages"]
    assert meta["packages"]["numpy"] == np.__version__
    # a timestamp-free name is not silently reused; timestamped names never collide
    with pytest.raises(RunDirError, match="--overwrite"):
        create_run_dir(tmp_path, "exp", config=cfg, game=game, timestamp=False)
    create_run_dir(tmp_path, "exp", config=cfg, game=game, timestamp=False, overwrite=True)
    a = create_run_dir(tmp_path, "exp", game=game)
    b = create_run_dir(tmp_path, "exp", game=game)
    assert a != b and a.name.startswith("exp-") and (b / "meta.json").is_file()


def test_rules_version_check(tmp_path: Path) -> None:
    game = load_game("not_alone", players=2)
    run = create_run_dir(tmp_path, "r", game=game, timestamp=False)
    meta = json.loads((run / "meta.json").read_text())
    check_rules_version(meta, game)  # same rules: fine
    check_rules_version({"meta": rules_stamp(game), "weights": {}}, game)
    stale = {**meta, "rules_version": "not_alone-0"}
    with pytest.raises(CheckpointError) as info:
        check_rules_version(stale, game)
    msg = str(info.value)
    assert "'not_alone-0'" in msg and repr(game.info.rules_version) in msg
    with pytest.raises(CheckpointError, match="no rules version"):
        check_rules_version({"weights": {}}, game)
    with pytest.raises(CheckpointError, match="'nemesis'"):
        check_rules_version({"game": "nemesis", "rules_version": "nemesis-1"}, game)


# ------------------------------------------------------------------------------ agents
def test_agent_factory_kinds() -> None:
    game = load_game("not_alone", players=2)
    agent = make_agent(AgentSpec(name="r", kind="random"), game, 0)
    assert isinstance(agent, RandomAgent) and agent.name == "r"
    msg = error_of(make_agent, AgentSpec(name="x", kind="alphazero"), game, 0)
    assert "unknown agent kind 'alphazero'" in msg
    for kind in ("random", "heuristic", "mcts", "ismcts"):
        assert kind in msg
    assert "takes no params" in error_of(
        make_agent, AgentSpec(name="r", kind="random", params={"depth": 2}), game, 0
    )
    assert "takes no checkpoint" in error_of(
        make_agent, AgentSpec(name="r", kind="random", checkpoint="a.pt"), game, 0
    )

    def build(spec: AgentSpec, game: Any, seat: int) -> RandomAgent:
        return RandomAgent(name=f"{spec.name}@{seat}")

    register_agent_kind("test_dummy", build)
    try:
        assert "test_dummy" in agent_kinds()
        assert make_agent(AgentSpec(name="d", kind="test_dummy"), game, 1).name == "d@1"
        with pytest.raises(ValueError, match="already registered"):
            register_agent_kind("test_dummy", lambda s, g, i: RandomAgent())
    finally:
        unregister_agent_kind("test_dummy")
    # a `module:builder` kind needs no registration
    spec = AgentSpec(name="p", kind="tests.experiments.test_config:path_builder")
    assert make_agent(spec, game, 0).name == "p-by-path"


def path_builder(spec: AgentSpec, game: Any, seat: int) -> RandomAgent:
    return RandomAgent(name=f"{spec.name}-by-path")


def test_search_agents_get_params_and_name() -> None:
    pytest.importorskip("agents.search.mcts")
    pytest.importorskip("agents.search.ismcts")
    game = load_game("not_alone", players=2)
    mcts = make_agent(AgentSpec(name="m", kind="mcts", params={"iterations": 7}), game, 0)
    assert mcts.name == "m" and mcts.omniscient and getattr(mcts, "iterations", None) == 7
    msg = error_of(make_agent, AgentSpec(name="m", kind="ismcts", params={"depth": 3}), game, 1)
    assert "'m'" in msg and "depth" in msg


def test_ismcts_prior_is_the_seats_heuristic() -> None:
    game = load_game("not_alone", players=2)
    spec = AgentSpec(name="p", kind="ismcts", params={"prior": "heuristic", "prior_weight": 3})
    creature, hunted = make_agent(spec, game, 0), make_agent(spec, game, 1)
    assert type(getattr(creature, "prior", None)).__name__ == "HeuristicCreature"
    assert type(getattr(hunted, "prior", None)).__name__ == "HeuristicHunted"
    bad = AgentSpec(name="p", kind="ismcts", params={"prior": "oracle"})
    assert "prior must be one of ['heuristic']" in error_of(make_agent, bad, game, 0)
    believer = make_agent(
        AgentSpec(name="b", kind="ismcts", params={"belief": "heuristic"}), game, 0
    )
    assert getattr(getattr(believer, "belief", None), "__name__", "") == "heuristic_belief"
    bad = AgentSpec(name="b", kind="ismcts", params={"belief": "uniform"})
    assert "belief must be one of ['heuristic']" in error_of(make_agent, bad, game, 0)


def test_ismcts_leaf_value_is_the_fitted_not_alone_value() -> None:
    game = load_game("not_alone", players=4)
    for name in ("kit", "not_alone"):  # Not Alone's kit keeps its older name
        params = {"leaf_value": name, "leaf_turns": 2}
        agent = make_agent(AgentSpec(name="v", kind="ismcts", params=params), game, 0)
        leaf = getattr(agent, "leaf_value", None)
        assert type(leaf).__name__ == "NotAloneValue" and getattr(leaf, "turns", None) == 2
    # docs/agents.md: without leaf_turns the rollout stops at the start of the next turn
    default = make_agent(AgentSpec(name="v", kind="ismcts", params={"leaf_value": "kit"}), game, 0)
    assert getattr(getattr(default, "leaf_value", None), "turns", None) == 1
    plain = make_agent(AgentSpec(name="v", kind="ismcts"), game, 0)
    assert getattr(plain, "leaf_value", "missing") is None
    cases = [
        ({"leaf_value": "oracle"}, game, "leaf_value must be one of ['kit', 'not_alone'] for"),
        ({"leaf_turns": 2}, game, "leaf_turns needs a leaf_value"),
        ({"leaf_value": "not_alone"}, load_game("not_alone", players=5), "value_fit --players 5"),
    ]
    for params, on_game, expected in cases:
        spec = AgentSpec(name="v", kind="ismcts", params=params)
        message = error_of(make_agent, spec, on_game, 0)
        assert "'v'" in message and expected in message


def test_search_rollout_policy_names() -> None:
    """`rollout_policy` names a cheap policy, or the seats' heuristic agents (fair, per seat)."""
    game = load_game("not_alone", players=3)
    for kind in ("mcts", "ismcts"):
        spec = AgentSpec(name="r", kind=kind, params={"rollout_policy": "heuristic"})
        policy = getattr(make_agent(spec, game, 0), "rollout_policy", None)
        assert type(policy).__name__ == "AgentRolloutPolicy"
        names = [type(a).__name__ for a in getattr(policy, "agents", [])]
        assert names == ["HeuristicCreature", "HeuristicHunted", "HeuristicHunted"]
        cheap = make_agent(AgentSpec(name="r", kind=kind, params={}), game, 0)
        assert getattr(cheap, "rollout_policy", "missing") is None
        bad = AgentSpec(name="r", kind=kind, params={"rollout_policy": "oracle"})
        message = error_of(make_agent, bad, game, 0)
        assert "'r'" in message and "['uniform', 'kit', 'heuristic', 'not_alone']" in message


@pytest.mark.parametrize("path", sorted((ROOT / "configs").glob("*.yaml")), ids=lambda p: p.name)
def test_shipped_configs_load_and_build_their_agents(path: Path) -> None:
    """Every file in configs/ is valid, and every agent in it can be built for both roles."""
    data = read_yaml(path)
    if path.name.startswith("rllib_"):  # the rllib backend's flat config (no agents to build)
        from experiments.rllib_backend import load_rllib_config, roles_and_seats

        assert roles_and_seats(load_rllib_config(path, []))
        return
    if "expert" in data:
        expert = load_config(ExpertConfig, path)
        game = load_game(expert.game, players=expert.players, **expert.game_params)
        for spec, seat in ((expert.expert, expert.seat), (expert.others, 1 - expert.seat)):
            assert callable(make_agent(spec, game, seat).act)
        return
    if "train" in data:
        run = load_config(RunConfig, path)
        tournament = run.tournament
    else:
        tournament = load_tournament_config(path)
    game = load_game(tournament.game, players=tournament.players, **tournament.game_params)
    for spec in tournament.agents:
        if spec.kind == "ppo":
            continue  # needs the checkpoint the run trains
        for seat in (0, 1):
            assert callable(make_agent(spec, game, seat).act)


def test_a_config_must_name_a_registered_game() -> None:
    """Generic configs assume no game: `game` is required and must be registered."""
    doc = tournament_doc()
    del doc["game"]
    assert "missing required keys ['game']" in error_of(config_from_dict, TournamentConfig, doc)
    msg = error_of(config_from_dict, TournamentConfig, tournament_doc(game="chess"))
    assert "game: must be one of" in msg and "not_alone" in msg and "'chess'" in msg


# ------------------------------------------------------------------------------ value checks
AT_LEAST_ONE = (
    "total_env_steps", "rollout_steps", "num_slots", "num_workers", "epochs", "minibatch_size",
    "snapshot_every", "pool_size", "eval_every", "checkpoint_every",
)  # fmt: skip


@pytest.mark.parametrize(
    ("key", "value", "expect"),
    [
        ("lr", 0.0, "lr: must be positive"),
        ("gamma", 0.0, "gamma: must be in (0, 1]"),
        ("gamma", 1.5, "gamma: must be in (0, 1]"),
        ("gae_lambda", -0.5, "gae_lambda: must be in [0, 1]"),
        ("gae_lambda", 1.5, "gae_lambda: must be in [0, 1]"),
        ("clip", 0.0, "clip: must be positive"),
        ("ent_coef", -0.1, "ent_coef: must be non-negative"),
        ("time_budget_s", 0.0, "time_budget_s: must be positive or null"),
        *[(name, 0, f"{name}: must be at least 1, got 0") for name in AT_LEAST_ONE],
    ],
)
def test_train_settings_out_of_range_are_refused(key: str, value: Any, expect: str) -> None:
    """Each range the TrainConfig check states, refused just outside it."""
    assert expect in error_of(config_from_dict, TrainConfig, {"game": "not_alone", key: value})


def test_train_settings_on_the_edge_of_their_range_are_accepted() -> None:
    """The closed ends of those ranges: gamma 1, gae_lambda 0 and 1, no entropy or value
    bonus, a time budget under a second."""
    for key, value in [("gamma", 1.0), ("gae_lambda", 0.0), ("gae_lambda", 1.0),
                       ("ent_coef", 0.0), ("vf_coef", 0.0), ("time_budget_s", 0.5)]:  # fmt: skip
        cfg = config_from_dict(TrainConfig, {"game": "not_alone", key: value})
        assert getattr(cfg, key) == value


def test_expert_games_may_have_two_players() -> None:
    """ExpertConfig: players "must be at least 2" (Not Alone is played from 2 players)."""
    doc = yaml.safe_load((ROOT / "configs" / "expert_creature.yaml").read_text())
    cfg = config_from_dict(ExpertConfig, {**doc, "players": 2})
    assert cfg.players == 2
    assert "players: must be at least 2, got 1" in error_of(
        config_from_dict, ExpertConfig, {**doc, "players": 1}
    )


@pytest.mark.parametrize("kind", ["", "pkg.module:builder"])
def test_an_empty_or_path_like_agent_kind_cannot_be_registered(kind: str) -> None:
    """register_agent_kind: a kind must be non-empty and contain no ':' (a `module:builder`
    kind is a path, found without registration)."""
    with pytest.raises(ValueError, match="must be non-empty and contain no ':'"):
        register_agent_kind(kind, lambda s, g, i: RandomAgent())
    assert kind not in agent_kinds()


def test_run_metadata_records_the_git_commit_and_whether_the_tree_is_dirty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """meta.json's git block: the commit `git rev-parse HEAD` names, then dirty once a file is
    left uncommitted (in a repository of the test's own, so a copy without .git works too)."""
    import subprocess

    from experiments import rundir

    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(tmp_path), *args], capture_output=True,
                              text=True, check=True)  # fmt: skip
        return done.stdout.strip()

    git("init", "-q")
    (tmp_path / "a.txt").write_text("a\n")
    git("add", "a.txt")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "a")
    monkeypatch.setattr(rundir, "REPO_ROOT", tmp_path)
    assert rundir.git_info() == {"commit": git("rev-parse", "HEAD"), "dirty": False}
    (tmp_path / "b.txt").write_text("b\n")
    assert rundir.git_info() == {"commit": git("rev-parse", "HEAD"), "dirty": True}


def test_run_dirs_made_in_the_same_second_are_numbered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """create_run_dir: "A timestamped name that already exists gets -1, -2..." (its docstring)."""
    import datetime
    import types

    from experiments import rundir

    class Frozen(datetime.datetime):
        @classmethod
        def now(cls, tz: Any = None) -> Any:
            return datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=tz)

    monkeypatch.setattr(rundir, "_dt", types.SimpleNamespace(datetime=Frozen, UTC=datetime.UTC))
    names = [create_run_dir(tmp_path, "exp").name for _ in range(3)]
    assert names == ["exp-20260102-030405", "exp-20260102-030405-1", "exp-20260102-030405-2"]
