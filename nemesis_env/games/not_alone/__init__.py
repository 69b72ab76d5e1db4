"""Not Alone (Geek Attitude Games, 2016): one Creature against 1-6 Hunted on planet Artemia.

Rules source: shared/rules/seeds-digest.md seed 003 (the authority) and
shared/rules/not-alone-reference.md; decisions on disputed points: docs/rules-decisions.md.
"""

from typing import Any

__all__ = ["NotAloneGame", "NotAloneParams"]


def __getattr__(name: str) -> Any:
    """Loads the game on first use only: registry discovery imports `entry` alone."""
    if name == "NotAloneGame":
        from nemesis_env.games.not_alone.game import NotAloneGame

        return NotAloneGame
    if name == "NotAloneParams":
        from nemesis_env.games.not_alone.params import NotAloneParams

        return NotAloneParams
    raise AttributeError(name)
