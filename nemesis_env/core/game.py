"""The kernel contract (OpenSpiel's): a static Game and a dynamic State driven by action ids.

Chance is a player: at a chance node `current_player() == CHANCE` and `chance_outcomes()` lists
`(outcome_id, probability)`. The engine owns no random generator; whoever drives it samples.
A game is exactly `(params, history)`, which gives serialization, replay and golden files.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable
from xml.sax.saxutils import escape as xml_escape

import numpy as np
import numpy.typing as npt

from nemesis_env.core.data import DocumentError, load_json_text
from nemesis_env.core.encoder import Layout
from nemesis_env.core.engine import AUTO, CHANCE, TERMINAL
from nemesis_env.core.errors import CheckpointError, IllegalActionError, NemesisError
from nemesis_env.core.events import Event
from nemesis_env.core.spaces import ActionSpace

ViewT = TypeVar("ViewT")
StateT = TypeVar("StateT", bound="State")


class UtilityKind(StrEnum):
    """How returns relate across seats.

    ZERO_SUM: two seats, returns sum to zero. TEAM: seats are grouped in teams, every seat of a
    team gets the same return and the teams' outcomes are opposed. GENERAL_SUM: each seat has its
    own return; several seats may win (or all lose) together.
    """

    ZERO_SUM = "zero_sum"
    TEAM = "team"
    GENERAL_SUM = "general_sum"


def as_action_id(value: Any) -> int:
    """`value` as a plain int id, or IllegalActionError naming its type.

    Only Python ints and numpy integers are ids, as in PettingZoo's classic envs: `int(72.7)` or
    `int("72")` would silently act on an id the caller never chose. Booleans are refused too,
    and integers outside int64, which no action table reaches (Python will not even write one
    of 5000 digits into an error message).
    """
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        action_id = int(value)
        if not -(2**63) <= action_id < 2**63:
            raise IllegalActionError(
                f"an action id is a 64-bit integer, got one of {action_id.bit_length()} bits"
            )
        return action_id
    text = " ".join(repr(value).split())  # one line, even for a 2-d numpy array
    raise IllegalActionError(
        f"an action is an integer id (a Python int or a numpy integer), "
        f"got {type(value).__name__} {text[:80]}{'...' if len(text) > 80 else ''}"
    )


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about one game configuration, including who plays: every seat's name, its
    role (seats of one role share a policy in training, and a tournament lineup assigns agents
    to roles) and its team (ratings and team utilities group seats by team).

    `late_roles` are roles that no seat starts with but a seat may take during a game (a dead
    player who takes the enemy over): `Game.role_of(state, seat)` says which role a seat plays
    now, and `Game.role_results(state)` what each seat scored in each role it played. Such a
    role is its own policy in training and its own position in a tournament."""

    name: str
    num_players: int
    num_actions: int
    max_chance_outcomes: int
    max_game_length: int
    min_utility: float
    max_utility: float
    rules_version: str
    seat_names: tuple[str, ...]
    seat_roles: tuple[str, ...]
    seat_teams: tuple[int, ...]
    team_names: tuple[str, ...]
    utility: UtilityKind
    late_roles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        n = self.num_players
        for label in ("seat_names", "seat_roles", "seat_teams"):
            if len(getattr(self, label)) != n:
                raise ValueError(f"{self.name}: {label} needs {n} entries, "
                                 f"got {getattr(self, label)}")  # fmt: skip
        if len(set(self.seat_names)) != n:
            raise ValueError(f"{self.name}: seat names must differ, got {self.seat_names}")
        if sorted(set(self.seat_teams)) != list(range(len(self.team_names))):
            raise ValueError(f"{self.name}: teams {self.seat_teams} must number every team of "
                             f"{self.team_names} from 0")  # fmt: skip
        if len(set(self.late_roles)) != len(self.late_roles) or set(self.late_roles) & set(
            self.seat_roles
        ):
            raise ValueError(f"{self.name}: late roles {self.late_roles} must differ from each "
                             f"other and from the seat roles {self.seat_roles}")  # fmt: skip
        if self.utility is UtilityKind.ZERO_SUM and n != 2:
            raise ValueError(f"{self.name}: a zero-sum game has two seats, not {n}")

    @property
    def roles(self) -> tuple[str, ...]:
        """The distinct roles, in the order their first seat appears, then the late roles."""
        return tuple(dict.fromkeys(self.seat_roles)) + self.late_roles

    def seats_of_role(self, role: str) -> tuple[int, ...]:
        """The seats that start the game in `role` (none for a late role)."""
        if role not in self.roles:
            raise ValueError(f"{self.name}: no role {role!r}; roles are {self.roles}")
        return tuple(s for s, r in enumerate(self.seat_roles) if r == role)

    def seats_of_team(self, team: int) -> tuple[int, ...]:
        return tuple(s for s, t in enumerate(self.seat_teams) if t == team)

    def seat_index(self, name: str) -> int:
        if name not in self.seat_names:
            raise ValueError(f"{self.name}: no seat {name!r}; seats are {list(self.seat_names)}")
        return self.seat_names.index(name)


