"""The crew agent's fight cards and ammo (agents/games/nemesis/arms.py), in built positions.

Each expected answer follows from the card texts (nemesis-reference.md §14, action_cards.yaml)
and the combat die (§7.3, dice.yaml: blank, creeper twice, adult, hit1, hit2), and each test
also runs the agent with the rule off, so that it fails if the rule stopped choosing the card:
- an Escape draws one Intruder Attack per Intruder in the room (§7.5); Suppressive Fire spends a
  round instead and no attack comes;
- one roll injures a Breeder on 2 faces of 6, under the agent's `shoot_min_odds` (0.5), so it
  would flee; Taking Aim may roll again, 1 - (4/6)^2 = 5/9 of injuring it, so it shoots, and
  rolls again exactly when the face rolled does not injure a Breeder;
- Reload adds a round to the Six-Shooter for no card; an Energy Charge fills an Energy weapon.
"""

from __future__ import annotations

import numpy as np

from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.lookup import lookup_for
from agents.games.nemesis.params import CrewParams
from nemesis_env.core.engine import CHANCE
from nemesis_env.games.nemesis.rules.fighting import FACES
from nemesis_env.games.nemesis.rules.kinds import Kind
from nemesis_env.games.nemesis.state import State
from tests.agents.test_nemesis_heuristic import ctx_for, decide, kind_of
from tests.nemesis.card_scenes import ROOM1_SLOT, ROOM2_SLOT, scene, thing
from tests.nemesis.helpers import chance, game, top_kind

BREEDER = 3  # intruder types: larva, creeper, adult, breeder, queen
OFF = CrewParams(combat_cards=False, keep_ammo=False)


def with_breeder(s: State, room: int) -> State:
    s.intruder_room[s.game.minis_of_type[BREEDER][0]] = room
    s.legal_cache = None
    return s


def answer_own(s: State, agent: HeuristicCrew, seat: int = 0) -> list[str]:
    """Lets the agent answer the open decisions of `seat` until chance or another round: the
    names of the actions taken."""
    names = []
    while not s.is_terminal() and s.current_player() == seat and top_kind(s) != Kind.ROUND:
        action = agent.act(ctx_for(s, seat), np.random.default_rng(0))
        assert action in s.legal_actions()
        names.append(s.game.space.name(action))
        s.apply_action(action)
    return names


def test_suppressive_fire_escapes_without_the_attack() -> None:
    """With no good shot (a Breeder), the Captain holding Suppressive Fire and a loaded
    Six-Shooter leaves the room for no card and spends a round instead of taking the Escape's
    Intruder Attack; with the rule off it walks out (a plain move, attack included)."""
    s = with_breeder(scene("captain", ["suppressive_fire", "search", "search"], ROOM2_SLOT),
                     ROOM2_SLOT)  # fmt: skip
    wounds = (s.chars[0].light_wounds, len(s.chars[0].serious))
    ammo = s.chars[0].heavy_ammo[0]
    agent = HeuristicCrew()
    action = agent.act(ctx_for(s), np.random.default_rng(0))
    assert s.game.space.name(action) == "play_card:suppressive_fire", agent.last_reason
    s.apply_action(action)
    answer_own(s, agent)
    assert s.current_player() == CHANCE  # the Noise roll of the room entered (§6.2)
    assert s.chars[0].room != ROOM2_SLOT
    assert s.chars[0].heavy_ammo[0] == ammo - 1
    assert (s.chars[0].light_wounds, len(s.chars[0].serious)) == wounds
    assert not any(e.kind == "attack_card" for e in s.events or ())
    off = with_breeder(scene("captain", ["suppressive_fire", "search", "search"], ROOM2_SLOT),
                       ROOM2_SLOT)  # fmt: skip
    name, reason = decide(off, HeuristicCrew(OFF))
    assert kind_of(name) == "move" and "flee" in reason


def aimed_shot_at(face: str) -> tuple[State, HeuristicCrew]:
    """The Soldier plays Taking Aim at a Breeder and rolls `face`: the REROLL decision."""
    s = with_breeder(scene("soldier", ["taking_aim", "search", "search"], ROOM2_SLOT),
                     ROOM2_SLOT)  # fmt: skip
    agent = HeuristicCrew()
    action = agent.act(ctx_for(s), np.random.default_rng(0))
    assert s.game.space.name(action) == "play_card:taking_aim", agent.last_reason
    s.apply_action(action)
    answer_own(s, agent)  # one weapon, one target: the engine asks nothing more
    shot = [e for e in s.events or () if e.kind == "shoot"]
    assert shot and shot[-1].get("intruder") == s.game.minis_of_type[BREEDER][0]
    chance(s, s.game.chance.combat, FACES.index(face))
    assert top_kind(s) == Kind.REROLL
    return s, agent


