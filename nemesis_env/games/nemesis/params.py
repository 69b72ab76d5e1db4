"""The rule variant of one Nemesis game, validated at construction.

Every point the sources leave open (nemesis-reference.md §20) that is a rule rather than
component data is a named param here, with its default and reason in docs/rules-decisions.md.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

import numpy as np

from nemesis_env.core.errors import ParamError

MODES = ("standard", "solo", "coop")  # seed 000 "Modes"; the intruder player: intruder_player
SOLO_PLAYERS = 1
CREW_PLAYERS = range(2, 6)  # standard and co-op: 2 to 5 characters (nemesis-reference.md §1)
BOARD_SIDES = ("basic", "alternate")  # defs/board.py BOARD_FILES names each side's data file
POD_EJECTION = ("with_occupants", "empty_only")


@dataclass(frozen=True, slots=True)
class NemesisParams:
    """`players` counts the seats, one character each: 2-5 in the standard and co-op modes, 1
    in solo (seed 000 "Modes": "one player, one character"), so `players` and `mode` always
    agree and nothing else (GameInfo, tournaments) needs to know the mode to count seats.

    mode: "standard" (semi-cooperative: a Corporate and a Personal objective each, one chosen,
        each player wins alone), "solo" (one player, two Solo/Co-op objectives, one chosen; item
        counters halved rounding up) or "coop" (one public Solo/Co-op objective per player; the
        crew wins together when all are met and someone survives; the AutoDoc revives).

    self_destruct_to_yellow / self_destruct_to_skull: advances of the self-destruct marker,
        counted from its start, until the first yellow space (no stopping, pods unlock) and
        until the skull (the ship explodes); reference §4.4 gives 3/7 and 6/8.
    board_side: "basic" (the side with the red arrow) or "alternate": the back, whose graph is
        our reconstruction (data/board_alternate.yaml, docs/rules-decisions.md 300).
    intruder_flips_unexplored: an Intruder that moves into an unexplored room turns its tile
        face up without resolving the exploration token (FAQ v2.2, reference §7.7); false
        keeps the tile face down.
    pod_ejection: what the Escape Pod Ejection event does to a pod with characters waiting in
        it: they leave with it ("with_occupants") or the event takes the lowest empty pod.
    intruder_player: seed 000 "Modes", "Playing as the Intruders": the first player whose
        character dies (ties: the lower player number) plays the Intruders from the next Player
        Phase with the 10-card intruder deck (rules/intruder_player.py); standard mode only.
    max_rounds: truncation for training: the game stops (no winner, `truncated`) after this
        many player-phase decisions; None plays to the end.
    """

    players: int = 4
    mode: str = "standard"
    board_side: str = "basic"
    self_destruct_to_yellow: int = 3
    self_destruct_to_skull: int = 7
    intruder_flips_unexplored: bool = True
    pod_ejection: str = "with_occupants"
    max_rounds: int | None = None
    intruder_player: bool = False

    def __post_init__(self) -> None:
        for name in ("players", "self_destruct_to_yellow", "self_destruct_to_skull",
                     "max_rounds"):  # fmt: skip
            value = getattr(self, name)
            if isinstance(value, np.integer):
                object.__setattr__(self, name, int(value))
        _choice("mode", self.mode, MODES)
        _check_players(self.mode, self.players)
        _choice("board_side", self.board_side, BOARD_SIDES)
        _choice("pod_ejection", self.pod_ejection, POD_EJECTION)
        for name in ("self_destruct_to_yellow", "self_destruct_to_skull"):
            value = getattr(self, name)
            if type(value) is not int or not 1 <= value <= 15:
                raise ParamError(f"{name} must be an integer in 1..15, got {value!r}")
        if self.self_destruct_to_skull <= self.self_destruct_to_yellow:
            raise ParamError(
                f"self_destruct_to_skull ({self.self_destruct_to_skull}) must be greater than "
                f"self_destruct_to_yellow ({self.self_destruct_to_yellow})"
            )
        if not isinstance(self.intruder_flips_unexplored, bool):
            raise ParamError(
                f"intruder_flips_unexplored must be true or false, "
                f"got {self.intruder_flips_unexplored!r}"
            )
        _check_intruder_player(self.mode, self.intruder_player)
        if self.max_rounds is not None and (type(self.max_rounds) is not int
                                            or self.max_rounds < 1):  # fmt: skip
            raise ParamError(f"max_rounds must be a positive integer or null, "
                             f"got {self.max_rounds!r}")  # fmt: skip

    @classmethod
    def from_kwargs(cls, **kwargs: Any) -> NemesisParams:
        allowed = [f.name for f in fields(cls)]
        if unknown := sorted(set(kwargs) - set(allowed)):
            raise ParamError(f"unknown Nemesis params {unknown}; allowed: {allowed}")
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _check_players(mode: str, players: Any) -> None:
    if mode == "solo":
        if players != SOLO_PLAYERS or type(players) is not int:
            raise ParamError(f"mode 'solo' is played by players=1 (one character), got "
                             f"players={players!r}")  # fmt: skip
    elif type(players) is not int or players not in CREW_PLAYERS:
        raise ParamError(f"players must be an integer in 2..5 in mode {mode!r} (mode 'solo' "
                         f"is the one-player game), got {players!r}")  # fmt: skip


def _check_intruder_player(mode: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise ParamError(f"intruder_player must be true or false, got {value!r}")
    if value and mode != "standard":
        raise ParamError(
            f"intruder_player needs mode 'standard' (seed 000: a dead player takes the Intruders "
            f"over from rivals; solo has nobody to play against and co-op has no rivals), got "
            f"mode {mode!r}"
        )


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> None:
    if not isinstance(value, str) or value not in allowed:
        raise ParamError(f"{name} must be one of {list(allowed)}, got {value!r}")
