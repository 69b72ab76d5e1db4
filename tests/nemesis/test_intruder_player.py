"""The intruder player (param intruder_player): seed 000 "Modes", "Playing as the Intruders"
(the authority) and nemesis-reference.md §18.3. Expected values come from those texts and the
card data (data/intruder_player_cards.yaml, §18.3's deck list), never from the code."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from nemesis_env.core.engine import CHANCE
from nemesis_env.core.errors import ParamError
from nemesis_env.core.zones import HIDDEN
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules import event_phase, intruders, wounds
from nemesis_env.games.nemesis.rules.intruders import ADULT, LARVA
from nemesis_env.games.nemesis.rules.kinds import Kind, Stage
from nemesis_env.games.nemesis.state import ACTIVE, State
from nemesis_env.games.nemesis.topology import TC

GAMES: dict[int, NemesisGame] = {}
CARD = {c.id: i for i, c in enumerate(NemesisGame(players=2).data.intruder_player_cards)}


def game(players: int = 3) -> NemesisGame:
    if players not in GAMES:
        GAMES[players] = NemesisGame(players=players, intruder_player=True)
    return GAMES[players]


def step(s: State, rng: np.random.Generator) -> None:
    """Chance at random; every player passes (and discards nothing, keeps nothing)."""
    if s.current_player() == CHANCE:
        outcomes = s.chance_outcomes()
        p = np.array([q for _, q in outcomes])
        s.apply_action(outcomes[int(rng.choice(len(outcomes), p=p / p.sum()))][0])
        return
    legal = s.legal_actions()
    acts = s.game.actions
    for wanted in (acts.pass_id, acts.done_id):
        if wanted in legal:
            s.apply_action(wanted)
            return
    s.apply_action(legal[0])


def drive(s: State, until: Callable[[State], bool], seed: int = 0, limit: int = 3000) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(limit):
        if until(s) or s.is_terminal():
            return
        step(s, rng)
    raise AssertionError("the condition never came")


def top_kind(s: State) -> int:
    return int(s.stack[-1].kind) if s.stack else -1


def at_round(players: int = 3, seed: int = 0) -> State:
    s = game(players).new_initial_state()
    drive(s, lambda t: top_kind(t) == Kind.ROUND, seed)
    return s


def intruder_state(players: int = 3, dead: int = 1, seed: int = 0) -> State:
    """`dead`'s character killed in the first round, then driven to the intruder seat's round."""
    s = at_round(players, seed)
    wounds.kill(s, dead, "test")
    drive(s, lambda t: top_kind(t) == Kind.IP_ROUND, seed)
    assert top_kind(s) == Kind.IP_ROUND
    return s


def give_hand(s: State, *names: str) -> None:
    """Sets the intruder player's hand (cards taken from wherever they are)."""
    ip = s.ip
    assert ip is not None
    everything = ip.hand + ip.discard + ip.deck.unseen
    ip.hand = [CARD[n] for n in names]
    for card in ip.hand:
        everything.remove(card)
    ip.deck.unseen, ip.discard = sorted(everything), []
    s.legal_cache = None


def play(s: State, kind_name: str, arg: int) -> None:
    s.apply_action(getattr(s.game.actions, kind_name).id(arg))


def place_adult(s: State, room: int) -> int:
    mini = intruders.free_miniature(s, ADULT)
    intruders.place(s, mini, room)
    s.legal_cache = None
    return mini


# -- params --------------------------------------------------------------------------------
@pytest.mark.parametrize("params", [{"mode": "solo", "players": 1}, {"mode": "coop"},
                                    {"intruder_player": 1}])  # fmt: skip
def test_the_param_is_refused_outside_the_standard_game(params: dict[str, object]) -> None:
    """Seed 000 "Modes": the intruder player takes over from rival players (standard mode)."""
    with pytest.raises(ParamError, match="intruder_player"):
        NemesisGame(intruder_player=True, **params) if "mode" in params else NemesisGame(**params)


