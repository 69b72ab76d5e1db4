"""Not Alone (Geek Attitude Games, 2016): one Creature against 1-6 Hunted on planet Artemia.

Rules source: shared/rules/seeds-digest.md seed 003 (the authority) and
shared/rules/not-alone-reference.md; decisions on disputed points: docs/rules-decisions.md.
"""

from nemesis_env.games.not_alone.game import NotAloneGame
from nemesis_env.games.not_alone.params import NotAloneParams

__all__ = ["NotAloneGame", "NotAloneParams"]
