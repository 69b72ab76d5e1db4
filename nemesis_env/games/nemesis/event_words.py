"""How Nemesis's logged events read for one seat, and chance outcomes in words.

`event_text` follows the kernel's redaction (core/game.py `Game.event_text`): a seat outside an
event's `visible_to` reads `event.seen_by(seat)`, which keeps the kind and the actor and drops
the payload; its line is worded from those alone and ends "(hidden)". The spectator (seat None)
reads everything and is told which events were private. Rooms are named by number, and by name
only for the printed special rooms: an event carries no state, so it cannot know which tiles
the reader has seen. A contamination card's scan is named only to its owner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nemesis_env.core.events import Event, EventValue
from nemesis_env.games.nemesis import labels_intruder, names
from nemesis_env.games.nemesis.defs import NemesisData
from nemesis_env.games.nemesis.tables import DECK_COLOURS, WEAKNESS_SLOTS

if TYPE_CHECKING:
    from nemesis_env.games.nemesis.game import NemesisGame


class Reader:
    """The payload of one event as words, for one reader (None: the spectator)."""

    def __init__(self, game: NemesisGame, event: Event, seat: int | None) -> None:
        self.game, self.event, self.seat = game, event, seat
        self.data: NemesisData = game.tables.data

    def num(self, key: str) -> int:
        value = self.event.get(key)
        if not isinstance(value, int):
            raise TypeError(f"{self.event.kind}: expected a number for {key!r}, got {value!r}")
        return value

    def nums(self, key: str) -> tuple[int, ...]:
        value: EventValue | None = self.event.get(key)
        if not isinstance(value, tuple):
            raise TypeError(f"{self.event.kind}: expected numbers for {key!r}, got {value!r}")
        return value

    def text(self, key: str) -> str:
        return str(self.event.get(key)).replace("_", " ")

    def room(self, key: str = "room") -> str:
        return names.room(self.game, self.num(key))

    def who(self, key: str) -> str:
        return names.seat_label(self.num(key))

    def thing(self, key: str = "thing") -> str:
        return names.thing(self.game, self.num(key))

    def things(self, key: str) -> str:
        return ", ".join(names.thing(self.game, t) for t in self.nums(key)) or "nothing"

    def intruder(self, key: str = "intruder") -> str:
        return names.intruder(self.game, self.num(key))

    def card(self, key: str = "card") -> str:
        """An Action card; a contamination card's scan only for its owner (the actor)."""
        owner = self.seat is None or self.seat == self.event.actor
        return names.card(self.game, self.num(key), scan_known=owner)

    def deck(self, key: str = "deck") -> str:
        return names.DECK_NAMES[self.num(key)]

    def plural(self, key: str, noun: str) -> str:
        n = self.num(key)
        return f"{n} {noun}{'' if n == 1 else 's'}"


Wording = Callable[[Reader], str]

# Kinds whose payload some seats do not see: what those seats read instead.
HIDDEN_TEXT: dict[str, str] = {
    "draw": "draws an Action card",
    "objective_dealt": "is dealt an objective card",
    "draft_card": "draws a character card for the draft",
    "objective_chosen": "chooses an objective",
    "item_drawn": "draws an item card",
    "item_gained": "gains an item",
    "item_kept": "keeps an item",
    "event_seen": "looks at the top event card",
    "scan": "scans a Contamination card",
    "eclosion_draw": "draws a card (eclosion)",
    "objective_seen": "looks at an objective card",
    "tile": "looks at a face-down room tile",
    "engine_seen": "checks an engine",
    "coordinates_seen": "checks the coordinates",
    "trade": "trades",
}


def event_text(game: NemesisGame, event: Event, seat: int | None) -> str:
    """One log line of `event` as `seat` perceives it."""
    if event.kind == "time":
        left = event.get("left")
        return f"\n== Event phase of turn {event.turn - 1}: time track, {left} turns left =="
    who = names.seat_label(event.actor) if 0 <= event.actor < len(game.info.seat_names) else ""
    seen = event if seat is None else event.seen_by(seat)
    if seen != event:
        hidden = HIDDEN_TEXT.get(event.kind, event.kind.replace("_", " "))
        return f"  {who or 'someone'} {hidden} (hidden)"
    wording = EVENT_WORDS.get(event.kind)
    if wording is None:  # a kind without wording yet: its fields as they are
        fields = "".join(f", {key} {value}" for key, value in event.payload)
        text = f"{event.kind.replace('_', ' ')}{fields}"
    else:
        text = wording(Reader(game, event, seat))
    line = f"  {who} {text}" if who else f"  {text[:1].upper()}{text[1:]}"
    if seat is None and event.visible_to is not None:
        line += f"  (private: {', '.join(names.seat_label(s) for s in sorted(event.visible_to))})"
    return line