# -- the seat switch -------------------------------------------------------------------------
def test_the_first_dead_player_plays_the_intruders_from_the_next_player_phase() -> None:
    """§18.3: "the first player whose character dies ... controls the Intruders from the next
    Player Phase"; until then the full Event Phase runs (an Event card is drawn)."""
    s = at_round(3)
    wounds.kill(s, 1, "test")
    assert s.ip is not None and s.ip.seat == 1 and not s.ip.active
    drive(s, lambda t: t.stage == Stage.END_OF_TURN)
    assert any(e.kind == "event_card" for e in s.events or ())
    drive(s, lambda t: top_kind(t) == Kind.IP_ROUND)
    assert s.ip.active and s.current_player() == 1
    assert len(s.ip.hand) == 3  # draws 3 (§18.3)


def test_two_deaths_at_once_give_the_seat_to_the_lower_player_number() -> None:
    """Seed 000 "Modes": "if two die at once, the lower player number takes over"."""
    s = at_round(4)
    wounds.kill(s, 3, "test")
    wounds.kill(s, 2, "test")
    assert s.ip is not None and s.ip.seat == 2


def test_a_later_death_does_not_take_the_seat() -> None:
    """Seed 000 "Modes": the *first* player whose character dies."""
    s = at_round(4)
    wounds.kill(s, 3, "test")
    s.rounds += 1  # a later action
    wounds.kill(s, 2, "test")
    assert s.ip is not None and s.ip.seat == 3


def test_the_intruder_seat_is_never_first_player() -> None:
    """Seed 000 "Modes": that player "never takes the first-player token"."""
    s = intruder_state(3, dead=1)
    s.first_player = 0
    assert event_phase.next_first_player(s) == 2


# -- cards in hand ---------------------------------------------------------------------------
def test_draw_three_and_hand_limit_four() -> None:
    """Seed 000 "Modes": "draws 3 cards, has a hand limit of 4": with 2 kept cards, 5 after the
    draw, one must be discarded."""
    s = intruder_state(3, dead=1)
    drive(s, lambda t: top_kind(t) == Kind.IP_DRAW)
    give_hand(s, "pursuit_1", "self_healing")
    drive(s, lambda t: top_kind(t) in (Kind.IP_DISCARD, Kind.IP_ROUND))
    assert top_kind(s) == Kind.IP_DISCARD and len(s.ip.hand) == 5
    legal = s.legal_actions()
    assert {s.game.space.kind_of(a).name for a in legal} == {"ip_card"}
    s.apply_action(legal[0])
    drive(s, lambda t: top_kind(t) == Kind.IP_ROUND)
    assert len(s.ip.hand) == 4


def test_passing_keeps_at_most_one_card() -> None:
    """§18.3: "each round plays 1 card or passes (may keep 1 card)"."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_1", "self_healing", "planning_4")
    s.apply_action(s.game.actions.pass_id)
    assert top_kind(s) == Kind.IP_KEEP
    play(s, "ip_card", CARD["planning_4"])
    assert s.ip.hand == [CARD["planning_4"]]
    assert sorted(s.ip.discard) == sorted((CARD["pursuit_1"], CARD["self_healing"]))


def test_one_card_per_round() -> None:
    """Seed 000 "Modes": "does one action in their turn": after one card the next seat acts."""
    s = intruder_state(3, dead=1)
    give_hand(s, "coordinated_hunt_3", "coordinated_hunt_4")
    s.chars[2].passed = False  # the next seat has not passed yet
    play(s, "ip_effect", CARD["coordinated_hunt_3"])
    drive(s, lambda t: t.current_player() != CHANCE)
    assert s.current_player() == 2 and top_kind(s) == Kind.ROUND


# -- each use of a card ------------------------------------------------------------------------
def test_move_takes_the_corridor_of_the_card() -> None:
    """§18.3 Move: "move any Intruder through the corridor number on the card"."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_2")
    topo = s.game.topo
    room = next(r for r in range(topo.num_rooms)
                if topo.other_end(topo.corridor_to(r, 2), r) != TC
                and s.door[topo.corridor_to(r, 2)] == 0 and s.explored[r]
                and not s.characters_in(r))  # fmt: skip
    mini = place_adult(s, room)
    play(s, "ip_move", CARD["pursuit_2"])
    play(s, "intruder", mini)
    assert s.intruder_room[mini] == topo.other_end(topo.corridor_to(room, 2), room)


