"""The heuristic agents' mixed strategies (agents/games/not_alone/dispatch.py) and the
"heuristic_mix" advice built on them (agents/rl/advice.py).

`policy` must describe exactly what `act` does: the tests compare it with the frequencies of
`act` over many generators (an independent estimate), so a policy that forgot act's uniform
fallback, or a mix that drew differently from the agent, fails them.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext
from agents.games.not_alone import heuristic_agent
from agents.games.not_alone.dispatch import DispatchingAgent, Mix, draw, mix_probabilities
from agents.games.not_alone.model import pick_weighted
from agents.play import decision_context
from agents.rl.advice import Advisor
from nemesis_env import load_game
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.rules import kinds as K

SAMPLES = 4000


def frequencies(agent: Any, ctx: AgentContext) -> dict[int, float]:
    counts = Counter(agent.act(ctx, np.random.default_rng([77, i])) for i in range(SAMPLES))
    return {a: n / SAMPLES for a, n in counts.items()}


def assert_matches(policy: dict[int, float], seen: dict[int, float]) -> None:
    """Each probability within 4.5 standard errors of its observed frequency."""
    assert sum(policy.values()) == pytest.approx(1.0)
    for action in set(policy) | set(seen):
        p = policy.get(action, 0.0)
        tolerance = 4.5 * max(p * (1 - p), 1e-4) ** 0.5 / SAMPLES**0.5
        assert seen.get(action, 0.0) == pytest.approx(p, abs=tolerance), action


def test_mix_probabilities_follow_the_fallbacks_of_act() -> None:
    """Hand-computed: weight 4 in all, an illegal entry of weight 1 spills uniformly."""
    mix: Mix = [(1, 2.0), (5, 1.0), (9, 1.0)]
    probs = mix_probabilities(mix, [1, 5, 7])
    assert probs == pytest.approx({1: 0.5 + 0.25 / 3, 5: 0.25 + 0.25 / 3, 7: 0.25 / 3})
    # no weight: pick_weighted takes the first entry, 3, illegal here: uniform over [4, 6]
    assert mix_probabilities([(3, 0.0), (4, 0.0)], [4, 6]) == {4: 0.5, 6: 0.5}
    assert mix_probabilities([(3, 0.0), (4, 0.0)], [3, 4]) == {3: 1.0}


def test_draw_uses_one_draw_as_pick_weighted() -> None:
    """A handler returning its mix plays the move it would have drawn itself."""
    weights = [0.1, 0.0, 0.5, 0.4]
    mix = [(10 + i, w) for i, w in enumerate(weights)]
    for seed in range(50):
        a, b = np.random.default_rng(seed), np.random.default_rng(seed)
        assert draw(mix, a) == 10 + pick_weighted(weights, b)
        assert a.random() == b.random()  # the same stream consumed


class FixedMix(DispatchingAgent):
    name = "fixed"

    def __init__(self, kind: int, mix: Mix) -> None:
        self.handlers = {kind: lambda v, d, legal, rng: mix}


def first_decision(kind: int, players: int = 4, seed: int = 3) -> tuple[Any, Any, int]:
    """The game (heuristic play from `seed`) at its first decision of `kind`."""
    game = load_game("not_alone", players=players)
    state = game.new_initial_state(log_events=False)
    agents = [heuristic_agent(game, s) for s in range(players)]
    chance, rng = np.random.default_rng([seed, 0]), np.random.default_rng([seed, 1])
    obs = np.zeros(game.observation_size(), dtype=np.float32)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), chance))
            continue
        view = game.view_for(state, seat)
        if view.stack and view.stack[-1].kind == kind and len(state.legal_actions()) > 1:
            return game, state, seat
        ctx = decision_context(game, state, seat, agents[seat], game.info.seat_roles[seat], obs)
        state.apply_action(agents[seat].act(ctx, rng))
    raise AssertionError(f"no decision of kind {kind} in the game")


def context(game: Any, state: Any, seat: int) -> AgentContext:
    obs = np.zeros(game.observation_size(), dtype=np.float32)
    return decision_context(game, state, seat, heuristic_agent(game, seat), "", obs)


def test_policy_of_a_mix_with_an_illegal_entry_matches_act() -> None:
    game, state, seat = first_decision(K.D_CREATURE_TOKEN)
    ctx = context(game, state, seat)
    legal = ctx.legal_actions()
    mix = [(legal[0], 3.0), (legal[1], 1.0), (max(legal) + 1, 2.0)]  # the last is illegal
    agent = FixedMix(K.D_CREATURE_TOKEN, mix)
    assert_matches(agent.policy(ctx, np.random.default_rng(0)), frequencies(agent, ctx))


@pytest.mark.parametrize(
    ("kind", "players"), [(K.D_CREATURE_TOKEN, 4), (K.D_EXPLORE, 4), (K.D_CREATURE_TOKEN, 2)]
)
def test_heuristic_policy_is_the_distribution_of_its_moves(kind: int, players: int) -> None:
    """The Creature's token and a Hunted's card: a real mix (several moves), as act plays."""
    game, state, seat = first_decision(kind, players)
    ctx = context(game, state, seat)
    agent = heuristic_agent(game, seat)
    policy = agent.policy(ctx, np.random.default_rng(0))
    assert sum(1 for p in policy.values() if p > 0.01) >= 2
    assert set(policy) <= set(ctx.legal_actions())
    assert_matches(policy, frequencies(agent, ctx))


def test_mix_advice_writes_the_probabilities_and_pure_moves_stay_one_hot() -> None:
    game, state, seat = first_decision(K.D_CREATURE_TOKEN)
    ctx = context(game, state, seat)
    out = np.zeros(game.info.num_actions, dtype=np.float32)
    Advisor("heuristic_mix").advise_into(ctx, np.random.default_rng(1), out)
    policy = heuristic_agent(game, seat).policy(ctx, np.random.default_rng(1))
    assert {int(a): float(out[a]) for a in np.flatnonzero(out)} == pytest.approx(
        {a: p for a, p in policy.items() if p > 0}
    )
    # a decision without a mix (the first, choosing the board side): the move's one-hot
    game2 = load_game("not_alone", players=4)
    state2 = game2.new_initial_state(log_events=False)
    while state2.current_player() == CHANCE:
        state2.apply_action(state2.chance_outcomes()[0][0])
    seat2 = state2.current_player()
    ctx2 = context(game2, state2, seat2)
    mixed = np.zeros(game2.info.num_actions, dtype=np.float32)
    Advisor("heuristic_mix").advise_into(ctx2, np.random.default_rng(2), mixed)
    move = Advisor("heuristic").advise(ctx2, np.random.default_rng(2))
    assert mixed.sum() == 1.0 and mixed[move] == 1.0


def test_mix_advice_at_a_mixed_decision_does_not_depend_on_the_generator() -> None:
    """The input shows the mix, not a draw: two generators, one advice (with "heuristic", a
    one-hot of a draw, they differ for some seed)."""
    game, state, seat = first_decision(K.D_CREATURE_TOKEN)
    ctx = context(game, state, seat)
    advices = []
    for seed in range(8):
        out = np.zeros(game.info.num_actions, dtype=np.float32)
        Advisor("heuristic_mix").advise_into(ctx, np.random.default_rng(seed), out)
        advices.append(out)
    assert all(np.array_equal(advices[0], a) for a in advices)
    moves = {Advisor("heuristic").advise(ctx, np.random.default_rng(s)) for s in range(8)}
    assert len(moves) > 1
