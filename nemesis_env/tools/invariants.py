"""Invariant checks for any registered game, after every step (shared/DESIGN.md §5.8).

The stateful property tests (tests/test_invariants_stateful.py) and `nemesis soak`
(nemesis_env/tools/soak.py) run them; docs/reliability.md lists what they cover.

- `node_errors(game, state)`: the node is well formed (whose turn it is; the legal list
  ascending, in the declared table, empty exactly at the end; chance probabilities positive and
  summing to 1; returns sized, in the utility range and, at the end, as the utility kind
  promises; the history within `max_game_length`), plus the game's own `invariant_errors`
  hook: component conservation and tracks in range, which only the game knows.
- `leak_errors(game, state, views, rng)`: for every seat, `game.sample_world` redeals what the
  game's sampler treats as hidden from it. The seat's view, its observation tensor and (when it
  is to act) its legal actions must be unchanged, and the sampled world must pass the game's
  hook. `view_for` and `sample_world` are written separately, so a view that shows something
  the sampler redeals differs in the sampled world and is reported. (The spectator's view of
  the sampled world may differ: a seat can know less than the spectator, as Not Alone's
  Creature does under Smokescreen.)
- `Tracker`: transitions. It clones the state before a step; afterwards the clone must not have
  moved (clone isolation) and, given the same new actions, must reach the same state (the
  fingerprint and every seat's view). A twin deserialized from a save of the game's first state
  follows the same actions: that is replay(history), one step at a time, so the check costs
  O(step) rather than O(history). Every `full_every` steps and at the end of a game a full
  serialize -> deserialize of the current state must equal it too.
- `env_errors(env)`: the PettingZoo env's masks are the legal actions (the acting agent) or all
  zero (the others), each observation is the game's encoding of that seat's view, within the
  declared bounds.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np

from nemesis_env.core.game import CHANCE, TERMINAL, Game, UtilityKind

SPECTATOR = -1  # a seat number no zone names: it sees public information only (core/zones.py)
FULL_EVERY = 64  # steps between full serialize -> deserialize round trips (O(history) each)


def _differing_fields(a: Any, b: Any) -> str:
    """The NamedTuple fields where two views differ, for a readable report."""
    fields: Iterable[str] = getattr(a, "_fields", ())
    names = [f for f in fields if getattr(a, f) != getattr(b, f, None)]
    return f" (fields {', '.join(names)})" if names else ""


def seat_views(game: Game[Any, Any], state: Any) -> list[Any]:
    """Every seat's view of `state`, then the spectator's (index -1)."""
    return [game.view_for(state, seat) for seat in range(game.info.num_players)] + [
        game.view_for(state, SPECTATOR)
    ]


def node_errors(game: Game[Any, Any], state: Any) -> list[str]:
    """What is wrong with `state` as a node of the game tree, and the game's own hook."""
    info = game.info
    errors = []
    player, legal = state.current_player(), state.legal_actions()
    if state.is_terminal():
        if player != TERMINAL or legal or state.chance_outcomes():
            errors.append(f"a terminal state has player {player}, legal actions {legal}")
    else:
        errors += _live_node_errors(game, state, player, legal)
    errors += _returns_errors(game, state)
    if len(state.history) > info.max_game_length:
        errors.append(f"{len(state.history)} actions, more than max_game_length "
                      f"{info.max_game_length}")  # fmt: skip
    return errors + game.invariant_errors(state)


def _live_node_errors(game: Game[Any, Any], state: Any, player: int, legal: list[int]) -> list[str]:
    info = game.info
    errors = []
    if player != CHANCE and not 0 <= player < info.num_players:
        errors.append(f"current player {player} is neither a seat nor chance")
    if not legal:
        errors.append("no legal action before the end of the game")
    elif legal != sorted(set(legal)):
        errors.append(f"legal actions {legal} are not strictly ascending")
    outcomes = state.chance_outcomes()
    if player == CHANCE:
        size = info.max_chance_outcomes
        if [outcome for outcome, _ in outcomes] != legal:
            errors.append(f"chance outcomes {outcomes} differ from the legal list {legal}")
        if any(p <= 0 for _, p in outcomes) or not math.isclose(
            sum(p for _, p in outcomes), 1.0, abs_tol=1e-9
        ):
            errors.append(f"chance probabilities {[p for _, p in outcomes]} are not a "
                          "distribution")  # fmt: skip
    else:
        size = info.num_actions
        if outcomes:
            errors.append(f"chance outcomes {outcomes} at a node of seat {player}")
    if legal and not (legal[0] >= 0 and legal[-1] < size):
        errors.append(f"legal ids {legal} outside the declared table of {size}")
    return errors


