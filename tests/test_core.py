"""The game-agnostic kernel (shared/DESIGN.md §2): declared action spaces, observation layouts,
strict data loading, effect tables, events, seeded chance; and how Not Alone uses each."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.chance import resolve_chance, sample_outcome, spawn_streams
from nemesis_env.core.data import expect_list, parse_row
from nemesis_env.core.effects import EffectRegistry, EffectSpec, parse_effects
from nemesis_env.core.encoder import Layout, bit_table
from nemesis_env.core.errors import DataError, NemesisError, ParamError
from nemesis_env.core.events import Event
from nemesis_env.core.game import CHANCE, Game
from nemesis_env.core.spaces import ActionSpace, Kind
from nemesis_env.games.not_alone import actions as na_actions
from nemesis_env.games.not_alone import defs
from nemesis_env.games.not_alone.game import NotAloneGame
from nemesis_env.tools.playthrough import random_history

PLAYERS = range(2, 8)


# -- ActionSpace ---------------------------------------------------------------------------------
def _toy_space() -> tuple[ActionSpace, Kind, Kind, Kind]:
    space = ActionSpace("toy")
    pass_ = space.add("pass")
    move = space.add("move", 3, labels=["a", "b", "c"])
    draw = space.add("draw", 2)
    space.freeze()
    return space, pass_, move, draw


def test_space_declares_ids_in_order_and_names_them() -> None:
    space, pass_, move, draw = _toy_space()
    assert len(space) == 6
    assert (pass_.id(), move.id(0), move.id(2), draw.id(1)) == (0, 1, 3, 5)
    assert space.names() == ("pass", "move:a", "move:b", "move:c", "draw:0", "draw:1")
    assert [move.arg(i) for i in (1, 2, 3)] == [0, 1, 2]
    assert 2 in move and 4 not in move and 0 in pass_ and 6 not in draw
    assert space.kind_of(4) is draw and space.kind("move") is move
    assert move.ids_of_mask(0b101) == [1, 3] and move.ids_of_mask(0) == []
    mask = space.mask([1, 3])
    assert mask.dtype == np.int8 and mask.tolist() == [0, 1, 0, 1, 0, 0]
    assert space.to_json()[2] == {"id": 2, "kind": "move", "arg": 1, "name": "move:b"}


def test_space_refuses_bad_declarations_and_foreign_ids() -> None:
    space, _, move, _ = _toy_space()
    with pytest.raises(IndexError, match="move"):
        move.id(3)
    with pytest.raises(IndexError, match="not a move action"):
        move.arg(0)
    with pytest.raises(RuntimeError, match="frozen"):
        space.add("late")
    fresh = ActionSpace("toy")
    fresh.add("x")
    with pytest.raises(ValueError, match="twice"):
        fresh.add("x")
    with pytest.raises(ValueError, match="labels"):
        fresh.add("y", 2, labels=["only one"])
    with pytest.raises(RuntimeError, match="freeze"):
        fresh.names()


@pytest.mark.parametrize("players", PLAYERS)
def test_not_alone_action_table(players: int) -> None:
    game = NotAloneGame(players=players)
    codec = game.space
    assert len(codec) == na_actions.NUM_ACTIONS == game.info.num_actions == 76
    names = codec.names()
    assert len(set(names)) == len(names), "every id has its own name"
    assert names[na_actions.PASS] == "pass"
    assert names[na_actions.place_id(1)] == "place:lair"
    assert names[na_actions.place_id(10)] == "place:artefact"
    assert names[na_actions.SURVIVAL.id(0)] == "survival:adrenaline"
    assert names[na_actions.HUNT.id(19)] == "hunt:flashback"
    assert names[na_actions.HUNTED.id(5)] == "hunted:5"
    assert names[na_actions.PAIR.id(0)].startswith("pair:")
    assert names[na_actions.OPT_RESIST] == "resist"
    assert names[na_actions.OPT_TARGET_TOKEN] == "target_token"
    assert all(codec.kind_of(i).id(codec.kind_of(i).arg(i)) == i for i in range(len(codec)))
    assert game.action_name(na_actions.OPT_SIDE_2) == "side_2"
    assert game.chance_outcome_name(0) == "hunt card despair"
    assert game.chance_outcome_name(na_actions.SURVIVAL_CARD.id(0)) == "survival card adrenaline"
    assert game.info.max_chance_outcomes == na_actions.NUM_CHANCE_OUTCOMES == 35


# -- Layout ---------------------------------------------------------------------------------------
PIECES = [("a", (3,), "first"), ("b", (2, 4), "grid"), ("c", (1,), "flag")]


def test_layout_pieces_tile_the_tensor() -> None:
    layout = Layout(PIECES)
    assert layout.size == 3 + 8 + 1
    assert [(p.name, p.offset, p.size) for p in layout.pieces] == [
        ("a", 0, 3),
        ("b", 3, 8),
        ("c", 11, 1),
    ]
    assert layout.slice("b") == slice(3, 11)
    tensor = np.zeros(layout.size, dtype=np.float32)
    views = layout.views(tensor)
    assert views["b"].shape == (2, 4)
    for view in views.values():
        assert np.shares_memory(view, tensor), "pieces must be views, never copies"
    views["b"][1, 2] = 1.0
    assert tensor[3 + 4 + 2] == 1.0
    table = layout.describe()
    assert all(f"| {name} |" in table for name, _, _ in PIECES)


def test_layout_rejects_duplicate_names_and_wrong_tensors() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        Layout([("a", (1,), ""), ("a", (2,), "")])
    with pytest.raises(ValueError, match="shape"):
        Layout(PIECES).views(np.zeros(5, dtype=np.float32))


def test_bit_table_rows_are_the_binary_digits() -> None:
    table = bit_table(3)
    assert table.shape == (8, 3) and table.dtype == np.float32
    assert table[6].tolist() == [0.0, 1.0, 1.0]


@pytest.mark.parametrize("players", PLAYERS)
def test_not_alone_layout_matches_the_observation(players: int) -> None:
    game = NotAloneGame(players=players)
    layout = game.encoder.layout
    assert layout.size == game.observation_size()
    names = [p.name for p in layout.pieces]
    assert len(set(names)) == len(names)
    offset = 0
    for piece in layout.pieces:
        assert piece.offset == offset, f"{piece.name} leaves a gap or overlaps"
        assert piece.size > 0 and piece.meaning
        assert piece.offset >= 0 and piece.offset + piece.size <= game.observation_size()
        offset += piece.size
    assert offset == game.observation_size()


@pytest.mark.parametrize("players", PLAYERS)
def test_not_alone_encoder_writes_every_entry_within_0_1(players: int) -> None:
    """Encoding overwrites the whole preallocated array (no stale values) with values in [0, 1]."""
    game = NotAloneGame(players=players)
    state = game.replay(random_history(game, players)[:80])
    out = np.full(game.observation_size(), np.nan, dtype=np.float32)
    for seat in range(players):
        out[:] = np.nan
        game.encode(game.view_for(state, seat), out)
        assert np.isfinite(out).all()
        assert ((out >= 0.0) & (out <= 1.0)).all()
        seat_piece = game.encoder.layout.slice("seat")
        assert out[seat_piece].tolist().index(1.0) == seat


# -- strict data loading ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class Card:
    id: str
    cost: int
    tags: tuple[str, ...] = ()


def test_parse_row_builds_the_dataclass() -> None:
    card = parse_row(Card, {"id": "flare", "cost": "2", "tags": ["a"]}, cost=int, tags=tuple)
    assert card == Card(id="flare", cost=2, tags=("a",))


def test_parse_row_rejects_unknown_keys_naming_them_and_the_allowed_ones() -> None:
    with pytest.raises(DataError) as caught:
        parse_row(Card, {"id": "flare", "cost": 1, "colour": "red"})
    message = str(caught.value)
    assert "Card" in message and "unknown keys ['colour']" in message
    assert "allowed keys are ['cost', 'id', 'tags']" in message


def test_parse_row_rejects_missing_keys_and_bad_rows() -> None:
    with pytest.raises(DataError, match=r"Card: missing keys \['cost'\]"):
        parse_row(Card, {"id": "flare"})
    with pytest.raises(DataError, match="expected a mapping"):
        parse_row(Card, ["id", "flare"])  # type: ignore[arg-type]
    with pytest.raises(DataError, match="bad value"):
        parse_row(Card, {"id": "flare", "cost": "many"}, cost=int)
    with pytest.raises(DataError, match="expected a list"):
        expect_list({"id": "flare"}, "cards.yaml")


def test_parse_effects() -> None:
    assert parse_effects(None) == ()
    assert parse_effects([{"op": "gain_will", "amount": 1}]) == (
        EffectSpec("gain_will", {"amount": 1}),
    )
    with pytest.raises(DataError, match="list"):
        parse_effects({"op": "gain_will"})
    with pytest.raises(DataError, match="'op'"):
        parse_effects([{"amount": 1}])


def test_not_alone_loaders_are_strict(monkeypatch: pytest.MonkeyPatch) -> None:
    real = defs.load_yaml_resource

    def with_extra_key(package: str, filename: str) -> Any:
        rows = real(package, filename)
        if filename == "places.yaml":
            rows[0] = {**rows[0], "colour": "green"}
        if filename == "survival_cards.yaml":
            rows[0] = {k: v for k, v in rows[0].items() if k != "phase"}
        return rows

    monkeypatch.setattr(defs, "load_yaml_resource", with_extra_key)
    with pytest.raises(DataError, match=r"PlaceDef: unknown keys \['colour'\]"):
        defs.load_places()
    with pytest.raises(DataError, match=r"SurvivalCardDef: missing keys \['phase'\]"):
        defs.load_survival_cards()


def test_not_alone_data_is_complete() -> None:
    data = defs.load_data()
    assert [p.number for p in data.places] == list(range(1, 11))
    assert len(data.hunt) == 20 and len(data.survival) == 15
    assert data.hunt_index("flashback") == 19 and data.place_number("artefact") == 10
    with pytest.raises(DataError, match="unknown hunt card 'nope'"):
        data.hunt_index("nope")


# -- effect registries ---------------------------------------------------------------------------
def test_effect_registry_errors() -> None:
    registry: EffectRegistry[Any] = EffectRegistry("test")

    @registry.register("gain_will")
    def gain_will(state: Any, amount: int) -> None: ...

    assert registry.get("gain_will") is gain_will
    assert registry.names() == frozenset({"gain_will"})
    with pytest.raises(ValueError, match="registered twice"):
        registry.register("gain_will")(gain_will)
    with pytest.raises(DataError, match=r"unknown test effect 'fly'; known: \['gain_will'\]"):
        registry.get("fly")
    registry.check((EffectSpec("gain_will"),), "cards.yaml")
    with pytest.raises(DataError, match=r"cards\.yaml: unknown effect op 'fly'"):
        registry.check((EffectSpec("gain_will"), EffectSpec("fly")), "cards.yaml")


def test_every_op_in_not_alone_data_is_registered() -> None:
    from nemesis_env.games.not_alone import effects
    from nemesis_env.games.not_alone.rules import survival_cards

    data = defs.load_data()
    tables = NotAloneGame(players=3).effects
    places = tuple(p.power for p in data.places)
    hunt = tuple(e for c in data.hunt for e in c.effects)
    survival = tuple(e for c in data.survival for e in c.effects)
    tables[effects.PLACE_POWER].check(places, "places.yaml")
    tables[effects.PLACE_CHECK].check(places, "places.yaml")
    tables[effects.HUNT_EFFECT].check(hunt, "hunt_cards.yaml")
    tables[effects.HUNT_CHECK].check(hunt, "hunt_cards.yaml")
    tables[effects.SURVIVAL_EFFECT].check(survival, "survival_cards.yaml")
    timed = (survival_cards.AT_CATCH, survival_cards.AT_RESOLVE)  # played outside the windows
    windowed = tuple(e for e in survival if e.op not in timed)
    tables[effects.SURVIVAL_CHECK].check(windowed, "survival_cards.yaml")


def test_effect_tables_are_built_per_game_from_tags() -> None:
    """No effect table is module-global: each game collects its own (issue 10 item 1)."""
    from nemesis_env.core.effects import collect_effects, on_effect
    from nemesis_env.games.not_alone import effects

    first, second = NotAloneGame(players=3).effects, NotAloneGame(players=4).effects
    assert first[effects.PLACE_POWER] is not second[effects.PLACE_POWER]
    assert set(first) == set(effects.TABLES)
    module = type(sys)("tests_effects_toy")

    @on_effect("spell", "zap")
    def zap() -> int:
        return 1

    zap.__module__ = module.__name__
    module.zap = zap  # type: ignore[attr-defined]
    tables = collect_effects([module])
    assert tables["spell"].get("zap")() == 1 and set(tables) == {"spell"}
    with pytest.raises(DataError, match="unknown spell effect 'fly'"):
        tables["spell"].get("fly")


# -- events, chance, errors, registry --------------------------------------------------------------
def test_event_redaction() -> None:
    public = Event(1, "reveal", 1, (("hunted", 0), ("places", (3,))))
    private = Event(1, "draw", 0, (("card", 4),), frozenset({0}))
    assert public.seen_by(2) is public
    assert private.seen_by(0) is private
    assert private.seen_by(1) == Event(1, "draw", 0, (), frozenset({0}))  # empty hidden: all
    assert private.get("card") == 4 and private.seen_by(1).get("card") is None


def test_event_redaction_drops_exactly_the_hidden_keys() -> None:
    payload = (("hunted", 2), ("card", 7), ("purpose", 1), ("place", 5))
    event = Event(3, "draw_survival", 3, payload, frozenset({0, 3}), ("card", "place"))
    for seat in (0, 3):
        assert event.seen_by(seat) is event and not event.hides_from(seat)
    for seat in (1, 2, 4):
        seen = event.seen_by(seat)
        assert event.hides_from(seat)
        assert seen.payload == (("hunted", 2), ("purpose", 1))
        assert (seen.turn, seen.kind, seen.actor) == (3, "draw_survival", 3)
        assert (seen.visible_to, seen.hidden) == (event.visible_to, event.hidden)
    assert Event(1, "x", 0, payload, None, ("card",)).seen_by(1).payload == payload  # public


def test_game_event_text_default_words_the_payload_a_seat_sees() -> None:
    game = NotAloneGame(players=3)
    event = Event(1, "draw_survival", 1, (("hunted", 0), ("card", 4)), frozenset({1}), ("card",))
    assert Game.event_text(game, event, 1) == "  Hunted 0: draw survival, hunted 0, card 4"
    assert Game.event_text(game, event, 2) == "  Hunted 0: draw survival, hunted 0 (hidden)"
    assert Game.event_text(game, event, None).endswith("card 4  (private: Hunted 0)")
    assert game.event_text(event, 2) == "  Hunted 0: draw survival (hidden)"  # Not Alone's words


def test_spawn_streams_are_independent_and_repeatable() -> None:
    a1, b1 = spawn_streams(5, 2)
    a2, b2 = spawn_streams(5, 2)
    first = a1.random(4).tolist()
    assert first == a2.random(4).tolist()
    assert b1.random(4).tolist() == b2.random(4).tolist()
    assert first != b1.random(4).tolist()
    assert first != spawn_streams(6, 1)[0].random(4).tolist()


def test_sample_outcome() -> None:
    rng = np.random.default_rng(0)
    assert sample_outcome([(7, 1.0)], rng) == 7
    draws = [sample_outcome([(1, 0.25), (2, 0.75)], rng) for _ in range(4000)]
    assert 0.2 < draws.count(1) / len(draws) < 0.3
    # probabilities that sum to slightly less than 1 still give an outcome
    assert sample_outcome([(1, 0.3333), (2, 0.3333), (3, 0.3333)], rng) in (1, 2, 3)


def test_resolve_chance_stops_at_a_player() -> None:
    game = NotAloneGame(players=3, board_side=1)  # with board_side 0 the side comes first
    state = game.new_initial_state()
    assert state.current_player() == CHANCE
    applied = resolve_chance(state, np.random.default_rng(0))
    assert applied == 3 + 2  # 3 hunt cards, then 1 survival card per Hunted (seed 003 setup)
    assert state.current_player() == 0
    assert resolve_chance(state, np.random.default_rng(0)) == 0


def test_error_hierarchy() -> None:
    assert issubclass(ParamError, ValueError) and issubclass(ParamError, NemesisError)
    assert issubclass(DataError, ValueError) and issubclass(DataError, NemesisError)


def test_load_game_by_name() -> None:
    assert nemesis_env.list_games() == sorted(nemesis_env.list_games())
    assert "not_alone" in nemesis_env.list_games()
    game = nemesis_env.load_game("not_alone", players=5)
    assert game.info.num_players == 5 and game.info.name == "not_alone"
    with pytest.raises(ParamError, match=r"unknown game 'chess'; available games: \["):
        nemesis_env.load_game("chess")
    with pytest.raises(ParamError, match="zero_will_assimilation"):
        nemesis_env.load_game("not_alone", zero_will_assimilation="never")
    with pytest.raises(ParamError, match="expert"):
        nemesis_env.load_game("not_alone", expert="yes")
    assert type(game)(**game.params_dict()).params_dict() == game.params_dict()


def test_view_for_fills_fields_in_declaration_order() -> None:
    """view_for builds the NamedTuple positionally for speed; the order must be the fields'."""
    from nemesis_env.games.not_alone.view import VIEW_BUILD_ORDER, NotAloneView

    assert NotAloneView._fields == VIEW_BUILD_ORDER
