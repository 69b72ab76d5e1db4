"""ToyRaidGame and its State: params, GameInfo, the factory for states, views and tensors."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import Layout
from nemesis_env.core.engine import StackState
from nemesis_env.core.errors import ParamError
from nemesis_env.core.game import Game, GameInfo, UtilityKind
from nemesis_env.core.zones import Deck, Hand, Pile
from tests.toy_game import invariants, rules
from tests.toy_game.encoder import ENCODER
from tests.toy_game.view import ToyView, sample_world, view_for


class ToyState(StackState):
    __slots__ = ("cursor", "deck", "hands", "loot", "loot_owner", "played", "players", "round",
                 "rounds")  # fmt: skip

    players: int
    rounds: int
    round: int
    cursor: int
    deck: Deck
    hands: list[Hand]
    played: list[Pile]  # face up, one per seat
    loot: list[Pile]  # one face-down card per raid, seen by the raider and the giver
    loot_owner: list[int]

    def clone(self) -> ToyState:
        t = ToyState.__new__(ToyState)
        t.game, t.history, t.legal_cache = self.game, self.history[:], self.legal_cache
        t.stack, t.stage, t.terminal = self.stack[:], self.stage, self.terminal
        t.players, t.rounds, t.round, t.cursor = self.players, self.rounds, self.round, self.cursor
        t.deck, t.loot_owner = self.deck.clone(), self.loot_owner[:]
        t.hands = [h.clone() for h in self.hands]
        t.played = [p.clone() for p in self.played]
        t.loot = [p.clone() for p in self.loot]
        return t

    def scores(self) -> tuple[int, int]:
        """Points of team 0 (the Hunter's count double) and team 1."""
        points = [0, 0]
        for seat, pile in enumerate(self.played):
            points[rules.team(seat)] += sum(rules.VALUES[c] for c in pile.cards)
        for owner, pile in zip(self.loot_owner, self.loot, strict=True):
            points[rules.team(owner)] += sum(rules.VALUES[c] for c in pile.cards)
        return 2 * points[0], points[1]

    def returns(self) -> tuple[float, ...]:
        if not self.terminal:
            return (0.0,) * self.players
        hunter, scouts = self.scores()
        won = (hunter > scouts) - (hunter < scouts)
        return (float(won),) + (float(-won),) * (self.players - 1)

    def fingerprint(self) -> str:
        return repr((self.stack, self.stage, self.terminal, self.round, self.cursor, self.deck,
                     self.hands, self.played, self.loot, self.loot_owner))  # fmt: skip


class ToyRaidGame(Game[ToyState, ToyView]):
    """`players` 3 or 4 (one Hunter, the rest Scouts); `rounds` 1-3."""

    def __init__(self, players: int = 3, rounds: int = 3) -> None:
        # type(...) is int: 3.0 and True compare equal to allowed counts, and are none
        if type(players) is not int or players not in (3, 4):
            raise ParamError(f"players must be 3 or 4, got {players!r}")
        if type(rounds) is not int or rounds not in (1, 2, 3):
            raise ParamError(f"rounds must be 1, 2 or 3, got {rounds!r}")
        self.params = {"players": players, "rounds": rounds}
        self.space, self.chance_space = rules.SPACE, rules.CHANCE_SPACE
        self.rules = rules.build_rules()
        scouts = tuple(f"scout_{i}" for i in range(players - 1))
        self.info = GameInfo(
            name="toy_raid",
            num_players=players,
            num_actions=len(rules.SPACE),
            max_chance_outcomes=len(rules.CHANCE_SPACE),
            max_game_length=100,
            min_utility=-1.0,
            max_utility=1.0,
            rules_version="toy_raid-1",
            seat_names=("hunter", *scouts),
            seat_roles=("hunter",) + ("scout",) * len(scouts),
            seat_teams=(0,) + (1,) * len(scouts),
            team_names=("hunter", "scouts"),
            utility=UtilityKind.TEAM,
        )

    def params_dict(self) -> dict[str, Any]:
        return dict(self.params)

    def empty_state(self) -> ToyState:
        s = ToyState.__new__(ToyState)
        s.game, s.history, s.legal_cache, s.stack = self, [], None, []
        s.stage, s.terminal = rules.Stage.SETUP, False
        s.players, s.rounds = self.params["players"], self.params["rounds"]
        s.round, s.cursor = 0, 0
        s.deck = Deck([c for c in range(len(rules.VALUES)) for _ in range(rules.COPIES)])
        s.hands = [Hand(seat) for seat in range(s.players)]
        s.played = [Pile() for _ in range(s.players)]
        s.loot, s.loot_owner = [], []
        return s

    def new_initial_state(self) -> ToyState:
        s = self.empty_state()
        self.rules.settle(s)
        return s

    def view_for(self, state: ToyState, seat: int) -> ToyView:
        return view_for(state, seat)

    def sample_world(self, view: ToyView, rng: np.random.Generator) -> ToyState:
        return sample_world(self, view, rng)

    def encode(self, view: ToyView, out: npt.NDArray[np.float32]) -> None:
        ENCODER.encode(view, out)

    def observation_size(self) -> int:
        return ENCODER.layout.size

    def observation_layout(self) -> Layout:
        return ENCODER.layout

    def invariant_errors(self, state: ToyState) -> list[str]:
        return invariants.invariant_errors(state)

    def render(self, state: ToyState, seat: int | None = None) -> str:
        from tests.toy_game.render import render_view

        return render_view(self, view_for(state, -1 if seat is None else seat))