def _returns_errors(game: Game[Any, Any], state: Any) -> list[str]:
    info = game.info
    returns = state.returns()
    if len(returns) != info.num_players:
        return [f"returns {returns} for {info.num_players} seats"]
    if not all(info.min_utility <= r <= info.max_utility for r in returns):
        return [f"returns {returns} outside [{info.min_utility}, {info.max_utility}]"]
    if not state.is_terminal():
        return []
    if info.utility is UtilityKind.ZERO_SUM and not math.isclose(sum(returns), 0, abs_tol=1e-9):
        return [f"zero-sum returns {returns} do not sum to 0"]
    if info.utility is UtilityKind.TEAM:
        teams = [{returns[s] for s in info.seats_of_team(t)} for t in range(len(info.team_names))]
        if any(len(values) != 1 for values in teams):
            return [f"team returns {returns} differ within a team {info.seat_teams}"]
        if len(teams) == 2 and teams[0].pop() != -teams[1].pop():
            return [f"team returns {returns}: one team's gain is not the other's loss"]
    return []


def leak_errors(
    game: Game[Any, Any], state: Any, views: list[Any], rng: np.random.Generator
) -> list[str]:
    """Each seat's view, observation and legal actions survive a redeal of what it cannot see."""
    errors = []
    size = game.observation_size()
    mine, theirs = np.empty(size, np.float32), np.empty(size, np.float32)
    player = state.current_player()
    for seat in range(game.info.num_players):
        view = views[seat]
        try:
            world = game.sample_world(view, rng)
            seen = game.view_for(world, seat)
        except Exception as exc:  # a break to report, not to raise
            errors.append(f"sample_world for seat {seat} raised {exc!r}")
            continue
        if seen != view:
            errors.append(f"seat {seat}'s view changes when what it cannot see is redealt"
                          f"{_differing_fields(view, seen)}")  # fmt: skip
        game.encode(view, mine)
        game.encode(seen, theirs)
        if mine.tobytes() != theirs.tobytes():
            changed = np.flatnonzero(mine != theirs)[:8].tolist()
            errors.append(f"seat {seat}'s observation changes in a redealt world (at {changed})")
        if player == seat and world.legal_actions() != state.legal_actions():
            errors.append(f"seat {seat}'s legal actions change in a redealt world")
        errors += [f"a world redealt for seat {seat}: {e}" for e in game.invariant_errors(world)]
    return errors


class Seen(NamedTuple):
    """What two equal states must share: the fingerprint, the history, every seat's view and
    the spectator's (last)."""

    fingerprint: str
    history: list[int]
    views: list[Any]

    @classmethod
    def of(cls, game: Game[Any, Any], state: Any) -> Seen:
        return cls(state.fingerprint(), state.history, seat_views(game, state))


def same_state_errors(game: Game[Any, Any], label: str, other: Any, seen: Seen) -> list[str]:
    """`other` must equal the state `seen` describes."""
    if other.fingerprint() != seen.fingerprint or other.history != seen.history:
        return [f"the {label} differs from the state (fingerprint or history)"]
    for seat, view in zip([*range(game.info.num_players), SPECTATOR], seen.views, strict=True):
        theirs = game.view_for(other, seat)
        if theirs != view:
            return [f"the {label} shows seat {seat} another view{_differing_fields(view, theirs)}"
                    " although the fingerprints agree"]  # fmt: skip
    return []


