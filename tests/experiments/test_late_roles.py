"""Late roles (GameInfo.late_roles): a role that a seat takes during a game is its own position
in tournaments, its own team in ratings, and counts only in the games where it was played.

The toy game: three rival crew seats; a dead crew seat may come back as the "ghost". The
rigged games below decide the results from the lineup alone, so every expected figure is
counted by hand from the rigging, never read from the code under test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext
from agents.play import GameResult
from experiments import tournament
from experiments.config import TournamentConfig, config_from_dict
from experiments.lineup import positions
from experiments.tournament import run_tournament
from nemesis_env.core.game import GameInfo, RoleResult, UtilityKind

GHOSTLY = GameInfo(
    name="toy", num_players=3, num_actions=2, max_chance_outcomes=1, max_game_length=10,
    min_utility=0.0, max_utility=1.0, rules_version="toy-1",
    seat_names=("red", "green", "blue"), seat_roles=("crew",) * 3, seat_teams=(0, 1, 2),
    team_names=("red", "green", "blue"), utility=UtilityKind.GENERAL_SUM, late_roles=("ghost",),
)  # fmt: skip


class ToyGame:
    params = None

    def __init__(self, game_info: GameInfo) -> None:
        self.info = game_info


def test_late_role_is_a_position_without_seats() -> None:
    places = positions(GHOSTLY)
    assert [(p.name, p.role, p.team, p.seats) for p in places] == [
        ("red", "crew", 0, (0,)),
        ("green", "crew", 1, (1,)),
        ("blue", "crew", 2, (2,)),
        ("ghost", "ghost", -1, ()),
    ]
    assert GHOSTLY.roles == ("crew", "ghost")
    assert GHOSTLY.seats_of_role("ghost") == ()


def test_late_roles_must_be_new_names() -> None:
    fields = {name: getattr(GHOSTLY, name) for name in GHOSTLY.__dataclass_fields__}
    with pytest.raises(ValueError, match="late roles"):
        GameInfo(**{**fields, "late_roles": ("crew",)})
    with pytest.raises(ValueError, match="late roles"):
        GameInfo(**{**fields, "late_roles": ("ghost", "ghost")})


def _config(out: Path) -> TournamentConfig:
    return config_from_dict(
        TournamentConfig,
        {
            "game": "not_alone",  # replaced by the toy game below
            "players": 3,
            "agents": [{"name": "weak", "kind": "random"}, {"name": "strong", "kind": "random"}],
            "games_per_match": 2,
            "seed": 1,
            "out_dir": str(out),
            "self_play_games": 2,
        },
    )


def test_tournament_rates_the_late_role_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rigging: in game 0 of every match red dies and returns as the ghost, built by the
    tournament's late-role builder; the ghost wins when its agent is "strong", and then no
    crew seat wins; otherwise every crew seat held by "strong" wins. In game 1 nobody dies."""
    built: list[tuple[int, str]] = []

    def rigged(game: Any, agents: Any, chance_rng: Any, agent_rngs: Any, **kw: Any) -> GameResult:
        crew_strong = [a.name == "strong" for a in agents]
        ghost = None
        if rigged.calls % 2 == 0:  # game 0 of the match (the tournament plays them in order)
            ghost = kw["late_agents"](0, "ghost")
            built.append((0, ghost.name))
        rigged.calls += 1
        if ghost is not None and ghost.name == "strong":
            results = [RoleResult(0, "crew", 0.0), RoleResult(1, "crew", 0.0),
                       RoleResult(2, "crew", 0.0), RoleResult(0, "ghost", 1.0)]  # fmt: skip
            return GameResult((1.0, 0.0, 0.0), 1, (), tuple(results))
        crew = [1.0 if s else 0.0 for s in crew_strong]
        if ghost is not None:
            crew[0] = 0.0  # red died
            results = [RoleResult(s, "crew", crew[s]) for s in range(3)]
            results.append(RoleResult(0, "ghost", 0.0))
            return GameResult(tuple(crew), 1, (), tuple(results))
        results = [RoleResult(s, "crew", crew[s]) for s in range(3)]
        return GameResult(tuple(crew), 1, (), tuple(results))

    rigged.calls = 0  # type: ignore[attr-defined]
    monkeypatch.setattr(tournament, "make_game", lambda config: ToyGame(GHOSTLY))
    monkeypatch.setattr(tournament, "play_game", rigged)
    monkeypatch.setattr(tournament, "check_agents", lambda config, game: dict.fromkeys(
        ("weak", "strong"), False))  # fmt: skip
    result = run_tournament(_config(tmp_path / "run"), progress=False)
    games = result.games
    assert all(set(g["lineup"]) == {"red", "green", "blue", "ghost"} for g in games)
    # focal lineups of 2 agents over 4 positions: 2 + 4 * 2 * 1 = 10 matches of 2 games
    assert len(games) == 20 and len(built) == 10
    for g in games:
        ghost_agent = g["lineup"]["ghost"]
        if g["game"] == 0:
            assert g["late"] == [{"role": "ghost", "seat": "red", "value": float(
                ghost_agent == "strong"), "won": ghost_agent == "strong"}]  # fmt: skip
            assert "red" not in g["winners"]  # a seat that died lost its starting role
        else:
            assert g["late"] == []
    rows = {(r["agent"], r["role"]): r for r in result.results["win_rates"]}
    # the ghost played only in game 0 of each match: 10 games; "strong" held it in the
    # lineups where ghost = strong: all-strong, and focal strong on ghost vs weak (1 + 1), plus
    # the three lineups with weak focal on a crew seat and strong elsewhere: 5 games, all won
    assert rows[("strong", "ghost")]["n"] == 5 and rows[("strong", "ghost")]["wins"] == 5
    assert rows[("weak", "ghost")]["n"] == 5 and rows[("weak", "ghost")]["wins"] == 0
    # red (seat 0) never wins in game 0 (it died), so strong on red wins only game 1 of a match
    red_strong = [g for g in games if g["lineup"]["red"] == "strong"]
    wins = sum("red" in g["winners"] for g in red_strong)
    assert rows[("strong", "red")]["wins"] == wins == len(red_strong) // 2
    ghost_cp = result.crossplay["ghost"]
    i, j = ghost_cp["rows"].index("strong"), ghost_cp["cols"].index("weak")
    assert ghost_cp["n"][i][j] == 1 and ghost_cp["win_rate"][i][j] == 1.0
    roles = result.results["ratings"]["agent_role"]
    assert roles["strong"]["ghost"]["ordinal"] > roles["weak"]["ghost"]["ordinal"]
    assert roles["strong"]["ghost"]["games"] == 5


