"""Nemesis's rules: one module per phase or mechanic, plain functions over State, gathered into
the game's own `Rules` object (core/engine.py)."""

from __future__ import annotations

from nemesis_env.core.engine import Rules


def build_rules() -> Rules:  # type: ignore[type-arg]
    from nemesis_env.games.nemesis.rules import (
        actions_menu,
        attacks,
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
        reactions,
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
         actions_menu, items, items_craft, items_field, items_hands, items_quest, items_ship,
         items_use),
    )  # fmt: skip
    return rules
