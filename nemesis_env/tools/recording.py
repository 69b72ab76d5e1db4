"""Recordings: a saved game plus what each step looked like, so that it can be verified and
watched (`nemesis replay FILE --verify`, `nemesis serve`).

A recording is a save (`Game.serialize`: game, rules version, params, history, and the scenario
it started from) with one more key, "record":

    {"format": "nemesis_env.recording/1",
     "movers":  [seat of each history step; -1 for a chance step],
     "digests": [for a decision: the first 16 hex digits of sha256 over the mover's encoded
                 observation and its int8 legal mask, just before the move; "" for chance],
     "returns": [the final returns, or null while the game is not over],
     "agents":  {seat name: agent name}            (optional),
     "notes":   {"<step>": what the mover's agent said of that decision} (optional: a policy's
                 "probs" and "value", a search's "visits" and "q"; keys are action ids as text)}

so every recording also loads where a save does (`nemesis replay`, `game.deserialize`).
`verify` replays the history step by step on this engine and names the first step where the
mover, the mover's observation or mask, the legality of the action, or the returns differ from
the recording. Notes are shown, never trusted: they do not enter the check.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from nemesis_env.core.data import DocumentError, load_json_text
from nemesis_env.core.errors import CheckpointError, IllegalActionError, NemesisError
from nemesis_env.core.game import CHANCE, Game

FORMAT = "nemesis_env.recording/1"


class RecordingError(NemesisError, ValueError):
    """A file that is no recording, or a recording this engine does not reproduce."""


def start_state(game: Game[Any, Any], doc: Mapping[str, Any]) -> Any:
    """The state a save or recording starts from (its scenario, or the game's start)."""
    scenario = doc.get("scenario")
    return game.new_initial_state() if scenario is None else game.scenario_state(scenario)


def step_digest(game: Game[Any, Any], state: Any, seat: int, out: np.ndarray) -> str:
    """What seat `seat` saw before its move: its encoded view and its legal mask."""
    game.encode(game.view_for(state, seat), out)
    mask = np.zeros(game.info.num_actions, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return hashlib.sha256(out.tobytes() + mask.tobytes()).hexdigest()[:16]


def build(
    game: Game[Any, Any],
    history: Sequence[int],
    *,
    scenario: Mapping[str, Any] | None = None,
    agents: Mapping[str, str] | None = None,
    notes: Mapping[int, Mapping[str, Any]] | None = None,
) -> dict[str, Any]:
    """The recording of `history` (played from `scenario`, or the game's start)."""
    doc: dict[str, Any] = json.loads(game.serialize(game.new_initial_state()))
    if scenario is not None:
        doc["scenario"] = dict(scenario)
    state = start_state(game, doc)
    out = np.zeros(game.observation_size(), dtype=np.float32)
    movers: list[int] = []
    digests: list[str] = []
    for action in history:
        seat = state.current_player()
        movers.append(int(seat))
        digests.append("" if seat == CHANCE else step_digest(game, state, seat, out))
        state.apply_action(int(action))
    doc["history"] = [int(a) for a in history]
    doc["record"] = {
        "format": FORMAT,
        "movers": movers,
        "digests": digests,
        "returns": [float(r) for r in state.returns()] if state.is_terminal() else None,
        "agents": dict(agents or {}),
        "notes": {str(k): dict(v) for k, v in sorted((notes or {}).items())},
    }
    return doc


def parse(text: str) -> tuple[Game[Any, Any], dict[str, Any]]:
    """The game and document of a recording's text; RecordingError names what is wrong."""
    from nemesis_env.envs.registry import list_games, load_game

    try:
        doc = load_json_text(text)
    except DocumentError as exc:
        raise RecordingError(f"a recording is JSON; this text is not ({exc})") from exc
    if not isinstance(doc, dict) or not isinstance(doc.get("record"), dict):
        raise RecordingError(
            "not a recording: a JSON object with game, params, history and a 'record' section "
            "(plain saves hold no record; `nemesis replay FILE` shows them)"
        )
    record = doc["record"]
    if record.get("format") != FORMAT:
        raise RecordingError(f"record format {record.get('format')!r}; this engine reads {FORMAT}")
    if doc.get("game") not in list_games():
        raise RecordingError(f"recording of game {doc.get('game')!r}; games are {list_games()}")
    params = doc.get("params", {})
    if not isinstance(params, dict):
        raise RecordingError(f"a recording's params are a mapping, got {params!r}")
    try:
        game = load_game(doc["game"], **params)
        game.deserialize(json.dumps({k: v for k, v in doc.items() if k != "record"}))
    except (NemesisError, TypeError) as exc:
        raise RecordingError(f"the recorded game does not load: {exc}") from exc
    _check_shape(record, len(doc["history"]))
    return game, doc


def _check_shape(record: Mapping[str, Any], steps: int) -> None:
    for key, kind in (("movers", int), ("digests", str)):
        values = record.get(key)
        if not isinstance(values, list) or not all(type(v) is kind for v in values):
            raise RecordingError(f"record.{key} is a list of {kind.__name__}")
        if len(values) != steps:
            raise RecordingError(f"record.{key} has {len(values)} entries for {steps} steps")
    if not isinstance(record.get("notes", {}), dict):
        raise RecordingError("record.notes is a mapping of step -> note")


@dataclass(frozen=True, slots=True)
class Verified:
    steps: int
    decisions: int
    terminal: bool


def verify(game: Game[Any, Any], doc: Mapping[str, Any]) -> Verified:
    """Replays the recording step by step; RecordingError at the first difference."""
    record = doc["record"]
    state = start_state(game, doc)
    out = np.zeros(game.observation_size(), dtype=np.float32)
    decisions = 0
    for step, action in enumerate(doc["history"]):
        seat = state.current_player()
        if seat != record["movers"][step]:
            raise RecordingError(
                f"step {step}: the recording has seat {record['movers'][step]} to move, this "
                f"engine has {seat}"
            )
        if seat != CHANCE:
            decisions += 1
            digest = step_digest(game, state, seat, out)
            if digest != record["digests"][step]:
                raise RecordingError(
                    f"step {step}: seat {seat}'s observation or legal actions differ from the "
                    f"recording (digest {digest}, recorded {record['digests'][step]})"
                )
        try:
            state.apply_action(int(action))
        except IllegalActionError as exc:
            raise RecordingError(f"step {step}: action {action} is not legal here: {exc}") from exc
    returns = [float(r) for r in state.returns()] if state.is_terminal() else None
    if returns != record.get("returns"):
        raise RecordingError(f"returns {returns} differ from the recorded {record.get('returns')}")
    return Verified(len(doc["history"]), decisions, state.is_terminal())


def load_and_verify(text: str) -> tuple[Game[Any, Any], dict[str, Any], Verified]:
    game, doc = parse(text)
    try:
        return game, doc, verify(game, doc)
    except CheckpointError as exc:
        raise RecordingError(str(exc)) from exc
