"""The closed vocabulary of effect ops and objective conditions that Nemesis data may name.

Every `{op: name, ...}` in data/*.yaml must be listed here with exactly the params declared, so a
misspelt op or param is a DataError when the data loads, not a silent no-op in play. Each entry
says in our words what the op does (the data files cite the nemesis-reference.md sections).

The tables below hold one op per line, `name(param:kind ...): what it does`; an indented line
continues the one above and `#` lines are headings. Param kinds: `int`, `bool`, `a|b|c` (one of
these words), `words` (a list of lower_snake words), `options` (choose_one's alternatives, each
a list of ops), and reference kinds that defs/loader.py checks against the loaded data: `room`,
`colour`, `intruder_type`, `intruder_types`, `face`, `faces`, `weapon` (a weapon id or
any_energy_weapon), `item`, `items`, `cards` (Action-card ids), `sources` (item or room ids),
`slot`, `object`, `destination`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True, slots=True)
class OpDef:
    params: Mapping[str, str]  # param name -> kind
    doc: str


_LINE = re.compile(r"([a-z][a-z0-9_]*)(?:\(([^)]*)\))?: (.+)\Z")


def _table(text: str) -> Mapping[str, OpDef]:
    """The ops of one table (module docstring); a malformed or repeated entry is a bug here."""
    lines: list[str] = []
    for raw in text.strip().splitlines():
        if raw.startswith(" "):
            lines[-1] += " " + raw.strip()
        elif not raw.startswith("#"):
            lines.append(raw)
    ops: dict[str, OpDef] = {}
    for line in lines:
        match = _LINE.match(line)
        if match is None or match[1] in ops:
            raise ValueError(f"bad or repeated op entry: {line!r}")
        params = dict(part.split(":", 1) for part in (match[2] or "").split())
        ops[match[1]] = OpDef(MappingProxyType(params), match[3])
    return MappingProxyType(ops)


EFFECT_OPS = _table(
    """
# structure and preconditions
choose_one(options:options): the player picks one alternative and resolves it
require_computer_room: only in a working room with a computer
require_room(room:room): only in the named room
require_room_colour(colour:colour): only in a room of that colour
require_evacuation_section: only in an Evacuation Section room
discard_item_of(items:items): discard one of your items with one of these ids
# movement
basic_action(action:shoot|escape): perform that basic action without its cost
move_other_character_to_neighbour: move another character of your room to a neighbouring room of
    your choice
escape_without_attack(who:self_or_one_other|self_and_or_one_other): the named characters leave
    the room without Intruder attacks
move_without_noise_roll: move to a neighbouring room; no Noise roll, Silence/Danger tokens
    cancelled
move_without_intruder_attack: move to a neighbouring room; Intruders do not attack you as you
    leave
move_between_tech_entrances(then_pass:bool): from a tech-corridor entrance room move to another;
    pass after if then_pass
space_walk_to_yellow_room: discard your hand of Action cards and move to another yellow room
# doors
toggle_door_of_room(may_close_destroyed:bool): open or close one door in a corridor of your room
destroy_closed_door_of_room: destroy one closed door in a corridor of your room
set_doors_around_room(target:any_room): pick a room; open or close each door of its corridors at
    will
open_all_doors: open every closed door that is not destroyed
close_door_behind: close the door of the corridor you came through (not via tech corridors)
# fire and malfunction
place_fire(where:this_room): put a fire marker in the room
remove_fire(where:this_room): remove the room's fire marker
place_malfunction(where:this_room|any_computer_room): put a malfunction marker in the room
remove_malfunction(where:this_room): remove the room's malfunction marker
extinguish_and_repel(target:any_room): pick a room: remove its fire; every Intruder there flees
malfunction_in_burning_rooms: a malfunction marker in every room with fire
spread_fire_to_neighbours: fire in every neighbour of a burning room (never past closed doors or
    tech corridors)
malfunction_in_rooms_with(types:intruder_types): a malfunction marker in every room holding one
    of these Intruders
