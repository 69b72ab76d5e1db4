"""Words for humans in `nemesis play` / `demo` / `replay` (issue 12 item 14): action labels,
decision labels, event texts and the text map, and that none of them tells a seat what it may
not know (DESIGN.md §2; the redaction rule of core/events.py: a seat outside `visible_to` sees
the kind and the actor, never the payload).

Names expected in the texts are read from the component data (data/*.yaml, transcribed from
nemesis-reference.md), corridor numbers from nemesis-board-basic.md."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from nemesis_env.core.engine import CHANCE as CHANCE_SEAT
from nemesis_env.core.engine import Decision
from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.event_words import EVENT_WORDS
from nemesis_env.games.nemesis.rules.fighting import Trade
from nemesis_env.games.nemesis.rules.intruders import ADULT
from nemesis_env.games.nemesis.rules.kinds import Kind, SeatArg
from nemesis_env.games.nemesis.state import CLOSED, DESTROYED, State, ev
from tests.nemesis.helpers import alone_in, game, play_to_round, step_randomly

HIBERNATORIUM = 10  # room 11


def card_name(s: State, card_id: str) -> str:
    return next(c.name for c in s.game.data.action_cards if c.id == card_id)


def random_game(players: int, seed: int, check: Callable[[State], None] | None = None) -> State:
    """A random game to the end; `check(state)` runs at every player decision."""
    s = game(players).new_initial_state()
    rng = np.random.default_rng(seed)
    while not s.is_terminal():
        if check is not None and s.current_player() != CHANCE_SEAT:
            check(s)
        step_randomly(s, rng)
    return s


# -- action and decision labels in random games ------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_action_of_random_games_reads_as_words(players: int) -> None:
    seen: Counter[str] = Counter()

    def check(s: State) -> None:
        g = s.game
        decision = g.decision_label(s)
        assert decision.startswith(f"Player {s.stack[-1].chooser + 1}"), decision
        for action in s.legal_actions():
            label = g.action_label(s, action)
            kind = g.space.kind_of(action).name
            seen[kind] += 1
            assert label and label != g.space.name(action), (kind, label)
            assert "_" not in label, (kind, label)  # no raw table id leaks into the words

    for seed in range(2):
        random_game(players, seed, check)
    assert {"move", "careful_move", "discard", "pass"} <= set(seen), seen


def test_decision_labels_name_the_round_the_payment_and_the_interruption() -> None:
    s = alone_in(HIBERNATORIUM)
    g = s.game
    assert g.decision_label(s).endswith("choose your round's action (2 actions left) or pass")
    s.apply_action(g.actions.move.id(14))  # room 15 (§6.2 Movement: cost 1)
    assert g.decision_label(s).startswith("Player 1") and "pay for Movement" in (
        g.decision_label(s)
    )


def test_a_move_label_names_the_room_and_the_corridor_number() -> None:
    """nemesis-board-basic.md: the Hibernatorium (11) leads to room 15 by corridor 1 and to
    room 14 by corridor 4; both are unexplored at the start."""
    s = alone_in(HIBERNATORIUM)
    g = s.game
    assert g.action_label(s, g.actions.move.id(14)) == "move to Room 15 (unexplored) by corridor 1"
    label = g.action_label(s, g.actions.careful_move.id(13))
    assert label.startswith("move carefully to Room 14 (unexplored) by corridor 4")


def test_a_shoot_label_names_the_intruder_the_weapon_and_its_ammo() -> None:
    """§6.2 Shoot: the weapon in hand with its ammo, against an Intruder in the room."""
    s = alone_in(HIBERNATORIUM)
    g = s.game
    c = s.chars[0]
    weapon = g.starting_weapon(c.character)
    c.heavy, c.heavy_ammo = [weapon], [2]
    adult = g.minis_of_type[ADULT][0]
    s.intruder_room[adult] = HIBERNATORIUM
    s.intruder_injuries[adult] = 1
    s.legal_cache = None
    weapon_name = g.tables.things[weapon].name
    label = g.action_label(s, g.actions.shoot.id(adult))
    assert label == f"shoot the Adult, 1 injury with the {weapon_name} (2 ammo)"
    assert g.action_label(s, g.actions.melee.id(adult)).startswith("melee the Adult")


# -- event texts ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 5])
def test_every_event_kind_of_random_games_has_wording_and_hides_what_it_must(
    players: int,
) -> None:
    for seed in range(2):
        s = random_game(players, seed)
        assert s.events is not None
        for event in s.events:
            assert event.kind in EVENT_WORDS or event.kind == "time", event.kind
            for seat in range(players):
                text = s.game.event_text(event, seat)
                hidden = event.hides_from(seat) and event.payload != ()
                assert text.endswith("(hidden)") == hidden, text
                assert "_" not in text, text
            spectator = s.game.event_text(event, None)
            assert ("(private:" in spectator) == (event.visible_to is not None), spectator


def test_a_private_draw_names_the_card_to_its_owner_only() -> None:
    """§5.1: a drawn Action card is seen by its owner alone."""
    s = play_to_round(3)
    interruption = s.game.tables.card_index["interruption"]
    event = ev("draw", 1, (("card", interruption),), frozenset({1}))._replace(turn=1)
    name = card_name(s, "interruption")
    assert s.game.event_text(event, 1) == f"  Player 2 draws {name}"
    assert s.game.event_text(event, 0) == "  Player 2 draws an Action card (hidden)"
    assert name in s.game.event_text(event, None)


def test_a_dealt_objective_and_a_peeked_tile_stay_hidden_from_the_others() -> None:
    """§4.1: objectives are secret; a tile looked at face down is seen by the looker only."""
    s = play_to_round(3)
    g = s.game
    objective = g.objective_pool(corporate=True)[0]
    dealt = ev("objective_dealt", 2, (("card", objective),), frozenset({2}))
    lab = g.tables.tiles.index("laboratory")
    peek = ev("tile", 2, (("room", 5), ("tile", lab)), frozenset({2}))
    objective_name = g.data.objectives[objective].name
    for event, secret in ((dealt, objective_name), (peek, "Laboratory")):
        assert secret in g.event_text(event, 2)
        for seat in (0, 1):
            text = g.event_text(event, seat)
            assert secret not in text and text.endswith("(hidden)"), text


def test_a_discarded_contamination_card_tells_its_scan_to_its_owner_only() -> None:
    """§9 Contamination: a scan's result is known to the scanning player; a discarded card
    lies face up, but others see only that it is a Contamination card."""
    s = play_to_round(3)
    g = s.game
    event = ev("discard", 1, (("card", g.contam_infected),))
    assert "INFECTED" in g.event_text(event, 1)
    assert "INFECTED" not in g.event_text(event, 0)
    assert "Contamination" in g.event_text(event, 0)


def test_decision_labels_shown_to_all_name_no_hidden_card() -> None:
    """A trade's contents are the pair's (§6.2 Trade); the objectives dealt are their owner's;
    the items a Search drew are the searcher's. Everyone reads the open decision."""
    s = play_to_round(3)
    g = s.game
    s.chars[1].objectives = [g.objective_pool(True)[0], g.objective_pool(False)[0]]
    secrets = [g.data.objectives[o].name for o in s.chars[1].objectives]
    s.stack.append(Decision(Kind.CHOOSE_OBJECTIVE, 1, SeatArg(1)))
    text = g.decision_label(s)
    assert text.startswith("Player 2") and not any(name in text for name in secrets), text
    medkit = g.tables.thing_index["green.medkit"]
    s.stack[-1] = Decision(Kind.TRADE_ACCEPT, 0, Trade(0, 1, (medkit,), (), 1))
    text = g.decision_label(s)
    assert "Player 2" in text and "Medkit" not in text, text
    assert g.action_label(s, g.actions.yes.id()) == "accept the trade"