def _noise(r: Reader, verb: str) -> str:
    face = r.num("face")
    result = names.NOISE_FACES.get(face, f"noise in corridor {face}")
    return f"{verb} in {r.room()}: {result}"


def _door(r: Reader) -> str:
    state = names.DOOR_STATES[r.num("state")]
    return f"the door of {names.corridor(r.game, r.num('corridor'))} is now {state}"


def _launch(r: Reader) -> str:
    aboard = ", ".join(names.seat_label(s) for s in r.nums("aboard")) or "nobody"
    how = " (ejected by the ship's destruction)" if r.num("ejected") else ""
    return f"escape pod {r.num('pod') + 1} launches with {aboard}{how}"


def _game_over(r: Reader) -> str:
    winners = ", ".join(names.seat_label(s) for s in r.nums("winners")) or "nobody"
    verb = "win" if len(r.nums("winners")) > 1 else "wins"
    return f"game over ({r.text('reason')}): {winners} {verb}"


def _attack(r: Reader) -> str:
    hit = "hits" if r.num("hit") else "misses"
    card = names.attack_card(r.game, r.num("card"))
    return f"is attacked by {r.intruder()}: {card}, {hit}"


def _interruption(r: Reader) -> str:
    target = "action" if r.num("level") == 0 else "Interruption"
    return f"plays Interruption: cancels {r.who('cancels')}'s {target}"


def _weakness(r: Reader) -> str:
    slot = WEAKNESS_SLOTS[r.num("slot")].replace("_", " ")
    name = r.data.weaknesses[r.num("card")].name
    return f"weakness discovered ({slot}): {name}"


def _crafted(r: Reader) -> str:
    return f"crafts {r.thing()} from {r.things('from')}"


def _craft(r: Reader) -> str:
    if r.event.get("recipe") is not None:
        return f"crafts {names.thing(r.game, r.game.tables.crafted[r.num('recipe')])}"
    return f"crafts {r.thing()}"


def _contam_removed(r: Reader) -> str:
    if r.event.get("count") is not None:
        return f"removes {r.plural('count', 'clean Contamination card')}"
    return "removes a scanned Contamination card" + (" (infected)" if r.num("infected") else "")


def _purged(r: Reader) -> str:
    if r.event.get("infected") is None:
        return "purges a Larva"
    larva = " and a Larva" if r.num("larva") else ""
    return f"has surgery: removes {r.plural('infected', 'infected card')}{larva}"


def _coordinates(r: Reader) -> str:
    c = r.data.coordinates[r.num("card")]
    spaces = (c.a, c.b, c.c, c.d)
    table = ", ".join(f"{s} {d.replace('_', ' ')}" for s, d in zip("ABCD", spaces, strict=True))
    return f"checks the coordinates: {table}"


def _reload(r: Reader) -> str:
    weapon = r.thing("weapon" if r.event.get("weapon") is not None else "thing")
    ammo = r.event.get("ammo")
    return f"reloads the {weapon}" + ("" if ammo is None else f" ({ammo} ammo)")


