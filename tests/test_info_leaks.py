"""Hidden information is sacred (shared/DESIGN.md §2 "three layers", §5.4).

Generic over every registered game (tests/games.py): sampled worlds agree with the view they
were sampled from and can be played on; the trajectory version lives in
tests/test_trajectory_leaks.py. The rest is Not Alone's own secrets:

Property tests: take a state, change something one seat may not know (editing a clone and
keeping every card count valid), and check that this seat's View, encoded observation (bytes),
legal actions (when it is to act) and rendered view stay identical, while the owner's view
does change (so each edit really touches hidden information). The states come from random
games for every player count, plus scenario states for the rarer secrets (Phobia/Ascendancy
picks, Forbidden Zone choices, Strike Back's cards under the hunt deck).

Also: a later Hunted learns nothing from what an earlier Hunted explored (PettingZoo level:
observations, masks, infos, rendered views); `view_for(sample_world(view), seat) == view`
(ISMCTS soundness, style-study Bonus B) and sampled worlds are playable; the spectator's
drawing shows no private card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np
import pytest

import nemesis_env
from nemesis_env.core.chance import sample_outcome, spawn_streams
from nemesis_env.core.game import CHANCE
from nemesis_env.core.zones import Deck
from nemesis_env.games.not_alone.actions import HUNT as HUNT_ACTIONS
from nemesis_env.games.not_alone.actions import PLACE
from nemesis_env.games.not_alone.actions import SURVIVAL as SURVIVAL_ACTIONS
from nemesis_env.games.not_alone.defs import load_data
from nemesis_env.games.not_alone.game import NotAloneGame, NotAloneState
from nemesis_env.games.not_alone.rules.kinds import D_EXPLORE, D_FORBIDDEN, D_KEEP
from nemesis_env.games.not_alone.state import CREATURE, F_REVEALED
from nemesis_env.scenario import load
from tests import games

CASES = games.cases()

PLAYERS = range(2, 8)
SPECTATOR = None
Observer = int | None
# (state, observer, rng) -> (seat that owns the secret, edited clone) for each applicable edit
Perturbation = Callable[[NotAloneState, Observer, np.random.Generator], Iterator[tuple[int, Any]]]

DATA = load_data()
HUNT = {c.id: i for i, c in enumerate(DATA.hunt)}
SURVIVAL = {c.id: i for i, c in enumerate(DATA.survival)}
PRIVATE_MARKERS = ("your hand", "you played", "your survival", "your hunt cards", "by Phobia")


@functools.cache
def game(players: int) -> NotAloneGame:
    return NotAloneGame(players=players)


@functools.cache
def decision_states(players: int) -> tuple[NotAloneState, ...]:
    """Every player-decision state of two random games (callers clone before editing)."""
    g = game(players)
    states = []
    for seed in (0, 1):
        chance_rng, policy_rng = spawn_streams(7000 + 10 * players + seed, 2)
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), chance_rng))
                continue
            states.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[int(policy_rng.integers(len(legal)))])
    return tuple(states)


# -- editing hidden state ---------------------------------------------------------------------
def _edited(s: NotAloneState) -> NotAloneState:
    t = s.clone()
    t.legal_cache = None
    return t


def _others(s: NotAloneState, observer: Observer) -> list[int]:
    """Hunted indices whose private cards `observer` may not see."""
    return [h for h in range(s.num_hunted) if observer != h + 1]


def _bits(mask: int, size: int) -> list[int]:
    return [i for i in range(size) if mask >> i & 1]


def _random_subset(rng: np.random.Generator, pool: int, count: int, size: int) -> int:
    chosen = rng.choice(_bits(pool, size), size=count, replace=False) if count else []
    return sum(1 << int(i) for i in chosen)


def swap_played_and_hand(
    s: NotAloneState, observer: Observer, rng: np.random.Generator
) -> Iterator[tuple[int, Any]]:
    """Before the reveal, a face-down played card trades places with a card of the same hand.

    Cards that `observer` may legitimately know about stay put: places under Force Field
    (never playable), cards shown to the Creature by Phobia, the secret Forbidden Zone pick
    and the Phobia/Ascendancy picks so far (those are edited by their own perturbations).
    """
    if s.flags & F_REVEALED:
        return
    for h in _others(s, observer):
        for slot, card in enumerate(s.played[h]):
            fixed = s.forbidden | s.phobia_shown[h] | s.keep
            if s.pending_discard[h]:
                fixed |= 1 << (s.pending_discard[h] - 1)
            swappable = [p + 1 for p in _bits(s.hand[h] & ~fixed, 10)]
            if not card or not swappable:
                continue
            other = swappable[int(rng.integers(len(swappable)))]
            t = _edited(s)
            t.hand[h] = (t.hand[h] & ~(1 << (other - 1))) | (1 << (card - 1))
            t.played[h][slot] = other
            yield h + 1, t


def redeal_survival(
    s: NotAloneState, observer: Observer, rng: np.random.Generator
) -> Iterator[tuple[int, Any]]:
    """Another Hunted's survival cards are swapped with unseen deck cards, or with a third
    Hunted's cards (the hidden deck composition changes with them). Cards just drawn at the
    Shelter stay, since the pick between them is an open decision of their owner."""
    for h in _others(s, observer):
        fixed = s.shelter_drawn[h]
        free = s.survival[h] & ~fixed
        pool = free | sum(1 << c for c in s.surv_deck.unseen)
        if free and pool != free:
            new = free
            while new == free:
                new = _random_subset(rng, pool, free.bit_count(), 15)
            t = _edited(s)
            t.survival[h] = new | fixed
            t.surv_deck = Deck(_bits(pool & ~new, 15))
            yield h + 1, t
        later = [k for k in _others(s, observer) if k > h]
        if later and free:  # one exchange with the next Hunted the observer can't see into
            k = later[0]
            theirs = s.survival[k] & ~s.shelter_drawn[k]
            if theirs:
                mine, other = _bits(free, 15)[0], _bits(theirs, 15)[-1]
                t = _edited(s)
                t.survival[h] = (t.survival[h] & ~(1 << mine)) | (1 << other)
                t.survival[k] = (t.survival[k] & ~(1 << other)) | (1 << mine)
                yield h + 1, t


def redeal_hunt_hand(
    s: NotAloneState, observer: Observer, rng: np.random.Generator
) -> Iterator[tuple[int, Any]]:
    """The Creature's hunt cards are replaced by other unseen cards (same count); the hidden
    hunt deck changes accordingly."""
    hand = s.hunt_hand
    pool = hand | sum(1 << c for c in s.hunt_deck.unseen)
    if observer == CREATURE or not hand or pool == hand:
        return
    new = hand
    while new == hand:
        new = _random_subset(rng, pool, hand.bit_count(), 20)
    t = _edited(s)
    t.hunt_hand = new
    t.hunt_deck = s.hunt_deck.clone()  # the state's decks are shared with its clones
    t.hunt_deck.unseen = _bits(pool & ~new, 20)
    yield CREATURE, t


def reshuffle_hunt_bottom(
    s: NotAloneState, observer: Observer, rng: np.random.Generator
) -> Iterator[tuple[int, Any]]:
    """Strike Back's cards under the hunt deck: the Creature knows them, others only the count."""
    if observer == CREATURE or not s.hunt_deck.bottom or not s.hunt_deck.unseen:
        return
    t = _edited(s)
    deck = t.hunt_deck = s.hunt_deck.clone()  # the state's decks are shared with its clones
    slot = int(rng.integers(len(deck.bottom)))
    new = deck.unseen[int(rng.integers(len(deck.unseen)))]
    old, deck.bottom[slot] = deck.bottom[slot], new
    deck.draw(new)
    deck.shuffle_in([old])
    yield CREATURE, t


