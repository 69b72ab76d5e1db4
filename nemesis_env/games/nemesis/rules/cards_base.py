"""What the Action-card modules share (nemesis-reference.md §6.1, §14): the card and option
records, the sub-decisions a card asks, and small queries about rooms and characters.

A card's effect is a chain of small decisions (DESIGN.md §2, compound choices): each is a Kind
of its own (numbers 140-179) whose payload is a `Step` (who, which card, what was chosen so
far). A step is declared once with `@step(kind, choices)`: `choices` lists the action ids legal
now and the decorated function applies the chosen one. `ask` opens a step, or applies it at
once when only one answer is possible (a window that must not reveal a hidden card is always
asked: `always=True`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from nemesis_env.core.engine import Decision, push
from nemesis_env.games.nemesis.rules import movement, rooms
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ACTIVE, NOWHERE, State


class Step(NamedTuple):
    seat: int  # who plays the card and answers its steps
    card: int  # the action card played
    args: tuple[int, ...] = ()  # what earlier steps chose (each step says what it holds)


ChoicesFn = Callable[[State, Step], list[int]]
ApplyFn = Callable[[State, Step, int], None]


@dataclass(frozen=True, slots=True)
class StepDef:
    choices: ChoicesFn  # the legal action ids
    apply: ApplyFn  # resolves the chosen id


@dataclass(frozen=True, slots=True)
class Option:
    """One alternative of a choose-one card (its position is the data's option index)."""

    available: Callable[[State, int], bool]  # (state, seat)
    run: Callable[[State, Step], None]


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card's own conditions and effect; timing and cost come from the data (cards.py)."""

    playable: Callable[[State, int], bool]  # (state, seat)
    play: Callable[[State, Step], None]  # runs once the cost is paid and no one interrupted


STEPS: dict[Kind, StepDef] = {}


def step(kind: Kind, choices: ChoicesFn) -> Callable[[ApplyFn], ApplyFn]:
    """Declares the sub-decision `kind`: its legal ids and (decorated) what the answer does."""

    def add(apply: ApplyFn) -> ApplyFn:
        if kind in STEPS:
            raise ValueError(f"two steps declared for {kind!r}")
        STEPS[kind] = StepDef(choices, apply)
        return apply

    return add


def ask(s: State, kind: Kind, st: Step, *, always: bool = False) -> None:
    """Opens the step for its seat; a single possible answer is applied at once (unless
    `always`); no possible answer ends the chain."""
    choices = STEPS[kind].choices(s, st)
    if not choices:
        return
    if len(choices) == 1 and not always:
        STEPS[kind].apply(s, st, choices[0])
        return
    push(s, Decision(kind, st.seat, st))


# -- options ----------------------------------------------------------------------------------
def options_card(*options: Option) -> CardDef:
    """A choose-one card: playable when an option is; one available option runs at once."""

    def playable(s: State, seat: int) -> bool:
        return any(o.available(s, seat) for o in options)

    def play(s: State, st: Step) -> None:
        open_options = [i for i, o in enumerate(options) if o.available(s, st.seat)]
        if len(open_options) == 1:
            options[open_options[0]].run(s, st)
        elif open_options:
            push(s, Decision(Kind.CARD_OPTION, st.seat, st))

    return CardDef(playable, play)


OPTIONS: dict[str, tuple[Option, ...]] = {}  # card id -> its options (for CARD_OPTION)


def option_card(card_id: str, *options: Option) -> CardDef:
    OPTIONS[card_id] = options
    return options_card(*options)


def _option_choices(s: State, st: Step) -> list[int]:
    options = OPTIONS[card_name(s, st.card)]
    acts = s.game.actions
    return [acts.option.id(i) for i, o in enumerate(options) if o.available(s, st.seat)]


@step(Kind.CARD_OPTION, _option_choices)
def _run_option(s: State, st: Step, action: int) -> None:
    OPTIONS[card_name(s, st.card)][s.game.actions.option.arg(action)].run(s, st)


# -- queries ----------------------------------------------------------------------------------
def card_name(s: State, card: int) -> str:
    return s.game.tables.cards[card]


def card_index(s: State, name: str) -> int:
    return s.game.tables.card_index[name]


def here(s: State, seat: int) -> int:
    return s.chars[seat].room


def engine_hook_ready() -> bool:
    """Repair/Break exists (rooms.repair_or_break): kept as one switch for the card options."""
    return callable(getattr(rooms, "repair_or_break", None))


def working_computer(s: State, room: int) -> bool:
    """An explored room with a computer and no Malfunction (a Malfunction switches the computer
    off, §8.5)."""
    return (room != NOWHERE and s.explored[room] and s.game.room_has_computer(s, room)
            and not s.malfunction[room])  # fmt: skip


def room_action_open(s: State, seat: int, room: int) -> bool:
    """The room's action can be used now (rooms.action_open: an explored room with an action,
    no Malfunction stopping it, and something for its effects to do)."""
    return rooms.action_open(s, seat, room)


def engine_of(s: State, room: int) -> int:
    """The engine (0-2) of an engine room, -1 elsewhere."""
    d = s.game.room_def(s, room)
    return -1 if d is None or d.engine is None else int(d.engine) - 1


def quest_effect(s: State, seat: int, op: str) -> dict[str, Any] | None:
    """The params of `op` on one of the character's active quest items, None without one."""
    c = s.chars[seat]
    if c.character < 0:
        return None
    things = s.game.tables.things
    for slot, thing in enumerate(s.game.tables.quest_items[c.character]):
        item = things[thing].item
        if c.quest_active[slot] and item is not None:
            for spec in item.effects:
                if spec.op == op:
                    return dict(spec.params)
    return None


def card_anywhere(s: State, seat: int, card_id: str) -> bool:
    """Holo Computer: these cards work in any room (§14)."""
    params = quest_effect(s, seat, "cards_work_anywhere")
    return params is not None and card_id in params["cards"]


def deck_has(s: State, seat: int, card_id: str) -> bool:
    """The card is one of the character's printed deck (a public fact)."""
    c = s.chars[seat]
    return c.character >= 0 and card_index(s, card_id) in s.game.character_deck(c.character)


def others_here(s: State, seat: int) -> list[int]:
    return [o for o in s.characters_in(here(s, seat)) if o != seat]


def can_move(s: State, seat: int) -> bool:
    c = s.chars[seat]
    return c.status == ACTIVE and bool(movement.reachable_rooms(s, c.room))


def corridor_between(s: State, a: int, b: int) -> int:
    return s.passage(a, b)


__all__ = ["ACTIVE", "CardDef", "Option", "Step", "StepDef", "ask", "step"]
