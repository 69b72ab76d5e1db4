"""The agent protocol, and the uniformly random agent.

Every agent answers `act(ctx, rng) -> action id`. The context carries what the acting seat may
use: the flat observation and int8 mask (for learned agents), the seat's View and the Game (for
heuristic and information-set search agents, which call `game.sample_world(view, rng)`).
Only agents that declare `omniscient = True` are handed the true state, and the tournament labels
them so; every other agent never sees it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True, slots=True)
class AgentContext:
    """One decision as the acting seat sees it."""

    seat: int
    observation: npt.NDArray[np.float32]
    action_mask: npt.NDArray[np.int8]
    view: Any
    game: Any
    state: Any = None  # the true state: filled in only for omniscient agents
    # the role the seat plays now (Game.role_of: public); None where the caller did not say,
    # which means the seat's starting role (GameInfo.seat_roles)
    role: str | None = None

    def role_now(self) -> str:
        """The role this decision is taken in."""
        return self.role if self.role is not None else str(self.game.info.seat_roles[self.seat])

    def legal_actions(self) -> list[int]:
        return [int(a) for a in np.flatnonzero(self.action_mask)]


class Agent(Protocol):
    """`name` labels results; `omniscient` agents read the true state (an upper reference)."""

    name: str
    omniscient: bool

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int: ...


class RandomAgent:
    """Uniform over the legal actions."""

    omniscient = False

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        legal = np.flatnonzero(ctx.action_mask)
        return int(legal[rng.integers(len(legal))])


def explanation(agent: Agent) -> dict[str, Any] | None:
    """What `agent` says of its last decision, if it says anything: an agent may define
    `explain() -> dict` (a policy's "probs" and "value", a search's "visits" and "q"), which
    recordings keep beside the move (nemesis_env/tools/recording.py)."""
    explain = getattr(agent, "explain", None)
    if explain is None:
        return None
    note = explain()
    return dict(note) if note else None
