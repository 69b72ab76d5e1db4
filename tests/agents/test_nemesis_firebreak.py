"""The crew agent closes a door against a spreading fire (round_policy.firebreak,
`firebreak`), in a built position.

Damaging Fire and Consuming Fire spread the fire of every burning room to each of its
neighbours at once, never through a closed door (nemesis-reference.md §8.4, §10); a rule that
needs a ninth Fire marker destroys the ship with everyone aboard (§8.4, §17). Computer Skills
(cost 0) opens or closes a door of the character's room (§14, action_cards.yaml).

The position: the Mechanic stands in a room that is not burning, next to a burning one, with
Computer Skills in hand; eight Fire markers would be on the board after the next spread only
if its door stays open (the count is made here from the topology, independently of the agent).
"""

from __future__ import annotations

from agents.games.nemesis.crew import HeuristicCrew
from agents.games.nemesis.params import CrewParams
from nemesis_env.games.nemesis.rules import events
from nemesis_env.games.nemesis.state import CLOSED, State
from nemesis_env.games.nemesis.topology import TC
from tests.agents.test_nemesis_arms import answer_own
from tests.agents.test_nemesis_heuristic import decide, decide_id
from tests.nemesis.card_scenes import ELSEWHERE, ROOM2_SLOT, scene, thing

HERE = ROOM2_SLOT  # room 6: exits 1 -> 7, 2 -> 11, 3 -> 5, 4 -> 2
BURNING_NEIGHBOUR = 6  # room 7, through exit 1


def _neighbours(s: State, room: int) -> dict[int, int]:
    """Corridor -> the room at its other end, for the rooms a fire can spread to."""
    topo = s.game.topo
    ends = {c: topo.other_end(c, room) for c in topo.exits[room]}
    return {c: other for c, other in ends.items() if other not in (TC, room)}


def _after_spread(s: State) -> int:
    """Fire markers a spread would need: the burning rooms, and every room that is not burning
    next to one through a corridor without a closed door."""
    burning = {r for r in range(s.game.topo.num_rooms) if s.fire[r]}
    reached = {
        other
        for room in burning
        for c, other in _neighbours(s, room).items()
        if s.door[c] != CLOSED and other not in burning
    }
    return len(burning) + len(reached)


def on_the_brink(door_card: str = "computer_skills") -> tuple[State, int]:
    """The scene, and the corridor between HERE and its burning neighbour: that corridor alone
    carries fire into HERE, and the next spread would need exactly nine markers."""
    s = scene("mechanic", [door_card, "search", "search", "search", "search"], HERE)
    s.time = 10
    s.fire[BURNING_NEIGHBOUR] = True
    near_here = set(_neighbours(s, HERE).values()) | {HERE, ELSEWHERE}
    for room in range(s.game.topo.num_rooms):
        if room in near_here or s.fire[room]:
            continue
        s.fire[room] = True
        if _after_spread(s) > 9:
            s.fire[room] = False
        elif _after_spread(s) == 9:
            break
    assert _after_spread(s) == 9 and sum(s.fire) < 9
    assert not s.event_discard  # both spreading cards are still to come
    corridor = next(c for c, other in _neighbours(s, HERE).items() if other == BURNING_NEIGHBOUR)
    s.legal_cache = None
    return s, corridor


def _spread(s: State) -> None:
    events.resolve_event_card(s, s.game.tables.event_op.index("consuming_fire"))


def test_the_door_is_closed_and_the_ship_survives_the_spread() -> None:
    s, corridor = on_the_brink()
    agent = HeuristicCrew(CrewParams(firebreak=True))
    name, reason = decide(s, agent)
    assert name == "play_card:computer_skills" and "spread" in reason
    s.apply_action(decide_id(s, agent))
    answer_own(s, agent)
    assert s.door[corridor] == CLOSED
    _spread(s)
    assert not s.ship_destroyed and sum(s.fire) == 8


def test_without_the_rule_the_spread_destroys_the_ship() -> None:
    s, _ = on_the_brink()
    name, _ = decide(s, HeuristicCrew(CrewParams(firebreak=False)))
    assert name != "play_card:computer_skills"
    _spread(s)
    assert s.ship_destroyed


def test_no_door_is_closed_once_both_spreading_cards_are_spent() -> None:
    s, _ = on_the_brink()
    op = s.game.tables.event_op
    s.event_discard.extend(op.index(name) for name in ("damaging_fire", "consuming_fire"))
    name, _ = decide(s, HeuristicCrew(CrewParams(firebreak=True)))
    assert name != "play_card:computer_skills"


def test_an_energy_charge_closes_the_door_when_no_card_does() -> None:
    """Energy Charge (items.yaml): reload an Energy weapon, or open or close a door of the room;
    its cost (1) is paid with a Search."""
    s, corridor = on_the_brink(door_card="search")
    s.chars[0].inventory = [thing(s, "yellow.energy_charge")]
    s.legal_cache = None
    agent = HeuristicCrew(CrewParams(firebreak=True))
    name, reason = decide(s, agent)
    assert name == "use_item:yellow.energy_charge" and "spread" in reason, name
    s.apply_action(decide_id(s, agent))
    answer_own(s, agent)
    assert s.door[corridor] == CLOSED
    assert s.chars[0].heavy_ammo == [s.game.item_capacity(s.chars[0].heavy[0])]  # no reload
