"""Per-seat views of Nemesis: everything one seat may know and nothing else, and worlds sampled
from them (DESIGN.md §2, "hidden information in three layers").

Public: the tracks, the board as explored (tiles face up, item counters, fire, malfunction,
doors, noise, objects lying in rooms), the Intruders on the board, the bag's contents (tokens
go in and out in view of everyone), the eggs, discovered weaknesses, the escape pods, each
character's board (room, status, wounds and their cards, slime, signal, larva, heavy items with
their ammo, active quest items), hand and deck sizes, discard piles (contamination cards there
show as contamination: only their owner may know a scan's result) and the colours of the
items in each inventory.
Private to its seat: its hand, its inventory's items, its objectives (dealt and chosen;
co-op objectives are dealt face up, hence public: `crew_objectives`), its draft cards, the
scanned state of its contamination cards, the intruder player's hand (param intruder_player;
its deck size and discard pile are public), and what it looked at: face-down tiles and tokens it
peeked at, engine tops and the coordinates card it checked, item cards it put under a deck.

Most face-down things are not even in the state until someone sees them (state.py). The rest
of what the seat cannot see is in `world`, the seat's redacted state (worlds.py): the
placeholders `Game.sample_world(view, rng)` draws from their pools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from nemesis_env.core.zones import HIDDEN
from nemesis_env.games.nemesis.rules.fighting import FACES
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import UNKNOWN, Character, State
from nemesis_env.games.nemesis.worlds import Redacted, redact

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame


OFFERS = (Kind.IP_ATTACK_CHOICE, Kind.IP_EVENT_CHOICE)


class CharacterView(NamedTuple):
    character: int
    room: int
    status: int
    pod: int
    light_wounds: int
    serious: tuple[int, ...]
    slime: bool
    signal: bool
    larva: bool
    hand_size: int
    deck_size: int
    discard: tuple[int, ...]
    heavy: tuple[int, ...]
    heavy_ammo: tuple[int, ...]
    inventory_colours: tuple[int, ...]  # items per deck colour (red, yellow, green, other)
    quest_active: tuple[bool, ...]
    passed: bool
    actions_left: int
    objective_chosen: bool


class NemesisView(NamedTuple):
    """What `seat` knows (a NamedTuple: built once per observation, immutable)."""

    seat: int
    players: int
    # flow
    stage: int
    terminal: bool
    decision: int  # the open decision's kind, -1 when none
    chooser: int
    first_player: int
    time: int
    self_destruct: int
    destination: int
    # board
    tile: tuple[int, ...]  # UNKNOWN where the seat has not seen the tile
    explored: tuple[bool, ...]
    token: tuple[int, ...]  # face-up or peeked tokens, UNKNOWN otherwise (-2 resolved)
    item_counter: tuple[int, ...]
    fire: tuple[bool, ...]
    malfunction: tuple[bool, ...]
    objects: tuple[tuple[int, ...], ...]
    door: tuple[int, ...]
    noise: tuple[bool, ...]
    tc_noise: tuple[bool, ...]  # per Technical Corridors network
    depressurised: int
    intruder_room: tuple[int, ...]
    intruder_injuries: tuple[int, ...]
    bag: tuple[tuple[int, int], ...]  # (token kind, copies), public
    supply: tuple[int, ...]
    eggs_in_nest: int
    nest_destroyed: bool
    queen_killed: bool
    weakness: tuple[int, ...]
    engine: tuple[int, ...]  # tops the seat knows, UNKNOWN otherwise
    coordinates: int  # UNKNOWN unless the seat checked it
    pods: tuple[int, ...]
    pod_seats: tuple[tuple[int, ...], ...]
    decks: tuple[int, ...]  # cards left per item deck
    item_discard: tuple[tuple[int, ...], ...]
    crafted_left: tuple[int, ...]
    event_discard: tuple[int, ...]
    event_deck_size: int
    attack_discard: tuple[int, ...]
    wound_discard: tuple[int, ...]
    contam_deck_left: int
    chars: tuple[CharacterView, ...]
    # the seat's own secrets
    hand: tuple[int, ...]
    inventory: tuple[int, ...]
    objectives: tuple[int, ...]
    objective: int
    draft: tuple[int, ...]
    deck: tuple[int, ...]  # its own deck's contents, sorted (order unknown)
    # co-op: every player's objective card in seat order, dealt face up (§18.2); else empty
    crew_objectives: tuple[int, ...]
    winners: tuple[bool, ...]
    end_reason: str
    # the whole information set, redacted (worlds.py): what `Game.sample_world` draws from
    world: Redacted | None  # None in the lighter views built for observations only
    # a REROLL decision's combat die face (an index into rules/fighting.FACES), rolled in the
    # open; -1 at any other decision
    roll_face: int = -1
    # the intruder player (param intruder_player; seed 000 "Modes"): its seat once it plays the
    # Intruders (-1 before), its hand for itself only, and what everyone sees of its cards
    intruder_player: bool = False
    intruder_seat: int = -1
    intruder_hand: tuple[int, ...] = ()
    intruder_hand_size: int = 0
    intruder_deck_size: int = 0
    intruder_discard: tuple[int, ...] = ()
    intruder_offer: tuple[int, ...] = ()  # attack or event cards drawn for its choice (public)


def _colour_counts(game: NemesisGame, items: list[int]) -> tuple[int, ...]:
    counts = [0, 0, 0, 0]
    for thing in items:
        deck = game.tables.things[thing].deck
        counts[deck if deck >= 0 else 3] += 1
    return tuple(counts)


def _public_discard(game: NemesisGame, discard: list[int], own: bool) -> tuple[int, ...]:
    """A discard pile as `own`er or another seat sees it: scan results are the owner's."""
    if own:
        return tuple(discard)
    unknown = game.contam_unknown
    return tuple(unknown if game.is_contamination(card) else card for card in discard)