def test_a_card_showing_every_number_lets_the_player_pick_the_corridor() -> None:
    """§18.3 deck: Pursuit and Planning each have a copy that moves through "any" corridor."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_any")
    mini = place_adult(s, next(r for r in range(21) if not s.characters_in(r)))
    play(s, "ip_move", CARD["pursuit_any"])
    play(s, "intruder", mini)
    assert top_kind(s) == Kind.IP_CORRIDOR
    assert s.legal_actions() == s.game.actions.corridor.ids([0, 1, 2, 3])


def test_attack_draws_the_cards_shown_uses_one_and_puts_the_rest_at_the_bottom() -> None:
    """§18.3 Attack: "draw as many attack cards as the number printed, choose 1, others to the
    bottom" (Pursuit 1 draws 2)."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_1")
    target = 0
    mini = place_adult(s, s.chars[target].room)
    play(s, "ip_attack", CARD["pursuit_1"])
    play(s, "intruder", mini)
    if top_kind(s) == Kind.IP_TARGET:
        play(s, "seat", target)
    drive(s, lambda t: top_kind(t) == Kind.IP_ATTACK_CHOICE)
    drawn = s.stack[-1].payload.drawn
    assert len(drawn) == 2
    chosen, other = drawn[0], drawn[1]
    play(s, "ip_attack_card", chosen)
    assert s.attack_deck.bottom[-1] == other and s.attack_discard[-1] == chosen


def test_a_larva_attacks_without_a_card() -> None:
    """§11 (an attacking Larva draws no card and infests); §18.3 Attack."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_any")
    mini = intruders.free_miniature(s, LARVA)
    intruders.place(s, mini, s.chars[0].room)
    s.chars[2].room = (s.chars[0].room + 1) % 21  # only seat 0 in that room
    s.legal_cache = None
    play(s, "ip_attack", CARD["pursuit_any"])
    play(s, "intruder", mini)
    assert s.chars[0].larva and top_kind(s) != Kind.IP_ATTACK_DRAW


def test_pursuit_makes_a_chosen_character_roll_for_noise() -> None:
    """§18.3 deck: Pursuit's effect: "chosen character makes a Noise roll"."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_3")
    play(s, "ip_effect", CARD["pursuit_3"])
    assert top_kind(s) == Kind.IP_TARGET
    assert s.legal_actions() == s.game.actions.seat.ids([0, 2])
    play(s, "seat", 2)
    assert top_kind(s) == Kind.NOISE_ROLL and s.stack[-1].payload.seat == 2


def test_self_healing_heals_two_injuries() -> None:
    """§18.3 deck: Self-Healing: "heal 2 injuries of one Intruder"."""
    s = intruder_state(3, dead=1)
    give_hand(s, "self_healing")
    mini = place_adult(s, next(r for r in range(21) if not s.characters_in(r)))
    s.intruder_injuries[mini] = 3
    play(s, "ip_effect", CARD["self_healing"])
    play(s, "intruder", mini)
    assert s.intruder_injuries[mini] == 1


def test_planning_draws_three_events_and_resolves_one() -> None:
    """§18.3 deck: Planning: "draw 3 events, resolve 1"."""
    s = intruder_state(3, dead=1)
    give_hand(s, "planning_4")
    deck_before = len(s.event_deck)
    play(s, "ip_effect", CARD["planning_4"])
    drive(s, lambda t: top_kind(t) == Kind.IP_EVENT_CHOICE)
    drawn = s.stack[-1].payload.drawn
    assert len(drawn) == 3 and len(s.event_deck) == deck_before - 3
    play(s, "ip_event", drawn[0])
    resolved = [e for e in s.events or () if e.kind == "event_card"]
    assert dict(resolved[-1].payload)["card"] == drawn[0]


