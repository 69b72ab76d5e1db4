"""The rule variant of one Not Alone game, validated at construction."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

import numpy as np

from nemesis_env.core.errors import ParamError

ZERO_WILL_MODES = ("once", "per_hunted")


@dataclass(frozen=True, slots=True)
class NotAloneParams:
    """`players` counts everyone (the Creature plus 1-6 Hunted).

    board_side: 1 or 2 fixes the side; 0 lets the Creature choose as its first decision
        (seed 003: "the Creature chooses the side").
    expert: the Expert variant (seed 003): a Hunted losing their last Will in the Reckoning
        takes back only 2 Will.
    zero_will_assimilation: "once" (seed 003: one space however many Hunted hit 0 Will in one
        Reckoning) or "per_hunted" (an alternative reading; see docs/rules-decisions.md).
    """

    players: int = 4
    board_side: int = 0
    expert: bool = False
    zero_will_assimilation: str = "once"

    def __post_init__(self) -> None:
        # numpy integers are welcome (counts come from arrays) but stored as plain ints, so
        # that params serialize and compare as JSON does
        for name in ("players", "board_side"):
            value = getattr(self, name)
            if isinstance(value, np.integer):
                object.__setattr__(self, name, int(value))
        if type(self.players) is not int or not 2 <= self.players <= 7:
            raise ParamError(f"players must be an integer in 2..7, got {self.players!r}")
        if type(self.board_side) is not int or self.board_side not in (0, 1, 2):
            raise ParamError(
                f"board_side must be 1, 2 or 0 (the Creature chooses), got {self.board_side!r}"
            )
        if not isinstance(self.expert, bool):
            raise ParamError(f"expert must be true or false, got {self.expert!r}")
        if self.zero_will_assimilation not in ZERO_WILL_MODES:
            raise ParamError(
                f"zero_will_assimilation must be one of {ZERO_WILL_MODES}, "
                f"got {self.zero_will_assimilation!r}"
            )

    @property
    def num_hunted(self) -> int:
        return self.players - 1

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> NotAloneParams:
        allowed = [f.name for f in fields(cls)]
        if unknown := sorted(set(kwargs) - set(allowed)):
            raise ParamError(f"unknown Not Alone params {unknown}; allowed: {allowed}")
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
