"""Observable happenings with visibility. Rules never read events; views, logs and UIs do.

An event is structured (shared/DESIGN.md §2): its payload holds values (place numbers, card
indices, a Hunted's index, counts), never prose; the game renders it (`Game.event_text`).
"""

from __future__ import annotations

from typing import NamedTuple

PUBLIC: frozenset[int] | None = None

EventValue = int | str | tuple[int, ...]
"""What a payload entry may hold: a number, a short identifier, or a tuple of numbers."""


class Event(NamedTuple):
    """One happening: `payload` is (key, value) pairs in a fixed order.

    A NamedTuple rather than a frozen dataclass: rules log an event on most steps, and a tuple is
    built several times faster than a frozen dataclass (which sets each field through
    object.__setattr__).

    `visible_to` None means every seat sees the whole event. Otherwise the seats outside
    `visible_to` see it without the payload keys named in `hidden`; an empty `hidden` hides the
    whole payload from them. They always see that the event happened (turn, kind, actor).
    """

    turn: int
    kind: str
    actor: int
    payload: tuple[tuple[str, EventValue], ...] = ()
    visible_to: frozenset[int] | None = None
    hidden: tuple[str, ...] = ()

    def get(self, key: str) -> EventValue | None:
        """The value of `key`, or None when the payload lacks it (or it was redacted)."""
        for name, value in self.payload:
            if name == key:
                return value
        return None

    def hides_from(self, seat: int) -> bool:
        """Whether `seat` sees a redacted copy (it is outside `visible_to`)."""
        return self.visible_to is not None and seat not in self.visible_to

    def seen_by(self, seat: int) -> Event:
        """This event as `seat` perceives it: the hidden keys are removed if `seat` is outside
        `visible_to` (every key when `hidden` is empty)."""
        if not self.hides_from(seat):
            return self
        if not self.hidden:
            return self._replace(payload=())
        kept = tuple(item for item in self.payload if item[0] not in self.hidden)
        return self._replace(payload=kept)
