"""Search agents: legal and reproducible choices, time budgets, no peeking, and finding wins.

MCTSAgent is omniscient (reads ctx.state); ISMCTSAgent must work from ctx.view alone, which
`test_ismcts_never_reads_the_true_state` and `test_ismcts_choice_depends_only_on_the_view`
check with a state that raises on any access and with two true states sharing one view.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext, RandomAgent
from agents.games.not_alone import heuristic_agent
from agents.games.not_alone.rollout import rollout_policy as not_alone_rollout_policy
from agents.play import play_game
from agents.search import AgentRolloutPolicy, ISMCTSAgent, MCTSAgent
from agents.search.common import rollout
from agents.search.ismcts import _puct
from nemesis_env.core.chance import resolve_chance, sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    OPT_GIVE_UP,
    OPT_RESIST,
    OPT_USE_POWER,
    PLACE,
    place_id,
)
from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState
from nemesis_env.scenario import load

GAMES = {players: NotAloneGame(players=players) for players in (2, 4, 7)}


def context(game: NotAloneGame, state: NotAloneState, true_state: Any = None) -> AgentContext:
    """The context play_game builds for the seat to move; `true_state` goes in ctx.state."""
    seat = state.current_player()
    view = game.view_for(state, seat)
    observation = np.zeros(game.observation_size(), dtype=np.float32)
    game.encode(view, observation)
    mask = np.zeros(game.info.num_actions, dtype=np.int8)
    mask[state.legal_actions()] = 1
    return AgentContext(seat, observation, mask, view, game, true_state)


def midgame_states(game: NotAloneGame, count: int, seed: int) -> list[NotAloneState]:
    """`count` decision states (more than one legal action) from random games, spread out."""
    rng = np.random.default_rng(seed)
    states: list[NotAloneState] = []
    while len(states) < count:
        s = game.new_initial_state(log_events=False)
        stop = int(rng.integers(5, 90))
        decisions = 0
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(sample_outcome(s.chance_outcomes(), rng))
                continue
            legal = s.legal_actions()
            if decisions >= stop and len(legal) > 1:
                states.append(s.clone())
                break
            s.apply_action(legal[int(rng.integers(len(legal)))])
            decisions += 1
    return states


class Untouchable:
    """A stand-in for the true state that fails the test on any use at all."""

    def __getattribute__(self, name: str) -> Any:
        raise AssertionError(f"the agent read the true state (.{name})")

    def __bool__(self) -> bool:
        raise AssertionError("the agent read the true state (bool)")


def wreck_win() -> NotAloneState:
    """Hunted 0 resolves the Wreck with Rescue 1 from the star: its power wins at once. Any
    other choice lets the Creature token catch Hunted 1 at the Lair, and Assimilation (1 from
    the star) wins for the Creature."""
    state: NotAloneState = load(
        {
            "game": "not_alone",
            "params": {"players": 3, "board_side": 1},
            "phase": "reckoning",
            "rescue": 1,
            "assimilation": 1,
            "creature": {"limit": 0},
            "hunt_deck": [],
            "allow_no_hunt_cards": True,
            "hunted": [
                {"hand": [1, 4, 5], "discard": [2, 3], "played": ["wreck"]},
                {"hand": [2, 3, 4, 5], "played": ["lair"]},
            ],
            "tokens": {"creature": "lair"},
        }
    )
    return state


def creature_catch_win() -> NotAloneState:
    """The Creature places its token; both Hunted hide at the Jungle. Catching them finishes
    Assimilation; anything else loses (Rescue is 1 from the star at the end of the turn)."""
    state: NotAloneState = load(
        {
            "game": "not_alone",
            "params": {"players": 3, "board_side": 1},
            "phase": "hunt_tokens",
            "rescue": 1,
            "assimilation": 1,
            "creature": {"limit": 0},
            "hunt_deck": [],
            "allow_no_hunt_cards": True,
            "hunted": [
                {"hand": [1, 3, 4, 5], "played": ["jungle"]},
                {"hand": [1, 3, 4, 5], "played": ["jungle"]},
            ],
        }
    )
    return state


AGENTS: dict[str, Callable[[], Any]] = {
    "mcts": lambda: MCTSAgent(iterations=6),
    "ismcts": lambda: ISMCTSAgent(iterations=6),
    "ismcts-public": lambda: ISMCTSAgent(iterations=6, tree="public"),
    "ismcts-so": lambda: ISMCTSAgent(iterations=6, tree="so"),
    "ismcts-mixed": lambda: ISMCTSAgent(
        iterations=6, rollout_policy=not_alone_rollout_policy, final_temperature=1.0
    ),
    "ismcts-others-policy": lambda: ISMCTSAgent(
        iterations=6, rollout_policy=not_alone_rollout_policy, others="policy"
    ),
}


@pytest.mark.parametrize("players", [2, 4, 7])
@pytest.mark.parametrize("kind", sorted(AGENTS))
def test_returns_a_legal_action_mid_game(players: int, kind: str) -> None:
    game = GAMES[players]
    agent = AGENTS[kind]()
    for i, state in enumerate(midgame_states(game, 4, seed=players * 10 + len(kind))):
        ctx = context(game, state, state.clone() if agent.omniscient else None)
        action = agent.act(ctx, np.random.default_rng(i))
        assert action in state.legal_actions()
        assert agent.last_stats.iterations == 6


@pytest.mark.parametrize("kind", sorted(AGENTS))
def test_same_rng_same_choice_and_search(kind: str) -> None:
    game = GAMES[4]
    for state in midgame_states(game, 3, seed=7):
        ctx = context(game, state, state.clone())
        runs = []
        for _ in range(2):
            agent = AGENTS[kind]()
            action = agent.act(ctx, np.random.default_rng(123))
            runs.append((action, agent.last_stats.iterations, agent.last_stats.nodes))
        assert runs[0] == runs[1]
        assert ctx.state.fingerprint() == state.fingerprint()  # the search left it untouched


def test_mcts_and_ismcts_play_whole_games_deterministically() -> None:
    game = GAMES[2]
    results = []
    for _ in range(2):
        agents: list[Any] = [MCTSAgent(iterations=4), ISMCTSAgent(iterations=4)]
        rngs = [np.random.default_rng(s) for s in (1, 2, 3)]
        results.append(play_game(game, agents, rngs[0], rngs[1:]))
    assert results[0] == results[1]
    assert results[0].returns[0] in (-1.0, 1.0)


@pytest.mark.parametrize("agent_class", [MCTSAgent, ISMCTSAgent])
def test_time_budget_stops_the_search(agent_class: type[Any]) -> None:
    game = GAMES[4]
    state = midgame_states(game, 1, seed=3)[0]
    agent = agent_class(iterations=10**9, time_budget_s=0.1)
    start = time.perf_counter()
    action = agent.act(context(game, state, state.clone()), np.random.default_rng(0))
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions()
    assert 0.1 <= elapsed < 0.5  # one iteration (a rollout) is a few milliseconds
    assert 1 <= agent.last_stats.iterations < 10**9


@pytest.mark.parametrize("tree", ["infoset", "public", "so"])
@pytest.mark.parametrize("players", [2, 4, 7])
def test_ismcts_never_reads_the_true_state(players: int, tree: str) -> None:
    game = GAMES[players]
    agent = ISMCTSAgent(iterations=10, tree=tree)  # type: ignore[arg-type]
    for i, state in enumerate(midgame_states(game, 3, seed=players)):
        ctx = context(game, state, Untouchable())
        assert agent.act(ctx, np.random.default_rng(i)) in state.legal_actions()


@pytest.mark.parametrize("players", [2, 4, 7])
def test_ismcts_modelling_others_by_heuristics_never_reads_the_true_state(players: int) -> None:
    """others="policy" with the heuristic agents as the model: they act on determinized Views."""
    game = GAMES[players]
    heuristics = AgentRolloutPolicy(game, [heuristic_agent(game, s) for s in range(players)])
    agent = ISMCTSAgent(iterations=10, rollout_policy=heuristics, others="policy")
    for i, state in enumerate(midgame_states(game, 3, seed=50 + players)):
        ctx = context(game, state, Untouchable())
        assert agent.act(ctx, np.random.default_rng(i)) in state.legal_actions()


@pytest.mark.parametrize("players", [2, 4, 7])
def test_ismcts_choice_depends_only_on_the_view(players: int) -> None:
    """Two true states differing in what the acting seat cannot see give the same choice."""
    game = GAMES[players]
    differing = 0
    for i, state in enumerate(midgame_states(game, 4, seed=100 + players)):
        seat = state.current_player()
        view = game.view_for(state, seat)
        other = game.sample_world(view, np.random.default_rng(1000 + i))
        assert game.view_for(other, seat) == view
        differing += other.fingerprint() != state.fingerprint()
        choices = [
            ISMCTSAgent(iterations=12).act(context(game, s, s), np.random.default_rng(i))
            for s in (state, other)
        ]
        assert choices[0] == choices[1]
    assert differing  # the hidden parts really differed somewhere


def test_mcts_finds_the_winning_wreck_power() -> None:
    state = wreck_win()
    assert state.current_player() == 1 and OPT_USE_POWER in state.legal_actions()
    agent = MCTSAgent(iterations=60)
    for seed in range(3):
        ctx = context(state.game, state, state.clone())
        assert agent.act(ctx, np.random.default_rng(seed)) == OPT_USE_POWER


def test_ismcts_finds_the_winning_wreck_power() -> None:
    state = wreck_win()
    agent = ISMCTSAgent(iterations=60)
    for seed in range(3):
        ctx = context(state.game, state, Untouchable())
        assert agent.act(ctx, np.random.default_rng(seed)) == OPT_USE_POWER


def test_omniscient_mcts_catches_the_hidden_hunted() -> None:
    state = creature_catch_win()
    assert state.current_player() == 0 and len(state.legal_actions()) == 10
    agent = MCTSAgent(iterations=150)
    for seed in range(2):
        ctx = context(state.game, state, state.clone())
        assert agent.act(ctx, np.random.default_rng(seed)) == place_id(2)  # the Jungle


def test_mcts_needs_the_true_state() -> None:
    state = midgame_states(GAMES[2], 1, seed=5)[0]
    with pytest.raises(ValueError, match="true state"):
        MCTSAgent(iterations=2).act(context(GAMES[2], state), np.random.default_rng(0))


def test_forced_moves_skip_the_search() -> None:
    game = GAMES[2]
    rng = np.random.default_rng(4)
    s = game.new_initial_state(log_events=False)
    while True:
        resolve_chance(s, rng)
        legal = s.legal_actions()
        if len(legal) == 1:
            break
        s.apply_action(legal[int(rng.integers(len(legal)))])
    for agent in (MCTSAgent(), ISMCTSAgent()):
        ctx = context(game, s, Untouchable())  # a forced move needs no state at all
        assert agent.act(ctx, rng) == legal[0]
        assert agent.last_stats.iterations == 0


def test_rollout_limit_and_policy_are_used() -> None:
    game = GAMES[4]
    state = midgame_states(game, 1, seed=9)[0]
    assert rollout(state.clone(), random.Random(0), limit=0) == (0.0,) * 4
    calls = []

    def first_legal(s: Any, legal: list[int], rnd: Any) -> int:
        calls.append(s.current_player())
        return legal[0]

    for agent in (
        MCTSAgent(iterations=3, rollout_limit=5, rollout_policy=first_legal),
        ISMCTSAgent(iterations=3, rollout_limit=5, rollout_policy=first_legal),
    ):
        calls.clear()
        ctx = context(game, state, state.clone())
        assert agent.act(ctx, np.random.default_rng(0)) in state.legal_actions()
        assert 0 < len(calls) <= 3 * 5


@pytest.mark.parametrize(
    "kwargs",
    [
        {"iterations": 0},
        {"time_budget_s": 0.0},
        {"exploration": -1.0},
        {"rollout_limit": -1},
        {"final_temperature": -1.0},
    ],
)
def test_bad_params_are_refused(kwargs: dict[str, Any]) -> None:
    classes = (ISMCTSAgent,) if "final_temperature" in kwargs else (MCTSAgent, ISMCTSAgent)
    for agent_class in classes:
        with pytest.raises(ValueError):
            agent_class(**kwargs)
    with pytest.raises(ValueError, match="tree"):
        ISMCTSAgent(tree="mo")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="others must be 'tree' or 'policy'"):
        ISMCTSAgent(others="search")  # type: ignore[arg-type]


def test_other_seats_play_the_policy_inside_the_tree() -> None:
    """others="policy": every other seat's move in the tree walk comes from the rollout policy
    (no rollout moves here: rollout_limit=0), and the root seat's own moves never do; with the
    default "tree" the policy is not asked for a single in-tree move."""
    game = GAMES[4]
    movers: list[tuple[int, int]] = []

    def recording(s: Any, legal: list[int], rnd: Any) -> int:
        movers.append((s.current_player(), len(legal)))
        return legal[int(rnd.random() * len(legal))]

    for i, state in enumerate(midgame_states(game, 4, seed=21)):
        seat = state.current_player()
        for others, asked in (("tree", False), ("policy", True)):
            movers.clear()
            agent = ISMCTSAgent(
                iterations=40, rollout_limit=0, rollout_policy=recording, others=others
            )
            agent.act(context(game, state, Untouchable()), np.random.default_rng(i))
            assert all(player != seat for player, _ in movers)
            assert bool(movers) is asked


def test_the_leaf_horizon_counts_from_the_root() -> None:
    """A tree walk that reaches the value's horizon stops there: with others="policy" and a
    horizon of one turn, no iteration ever values a state past the next turn's start."""
    game = GAMES[4]
    seen: list[int] = []

    class Horizon:
        def mark(self, s: Any) -> int:
            return int(s.turn) + 1

        def reached(self, s: Any, mark: int) -> bool:
            return bool(s.turn >= mark)

        def value(self, s: Any) -> tuple[float, ...]:
            seen.append(int(s.turn))
            return (0.0,) * 4

    for i, state in enumerate(midgame_states(game, 3, seed=5)):
        seen.clear()
        agent = ISMCTSAgent(iterations=60, leaf_value=Horizon(), others="policy")
        agent.act(context(game, state, Untouchable()), np.random.default_rng(i))
        assert seen and set(seen) == {state.turn + 1}


