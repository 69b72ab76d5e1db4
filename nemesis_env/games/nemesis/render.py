"""Text map of a Nemesis view: the tracks, then the ship room by room (its tile, fire,
malfunction, objects, who is there, and its corridors with their doors and noise markers), then
the escape pods, the characters, and the seat's own secrets. It reads a View only, so it shows
exactly what that seat may know (a face-down tile it peeked at is marked as such)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.games.nemesis import names
from nemesis_env.games.nemesis.state import (
    CLOSED,
    DESTROYED,
    POD_LAUNCHED,
    POD_LOCKED,
    STATUS_NAMES,
    UNKNOWN,
)
from nemesis_env.games.nemesis.tables import DECK_COLOURS
from nemesis_env.games.nemesis.topology import TC
from nemesis_env.games.nemesis.view import CharacterView, NemesisView

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame

LEGEND = (
    "Legend: exits read 'n>R': corridor n leads to room R (TC: the Technical Corridors); "
    "'|' closed door, 'x' destroyed door, '*' noise marker in that corridor."
)


def render_view(game: NemesisGame, v: NemesisView) -> str:
    lines = [_title(game, v), *_tracks(game, v), ""]
    lines += _rooms(game, v)
    lines += ["", *_pods(v), *_characters(game, v)]
    if v.seat >= 0:
        lines += _secrets(game, v)
    if v.terminal:
        winners = ", ".join(names.seat_label(i) for i, w in enumerate(v.winners) if w)
        lines.append(f"game over ({v.end_reason.replace('_', ' ')}): winners {winners or 'none'}")
    return "\n".join(lines)


def _title(game: NemesisGame, v: NemesisView) -> str:
    if v.seat < 0:
        return f"Nemesis, {v.players} players: view of spectator"
    # "view of player_N" is what the generic tests look for
    return f"Nemesis, {v.players} players: view of player_{v.seat} ({_who(game, v, v.seat)})"


def _who(game: NemesisGame, v: NemesisView, seat: int) -> str:
    character = v.chars[seat].character
    label = names.seat_label(seat)
    return label if character < 0 else f"{label}, {game.data.characters[character].name}"


def _tracks(game: NemesisGame, v: NemesisView) -> list[str]:
    sd = "off" if v.self_destruct < 0 else f"running ({v.self_destruct} advances)"
    weaknesses = [game.data.weaknesses[w].name for w in v.weakness if w >= 0]
    return [
        f"Time: {v.time} turns left   Self-destruct: {sd}   Destination: "
        f"{names.DESTINATION_SPACES[v.destination]}   First player: "
        f"{names.seat_label(v.first_player)}",
        f"Eggs in the Nest: {v.eggs_in_nest}{' (Nest destroyed)' if v.nest_destroyed else ''}"
        f"   Intruder bag: {sum(c for _, c in v.bag)} tokens   Weaknesses found: "
        + (", ".join(weaknesses) or "none"),
        _tech_corridors(game, v),
    ]


def _tech_corridors(game: NemesisGame, v: NemesisView) -> str:
    """One noise space on the basic side; one per network on the alternate side."""
    if len(v.tc_noise) == 1:
        return "Technical Corridors: " + ("NOISE" if v.tc_noise[0] else "quiet")
    return "Technical Corridors: " + ", ".join(
        f"{name} {'NOISE' if noisy else 'quiet'}"
        for name, noisy in zip(game.data.board.tech_networks, v.tc_noise, strict=True)
    )


def _room_name(game: NemesisGame, v: NemesisView, room: int) -> str:
    tile = v.tile[room]
    if tile < 0:
        return "(unexplored)"
    name = names.tile_name(game, tile)
    if not v.explored[room] and game.tables.fixed_tile[room] >= 0:
        return f"{name} (face up, token face down)"
    return name if v.explored[room] else f"{name} (face down, seen)"


def _exits(game: NemesisGame, v: NemesisView, room: int) -> str:
    topo = game.topo
    networks = game.data.board.tech_networks
    out = []
    for corridor in topo.exits[room]:
        other = topo.other_end(corridor, room)
        network = topo.tc_network[corridor]
        noise = v.tc_noise[network] if other == TC else v.noise[corridor]
        door = {CLOSED: "|", DESTROYED: "x"}.get(v.door[corridor], "")
        where = networks[network] if other == TC else str(other + 1)
        out.append(f"{names.corridor_numbers(game, corridor)}>{where}{door}{'*' * noise}")
    return " ".join(out)


def _room_marks(game: NemesisGame, v: NemesisView, room: int) -> list[str]:
    marks = []
    if v.fire[room]:
        marks.append("FIRE")
    if v.malfunction[room]:
        marks.append("MALFUNCTION")
    if v.explored[room] and game.slot_kind[room] >= 0:
        marks.append(f"items {v.item_counter[room]}")
    if v.depressurised == room:
        marks.append("DEPRESSURISING")
    objects = [names.thing(game, t) for t in v.objects[room]]
    if objects:
        marks.append(", ".join(objects))
    if v.token[room] >= 0:
        effect = game.data.exploration.tokens[v.token[room]].effect
        marks.append(f"token seen: {effect.replace('_', ' ')}")
    return marks


def _rooms(game: NemesisGame, v: NemesisView) -> list[str]:
    lines = [LEGEND]
    for room in range(game.topo.num_rooms):
        line = f"{room + 1:2d} {_room_name(game, v, room):<26} {_exits(game, v, room)}"
        marks = _room_marks(game, v, room)
        if marks:
            line += "  [" + "; ".join(marks) + "]"
        crew = [_who(game, v, s) for s, c in enumerate(v.chars) if c.room == room]
        if crew:
            line += "  crew: " + "; ".join(crew)
        foes = [
            names.intruder_type(game, game.mini_type[m])
            + (f" ({v.intruder_injuries[m]} inj.)" if v.intruder_injuries[m] else "")
            for m, r in enumerate(v.intruder_room)
            if r == room
        ]
        if foes:
            line += "  INTRUDERS: " + ", ".join(foes)
        lines.append(line)
    return lines


def _pods(v: NemesisView) -> list[str]:
    states = []
    for pod, state in enumerate(v.pods):
        word = "launched" if state == POD_LAUNCHED else "locked" if state == POD_LOCKED else "open"
        aboard = ", ".join(names.seat_label(s) for s in v.pod_seats[pod])
        states.append(f"{pod + 1}{'AB'[pod % 2]} {word}" + (f" ({aboard})" if aboard else ""))
    return ["Escape pods: " + "; ".join(states)]


def _character_line(game: NemesisGame, v: NemesisView, seat: int, c: CharacterView) -> str:
    where = f" in Room {c.room + 1}" if c.room >= 0 else ""
    serious = [
        names.wound_card(game, w if w >= 0 else ~w) + (" (dressed)" if w < 0 else "")
        for w in c.serious
    ]
    held = [
        names.thing(game, t) + (f" {ammo} ammo" if game.item_capacity(t) else "")
        for t, ammo in zip(c.heavy, c.heavy_ammo, strict=True)
    ]
    items = [f"{n} {DECK_COLOURS[i] if i < 3 else 'other'}"
             for i, n in enumerate(c.inventory_colours) if n]  # fmt: skip
    flags = [f for f, on in (("slime", c.slime), ("signal sent", c.signal), ("LARVA", c.larva),
                             ("passed", c.passed)) if on]  # fmt: skip
    return (
        f"{_who(game, v, seat)} (player_{seat}): {STATUS_NAMES[c.status].replace('_', ' ')}"
        f"{where}; light wounds {c.light_wounds}; serious: {', '.join(serious) or 'none'}; "
        f"hand {c.hand_size}, deck {c.deck_size}, discard {len(c.discard)}; "
        f"holds: {', '.join(held) or 'nothing'}; items: {', '.join(items) or 'none'}"
        + (f"; {', '.join(flags)}" if flags else "")
    )


def _characters(game: NemesisGame, v: NemesisView) -> list[str]:
    return [_character_line(game, v, seat, c) for seat, c in enumerate(v.chars)]


def _secrets(game: NemesisGame, v: NemesisView) -> list[str]:
    objectives = [names.objective(game, o) for o in v.objectives]
    chosen = names.objective(game, v.objective) if v.objective >= 0 else "not chosen yet"
    engines = [
        f"{i + 1} {'damaged' if e else 'working'}" for i, e in enumerate(v.engine) if e != UNKNOWN
    ]
    lines = [
        "",
        "Your hand: " + (", ".join(names.card(game, c) for c in v.hand) or "empty"),
        "Your items: " + (", ".join(names.thing(game, t) for t in v.inventory) or "none"),
        f"Your objectives: {', '.join(objectives) or 'none yet'} (kept: {chosen})",
    ]
    if v.crew_objectives:
        crew = ", ".join(names.objective(game, o) for o in v.crew_objectives)
        lines.append(f"Crew objectives (co-op, all to be met): {crew}")
    if v.draft:
        lines.append("Draft: " + ", ".join(game.data.characters[c].name for c in v.draft))
    if engines:
        lines.append("Engines you checked: " + ", ".join(engines))
    if v.coordinates >= 0:
        c = game.data.coordinates[v.coordinates]
        spaces = zip("ABCD", (c.a, c.b, c.c, c.d), strict=True)
        lines.append("Coordinates: " + ", ".join(f"{k} {d}" for k, d in spaces))
    return lines