def change_keep_picks(
    s: NotAloneState, observer: Observer, rng: np.random.Generator
) -> Iterator[tuple[int, Any]]:
    """Phobia/Ascendancy: the cards a Hunted picked so far become other cards of their hand."""
    top = s.stack[-1] if s.stack else None
    if not s.keep or top is None or top.kind != D_KEEP or observer == top.payload.hunted + 1:
        return
    h = top.payload.hunted
    new = s.keep
    while new == s.keep:
        new = _random_subset(rng, s.hand[h], s.keep.bit_count(), 10)
    t = _edited(s)
    t.keep = new
    yield h + 1, t


def change_forbidden_choice(
    s: NotAloneState, observer: Observer, rng: np.random.Generator
) -> Iterator[tuple[int, Any]]:
    """Forbidden Zone: another Hunted's secret discard becomes another card of their hand."""
    for h in _others(s, observer):
        chosen = s.pending_discard[h]
        options = [p + 1 for p in _bits(s.hand[h], 10) if p + 1 != chosen]
        if chosen and options:
            t = _edited(s)
            t.pending_discard[h] = options[int(rng.integers(len(options)))]
            yield h + 1, t


COMMON: dict[str, Perturbation] = {
    "swap_played_and_hand": swap_played_and_hand,
    "redeal_survival": redeal_survival,
    "redeal_hunt_hand": redeal_hunt_hand,
}
RARE: dict[str, Perturbation] = {
    "reshuffle_hunt_bottom": reshuffle_hunt_bottom,
    "change_keep_picks": change_keep_picks,
    "change_forbidden_choice": change_forbidden_choice,
}
ALL = {**COMMON, **RARE}


