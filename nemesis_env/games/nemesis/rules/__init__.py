"""Nemesis's rules: one module per phase or mechanic, plain functions over State, gathered into
the game's own `Rules` object (core/engine.py)."""

from __future__ import annotations

from nemesis_env.core.engine import Rules


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
         intruders,
         movement, noise, objectives, player_phase, setup, systems, wounds, reactions,
         actions_menu, rooms, rooms_body, rooms_escape, rooms_objects, rooms_ship, pods,
         cards, cards_base, cards_common, cards_crew, cards_tech, items, items_craft,
         items_field, items_hands, items_quest, items_ship, items_use),
    )  # fmt: skip
    rules.check(kinds.PLAYER_KINDS, kinds.CHANCE_KINDS, kinds.AUTO_KINDS)
    return rules