malfunction_in_lowest_explored_room: a malfunction marker in the explored room with the lowest
    number
malfunction_in_explored_rooms(colour:colour computer_only:bool): a malfunction marker in every
    explored room of that colour (with a computer if computer_only)
fire_in_room_or_its_neighbours(room:room): fire in that room; if it already burns, in each of
    its neighbours
empty_item_counters_in_burning_rooms: item counter to 0 in every room with fire
# engines, ship, pods, hibernation
repair_or_break_engine: in an engine room: look at both engine tokens and restack them,
    announcing whether the order changed
check_engine: secretly look at this engine's top token
check_all_engines: secretly look at the top token of all three engines
check_coordinates: secretly look at the coordinates card
set_destination: move the destination marker to any space A-D (not once someone hibernates or
    with an Intruder in the Cockpit)
toggle_self_destruct: start or stop the self-destruct sequence (not past its first yellow space;
    no start once someone hibernates)
start_self_destruct_if_generator_malfunction: if the Generator room has a malfunction, start the
    self-destruct sequence
toggle_pod_lock(section:any|this_section): lock or unlock one escape pod
try_enter_escape_pod(section:a|b): Noise roll; if no Intruder appears, board an unlocked pod of
    the section with a free seat
eject_lowest_pod: launch and remove the lowest-numbered escape pod
try_hibernate: on a blue time space: Noise roll; if no Intruder appears, hibernate
depressurise_room(colour:colour): close all doors of another room of that colour; if still
    closed when the Player Phase ends, everything inside dies
# information
send_signal: put your status marker on your Signal space
analyse_object(where:this_room): pick a corpse, carcass or egg present; reveal the weakness of
    its slot
peek_unexplored_rooms(tiles:int with_token:bool): secretly look at unexplored room tiles (and
    their exploration tokens if with_token)
peek_event_deck_top: look at the top Event card; leave it on top or put it at the bottom
look_at_objective(of:any_player|signalled_character): look at one objective card of that
    player's character
cards_work_anywhere(cards:cards): these Action cards may be used from any room, ignoring
    computer and malfunction
order_and_motivation_reach_computer_rooms: Order and Motivation may also target characters in
    rooms with a computer
free_room_action(where:computer|cockpit_or_computer|no_computer|remote_computer): use the action
    of your room (remote_computer: of any working room with a computer) without paying its cost
# cards and turns
draw_action_cards(count:int): draw Action cards
each_character_in_room_draws(count:int): every character in your room, you included, draws
    Action cards
others_in_room_discard(count:int): every other character in your room discards cards of their
    choice
character_in_room_discards_hand: one character in your room discards their whole hand
discard_hand_cards_draw_plus(extra:int): discard any cards from hand (contamination too), draw
    that many plus extra
discard_own_item: discard one of your items
everyone_passes_now: every player passes at once and the Player Phase ends
skip_event_step(step:intruder_attack): skip that step of this turn's Event Phase
unlimited_actions_this_round_then_pass: take any number of actions this round, then pass
cancel_action_of_other_in_room: cancel an action of another character in your room (its cost
    stays paid)
cancel_interruption: cancel another player's Interruption
ignore_surprise_attack: the Surprise Attack against you has no effect
ignore_intruder_attack: an Intruder attack against you has no effect
# lasting conditions (wounds, rooms)
hand_size_if_no_intruder(size:int): starting a round here with no Intruder, draw up to this hand
    size
set_hand_size(size:int): your hand size becomes this
limit_hand_slots(slots:int): you have only this many hand slots; drop extra heavy things
item_action_cost_increase(amount:int exempt:words): item actions cost more, except the exempt
    ones
set_escape_cost(cost:int): moving out of a room with Intruders costs this
light_wound_on_pass(amount:int): each time you pass, take light wounds
# search, items, crafting
search_room(draw:int keep:int ignore_counter:bool): item counter -1 (needs > 0 unless
    ignore_counter); draw from the room's deck, keep some, the rest to the bottom