EVENT_WORDS: dict[str, Wording] = {
    # setup
    "setup": lambda r: f"setup: {r.num('players')} players",
    "objective_dealt": lambda r: f"is dealt objective {names.objective(r.game, r.num('card'))}",
    "draft_card": lambda r: f"draws {r.data.characters[r.num('character')].name} for the draft",
    "character": lambda r: f"plays {r.data.characters[r.num('character')].name}",
    "setup_done": lambda r: "setup done: the crew wakes in the Hibernatorium",
    # player phase
    "draw": lambda r: f"draws {r.card()}",
    "reshuffle": lambda r: "shuffles the discard pile into a new Action deck",
    "pass": lambda r: "passes",
    "play_card": lambda r: f"plays {r.card()}",
    "discard": lambda r: f"discards {r.card()}",
    "interruption": _interruption,
    "move": lambda r: f"moves to {r.room()}",
    "careful_noise": lambda r: (
        f"places a noise marker in corridor {r.num('corridor')} of {r.room()}"
    ),
    "explore": lambda r: f"explores {r.room()}",
    "tile": lambda r: f"{r.room()} is the {names.tile_name(r.game, r.num('tile'))}",
    "exploration_token": lambda r: (
        f"exploration token in {r.room()}: "
        f"{r.data.exploration.tokens[r.num('token')].effect.replace('_', ' ')}"
    ),
    "noise_roll": lambda r: _noise(r, "rolls for noise"),
    "noise_reroll": lambda r: _noise(r, "rerolls the noise die"),
    "danger": lambda r: f"Danger in {r.room()}: Intruders nearby move in",
    "encounter_blank": lambda r: f"meets nothing in {r.room()} (blank token)",
    "no_miniature": lambda r: (
        f"draws {names.intruder_token(r.game, r.num('token'))}: no "
        "miniature left, the token goes back"
    ),
    "first_encounter": lambda r: "first encounter: every player chooses an objective",
    "objective_chosen": lambda r: f"keeps objective {names.objective(r.game, r.num('card'))}",
    "objective_seen": lambda r: f"looks at objective {names.objective(r.game, r.num('card'))}",
    "slime": lambda r: f"is covered in Slime in {r.room()}",
    "room_action": lambda r: f"uses the action of {r.room()}",
    # fighting
    "shoot": lambda r: f"shoots {r.intruder()} with the {r.thing('weapon')}",
    "melee": lambda r: f"attacks {r.intruder()} in melee",
    "combat_roll": lambda r: f"rolls the combat die: {names.DIE_FACES[r.text('face')]}",
    "spend_ammo": lambda r: f"spends one more ammo of the {r.thing('weapon')}",
    "full_auto": lambda r: f"fires full auto ({r.plural('ammo', 'ammo')})",
    "intruder_injured": lambda r: f"{r.intruder()} takes an injury ({r.num('count')} in all)",
    "intruder_killed": lambda r: f"{r.intruder()} is killed in {r.room()}",
    "intruder_hides": lambda r: f"{r.intruder()} retreats into the Technical Corridors",
    "egg_destroyed": lambda r: f"an Egg is destroyed in {r.room()}",
    "pick_up": lambda r: f"picks up the {r.thing()}",
    "drop": lambda r: f"drops {r.thing()}",
    "take_heavy": lambda r: f"takes {r.thing()} in hand",
    "trade": lambda r: (
        f"trades with {r.who('partner')}: gives {r.things('gives')}, gets {r.things('takes')}"
    ),
    "trade_empty": lambda r: f"offers {r.who('partner')} an empty trade: nothing happens",
    "trade_refused": lambda r: f"refuses the trade with {r.who('with')}",
    # intruders and the event phase
    "intruder_appears": lambda r: f"{r.intruder()} appears in {r.room()}",
    "intruder_moves": lambda r: f"{r.intruder()} moves to {r.room()}",
    "bag_add": lambda r: f"{names.intruder_token(r.game, r.num('token'))} token added to the bag",
    "bag_draw": lambda r: f"{names.intruder_token(r.game, r.num('token'))} drawn from the bag",
    "larva_attack": lambda r: f"is attacked by {r.intruder()}: a Larva crawls inside",
    "attack_card": _attack,
    "intruder_attacks_skipped": lambda r: "skips this turn's Intruder attacks",
    "event_card": lambda r: f"event: {names.event_card(r.game, r.num('card'))}",
    "event_removed": lambda r: f"event {names.event_card(r.game, r.num('card'))} leaves the game",
    "event_seen": lambda r: (
        f"looks at the top event card: {names.event_card(r.game, r.num('card'))}"
    ),
    "self_destruct_yellow": lambda r: "self-destruct reaches the yellow zone: escape pods unlock",
    "pods_unlocked": lambda r: "the escape pods unlock",
    # wounds and contamination
    "light_wounds": lambda r: f"takes {r.plural('count', 'Light Wound')}",
    "serious_wound": lambda r: f"takes a Serious Wound: {names.wound_card(r.game, r.num('card'))}",
    "contamination": lambda r: f"gains {r.plural('count', 'Contamination card')}",
    "death": lambda r: f"dies in {r.room()} ({r.text('cause')})",
    "revived": lambda r: f"is revived by the AutoDoc in {r.room()}",
    "scan": lambda r: f"scans a Contamination card: {'INFECTED' if r.num('infected') else 'clean'}",
    "larva": lambda r: "has a Larva inside",
    "eclosion_draw": lambda r: f"draws {r.card()} (eclosion)",
    "healed": lambda r: f"heals a dressed Serious Wound (treated by {r.who('by')})",
    "dressed": lambda r: f"has a Serious Wound dressed (by {r.who('by')})",
    "healed_light": lambda r: f"heals all Light Wounds (treated by {r.who('by')})",
    "wounds_dressed": lambda r: "dresses all Serious Wounds",
    "serious_wound_healed": lambda r: (
        f"heals a Serious Wound: {names.wound_card(r.game, r.num('card'))}"
    ),
    "light_wounds_healed": lambda r: f"heals {r.plural('count', 'Light Wound')}",
    "slime_off": lambda r: "is cleaned of Slime",
    "slime_removed": lambda r: "washes off the Slime",
    "contamination_removed": _contam_removed,
    "purged": _purged,
    "rest": lambda r: f"rests: removes {r.plural('removed', 'clean Contamination card')}",
    "signal": lambda r: "sends the signal",
    # cards
    "search": lambda r: f"searches {r.room()}: the {r.deck()} deck",
    "search_kept": lambda r: f"keeps an item from the {r.deck()} deck",
    "item_drawn": lambda r: f"draws {r.thing()}",
    "item_gained": lambda r: f"gains {r.thing()}",
    "item_kept": lambda r: f"keeps {r.thing()}",
    "storage": lambda r: f"searches the Storage: the {r.deck()} deck",
    "covered_move": lambda r: f"moves under cover to {r.room()}",
    "order": lambda r: f"orders {r.who('target')} to {r.room()}",
    "motivation": lambda r: f"motivates: draws {r.plural('drawing', 'card')}",
    "reload": _reload,
    "reconnaissance": lambda r: f"scouts ahead into {r.room()}",
    "nerves_of_steel": lambda r: (
        f"plays Nerves of Steel against {names.attack_card(r.game, r.num('attack'))}"
    ),
    "piloting_coordinates": lambda r: "checks the coordinates (Piloting)",
    "peek_tile": lambda r: f"looks at the tile of {r.room()}",
    "risk_assessment": lambda r: (
        "looks at the top event card and "
        + ("puts it at the bottom" if r.num("to_bottom") else "leaves it on top")
    ),
    "blocking_access": lambda r: f"blocks access to {r.room()}",
    "intranet": lambda r: f"uses the intranet on {r.room()}",
    "technical_corridors": lambda r: f"goes through the Technical Corridors to {r.room()}",
    "pyrotechnics": lambda r: f"turns the {r.thing()} into fireworks",
    "craft": _craft,
    "crafted": _crafted,
    # items
    "use_item": lambda r: f"uses {r.thing()}",
    "activate_quest": lambda r: f"activates the quest item {r.thing()}",
    "discard_item": lambda r: f"discards {r.thing()}",
    "explosion": lambda r: f"{r.thing('item')} explodes in {r.room()}",
    "hand_discarded": lambda r: f"discards the whole hand (because of {r.who('by')})",
    "armor": lambda r: f"the Armor stops the attack of {r.intruder()}",
    "fit": lambda r: f"fits the {r.thing('item')} to the {r.thing('weapon')}",
    "taped": lambda r: f"tapes together {r.things('items')}",
    "self_destruct": lambda r: "self-destruct " + ("started" if r.num("running") else "stopped"),
    "pod_lock": lambda r: (
        ("locks" if r.num("locked") else "unlocks") + f" escape pod {r.num('pod') + 1}"
    ),
    # rooms and the ship
    "fire": lambda r: f"fire breaks out in {r.room()}",
    "fire_out": lambda r: f"the fire in {r.room()} is put out",
    "malfunction": lambda r: f"malfunction in {r.room()}",
    "repaired": lambda r: f"the malfunction in {r.room()} is repaired",
    "door": _door,
    "door_destroyed": lambda r: (
        f"the door of {names.corridor(r.game, r.num('corridor'))} is destroyed"
    ),
    "depressurised": lambda r: f"{r.room()} is depressurised: everything inside dies",
    "depressurisation": lambda r: f"starts the depressurisation of {r.room()}",
    "fire_control": lambda r: f"puts out the fire in {r.room()} (Fire Control)",
    "analyse": lambda r: f"analyses the {r.thing()}",
    "weakness": _weakness,
    "egg_taken": lambda r: f"takes an Egg from the Nest ({r.num('left')} left)",
    "nest_destroyed": lambda r: "the Nest is destroyed",
    "self_destruct_started": lambda r: (
        ("starts the" if r.event.actor >= 0 else "the")
        + f" self-destruct sequence{'' if r.event.actor >= 0 else ' starts'} ({r.text('by')})"
    ),
    "self_destruct_stopped": lambda r: "stops the self-destruct sequence",
    "destination": lambda r: f"sets the destination to {names.DESTINATION_SPACES[r.num('space')]}",
    "engine_restacked": lambda r: f"works on engine {r.num('engine') + 1}",
    "engine_seen": lambda r: (
        f"checks engine {r.num('engine') + 1}: " + ("damaged" if r.num("state") else "working")
    ),
    "coordinates_seen": _coordinates,
    "attempt_failed": lambda r: f"fails to get away from {r.room()}",
    "hibernate": lambda r: "enters hibernation",
    "pod_boarded": lambda r: f"boards escape pod {r.num('pod') + 1}",
    "pod_launched": _launch,
    "pod_emptied": lambda r: f"escape pod {r.num('pod') + 1} empties",
    "pod_left": lambda r: f"steps out of the escape pod into {r.room()}",
    "pod_wait": lambda r: "waits in the escape pod",
    # the end
    "jump": lambda r: "the ship makes the hyperspace jump",
    "ship_destroyed": lambda r: f"the ship is destroyed ({r.text('reason')})",
    "engines": lambda r: f"engine check: {r.plural('damaged', 'damaged engine')}",
    "coordinates": lambda r: f"the ship arrives at {r.text('destination')}",
    "final_draw": lambda r: (
        "draws for contamination: " + ("the Larva kills them" if r.num("dies") else "survives")
    ),
    "game_over": _game_over,
}
EVENT_WORDS.update(labels_intruder.IP_EVENT_WORDS)
HIDDEN_TEXT.update(labels_intruder.IP_HIDDEN_TEXT)


