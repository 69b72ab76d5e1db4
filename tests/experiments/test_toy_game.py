"""The test-only Toy Raid (tests/toy_game/, registered in tests/conftest.py) through the real
agents and experiments APIs: its agent kit beats random in every role, a tournament of random,
heuristic and ISMCTS agents, and a short PPO run (one policy per role) that resumes and plays in
a tournament as the "ppo" agent kind. Nothing here is special-cased for the toy: it is found
through the registry like Not Alone (shared/DESIGN.md §5.2)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest
import torch

from agents.base import RandomAgent
from agents.kit import AgentKit, kit_for
from agents.play import play_game, winners
from agents.rl.ppo import load_checkpoint
from experiments.config import AgentSpec, RunConfig, TournamentConfig, TrainConfig
from experiments.expert import ExpertConfig, generate
from experiments.pipeline import TRAINED, run_pipeline, run_training
from experiments.report import wilson_interval
from experiments.tournament import FILES, run_tournament
from nemesis_env import load_game
from tests.conftest import TOY
from tests.toy_game.agents import KIT, ToyHeuristic

GAME = TOY.name
PARAMS = {"players": 3, "rounds": 3}


def test_the_toy_kit_is_found_through_the_registry() -> None:
    assert isinstance(KIT, AgentKit) and kit_for(GAME) is KIT
    game = load_game(GAME, players=4)
    agents = [KIT.heuristic(game, seat) for seat in range(4)]
    assert all(isinstance(a, ToyHeuristic) and not a.omniscient for a in agents)
    assert [a.role for a in agents] == ["hunter", "scout", "scout", "scout"]


def _role_wins(players: int, role: str, heuristic: bool, games: int) -> int:
    """Games won by `role` (the heuristic or random agents on its seats) against random agents on
    every other seat; game g's seeds do not depend on who plays, so both arms see the same deals."""
    game = load_game(GAME, players=players)
    mine = game.info.seats_of_role(role)
    won = 0
    for g in range(games):
        seeds = np.random.SeedSequence([11, players, g]).spawn(players + 1)
        agents = [
            KIT.heuristic(game, seat) if heuristic and seat in mine else RandomAgent()
            for seat in range(players)
        ]
        result = play_game(game, agents, np.random.default_rng(seeds[0]),
                           [np.random.default_rng(s) for s in seeds[1:]])  # fmt: skip
        won += any(seat in winners(result.returns) for seat in mine)
    return won


@pytest.mark.parametrize("players", TOY.player_counts)
@pytest.mark.parametrize("role", ["hunter", "scout"])
def test_the_heuristic_beats_random_in_every_role(players: int, role: str) -> None:
    """Disjoint 95% Wilson intervals: the heuristic's win rate in the role against random
    opponents, and a random agent's in the same role and games."""
    n = 600
    heuristic = wilson_interval(_role_wins(players, role, True, n), n)
    baseline = wilson_interval(_role_wins(players, role, False, n), n)
    assert heuristic[0] > baseline[1], (players, role, heuristic, baseline)


def test_tournament_of_random_heuristic_and_ismcts(tmp_path: Path) -> None:
    config = TournamentConfig(
        game=GAME, players=3, seed=5, games_per_match=60, out_dir=str(tmp_path / "run"),
        agents=[
            AgentSpec(name="random", kind="random"),
            AgentSpec(name="heuristic", kind="heuristic"),
            AgentSpec(name="ismcts", kind="ismcts", max_games=6,
                      params={"iterations": 20, "rollout_policy": "kit", "prior": "heuristic"}),
        ],
    )  # fmt: skip
    result = run_tournament(config, progress=False)
    for name in (*FILES, "config.yaml", "meta.json"):
        assert (result.run_dir / name).is_file(), name
    meta = json.loads((result.run_dir / "meta.json").read_text())
    saved = json.loads((result.run_dir / "results.json").read_text())
    assert meta["game"] == saved["game"] == GAME
    assert meta["game_params"] == saved["game_params"] == PARAMS
    positions = [(p["name"], p["seats"]) for p in saved["seating"]["positions"]]
    assert positions == [("hunter", [0]), ("scout", [1, 2])]
    # 3 agents on 2 positions: 9 ordered pairs, 5 of them with the capped ismcts
    assert saved["total_games"] == len(result.games) == 4 * 60 + 5 * 6
    rate = {(r["agent"], r["role"]): r["win_rate"] for r in saved["win_rates"]}
    for role in ("hunter", "scout"):
        assert rate["heuristic", role] > rate["random", role] + 0.1, (role, rate)
        matrix = result.crossplay[role]
        row = {agent: matrix["win_rate"][i] for i, agent in enumerate(matrix["rows"])}
        against_random = matrix["cols"].index("random")
        assert row["heuristic"][against_random] > row["random"][against_random]


