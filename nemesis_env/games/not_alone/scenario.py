"""Builds a Not Alone state from a scenario mapping; every inconsistency is a ScenarioError.

The state starts at the beginning of the named phase with no decision open; the engine then
opens whatever that phase asks for (docs/scenarios.md).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from nemesis_env.core.errors import ScenarioError
from nemesis_env.core.zones import Deck
from nemesis_env.games.not_alone.defs import HuntCardDef, NotAloneData, SurvivalCardDef
from nemesis_env.games.not_alone.rules.kinds import (
    S_P1_CREATURE,
    S_P2_CREATURE,
    S_P2_TOKENS,
    S_P3_RIVER,
    S_P4_CREATURE,
)
from nemesis_env.games.not_alone.state import (
    ARTEFACT_EFFECT,
    CREATURE_ONLY,
    FLAG_NAMES,
    NO_EFFECT,
    RIVER_EFFECT,
)

if TYPE_CHECKING:
    from nemesis_env.games.not_alone.game import NotAloneGame
    from nemesis_env.games.not_alone.state import State as NotAloneState

PHASES = {
    "exploration": S_P1_CREATURE,
    "hunting": S_P2_CREATURE,
    "hunt_tokens": S_P2_TOKENS,
    "reckoning": S_P3_RIVER,
    "end_of_turn": S_P4_CREATURE,
}
EFFECTS = {"none": NO_EFFECT, "river": RIVER_EFFECT, "artefact": ARTEFACT_EFFECT}
TOP_KEYS = {
    "game", "params", "turn", "phase", "rescue", "assimilation", "beacon", "reserve",
    "creature", "hunted", "hunt_deck", "survival_deck", "survival_discard", "tokens", "flags",
    "ineffective", "forbidden", "anticipation", "description", "allow_no_hunt_cards",
}  # fmt: skip
CREATURE_KEYS = {"hand", "discard", "played", "limit", "bottom"}
HUNTED_KEYS = {
    "name", "will", "hand", "discard", "played", "owned", "survival", "next_effect",
    "this_effect", "survival_used", "resists", "gave_up",
}  # fmt: skip
TOKEN_KEYS = {"creature", "target", "artemia"}


def _check_keys(where: str, mapping: Any, allowed: set[str]) -> Mapping[str, Any]:
    if not isinstance(mapping, Mapping):
        raise ScenarioError(f"{where} must be a mapping, got {mapping!r}")
    if unknown := set(mapping) - allowed:
        raise ScenarioError(f"{where}: unknown keys {sorted(unknown)}; allowed: {sorted(allowed)}")
    return mapping


class _Names:
    """Card and place names -> indices, with errors that list the valid names."""

    def __init__(self, data: NotAloneData) -> None:
        self.data = data

    def place(self, where: str, name: Any) -> int:
        if isinstance(name, int) and not isinstance(name, bool) and 1 <= name <= 10:
            return name
        for p in self.data.places:
            if name in (p.id, p.name):
                return p.number
        raise ScenarioError(
            f"{where}: unknown place {name!r}; use 1-10 or {[p.id for p in self.data.places]}"
        )

    def places(self, where: str, names: Any) -> list[int]:
        if not isinstance(names, list):
            raise ScenarioError(f"{where} must be a list of places, got {names!r}")
        result = [self.place(where, n) for n in names]
        if len(set(result)) != len(result):
            raise ScenarioError(f"{where}: a place card appears twice in {names}")
        return result

    def cards(self, where: str, names: Any, deck: str) -> list[int]:
        cards: tuple[HuntCardDef | SurvivalCardDef, ...] = (
            self.data.hunt if deck == "hunt" else self.data.survival
        )
        if not isinstance(names, list):
            raise ScenarioError(f"{where} must be a list of {deck} cards, got {names!r}")
        result = []
        for name in names:
            match = [i for i, c in enumerate(cards) if name in (c.id, c.name)]
            if not match:
                raise ScenarioError(
                    f"{where}: unknown {deck} card {name!r}; known: {[c.id for c in cards]}"
                )
            result.append(match[0])
        return result


def _mask(places: list[int]) -> int:
    mask = 0
    for p in places:
        mask |= 1 << (p - 1)
    return mask


def fill(game: NotAloneGame, doc: Mapping[str, Any]) -> NotAloneState:
    """The state `doc` describes, on `game` (whose params the caller took from `doc`)."""
    _check_keys("scenario", doc, TOP_KEYS)
    s = game.new_initial_state()
    s.stack.clear()
    s.history = []
    names = _Names(game.data)
    _fill_board(s, doc, names)
    _fill_hunted(s, doc, names)
    _fill_creature(s, doc, names)
    _fill_decks(s, doc, names)
    phase = doc.get("phase", "exploration")
    if not isinstance(phase, str) or phase not in PHASES:
        raise ScenarioError(f"phase must be one of {sorted(PHASES)}, got {phase!r}")
    if phase == "exploration":
        _check_nothing_played(s)
    s.stage, s.cursor = PHASES[phase], 0
    s.legal_cache = None
    s.scenario = _as_json(doc)
    s.game.rules.settle(s)
    return s


def _as_json(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A plain JSON copy of the document, recorded in the state so that saves round-trip."""
    try:
        copy: dict[str, Any] = json.loads(json.dumps(doc))
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"a scenario must hold plain JSON values only: {exc}") from exc
    return copy