@pytest.mark.parametrize("players", [2, 4, 7])
def test_not_alone_rollout_policy_plays_legal_games_without_surrender(players: int) -> None:
    game = GAMES[players]
    rnd = random.Random(players)
    for _ in range(3):
        s = game.new_initial_state(log_events=False)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(sample_outcome(s.chance_outcomes(), np.random.default_rng(0)))
                continue
            legal = s.legal_actions()
            action = not_alone_rollout_policy(s, legal, rnd)
            assert action in legal
            if action in (OPT_GIVE_UP, OPT_RESIST):
                assert not any(a in PLACE for a in legal)
            s.apply_action(action)


def test_agent_rollout_policy_uses_view_based_agents() -> None:
    game = GAMES[4]
    seen: list[int] = []

    class Recorder(RandomAgent):
        def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
            assert ctx.state is None and ctx.view.seat == ctx.seat
            seen.append(ctx.seat)
            return super().act(ctx, rng)

    policy = AgentRolloutPolicy(game, [Recorder() for _ in range(4)])
    state = midgame_states(game, 1, seed=11)[0]
    agent = ISMCTSAgent(iterations=2, rollout_policy=policy)
    assert agent.act(context(game, state, Untouchable()), np.random.default_rng(0)) in (
        state.legal_actions()
    )
    assert len(set(seen)) > 1
    omniscient = MCTSAgent()
    with pytest.raises(ValueError, match="omniscient"):
        AgentRolloutPolicy(game, [omniscient, RandomAgent(), RandomAgent(), RandomAgent()])


