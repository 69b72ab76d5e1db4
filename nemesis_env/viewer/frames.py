"""What the web viewer shows at one step of a game, from one seat's point of view.

A frame is built on the server from the seat's own view only: the board is
`Game.render_svg(state, seat)` (seat None draws the spectator, who sees public facts only), the
log is every event so far as that seat perceives it (`Game.event_text`; the spectator reads it
as a seat that holds no private card would), and what an agent said of a move (a policy's
probabilities and value, a search's visit counts: the recording's notes) is shown only to the
seat that made the move, since it is computed from that seat's hidden cards. The page never
receives more than one frame's worth of what the chosen seat may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from nemesis_env.core.game import CHANCE, Game

SPECTATOR = -1  # a seat no one holds: the public view and the public log
CHECKPOINT_EVERY = 25  # steps between cached states (rewinding replays from the nearest one)


def seat_arg(game: Game[Any, Any], text: str | None) -> int:
    """The seat index a request names ("spectator", a seat name or an index)."""
    if text in (None, "", "spectator"):
        return SPECTATOR
    names = list(game.info.seat_names)
    if text in names:
        return names.index(str(text))
    if str(text).isdigit() and int(str(text)) < len(names):
        return int(str(text))
    raise ValueError(f"seat {text!r}: one of {['spectator', *names]}")


@dataclass
class Timeline:
    """A game as a history with cached states, for random access to any step."""

    game: Game[Any, Any]
    start: Any  # the state at step 0
    history: list[int] = field(default_factory=list)
    notes: dict[int, dict[str, Any]] = field(default_factory=dict)
    agents: dict[str, str] = field(default_factory=dict)
    _cache: dict[int, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._cache[0] = self.start.clone()

    def state_at(self, step: int) -> Any:
        """A fresh state after `step` steps of the history."""
        if not 0 <= step <= len(self.history):
            raise ValueError(f"step {step}: this game has steps 0 to {len(self.history)}")
        base = max(k for k in self._cache if k <= step)
        state = self._cache[base].clone()
        for k in range(base, step):
            state.apply_action(self.history[k])
            if (k + 1) % CHECKPOINT_EVERY == 0 and k + 1 not in self._cache:
                self._cache[k + 1] = state.clone()
        return state

    def append(self, action: int, note: Mapping[str, Any] | None = None) -> None:
        """A live game's next step (the caller checked it is legal)."""
        if note:
            self.notes[len(self.history)] = dict(note)
        self.history.append(int(action))

    def outline(self) -> tuple[list[dict[str, int]], list[int]]:
        """The first step of every turn ([{"turn": t, "step": k}], for jumping to a turn) and
        the steps that are decisions rather than chance (for stepping move by move); both are
        public: every seat sees whose turn and decision it is."""
        turns: list[dict[str, int]] = []
        moves: list[int] = []
        state = self._cache[0].clone()
        for step in range(len(self.history) + 1):
            turn = getattr(state, "turn", None)
            if isinstance(turn, int) and (not turns or turns[-1]["turn"] != turn):
                turns.append({"turn": turn, "step": step})
            if step < len(self.history):
                if state.current_player() != CHANCE:
                    moves.append(step)
                state.apply_action(self.history[step])
        return turns, moves


def _ranked(game: Game[Any, Any], state: Any, note: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The note's per-action numbers with the actions' labels, best first."""
    rows: dict[int, dict[str, Any]] = {}
    for key, column in (("probs", "p"), ("visits", "visits"), ("q", "q")):
        for action, value in (note.get(key) or {}).items():
            rows.setdefault(int(action), {})[column] = value
    out = [
        {"action": a, "label": str(game.action_label(state, a)), **values}
        for a, values in rows.items()
    ]
    return sorted(out, key=lambda r: (-float(r.get("p", r.get("visits", 0))), r["action"]))


def frame(timeline: Timeline, step: int, seat: int, human: int | None = None) -> dict[str, Any]:
    """Everything the page shows at `step` for `seat` (SPECTATOR or a seat index); `human`
    is the seat a person plays in a live game, whose legal moves are listed when it is its
    turn."""
    game = timeline.game
    state = timeline.state_at(step)
    mover = state.current_player()
    events = getattr(state, "events", None) or []
    frame_: dict[str, Any] = {
        "step": step,
        "steps": len(timeline.history),
        "turn": getattr(state, "turn", None),
        "svg": game.render_svg(state, None if seat == SPECTATOR else seat),
        "log": [str(game.event_text(e, seat)) for e in events],
        "mover": _mover_name(game, mover),
        "terminal": state.is_terminal(),
    }
    if state.is_terminal():
        frame_["returns"] = dict(zip(game.info.seat_names, state.returns(), strict=True))
    if mover >= 0 and mover == seat:
        frame_["decision"] = str(game.decision_label(state))
        if step < len(timeline.history):
            frame_["chosen"] = str(game.action_label(state, timeline.history[step]))
        note = timeline.notes.get(step)
        if note:
            frame_["note"] = {"value": note.get("value"), "actions": _ranked(game, state, note)}
        if human == seat and step == len(timeline.history):
            frame_["legal"] = [
                {"action": a, "label": str(game.action_label(state, a))}
                for a in state.legal_actions()
            ]
    return frame_


def _mover_name(game: Game[Any, Any], mover: int) -> str:
    if mover == CHANCE:
        return "chance"
    if 0 <= mover < game.info.num_players:
        return str(game.info.seat_names[mover])
    return "nobody (the game is over)"


def meta(timeline: Timeline, title: str, human: int | None = None) -> dict[str, Any]:
    game = timeline.game
    turns, moves = timeline.outline()
    return {
        "title": title,
        "game": game.info.name,
        "params": game.params_dict(),
        "seats": ["spectator", *game.info.seat_names],
        "steps": len(timeline.history),
        "turns": turns,
        "decisions": moves,
        "agents": timeline.agents,
        "human": None if human is None else game.info.seat_names[human],
    }
