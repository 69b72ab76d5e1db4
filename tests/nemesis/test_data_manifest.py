"""Manifest of Nemesis's printed components: every count pinned to shared/rules/
nemesis-reference.md (section cited at each test), written out here independently of the loader
so a change to data/*.yaml that drifts from the reference fails. Numbers marked "decision" are
our defaults where the reference is unsure (docs/rules-decisions.md "Nemesis: component data").
"""

from __future__ import annotations

from collections import Counter

from nemesis_env.games.nemesis.defs import TC, load_nemesis_data
from nemesis_env.games.nemesis.defs.loader import all_specs
from nemesis_env.games.nemesis.defs.ops import CONDITION_OPS, EFFECT_OPS

DATA = load_nemesis_data()

# nemesis-reference.md §2.2, the reference's CORRIDORS list verbatim (TC = tech corridors)
CORRIDORS = [
    (1, 3, (1, 2)), (2, 1, (3,)), (2, 6, (4,)), (3, 7, (3, 4)), (4, 1, (4,)), (4, 8, (1,)),
    (5, 10, (1, 2)), (5, "TC", (4,)), (6, 5, (3,)), (6, 7, (1,)), (7, 8, (2,)), (8, 9, (4,)),
    (8, 11, (3,)), (9, 12, (1, 2)), (9, "TC", (3,)), (10, 13, (3, 4)), (11, 6, (2,)),
    (11, 15, (1,)), (12, 16, (3, 4)), (13, 14, (1,)), (13, 19, (2,)), (14, 11, (4,)),
    (14, 17, (2,)), (14, "TC", (3,)), (15, 18, (3,)), (15, "TC", (4,)), (16, 15, (2,)),
    (16, 21, (1,)), (17, 20, (3, 4)), (18, 21, (4,)), (19, 17, (1,)), (20, 18, (1, 2)),
    ("TC", 2, (1, 2)), ("TC", 4, (2, 3)), ("TC", 19, (3, 4)), ("TC", 21, (2, 3)),
]  # fmt: skip


def test_board_rooms_and_slots() -> None:  # §2.1
    rooms = DATA.board.rooms
    assert len(rooms) == 21
    assert [r.number for r in rooms] == list(range(1, 22))
    special = {r.number: r.special_room for r in rooms if r.slot == "special"}
    assert special == {1: "cockpit", 11: "hibernatorium", 19: "engine_3", 20: "engine_2",
                       21: "engine_1"}  # fmt: skip
    assert DATA.board.slots("room1") == (2, 3, 4, 5, 9, 10, 12, 13, 16, 17, 18)
    assert DATA.board.slots("room2") == (6, 7, 8, 14, 15)


def test_corridors_are_the_reference_edge_list() -> None:  # §2.2
    assert len(CORRIDORS) == 36
    assert [(c.a, c.b, c.numbers) for c in DATA.board.corridors] == CORRIDORS


def test_every_room_exit_numbers_are_1_to_4() -> None:  # §2.2
    numbers: dict[int, list[int]] = {room: [] for room in range(1, 22)}
    for a, b, nums in CORRIDORS:
        for end in (a, b):
            if end != "TC":
                numbers[int(end)].extend(nums)
    assert all(sorted(n) == [1, 2, 3, 4] for n in numbers.values()), numbers
    for room in range(1, 22):  # the loader's lookup agrees with the edge list
        by_number = DATA.board.room_exit_by_number[room]
        assert sorted(by_number) == [1, 2, 3, 4]
        for n, corridor in by_number.items():
            a, b, nums = CORRIDORS[corridor]
            assert n in nums and room in (a, b)


def test_tech_entrances_and_neighbours() -> None:  # §2.1, §2.2
    assert DATA.board.tech_entrances == (2, 4, 5, 9, 14, 15, 19, 21)
    assert [r.number for r in DATA.board.rooms if r.tech_entrance] == [2, 4, 5, 9, 14, 15, 19, 21]
    assert DATA.board.neighbours[1] == (2, 3, 4)
    assert DATA.board.neighbours[11] == (6, 8, 14, 15)
    assert DATA.board.neighbours[2] == (1, 6)  # its corridor 1,2 leads to TC, not a room
    exit_2 = DATA.board.exits[2][0]
    assert (exit_2.to, exit_2.numbers) == (TC, (1, 2))