def test_coordinated_hunt_moves_adults_to_characters() -> None:
    """§18.3 deck: Coordinated Hunt: "Hunt-style Adult movement" (§10 Hunt: each Adult not in
    Combat moves into a neighbouring room with a character)."""
    s = intruder_state(3, dead=1)
    give_hand(s, "coordinated_hunt_4")
    topo = s.game.topo
    target = s.chars[0].room
    nearby = next(o for c in topo.exits[target] if (o := topo.other_end(c, target)) != TC
                  and s.door[c] == 0 and not s.characters_in(o))  # fmt: skip
    mini = place_adult(s, nearby)
    play(s, "ip_effect", CARD["coordinated_hunt_4"])
    assert s.characters_in(s.intruder_room[mini])


def test_metamorphosis_kills_larva_hosts() -> None:
    """§18.3 deck: Metamorphosis: the Eclosion effect (§10: a character with a Larva dies)."""
    s = intruder_state(3, dead=1)
    give_hand(s, "metamorphosis")
    s.chars[2].larva = True
    play(s, "ip_effect", CARD["metamorphosis"])
    assert s.chars[2].status != ACTIVE


# -- the Event Phase, the returns ----------------------------------------------------------------
def test_the_event_phase_keeps_only_the_time_track_and_fire_damage() -> None:
    """Seed 000 "Modes": "In the event phase only the time track and fire damage steps run: no
    event card is drawn and the bag does not develop"; §18.3: no Intruder Attack step."""
    s = intruder_state(3, dead=1)
    room = s.chars[0].room
    mini = place_adult(s, room)
    burning = next(r for r in range(21) if not s.characters_in(r) and r != room)
    other = place_adult(s, burning)
    s.fire[burning] = True
    bag, time, events = sorted(s.bag.counts().items()), s.time, len(s.events or ())
    light = s.chars[0].light_wounds
    drive(s, lambda t: t.time < time and t.stage == Stage.ROUNDS)
    new = (s.events or [])[events:]
    assert s.time == time - 1
    assert not any(e.kind in ("event_card", "attack_card", "larva_attack") for e in new)
    assert sorted(s.bag.counts().items()) == bag
    assert s.intruder_injuries[other] >= 1 or s.intruder_room[other] != burning
    assert s.chars[0].light_wounds == light and s.intruder_room[mini] == room


def test_the_intruder_seat_scores_one_when_nobody_wins() -> None:
    """Seed 000 "Modes": "This player cannot win; their aim is to stop the others from winning"
    (decision 503: 1 when no character wins, else 0)."""
    s = intruder_state(3, dead=1)
    s.terminal = True
    assert s.returns() == (0.0, 1.0, 0.0)
    s.winners = [True, True, False]  # its own flag cannot count: it cannot win
    assert s.returns() == (1.0, 0.0, 0.0)


# -- hidden information --------------------------------------------------------------------------
def test_the_intruder_hand_is_hidden_from_the_crew_and_the_crew_hands_from_it() -> None:
    """§18.3: the intruder player holds a hand like any player: private to its seat."""
    s = intruder_state(3, dead=1)
    give_hand(s, "pursuit_1", "self_healing")
    g = s.game
    crew = g.view_for(s, 0)
    assert crew.intruder_hand == () and crew.intruder_hand_size == 2
    assert crew.world is not None and crew.world.state.ip.hand == [HIDDEN, HIDDEN]
    own = g.view_for(s, 1)
    assert own.intruder_hand == tuple(sorted((CARD["pursuit_1"], CARD["self_healing"])))
    assert own.world is not None and set(own.world.state.chars[0].hand) == {HIDDEN}
    other = s.clone()
    give_hand(other, "planning_4", "metamorphosis")
    assert g.view_for(other, 0) == crew  # the crew cannot tell the two hands apart
    obs_a = np.zeros(g.observation_size(), np.float32)
    obs_b = np.zeros(g.observation_size(), np.float32)
    g.observe(s, 0, obs_a)
    g.observe(other, 0, obs_b)
    assert np.array_equal(obs_a, obs_b)
    world = g.sample_world(crew, np.random.default_rng(1))
    assert g.view_for(world, 0) == crew and sorted(world.ip.hand) != [HIDDEN, HIDDEN]