def test_a_decision_without_legal_actions_is_reported() -> None:
    class Stuck:
        stack = ("decision 30",)

        def current_player(self) -> int:
            return 1

        def is_terminal(self) -> bool:
            return False

        def legal_actions(self) -> list[int]:
            return []

        def apply_action(self, action: int) -> None:
            raise AssertionError("nothing is legal")

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return []

        def returns(self) -> tuple[float, ...]:
            return (0.0, 0.0)

    with pytest.raises(RuntimeError, match="no legal action"):
        rollout(Stuck(), random.Random(0))


def test_ismcts_root_prior_guides_the_search() -> None:
    """PUCT at the root: with little evidence the prior's favourite gets the visits."""
    game = GAMES[4]
    state = midgame_states(game, 1, seed=21)[0]
    legal = state.legal_actions()
    favourite = legal[-1]

    class Stubborn(RandomAgent):
        def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
            assert ctx.state is None  # the prior sees the view, like the searcher
            return favourite

    agent = ISMCTSAgent(iterations=8, prior=Stubborn(), prior_samples=4, prior_weight=50.0)
    assert agent.act(context(game, state, Untouchable()), np.random.default_rng(0)) == favourite
    assert agent.last_prior[favourite] > 0.9
    assert agent.last_root[favourite][0] >= 7  # visits
    with pytest.raises(ValueError, match="omniscient"):
        ISMCTSAgent(prior=MCTSAgent())
    with pytest.raises(ValueError, match="prior_samples"):
        ISMCTSAgent(prior=RandomAgent(), prior_samples=0)


