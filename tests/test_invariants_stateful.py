"""Stateful property tests (shared/DESIGN.md §5.8; reliability issue item 5).

For every registered game and variant (tests/games.py), a Hypothesis `RuleBasedStateMachine`
plays one game after another. Its rules pick an index into the legal list, which at a chance
node is the list of outcomes, so Hypothesis shrinks a failure towards the first legal action
and the fewest steps:

- `act`: one action or chance outcome, then every check of nemesis_env.tools.invariants
  (the node and the game's own `invariant_errors`; clone isolation and equality, the replayed
  save, views unchanged by a redeal of what each seat cannot see);
- `jump`: up to JUMP random steps from a drawn seed, each node checked with the game's own
  invariants, then the whole jump checked as one transition: this reaches the late game
  (reshuffles, victories) within a small step budget;
- `new_game`: after the end, a new game.

A failure is saved, once Hypothesis has shrunk it (its final, reported run), as
tests/regressions/<game>/<case>-<hash>.json: the game's save (params and the history up to the
breaking action) plus the errors. tests/test_regressions.py replays every file there; see
tests/regressions/README.md. Examples are derandomized, so CI runs the same ones every time.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.control import current_build_context
from hypothesis.stateful import (
    RuleBasedStateMachine,
    precondition,
    rule,
    run_state_machine_as_test,
)

from nemesis_env.core.game import Game
from nemesis_env.tools.invariants import Tracker, node_errors, replay_failure, save_failure
from tests import games
from tests.toy_game.game import ToyRaidGame
from tests.toy_game.rules import PLAY, Kind

REGRESSIONS = Path(__file__).parent / "regressions"
JUMP = 40  # the most steps one `jump` rule plays
CHECKER_SEED = 0  # the Tracker's: which worlds the leak checks draw
# The budget (docs/reliability.md records the examples run and the time): per game and
# variant, MAX_EXAMPLES runs of STEPS rules each.
MAX_EXAMPLES = 15
STEPS = 40
SETTINGS = settings(
    max_examples=MAX_EXAMPLES,
    stateful_step_count=STEPS,
    derandomize=True,  # the same examples on every run, for reproducible CI
    database=None,  # failures are kept as regression files instead (see the module doc)
    deadline=None,  # a jump checks many steps; timing is no property of the game
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class Broken(AssertionError):
    """An invariant broke or the game raised; the message lists what and where."""


def machine_for(
    game: Game[Any, Any], case: str, regressions: Path = REGRESSIONS
) -> type[RuleBasedStateMachine]:
    """A state machine class playing `game`; failures are saved under regressions/<game>/."""
    directory = regressions / game.info.name

    class GamePlay(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.tracker = Tracker(game, CHECKER_SEED)
            self.games = 0
            self._start()

        def _start(self) -> None:
            self.state = game.new_initial_state()
            self.games += 1
            self._check(self.tracker.attach(self.state))

        def _check(self, errors: list[str]) -> None:
            if errors:
                self._fail(errors)

        def _fail(self, errors: list[str]) -> None:
            if current_build_context().is_final:  # the shrunk example Hypothesis reports
                digest = hashlib.sha1(str(self.state.history).encode()).hexdigest()[:10]
                save_failure(directory, f"{case}-{digest}", game, self.state, errors,
                             found_by="tests/test_invariants_stateful.py",
                             checker_seed=CHECKER_SEED)  # fmt: skip
            where = f"{case}, game {self.games}, {len(self.state.history)} actions"
            raise Broken(f"{where}: " + "; ".join(errors))

        def _apply(self, action: int) -> None:
            try:
                self.state.apply_action(action)
            except Exception as exc:
                self._fail([f"apply_action({action}) raised {exc!r}"])

        @precondition(lambda self: not self.state.is_terminal())
        @rule(data=st.data())
        def act(self, data: st.DataObject) -> None:
            legal = self.state.legal_actions()  # at a chance node: the outcome ids
            index = data.draw(st.integers(0, len(legal) - 1), label="index into legal")
            self.tracker.begin(self.state)
            self._apply(legal[index])
            self._check(self.tracker.finish(self.state))

        @precondition(lambda self: not self.state.is_terminal())
        @rule(seed=st.integers(0, 2**16), steps=st.integers(1, JUMP))
        def jump(self, seed: int, steps: int) -> None:
            rng = np.random.default_rng(seed)
            self.tracker.begin(self.state)
            for _ in range(steps):
                if self.state.is_terminal():
                    break
                legal = self.state.legal_actions()
                self._apply(legal[int(rng.integers(len(legal)))])
                self._check(node_errors(game, self.state))
            self._check(self.tracker.finish(self.state))

        @precondition(lambda self: self.state.is_terminal())
        @rule()
        def new_game(self) -> None:
            self._start()

    GamePlay.__name__ = f"GamePlay_{case}"
    return GamePlay


@pytest.mark.parametrize(("name", "params"), games.cases())
def test_invariants_hold_after_every_step(
    name: str, params: dict[str, Any], request: pytest.FixtureRequest
) -> None:
    case = request.node.callspec.id
    run_state_machine_as_test(machine_for(games.game(name, params), case), settings=SETTINGS)


# -- the machinery can fail, and leaves a replayable file ----------------------------------------
class LeakyToy(ToyRaidGame):
    """Toy Raid with a bug: a played 2 also stays in its player's hand (a card in two zones)."""

    def __init__(self, **params: Any) -> None:
        super().__init__(**params)
        play = self.rules.resolve[Kind.PLAY]  # this game's own Rules object: nothing shared
        assert play is not None

        def play_and_keep(s: Any, d: Any, action: int) -> None:
            play(s, d, action)
            if action == PLAY.id(1):
                s.hands[d.chooser].add(1)

        self.rules.resolve[Kind.PLAY] = play_and_keep


def test_a_break_is_shrunk_and_saved_as_a_replayable_regression(tmp_path: Path) -> None:
    leaky = LeakyToy(players=3)
    machine = machine_for(leaky, "leaky", regressions=tmp_path)
    with pytest.raises(Broken, match=r"5 cards of id 1 in play"):
        run_state_machine_as_test(machine, settings=settings(SETTINGS, max_examples=100))
    saved = list((tmp_path / "toy_raid").glob("leaky-*.json"))
    assert len(saved) == 1, saved  # only the shrunk example, Hypothesis's final run, is saved
    doc = json.loads(saved[0].read_text(encoding="utf-8"))
    assert doc["history"][-1] == PLAY.id(1)  # shrunk to end at the play of the 2
    assert replay_failure(leaky, doc), "the saved file reproduces the break"
    assert replay_failure(ToyRaidGame(players=3), doc) == []  # the real game has no such bug