def test_taking_aim_takes_the_shot_a_single_roll_would_not() -> None:
    s, agent = aimed_shot_at("blank")
    assert s.game.view_for(s, 0).roll_face == FACES.index("blank")
    name = s.game.space.name(agent.act(ctx_for(s), np.random.default_rng(0)))
    assert name == "yes", agent.last_reason  # a blank injures nothing: roll again
    off = with_breeder(scene("soldier", ["taking_aim", "search", "search"], ROOM2_SLOT),
                       ROOM2_SLOT)  # fmt: skip
    assert "flee" in decide(off, HeuristicCrew(OFF))[1]


def test_an_injuring_face_is_kept() -> None:
    s, agent = aimed_shot_at("hit1")  # hit1 injures every type (§7.3)
    name = s.game.space.name(agent.act(ctx_for(s), np.random.default_rng(0)))
    assert name == "no", agent.last_reason


def test_the_observation_shows_the_face_to_reroll() -> None:
    """The REROLL decision is taken on a face rolled in the open: the observation carries it
    (`roll_face`), and nothing at other decisions."""
    s, _agent = aimed_shot_at("adult")
    g = s.game
    obs = np.zeros(g.observation_size(), np.float32)
    g.encode(g.view_for(s, 0), obs)
    start = g._encoder.o["roll_face"]
    assert list(obs[start : start + len(FACES)]) == [0, 0, 1, 0, 0]
    s.apply_action(g.actions.no.id())
    g.encode(g.view_for(s, 0), obs)
    assert not obs[start : start + len(FACES)].any()
    assert g.view_for(s, 0).roll_face == -1


def test_reload_fills_the_six_shooter_out_of_combat() -> None:
    s = scene("captain", ["reload", "search", "search"], ROOM1_SLOT)
    s.chars[0].heavy_ammo[0] = 1
    name, reason = decide(s)
    assert name == "play_card:reload" and "reload" in reason
    s2 = scene("captain", ["reload", "search", "search"], ROOM1_SLOT)
    s2.chars[0].heavy_ammo[0] = 1
    assert decide(s2, HeuristicCrew(OFF))[0] != "play_card:reload"


def test_an_energy_charge_fills_an_empty_energy_weapon() -> None:
    s = scene("scout", ["search", "search", "search"], ROOM1_SLOT)
    s.chars[0].heavy_ammo[0] = 0
    s.chars[0].inventory = [thing(s, "red.energy_charge")]
    s.legal_cache = None
    agent = HeuristicCrew()
    action = agent.act(ctx_for(s), np.random.default_rng(0))
    assert s.game.space.name(action) == "use_item:red.energy_charge", agent.last_reason
    s.apply_action(action)
    answer_own(s, agent)
    capacity = s.game.item_capacity(s.chars[0].heavy[0])
    assert s.chars[0].heavy_ammo[0] == capacity > 0
    s2 = scene("scout", ["search", "search", "search"], ROOM1_SLOT)
    s2.chars[0].heavy_ammo[0] = 0
    s2.chars[0].inventory = [thing(s2, "red.energy_charge")]
    s2.legal_cache = None
    assert "energy_charge" not in decide(s2, HeuristicCrew(OFF))[0]


def test_reconnaissance_enters_a_noisy_room_with_no_roll() -> None:
    """The Scout heads for the Cockpit (seat 0's ship task) from room 2 next to it; one of the
    Cockpit's corridors holds a noise marker, so a plain move's Noise roll brings an Intruder
    on 2 faces of 10 (§7.1: the marked corridor's number), `recon_min_chance`. Reconnaissance
    makes the move with no roll (§14, Scout); with the rule off it is a plain move."""
    cockpit = 0
    lk = lookup_for(game(4))
    corridors = [c for _n, c in lk.exits[cockpit]]  # one corridor may hold two numbers
    single = [c for c in corridors if corridors.count(c) == 1]
    corridor = next(c for c in single if lk.other_end(c, cockpit) != ROOM1_SLOT)

    def noisy() -> State:
        s = scene("scout", ["reconnaissance", "search", "search"], ROOM1_SLOT)
        s.noise[corridor] = True
        s.legal_cache = None
        return s

    s = noisy()
    agent = HeuristicCrew(CrewParams(recon_moves=True))
    action = agent.act(ctx_for(s), np.random.default_rng(0))
    assert s.game.space.name(action) == "play_card:reconnaissance", agent.last_reason
    s.apply_action(action)
    answer_own(s, agent)
    assert s.chars[0].room == cockpit
    assert not any(e.kind == "noise_roll" for e in s.events or ())
    name, _ = decide(noisy(), HeuristicCrew(CrewParams(recon_moves=False)))
    assert name == f"move:room_{cockpit + 1}"