def _check_nothing_played(s: NotAloneState) -> None:
    """Reference A.4 phase 1: the Hunted play their Place card during exploration, so none is
    face down when it starts (a scenario that needs one starts at `hunting`)."""
    for h, played in enumerate(s.played):
        if played:
            raise ScenarioError(
                f"hunted[{h}].played: no Place card is played at the start of exploration, "
                f"got {played}; start at phase hunting or later"
            )


def _bool(where: str, value: Any) -> bool:
    """A real boolean: truthiness would read the text "no" as true."""
    if not isinstance(value, bool):
        raise ScenarioError(f"{where} must be true or false, got {value!r}")
    return value


def _token_places(s: NotAloneState, names: _Names, key: str, value: Any) -> int:
    """Reference A.1: one Target and one Artemia token; Force Field, Mirage and Virus spread a
    token over 2 adjacent places at most."""
    places = names.places(f"tokens.{key}", value if isinstance(value, list) else [value])
    if len(places) > 2:
        raise ScenarioError(
            f"tokens.{key}: at most 2 places (one token, or 2 adjacent places under "
            f"Force Field, Mirage or Virus), got {value}"
        )
    if len(places) == 2 and (min(places), max(places)) not in s.game.data.pairs:
        raise ScenarioError(f"tokens.{key}: two places must be adjacent, got {value}")
    return _mask(places)


