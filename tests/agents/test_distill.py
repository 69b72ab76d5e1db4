"""Expert iteration (agents/rl/expert_data.py, agents/rl/distill.py): search games recorded,
replayed into what the seat saw, and distilled into the PPO policy."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from agents.base import AgentContext
from agents.games.not_alone import KIT, heuristic_agent
from agents.games.not_alone.rollout import rollout_policy as not_alone_rollout_policy
from agents.rl.advice import Advisor
from agents.rl.distill import ExpertTargets
from agents.rl.expert_data import (
    DatasetError,
    ExpertGame,
    LabelledBehaviour,
    dataset_header,
    game_from_json,
    load_dataset,
    play_expert_game,
    write_dataset,
)
from agents.rl.network import ActorCritic
from agents.rl.ppo import PPOSettings, PPOTrainer
from agents.search import ISMCTSAgent
from nemesis_env import load_game
from tests.training_helpers import assert_same_weights, straight_and_resumed

ITERATIONS = 12


def expert_games(game: Any, count: int, seed: int = 5) -> list[ExpertGame]:
    """`count` games of a small ISMCTS Creature against the heuristic Hunted."""
    out = []
    for index in range(count):
        agents: list[Any] = [
            ISMCTSAgent(iterations=ITERATIONS, rollout_policy=not_alone_rollout_policy)
        ] + [heuristic_agent(game, seat) for seat in range(1, game.info.num_players)]
        out.append(play_expert_game(game, agents, 0, seed, index))
    return out


@pytest.fixture(scope="module")
def game() -> Any:
    return load_game("not_alone", players=3)


@pytest.fixture(scope="module")
def dataset(game: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("expert") / "games.json.gz"
    write_dataset(path, dataset_header(game, 0, 5, {"kind": "ismcts"}, {}), expert_games(game, 2))
    return path


def test_expert_games_record_every_searched_root_and_are_reproducible(game: Any) -> None:
    games = expert_games(game, 2)
    assert games == expert_games(game, 2)
    assert games[0].history != games[1].history
    for g in games:
        assert g.decisions
        for d in g.decisions:
            state = game.replay(g.history[: d.position])
            assert state.current_player() == 0
            assert list(d.legal) == sorted(state.legal_actions())
            assert len(d.legal) > 1  # a forced move is not searched, so not recorded
            assert sum(d.visits) == ITERATIONS
        final = game.replay(g.history)
        assert final.is_terminal() and tuple(final.returns()) == g.returns


def test_dataset_round_trips_and_refuses_other_rules(game: Any, dataset: Path) -> None:
    header, games = load_dataset(dataset, game)
    assert header["seat"] == 0 and header["rules_version"] == game.info.rules_version
    assert games == expert_games(game, 2)
    with pytest.raises(ValueError, match=r"was made for game not_alone .* params"):
        load_dataset(dataset, load_game("not_alone", players=4))
    stale = dataset.with_name("stale.json.gz")
    header = dataset_header(game, 0, 5, {}, {}) | {"rules_version": "not_alone-0"}
    write_dataset(stale, header, games)
    with pytest.raises(ValueError, match="rules not_alone-0"):
        load_dataset(stale, game)
    junk = dataset.with_name("junk.json.gz")
    junk.write_bytes(b"not gzip")
    with pytest.raises(ValueError, match="cannot read expert dataset"):
        load_dataset(junk, game)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"history": [72.7]}, "an action is an integer id .*got float 72.7"),
        ({"history": ["72"]}, "an action is an integer id .*got str '72'"),
        ({"history": None}, "malformed"),
        ({"decisions": [[1.5, [1], [3]]]}, r"a count or position .*got 1\.5"),
    ],
)
def test_a_malformed_expert_game_is_a_dataset_error(change: dict[str, Any], message: str) -> None:
    """A stored id that is not an integer was truncated by int() and replayed a game that was
    never played; a missing key was a KeyError."""
    doc = {"index": 0, "history": [1, 2], "returns": [1.0, -1.0], "decisions": [], **change}
    with pytest.raises(DatasetError, match=message):
        game_from_json(doc)
    with pytest.raises(DatasetError, match="no 'returns'"):
        game_from_json({"index": 0, "history": [1, 2], "decisions": []})


def test_targets_rebuild_exactly_what_the_seat_saw(game: Any, dataset: Path) -> None:
    _, games = load_dataset(dataset, game)
    size, n_actions = game.observation_size(), game.info.num_actions
    targets = ExpertTargets(game, str(dataset), "heuristic", 1.0, seed=9)
    sharp = ExpertTargets(game, str(dataset), None, 0.5, seed=9)
    decisions = [(g, d) for g in games for d in g.decisions]
    assert len(targets) == len(sharp) == len(decisions)
    assert sharp.inputs.shape[1] == size and targets.inputs.shape[1] == size + n_actions
    advisor = Advisor("heuristic")
    for row, (g, d) in enumerate(decisions):
        state = game.replay(g.history[: d.position])
        view = game.view_for(state, 0)
        obs = np.zeros(size, dtype=np.float32)
        game.encode(view, obs)
        assert np.array_equal(targets.inputs[row, :size].numpy(), obs)
        mask = np.zeros(n_actions, dtype=np.int8)
        mask[state.legal_actions()] = 1
        assert np.array_equal(targets.masks[row].numpy(), mask)
        ctx = AgentContext(seat=0, observation=obs, action_mask=mask, view=view, game=game)
        advised = advisor.advise(ctx, np.random.default_rng([9, g.index, d.position]))
        assert np.flatnonzero(targets.inputs[row, size:].numpy()).tolist() == [advised]
        visits = np.asarray(d.visits, dtype=np.float64)
        expected = np.zeros(n_actions)
        expected[list(d.legal)] = visits / visits.sum()
        assert np.allclose(targets.targets[row].numpy(), expected, atol=1e-6)
        expected[list(d.legal)] = visits**2 / (visits**2).sum()
        assert np.allclose(sharp.targets[row].numpy(), expected, atol=1e-6)
    with pytest.raises(ValueError, match="expert_temperature must be positive"):
        ExpertTargets(game, str(dataset), None, 0.0, seed=0)


def test_a_history_that_no_longer_replays_is_refused(game: Any, dataset: Path) -> None:
    header, games = load_dataset(dataset, game)
    wrong = dataclasses.replace(games[0], returns=tuple(-r for r in games[0].returns))
    path = dataset.with_name("wrong.json.gz")
    write_dataset(path, header, [wrong])
    with pytest.raises(ValueError, match="regenerate the dataset"):
        ExpertTargets(game, str(path), None, 1.0, seed=0)


@pytest.mark.parametrize("name", sorted(KIT.expert_datasets))
def test_the_shipped_dataset_replays_under_these_rules(name: str) -> None:
    game = load_game("not_alone", players=4)
    header, games = load_dataset(KIT.expert_datasets[name], game)
    assert header["seat"] == 0 and header["expert"]["kind"] == "ismcts"
    assert [g.index for g in games] == list(range(len(games)))
    targets = ExpertTargets(game, name, None, 1.0, seed=0)
    assert len(targets) == sum(len(g.decisions) for g in games) > 1000
    assert torch.allclose(targets.targets.sum(-1), torch.ones(len(targets)))


def test_pretraining_fits_the_targets(game: Any, dataset: Path) -> None:
    settings = PPOSettings(
        rollout_steps=64, num_slots=2, minibatch_size=64, epochs=1, hidden=(32,),
        advice="heuristic", expert_data=str(dataset), expert_pretrain_steps=60,
        expert_batch=64, lr=3e-3,
    )  # fmt: skip
    trainer = PPOTrainer(game, settings, seed=1)
    assert trainer.expert is not None
    net = trainer.nets["creature"]
    before = full_cross_entropy(net, trainer.expert)
    trainer._pretrain()
    assert full_cross_entropy(net, trainer.expert) < 0.8 * before
    metrics = trainer.iterate()  # pretrains once more at update 0, then PPO + distillation
    assert "creature/expert_ce" in metrics and "hunted/expert_ce" not in metrics
    assert metrics["creature/expert_ce"] > 0


def full_cross_entropy(net: ActorCritic, expert: ExpertTargets) -> float:
    with torch.no_grad():
        log_probs = net.distribution(expert.inputs, expert.masks).logits
        return float(-(expert.targets * log_probs).sum(-1).mean())


def test_distillation_resumes_exactly(game: Any, dataset: Path, tmp_path: Path) -> None:
    settings = PPOSettings(
        rollout_steps=128, num_slots=4, minibatch_size=64, epochs=2, hidden=(16,),
        snapshot_every=1, pool_size=2, expert_data=str(dataset), expert_pretrain_steps=5,
        expert_batch=32,
    )  # fmt: skip
    straight, resumed = straight_and_resumed(game, settings, 3, updates=3, split=1, root=tmp_path)
    assert_same_weights(straight, resumed)


def test_pooled_distillation_resumes_exactly(game: Any, dataset: Path, tmp_path: Path) -> None:
    """Two datasets pooled: the list survives the checkpoint (a resume compares settings)."""
    header, _ = load_dataset(dataset, game)
    other = tmp_path / "other.json.gz"
    write_dataset(other, header, expert_games(game, 1, seed=6))
    settings = PPOSettings(
        rollout_steps=128, num_slots=4, minibatch_size=64, epochs=1, hidden=(16,),
        expert_data=(str(dataset), str(other)), expert_pretrain_steps=3, expert_batch=32,
    )  # fmt: skip
    root = tmp_path / "runs"
    straight, resumed = straight_and_resumed(game, settings, 3, updates=2, split=1, root=root)
    assert_same_weights(straight, resumed)
    assert straight.expert is not None and len(straight.expert) == len(
        ExpertTargets(game, [str(dataset), str(other)], None, 1.0, seed=0)
    )


class LowestLegal:
    """A behaviour that is easy to recognise: always the lowest legal action id."""

    name = "lowest"
    omniscient = False

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        return int(np.flatnonzero(ctx.action_mask)[0])


def test_labelled_behaviour_plays_the_behaviour_and_records_the_expert(game: Any) -> None:
    """DAgger: every recorded decision's move is the behaviour's, and its root is the expert's
    search of that very position (all its iterations), not a search of another one."""
    expert = ISMCTSAgent(iterations=ITERATIONS, rollout_policy=not_alone_rollout_policy)
    seat_agent = LabelledBehaviour(expert, LowestLegal())
    agents: list[Any] = [seat_agent] + [
        heuristic_agent(game, seat) for seat in range(1, game.info.num_players)
    ]
    g = play_expert_game(game, agents, 0, 5, 0)
    assert g.decisions
    for d in g.decisions:
        assert g.history[d.position] == min(d.legal)  # the behaviour's move was played
        state = game.replay(g.history[: d.position])
        assert list(d.legal) == sorted(state.legal_actions())  # the root of this position
        assert sum(d.visits) == ITERATIONS
    # the expert alone plays other moves from the same seed: the labels did not steer the game
    alone = play_expert_game(game, [expert, *agents[1:]], 0, 5, 0)
    assert alone.history != g.history


def test_an_omniscient_behaviour_is_refused() -> None:
    cheat = LowestLegal()
    cheat.omniscient = True  # type: ignore[misc]
    with pytest.raises(ValueError, match="reads the true state"):
        LabelledBehaviour(ISMCTSAgent(iterations=2), cheat)


def test_pooled_datasets_hold_every_decision_of_each(
    game: Any, dataset: Path, tmp_path: Path
) -> None:
    header, _ = load_dataset(dataset, game)
    other = tmp_path / "other.json.gz"
    write_dataset(other, header, expert_games(game, 1, seed=6))
    one = ExpertTargets(game, str(dataset), "heuristic", 1.0, seed=9)
    two = ExpertTargets(game, str(other), None, 1.0, seed=9)
    pooled = ExpertTargets(game, [str(dataset), str(other)], "heuristic", 1.0, seed=9)
    assert len(pooled) == len(one) + len(two)
    # the first dataset's rows are exactly what it gives alone (advice draws included)
    assert torch.equal(pooled.inputs[: len(one)], one.inputs)
    assert torch.equal(pooled.targets[len(one) :], two.targets)
    moved = tmp_path / "seat1.json.gz"
    write_dataset(moved, {**header, "seat": 1}, [])
    with pytest.raises(DatasetError, match="different seats"):
        ExpertTargets(game, [str(dataset), str(moved)], None, 1.0, seed=9)


def test_the_held_out_split_keeps_whole_games_apart(game: Any, dataset: Path) -> None:
    targets = ExpertTargets(game, str(dataset), None, 1.0, 0)
    _, games = load_dataset(dataset, game)
    fitted, held = targets.split(0.5)
    # the fixture's two games: the first fitted, the second held out, every decision once
    assert len(fitted) == len(games[0].decisions) and len(held) == len(games[1].decisions)
    assert sorted(fitted.tolist() + held.tolist()) == list(range(len(targets)))
    assert targets.games == [(str(dataset), 0), (str(dataset), 1)]
    for bad in (0.0, 1.0, -0.5):
        with pytest.raises(ValueError, match="holdout"):
            targets.split(bad)


def test_measures_follow_their_definitions(game: Any, dataset: Path) -> None:
    """Cross-entropy never under the targets' entropy (Gibbs), agreement counted by hand, and
    fitting only the first game's decisions draws from them alone."""
    targets = ExpertTargets(game, str(dataset), None, 1.0, 0)
    fitted, held = targets.split(0.5)
    torch.manual_seed(0)
    net = ActorCritic(game.observation_size(), game.info.num_actions, (16,))
    measured = targets.measure(net, held)
    assert measured["cross_entropy"] >= measured["target_entropy"] - 1e-6
    with torch.no_grad():
        probs = net.distribution(targets.inputs, targets.masks).probs
    by_hand = sum(
        int(np.argmax(probs[i].numpy()) == np.argmax(targets.targets[i].numpy())) for i in held
    ) / len(held)
    assert measured["agreement"] == pytest.approx(by_hand)
    optim = torch.optim.Adam(net.parameters(), lr=1e-2)
    before = targets.measure(net, fitted)["cross_entropy"]
    targets.fit(net, optim, 40, 32, 0.5, torch.Generator().manual_seed(0), fitted)
    assert targets.measure(net, fitted)["cross_entropy"] < before
    # poisoned held-out targets: a fit that drew a single held-out decision would turn NaN
    targets.targets[held] = float("nan")
    targets.fit(net, optim, 40, 32, 0.5, torch.Generator().manual_seed(1), fitted)
    assert all(torch.isfinite(p).all() for p in net.parameters())


def test_the_probe_prints_its_table_and_refuses_bad_input(
    dataset: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from agents.rl import distill_probe

    args = ["--game", "not_alone", "--players", "3", "--data", str(dataset), "--hidden", "16",
            "--steps", "0,5", "--holdout", "0.5", "--batch", "8"]  # fmt: skip
    assert distill_probe.main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[2].startswith("| 0 |") and lines[3].startswith("| 5 |")
    assert distill_probe.main([*args[:-4], "--holdout", "1.5"]) == 2
    assert "holdout" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        distill_probe.main([*args[:-6], "--steps", "1,x"])
    assert distill_probe.main(["--game", "not_alone", "--data", "/nonexistent.json.gz"]) == 2
