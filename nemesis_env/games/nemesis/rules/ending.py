"""The end of the game and the victory check (seed 000, the authority; nemesis-reference.md §17).

The game ends when (1) the time marker reaches the last space: the ship jumps and every
character not hibernating dies (Intruders live on); (2) the ship is destroyed (self-destruct
skull, a 9th fire or malfunction marker, or a jump while self-destruct runs): every character
aboard, hibernating or not, dies, and so does every Intruder; (3) no character is left to act:
then the self-destruct marker, if it runs, else the time marker, moves to its last space and
that space applies.

If anyone survived (hibernating, or gone in a launched pod), the victory check runs in the
seed's order: engines, coordinates, contamination, objectives. Each step may kill; a character
alive after all four who met their objective wins; in co-op the crew wins or loses together
(rules/modes.py).
"""

from __future__ import annotations

from math import comb

from nemesis_env.core.engine import CHANCE, Decision, on_outcomes, on_resolve, on_stage, push
from nemesis_env.games.nemesis.rules import modes, objectives
from nemesis_env.games.nemesis.rules.common import deck_count
from nemesis_env.games.nemesis.rules.kinds import Kind, Scan, SeatArg, Stage
from nemesis_env.games.nemesis.state import (
    ACTIVE,
    DAMAGED,
    DEAD,
    ESCAPED,
    HIBERNATING,
    IN_POD,
    NOWHERE,
    UNKNOWN,
    State,
    ev,
)

# victory-check steps (State.cursor while the stage is VICTORY_CHECK)
VC_ENGINES, VC_COORDINATES, VC_CONTAMINATION, VC_FINAL_DRAW, VC_OBJECTIVES = range(5)
EARTH, MARS = "earth", "mars"


def destroy_ship(s: State, reason: str) -> None:
    """Everything aboard dies; the game ends (checked by `game_over`)."""
    if s.ship_destroyed:
        return
    s.ship_destroyed = True
    s.nest_destroyed = True
    for seat, c in enumerate(s.chars):
        if c.status in (ACTIVE, HIBERNATING, IN_POD):
            _die(s, seat, "ship destroyed")
    kill_all_intruders(s)
    s.log(ev("ship_destroyed", -1, (("reason", reason),)))
    begin_end(s, reason)


def kill_all_intruders(s: State) -> None:
    """Everything aboard dies with the ship: the miniatures leave, their tokens to the supply."""
    for mini, room in enumerate(s.intruder_room):
        if room != NOWHERE:
            s.game.hooks.remove_intruder(s, mini, to_bag=False)


NOBODY_LEFT = "nobody left aboard"  # end reasons (s.end_reason), besides the destruction causes
HYPERSPACE_JUMP = "hyperspace jump"


def jump(s: State, reason: str = HYPERSPACE_JUMP) -> None:
    """The time marker reached the last space (§17 a), or was moved there (§17 c: `reason`
    NOBODY_LEFT)."""
    if s.self_destruct >= 0:
        destroy_ship(s, "hyperspace jump with self-destruct running")
        return
    for seat, c in enumerate(s.chars):
        if c.status in (ACTIVE, IN_POD):
            _die(s, seat, "hyperspace jump")
    s.log(ev("jump", -1, ()))
    begin_end(s, reason)


def nobody_left_check(s: State) -> bool:
    """§17 c: True (and the game's end begun) when no character can act any more."""
    if s.stage == Stage.VICTORY_CHECK:
        return True
    if any(c.status in (ACTIVE, IN_POD) for c in s.chars):
        return False
    if s.self_destruct >= 0:
        destroy_ship(s, "self-destruct moved to its end: nobody left aboard")
    else:
        s.time = 0
        jump(s, NOBODY_LEFT)
    return True


def _die(s: State, seat: int, cause: str) -> None:
    c = s.chars[seat]
    if c.status in (HIBERNATING, IN_POD):
        c.status = ACTIVE  # so that `kill` removes it from wherever it is
    s.game.hooks.kill(s, seat, cause)


def begin_end(s: State, reason: str) -> None:
    s.end_reason = reason
    s.stack.clear()
    s.stage = Stage.VICTORY_CHECK
    s.cursor = VC_ENGINES


def survivors(s: State) -> list[int]:
    return [seat for seat, c in enumerate(s.chars) if c.status in (HIBERNATING, ESCAPED)]


