"""Search agents: omniscient MCTS (an upper reference) and information-set MCTS (fair)."""

from agents.search.common import AgentRolloutPolicy, RolloutPolicy, SearchStats
from agents.search.ismcts import ISMCTSAgent
from agents.search.mcts import MCTSAgent

__all__ = [
    "AgentRolloutPolicy",
    "ISMCTSAgent",
    "MCTSAgent",
    "RolloutPolicy",
    "SearchStats",
]