def test_chance_outcomes_have_readable_names() -> None:
    """The noise die (§7.1): faces 1-4, Silence, Danger; the combat die (§7.3)."""
    g = game(3)
    assert g.chance_outcome_name(CHANCE.noise.id(4)) == "noise roll: Silence"
    assert g.chance_outcome_name(CHANCE.noise.id(5)) == "noise roll: Danger"
    assert g.chance_outcome_name(CHANCE.noise.id(0)) == "noise roll: 1"
    assert g.chance_outcome_name(CHANCE.combat.id(4)) == "combat die: 2 hits"


# -- the text map --------------------------------------------------------------------------------
def map_scene() -> State:
    """Seat 0 in the Hibernatorium with an Adult, fire and a malfunction there, noise in its
    corridor 2 (to room 6), its corridor 1 door closed and corridor 3 destroyed; seat 1 has
    looked at the face-down tile of room 6 and holds a Medkit and Interruption."""
    s = alone_in(HIBERNATORIUM, players=3)
    g = s.game
    topo = g.topo
    s.fire[HIBERNATORIUM] = s.malfunction[HIBERNATORIUM] = True
    s.noise[topo.corridor_to(HIBERNATORIUM, 2)] = True
    s.door[topo.corridor_to(HIBERNATORIUM, 1)] = CLOSED
    s.door[topo.corridor_to(HIBERNATORIUM, 3)] = DESTROYED
    s.intruder_room[g.minis_of_type[ADULT][0]] = HIBERNATORIUM
    lab = g.tables.tiles.index("laboratory")
    s.tiles_left[g.tables.tile_kind[lab]].remove(lab)
    s.tile[5], s.tile_known[5] = lab, 1 << 1
    s.chars[0].hand = []
    s.chars[1].hand = [g.tables.card_index["interruption"]]
    s.chars[1].inventory = [g.tables.thing_index["green.medkit"]]
    s.legal_cache = None
    return s


def test_the_map_shows_rooms_corridors_noise_doors_intruders_fire_and_malfunction() -> None:
    """nemesis-board-basic.md room 11: corridor 1 to room 15, 2 to room 6, 3 to room 8."""
    s = map_scene()
    text = s.game.render(s, 0)
    row = next(line for line in text.splitlines() if line.startswith("11 Hibernatorium"))
    assert "1>15|" in row and "2>6*" in row and "3>8x" in row
    assert "FIRE" in row and "MALFUNCTION" in row and "INTRUDERS: Adult" in row
    character = s.game.data.characters[s.chars[0].character].name
    assert f"crew: Player 1, {character}" in row
    assert "Legend:" in text and "Cockpit" in text and "(unexplored)" in text
    assert "view of player_0" in text


def test_the_map_shows_a_seat_its_own_secrets_and_nobody_else_s() -> None:
    s = map_scene()
    interruption = card_name(s, "interruption")
    mine, theirs, spectator = (s.game.render(s, seat) for seat in (1, 0, None))
    assert "Laboratory (face down, seen)" in mine
    assert interruption in mine and "Medkit" in mine
    for text in (theirs, spectator):
        assert "Laboratory" not in text and "Medkit" not in text
        assert interruption not in text
        assert "items: 1 green" in text  # an item's deck colour is public (§6.2 Trade)