draw_items_keep_one(draw:int keep:int deck:chosen reject:bottom): draw items from a deck of your
    choice whatever the counter, keep some, the rest to the bottom
craft_item(yellow_counts_as_tool:bool): craft an item; any yellow item may count as a tool icon
    if set
join_heavy_items_in_one_hand: two heavy items share one hand slot
# wounds and healing
light_wounds(amount:int): take light wounds
serious_wound_or_death(death_at_serious:int): with at least that many serious wounds you die,
    else take a serious wound
room_serious_wound_or_death(death_at_serious:int): every character in the room: death at that
    many serious wounds, else a serious wound
dress_serious_wounds(count:int): dress serious wounds
dress_all_serious_wounds: dress all your serious wounds
heal_dressed_serious_wounds(count:int): discard dressed serious wounds
heal_all_light_wounds: remove all your light wounds
heal_light_wounds(count:int): remove light wounds
# contamination and slime
gain_contamination(count:int): put contamination cards on your discard pile
gain_slime: take a slime marker
discard_slime: discard your slime marker
slime_on_enter: entering this room gives you slime before its exploration token resolves
scan_hand_remove_clean(optional:bool): scan contamination cards in hand: remove clean ones; an
    INFECTED one starts the infection procedure
scan_and_remove_hand_card: scan and remove one contamination card from hand; if INFECTED, take a
    new contamination card (no Larva)
purge_infection(light_wounds:int gain_contamination:int shuffle_hand_in:bool): scan deck, hand
    and discard: remove INFECTED cards and your Larva; take wounds/contamination; reshuffle;
    pass
larva_hosts_die: every character carrying a Larva dies and a Creeper appears in its room
everyone_draws_and_scans(cards:int): every character draws cards, scans contamination among them
    (INFECTED -> Larva) and discards them
# weapons and combat
add_ammo(amount:int weapon:weapon): add ammo to one of your weapons, up to its capacity
reload_weapon_full(weapon:weapon): fill one of your weapons to capacity
increase_ammo_capacity(weapon:weapon amount:int load:bool): raise a weapon's capacity (and its
    ammo at once if load)
reload_cost_with_item(item:item cost:int): reloading with that item costs this
spend_ammo(amount:int): discard ammo from one of your weapons
shoot_with_reroll(weapon:weapon rerolls:int): Shoot with that weapon; reroll the first result
full_auto_shoot(weapon:weapon ammo_per_bonus_injury:int): empty the weapon into one Shoot; +1
    injury per that much ammo dumped, even on a miss
bonus_injury_on_faces(faces:faces amount:int): a roll showing one of these faces deals extra
    injuries
bonus_injury_when_injuring(amount:int): whenever this weapon deals at least 1 injury, it deals
    extra
treat_unmodified_face_as(face:face becomes:face): an unmodified roll of that face counts as the
    other
reroll_combat_die(times:int): reroll each combat roll with this weapon once
minimum_injury_unless_blank(amount:int): every non-blank roll deals at least this many injuries
spend_ammo_for_bonus_injury(face:face ammo:int amount:int): on that face you may spend extra
    ammo for extra injuries
place_fire_on_faces(faces:faces): a roll showing one of these faces also sets the room on fire
explosive_attack(main_target_injuries:int others_injuries:int fire:bool): target your room or a
    neighbour with an Intruder (no closed door): the chosen Intruder takes the main injuries,
    everyone else there the other injuries or serious wounds; fire if set
intruder_retreats(injuries:int): one Intruder in your room takes injuries and retreats
lure_neighbouring_intruders: pick a neighbour: every Intruder of neighbouring rooms moves there
    (those in combat attack once first)
# noise
skip_noise_roll: no Noise roll (a slimed character treats it as Danger)
danger_reaction: neighbouring Intruders not in combat move in; if none, noise in every connected
    corridor lacking one
