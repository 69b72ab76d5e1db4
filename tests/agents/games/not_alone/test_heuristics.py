"""Heuristic Not Alone agents: legal, deterministic, blind to hidden state, and better than random.

Also a few scenario checks of intent (seed 003 / not-alone-reference.md A.6-A.8): the Creature
hunts a Hunted whose only possible card is known, Detours a Hunted onto its token; a Hunted
Dodges when caught, takes the Wreck at the Rover, uses the Wreck, Resists rather than Gives Up.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from agents.base import AgentContext, RandomAgent
from agents.games.not_alone import heuristic_agent
from agents.games.not_alone.creature import HeuristicCreature
from agents.games.not_alone.hunted import HeuristicHunted
from agents.play import play_game
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.not_alone.actions import (
    HUNT,
    HUNTED,
    OPT_GIVE_UP,
    OPT_RESIST,
    OPT_USE_POWER,
    PLACE,
    SURVIVAL,
    place_id,
)
from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState
from nemesis_env.games.not_alone.rules import kinds as K
from nemesis_env.scenario import load

DATA = NotAloneGame().data
DODGE = SURVIVAL.id(DATA.survival_index("dodge"))
DETOUR = HUNT.id(DATA.hunt_index("detour"))


class Checked:
    """Wraps an agent: asserts every answer is legal, and that a Hunted gives up only if forced."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.omniscient = False
        self.decisions = 0

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        action = int(self.agent.act(ctx, rng))
        legal = ctx.legal_actions()
        assert action in legal, (action, legal, ctx.view.stack[-1])
        if action == OPT_GIVE_UP and isinstance(self.agent, HeuristicHunted):
            assert not any(a in PLACE for a in legal), "gave up with a card to play"
        self.decisions += 1
        return action


def rngs(seed: int, players: int) -> tuple[np.random.Generator, list[np.random.Generator]]:
    """The chance stream and one stream per seat, all from the seed."""
    seats = [np.random.default_rng(1000 * seed + i) for i in range(players)]
    return np.random.default_rng(seed), seats


def lineup(kind: str, players: int) -> list[Any]:
    """C/R for the Creature seat, then H (heuristic), R (random) or M (mixed) Hunted."""
    creature: Any = HeuristicCreature() if kind[0] == "C" else RandomAgent()
    hunted: list[Any] = []
    for i in range(players - 1):
        heuristic = kind[1] == "H" or (kind[1] == "M" and i % 2 == 0)
        hunted.append(HeuristicHunted() if heuristic else RandomAgent())
    return [creature, *hunted]


@pytest.mark.parametrize("players", range(2, 8))
def test_every_action_is_legal(players: int) -> None:
    variants: list[dict[str, Any]] = [
        {},
        {"expert": True, "board_side": 1},
        {"zero_will_assimilation": "per_hunted"},
    ]
    for i, kind in enumerate(("CH", "CR", "RH", "CM")):
        for seed in range(3):
            game = NotAloneGame(players=players, **variants[(i + seed) % 3])
            agents = [Checked(a) for a in lineup(kind, players)]
            chance, agent_rngs = rngs(100 * players + 10 * i + seed, players)
            result = play_game(game, agents, chance, agent_rngs)
            assert result.returns[0] in (-1.0, 1.0)
            assert sum(a.decisions for a in agents) == result.length


def test_same_seed_same_game() -> None:
    game = NotAloneGame(players=5)
    first = play_game(game, lineup("CH", 5), *rngs(7, 5))
    reused = lineup("CH", 5)
    play_game(game, reused, *rngs(8, 5))  # agents keep no memory between games
    again = play_game(game, reused, *rngs(7, 5))
    assert first.history == again.history


def contexts(game: NotAloneGame, state: NotAloneState, seat: int, world: NotAloneState) -> Any:
    view = game.view_for(world, seat)
    obs = np.zeros(game.observation_size(), dtype=np.float32)
    game.encode(view, obs)
    mask = np.zeros(game.info.num_actions, dtype=np.int8)
    mask[world.legal_actions()] = 1
    # The true (differing) world is handed over as ctx.state: an agent that read it would differ.
    return AgentContext(seat=seat, observation=obs, action_mask=mask, view=view, game=game,
                        state=world)  # fmt: skip


def test_agents_never_peek_at_hidden_state() -> None:
    """Same view, different hidden cards (game.sample_world): the same answer."""
    game = NotAloneGame(players=4)
    agents: list[Any] = [
        HeuristicCreature(),
        HeuristicHunted(),
        HeuristicHunted(),
        HeuristicHunted(),
    ]
    checked = differing = 0
    for seed in range(3):
        state = game.new_initial_state(log_events=False)
        chance, agent_rngs = rngs(seed, 4)
        step = 0
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), chance))
                continue
            view = game.view_for(state, seat)
            step += 1
            if step % 3 == 0:
                worlds = [game.sample_world(view, np.random.default_rng(step + k)) for k in (0, 1)]
                assert all(game.view_for(w, seat) == view for w in worlds)
                differing += worlds[0].fingerprint() != worlds[1].fingerprint()
                answers = {
                    agents[seat].act(contexts(game, state, seat, w), np.random.default_rng(step))
                    for w in (state, *worlds)
                }
                assert len(answers) == 1
                checked += 1
            ctx = contexts(game, state, seat, state)
            state.apply_action(agents[seat].act(ctx, agent_rngs[seat]))
    assert checked > 50 and differing > checked // 4


