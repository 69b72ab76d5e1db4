"""Text drawing of a Nemesis view: the tracks, then the ship room by room (tile, markers,
characters, intruders, noisy corridors and doors), then the characters, then the seat's own
secrets. It reads a View only, so it shows exactly what that seat may know."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.nemesis.state import CLOSED, DESTROYED, STATUS_NAMES
from nemesis_env.games.nemesis.tables import INTRUDER_TYPES, OBJECTS
from nemesis_env.games.nemesis.topology import TC
from nemesis_env.games.nemesis.view import NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

DESTINATIONS = "ABCD"


def render_view(game: NemesisGame, v: NemesisView) -> str:
    who = "spectator" if v.seat < 0 else f"player_{v.seat}"  # the generic tests look for it
    sd = "off" if v.self_destruct < 0 else f"{v.self_destruct} advances"
    lines = [
        f"Nemesis, {v.players} players: view of {who}",
        f"time: {v.time} turns left  self-destruct: {sd}  destination: "
        f"{DESTINATIONS[v.destination]}  first player: player_{v.first_player}",
        f"eggs in the Nest: {v.eggs_in_nest}{' (destroyed)' if v.nest_destroyed else ''}  "
        f"bag: {sum(c for _, c in v.bag)} tokens  weaknesses: "
        + ", ".join(game.weakness_ids[w] for w in v.weakness if w >= 0),
        "",
    ]
    lines += _rooms(game, v)
    lines.append("")
    lines += _characters(game, v)
    if v.seat >= 0:
        lines += _secrets(game, v)
    if v.terminal:
        winners = [f"player_{i}" for i, w in enumerate(v.winners) if w]
        lines.append(f"game over ({v.end_reason}): winners {winners or 'none'}")
    return "\n".join(lines)


def _rooms(game: NemesisGame, v: NemesisView) -> list[str]:
    topo = game.topo
    tiles = game.tables.tiles
    lines = []
    for room in range(topo.num_rooms):
        tile = tiles[v.tile[room]] if v.tile[room] >= 0 else "?"
        marks = []
        if not v.explored[room]:
            marks.append("unexplored")
        if v.explored[room] and game.slot_kind[room] >= 0:
            marks.append(f"items {v.item_counter[room]}")
        if v.fire[room]:
            marks.append("FIRE")
        if v.malfunction[room]:
            marks.append("MALFUNCTION")
        objects = [OBJECTS[t - game.first_object] for t in v.objects[room]]
        if objects:
            marks.append("objects " + ",".join(objects))
        people = [f"player_{s}" for s, c in enumerate(v.chars) if c.room == room]
        foes = [f"{INTRUDER_TYPES[game.mini_type[m]]}({v.intruder_injuries[m]})"
                for m, r in enumerate(v.intruder_room) if r == room]  # fmt: skip
        exits = []
        for corridor in topo.exits[room]:
            other = topo.other_end(corridor, room)
            numbers = ",".join(map(str, topo.numbers[corridor]))
            noise = v.tc_noise if other == TC else v.noise[corridor]
            door = {CLOSED: "|", DESTROYED: "x"}.get(v.door[corridor], "")
            name = "TC" if other == TC else str(other + 1)
            exits.append(f"{numbers}->{name}{door}{'*' if noise else ''}")
        line = f"{room + 1:2d} {tile:<22} {' '.join(exits)}"
        if marks:
            line += "  [" + "; ".join(marks) + "]"
        if people:
            line += "  crew: " + " ".join(people)
        if foes:
            line += "  intruders: " + " ".join(foes)
        lines.append(line)
    lines.append("(n->R: corridor n to room R; | closed door, x destroyed door, * noise)")
    return lines


def _characters(game: NemesisGame, v: NemesisView) -> list[str]:
    lines = []
    for seat, c in enumerate(v.chars):
        name = game.data.characters[c.character].name if c.character >= 0 else "(no character)"
        held = [game.tables.things[t].name for t in c.heavy]
        lines.append(
            f"player_{seat} {name}: {STATUS_NAMES[c.status]}"
            f"{'' if c.room < 0 else f' in room {c.room + 1}'}, light {c.light_wounds}, "
            f"serious {len(c.serious)}, hand {c.hand_size}, deck {c.deck_size}"
            f"{', slime' if c.slime else ''}{', signal' if c.signal else ''}"
            f"{', LARVA' if c.larva else ''}, holds {held or 'nothing'} ammo {list(c.heavy_ammo)}"
        )
    return lines


def _secrets(game: NemesisGame, v: NemesisView) -> list[str]:
    cards = game.tables.cards
    objectives = [game.data.objectives[o].name for o in v.objectives]
    chosen = game.data.objectives[v.objective].name if v.objective >= 0 else "not chosen yet"
    return [
        "",
        "your hand: " + ", ".join(cards[c] for c in v.hand),
        "your items: " + ", ".join(game.tables.things[t].name for t in v.inventory),
        f"your objectives: {objectives} (chosen: {chosen})",
    ]