def test_escape_pods_and_supply() -> None:  # §4.1 steps 6-8, §8.4, §8.5, §16
    pods = DATA.board.escape_pods
    assert {p: pods.pods_by_players[p] for p in range(1, 6)} == {1: 2, 2: 2, 3: 3, 4: 3, 5: 4}
    assert pods.seats_per_pod == 2 and pods.sections == ("a", "b")
    assert [pods.section_of(p) for p in (1, 2, 3, 4)] == ["a", "b", "a", "b"]
    supply = DATA.board.supply
    assert (supply.fire_markers, supply.malfunction_markers) == (8, 8)
    assert supply.eggs_on_intruder_board == 5 and supply.engines == 3


ROOM1 = {"armory": "red", "comms_room": "yellow", "emergency_room": "green",
         "evacuation_a": "white", "evacuation_b": "white", "fire_control_system": "yellow",
         "generator": "yellow", "laboratory": "green", "nest": "none", "storage": "red",
         "surgery": "green"}  # fmt: skip
ROOM2 = {"airlock_control": "yellow", "cabins": "white", "canteen": "green",
         "command_center": "red", "engine_control_room": "yellow",
         "hatch_control_system": "white", "monitoring_room": "red", "slime_room": "none",
         "shower_room": "white"}  # fmt: skip
COMPUTER_ROOMS = {"comms_room", "fire_control_system", "generator", "laboratory",
                  "command_center", "engine_control_room", "monitoring_room",
                  "cockpit"}  # fmt: skip


def test_room_tiles() -> None:  # §1, §3.1, §3.2, §8.5
    tiles = DATA.room_tiles
    assert {t.id: t.colour for t in tiles if t.kind == 1} == ROOM1  # 11 "1" tiles
    assert {t.id: t.colour for t in tiles if t.kind == 2} == ROOM2  # 9 "2" tiles
    assert len(ROOM1) == 11 and len(ROOM2) == 9
    special = {r.id for r in DATA.special_rooms}
    assert special == {"cockpit", "hibernatorium", "engine_1", "engine_2", "engine_3"}
    rooms = DATA.rooms_by_id.values()
    assert {r.id for r in rooms if r.computer} == COMPUTER_ROOMS  # [PL-js]; Cockpit: decision
    assert {r.id for r in rooms if not r.searchable} == special | {"nest", "slime_room"}
    assert {r.id for r in rooms if not r.malfunction_allowed} == {"nest", "slime_room"}
    assert {r.id for r in rooms if r.action is None} == {"cabins", "slime_room"}
    assert all(r.action_cost == 2 for r in rooms if r.action is not None)
    assert {r.engine for r in DATA.special_rooms if r.engine} == {1, 2, 3}


def test_exploration_tokens() -> None:  # §3.4
    tokens = DATA.exploration.tokens
    assert len(tokens) == 20
    assert Counter(t.effect for t in tokens) == {
        "silence": 5, "danger": 3, "fire": 3, "malfunction": 3, "slime": 3, "door": 3,
    }  # fmt: skip
    assert Counter(t.items for t in tokens) == {1: 5, 2: 5, 3: 5, 4: 5}  # decision: spread evenly


def test_intruder_pool_and_bag() -> None:  # §1, §7.2, §9.1
    types = {t.id: t for t in DATA.intruders.types}
    assert {k: t.tokens for k, t in types.items()} == {
        "larva": 8, "creeper": 3, "adult": 12, "breeder": 2, "queen": 1, "blank": 1,
    }  # fmt: skip
    assert sum(t.tokens for t in types.values()) == 27
    assert types["larva"].surprise_numbers == (1,) * 8
    assert types["creeper"].surprise_numbers == (1, 1, 1)
    assert types["adult"].surprise_numbers == (2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4)
    assert types["breeder"].surprise_numbers == (3, 4)
    assert types["queen"].surprise_numbers == (4,)
    assert {k: t.miniatures for k, t in types.items() if t.miniatures} == {
        "larva": 6, "creeper": 3, "adult": 8, "breeder": 2, "queen": 1,
    }  # fmt: skip
    for players in range(1, 6):
        bag = DATA.intruders.bag(players)
        assert sum(bag.values()) == 10 + players
        assert bag == {"blank": 1, "larva": 4, "creeper": 1, "queen": 1, "adult": 3 + players}


def test_dice() -> None:  # §7.1, §7.3
    assert DATA.dice.noise == (1, 1, 2, 2, 3, 3, 4, 4, "silence", "danger")
    assert DATA.dice.combat == ("blank", "creeper", "creeper", "adult", "hit1", "hit2")


RED = {"energy_charge": 11, "grenade": 4, "smoke_grenade": 3, "recon_drone": 3, "decoy": 2,
       "self_destruct_key": 1, "evacuation_key": 1, "comms_key": 1, "extended_magazine": 1,
       "prototype_pistol": 1, "prototype_shotgun": 1, "prototype_rifle": 1}  # fmt: skip
