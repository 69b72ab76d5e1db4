"""`nemesis actions GAME [--players N]`: a game's declared action and chance tables as JSON.

The tables come from the game's declared spaces (core.spaces); they depend on the game and the
player count only, never on another param, so an id means the same thing in every variant.
A golden test (tests/test_action_tables.py) pins every registered game's tables.
"""

from __future__ import annotations

from typing import Any

from nemesis_env.envs.registry import game_entry, load_game


def tables(name: str, players: int | None = None) -> dict[str, Any]:
    """The action and chance tables of `name` at `players` (the game's default if None)."""
    params = {} if players is None else {"players": players}
    entry = game_entry(name)
    if players is not None and players not in entry.player_counts:
        from nemesis_env.core.errors import ParamError

        raise ParamError(f"{name} is played by {list(entry.player_counts)} players, not {players}")
    game = load_game(name, **params)
    return {
        "game": name,
        "players": game.info.num_players,
        "num_actions": len(game.space),
        "max_chance_outcomes": len(game.chance_space),
        "actions": game.space.to_json(),
        "chance_outcomes": game.chance_space.to_json(),
    }


def golden_document(name: str) -> dict[str, Any]:
    """Every player count's tables as id-ordered names (what the golden files pin)."""
    doc: dict[str, Any] = {"game": name}
    for players in game_entry(name).player_counts:
        table = tables(name, players)
        doc[str(players)] = {
            "actions": [row["name"] for row in table["actions"]],
            "chance_outcomes": [row["name"] for row in table["chance_outcomes"]],
        }
    return doc


def main(argv: list[str] | None = None) -> int:
    """`python -m nemesis_env.tools.actions_table --register tests.conftest --update
    tests/golden/actions` rewrites the golden tables of every registered game (after a reviewed
    change of a declaration)."""
    import argparse
    import json
    from pathlib import Path

    from nemesis_env.envs.registry import list_games
    from nemesis_env.tools import add_register_argument, import_registrations

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--update", metavar="DIR", required=True)
    add_register_argument(parser)
    args = parser.parse_args(argv)
    import_registrations(args)
    for name in list_games():
        path = Path(args.update) / f"{name}.json"
        path.write_text(json.dumps(golden_document(name), indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
