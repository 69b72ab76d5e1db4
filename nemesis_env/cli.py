"""The `nemesis` console script: play, demo, bench, replay, games (argparse, stdlib only).

Random agents and chance draw from numpy Generators derived from --seed (never the global RNG),
so a demo or a play session against the same seed and the same answers is reproducible.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import numpy as np

from nemesis_env.core.chance import sample_outcome, spawn_streams
from nemesis_env.core.data import DocumentError, load_json_text
from nemesis_env.core.errors import NemesisError
from nemesis_env.core.files import atomic_write_text
from nemesis_env.core.game import CHANCE
from nemesis_env.envs.registry import env_id, list_games, load_game
from nemesis_env.terminal import EventLog, InputEnded, human_move, outcome_line
from nemesis_env.tools import soak


class CliError(Exception):
    """A usage problem reported as one line on stderr with exit status 2."""


# -- helpers ---------------------------------------------------------------------------------
def _param_value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    try:
        return int(text)
    except ValueError:
        return text


def _extra_params(args: argparse.Namespace) -> dict[str, Any]:
    """The --param KEY=VALUE options as a dict (values: true/false, integers, else text)."""
    params: dict[str, Any] = {}
    for item in args.param or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CliError(f"--param takes KEY=VALUE, got {item!r}")
        if key == "players":
            raise CliError("give the player count with --players, not --param")
        params[key] = _param_value(value)
    return params


def _load(args: argparse.Namespace) -> Any:
    """The game named by the options; unknown games or params raise ParamError (exit 2)."""
    players = {} if args.players is None else {"players": args.players}
    return load_game(args.game, **players, **_extra_params(args))


def _random_step(
    state: Any, chance_rng: np.random.Generator, agent_rng: np.random.Generator
) -> None:
    if state.current_player() == CHANCE:
        state.apply_action(sample_outcome(state.chance_outcomes(), chance_rng))
    else:
        legal = state.legal_actions()
        state.apply_action(legal[int(agent_rng.integers(len(legal)))])


def check_save_path(path: str | None) -> None:
    """CliError unless `--save path` can be written: checked before a game is played, so a typo
    never costs the game (a file already there is replaced)."""
    if not path:
        return
    target = Path(path)
    parent = target.parent
    if target.is_dir():
        raise CliError(
            f"--save {path}: is a directory; give a file name, e.g. {target / 'game.json'}"
        )
    if not parent.is_dir():
        raise CliError(f"--save {path}: the directory {parent} does not exist; create it first")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(f"--save {path}: the directory {parent} is not writable")


def _save(game: Any, state: Any, path: str | None, agents: dict[str, str] | None = None) -> None:
    """Writes a recording (nemesis_env/tools/recording.py): a save that also verifies."""
    if path:
        from nemesis_env.tools import recording

        doc = recording.build(game, state.history, agents=agents)
        atomic_write_text(path, json.dumps(doc, sort_keys=True) + "\n")
        print(f"Saved the game to {path} (nemesis replay {path} [--verify])")


# -- commands ----------------------------------------------------------------------------------
def cmd_play(args: argparse.Namespace) -> int:
    check_save_path(args.save)
    game = _load(args)
    seats = game.seat_names()
    if args.seat is None:
        args.seat = seats[0]
    if args.seat not in seats:
        raise CliError(f"unknown seat {args.seat!r} for {len(seats)} players; seats: {seats}")
    seat = seats.index(args.seat)
    chance_rng, agent_rng = spawn_streams(args.seed, 2)
    state = game.new_initial_state()
    log = EventLog(game, seat)
    who = game.seat_label(seat)
    print(f"You play {who} ({args.seat}) against random agents, seed {args.seed}.")
    while not state.is_terminal():
        if state.current_player() == seat:
            log.flush(state)
            try:
                action = human_move(game, state, seat)
            except InputEnded:
                print("\nInput ended before the game did; stopping.", file=sys.stderr)
                return 1
            if action is None:
                print("You left the game.")
                return 0
            state.apply_action(action)
        else:
            _random_step(state, chance_rng, agent_rng)
        log.flush(state)
    print()
    print(game.render(state, seat))
    line = outcome_line(game, state)
    won = state.returns()[seat] > 0
    print(f"{line} - you {'win' if won else 'lose'}.")
    agents = {name: "human" if s == seat else "random" for s, name in enumerate(seats)}
    _save(game, state, args.save, agents)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    check_save_path(args.save)
    game = _load(args)
    chance_rng, agent_rng = spawn_streams(args.seed, 2)
    state = game.new_initial_state()
    log = EventLog(game, None)
    players = game.info.num_players
    print(
        f"Demo: {game.info.name}, {players} player{'s' * (players != 1)}, random agents, "
        f"seed {args.seed}"
    )
    decisions = 0
    while not state.is_terminal():
        decisions += state.current_player() != CHANCE
        _random_step(state, chance_rng, agent_rng)
        log.flush(state)
    print()
    print(game.render(state, None))
    returns = ", ".join(
        f"{name} {r:+g}" for name, r in zip(game.seat_names(), state.returns(), strict=True)
    )
    print(f"{outcome_line(game, state)} after {state.turn} turns and {decisions} decisions")
    print(f"Returns: {returns}")
    _save(game, state, args.save, dict.fromkeys(game.seat_names(), "random"))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from nemesis_env import bench

    if args.seconds <= 0:
        raise CliError(f"--seconds must be positive, got {args.seconds}")
    params = _extra_params(args)
    result = bench.run_bench(
        args.game, args.seconds, players=args.players, seed=args.seed, peer=args.peer, **params
    )
    print(json.dumps(result, indent=2) if args.json else bench.format_table(result))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    if args.verify:
        return _verify_replay(args.file)
    if args.serve:
        from nemesis_env.viewer.server import Viewer, load_recordings, serve

        if not Path(args.file).is_file():
            raise CliError(f"{args.file}: no such file")
        return serve(Viewer(load_recordings([Path(args.file)])), port=args.port)
    try:
        text = Path(args.file).read_text(encoding="utf-8")
        doc = load_json_text(text)
    except (UnicodeDecodeError, DocumentError) as e:
        raise CliError(f"{args.file} is not JSON ({e}); save games with game.serialize") from e
    if not isinstance(doc, dict) or "game" not in doc:
        raise CliError(f"{args.file} is not a saved game (a JSON object with game/params/history)")
    params = doc.get("params", {})
    if not isinstance(params, dict):
        raise CliError(f"{args.file}: a saved game's params are a mapping, got {params!r}")
    game = load_game(doc["game"], **params)
    state = game.deserialize(text)
    print(game.render(state, None))
    moves = len(state.history)
    if state.is_terminal():
        print(f"{outcome_line(game, state)} ({moves} actions in the history)")
    else:
        print(f"The game is not over ({moves} actions in the history)")
    return 0


def _verify_replay(path: str) -> int:
    """Re-runs a recording step by step: exit 0 when this engine reproduces it, else 1."""
    from nemesis_env.tools import recording

    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(f"{path} is not a recording (not UTF-8 text: {exc})") from exc
    try:
        game, _, result = recording.load_and_verify(text)
    except recording.RecordingError as exc:
        print(f"nemesis: {path}: NOT reproduced: {exc}", file=sys.stderr)
        return 1
    state = "the game is over" if result.terminal else "the game is not over"
    print(
        f"{path}: reproduced step by step on {game.info.name} ({game.info.rules_version}): "
        f"{result.steps} steps, {result.decisions} decisions with the same observations and "
        f"legal actions; {state}, same returns"
    )
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    for name in list_games():
        params = load_game(name).params_dict()
        defaults = ", ".join(f"{key}={value}" for key, value in params.items())
        print(f"{name:<12} {env_id(name):<26} params (defaults): {defaults}")
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    from nemesis_env.tools.actions_table import tables

    print(json.dumps(tables(args.game, args.players), indent=1))
    return 0


# -- parser ------------------------------------------------------------------------------------
def _game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, help="everyone (default: the game's default)")
    p.add_argument("--seed", type=int, default=0, help="seed of chance and the random agents")
    p.add_argument(
        "--param", action="append", metavar="KEY=VALUE", help="another game param (repeatable)"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nemesis", description="Play, watch, benchmark and replay nemesis_env games."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("play", help="play one seat in the terminal against random agents")
    p.add_argument("game", help=f"one of {list_games()}")
    p.add_argument("--seat", help="a seat name of the game (default: the first seat)")
    p.add_argument("--save", metavar="FILE", help="write the finished game as JSON")
    _game_options(p)
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("demo", help="play one seeded game between random agents, print the log")
    p.add_argument("--game", required=True, help=f"one of {list_games()}")
    p.add_argument("--save", metavar="FILE", help="write the finished game as JSON")
    _game_options(p)
    p.set_defaults(func=cmd_demo)
    p = sub.add_parser("bench", help="measure env, engine and clone speed")
    p.add_argument("--game", required=True, help=f"one of {list_games()}")
    p.add_argument("--seconds", type=float, default=10.0, help="total wall time, split equally")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--peer", choices=["connect_four_v3"], help="also time this PettingZoo env")
    _game_options(p)
    p.set_defaults(func=cmd_bench)
    p = sub.add_parser("replay", help="show the final state and outcome of a saved game")
    p.add_argument("file", help="JSON written by game.serialize (or --save)")
    p.add_argument(
        "--verify",
        action="store_true",
        help="re-run a recording (--save, or a tournament's replays/) and check every step",
    )
    p.add_argument(
        "--serve",
        action="store_true",
        help="open the recording in the web viewer on localhost (nemesis serve plays live too)",
    )
    p.add_argument("--port", type=int, default=8765, help="the viewer's port with --serve")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("games", help="list the games and their PettingZoo env ids")
    p.set_defaults(func=cmd_games)
    p = sub.add_parser("actions", help="print a game's action and chance tables as JSON")
    p.add_argument("game", help=f"one of {list_games()}")
    p.add_argument("--players", type=int, help="player count (default: the game's default)")
    p.set_defaults(func=cmd_actions)
    soak.add_command(sub)  # `nemesis soak`: nemesis_env/tools/soak.py
    _add_plugin_commands(sub)
    return parser


def _add_plugin_commands(sub: Any) -> None:
    """Commands of installed packages (`train`, `tournament`, `run` come from experiments).

    They register through the `nemesis_env.commands` entry-point group, so nemesis_env never
    imports experiments or torch itself (shared/DESIGN.md §1 import direction).
    """
    for entry in entry_points(group="nemesis_env.commands"):
        entry.load()(sub)


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # not a real file (tests); nothing to silence
        pass


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except BrokenPipeError:  # e.g. `nemesis demo | head`: stop quietly
        _silence_stdout()
        return 0
    except (CliError, NemesisError, OSError) as e:
        print(f"nemesis: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