YELLOW = {"chemicals": 7, "tools": 6, "duct_tape": 4, "fire_extinguisher": 4,
          "energy_charge": 3, "clothes": 3, "technical_corridors_plans": 1, "space_suit": 1,
          "nemesis_plans": 1}  # fmt: skip
GREEN = {"medkit": 7, "bandages": 7, "synthetic_food": 5, "adrenaline_injection": 3,
         "clothes": 3, "alcohol": 3, "military_drugs": 2}  # fmt: skip


def test_item_decks() -> None:  # §1, §13.1-§13.4
    decks = DATA.items.decks
    assert dict(decks["red"]) == RED and dict(decks["yellow"]) == YELLOW
    assert dict(decks["green"]) == GREEN
    assert [sum(d.values()) for d in (RED, YELLOW, GREEN)] == [30, 30, 30]
    crafted = {c.item: (c.copies, c.recipe) for c in DATA.items.crafted}
    assert crafted == {
        "antidote": (3, ("chemical", "medical")), "taser": (3, ("electric", "tool")),
        "flamethrower": (3, ("chemical", "tool")), "molotov_cocktail": (3, ("chemical", "cloth")),
    }  # fmt: skip
    icons = {i.id: i.icons for i in DATA.items.items if i.icons}
    assert icons == {
        "energy_charge": ("electric",), "chemicals": ("chemical",), "tools": ("tool",),
        "duct_tape": ("tool",),  # decision: disputed icon
        "clothes": ("cloth",), "medkit": ("medical",), "bandages": ("cloth",),
        "alcohol": ("chemical",),
    }  # fmt: skip


DECKS = {
    "captain": ["basic_repairs", "order", "suppressive_fire", "reload", "motivation"],
    "pilot": ["computer_skills", "repairs", "piloting", "knowledge_of_the_ship", "old_friend"],
    "mechanic": ["computer_skills", "fast_repairs", "technical_corridors", "pyrotechnics",
                 "ingenuity"],
    "scientist": ["computer_skills", "repairs", "risk_assessment", "blocking_access",
                  "intranet"],
    "scout": ["basic_repairs", "scavenging", "reconnaissance", "suppressive_fire", "adrenaline"],
    "soldier": ["basic_repairs", "covering_fire", "taking_aim", "full_auto", "nerves_of_steel"],
}  # fmt: skip
COMMON = ["demolition", "interruption", "rest", "search", "search"]


def test_characters_and_action_decks() -> None:  # §1, §14
    characters = {c.id: c for c in DATA.characters}
    assert set(characters) == set(DECKS)
    for cid, unique in DECKS.items():
        assert Counter(characters[cid].deck) == Counter(COMMON + unique), cid
        assert len(characters[cid].quest_items) == 2
    assert sum(len(c.deck) for c in characters.values()) == 60
    assert len(DATA.action_cards) == 28  # distinct cards over the six decks
    weapons = {c.id: (c.starting_weapon.weapon.kind, c.starting_weapon.weapon.ammo)
               for c in characters.values() if c.starting_weapon.weapon}  # fmt: skip
    assert weapons == {"captain": ("classic", 6), "pilot": ("energy", 2),
                       "mechanic": ("energy", 2), "scientist": ("energy", 2),
                       "scout": ("energy", 4), "soldier": ("energy", 5)}  # fmt: skip
    reactions = {c.id for c in DATA.action_cards if c.reaction}
    assert reactions == {"interruption", "nerves_of_steel"}


EVENTS = {
    "regeneration": ("BQ", 1), "eclosion": ("CBQ", 1), "bulkheads_open": ("AB", 1),
    "damaging_fire": ("CA", 1), "coolant_leak": ("ABQ", 1), "egg_protection": ("BQ", 2),
    "damage": ("CA", 2), "hunt_corridor_2": ("CBQ", 2), "malfunction": ("AB", 2),
    "life_support_failure": ("ABQ", 2), "hatching": ("AB", 3), "nest": ("CBQ", 3),
    "hunt_corridor_3": ("BQ", 3), "scent_of_prey": ("CA", 3), "escape_pod_ejection": ("ABQ", 3),
    "lurking": ("CA", 4), "noise_in_technical_corridors": ("AB", 4),
    "flammable_compounds": ("BQ", 4), "consuming_fire": ("CBQ", 4), "short_circuit": ("ABQ", 4),
}  # fmt: skip
LETTER = {"creeper": "C", "adult": "A", "breeder": "B", "queen": "Q"}


