"""Words for humans: what an action id means for the open decision, and how a logged event
reads for one seat. The CLI asks the game (`NotAloneGame.action_label`, `.event_text`), so it
imports no game package; events are read from their structured payload, never parsed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nemesis_env.core.events import Event, EventValue
from nemesis_env.games.not_alone import actions as na
from nemesis_env.games.not_alone.render import seat_name
from nemesis_env.games.not_alone.rules import kinds as k
from nemesis_env.games.not_alone.rules.payloads import ResolveArgs

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState

# -- action labels ---------------------------------------------------------------------------
PLACE_VERBS: dict[int, str] = {
    k.D_EXPLORE: "play {}",
    k.D_TAKE_BACK: "take back {}",
    k.D_RESOLVE: "take back {}",
    k.D_DOUBLE_BACK: "take back {}",
    k.D_TARGET_PLACE: "put the Target token on {}",
    k.D_TARGET_PAIR: "put the Target token on {}",
    k.D_CREATURE_TOKEN: "put the Creature token on {}",
    k.D_ARTEMIA_TOKEN: "put the Artemia token on {}",
    k.D_KEEP: "keep {}",
    k.D_RIVER: "keep {}",
    k.D_FORBIDDEN: "discard {}",
    k.D_DISCARD_PLACE: "discard {}",
    k.D_SACRIFICE: "discard {}",
    k.D_CATACLYSM: "make {} ineffective",
    k.D_DETOUR_CARD: "move their {} card",
    k.D_DETOUR_DEST: "move them to {}",
    k.D_MOVE_TOKEN: "move the token to {}",
    k.D_RESOLVE_ORDER: "resolve {} first",
    k.D_LAIR: "copy the power of {}",
    k.D_GATE: "use the power of {}",
    k.D_ROVER: "take {} from the reserve",
    k.D_VORTEX_DISCARD: "take {} back from your discard",
    k.D_VORTEX_PLAYED: "swap out {}",
}
PASS_TEXT: dict[int, str] = {
    k.D_CREATURE_WINDOW: "pass (play no hunt card)",
    k.D_HUNTED_WINDOW: "pass (play no survival card)",
    k.D_RESOLVE: "do nothing",
    k.D_CATCH_SURVIVAL: "pass (let the token resolve)",
}
OPTION_TEXT = {
    "resist": "resist (lose 1 Will, take back 2 place cards)",
    "give_up": "give up (regain all Will and place cards; Assimilation +1)",
    "use_power": "use the power of your place",
    "take_all": "take back every discarded place card",
    "draw": "draw a survival card",
    "lose_will": "lose 1 Will",
    "discard_two": "discard 2 place cards",
    "side_1": "board side 1",
    "side_2": "board side 2",
    "creature_token": "move the Creature token",
    "target_token": "move the Target token",
}


def action_label(game: NotAloneGame, state: NotAloneState, action_id: int) -> str:
    """What `action_id` means for the open decision, in words (e.g. "take back River")."""
    data, decision = game.data, state.stack[-1]
    kind = game.space.kind_of(action_id)
    arg = kind.arg(action_id)
    if kind is na.PLACE:
        return PLACE_VERBS.get(decision.kind, "choose {}").format(data.places[arg].name)
    if kind is na.PAIR:
        a, b = data.pairs[arg]
        pair = f"{data.places[a - 1].name} + {data.places[b - 1].name}"
        return PLACE_VERBS.get(decision.kind, "choose {}").format(pair)
    if kind is na.SURVIVAL:
        card_verbs: dict[int, str] = {k.D_SHELTER_KEEP: "keep {}", k.D_TOXIN: "discard {}"}
        verb = card_verbs.get(decision.kind, "play survival card {}")
        return verb.format(data.survival[arg].name)
    if kind is na.HUNT:
        return f"play hunt card {data.hunt[arg].name}"
    if kind is na.HUNTED:
        verb = "give 1 Will to Hunted {}" if decision.kind == k.D_SOURCE else "choose Hunted {}"
        return verb.format(arg)
    if kind is na.PASS_KIND:
        return PASS_TEXT.get(decision.kind, "pass")
    option = kind.name
    if option == "use_power" and decision.kind == k.D_RESOLVE:
        args: ResolveArgs = decision.payload
        place = state.location[args.hunted][args.slot]
        return f"use the power of {data.places[place - 1].name}"
    return OPTION_TEXT.get(option, option.replace("_", " "))


def decision_label(state: NotAloneState) -> str:
    """The open decision in words (e.g. "take back a place card")."""
    return k.DECISION_NAMES[state.stack[-1].kind]


# -- event texts -------------------------------------------------------------------------------
# How each event kind reads. Fields: {hunted} the Hunted's index; place-valued keys (place,
# incoming, outgoing) are place names; {places} a list of place names; {card} a card name.
EVENT_TEXT = {
    "use_power": "Hunted {hunted} uses the power of {place}",
    "rescue": "Creature: rescue counter {counter} from the star",
    "assimilation": "Creature: assimilation counter {counter} from the star",
    "take_back_all": "Hunted {hunted} takes back every discarded place card",
    "discard": "Hunted {hunted} discards {place}",
    "reshuffle": "Creature: {deck} discard pile shuffled into a new deck",
    "play_place": "Hunted {hunted} plays {place}",
    "resist": "Hunted {hunted} resists, will {will}",
    "give_up": "Hunted {hunted} gives up",
    "play_hunt": "Creature: play hunt: {card}",
    "name_hunted": "Hunted {hunted} named",
    "phobia": "Hunted {hunted} shows [{places}]",
    "forbidden_choice": "Hunted {hunted}: forbidden choice: {place}",
    "cataclysm": "Creature: place {place} is ineffective",
    "detour": "Hunted {hunted} moved to {place}",
    "play_survival": "Hunted {hunted}: play survival: {card}",
    "beacon": "Hunted {hunted}: marker placed on the Beach",
    "vortex": "Hunted {hunted} swaps a played card for {incoming}, discarding {outgoing}",
    "move_token": "Hunted {hunted}: {token} token moved to {place}",
    "ignore_token": "Hunted {hunted} ignores the {token} token",
    "river": "Hunted {hunted} keeps {place}",
    "reveal": "Hunted {hunted} reveals [{places}]",
    "artemia_catch": "Hunted {hunted} caught {hits}x by the artemia token",
    "caught": "Hunted {hunted} caught by the creature",
    "toxin": "Hunted {hunted} discards {card}",
    "board_side": "Creature: board side {side}",
    "creature_token": "Creature: creature token on {place}",
    "artemia_token": "Creature: artemia token on {places}",
    "ineffective": "Hunted {hunted} can't use place {place}",
    "lair_copy": "Hunted {hunted} copies {place}",
    "rover": "Hunted {hunted} takes {place} from the reserve",
    "discard_survival": "Hunted {hunted}: discard survival: {card}",
    "draw_hunt": "Creature: draw hunt: {card}",
    "draw_survival": "Hunted {hunted}: draw survival: {card}",
    "strike_back": "Creature: strike back: {card}",
}
HUNT_CARD_EVENTS = frozenset({"play_hunt", "draw_hunt", "strike_back"})
PLACE_KEYS = frozenset({"place", "incoming", "outgoing"})
TOKEN_NAMES = {k.T_CREATURE: "creature", k.T_TARGET: "target", k.T_ARTEMIA: "artemia"}


def event_text(game: NotAloneGame, event: Event, seat: int | None) -> str:
    """One log line of `event` as `seat` perceives it (None: the spectator sees everything and
    is told which events were private)."""
    if event.kind == "turn":
        return f"\n== Turn {event.turn} =="
    if event.kind == "game_over":
        winner = event.get("winner")
        return f"  Game over: the {'creature wins' if winner == 'creature' else 'hunted win'}"
    if seat is not None and event.hides_from(seat) and event.seen_by(seat) != event:
        return f"  {seat_name(event.actor)}: {event.kind.replace('_', ' ')} (hidden)"
    line = _describe(game, event)
    if seat is None and event.visible_to is not None:
        line += f"  (private: {', '.join(seat_name(s) for s in sorted(event.visible_to))})"
    return "  " + line


def _describe(game: NotAloneGame, event: Event) -> str:
    data = game.data
    words: dict[str, str] = {}
    for key, value in event.payload:
        if key in PLACE_KEYS:
            words[key] = _place(game, value)
        elif key == "places":
            names = [_place(game, p) for p in _ints(value)]
            words[key] = " + ".join(names) if event.kind == "artemia_token" else ", ".join(names)
        elif key == "card":
            cards = data.hunt if event.kind in HUNT_CARD_EVENTS else data.survival
            words[key] = cards[_int(value)].name
        elif key == "token" and isinstance(value, int):
            words[key] = TOKEN_NAMES[value]
        else:
            words[key] = str(value)
    kind = event.kind
    if kind == "will":
        lost = event.get("lost")
        if lost is None:
            return "Hunted {hunted} regains will, now {will}".format(**words)
        return "Hunted {hunted} loses {lost} will, now {will}".format(**words)
    if kind == "take_back":
        played = "played " if event.get("played") else ""
        return f"Hunted {words['hunted']} takes back {played}{words['place']}"
    if kind == "target_token":
        places = [_place(game, p) for p in _ints(event.get("places") or ())]
        if len(places) == 2:
            return f"Creature: target token between {places[0]} and {places[1]}"
        return f"Creature: target token on {', '.join(places)}"
    template = EVENT_TEXT.get(kind)
    if template is None:  # a kind without wording: its fields as they are
        fields = "".join(f", {key} {text}" for key, text in words.items())
        return f"{seat_name(event.actor)}: {kind.replace('_', ' ')}{fields}"
    return template.format(**words)


def _int(value: EventValue) -> int:
    if not isinstance(value, int):
        raise TypeError(f"expected a number in the event payload, got {value!r}")
    return value


def _ints(value: EventValue) -> tuple[int, ...]:
    if not isinstance(value, tuple):
        raise TypeError(f"expected numbers in the event payload, got {value!r}")
    return value


def _place(game: NotAloneGame, value: EventValue) -> str:
    number = _int(value)
    return game.data.places[number - 1].name if number else "(taken back)"
