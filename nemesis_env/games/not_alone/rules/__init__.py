"""Not Alone's rules as plain functions over State, one module per phase or mechanic.

Importing this package registers every stage, decision and effect handler in `engine`.
"""

from nemesis_env.games.not_alone.rules import (  # noqa: F401  (imported for registration)
    decks,
    end_turn,
    exploration,
    hunt_cards,
    hunting,
    places,
    reckoning,
    setup,
    survival_cards,
)
