"""NotAloneGame: params, data and action table; a factory for states, views and tensors."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import Layout
from nemesis_env.core.events import Event
from nemesis_env.core.game import CHANCE, Game, GameInfo, UtilityKind
from nemesis_env.core.scenario import scenario_game
from nemesis_env.core.zones import Deck
from nemesis_env.games.not_alone import encoder, invariants, labels, scenario, svg
from nemesis_env.games.not_alone import view as views
from nemesis_env.games.not_alone.actions import (
    CHANCE_SPACE,
    NUM_ACTIONS,
    NUM_CHANCE_OUTCOMES,
    SPACE,
    chance_outcome_name,
)
from nemesis_env.games.not_alone.defs import NotAloneData, load_data
from nemesis_env.games.not_alone.params import NotAloneParams
from nemesis_env.games.not_alone.render import render_view, seat_name
from nemesis_env.games.not_alone.rules import build_effects, build_rules
from nemesis_env.games.not_alone.rules.kinds import S_SETUP_SIDE
from nemesis_env.games.not_alone.state import NO_EFFECT, State

RULES_VERSION = "not_alone-2"


NotAloneState = State  # the state with the kernel's driving methods (state.py)


class NotAloneGame(Game[NotAloneState, Any]):
    """One configuration of Not Alone. Build it with keyword params (see NotAloneParams)."""

    def __init__(self, **params: Any) -> None:
        self.params: NotAloneParams = NotAloneParams.from_kwargs(**params)
        self.data: NotAloneData = load_data()
        self.space = SPACE
        self.chance_space = CHANCE_SPACE
        self.rules = build_rules()
        self.effects = build_effects()
        _check_card_indices(self.data)
        players = self.params.players
        hunted = [f"hunted_{i}" for i in range(self.params.num_hunted)]
        self.info = GameInfo(
            name="not_alone",
            num_players=players,
            num_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CHANCE_OUTCOMES,
            max_game_length=4000,
            min_utility=-1.0,
            max_utility=1.0,
            rules_version=RULES_VERSION,
            seat_names=("creature", *hunted),
            seat_roles=("creature",) + ("hunted",) * len(hunted),
            seat_teams=(0,) + (1,) * len(hunted),
            team_names=("creature", "hunted"),
            utility=UtilityKind.TEAM,
        )
        self._encoder = encoder.NotAloneEncoder(self.params.num_hunted)

    def params_dict(self) -> dict[str, Any]:
        return self.params.to_dict()

    def new_initial_state(self, log_events: bool = True) -> NotAloneState:
        s = NotAloneState.__new__(NotAloneState)
        fill_initial_state(s, self, log_events)
        self.rules.settle(s)
        return s

    def view_for(self, state: NotAloneState, seat: int) -> Any:
        return views.view_for(state, seat)

    def sample_world(self, view: Any, rng: np.random.Generator) -> NotAloneState:
        return views.sample_world(self, view, rng)

    def encode(self, view: Any, out: npt.NDArray[np.float32]) -> None:
        self._encoder.encode(view, out)

    def observation_size(self) -> int:
        return self._encoder.layout.size

    def observation_layout(self) -> Layout:
        return self._encoder.layout

    @property
    def encoder(self) -> Any:
        return self._encoder

    def render(self, state: NotAloneState, seat: int | None = None) -> str:
        """Text drawing of what `seat` sees; seat None is the spectator (no hidden cards)."""
        return render_view(self, views.view_for(state, -1 if seat is None else seat))

    def render_svg(self, state: NotAloneState, seat: int | None = None) -> str:
        """The board drawn in SVG from what `seat` sees (svg.py); seat None is the spectator."""
        return svg.board_svg(self, views.view_for(state, -1 if seat is None else seat))

    def invariant_errors(self, state: NotAloneState) -> list[str]:
        return invariants.invariant_errors(self, state)

    def scenario_state(self, document: Mapping[str, Any]) -> NotAloneState:
        self.check_saved_params(document)
        return scenario.fill(self, document)

    def chance_outcome_name(self, outcome_id: int) -> str:
        return chance_outcome_name(outcome_id)

    def action_label(self, state: NotAloneState, action_id: int) -> str:
        return labels.action_label(self, state, action_id)

    def decision_label(self, state: NotAloneState) -> str:
        return labels.decision_label(state)

    def seat_label(self, seat: int) -> str:
        return seat_name(seat)

    def event_text(self, event: Event, seat: int | None) -> str:
        return labels.event_text(self, event, seat)


def fill_initial_state(s: State, game: NotAloneGame, log_events: bool) -> None:
    """Setup (seed 003; reference A.2) before any card is dealt."""
    params, board = game.params, game.data.board
    n = params.num_hunted
    start_hand = 0
    for place in board.starting_places:
        start_hand |= 1 << (place - 1)
    s.game = game
    s.num_hunted = n
    s.history = []
    s.events = [] if log_events else None
    s.stage, s.cursor, s.turn = S_SETUP_SIDE, 0, 0
    s.terminal, s.winner = False, 0
    s.stack = []
    s.side = 0
    s.rescue = board.rescue_start_base + params.players
    s.assimilation = board.assimilation_start_base + params.players
    s.beacon = False
    s.reserve = [board.reserve_copies[params.players]] * 5
    s.will = [board.starting_will] * n
    s.hand = [start_hand] * n
    s.discard = [[] for _ in range(n)]
    s.owned = [start_hand] * n
    s.played = [[] for _ in range(n)]
    s.location = [[] for _ in range(n)]
    s.survival = [0] * n
    s.next_effect = [NO_EFFECT] * n
    s.this_effect = [NO_EFFECT] * n
    s.survival_used = [False] * n
    s.resists = [0] * n
    s.gave_up = [False] * n
    s.pending_discard = [0] * n
    s.phobia_shown = [0] * n
    s.smoke_snapshot = ()
    s.shelter_drawn = [0] * n
    s.hunt_hand, s.hunt_deck = 0, Deck(range(20))
    s.hunt_discard, s.hunt_played, s.hunt_limit = [], [], 1
    s.surv_deck, s.surv_discard = Deck(range(15)), []
    s.creature_token, s.target, s.artemia = 0, 0, 0
    s.flags, s.ineffective, s.forbidden, s.anticipation, s.keep = 0, 0, 0, -1, 0
    s.legal_cache = None
    s.scenario = None


def _check_card_indices(data: NotAloneData) -> None:
    """Rules refer to a few cards by index; fail loudly if the data order ever changes."""
    from nemesis_env.games.not_alone.rules import hunt_cards, places, reckoning

    expected = {
        ("hunt", hunt_cards.FLASHBACK): "flashback",
        ("survival", places.DRONE): "drone",
        ("survival", places.GATE): "gate",
        ("survival", reckoning.DETECTOR): "detector",
        ("survival", reckoning.DODGE): "dodge",
    }
    for (deck, index), card_id in expected.items():
        cards = data.hunt if deck == "hunt" else data.survival
        if cards[index].id != card_id:
            raise AssertionError(
                f"{deck} card {index} is {cards[index].id}, rules expect {card_id}"
            )


__all__ = ["CHANCE", "NotAloneGame", "NotAloneState"]


def build_scenario(document: Mapping[str, Any]) -> NotAloneState:
    """The registry's scenario builder: the game the document's params name, then its state."""
    game = scenario_game(document, NotAloneGame)
    return scenario.fill(game, document)
