"""Noise rolls and encounters (nemesis-reference.md §7.1, §7.2; §8.3 for Slime)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import CHANCE
from nemesis_env.games.nemesis.rules import noise
from nemesis_env.games.nemesis.rules.intruders import ADULT, LARVA
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import CLOSED
from tests.nemesis.helpers import alone_in, chance, clear_board, play_to_round, top_kind

HIBERNATORIUM = 10  # room 11: exits 1 -> 15, 2 -> 6, 3 -> 8, 4 -> 14 (nemesis-board-basic.md)
ROOM_2 = 1  # room 2: exits 1,2 -> Technical Corridors, 3 -> 1, 4 -> 6


def rolled(face: int, room: int = HIBERNATORIUM, seat: int = 0, slime: bool = False):  # type: ignore[no-untyped-def]
    s = play_to_round()
    clear_board(s)
    s.chars[seat].room = room
    s.chars[seat].slime = slime
    for other, c in enumerate(s.chars):
        if other != seat:
            c.room = 0  # out of the way, in the Cockpit
    noise.roll_noise(s, seat, room)
    chance(s, CHANCE.noise, face - 1)
    return s


def test_a_number_puts_noise_in_that_corridor() -> None:
    s = rolled(2)
    corridor = s.game.topo.corridor_to(HIBERNATORIUM, 2)
    assert s.game.topo.other_end(corridor, HIBERNATORIUM) == 5  # room 6
    assert s.noise[corridor] and sum(s.noise) == 1 and s.tc_noise == [False]
    assert top_kind(s) == Kind.ROUND  # nothing else happened


def test_noise_in_a_noisy_corridor_is_an_encounter_that_clears_the_room_s_noise() -> None:
    s = alone_in(HIBERNATORIUM)
    topo = s.game.topo
    s.noise[topo.corridor_to(HIBERNATORIUM, 3)] = True
    s.noise[topo.corridor_to(HIBERNATORIUM, 1)] = True
    noise.roll_noise(s, 0, HIBERNATORIUM)
    chance(s, CHANCE.noise, 3 - 1)
    assert top_kind(s) == Kind.BAG_DRAW
    assert not any(s.noise[c] for c in topo.exits[HIBERNATORIUM])  # §7.2 step 1


def test_a_technical_corridor_entrance_puts_noise_in_the_shared_space() -> None:
    s = rolled(1, room=ROOM_2)
    assert s.tc_noise == [True] and sum(s.noise) == 0


def test_danger_brings_neighbouring_intruders_not_in_combat() -> None:
    s = alone_in(HIBERNATORIUM)
    adult = s.game.minis_of_type[ADULT][0]
    s.intruder_room[adult] = 14  # room 15, joined to room 11 by corridor 1
    noise.roll_noise(s, 0, HIBERNATORIUM)
    chance(s, CHANCE.noise, noise.DANGER - 1)
    assert s.intruder_room[adult] == HIBERNATORIUM
    assert sum(s.noise) == 0


def test_danger_with_nobody_to_come_puts_noise_in_every_corridor() -> None:
    s = rolled(noise.DANGER)
    topo = s.game.topo
    assert all(s.noise[c] for c in topo.exits[HIBERNATORIUM])


def test_a_closed_door_keeps_the_intruder_out() -> None:
    s = alone_in(HIBERNATORIUM)
    adult = s.game.minis_of_type[ADULT][0]
    s.intruder_room[adult] = 14
    corridor = s.game.topo.room_pair_corridor[(HIBERNATORIUM, 14)]
    s.door[corridor] = CLOSED
    noise.roll_noise(s, 0, HIBERNATORIUM)
    chance(s, CHANCE.noise, noise.DANGER - 1)
    assert s.intruder_room[adult] == 14


def test_silence_is_nothing_unless_the_character_is_slimed() -> None:
    quiet = rolled(noise.SILENCE)
    assert sum(quiet.noise) == 0
    slimed = rolled(noise.SILENCE, slime=True)
    assert all(slimed.noise[c] for c in slimed.game.topo.exits[HIBERNATORIUM])  # Danger


def encounter_with(token_type: int, surprise: int, hand: int):  # type: ignore[no-untyped-def]
    s = alone_in(HIBERNATORIUM)
    s.chars[0].hand = s.chars[0].hand[:hand]
    s.first_encounter_done = True
    noise.push_encounter(s, 0, HIBERNATORIUM)
    s.legal_cache = None
    s.game.rules.settle(s)
    token = next(t for t in s.game.tokens_of_type[token_type]
                 if s.game.token_surprise[t] == surprise)  # fmt: skip
    if token not in s.bag.counts():
        s.bag.put(token)
    chance(s, CHANCE.token, token)
    return s


def test_a_hand_smaller_than_the_token_number_is_a_surprise_attack() -> None:
    s = encounter_with(ADULT, 3, hand=2)
    assert s.intruder_room.count(HIBERNATORIUM) == 1
    assert top_kind(s) == Kind.ATTACK_CARD  # the surprise attack draws its card


def test_a_hand_as_large_as_the_token_number_is_no_surprise() -> None:
    s = encounter_with(ADULT, 3, hand=3)
    assert s.intruder_room.count(HIBERNATORIUM) == 1
    assert top_kind(s) == Kind.ROUND


def test_a_larva_surprises_only_an_empty_hand() -> None:
    s = encounter_with(LARVA, 1, hand=0)
    larva = next(m for m in s.game.minis_of_type[LARVA])
    # the larva attacked at once: it climbed onto the character (no card is drawn, §7.4)
    assert s.chars[0].larva and s.intruder_room[larva] == -1


def test_the_blank_token_is_noise_everywhere_and_goes_back() -> None:
    s = alone_in(HIBERNATORIUM)
    noise.push_encounter(s, 0, HIBERNATORIUM)
    s.game.rules.settle(s)
    blank = s.game.tokens_of_type[5][0]
    before = len(s.bag)
    chance(s, CHANCE.token, blank)
    assert all(s.noise[c] for c in s.game.topo.exits[HIBERNATORIUM])
    assert len(s.bag) == before and blank in s.bag.counts()
    assert HIBERNATORIUM not in s.intruder_room