class Tracker:
    """Checks one game step by step: `attach` a new game, then `begin` before each transition
    (one action, or one env step with the chance outcomes it resolved) and `finish` after it.
    Every method returns the broken invariants in words ([] when all hold); a check that
    raises is reported the same way, so a soak keeps going and saves the game."""

    def __init__(
        self, game: Game[Any, Any], seed: int = 0, *, leaks: bool = True,
        full_every: int = FULL_EVERY,
    ) -> None:  # fmt: skip
        self.game, self.seed, self.leaks, self.full_every = game, seed, leaks, full_every
        self.twin: Any = None  # follows the game from a save of its first state
        self._before: Any = None
        self._before_print = ""
        self._steps = 0

    def attach(self, state: Any) -> list[str]:
        """A new game (or scenario state): the twin starts from a save of it."""
        self._steps = 0
        self.twin = None
        errors = self._guard("the checks", self._node_and_leaks, state, None)
        if not errors:
            self.twin = self.game.deserialize(self.game.serialize(state))
        return errors

    def begin(self, state: Any) -> None:
        self._before = state.clone()
        self._before_print = state.fingerprint()

    def finish(self, state: Any) -> list[str]:
        self._steps += 1
        before, self._before = self._before, None
        return self._guard("the checks", self._node_and_leaks, state, before)

    def check_transition(self, state: Any, action: int) -> list[str]:
        """`begin`, apply `action` to `state`, `finish` (an exception in the game itself
        propagates: the caller reports it with the history that raised it)."""
        self.begin(state)
        state.apply_action(action)
        return self.finish(state)

    # -- the checks ----------------------------------------------------------------------
    def _guard(self, what: str, check: Any, *args: Any) -> list[str]:
        try:
            errors: list[str] = check(*args)
        except Exception as exc:  # a raising check is a break too
            return [f"{what} raised {exc!r}"]
        return errors

    def _node_and_leaks(self, state: Any, before: Any) -> list[str]:
        game = self.game
        seen = Seen.of(game, state)
        errors = node_errors(game, state)
        if before is not None:
            errors += self._transition_errors(state, before, seen)
        if self.leaks:
            # Worlds drawn from (seed, history length) alone: a replay of a saved game draws
            # the same worlds for the same state, however its steps were grouped.
            rng = np.random.default_rng([self.seed, len(state.history)])
            errors += leak_errors(game, state, seen.views, rng)
        if before is None or state.is_terminal() or self._steps % self.full_every == 0:
            restored = game.deserialize(game.serialize(state))
            errors += same_state_errors(game, "saved and restored state", restored, seen)
        return errors

    def _transition_errors(self, state: Any, before: Any, seen: Seen) -> list[str]:
        errors = []
        if before.fingerprint() != self._before_print:
            errors.append("a clone taken before the step moved with the original")
        new = state.history[len(before.history) :]
        for action in new:
            before.apply_action(action)
        errors += same_state_errors(self.game, "clone given the same actions", before, seen)
        if self.twin is not None:
            for action in new:
                self.twin.apply_action(action)
            errors += same_state_errors(self.game, "replayed save", self.twin, seen)
        return errors


def env_errors(env: Any) -> list[str]:
    """The raw PettingZoo env (NemesisAECEnv) against its game: masks and observations."""
    game, state = env.game, env.state_
    errors = []
    expected = np.empty(game.observation_size(), np.float32)
    for agent in env.agents:
        seat = env.seat_of[agent]
        mask = env.infos[agent]["action_mask"]
        observed = env.observe(agent)
        acting = agent == env.agent_selection and not (
            env.terminations[agent] or env.truncations[agent]
        )
        legal = state.legal_actions() if acting else []
        if mask.dtype != np.int8 or np.flatnonzero(mask).tolist() != legal:
            errors.append(f"{agent}'s mask {np.flatnonzero(mask).tolist()} is not its legal "
                          f"actions {legal}")  # fmt: skip
        if observed["action_mask"].tobytes() != mask.tobytes():
            errors.append(f"{agent}'s observed mask differs from its infos mask")
        game.encode(game.view_for(state, seat), expected)
        observation = observed["observation"]
        if observation.tobytes() != expected.tobytes():
            errors.append(f"{agent}'s observation is not the encoding of its view")
        box = env.observation_space(agent)["observation"]
        if not (np.all(box.low <= observation) and np.all(observation <= box.high)):
            outside = np.flatnonzero((observation < box.low) | (observation > box.high))
            errors.append(f"{agent}'s observation is outside its bounds at {outside[:8].tolist()}")
    return errors


# -- failures as replayable files ---------------------------------------------------------------
def save_failure(
    directory: Path, name: str, game: Game[Any, Any], state: Any, errors: list[str],
    **context: Any,
) -> Path:  # fmt: skip
    """Writes `state`'s save (`game.serialize`: params and history, which end with the action
    that broke something) plus the errors and `context` (the Tracker's `checker_seed`, a soak's
    seed and game index...) as `directory/name.json`; `replay_failure` and `nemesis replay`
    read it back."""
    doc = json.loads(game.serialize(state))
    doc.update(context, invariant_errors=errors)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.json"
    path.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def replay_failure(game: Game[Any, Any], doc: dict[str, Any]) -> list[str]:
    """Replays a saved game one action at a time under a Tracker seeded with the file's
    `checker_seed` (the worlds its leak checks drew): the errors of the first step that breaks
    an invariant or raises, [] when the whole history holds."""
    tracker = Tracker(game, int(doc.get("checker_seed", 0)))
    scenario = doc.get("scenario")
    state = game.new_initial_state() if scenario is None else game.scenario_state(scenario)
    errors = tracker.attach(state)
    for step, action in enumerate(doc.get("history", [])):
        if errors:
            return [f"before action {step}: {e}" for e in errors]
        try:
            errors = tracker.check_transition(state, int(action))
        except Exception as exc:  # what the file records
            return [f"action {step} ({action}) raised {exc!r}"]
    return [f"after the last action: {e}" for e in errors]
