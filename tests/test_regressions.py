"""Every saved regression game replays cleanly (tests/regressions/README.md).

Each file under tests/regressions/<game>/ is a game that once broke an invariant; it is replayed
one action at a time under the checks of nemesis_env.tools.invariants (`replay_failure`), which
must find nothing. The directory may be empty (nothing has broken yet); the test below it
proves the replay reports a break when there is one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nemesis_env.envs.registry import load_game
from nemesis_env.tools.invariants import replay_failure, save_failure
from tests.toy_game.game import ToyRaidGame

REGRESSIONS = Path(__file__).parent / "regressions"
FILES = sorted(REGRESSIONS.glob("*/*.json"))


def _load(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def test_every_saved_regression_game_replays_without_a_break() -> None:
    """One test over the whole directory (a parametrized one would be skipped while it is
    empty); the README keeps the directory in git."""
    assert (REGRESSIONS / "README.md").is_file()
    for path in FILES:
        doc = _load(path)
        assert doc["game"] == path.parent.name, f"{path} belongs in regressions/{doc['game']}/"
        game = load_game(doc["game"], **doc["params"])
        assert replay_failure(game, doc) == [], f"{path} still breaks: {doc['invariant_errors']}"


class DoubleDealToy(ToyRaidGame):
    """Toy Raid whose first state has one card too many in the deck (a conservation bug)."""

    def new_initial_state(self) -> Any:
        state = self.empty_state()
        state.deck.shuffle_in([0])
        self.rules.settle(state)
        return state


def test_replay_reports_a_break_and_the_real_game_passes_the_same_file(tmp_path: Path) -> None:
    game = ToyRaidGame(players=3)
    state = game.new_initial_state()
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    path = save_failure(tmp_path / "toy_raid", "example", game, state, ["made up"], seed=1)
    doc = _load(path)
    assert doc["invariant_errors"] == ["made up"] and doc["seed"] == 1
    assert replay_failure(game, doc) == []
    errors = replay_failure(DoubleDealToy(players=3), doc)
    assert errors and "5 cards of id 0" in errors[0], errors


def test_replay_reports_an_action_the_game_refuses(tmp_path: Path) -> None:
    game = ToyRaidGame(players=3)
    doc = {"game": "toy_raid", "params": game.params_dict(), "history": [0, 999]}
    errors = replay_failure(game, doc)
    assert len(errors) == 1 and errors[0].startswith("action 1 (999) raised"), errors