class _Recorder:
    """A random agent that records the roles it was asked to act in."""

    omniscient = False

    def __init__(self, name: str) -> None:
        self.name = name
        self.roles: list[str] = []

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        self.roles.append(ctx.role_now())
        legal = np.flatnonzero(ctx.action_mask)
        return int(legal[rng.integers(len(legal))])


def test_play_game_hands_a_late_role_to_its_own_agent() -> None:
    """Nemesis with the intruder player (seed 000 "Modes"): once a seat runs the Intruders, the
    late-role builder's agent acts for it, told the role; the crew agent of that seat never
    acts again. Seeds are tried in order until a character dies early enough."""
    from agents.play import play_game
    from nemesis_env import load_game

    game = load_game("nemesis", players=3, intruder_player=True)
    assert game.info.roles == ("crew", "intruder")
    for seed in range(40):
        crew = [_Recorder(f"crew{s}") for s in range(3)]
        late: dict[tuple[int, str], _Recorder] = {}

        def build(seat: int, role: str, late: dict[tuple[int, str], _Recorder] = late) -> Any:
            late[seat, role] = _Recorder(f"late{seat}")
            return late[seat, role]

        streams = np.random.SeedSequence(seed).spawn(4)
        rngs = [np.random.default_rng(s) for s in streams]
        result = play_game(game, crew, rngs[0], rngs[1:], late_agents=build)
        if late:
            break
    else:
        pytest.fail("no seed in 0..39 gave an intruder player")
    ((seat, role),) = late
    assert role == "intruder" and set(late[seat, role].roles) == {"intruder"}
    assert all(set(a.roles) <= {"crew"} for a in crew)
    ghost = [r for r in result.role_results if r.role == "intruder"]
    assert [(r.seat, r.value) for r in ghost] == [(seat, result.returns[seat])]
    mine = [r for r in result.role_results if r.seat == seat and r.role == "crew"]
    assert [r.value for r in mine] == [0.0]  # its character died: the crew role is lost
    assert result.starting_role_returns(game.info)[seat] == 0.0
