"""Nemesis's rules: one module per phase or mechanic, plain functions over State, gathered into
the game's own `Rules` object (core/engine.py)."""

from __future__ import annotations

from nemesis_env.core.engine import Rules
from nemesis_env.games.nemesis.rules.hooks import Hooks


def build_rules() -> Rules:  # type: ignore[type-arg]
    from nemesis_env.games.nemesis.rules import (
        actions_menu,
        attacks,
        cards,
        cards_base,
        cards_common,
        cards_crew,
        cards_tech,
        combat,
        contamination,
        ending,
        event_phase,
        events,
        exploration,
        fighting,
        intruder_cards,
        intruder_player,
        intruders,
        items,
        items_craft,
        items_field,
        items_hands,
        items_quest,
        items_ship,
        items_use,
        kinds,
        movement,
        noise,
        objectives,
        player_phase,
        pods,
        reactions,
        rooms,
        rooms_body,
        rooms_escape,
        rooms_objects,
        rooms_ship,
        setup,
        systems,
        wounds,
    )

    rules: Rules = Rules.collect(  # type: ignore[type-arg]
        "nemesis",
        kinds.Kind,
        kinds.Stage,
        (attacks, combat, contamination, ending, event_phase, events, exploration, fighting,
         intruders, intruder_player, intruder_cards,
         movement, noise, objectives, player_phase, setup, systems, wounds, reactions,
         actions_menu, rooms, rooms_body, rooms_escape, rooms_objects, rooms_ship, pods,
         cards, cards_base, cards_common, cards_crew, cards_tech, items, items_craft,
         items_field, items_hands, items_quest, items_ship, items_use),
    )  # fmt: skip
    rules.check(kinds.PLAYER_KINDS, kinds.CHANCE_KINDS, kinds.AUTO_KINDS)
    return rules


def build_hooks() -> Hooks:
    """The upward calls of the rules modules (rules/hooks.py), bound once per game."""
    from nemesis_env.games.nemesis.rules import (
        actions_menu,
        attacks,
        cards,
        cards_crew,
        contamination,
        ending,
        event_phase,
        exploration,
        intruders,
        items,
        items_quest,
        noise,
        player_phase,
        pods,
        rooms,
        wounds,
    )

    return Hooks(
        destroy_ship=ending.destroy_ship,
        encounter_token=noise.encounter_token,
        roll_noise=noise.roll_noise,
        draw_from_bag=noise.draw_from_bag,
        offer_noise_reroll=items_quest.offer_noise_reroll,
        resolve_noise_face=noise.resolve_noise,
        offer_armor=items_quest.offer_armor,
        nerves_of_steel_window=cards_crew.nerves_of_steel_window,
        apply_attack=attacks.apply_attack_effect,
        infest=attacks.infest,
        flip_tile=exploration.flip_tile,
        reshuffle_events=event_phase.reshuffle_events,
        remove_intruder=intruders.remove_from_board,
        kill=wounds.kill,
        has_wound=wounds.has_wound,
        enforce_hand_slots=items.enforce_hand_slots,
        eclosion_draw=contamination.eclosion_draw,
        launch_pod=pods.launch,
        depressurise=rooms.depressurise,
        end_of_round=player_phase.end_of_round,
        round_legal=actions_menu.legal,
        round_is_free=actions_menu.is_free,
        round_perform=actions_menu.perform,
        search_room=cards.search_room,
    )
