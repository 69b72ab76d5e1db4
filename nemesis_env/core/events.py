"""Observable happenings with visibility. Rules never read events; views, logs and UIs do."""

from __future__ import annotations

from dataclasses import dataclass, replace

PUBLIC: frozenset[int] | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """`visible_to` None means every seat sees it; otherwise only those seats see the details."""

    turn: int
    kind: str
    actor: int
    detail: str = ""
    visible_to: frozenset[int] | None = None

    def seen_by(self, seat: int) -> Event:
        """This event as `seat` perceives it: the detail is removed if it was hidden from them."""
        if self.visible_to is None or seat in self.visible_to:
            return self
        return replace(self, detail="")
