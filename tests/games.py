"""The (game, params) cases that the generic suites play: every registered game (the built-in
ones and the test-only Toy Raid of tests/conftest.py), every player count with the default
variant, and every other variant once, at a player count that rotates through the counts (the
full product would double the suite's time for little more coverage) unless the variant names
its own `players` (Nemesis's solo mode is the one-player game)."""

from __future__ import annotations

import functools
import math
from typing import Any

import pytest

from nemesis_env.core.game import GameInfo, UtilityKind
from nemesis_env.envs.registry import game_entry, list_games, load_game
from nemesis_env.tools.playthrough import random_history


def _id(name: str, params: dict[str, Any]) -> str:
    rest = "".join(f"-{k}={v}" for k, v in params.items() if k != "players")
    return f"{name}-{params['players']}p{rest}"


def cases() -> list[Any]:
    """pytest params of (game name, params dict)."""
    out = []
    for name in list_games():
        entry = game_entry(name)
        counts = entry.player_counts
        default, *others = entry.variants
        chosen = [{**default, "players": n} for n in counts]
        # a variant naming its own `players` (a one-player mode) keeps it
        chosen += [{"players": counts[(i + 1) % len(counts)], **v} for i, v in enumerate(others)]
        out += [pytest.param(name, params, id=_id(name, params)) for params in chosen]
    return out


def default_cases() -> list[Any]:
    """Only the default variant at every player count (for the slower suites)."""
    return [
        pytest.param(name, {**game_entry(name).variants[0], "players": n}, id=f"{name}-{n}p")
        for name in list_games()
        for n in game_entry(name).player_counts
    ]


@functools.cache
def _game(name: str, frozen: tuple[tuple[str, Any], ...]) -> Any:
    return load_game(name, **dict(frozen))


def game(name: str, params: dict[str, Any]) -> Any:
    """One shared Game object per case (Games are static, so tests may share them)."""
    return _game(name, tuple(sorted(params.items())))


@functools.cache
def _history(name: str, frozen: tuple[tuple[str, Any], ...], seed: int) -> tuple[int, ...]:
    return tuple(random_history(_game(name, frozen), seed))


def history(name: str, params: dict[str, Any], seed: int) -> tuple[int, ...]:
    """The ids of one whole random game of a case (cached)."""
    return _history(name, tuple(sorted(params.items())), seed)


def check_returns(info: GameInfo, returns: tuple[float, ...]) -> None:
    """Terminal returns as the game's utility kind promises."""
    assert len(returns) == info.num_players
    assert all(info.min_utility <= r <= info.max_utility for r in returns)
    if info.utility is UtilityKind.ZERO_SUM:
        assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)
    if info.utility is UtilityKind.TEAM:
        team_returns = []
        for team in range(len(info.team_names)):
            values = {returns[s] for s in info.seats_of_team(team)}
            assert len(values) == 1, f"seats of team {info.team_names[team]} differ: {returns}"
            team_returns.append(values.pop())
        if len(team_returns) == 2:
            assert team_returns[0] == -team_returns[1], "two teams: one's gain is the other's loss"
