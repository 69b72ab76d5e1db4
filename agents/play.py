"""Plays one game between agents on the kernel; only the acting seat gets an observation."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from agents.base import Agent, AgentContext, explanation
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE, RoleResult

_EVENT_LOG: dict[type[Any], bool] = {}  # per game class: does new_initial_state take log_events


def _has_event_log(game: Any) -> bool:
    kind = type(game)
    if kind not in _EVENT_LOG:
        try:
            _EVENT_LOG[kind] = "log_events" in inspect.signature(game.new_initial_state).parameters
        except (TypeError, ValueError):
            _EVENT_LOG[kind] = False
    return _EVENT_LOG[kind]


def new_state(game: Any) -> Any:
    """A fresh initial state for play, search or training: `game.new_initial_state()` as the
    Game protocol declares it, without the event log where the game keeps one that it lets
    callers switch off (`log_events=False`, as Not Alone does; agents never read events)."""
    if _has_event_log(game):
        return game.new_initial_state(log_events=False)
    return game.new_initial_state()


LateAgents = Callable[[int, str], Agent]
"""`late_agents(seat, role) -> Agent`: the agent that plays `seat` once it takes the late role
`role` (GameInfo.late_roles), built when the seat first acts in it."""


@dataclass(frozen=True, slots=True)
class GameResult:
    returns: tuple[float, ...]
    length: int  # player decisions
    history: tuple[int, ...]
    role_results: tuple[RoleResult, ...] = ()  # Game.role_results of the final state

    def starting_role_returns(self, info: Any) -> list[float]:
        """Per seat, its result in the role it started in (a seat that took a late role lost
        or won its starting role on its own account). Without role results, the returns."""
        if not self.role_results:
            return list(self.returns)
        out = [0.0] * info.num_players
        for r in self.role_results:
            if r.role == info.seat_roles[r.seat]:
                out[r.seat] = r.value
        return out

    def late_results(self, info: Any) -> list[RoleResult]:
        """The results of late roles (GameInfo.late_roles) played in this game."""
        return [r for r in self.role_results if r.role != info.seat_roles[r.seat]]


def decision_context(
    game: Any, state: Any, seat: int, agent: Agent, role: str, obs: np.ndarray
) -> AgentContext:
    """What `agent` is handed for `seat`'s decision: its view, encoded into `obs` (reused
    between calls), its legal mask, and the true state only if the agent is omniscient."""
    view = game.view_for(state, seat)
    game.encode(view, obs)
    mask = np.zeros(game.info.num_actions, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return AgentContext(
        seat=seat,
        observation=obs,
        action_mask=mask,
        view=view,
        game=game,
        state=state.clone() if agent.omniscient else None,
        role=role,
    )


def play_with_notes(
    game: Any,
    agents: Sequence[Agent],
    chance_rng: np.random.Generator,
    agent_rngs: Sequence[np.random.Generator],
    late_agents: LateAgents | None = None,
) -> tuple[GameResult, dict[int, dict[str, Any]]]:
    """`play_game`, keeping what each agent said of its moves (`agents.base.explanation`),
    by position in the history: the notes a recording holds."""
    notes: dict[int, dict[str, Any]] = {}

    def keep(seat: int, position: int, agent: Agent) -> None:
        if (note := explanation(agent)) is not None:
            notes[position] = note

    result = play_game(game, agents, chance_rng, agent_rngs, keep, late_agents)
    return result, notes


def play_game(
    game: Any,
    agents: Sequence[Agent],
    chance_rng: np.random.Generator,
    agent_rngs: Sequence[np.random.Generator],
    after_move: Callable[[int, int, Agent], None] | None = None,
    late_agents: LateAgents | None = None,
) -> GameResult:
    """Plays one game; agents[seat] acts for each seat. Chance uses its own stream.

    Where a seat takes a late role (GameInfo.late_roles), `late_agents(seat, role)` builds the
    agent that plays it from then on (without it, agents[seat] plays on, told the role in its
    context). Either way the seat's own random stream serves it.

    `after_move(seat, position, agent)`, if given, is called after each agent's move is chosen
    and before it is applied; `position` is the move's index in the game's history (e.g. to
    read a search agent's root statistics for that move).
    """
    g = game
    state = new_state(g)
    obs = np.zeros(g.observation_size(), dtype=np.float32)
    seat_roles, late_roles = g.info.seat_roles, g.info.late_roles
    late: dict[tuple[int, str], Agent] = {}
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), chance_rng))
            continue
        role = g.role_of(state, seat) if late_roles else seat_roles[seat]
        agent = agents[seat]
        if role != seat_roles[seat] and late_agents is not None:
            if (seat, role) not in late:
                late[seat, role] = late_agents(seat, role)
            agent = late[seat, role]
        ctx = decision_context(g, state, seat, agent, role, obs)
        action = agent.act(ctx, agent_rngs[seat])
        if after_move is not None:
            after_move(seat, len(state.history), agent)
        state.apply_action(action)
        decisions += 1
    return GameResult(
        tuple(state.returns()), decisions, tuple(state.history), tuple(g.role_results(state))
    )


def winners(returns: Sequence[float]) -> tuple[int, ...]:
    """The seats that won a game with these returns; several may win (general-sum games).

    Every seat with a positive return wins; where none is positive, the seats with the top
    return win, unless every seat has it (then nobody won: a draw, or everyone lost alike).
    """
    positive = tuple(s for s, r in enumerate(returns) if r > 0)
    if positive or not returns:
        return positive
    top = max(returns)
    if all(r == top for r in returns):
        return ()
    return tuple(s for s, r in enumerate(returns) if r == top)