@on_stage(Stage.VICTORY_CHECK)
def victory_check(s: State) -> None:
    step = s.cursor
    s.cursor += 1
    if step < VC_OBJECTIVES and not survivors(s):
        s.cursor = VC_OBJECTIVES
        return
    if step == VC_ENGINES and not s.ship_destroyed:
        for engine, top in enumerate(s.engine):
            if top == UNKNOWN:
                push(s, Decision(Kind.ENGINE, CHANCE, (engine, -1)))
    elif step == VC_COORDINATES and not s.ship_destroyed:
        engines_step(s)
        if not s.ship_destroyed and s.coordinates == UNKNOWN:
            push(s, Decision(Kind.COORDINATES, CHANCE, -1))
    elif step == VC_CONTAMINATION:
        if not s.ship_destroyed:
            coordinates_step(s)
        for seat in reversed(survivors(s)):
            push_scans(s, seat)
    elif step == VC_FINAL_DRAW:
        for seat in reversed(survivors(s)):
            if contaminated(s, seat):
                push(s, Decision(Kind.FINAL_DRAW, CHANCE, SeatArg(seat)))
    elif step == VC_OBJECTIVES:
        if s.game.params.mode == "coop":
            s.winners = [modes.crew_wins(s, survivors(s))] * len(s.chars)
        else:
            for seat in survivors(s):
                s.winners[seat] = objectives.met(s, seat)
        s.terminal = True
        s.log(ev("game_over", -1, (("reason", s.end_reason),
                                      ("winners", tuple(i for i, w in enumerate(s.winners)
                                                        if w)))))  # fmt: skip


def engines_step(s: State) -> None:
    damaged = sum(1 for top in s.engine if top == DAMAGED)
    s.log(ev("engines", -1, (("damaged", damaged),)))
    if damaged >= 2:
        s.ship_destroyed = True
        s.nest_destroyed = True
        for seat, c in enumerate(s.chars):
            if c.status == HIBERNATING:
                _die(s, seat, "engines exploded")
        kill_all_intruders(s)


def coordinates_step(s: State) -> None:
    destination = s.game.coordinates_destination(s.coordinates, s.destination)
    s.log(ev("coordinates", -1, (("destination", destination),)))
    s.arrived = destination
    if destination == EARTH:
        return
    for seat, c in enumerate(s.chars):
        if c.status != HIBERNATING:
            continue
        if destination == MARS and objectives.is_quarantine(s, seat):
            continue
        _die(s, seat, f"the ship jumped to {destination}")


def push_scans(s: State, seat: int) -> None:
    """Scans every unscanned contamination card of `seat` (deck, hand, discard)."""
    unknown = s.game.contam_unknown
    c = s.chars[seat]
    for where, pile in ((2, c.discard), (0, c.hand)):
        for index in reversed(range(len(pile))):
            if pile[index] == unknown:
                push(s, Decision(Kind.SCAN, CHANCE, Scan(seat, where, index)))
    for _ in range(deck_count(c.deck, unknown)):
        push(s, Decision(Kind.SCAN, CHANCE, Scan(seat, 1, -1)))


def contaminated(s: State, seat: int) -> bool:
    c = s.chars[seat]
    if c.larva:
        return True
    infected = s.game.contam_infected
    return infected in c.hand or infected in c.discard or deck_count(c.deck, infected) > 0


def all_cards(s: State, seat: int) -> tuple[int, int]:
    """(cards, contamination cards) the seat owns: deck, hand and discard."""
    c = s.chars[seat]
    total = len(c.hand) + len(c.discard) + len(c.deck)
    contam = sum(1 for card in c.hand if s.game.is_contamination(card))
    contam += sum(1 for card in c.discard if s.game.is_contamination(card))
    contam += sum(deck_count(c.deck, card) for card in s.game.contamination_ids)
    return total, contam


@on_outcomes(Kind.FINAL_DRAW)
def final_draw_outcomes(s: State, d: Decision) -> list[tuple[int, float]]:
    total, contam = all_cards(s, d.payload.seat)
    drawn = min(4, total)
    clean = comb(total - contam, drawn) / comb(total, drawn) if total else 1.0
    ids = s.game.chance.final_draw
    return [(ids.id(0), clean), (ids.id(1), 1.0 - clean)] if 0 < clean < 1 else \
        [(ids.id(0 if clean == 1 else 1), 1.0)]  # fmt: skip


@on_resolve(Kind.FINAL_DRAW)
def resolve_final_draw(s: State, d: Decision, outcome: int) -> None:
    seat = d.payload.seat
    dies = s.game.chance.final_draw.arg(outcome) == 1
    s.log(ev("final_draw", seat, (("dies", int(dies)),)))
    if dies:
        c = s.chars[seat]
        c.status = DEAD
        s.death_order.append(seat)


__all__ = [
    "EARTH",
    "HYPERSPACE_JUMP",
    "MARS",
    "NOBODY_LEFT",
    "begin_end",
    "destroy_ship",
    "jump",
    "nobody_left_check",
]
