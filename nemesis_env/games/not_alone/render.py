"""Text drawing of a Not Alone view: what one seat (or a spectator) sees, nothing more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.not_alone.rules.kinds import DECISION_NAMES, STAGE_NAMES
from nemesis_env.games.not_alone.state import FLAG_NAMES
from nemesis_env.games.not_alone.view import NotAloneView

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame

EFFECTS = ("-", "river", "artefact")


def _places(game: NotAloneGame, mask: int) -> str:
    names = [game.data.places[p].name for p in range(10) if mask >> p & 1]
    return ", ".join(names) if names else "-"


def _place_list(game: NotAloneGame, places: tuple[int, ...]) -> str:
    return ", ".join(game.data.places[p - 1].name if p else "(taken back)" for p in places) or "-"


def _token(game: NotAloneGame, place: int) -> str:
    return game.data.places[place - 1].name if place else "-"


def seat_name(seat: int) -> str:
    return "Creature" if seat == 0 else f"Hunted {seat - 1}"


def render_view(game: NotAloneGame, v: NotAloneView) -> str:
    who = "spectator" if v.seat < 0 else seat_name(v.seat)
    lines = [
        f"Not Alone, {v.num_hunted + 1} players, board side {v.side or '?'} - view of {who}",
        f"Turn {v.turn}, {STAGE_NAMES[v.stage]}",
        f"Rescue {v.rescue} from the star, Assimilation {v.assimilation} from the star, "
        f"beacon {'on the Beach' if v.beacon else 'off'}",
        f"Reserve (6-10): {list(v.reserve)}",
        f"Tokens: creature {_token(game, v.creature_token)}, target {_places(game, v.target)}, "
        f"artemia {_places(game, v.artemia)}",
    ]
    flags = [name for bit, name in FLAG_NAMES.items() if v.flags & bit]
    if flags:
        lines.append(f"This turn: {', '.join(flags)}")
    hunt = game.data.hunt
    lines.append(
        f"Creature: {v.hunt_hand_size} hunt cards, deck {v.hunt_deck_size}, played "
        f"{[hunt[c].name for c in v.hunt_played]}, discard top "
        f"{hunt[v.hunt_discard[-1]].name if v.hunt_discard else '-'}"
    )
    if v.seat == 0:
        lines.append(
            f"  your hunt cards: {[hunt[c].name for c in range(20) if v.hunt_hand >> c & 1]}"
        )
    for h in range(v.num_hunted):
        lines += _hunted_lines(game, v, h)
    if v.terminal:
        lines.append("Game over: " + ("the Creature wins" if v.winner == 1 else "the Hunted win"))
    elif v.stack:
        top = v.stack[-1]
        chooser = "chance" if top.chooser < 0 else seat_name(top.chooser)
        lines.append(f"Now: {chooser} - {DECISION_NAMES[top.kind]}")
    return "\n".join(lines)


def _hunted_lines(game: NotAloneGame, v: NotAloneView, h: int) -> list[str]:
    surv = game.data.survival
    line = (
        f"Hunted {h}: will {v.will[h]}, {v.hand_size[h]} place cards, "
        f"{v.survival_count[h]} survival cards, discard [{_place_list(game, v.discard[h])}]"
    )
    if v.revealed:
        line += f", on {_place_list(game, v.location[h])}"
    elif v.played_count[h]:
        line += f", {v.played_count[h]} card(s) face down"
    if v.next_effect[h]:
        line += f", next turn {EFFECTS[v.next_effect[h]]}"
    lines = [line]
    if v.seat == h + 1:
        lines.append(f"  your hand: [{_places(game, v.own_hand)}]")
        if v.own_played:
            lines.append(f"  you played: [{_place_list(game, v.own_played)}]")
        lines.append(
            f"  your survival cards: {[surv[c].name for c in range(15) if v.own_survival >> c & 1]}"
        )
    if v.phobia_shown[h]:
        lines.append(f"  shown by Phobia: [{_places(game, v.phobia_shown[h])}]")
    return lines