# -- checking ----------------------------------------------------------------------------------
def _encoded(g: NotAloneGame, view: Any) -> bytes:
    out = np.zeros(g.observation_size(), dtype=np.float32)
    g.encode(view, out)
    return out.tobytes()


def assert_invisible(g: NotAloneGame, s: Any, t: Any, observer: Observer, what: str) -> None:
    """`t` differs from `s` only in what `observer` may not know: nothing it gets may differ."""
    if observer is SPECTATOR:
        assert g.render(s, None) == g.render(t, None), f"{what}: the spectator's drawing changed"
        return
    view, other = g.view_for(s, observer), g.view_for(t, observer)
    if view != other:
        fields = [f for f in view._fields if getattr(view, f) != getattr(other, f)]
        raise AssertionError(f"{what}: seat {observer}'s view changed in {fields}")
    assert _encoded(g, view) == _encoded(g, other), f"{what}: seat {observer}'s tensor changed"
    assert g.render(s, observer) == g.render(t, observer), f"{what}: seat {observer}'s drawing"
    if s.current_player() == observer:
        assert s.legal_actions() == t.legal_actions(), f"{what}: seat {observer}'s legal actions"


def check_states(g: NotAloneGame, states: tuple[Any, ...], perturb: Perturbation, seed: int) -> int:
    """Applies `perturb` for every observer of every state; returns how many edits were made."""
    rng = np.random.default_rng(seed)
    edits = 0
    for index, s in enumerate(states):
        for observer in [*range(g.info.num_players), SPECTATOR]:
            for owner, t in perturb(s, observer, rng):
                what = f"{perturb.__name__} (state {index}, secret of seat {owner})"
                assert_invisible(g, s, t, observer, what)
                assert g.view_for(s, owner) != g.view_for(t, owner), f"{what}: no-op edit"
                edits += 1
    return edits


@pytest.mark.parametrize("name", sorted(COMMON))
@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_edits_are_invisible_during_random_play(players: int, name: str) -> None:
    states = decision_states(players)[::2]
    assert check_states(game(players), states, COMMON[name], players) > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_rare_secrets_in_random_play_are_invisible(players: int) -> None:
    g, states = game(players), decision_states(players)
    for perturb in RARE.values():
        check_states(g, states, perturb, players)


# -- scenario states for the rarer secrets -------------------------------------------------------
def _scenario(players: int, **doc: Any) -> NotAloneState:
    base: dict[str, Any] = {
        "game": "not_alone",
        "params": {"players": players, "board_side": 1},
        "hunted": [
            {"hand": [p for p in range(1, 6) if p != h % 5 + 1], "played": [h % 5 + 1]}
            for h in range(players - 1)
        ],
    }
    state: NotAloneState = load({**base, **doc})
    return state


def phobia_picks(players: int, card: str) -> list[NotAloneState]:
    """Phase 2: the Creature plays Phobia or Ascendancy on the last Hunted, who picks 2 cards."""
    s = _scenario(players, phase="hunting", creature={"hand": [card]})
    s.apply_action(HUNT_ACTIONS.id(HUNT[card]))
    s.apply_action(s.legal_actions()[-1])  # name the last Hunted
    assert s.stack[-1].kind == D_KEEP
    states = [s.clone()]
    s.apply_action(s.legal_actions()[1])  # first pick: now `keep` holds one hidden card
    states.append(s.clone())
    return states