@dataclass(frozen=True, slots=True)
class RoleResult:
    """One seat's result in one role it played (Game.role_results)."""

    seat: int
    role: str
    value: float


@runtime_checkable
class State(Protocol):
    """Dynamic state. Static data lives on the Game and is shared by reference."""

    history: list[int]

    def current_player(self) -> int:
        """A seat index, CHANCE, or TERMINAL."""

    def legal_actions(self) -> list[int]:
        """Ascending ids; empty only when terminal. At chance nodes: the outcome ids."""

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(outcome id, probability) pairs summing to 1; empty when not at a chance node."""

    def apply_action(self, action_id: int) -> None:
        """Applies a player action or chance outcome; an illegal id raises IllegalActionError."""

    def is_terminal(self) -> bool: ...

    def returns(self) -> tuple[float, ...]: ...

    def clone(self) -> State: ...

    def fingerprint(self) -> str:
        """A canonical text of the whole state, equal exactly when two states are equal."""


class Game(ABC, Generic[StateT, ViewT]):
    """Params, loaded data, the declared action space and GameInfo; a factory for states and
    views."""

    info: GameInfo
    space: ActionSpace  # the declared action table
    chance_space: ActionSpace  # the declared chance-outcome table
    params: Any

    @abstractmethod
    def new_initial_state(self) -> StateT: ...

    @abstractmethod
    def view_for(self, state: StateT, seat: int) -> ViewT:
        """Everything `seat` may know, and nothing else."""

    @abstractmethod
    def sample_world(self, view: ViewT, rng: np.random.Generator) -> StateT:
        """A full state consistent with `view`, hidden parts sampled with `rng`."""

    @abstractmethod
    def encode(self, view: ViewT, out: npt.NDArray[np.float32]) -> None:
        """Writes the observation tensor of `view` into the preallocated `out`."""

    def observe(self, state: StateT, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Writes `seat`'s observation of `state` into `out`: the encoding of its view. Envs
        call this; a game may override it to skip view parts the encoder does not read (the
        tensor must stay `encode(view_for(state, seat))`, which tools/invariants.py checks)."""
        self.encode(self.view_for(state, seat), out)

    @abstractmethod
    def observation_size(self) -> int: ...

    @abstractmethod
    def observation_layout(self) -> Layout:
        """The named pieces of the observation tensor (their offsets, meanings and bounds)."""

    @abstractmethod
    def params_dict(self) -> dict[str, Any]:
        """The params as plain JSON values; `type(game)(**params_dict())` rebuilds the game."""

    def seat_names(self) -> list[str]:
        return list(self.info.seat_names)

    # -- roles that change during a game (GameInfo.late_roles) ------------------------------
    def role_of(self, state: StateT, seat: int) -> str:
        """The role `seat` plays now; every seat may know it (it is public). A game with late
        roles overrides this; by default a seat keeps its starting role."""
        return self.info.seat_roles[seat]

    def role_results(self, state: StateT) -> list[RoleResult]:
        """What each seat scored in each role it played, once the game is over: one entry per
        seat and role, the seat's starting role first. By default one entry per seat, its
        return in its starting role. A game with late roles splits a seat's game in two: the
        return of the role it left (a dead player's) and that of the role it took."""
        returns = state.returns()
        roles = self.info.seat_roles
        return [RoleResult(s, role, float(returns[s])) for s, role in enumerate(roles)]

    def action_name(self, action_id: int) -> str:
        return self.space.name(action_id)

    def chance_outcome_name(self, outcome_id: int) -> str:
        return self.chance_space.name(outcome_id)

    def action_label(self, state: StateT, action_id: int) -> str:
        """What `action_id` means for the open decision of `state`, in words for a human."""
        return self.action_name(action_id)

    def decision_label(self, state: StateT) -> str:
        """The open decision of `state`, in words for a human."""
        return "choose an action"

    def seat_label(self, seat: int) -> str:
        """A seat's name for a human (e.g. "Hunted 0"); the plain seat name by default."""
        return self.info.seat_names[seat]

    def event_text(self, event: Event, seat: int | None) -> str:
        """One log line of `event` as `seat` perceives it (None: the spectator, told which
        events were private). The default lists the payload seen; games word their events."""
        seen = event if seat is None else event.seen_by(seat)
        who = self.seat_label(event.actor) if 0 <= event.actor < self.info.num_players else "-"
        fields = "".join(f", {key} {value}" for key, value in seen.payload)
        line = f"  {who}: {event.kind.replace('_', ' ')}{fields}"
        if seat is not None and seen is not event:
            line += " (hidden)"
        elif seat is None and event.visible_to is not None:
            seats = ", ".join(self.seat_label(s) for s in sorted(event.visible_to))
            line += f"  (private: {seats})"
        return line

    @abstractmethod
    def render(self, state: StateT, seat: int | None = None) -> str:
        """Text drawing of what `seat` may see; None draws the spectator's view."""

    def render_svg(self, state: StateT, seat: int | None = None) -> str:
        """An SVG drawing of what `seat` may see (None: the spectator's view), drawn from the
        seat's view only, for the web viewer (`nemesis serve`). A game draws its board by
        overriding this; by default it is the text drawing of `render` set in SVG."""
        lines = self.render(state, seat).splitlines() or [""]
        width = 8 * max(len(line) for line in lines) + 20
        rows = "".join(
            f'<text x="10" y="{20 + 16 * i}" xml:space="preserve">{xml_escape(line)}</text>'
            for i, line in enumerate(lines)
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
            f'height="{16 * len(lines) + 20}" font-family="monospace" font-size="13">{rows}</svg>'
        )

    def invariant_errors(self, state: StateT) -> list[str]:
        """What is broken in `state`, in words; [] when it is sound.

        The game's own conservation laws, which no generic check can know: every component in
        exactly one zone, counts as the data files print them, tracks within their range.
        `nemesis_env.tools.invariants` calls it after every step of property tests and soak
        runs, next to the generic checks (clone, save and replay equality, views that leak
        nothing). The default checks nothing; tests require every registered game to override
        it.
        """
        return []

    # -- serialization as (params, history) -----------------------------------------------
    def serialize(self, state: StateT) -> str:
        """JSON of (game, rules version, params, history), plus the scenario document a state
        built by `nemesis_env.scenario.load` started from, so that it round-trips."""
        doc: dict[str, Any] = {
            "game": self.info.name,
            "rules_version": self.info.rules_version,
            "params": self.params_dict(),
            "history": list(state.history),
        }
        scenario = getattr(state, "scenario", None)
        if scenario is not None:
            doc["scenario"] = scenario
        return json.dumps(doc, sort_keys=True)

    def deserialize(self, text: str) -> StateT:
        """The state a `serialize` text saved. A text that is no save of this game (not JSON,
        another game, rules version or params, a malformed history) raises CheckpointError;
        a history that is not legal raises IllegalActionError, and the scenario a save names,
        if it is invalid, ScenarioError (or CheckpointError); every message is one line."""
        try:
            doc = load_json_text(text)
        except DocumentError as exc:
            raise CheckpointError(f"a saved game is JSON; this text is not ({exc})") from exc
        if not isinstance(doc, Mapping):
            raise CheckpointError("a saved game is a JSON object with game, params and history")
        if doc.get("game") != self.info.name:
            raise CheckpointError(f"saved game is {doc.get('game')!r}, this is {self.info.name!r}")
        if doc.get("rules_version") != self.info.rules_version:
            raise CheckpointError(
                f"saved game has rules version {doc.get('rules_version')!r}, "
                f"this engine is {self.info.rules_version!r}; replay it with the release that "
                "wrote it"
            )
        if doc.get("params") != self.params_dict():
            raise CheckpointError(
                f"saved game params {doc.get('params')} differ from this game's "
                f"{self.params_dict()}"
            )
        if "history" not in doc:  # replaying nothing would show the start as if it were saved
            raise CheckpointError("a saved game has no 'history' (the list of action ids)")
        history = doc["history"]
        if not isinstance(history, list) or not all(
            isinstance(a, int) and not isinstance(a, bool) for a in history
        ):
            raise CheckpointError("a saved game's history is a list of integer action ids")
        scenario = doc.get("scenario")
        if scenario is None:
            return self.replay(history)
        state = self.scenario_state(scenario)
        for action_id in history:
            state.apply_action(action_id)
        return state

    def scenario_state(self, document: Mapping[str, Any]) -> StateT:
        """The state a scenario document describes (games with scenarios override this)."""
        raise CheckpointError(f"{self.info.name} has no scenarios; this save names one")

    def check_saved_params(self, document: Mapping[str, Any]) -> None:
        """A saved scenario document must name this game's params: CheckpointError otherwise
        (for a `scenario_state` override to call before it builds the state)."""
        params = document.get("params", {}) if isinstance(document, Mapping) else {}
        if not isinstance(params, Mapping):
            raise CheckpointError(f"the saved scenario's params are not a mapping: {params!r}")
        try:
            same = type(self)(**dict(params)).params_dict() == self.params_dict()
        except (NemesisError, TypeError) as exc:
            raise CheckpointError(f"the saved scenario's params are invalid: {exc}") from exc
        if not same:
            raise CheckpointError(
                f"the scenario's params {dict(params)} differ from this game's {self.params_dict()}"
            )

    def replay(self, history: Sequence[int]) -> StateT:
        state = self.new_initial_state()
        for action_id in history:
            state.apply_action(as_action_id(action_id))
        return state


__all__ = [
    "AUTO",
    "CHANCE",
    "TERMINAL",
    "Game",
    "GameInfo",
    "State",
    "UtilityKind",
    "as_action_id",
]