def _int_in(where: str, value: Any, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ScenarioError(f"{where} must be an integer in {low}..{high}, got {value!r}")
    return value


def _fill_board(s: NotAloneState, doc: Mapping[str, Any], names: _Names) -> None:
    board, players = s.game.data.board, s.game.params.players
    s.turn = _int_in("turn", doc.get("turn", 1), 1, 1000)
    s.side = s.game.params.board_side or 1
    s.rescue = _int_in("rescue", doc.get("rescue", s.rescue), 1, board.rescue_start_base + players)
    s.assimilation = _int_in(
        "assimilation",
        doc.get("assimilation", s.assimilation),
        1,
        board.assimilation_start_base + players,
    )
    s.beacon = _bool("beacon", doc.get("beacon", False))
    copies = board.reserve_copies[players]
    if "reserve" in doc:
        reserve = doc["reserve"]
        if not isinstance(reserve, Mapping):
            raise ScenarioError("reserve must map places 6-10 to copies left")
        for name, count in reserve.items():
            place = names.place("reserve", name)
            if place < 6:
                raise ScenarioError(f"reserve holds only places 6-10, got {name!r}")
            s.reserve[place - 6] = _int_in(f"reserve[{name}]", count, 0, copies)
    tokens = _check_keys("tokens", doc.get("tokens", {}), TOKEN_KEYS)
    if "creature" in tokens:
        s.creature_token = names.place("tokens.creature", tokens["creature"])
    for key in ("target", "artemia"):
        if key in tokens:
            setattr(s, key, _token_places(s, names, key, tokens[key]))
    flag_bits = {name: bit for bit, name in FLAG_NAMES.items()}
    flags = doc.get("flags", [])
    if not isinstance(flags, list):
        raise ScenarioError(f"flags must be a list of flag names, got {flags!r}")
    for flag in flags:
        if not isinstance(flag, str) or flag not in flag_bits:
            raise ScenarioError(f"unknown flag {flag!r}; known: {sorted(flag_bits)}")
        s.flags |= flag_bits[flag]
    s.ineffective = _mask(names.places("ineffective", doc.get("ineffective", [])))
    s.forbidden = _mask(names.places("forbidden", doc.get("forbidden", [])))
    s.anticipation = _int_in("anticipation", doc.get("anticipation", -1), -1, s.num_hunted - 1)


def _fill_hunted(s: NotAloneState, doc: Mapping[str, Any], names: _Names) -> None:
    rows = doc.get("hunted", [{} for _ in range(s.num_hunted)])
    if not isinstance(rows, list) or len(rows) != s.num_hunted:
        raise ScenarioError(
            f"hunted must list exactly {s.num_hunted} Hunted for {s.game.params.players} players"
        )
    start = _mask(list(s.game.data.board.starting_places))
    for h, row in enumerate(rows):
        where = f"hunted[{h}]"
        _check_keys(where, row, HUNTED_KEYS)
        hand = names.places(f"{where}.hand", row.get("hand", [1, 2, 3, 4, 5]))
        discard = names.places(f"{where}.discard", row.get("discard", []))
        played = names.places(f"{where}.played", row.get("played", []))
        zones = hand + discard + played
        if len(set(zones)) != len(zones):
            raise ScenarioError(f"{where}: a place card is in two places (hand, discard, played)")
        owned = (
            _mask(names.places(f"{where}.owned", row["owned"])) if "owned" in row else _mask(zones)
        )
        if _mask(zones) != owned or owned & start != start:
            raise ScenarioError(
                f"{where}: hand + discard + played must be exactly the owned cards, which "
                f"always include places 1-5"
            )
        s.hand[h], s.discard[h], s.played[h], s.owned[h] = _mask(hand), discard, played, owned
        s.will[h] = _int_in(f"{where}.will", row.get("will", 3), 1, s.game.data.board.starting_will)
        cards = names.cards(f"{where}.survival", row.get("survival", []), "survival")
        if len(set(cards)) != len(cards):
            raise ScenarioError(f"{where}.survival: a survival card appears twice")
        s.survival[h] = sum(1 << c for c in cards)
        for key in ("next_effect", "this_effect"):
            value = row.get(key, "none")
            if not isinstance(value, str) or value not in EFFECTS:
                raise ScenarioError(
                    f"{where}.{key} must be one of {sorted(EFFECTS)}, got {value!r}"
                )
            getattr(s, key)[h] = EFFECTS[value]
        s.survival_used[h] = _bool(f"{where}.survival_used", row.get("survival_used", False))
        s.resists[h] = _int_in(f"{where}.resists", row.get("resists", 0), 0, 2)
        s.gave_up[h] = _bool(f"{where}.gave_up", row.get("gave_up", False))
    _check_reserve(s, listed=_listed_reserve(doc, _Names(s.game.data)))


def _listed_reserve(doc: Mapping[str, Any], names: _Names) -> set[int]:
    """The reserve places (6-10) whose copies the document gives; _fill_board checked them."""
    reserve = doc.get("reserve", {})
    return {names.place("reserve", name) for name in reserve}


def _check_reserve(s: NotAloneState, listed: set[int]) -> None:
    """Copies owned by Hunted plus copies in the reserve never exceed the printed count. A place
    the document does not list gets the documented default: printed copies minus owned ones."""
    copies = s.game.data.board.reserve_copies[s.game.params.players]
    for i in range(5):
        taken = sum(1 for h in range(s.num_hunted) if s.owned[h] >> (5 + i) & 1)
        if 6 + i not in listed:
            s.reserve[i] = copies - taken
        if s.reserve[i] < 0 or taken + s.reserve[i] > copies:
            raise ScenarioError(
                f"place {6 + i}: {taken} owned by Hunted + {s.reserve[i]} in reserve exceeds the "
                f"{copies} copies in a {s.game.params.players}-player game"
            )


def _fill_creature(s: NotAloneState, doc: Mapping[str, Any], names: _Names) -> None:
    row = _check_keys("creature", doc.get("creature", {}), CREATURE_KEYS)
    hand = names.cards("creature.hand", row.get("hand", []), "hunt")
    limit = s.game.data.board.hunt_hand_size  # reference A.4 phase 4: refills to 3, no more
    if len(hand) > limit:
        raise ScenarioError(f"creature.hand holds at most {limit} Hunt cards, got {len(hand)}")
    s.hunt_hand = sum(1 << c for c in set(hand))
    s.hunt_discard = names.cards("creature.discard", row.get("discard", []), "hunt")
    s.hunt_played = names.cards("creature.played", row.get("played", []), "hunt")
    bottom = names.cards("creature.bottom", row.get("bottom", []), "hunt")
    s.hunt_deck = Deck()  # its unseen part comes in _fill_decks
    for card in bottom:
        s.hunt_deck.put_bottom(card, CREATURE_ONLY)
    s.hunt_limit = _int_in("creature.limit", row.get("limit", 1), 0, 2)
    every = hand + s.hunt_discard + s.hunt_played + bottom
    if len(set(every)) != len(every):
        raise ScenarioError("a hunt card is in two places (hand, discard, played, bottom)")


def _fill_decks(s: NotAloneState, doc: Mapping[str, Any], names: _Names) -> None:
    placed = s.hunt_discard + s.hunt_played + s.hunt_deck.bottom
    used_hunt = s.hunt_hand | sum(1 << c for c in placed)
    if "hunt_deck" in doc:
        unseen = sum(1 << c for c in set(names.cards("hunt_deck", doc["hunt_deck"], "hunt")))
        if unseen & used_hunt:
            raise ScenarioError("a hunt card is both in the deck and elsewhere")
    else:
        unseen = ((1 << 20) - 1) & ~used_hunt
    if not (used_hunt | unseen) and not _bool(
        "allow_no_hunt_cards", doc.get("allow_no_hunt_cards", False)
    ):
        raise ScenarioError(
            "the game has no Hunt cards (creature hand, discard, played, bottom and hunt_deck "
            "are all empty); list some, omit hunt_deck to get every unplaced card, or set "
            "allow_no_hunt_cards: true (rule tests that switch the Creature's cards off)"
        )
    s.hunt_deck.shuffle_in(c for c in range(20) if unseen >> c & 1)
    hands = s.survival
    s.surv_discard = names.cards("survival_discard", doc.get("survival_discard", []), "survival")
    held = 0
    for h, m in enumerate(hands):
        if held & m:
            raise ScenarioError(f"a survival card of hunted[{h}] is also held by another Hunted")
        held |= m
    if held & sum(1 << c for c in s.surv_discard) or len(set(s.surv_discard)) != len(
        s.surv_discard
    ):
        raise ScenarioError("a survival card is both held and discarded, or discarded twice")
    used = held | sum(1 << c for c in s.surv_discard)
    if "survival_deck" in doc:
        deck = names.cards("survival_deck", doc["survival_deck"], "survival")
        unseen = sum(1 << c for c in set(deck))
        if unseen & used:
            raise ScenarioError("a survival card is both in the deck and elsewhere")
    else:
        unseen = ((1 << 15) - 1) & ~used
    s.surv_deck = Deck(c for c in range(15) if unseen >> c & 1)
