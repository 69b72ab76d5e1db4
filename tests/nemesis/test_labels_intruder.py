"""The intruder player's actions, decisions and events read as words (labels_intruder.py;
reference §18.3), and its draws stay hidden from the crew."""

from __future__ import annotations

from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules.kinds import INTRUDER_PLAYER_KINDS
from nemesis_env.tools.playthrough import random_history

GAME = NemesisGame(players=4, intruder_player=True)
SEED = 2  # a random game in which the first dead player plays the Intruders for several rounds


def test_every_intruder_player_decision_action_and_event_is_worded() -> None:
    s = GAME.new_initial_state()
    decisions = 0
    for action in random_history(GAME, SEED):
        d = s.stack[-1] if s.stack else None
        if d is not None and d.kind in INTRUDER_PLAYER_KINDS and s.current_player() >= 0:
            decisions += 1
            label = GAME.decision_label(s)
            assert " ip " not in label and "_" not in label, label
            for legal in s.legal_actions():
                words = GAME.action_label(s, legal)
                assert not words.startswith("ip "), words
        s.apply_action(action)
    assert decisions >= 5
    ip_events = [e for e in s.events or () if e.kind.startswith("ip_")]
    assert {e.kind for e in ip_events} >= {"ip_draw", "ip_play"}
    for event in ip_events:
        text = GAME.event_text(event, None)
        assert "ip " not in text and "," not in text, text  # worded, not the raw payload


def test_an_intruder_card_drawn_is_named_only_to_the_intruder_seat() -> None:
    s = GAME.new_initial_state()
    for action in random_history(GAME, SEED):
        s.apply_action(action)
    draw = next(e for e in s.events or () if e.kind == "ip_draw")
    mine = GAME.event_text(draw, draw.actor)
    other = GAME.event_text(draw, (draw.actor + 1) % 4)
    assert "(intruder deck)" in mine and "(hidden)" not in mine
    assert other.endswith("draws an intruder card (hidden)")
