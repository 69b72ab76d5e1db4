"""What `nemesis play` and `nemesis demo` print and ask at a terminal: action labels, the event
log as one seat perceives it, the outcome line, and the human's move (stdlib only)."""

from __future__ import annotations

import sys
from typing import Any

from nemesis_env.core.events import Event


class InputEnded(Exception):
    """Standard input closed before the game finished."""


def action_label(game: Any, state: Any, action_id: int) -> str:
    """What `action_id` means for the open decision, in words (the game words it)."""
    return str(game.action_label(state, action_id))


class EventLog:
    """Prints new `state.events` as `seat` perceives them (seat None: everything, marked)."""

    def __init__(self, game: Any, seat: int | None) -> None:
        self.game, self.seat, self.shown = game, seat, 0

    def flush(self, state: Any) -> None:
        events = state.events or []
        for event in events[self.shown :]:
            print(self.text(event))
        self.shown = len(events)

    def text(self, event: Event) -> str:
        return str(self.game.event_text(event, self.seat))


def outcome_line(game: Any, state: Any) -> str:
    """Who won, by team where the winners are one team (e.g. "Winner: the Hunted (hunted_0,
    hunted_1)"), else by seat."""
    info = game.info
    returns = state.returns()
    winners = [s for s in range(info.num_players) if returns[s] > 0]
    if not winners:
        return "No winner"
    names = ", ".join(info.seat_names[s] for s in winners)
    teams = {info.seat_teams[s] for s in winners}
    if len(teams) == 1:
        team = teams.pop()
        label = f"Winner: the {info.team_names[team].replace('_', ' ').capitalize()}"
        return label if len(info.seats_of_team(team)) == 1 else f"{label} ({names})"
    return f"Winners: {names}"


def human_move(game: Any, state: Any, seat: int) -> int | None:
    """The seat's move: asked (ask_human), unless the decision has one legal option, which is
    shown and played without a prompt (a question with one answer is no question)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        print(f"Forced move ({game.decision_label(state)}): {action_label(game, state, legal[0])}")
        return int(legal[0])
    return ask_human(game, state, seat)


def ask_human(game: Any, state: Any, seat: int) -> int | None:
    """Shows the seat's view and numbered legal actions; returns the chosen id (None = quit)."""
    legal = state.legal_actions()
    print()
    print(game.render(state, seat))
    print(f"\nYour decision: {game.decision_label(state)}")
    for i, action in enumerate(legal, 1):
        print(f"  {i:>2}. {action_label(game, state, action)}")
    while True:
        print(f"Choose 1-{len(legal)} (q to quit): ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            raise InputEnded
        answer = line.strip()
        if not sys.stdin.isatty():  # piped answers: echo them so the transcript reads right
            print(answer)
        if answer.lower() in ("q", "quit"):
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return int(legal[int(answer) - 1])
        print(f"{answer!r} is not a choice: type a number from 1 to {len(legal)}, or q to quit.")
