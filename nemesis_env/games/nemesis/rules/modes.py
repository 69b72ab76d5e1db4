"""What the solo and co-op modes change at the table's end (seed 000 "Modes", the authority;
nemesis-reference.md §18.1-§18.2). The setup side (which objectives are dealt, co-op cards
public, solo item counters halved) is in setup.py and `NemesisGame.item_counter_for`; the
dead keeping their items in co-op is in wounds.kill.

- The AutoDoc (co-op): at the start of each turn, a working Emergency Room (explored, no
  Intruder, no malfunction) holding a character corpse revives a dead character there: light
  wounds cleared, serious wounds dressed. Corpse tokens are alike (the box's red corpse
  tokens), so the corpse revives the character who died first among the dead and leaves the
  board with them (docs/rules-decisions.md 400).
- The co-op victory: the crew wins together when at least one character survived the victory
  check and every player's objective holds for the crew; a card's conditions may be met by any
  survivor, and each card that needs the Signal needs its own sender (§18.2; decision 401).
"""

from __future__ import annotations

from typing import Any

from nemesis_env.games.nemesis.rules.objectives import CONDITIONS
from nemesis_env.games.nemesis.state import ACTIVE, DEAD, State, ev

SIGNAL = "signal_sent"


def autodoc(s: State) -> None:
    """Co-op only: revive the dead whose corpses lie in a working Emergency Room."""
    if s.game.params.mode != "coop":
        return
    room = s.game.room_with_tile(s, "emergency_room")
    if room < 0 or not s.explored[room] or s.malfunction[room] or room in s.intruder_room:
        return
    corpse = s.game.obj_corpse
    for seat in dict.fromkeys(s.death_order):  # the first to die is revived first
        if corpse not in s.objects[room]:
            return
        c = s.chars[seat]
        if c.status != DEAD:
            continue
        s.objects[room].remove(corpse)
        c.status, c.room, c.pod = ACTIVE, room, -1
        c.light_wounds = 0
        c.serious = [~card if card >= 0 else card for card in c.serious]
        s.log(ev("revived", seat, (("room", room),)))


def crew_wins(s: State, survivors: list[int]) -> bool:
    """Co-op: someone survived, and every dealt card (the dead's too) holds for the crew."""
    if not survivors:
        return False
    signals_needed = 0
    for c in s.chars:
        for card in c.objectives:
            holds, needs_signal = _card_for_crew(s, card, survivors)
            if not holds:
                return False
            signals_needed += needs_signal
    return signals_needed <= sum(1 for c in s.chars if c.signal)


def card_holds(s: State, card: int) -> bool:
    """Co-op progress, read at the end: the card's conditions hold with every character counted
    as a survivor, and its Signal (where every way to meet it needs one) was sent by someone.
    `crew_wins` also needs a real survivor and a sender per Signal card."""
    holds, needs_signal = _card_for_crew(s, card, list(range(len(s.chars))))
    return holds and (not needs_signal or any(c.signal for c in s.chars))


def _card_for_crew(s: State, card: int, survivors: list[int]) -> tuple[bool, bool]:
    """(the card's conditions other than the Signal hold for some alternative, every such
    alternative needs a Signal). A survivor-specific condition may hold for any survivor."""
    met = [alternative for alternative in s.game.objective_cards[card].any_of
           if all(_holds(s, cond.op, cond.params, survivors)
                  for cond in alternative if cond.op != SIGNAL)]  # fmt: skip
    return bool(met), all(any(cond.op == SIGNAL for cond in alt) for alt in met)


def _holds(s: State, op: str, params: Any, survivors: list[int]) -> bool:
    return any(CONDITIONS[op](s, seat, params) for seat in survivors)
