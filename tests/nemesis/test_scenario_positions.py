"""Positions of the rule tests written as scenario documents: the loader expresses the states
that tests/nemesis/room_scenarios.py and test_combat.py build by editing a played state, and
the rules give the same answers from them (sources cited per test)."""

from __future__ import annotations

from nemesis_env.games.nemesis.actions import ACTIONS, CHANCE
from nemesis_env.games.nemesis.rules import pods
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import ESCAPED, NOWHERE, POD_LAUNCHED
from tests.nemesis.helpers import chance, top_kind
from tests.nemesis.room_scenarios import answer, use_room
from tests.nemesis.scenario_helpers import load, settle_chance

ARMORY = """
game: nemesis
params: {players: 4}
description: test_rooms.test_armory_adds_two_ammo_to_an_energy_weapon_up_to_capacity
phase: rounds
rooms:
  3: {tile: armory, explored: true}
characters:
  - character: scout
    room: 3
    hand: [search, search, rest, demolition, interruption]
    hands: [{item: red.prototype_rifle, ammo: 3}]
"""

SIX_SHOOTER = """
game: nemesis
params: {players: 4}
description: test_combat.test_two_hits_deal_two_injuries_and_the_six_shooter_adds_one
phase: rounds
characters:
  - {character: captain, room: hibernatorium, hand: [search, search, rest, order, reload]}
  - {room: cockpit}
  - {room: cockpit}
  - {room: cockpit}
intruders:
  - {type: adult, room: hibernatorium}
"""

EVACUATION = """
game: nemesis
params: {players: 4}
description: test_pods.test_entering_a_pod_then_launching_at_once
phase: rounds
pods: {1: unlocked, 3: unlocked}
rooms:
  3: {tile: evacuation_a, explored: true}
characters:
  - {room: 3, hand: [search, search, rest, demolition, interruption]}
"""


def test_the_armory_adds_two_ammo_to_an_energy_weapon() -> None:
    """§3.2 Armory: +2 ammo to an Energy weapon (the Prototype Rifle, capacity 6)."""
    s = load(ARMORY)
    settle_chance(s)
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 0
    use_room(s)
    assert top_kind(s) == Kind.ROOM_WEAPON
    answer(s, ACTIONS.weapon.id(0))
    assert s.chars[0].heavy_ammo == [5]


def test_the_six_shooter_adds_an_injury_to_two_hits() -> None:
    """§7.3: two hits deal two injuries; §14 Captain: the Six-Shooter adds one."""
    s = load(SIX_SHOOTER)
    settle_chance(s)
    adult = s.intruder_room.index(10)
    s.apply_action(s.game.actions.shoot.id(adult))
    assert top_kind(s) == Kind.PAY
    s.apply_action(s.legal_actions()[0])
    chance(s, CHANCE.combat, 4)  # the two-hits face
    assert s.intruder_injuries[adult] == 3


def test_boarding_an_escape_pod_and_launching_at_once() -> None:
    """§16: an unlocked pod of the section is boarded after the noise roll, then launched; the
    character has escaped and the next player's round follows."""
    s = load(EVACUATION)
    settle_chance(s)
    use_room(s)
    assert top_kind(s) == Kind.NOISE_ROLL
    chance(s, CHANCE.noise, 0)  # noise in corridor 1, no Intruder
    assert top_kind(s) == Kind.ROOM_POD
    answer(s, ACTIONS.pod.id(0))
    assert s.legal_actions() == ACTIONS.option.ids([pods.LAUNCH, pods.WAIT])
    answer(s, ACTIONS.option.id(pods.LAUNCH))
    c = s.chars[0]
    assert c.status == ESCAPED and c.room == NOWHERE and s.pods[0] == POD_LAUNCHED
    assert top_kind(s) == Kind.ROUND and s.stack[-1].chooser == 1