def test_events() -> None:  # §1, §10
    events = DATA.events
    assert len(events) == 20
    assert Counter(e.corridor for e in events) == {1: 5, 2: 5, 3: 5, 4: 5}
    assert {e.id: ("".join(LETTER[t] for t in e.moves), e.corridor) for e in events} == EVENTS
    removed = {e.id for e in events if e.remove_and_reshuffle}
    assert removed == {"coolant_leak", "life_support_failure", "escape_pod_ejection",
                       "short_circuit"}  # fmt: skip
    assert {e.id for e in events if e.shuffle_back} == {"malfunction"}


def test_attack_cards() -> None:  # §1, §7.6, §11
    deck = DATA.attack_deck
    assert len(deck) == 20
    blood = Counter("retreat" if c.retreat else c.blood for c in deck)
    assert blood == {2: 2, 3: 4, 4: 5, 5: 5, 6: 2, "retreat": 2}
    copies = {c.id: (c.copies, "".join(LETTER[t] for t in c.attackers)) for c in DATA.attack_cards}
    assert copies == {
        "scratch": (4, "CABQ"), "claw_attack": (4, "ABQ"), "bite": (4, "ABQ"),
        "tail_attack": (2, "Q"), "frenzy": (2, "BQ"), "transformation": (2, "C"),
        "slime": (1, "CABQ"), "summoning": (1, "CQ"),  # decision: disputed symbols
    }  # fmt: skip


def test_weaknesses_wounds_contamination() -> None:  # §1, §8.1, §8.2, §12
    assert len(DATA.weaknesses) == 8
    wounds = {w.id: w.copies for w in DATA.serious_wounds}
    assert wounds == {"arm": 3, "hand": 3, "leg": 3, "body": 4, "bleeding": 3}
    assert sum(wounds.values()) == 16
    assert sum(c.copies for c in DATA.contamination) == 27
    assert sum(c.copies for c in DATA.contamination if c.infected) == 7


def test_objectives() -> None:  # §1, §15
    by_kind = Counter(o.kind for o in DATA.objectives)
    assert by_kind == {"corporate": 9, "personal": 9, "solo_coop": 7}
    min_players = {o.id: o.min_players for o in DATA.objectives if o.min_players > 2}
    assert min_players == {"an_old_feud": 3, "hostile_takeover": 4, "the_final_enlightenment": 5,
                           "the_oldest_friend": 3, "best_friends_forever": 4,
                           "aliens_on_a_spaceship": 5}  # fmt: skip
    assert all(o.min_players == 1 for o in DATA.objectives if o.kind == "solo_coop")
    quarantine = next(o for o in DATA.objectives if o.id == "quarantine")
    assert quarantine.survives_jump_to == ("mars",)


def test_coordinates() -> None:  # §17
    cards = DATA.coordinates
    assert len(cards) == 8
    for space in ("a", "b", "c", "d"):
        column = Counter(card.destination(space) for card in cards)
        assert column == {"earth": 2, "mars": 2, "venus": 2, "deep_space": 2}, space
    assert sum(card.b == "earth" for card in cards) == 2  # the marker starts on B


def test_tracks() -> None:  # §4.3, §4.4
    tracks = DATA.tracks
    assert (tracks.time.turns, tracks.time.hibernation_open_at) == (15, 8)
    self_destruct = tracks.self_destruct
    assert (self_destruct.advances_to_yellow, self_destruct.advances_to_skull) == (3, 7)  # decision
    assert tracks.destination.start == "b"


def test_intruder_player_deck() -> None:  # §18.3
    cards = DATA.intruder_player_cards
    assert len(cards) == 10
    assert Counter(c.name for c in cards) == {
        "Pursuit": 4, "Coordinated Hunt": 2, "Metamorphosis": 1, "Planning": 2, "Self-Healing": 1,
    }  # fmt: skip
    pursuit = sorted((c.move, c.attack_draw) for c in cards if c.name == "Pursuit")
    assert pursuit == [((1,), 2), ((1, 2, 3, 4), 3), ((2,), 2), ((3,), 2)]


def test_every_vocabulary_op_is_used_and_every_card_does_something() -> None:
    used = {spec.op for _, spec in all_specs(DATA)}
    assert used == set(EFFECT_OPS) | set(CONDITION_OPS)
    plain = [c.starting_weapon.id for c in DATA.characters if not c.starting_weapon.effects]
    assert plain == ["rifle"]  # the Scout's rifle is a plain weapon (§14)
    for cards in (DATA.action_cards, DATA.items.items, DATA.events, DATA.attack_cards,
                  DATA.weaknesses, DATA.serious_wounds, DATA.intruder_player_cards):  # fmt: skip
        assert all(card.effects for card in cards)