TINY = TrainConfig(
    game=GAME, players=3, total_updates=2, rollout_steps=128, num_slots=4, minibatch_size=64,
    epochs=2, hidden_sizes=(16,), snapshot_every=1, pool_size=2, eval_every=2, eval_games=4,
    seed=1,
)  # fmt: skip


def test_ppo_smoke_resumes_exactly_and_plays_as_the_ppo_kind(tmp_path: Path) -> None:
    """Two updates, a resume to three (the same weights as three in one go), then the
    checkpoint plays a tournament through the "ppo" agent kind."""
    from experiments import ppo_kind  # noqa: F401  (registers the "ppo" agent kind)

    first = run_training(TINY, tmp_path / "train", progress=False)
    ckpt = load_checkpoint(first)
    assert ckpt["game"] == GAME and ckpt["game_params"] == PARAMS and ckpt["update"] == 2
    assert ckpt["roles"] == ["hunter", "scout"] and sorted(ckpt["nets"]) == ckpt["roles"]
    rows = [json.loads(line) for line in (tmp_path / "train" / "metrics.jsonl").open()]
    assert {"eval/random/win_rate/hunter", "eval/heuristic/win_rate/scout",
            "eval/random/win_rate_seat/scout_1"} <= set(rows[-1])  # fmt: skip
    three = dataclasses.replace(TINY, total_updates=3)
    resumed = load_checkpoint(
        run_training(three, tmp_path / "train", resume=str(first), progress=False)
    )
    straight = load_checkpoint(run_training(three, tmp_path / "straight", progress=False))
    assert resumed["update"] == straight["update"] == 3
    for role, weights in straight["nets"].items():
        for key, value in weights.items():
            assert torch.equal(value, resumed["nets"][role][key]), (role, key)
    config = TournamentConfig(
        game=GAME, players=3, seed=2, games_per_match=3, out_dir=str(tmp_path / "tournament"),
        agents=[
            AgentSpec(name="ppo", kind="ppo", checkpoint=str(tmp_path / "train" / "final.pt")),
            AgentSpec(name="heuristic", kind="heuristic"),
        ],
    )  # fmt: skip
    result = run_tournament(config, progress=False)
    assert result.results["total_games"] == 4 * 3
    assert "ppo" in (result.run_dir / "results.md").read_text()


def test_full_run_with_advice_shaping_and_two_workers(tmp_path: Path) -> None:
    """`nemesis run` for the toy: the kit's advisor and shaping potential, forked rollout workers,
    then the trained agent in the tournament and the run report."""
    train = dataclasses.replace(TINY, advice="heuristic", shaping="kit", num_workers=2,
                                players=4, eval_every=1, eval_games=2)  # fmt: skip
    tournament = TournamentConfig(
        game=GAME, players=4, seed=0, games_per_match=2, out_dir="unused",
        agents=[
            AgentSpec(name="ppo", kind="ppo", checkpoint=TRAINED),
            AgentSpec(name="heuristic", kind="heuristic"),
            AgentSpec(name="random", kind="random"),
        ],
    )  # fmt: skip
    run = RunConfig(train=train, tournament=tournament, out_dir=str(tmp_path / "run"))
    report = run_pipeline(run, progress=False).read_text()
    assert "ppo hunter vs heuristic scout" in report and "ppo scout vs heuristic hunter" in report
    ckpt = load_checkpoint(tmp_path / "run" / "train" / "final.pt")
    assert ckpt["roles"] == ["hunter", "scout"] and ckpt["settings"]["advice"] == "heuristic"


def test_expert_games_of_a_scout_distil_into_its_policy(tmp_path: Path) -> None:
    """`nemesis expert` for a Scout seat (ISMCTS among heuristic agents), then PPO learns that
    role's policy from the search's root visits (expert iteration)."""
    expert = ExpertConfig(
        game=GAME, players=3, seat=1, games=4, out_dir=str(tmp_path / "scout"),
        expert=AgentSpec(name="ismcts", kind="ismcts", params={"iterations": 20}),
        others=AgentSpec(name="heuristic", kind="heuristic"),
    )  # fmt: skip
    data = generate(expert, progress=False)
    cfg = dataclasses.replace(TINY, total_updates=1, expert_data=str(data),
                              expert_pretrain_steps=5, expert_batch=16)  # fmt: skip
    run_training(cfg, tmp_path / "train", progress=False)
    first = json.loads((tmp_path / "train" / "metrics.jsonl").open().readline())
    assert "scout/expert_ce" in first and "hunter/expert_ce" not in first


def test_zero_eval_games_trains_without_evaluating(tmp_path: Path) -> None:
    """`eval_games: 0` is allowed by the config; it divided by zero in the per-seat rates."""
    quiet = dataclasses.replace(TINY, total_updates=1, eval_every=1, eval_games=0)
    run_training(quiet, tmp_path / "train", progress=False)
    rows = [json.loads(line) for line in (tmp_path / "train" / "metrics.jsonl").open()]
    assert rows and not any(key.startswith("eval/") for row in rows for key in row)
