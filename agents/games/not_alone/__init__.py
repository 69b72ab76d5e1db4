"""Not Alone's agent kit: heuristic agents, rollout policy, fitted value, belief, datasets.

heuristic.py   the heuristic agent of each seat (model.py: the model both roles share;
               creature.py, hunted.py: the two agents)
rollout.py     a cheap, fair rollout policy for search
value.py       the fitted value of a position (leaf value and shaping potential);
               value_fit.py refits it into data/not_alone_value.json
beliefs.py     the heuristic model as a belief over face-down cards, for ISMCTS
data/          the fitted value, and the ISMCTS Creature's expert games
               (configs/expert_creature.yaml)
"""

from pathlib import Path

from agents.games.not_alone.beliefs import heuristic_belief
from agents.games.not_alone.heuristic import heuristic_agent
from agents.games.not_alone.rollout import rollout_policy
from agents.games.not_alone.value import load_value, shaping_potential
from agents.kit import AgentKit

DATA_DIR = Path(__file__).parent / "data"

KIT = AgentKit(
    game="not_alone",
    heuristic=heuristic_agent,
    rollout_policy=rollout_policy,
    leaf_value=load_value,
    belief=heuristic_belief,
    shaping=shaping_potential,
    expert_datasets={
        # the ISMCTS Creature's own games (configs/expert_creature.yaml)
        "not_alone_creature_ismcts": DATA_DIR / "not_alone_creature_ismcts.json.gz",
        # the distilled Creature's games, labelled by the same search (DAgger;
        # configs/expert_creature_dagger.yaml)
        "not_alone_creature_dagger": DATA_DIR / "not_alone_creature_dagger.json.gz",
    },
    # the names that configs used before the kit existed
    aliases={
        "rollout_policy": ("not_alone",),
        "leaf_value": ("not_alone",),
        "shaping": ("not_alone_value",),
    },
)

__all__ = ["KIT", "heuristic_agent"]