# -- chance outcomes -----------------------------------------------------------------------------
def chance_outcome_name(game: NemesisGame, outcome_id: int) -> str:
    """A chance outcome in words, e.g. "noise roll: Silence", "combat die: 2 hits"."""
    kind = game.chance_space.kind_of(outcome_id)
    arg = kind.arg(outcome_id)
    ch = game.chance
    words: dict[str, Callable[[], str]] = {
        ch.objective.name: lambda: f"objective: {names.objective(game, arg)}",
        ch.character.name: lambda: f"character: {game.data.characters[arg].name}",
        ch.card.name: lambda: f"card: {names.card(game, arg)}",
        ch.noise.name: lambda: "noise roll: " + names.NOISE_FACES.get(arg + 1, str(arg + 1)),
        ch.token.name: lambda: f"intruder token: {names.intruder_token(game, arg)}",
        ch.attack.name: lambda: f"attack card: {names.attack_card(game, arg)}",
        ch.wound.name: lambda: f"serious wound: {names.wound_card(game, arg)}",
        ch.event.name: lambda: f"event card: {names.event_card(game, arg)}",
        ch.tile.name: lambda: f"room tile: {names.tile_name(game, arg)}",
        ch.item.name: lambda: f"item: {names.thing(game, arg)}",
        ch.weakness.name: lambda: f"weakness: {game.data.weaknesses[arg].name}",
        ch.combat.name: lambda: (
            "combat die: " + names.DIE_FACES[("blank", "creeper", "adult", "hit1", "hit2")[arg]]
        ),
    }
    word = words.get(kind.name)
    if word is not None:
        return word()
    return game.chance_space.name(outcome_id).replace("_", " ").replace(":", ": ")


__all__ = ["DECK_COLOURS", "chance_outcome_name", "event_text"]
