"""Calls from one mechanic to another that sits above it in the import order.

Rules modules import the mechanics they build on (movement imports noise, combat imports
intruders...). A few rules reach the other way: a 9th fire marker ends the game (hazards ->
ending), a new intruder token may start an encounter (intruders -> noise), a scan may kill
(wounds -> items for hand slots), a surprise attack may meet Nerves of Steel or Armor
(attacks -> cards, items). Those calls go through this per-game table, filled by
`rules.build_hooks` once every module is imported, so that imports flow one way (DESIGN.md §1)
and no table is module-global.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Fn = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class Hooks:
    destroy_ship: Fn  # ending.destroy_ship(s, reason)
    encounter_token: Fn  # noise.encounter_token(s, draw, token)
    roll_noise: Fn  # noise.roll_noise(s, seat, room)
    draw_from_bag: Fn  # noise.draw_from_bag(s, purpose, room, seat)
    offer_noise_reroll: Fn  # items_quest.offer_noise_reroll(s, roll, outcome) -> bool
    resolve_noise_face: Fn  # noise.resolve_noise(s, decision, outcome)
    offer_armor: Fn  # items_quest.offer_armor(s, attack_card, card) -> bool
    nerves_of_steel_window: Fn  # cards_crew.nerves_of_steel_window(s, a, card, kind) -> bool
    apply_attack: Fn  # attacks.apply_attack_effect(s, attack_card, card, kind)
    infest: Fn  # attacks.infest(s, mini, seat)
    flip_tile: Fn  # exploration.flip_tile(s, room)
    reshuffle_events: Fn  # event_phase.reshuffle_events(s)
    remove_intruder: Fn  # intruders.remove_from_board(s, mini, to_bag=...)
    kill: Fn  # wounds.kill(s, seat, cause)
    has_wound: Fn  # wounds.has_wound(s, seat, wound_type) -> bool
    enforce_hand_slots: Fn  # items.enforce_hand_slots(s, seat)
    eclosion_draw: Fn  # contamination.eclosion_draw(s, seat)
    launch_pod: Fn  # pods.launch(s, pod, ejected=...)
    depressurise: Fn  # rooms.depressurise(s, room)
    end_of_round: Fn  # player_phase.end_of_round(s, seat)
    round_legal: Fn  # actions_menu.legal(s, seat) -> list[int]
    round_is_free: Fn  # actions_menu.is_free(s, action) -> bool
    round_perform: Fn  # actions_menu.perform(s, seat, action)
    search_room: Fn  # cards.search_room(s, seat, *, ignore_counter) (the Flashlight)