def forbidden_zone_choices(players: int) -> list[NotAloneState]:
    """Phase 2: Forbidden Zone; each Hunted in turn secretly picks a card to discard."""
    s = _scenario(players, phase="hunting", creature={"hand": ["forbidden_zone"]})
    s.apply_action(HUNT_ACTIONS.id(HUNT["forbidden_zone"]))
    states = []
    while s.stack[-1].kind == D_FORBIDDEN:
        states.append(s.clone())
        s.apply_action(s.legal_actions()[-1])
    return states


def strike_back_states(players: int) -> list[NotAloneState]:
    """Phase 1: Hunted 0 plays Strike Back; 2 hunt cards go under the deck, known to the
    Creature only; then every Hunted explores."""
    hunted: list[dict[str, Any]] = [{} for _ in range(players - 1)]
    hunted[0] = {"survival": ["strike_back"]}
    s = _scenario(
        players,
        phase="exploration",
        hunted=hunted,
        creature={"hand": ["phobia", "clone", "virus"], "limit": 0},
    )
    s.apply_action(SURVIVAL_ACTIONS.id(SURVIVAL["strike_back"]))
    while s.current_player() == CHANCE:
        s.apply_action(s.legal_actions()[0])
    states = []
    while s.stack[-1].kind == D_EXPLORE:
        states.append(s.clone())
        s.apply_action(s.legal_actions()[0])
    states.append(s.clone())
    assert len(states[0].hunt_deck.bottom) == 2
    return states


@pytest.mark.parametrize("players", PLAYERS)
def test_phobia_and_ascendancy_picks_are_private(players: int) -> None:
    g = game(players)
    for card in ("phobia", "ascendancy"):
        states = tuple(phobia_picks(players, card))
        assert check_states(g, states, change_keep_picks, players) > 0
        assert check_states(g, states, swap_played_and_hand, players) > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_forbidden_zone_choices_are_private(players: int) -> None:
    g = game(players)
    states = tuple(forbidden_zone_choices(players))
    assert len(states) == players - 1
    # a choice stays secret while later Hunted choose (the discards then happen together)
    edits = check_states(g, states, change_forbidden_choice, players)
    assert edits > 0 if players > 2 else edits == 0
    assert check_states(g, states, swap_played_and_hand, players) > 0


@pytest.mark.parametrize("players", PLAYERS)
def test_cards_under_the_hunt_deck_are_known_to_the_creature_only(players: int) -> None:
    g = game(players)
    states = tuple(strike_back_states(players))
    assert check_states(g, states, reshuffle_hunt_bottom, players) > 0
    assert check_states(g, states, redeal_hunt_hand, players) > 0
    assert check_states(g, states, swap_played_and_hand, players) > 0


# -- sequential exploration through the PettingZoo env -------------------------------------------
def _env_at_first_exploration(players: int, seed: int) -> tuple[list[int], list[int]]:
    """Random legal play until Hunted 0 explores with a choice of places: (prefix, places)."""
    env = nemesis_env.raw_env("not_alone", players=players)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    prefix: list[int] = []
    while True:
        state = env.state_
        legal = state.legal_actions()
        places = [a for a in legal if a in PLACE]
        top = state.stack[-1]
        first_explore = top.kind == D_EXPLORE and top.payload.hunted == 0
        if first_explore and not state.played[0] and len(places) > 1:
            return prefix, places
        action = legal[int(rng.integers(len(legal)))]
        prefix.append(action)
        env.step(action)
        assert not state.is_terminal()


def _others_after(players: int, seed: int, prefix: list[int], place: int) -> tuple[Any, ...]:
    """Everything every seat but Hunted 0 gets once Hunted 0 has played `place` face down."""
    env = nemesis_env.raw_env("not_alone", players=players, render_mode="ansi")
    env.reset(seed=seed)
    for action in prefix:
        env.step(action)
    env.step(place)
    while env.agent_selection == "hunted_0" and env.state_.stack[-1].kind == D_EXPLORE:
        mask = env.observe("hunted_0")["action_mask"]  # River/Artefact: a second card
        env.step(PLACE.id(int(np.flatnonzero(mask[PLACE.start : PLACE.stop])[0])))
    seen = [env.agent_selection, env.render()]
    for agent in env.possible_agents[:1] + env.possible_agents[2:]:
        obs = env.observe(agent)
        seen += [
            agent,
            obs["observation"].tobytes(),
            obs["action_mask"].tobytes(),
            env.infos[agent]["action_mask"].tobytes(),
            env.render_view(agent),
        ]
    return (env.state_.fingerprint(), tuple(seen))