def test_first_play_urgency_lets_an_unvisited_move_compete() -> None:
    """PUCT by hand: a visited move with mean 0.1 (20 visits, prior 0.9) against an unvisited
    one (prior 0.1), weight 0.2, so scale = 0.2 * sqrt(20) = 0.894. Valued at 0, the unvisited
    move scores 0.0894 against 0.1 + 0.894 * 0.9 / 21 = 0.1383: never tried. Valued at the
    visited mean, it scores 0.1894 and is tried next."""
    stats = {1: [20, 2.0, 20], 2: [0, 0.0, 20]}
    priors = {1: 0.9, 2: 0.1}
    assert _puct(stats, [1, 2], priors, 0.2) == 1
    assert _puct(stats, [1, 2], priors, 0.2, "parent") == 2


def test_the_prior_spreads_its_even_share() -> None:
    """`prior_even`: a prior agent that always plays one of 4 moves gives it 1 - e + e / 4 and
    every other move e / 4."""
    game = GAMES[4]
    state = midgame_states(game, 1, seed=21)[0]
    legal = state.legal_actions()
    favourite = legal[0]

    class Stubborn(RandomAgent):
        def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
            return favourite

    for share in (0.05, 0.5):
        agent = ISMCTSAgent(iterations=2, prior=Stubborn(), prior_samples=2, prior_even=share)
        agent.act(context(game, state, Untouchable()), np.random.default_rng(0))
        even = share / len(legal)
        assert agent.last_prior[favourite] == pytest.approx(1 - share + even)
        assert agent.last_prior[legal[-1]] == pytest.approx(even)
    with pytest.raises(ValueError, match="prior_even must be in"):
        ISMCTSAgent(prior_even=1.5)
    with pytest.raises(ValueError, match="first_play must be"):
        ISMCTSAgent(first_play="mean")  # type: ignore[arg-type]


