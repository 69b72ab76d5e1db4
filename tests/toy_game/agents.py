"""Toy Raid's agent kit: a placeholder until the AgentKit protocol lands in agents/.

The registry entry points `agent_kit` here so that the generic test "every registered game
names an agent kit" covers the toy. When agents/ defines the AgentKit protocol (heuristic
policy, rollout policy, leaf value, beliefs), replace `KIT` with a real kit built on it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PendingKit:
    """Names the game; has no policies yet (pending the AgentKit protocol)."""

    game: str
    pending: str = "the AgentKit protocol (agents/) is not defined yet"


KIT = PendingKit(game="toy_raid")