def _character_view(game: NemesisGame, c: Character, own: bool) -> CharacterView:
    return CharacterView(
        c.character, c.room, c.status, c.pod, c.light_wounds, tuple(c.serious), c.slime,
        c.signal, c.larva, len(c.hand), len(c.deck), _public_discard(game, c.discard, own),
        tuple(c.heavy), tuple(c.heavy_ammo), _colour_counts(game, c.inventory),
        tuple(c.quest_active), c.passed, c.actions_left, c.objective >= 0,
    )  # fmt: skip


def view_for(s: State, seat: int, world: bool = True) -> NemesisView:
    """`seat` < 0 is the spectator, who sees only what is public; `world=False` leaves out the
    redacted world (the encoder does not read it)."""
    game = s.game
    bit = 0 if seat < 0 else 1 << seat
    top = s.stack[-1] if s.stack else None
    me = s.chars[seat] if seat >= 0 else None
    public = game.params.mode == "coop"  # co-op objectives are dealt face up (§18.2)
    tile = tuple(
        t
        if (s.tile_known[r] & bit or s.explored[r] or s.tile_known[r] == (1 << len(s.chars)) - 1)
        else UNKNOWN
        for r, t in enumerate(s.tile)
    )
    token = tuple(t if t == -2 or s.token_known[r] & bit else UNKNOWN
                  for r, t in enumerate(s.token))  # fmt: skip
    return NemesisView(
        seat=seat, players=len(s.chars), stage=s.stage, terminal=s.terminal,
        decision=-1 if top is None else int(top.kind),
        chooser=-99 if top is None else top.chooser,
        first_player=s.first_player, time=s.time, self_destruct=s.self_destruct,
        destination=s.destination, tile=tile, explored=tuple(s.explored), token=token,
        item_counter=tuple(s.item_counter), fire=tuple(s.fire),
        malfunction=tuple(s.malfunction), objects=tuple(tuple(o) for o in s.objects),
        door=tuple(s.door), noise=tuple(s.noise), tc_noise=tuple(s.tc_noise),
        depressurised=s.depressurised, intruder_room=tuple(s.intruder_room),
        intruder_injuries=tuple(s.intruder_injuries),
        bag=tuple(sorted(s.bag.counts().items())), supply=tuple(s.supply),
        eggs_in_nest=s.eggs_in_nest, nest_destroyed=s.nest_destroyed,
        queen_killed=s.queen_killed, weakness=tuple(s.weakness),
        engine=tuple(e if s.engine_known[i] & bit else UNKNOWN for i, e in enumerate(s.engine)),
        coordinates=s.coordinates if s.coordinates_known & bit else UNKNOWN,
        pods=tuple(s.pods), pod_seats=tuple(tuple(p) for p in s.pod_seats),
        decks=tuple(len(d) for d in s.item_decks),
        item_discard=tuple(tuple(d) for d in s.item_discard),
        crafted_left=tuple(s.crafted_left), event_discard=tuple(s.event_discard),
        event_deck_size=len(s.event_deck), attack_discard=tuple(s.attack_discard),
        wound_discard=tuple(s.wound_discard), contam_deck_left=s.contam_deck_left,
        chars=tuple(_character_view(game, c, i == seat) for i, c in enumerate(s.chars)),
        hand=() if me is None else tuple(sorted(me.hand)),
        inventory=() if me is None else tuple(sorted(me.inventory)),
        objectives=() if me is None else tuple(me.objectives),
        objective=UNKNOWN if me is None else me.objective,
        draft=() if me is None else tuple(me.draft),
        deck=() if me is None else tuple(sorted(me.deck.hidden_cards(-1))),
        crew_objectives=tuple(o for c in s.chars for o in c.objectives) if public else (),
        winners=tuple(s.winners), end_reason=s.end_reason, world=redact(s, seat) if world else None,
        roll_face=_roll_face(top),
        **_intruder_fields(s, seat),
    )  # fmt: skip


def _roll_face(top: Any) -> int:
    if top is None or top.kind != Kind.REROLL:
        return -1
    return FACES.index(top.payload.face)


def _intruder_fields(s: State, seat: int) -> dict[str, Any]:
    ip = s.ip
    if ip is None:
        return {}
    top = s.stack[-1] if s.stack else None
    offer = top.payload.drawn if top is not None and top.kind in OFFERS else ()
    return {
        "intruder_player": True,
        "intruder_seat": ip.seat if ip.active else -1,
        "intruder_hand": tuple(sorted(ip.hand)) if ip.active and seat == ip.seat else (),
        "intruder_hand_size": len(ip.hand),
        "intruder_deck_size": len(ip.deck),
        "intruder_discard": tuple(ip.discard),
        "intruder_offer": tuple(offer),
    }


__all__ = ["HIDDEN", "CharacterView", "NemesisView", "view_for"]