def test_heuristic_belief_weighs_face_down_cards_and_stays_fair() -> None:
    """At the Creature token decision the belief prefers the model's likely cards; the search
    with it still never reads the true state."""
    from agents.games.not_alone import heuristic_agent
    from agents.games.not_alone.beliefs import heuristic_belief
    from agents.games.not_alone.model import outlook
    from nemesis_env.games.not_alone.rules.kinds import D_CREATURE_TOKEN

    game = GAMES[4]
    rng = np.random.default_rng(3)
    state = game.new_initial_state(log_events=False)
    assert heuristic_belief(game.view_for(state, 0)) is None  # nothing face down yet
    while not (state.stack and state.stack[-1].kind == D_CREATURE_TOKEN):
        if state.current_player() == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        state.apply_action(heuristic_agent(game, seat).act(context(game, state), rng))
    view = game.view_for(state, 0)
    accept = heuristic_belief(view)
    assert accept is not None
    dist = outlook(view).dist
    worlds = [game.sample_world(view, rng) for _ in range(200)]
    weights = [accept(w) for w in worlds]
    assert all(0 < x <= 1 for x in weights)
    for world, weight in zip(worlds, weights, strict=True):
        expected = 1.0
        for h in range(view.num_hunted):
            card = world.played[h][0]
            expected *= max(dist[h][card - 1] / max(dist[h]), 0.02)
        assert weight == pytest.approx(expected)
    assert len({tuple(map(tuple, w.played)) for w in worlds}) > 1  # worlds do differ
    agent = ISMCTSAgent(iterations=20, belief=heuristic_belief)
    assert agent.act(context(game, state, Untouchable()), np.random.default_rng(0)) in (
        state.legal_actions()
    )
    with pytest.raises(ValueError, match="belief_tries"):
        ISMCTSAgent(belief=heuristic_belief, belief_tries=0)