@pytest.mark.parametrize("players", PLAYERS)
def test_later_seats_learn_nothing_from_an_earlier_exploration(players: int) -> None:
    for seed in (0, 1):
        prefix, places = _env_at_first_exploration(players, seed)
        results = [_others_after(players, seed, prefix, place) for place in places]
        assert len({fingerprint for fingerprint, _ in results}) == len(places)
        for place, (_, seen) in zip(places, results, strict=True):
            assert seen == results[0][1], f"seed {seed}: playing {place} changed what others get"


# -- sampled worlds -----------------------------------------------------------------------------
def _rare_states(players: int) -> list[NotAloneState]:
    return [
        *phobia_picks(players, "phobia"),
        *forbidden_zone_choices(players),
        *strike_back_states(players),
    ]


@functools.cache
def _random_states(name: str, frozen: tuple[tuple[str, Any], ...]) -> tuple[Any, ...]:
    """Every player-decision state of two random games of any registered game."""
    g = games.game(name, dict(frozen))
    states = []
    for seed in (0, 1):
        chance_rng, policy_rng = spawn_streams(9000 + seed, 2)
        state = g.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), chance_rng))
                continue
            states.append(state.clone())
            legal = state.legal_actions()
            state.apply_action(legal[int(policy_rng.integers(len(legal)))])
    return tuple(states)


def random_states(name: str, params: dict[str, Any]) -> tuple[Any, ...]:
    return _random_states(name, tuple(sorted(params.items())))


def _differing(view: Any, again: Any) -> list[str]:
    fields = getattr(view, "_fields", None)
    if fields is None:
        return [f"{view!r} != {again!r}"]
    return [f for f in fields if getattr(view, f) != getattr(again, f)]


def check_sampled_worlds(g: Any, states: Sequence[Any], rng: np.random.Generator) -> None:
    """`view_for(sample_world(view), seat) == view`, with the same legal actions for the mover."""
    for index, s in enumerate(states):
        for seat in range(g.info.num_players):
            view = g.view_for(s, seat)
            world = g.sample_world(view, rng)
            again = g.view_for(world, seat)
            if again != view:
                differ = _differing(view, again)
                raise AssertionError(f"state {index}, seat {seat}: sampled world differs {differ}")
            if s.current_player() == seat:
                assert world.legal_actions() == s.legal_actions()


def play_on(g: Any, states: Sequence[Any], rng: np.random.Generator) -> None:
    """ISMCTS plays on from sampled worlds: they must be well-formed states."""
    for s in states:
        seat = int(rng.integers(g.info.num_players))
        world = g.sample_world(g.view_for(s, seat), rng)
        for _ in range(60):
            if world.is_terminal():
                break
            legal = world.legal_actions()
            assert legal == sorted(set(legal)) and legal
            if world.current_player() == CHANCE:
                world.apply_action(sample_outcome(world.chance_outcomes(), rng))
            else:
                world.apply_action(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize(("name", "params"), CASES)
def test_sample_world_is_consistent_with_the_view(name: str, params: dict[str, Any]) -> None:
    rng = np.random.default_rng(params["players"])
    check_sampled_worlds(games.game(name, params), random_states(name, params)[::3], rng)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_sampled_worlds_can_be_played_on(name: str, params: dict[str, Any]) -> None:
    rng = np.random.default_rng(100 + params["players"])
    play_on(games.game(name, params), random_states(name, params)[::15], rng)


@pytest.mark.parametrize("players", PLAYERS)
def test_not_alone_rare_states_sample_consistently(players: int) -> None:
    """Phobia/Ascendancy picks, Forbidden Zone choices, Strike Back's cards under the deck."""
    rng = np.random.default_rng(players)
    check_sampled_worlds(game(players), _rare_states(players), rng)
    play_on(game(players), _rare_states(players), rng)


# -- the spectator --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_spectator_render_reveals_no_private_card(players: int) -> None:
    g = game(players)
    for s in [*decision_states(players)[::4], *_rare_states(players)]:
        text = g.render(s, None)
        assert "view of spectator" in text
        assert not any(marker in text for marker in PRIVATE_MARKERS), text
        view = g.view_for(s, -1)
        assert (view.own_hand, view.own_survival, view.hunt_hand) == (-1, -1, -1)
        assert view.own_played == () and view.hunt_bottom == () and view.keep == 0
        assert not any(view.phobia_shown)
