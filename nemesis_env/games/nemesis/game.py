"""NemesisGame: params, data tables and action tables; a factory for states.

The rules reach everything static through `state.game`: the topology, the integer tables
(tables.py) and the small queries below, so that no rule looks a name up on its hot path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from nemesis_env.core.encoder import Layout
from nemesis_env.core.engine import Rules
from nemesis_env.core.events import Event
from nemesis_env.core.game import Game, GameInfo, RoleResult, UtilityKind
from nemesis_env.core.scenario import scenario_game
from nemesis_env.core.zones import Bag, Deck
from nemesis_env.games.nemesis import (
    event_words,
    intruder_seat,
    invariants,
    labels,
    names,
    scenario,
    svg,
    worlds,
)
from nemesis_env.games.nemesis import rules as rules_pkg
from nemesis_env.games.nemesis import view as views
from nemesis_env.games.nemesis.actions import ACTIONS, CHANCE, Actions, ChanceOutcomes
from nemesis_env.games.nemesis.encoder import NemesisEncoder
from nemesis_env.games.nemesis.intruder_seat import new_intruder_player
from nemesis_env.games.nemesis.params import NemesisParams
from nemesis_env.games.nemesis.render import render_view
from nemesis_env.games.nemesis.rules.hooks import Hooks
from nemesis_env.games.nemesis.rules.kinds import Stage
from nemesis_env.games.nemesis.state import (
    OPEN,
    POD_LOCKED,
    UNKNOWN,
    State,
    ev,
    new_character,
)
from nemesis_env.games.nemesis.tables import DESTINATIONS, OBJECTS, WEAKNESS_SLOTS, tables
from nemesis_env.games.nemesis.view import NemesisView

RULES_VERSION = "nemesis-0"
MAX_GAME_LENGTH = 20000
INTRUDER_ROLE = "intruder"  # the late role of the param intruder_player (GameInfo.late_roles)


class NemesisGame(Game[State, NemesisView]):
    """One configuration of Nemesis. Build it with keyword params (see NemesisParams)."""

    def __init__(self, **params: Any) -> None:
        self.params: NemesisParams = NemesisParams.from_kwargs(**params)
        t = tables(self.params.board_side)
        self.tables = t
        self.data = t.data
        self.topo = t.topo
        self.actions: Actions = ACTIONS
        self.chance: ChanceOutcomes = CHANCE
        self.space = ACTIONS.space
        self.chance_space = CHANCE.space
        self.rules: Rules[State] = rules_pkg.build_rules()
        self.hooks: Hooks = rules_pkg.build_hooks()
        n = self.params.players
        self.info = GameInfo(
            name="nemesis",
            num_players=n,
            num_actions=len(ACTIONS.space),
            max_chance_outcomes=len(CHANCE.space),
            max_game_length=MAX_GAME_LENGTH,
            min_utility=0.0,
            max_utility=1.0,
            rules_version=RULES_VERSION,
            seat_names=tuple(f"player_{i}" for i in range(n)),
            seat_roles=("crew",) * n,
            **_teams(self.params),
            late_roles=(INTRUDER_ROLE,) if self.params.intruder_player else (),
        )
        # the tables the rules index (tables.py)
        self.mini_type = t.mini_type
        self.minis_of_type = t.minis_of_type
        self.token_type = t.token_type
        self.token_surprise = t.token_surprise
        self.tokens_of_type = t.tokens_of_type
        self.attack_hits = t.attack_hits
        self.attack_op = t.attack_op
        self.attack_blood = t.attack_blood
        self.event_moves = t.event_moves
        self.event_corridor = t.event_corridor
        self.event_op = t.event_op
        self.event_removed = t.event_removed
        self.event_shuffled_back = t.event_shuffled_back
        self.wound_type = t.wound_type
        self.slot_kind = t.slot_kind
        self.tile_malfunction_allowed = t.tile_malfunction_allowed
        self.token_effect = t.token_effect
        self.token_items = t.token_items
        self.contam_unknown = t.contam_unknown
        self.contam_clean = t.contam_clean
        self.contam_infected = t.contam_infected
        self.contamination_ids = (t.contam_unknown, t.contam_clean, t.contam_infected)
        first_object = len(t.things) - len(OBJECTS)
        self.first_object = first_object
        self.obj_corpse, self.obj_blue_corpse, self.obj_carcass, self.obj_egg = range(
            first_object, first_object + 4
        )
        self.num_characters = len(t.data.characters)
        self.weakness_ids = tuple(w.id for w in t.data.weaknesses)
        self.objective_cards = t.data.objectives
        self.hibernatorium = t.special_tile.index(t.tiles.index("hibernatorium"))
        self.cockpit = t.special_tile.index(t.tiles.index("cockpit"))
        self._encoder = NemesisEncoder(t)

    # -- the kernel contract (core/game.py) ---------------------------------------------------
    def role_of(self, state: State, seat: int) -> str:
        """ "intruder" for the seat that runs the Intruders (param intruder_player, from the
        Player Phase after its character's death: seed 000 "Modes"), else "crew". Public: the
        seat's pawn is off the board and it plays the intruder cards in the open."""
        return INTRUDER_ROLE if intruder_seat.is_intruder_seat(state, seat) else "crew"

    def role_results(self, state: State) -> list[RoleResult]:
        """Each seat's crew result; the intruder seat also lost as crew (its character died)
        and gets its return as the intruder player (State.returns)."""
        returns = state.returns()
        results = [RoleResult(s, "crew", float(r)) for s, r in enumerate(returns)]
        ip = state.ip
        if ip is not None and ip.active:
            results[ip.seat] = RoleResult(ip.seat, "crew", 0.0)
            results.append(RoleResult(ip.seat, INTRUDER_ROLE, float(returns[ip.seat])))
        return results

    def view_for(self, state: State, seat: int) -> NemesisView:
        return views.view_for(state, seat)

    def sample_world(self, view: NemesisView, rng: np.random.Generator) -> State:
        """A world the seat cannot tell from the real one: the placeholders of its redacted
        state (worlds.py) drawn uniformly from their pools."""
        if view.world is None:
            raise ValueError("this view was built for an observation only (Game.observe); "
                             "sample worlds from Game.view_for(state, seat)")  # fmt: skip
        return worlds.fill(self, view.world, rng)

    def encode(self, view: NemesisView, out: npt.NDArray[np.float32]) -> None:
        self._encoder.encode(view, out)

    def observe(self, state: State, seat: int, out: npt.NDArray[np.float32]) -> None:
        """The encoder does not read the redacted world: the env skips building it."""
        self._encoder.encode(views.view_for(state, seat, world=False), out)

    def observation_size(self) -> int:
        return self._encoder.layout.size

    def observation_layout(self) -> Layout:
        return self._encoder.layout

    def invariant_errors(self, state: State) -> list[str]:
        return invariants.invariant_errors(state)

    def action_label(self, state: State, action_id: int) -> str:
        return labels.action_label(self, state, action_id)

    def decision_label(self, state: State) -> str:
        return labels.decision_label(self, state)

    def seat_label(self, seat: int) -> str:
        return names.seat_label(seat)

    def chance_outcome_name(self, outcome_id: int) -> str:
        return event_words.chance_outcome_name(self, outcome_id)

    def event_text(self, event: Event, seat: int | None) -> str:
        return event_words.event_text(self, event, seat)

    def render(self, state: State, seat: int | None = None) -> str:
        return render_view(self, views.view_for(state, -1 if seat is None else seat))

    def render_svg(self, state: State, seat: int | None = None) -> str:
        """The board drawn from the seat's view (svg.py); None draws the spectator's."""
        return svg.board_svg(self, views.view_for(state, -1 if seat is None else seat))

    def scenario_state(self, document: Mapping[str, Any]) -> State:
        """The state a saved scenario document describes (core/game.py deserialize)."""
        self.check_saved_params(document)
        return _scenario_state(self, document)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """A game pickles as its params: the data tables are rebuilt (and shared) on load."""
        return (_game_from_params, (self.params_dict(),))

    # -- static queries ----------------------------------------------------------------------
    def params_dict(self) -> dict[str, Any]:
        return self.params.to_dict()

    def is_contamination(self, card: int) -> bool:
        return card >= self.contam_unknown

    def is_object(self, thing: int) -> bool:
        return thing >= self.first_object

    def object_id(self, name: str) -> int:
        aliases = {
            "egg": "egg",
            "blue_corpse": "blue_corpse",
            "intruder_carcass": "carcass",
            "carcass": "carcass",
            "character_corpse": "corpse",
            "corpse": "corpse",
        }
        return self.first_object + OBJECTS.index(aliases[name])  # fmt: skip

    def item_capacity(self, thing: int) -> int:
        return self.tables.things[thing].capacity

    def starting_weapon(self, character: int) -> int:
        return self.tables.starting_weapon[character]

    def character_deck(self, character: int) -> tuple[int, ...]:
        return self.tables.character_decks[character]

    def objective_pool(self, corporate: bool) -> list[int]:
        """The cards one objective deal draws from: Corporate or Personal in the standard game,
        the Solo/Co-op deck in the other modes (seed 000 "Modes"), where `corporate` only tells
        a seat's first deal from its second."""
        kind = "corporate" if corporate else "personal"
        if self.params.mode != "standard":
            kind = "solo_coop"
        n = self.params.players
        return [i for i, o in enumerate(self.objective_cards)
                if o.kind == kind and o.min_players <= n]  # fmt: skip

    def item_counter_for(self, token: int) -> int:
        """The Item Counter an exploration token sets: its printed number, halved rounding up
        in solo (seed 000 "Modes": a token showing 1-2 sets 1, 3-4 sets 2)."""
        items = self.token_items[token]
        return (items + 1) // 2 if self.params.mode == "solo" else items

    def weakness_slot_index(self, slot: str) -> int:
        return WEAKNESS_SLOTS.index(slot)

    def coordinates_destination(self, card: int, marker: int) -> str:
        c = self.data.coordinates[card]
        return str((c.a, c.b, c.c, c.d)[marker])

    def pod_section_room(self, pod: int) -> int:
        """The Evacuation Section room of a pod's section, -1 when it is not on the board."""
        return -1

    # -- queries over a state ------------------------------------------------------------------
    def room_with_tile(self, s: State, tile_id: str) -> int:
        tile = self.tables.tiles.index(tile_id)
        return s.tile.index(tile) if tile in s.tile else -1

    def nest_room(self, s: State) -> int:
        """The Nest's room, if its tile has been seen face up (-1 otherwise)."""
        room = self.room_with_tile(s, "nest")
        return room if room >= 0 and s.explored[room] else -1

    def tile_name(self, s: State, room: int) -> str:
        tile = s.tile[room]
        return "" if tile < 0 else self.tables.tiles[tile]

    def room_def(self, s: State, room: int) -> Any:
        tile = s.tile[room]
        return None if tile < 0 else (*self.data.room_tiles, *self.data.special_rooms)[tile]

    def room_colour(self, s: State, room: int) -> str:
        d = self.room_def(s, room)
        return "" if d is None else str(d.colour)

    def room_has_computer(self, s: State, room: int) -> bool:
        d = self.room_def(s, room)
        return d is not None and bool(d.computer)

    def weakness_fire_eggs(self, s: State) -> int:
        return 2 if s.weakness_known("vulnerability_to_fire") else 1

    # -- states -------------------------------------------------------------------------------
    def new_initial_state(self, log_events: bool = True) -> State:
        s = State.__new__(State)
        fill_initial_state(s, self, log_events)
        self.rules.settle(s)
        return s


def _teams(params: NemesisParams) -> dict[str, Any]:
    """Co-op: one team sharing one return (seed 000: all objectives met and someone survives);
    otherwise every seat is its own team and wins or loses on its own."""
    n = params.players
    if params.mode == "coop":
        return {"seat_teams": (0,) * n, "team_names": ("crew",), "utility": UtilityKind.TEAM}
    return {"seat_teams": tuple(range(n)), "team_names": tuple(f"player_{i}" for i in range(n)),
            "utility": UtilityKind.GENERAL_SUM}  # fmt: skip


def build_scenario(document: Mapping[str, Any]) -> State:
    """The registry's scenario builder: the game the document's params name, then its state
    (schema: docs/scenarios.md, "Nemesis")."""
    game = scenario_game(document, NemesisGame)
    return _scenario_state(game, document)


def _scenario_state(game: NemesisGame, document: Mapping[str, Any]) -> State:
    s = State.__new__(State)
    fill_initial_state(s, game, log_events=True)
    return scenario.fill(s, document)


def _game_from_params(params: dict[str, Any]) -> NemesisGame:
    return NemesisGame(**params)


def fill_initial_state(s: State, game: NemesisGame, log_events: bool) -> None:
    """The board as setup leaves it (§4.1) before anything is dealt or drawn."""
    t = game.tables
    n = game.params.players
    rooms = t.topo.num_rooms
    s.game = game
    s.history, s.stack, s.legal_cache, s.scenario = [], [], None, None
    s.events = [] if log_events else None
    s.stage, s.terminal, s.cursor = Stage.SETUP_OBJECTIVES, False, 0
    s.first_player, s.rounds = 0, 0
    s.time = t.data.tracks.time.turns
    s.self_destruct, s.hibernation_started = -1, False
    s.chars = [new_character() for _ in range(n)]
    # special rooms are printed face up; a fixed tile (the alternate side's Evacuation Sections)
    # is placed face up but unexplored, its exploration token face down (seed 000 "Modes")
    s.tile = [max(special, fixed) for special, fixed in zip(t.special_tile, t.fixed_tile,
                                                            strict=True)]  # fmt: skip
    s.tile_known = [(1 << n) - 1 if tile >= 0 else 0 for tile in s.tile]
    s.explored = [tile >= 0 for tile in t.special_tile]
    s.token = [UNKNOWN if tile < 0 else -2 for tile in t.special_tile]
    s.token_known = [0] * rooms
    s.item_counter = [0] * rooms
    s.fire, s.malfunction = [False] * rooms, [False] * rooms
    s.objects = [[] for _ in range(rooms)]
    s.objects[game.hibernatorium].append(game.obj_blue_corpse)
    s.door = [OPEN] * len(t.topo.ends)
    s.noise = [False] * len(t.topo.ends)
    s.tc_noise, s.depressurised = [False] * t.topo.tc_networks, -1
    s.tiles_left = [[i for i, k in enumerate(t.tile_kind) if k == kind and i not in t.fixed_tile]
                    for kind in (0, 1)]  # fmt: skip
    s.tokens_left = list(range(len(t.token_effect)))
    minis = len(t.mini_type)
    s.intruder_room, s.intruder_injuries = [-1] * minis, [0] * minis
    s.intruder_token = [-1] * minis
    bag = Bag()
    supply = list(t.token_pool)
    _fill_bag(game, bag, supply)
    s.bag, s.supply = bag, supply
    s.eggs_in_nest = t.data.board.supply.eggs_on_intruder_board
    s.nest_destroyed, s.queen_killed = False, False
    s.weakness = [UNKNOWN] * len(WEAKNESS_SLOTS)
    s.weaknesses_left = list(range(len(t.data.weaknesses)))
    s.engine = [UNKNOWN] * t.data.board.supply.engines
    s.engine_known = [0] * t.data.board.supply.engines
    s.coordinates, s.coordinates_known = UNKNOWN, 0
    s.destination = DESTINATIONS.index("earth") * 0 + "abcd".index(t.data.tracks.destination.start)
    pods = t.data.board.escape_pods.pods_by_players[n]
    s.pods, s.pod_seats = [POD_LOCKED] * pods, [[] for _ in range(pods)]
    s.item_decks = [Deck(contents) for contents in t.deck_contents]
    s.item_discard = [[] for _ in t.deck_contents]
    s.crafted_left = [r.copies for r in t.data.items.crafted]
    s.event_deck, s.event_discard = Deck(range(len(t.data.events))), []
    s.attack_deck, s.attack_discard = Deck(range(len(t.attack_op))), []
    s.wound_deck, s.wound_discard = Deck(range(len(t.wound_type))), []
    total = sum(c.copies for c in t.data.contamination)
    s.contam_deck_left = total
    s.contam_unresolved = total
    s.contam_infected_left = sum(c.copies for c in t.data.contamination if c.infected)
    s.first_encounter_done, s.ship_destroyed = False, False
    s.winners = [False] * n
    s.end_reason, s.death_order, s.arrived = "", [], ""
    s.attachments, s.taped, s.skip_intruder_attacks = [], [], False
    s.objectives_seen = [0] * len(t.data.objectives)
    cards = len(t.data.intruder_player_cards)
    s.ip = new_intruder_player(cards) if game.params.intruder_player else None
    s.log(ev("setup", -1, (("players", n),)))


def _fill_bag(game: NemesisGame, bag: Bag, supply: list[int]) -> None:
    """1 Blank, 4 Larvae, 1 Creeper and 1 Queen (§4.1 step 9): tokens whose type fixes their
    number. The 3 + players Adults, whose numbers differ, are drawn from the box at random
    (rules/intruders.py, SUPPLY_TOKEN) as the first chance nodes of the game."""
    intruders = game.data.intruders
    types = ("larva", "creeper", "adult", "breeder", "queen", "blank")
    for kind, count in intruders.initial_bag.items():
        tokens = game.tokens_of_type[types.index(kind)]
        if kind == "adult" or not count:
            continue
        assert len(tokens) == 1, f"{kind} tokens differ; draw them"
        supply[tokens[0]] -= count
        bag.put(tokens[0], count)