noise_roll_if_alone: the usual Noise roll if nobody else is in the room
reroll_noise_roll(times:int): reroll your Noise roll
character_noise_roll(who:chosen): a chosen character makes a Noise roll
noise_roll_each_character_out_of_combat: every character not in combat makes a Noise roll, in
    player order
noise_in_every_room_corridor: noise marker in every corridor of the room
noise_around_nest: if the Nest is explored, noise in each of its corridors lacking one
noise_around_slimed_characters: noise in every corridor lacking one around rooms with a slimed
    character
technical_corridors_noise: noise in the tech corridors; if already there, every character at an
    entrance makes a Noise roll
# intruders and the bag
place_intruder_miniature: the drawn Intruder's miniature appears in the room
remove_drawn_token: the drawn token leaves the bag for the supply
return_drawn_token: the drawn token goes back into the bag
add_token_to_bag(type:intruder_type): add a token of that type from the supply, if any is left
add_token_to_bag_if_empty(type:intruder_type): if the bag is now empty, add a token of that type
queen_to_occupied_nest_or_add_egg: a character in the Nest: the Queen appears there (Encounter);
    else one egg on the Intruder board
take_egg_from_nest: take an egg from the Intruder board, then Noise roll
hatch_egg: discard an egg; characters in the Nest with no Action cards get a Larva; if none, a
    Larva token into the bag
heal_all_intruders(amount:int): every Intruder on board heals injuries
heal_one_intruder(amount:int): one chosen Intruder heals injuries
intruders_hunt(types:intruder_types): each such Intruder not in combat moves to a neighbouring
    room with a character (lowest number first)
unengaged_intruders_return_to_bag: Intruders not with a character leave the board; their tokens
    return to the bag
encounter_for_nest_and_egg_carriers: an Encounter for each character in the Nest or carrying an
    egg
transform_attacker(into:intruder_type surprise_if_hand_empty:bool): the attacker is replaced by
    that type; it surprise-attacks a target with no cards
summon_intruder_from_bag: draw a bag token and place that Intruder in the room; it does not
    attack this time
draw_events_resolve_one(draw:int): draw Event cards, resolve one of them
# weaknesses
extra_injury_from_fire(amount:int): fire, Molotov and Flamethrower injuries deal extra (per
    damage instance)
extra_injury_from_energy_weapons(amount:int): energy weapon attacks that injure deal extra
surprise_number_modifier(amount:int minimum:int): token numbers for surprise checks change, not
    below the minimum
only_types_break_doors(types:intruder_types): only these types destroy closed doors; others just
    do not move
blank_face_hits(types:intruder_types injuries:int): a blank combat roll against these types
    deals injuries
injuries_to_kill_modifier(amount:int): injuries needed to kill any Intruder change
bite_deals_light_wound(types:intruder_types): a Bite by these types deals a light wound instead
    of a serious one
retreat_and_injure_when_hit_by(sources:sources injuries:int): Intruders hit by these retreat and
    take injuries
"""
)

CONDITION_OPS = _table(
    """
player_must_not_survive(player:int): that player's character is not among the survivors (if it
    is yours: you must be the only survivor)
only_survivor: your character is the only survivor
weaknesses_discovered(min:int): at least that many weaknesses discovered
weakness_discovered(slot:slot): the weakness of that Intruder-board slot is discovered
signal_sent: your Signal marker is on your board
escaped_carrying(object:object): you end in a launched pod or hibernating, carrying that object
ship_reaches(destination:destination): the ship survives the checks and arrives at that
    destination
nest_destroyed: the Nest is destroyed (destroying the ship counts)
ship_destroyed: the ship is destroyed
queen_killed: the Queen is killed (destroying the ship counts)
escaped_in_pod_with_items(min:int): you end in a launched pod with at least that many items
    (active quest items count)
all_rooms_explored: every room of the ship is explored
other_survivors(min:int): at least that many other characters survive too
object_in_room(object:object room:room): at game end that object lies in that room
"""
)