def test_factory() -> None:
    game = NotAloneGame(players=7)
    assert isinstance(heuristic_agent(game, 0), HeuristicCreature)
    for seat in range(1, 7):
        assert isinstance(heuristic_agent(game, seat), HeuristicHunted)
    for agent in (heuristic_agent(game, 0), heuristic_agent(game, 1)):
        assert agent.name and agent.omniscient is False


def creature_wins(kind: str, games: int, players: int = 4) -> int:
    game = NotAloneGame(players=players)
    agents = lineup(kind, players)
    return sum(
        play_game(game, agents, *rngs(seed, players)).returns[0] > 0 for seed in range(games)
    )


def test_heuristic_creature_beats_random_hunted() -> None:
    assert creature_wins("CR", 40) >= 24  # measured: 1000 of 1000 (seeds 0-999)


def test_heuristic_hunted_beat_random_creature() -> None:
    assert 40 - creature_wins("RH", 40) >= 24  # measured: 980 of 1000 (seeds 0-999)


# -- intent, on scenario states ------------------------------------------------------------
def decide(agent: Any, state: NotAloneState, seed: int = 0) -> int:
    seat = state.current_player()
    ctx = contexts(state.game, state, seat, state)
    return int(agent.act(ctx, np.random.default_rng(seed)))


def scenario(**doc: Any) -> NotAloneState:
    base: dict[str, Any] = {"game": "not_alone", "params": {"players": 3, "board_side": 1}}
    base.update(doc)
    base.setdefault("creature", {"limit": 0})
    base.setdefault("hunt_deck", [])
    base.setdefault("allow_no_hunt_cards", True)  # the Creature's cards stay out of these tests
    state: NotAloneState = load(base)
    return state


def test_creature_token_on_the_only_possible_card() -> None:
    """Hunted 0 can only have played the Rover: owned minus discard (seed 003 tips)."""
    hunted = [
        {"hand": [], "discard": [1, 2, 3, 4], "played": [5]},
        {"hand": [1, 2, 4, 5], "played": [3]},
    ]
    for seed in range(5):
        state = scenario(phase="hunt_tokens", hunted=hunted)
        assert state.stack[-1].kind == K.D_CREATURE_TOKEN
        assert decide(HeuristicCreature(), state, seed) == place_id(5)


def test_creature_detours_a_hunted_onto_its_token() -> None:
    state = scenario(
        phase="reckoning",
        creature={"hand": ["detour"], "limit": 1},
        tokens={"creature": "wreck"},
        hunted=[{"hand": [1, 2, 4, 5], "played": [3]}, {"hand": [1, 2, 3, 4], "played": [5]}],
    )
    creature = HeuristicCreature()
    assert decide(creature, state) == DETOUR
    state.apply_action(DETOUR)
    assert decide(creature, state) == HUNTED.id(0)
    state.apply_action(HUNTED.id(0))
    assert decide(creature, state) == place_id(8)


def test_hunted_dodges_when_caught() -> None:
    state = scenario(
        phase="reckoning",
        tokens={"creature": "jungle"},
        hunted=[{"hand": [1, 3, 4, 5], "played": [2], "survival": ["dodge"]}, {"played": [5],
                "hand": [1, 2, 3, 4]}],
    )  # fmt: skip
    while state.stack[-1].kind != K.D_CATCH_SURVIVAL:
        state.apply_action(decide(HeuristicHunted(), state))
    assert decide(HeuristicHunted(), state) == DODGE


def test_hunted_uses_the_wreck_and_takes_it_at_the_rover() -> None:
    state = scenario(
        phase="reckoning",
        hunted=[{"hand": [1, 3, 4, 5], "played": [8], "discard": [2]},
                {"hand": [1, 2, 3, 4], "played": [5]}],
    )  # fmt: skip
    assert state.stack[-1].kind == K.D_RESOLVE
    assert decide(HeuristicHunted(), state) == OPT_USE_POWER
    state.apply_action(OPT_USE_POWER)
    assert state.rescue == 13
    assert state.stack[-1].kind == K.D_RESOLVE
    state.apply_action(OPT_USE_POWER)  # Hunted 1 uses the Rover
    assert decide(HeuristicHunted(), state) == place_id(8)


def test_hunted_resists_rather_than_gives_up() -> None:
    hunted = [{"hand": [], "discard": [1, 2, 3, 4, 5], "will": 3}, {}]
    state = scenario(phase="exploration", hunted=hunted)
    assert decide(HeuristicHunted(), state) == OPT_RESIST
    full_hand = scenario(phase="exploration", hunted=[{}, {}])
    assert decide(HeuristicHunted(), full_hand) in PLACE
