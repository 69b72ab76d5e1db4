"""Golden playthroughs (OpenSpiel style): record a whole game as text, replay it, update it.

A playthrough file holds a header (game, params, seed, sizes) and then, for every state of one
game, who is to move, what that seat sees (its rendered view), a digest of every seat's flat
observation tensor (plus the nonzero entries of the mover's tensor), the legal actions with
their names or the chance outcomes with their probabilities, and the chosen `action: N`.
Every seat's view and the spectator's are printed in full at the first decision of each turn
and at the end. Replaying re-runs the recorded action ids (chance outcomes included) and
prints the same text again, so any change in rules, views, encoders or names shows up as a
diff (shared/DESIGN.md §5.6; research/style-study.md §4 snippet 10).

    python -m nemesis_env.tools.playthrough --game not_alone --players 4 --seed 0 --out FILE
    python -m nemesis_env.tools.playthrough --update FILE [FILE ...]
    python -m nemesis_env.tools.playthrough --register tests.conftest --game toy_raid ...

`--register MODULE` imports a module first, for games registered outside nemesis_env (the
test-only Toy Raid registers itself in tests/conftest.py).

`--update` replays the recorded ids; if they no longer make a whole game under the current
rules, it plays a fresh random game from the recorded seed instead.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from nemesis_env.core.chance import sample_outcome, spawn_streams
from nemesis_env.core.errors import IllegalActionError
from nemesis_env.core.game import CHANCE
from nemesis_env.envs.registry import load_game
from nemesis_env.tools import add_register_argument, import_registrations

HEADER_COMMENT = (
    "# Golden playthrough (OpenSpiel style): states, views, observation digests, legal actions.\n"
    "# Checked by tests/test_playthroughs.py. After a reviewed rules/view/encoder change run:\n"
    "#   python -m nemesis_env.tools.playthrough --update <this file>\n"
)
_ACTION_LINE = re.compile(r"^action: (\d+)$")
_HEADER_LINE = re.compile(r"^([a-z_]+): (.*)$")


# -- playing ----------------------------------------------------------------------------------
def random_history(game: Any, seed: int) -> list[int]:
    """The action ids of one whole game: chance sampled, players uniform over legal actions.

    Two independent streams come from `seed` (chance, then policy), so the same seed always
    gives the same game under the same rules.
    """
    chance_rng, policy_rng = spawn_streams(seed, 2)
    state = game.new_initial_state()
    limit = game.info.max_game_length
    while not state.is_terminal():
        if len(state.history) >= limit:
            raise RuntimeError(f"game still running after max_game_length={limit} actions")
        if state.current_player() == CHANCE:
            action = sample_outcome(state.chance_outcomes(), chance_rng)
        else:
            legal = state.legal_actions()
            action = legal[int(policy_rng.integers(len(legal)))]
        state.apply_action(action)
    return list(state.history)


# -- writing ----------------------------------------------------------------------------------
def _seat_names(game: Any) -> list[str]:
    names = getattr(game, "seat_names", None)
    if callable(names):
        return list(names())
    return [f"seat_{i}" for i in range(game.info.num_players)]


def _tensor(game: Any, state: Any, seat: int) -> npt.NDArray[np.float32]:
    out = np.zeros(game.observation_size(), dtype=np.float32)
    game.encode(game.view_for(state, seat), out)
    return out


def _digest(tensor: npt.NDArray[np.float32]) -> str:
    return hashlib.sha256(tensor.astype("<f4").tobytes()).hexdigest()[:16]


def _nonzero(tensor: npt.NDArray[np.float32]) -> str:
    """Nonzero entries: `i` for a 1.0 at index i, `i:v` for any other value."""
    items = []
    for i in np.flatnonzero(tensor):
        value = float(tensor[i])
        items.append(str(i) if value == 1.0 else f"{i}:{value:.6g}")
    return "[" + ", ".join(items) + "]"


def _block(title: str, text: str) -> list[str]:
    return [f"{title} ="] + [f"  {line}".rstrip() for line in text.splitlines()]


def _views(game: Any, state: Any, names: list[str]) -> list[str]:
    lines = _block("ViewString(spectator)", game.render(state, None))
    for seat, name in enumerate(names):
        lines += _block(f"ViewString({seat}) [{name}]", game.render(state, seat))
    return lines


def _tensors(game: Any, state: Any, mover: int | None) -> list[str]:
    lines = []
    for seat in range(game.info.num_players):
        tensor = _tensor(game, state, seat)
        line = f"ObservationTensor({seat}) = sha256:{_digest(tensor)}"
        line += f" nonzero={int(np.count_nonzero(tensor))}"
        if seat == mover:
            line += f" {_nonzero(tensor)}"
        lines.append(line)
    return lines


def _outcomes(outcomes: Sequence[tuple[int, float]]) -> str:
    """(id, probability) pairs; a uniform list is written once as `uniform p=... over [ids]`."""
    probabilities = {round(p, 12) for _, p in outcomes}
    if len(outcomes) > 1 and len(probabilities) == 1:
        ids = ", ".join(str(o) for o, _ in outcomes)
        return f"uniform p={outcomes[0][1]:.6g} over {len(outcomes)} outcomes [{ids}]"
    return "[" + ", ".join(f"({o}, {p:.6g})" for o, p in outcomes) + "]"


def render(
    game_name: str, params: Mapping[str, Any], seed: int | None, history: Sequence[int]
) -> str:
    """The playthrough text of the game `(params, history)` (raises if an id is illegal)."""
    game = load_game(game_name, **params)
    names = _seat_names(game)
    info = game.info
    lines = [
        f"game: {game_name}",
        f"params: {json.dumps(game.params_dict(), sort_keys=True)}",
        f"seed: {'null' if seed is None else seed}",
        f"rules_version: {info.rules_version}",
        f"num_players: {info.num_players}",
        f"seats: {json.dumps(names)}",
        f"num_actions: {info.num_actions}",
        f"observation_size: {game.observation_size()}",
        f"max_game_length: {info.max_game_length}",
        f"num_recorded_actions: {len(history)}",
    ]
    state = game.new_initial_state()
    views_turn: object = object()  # the turn whose full views were printed last
    for index in range(len(history) + 1):
        player = state.current_player()
        lines.append("")
        if state.is_terminal():
            lines.append(f"# State {index} (terminal)")
            lines.append(f"Returns() = {list(state.returns())}")
            lines += _views(game, state, names)
            lines += _tensors(game, state, None)
            if index < len(history):
                raise IllegalActionError(f"the game ended after {index} of {len(history)} ids")
            break
        lines.append(f"# State {index}")
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            lines.append("CurrentPlayer() = -1 (chance)")
            lines.append(f"ChanceOutcomes() = {_outcomes(outcomes)}")
        else:
            lines.append(f"CurrentPlayer() = {player} ({names[player]})")
            turn = getattr(state, "turn", None)
            if turn != views_turn:
                views_turn = turn
                lines += _views(game, state, names)
            else:
                lines += _block(f"ViewString({player})", game.render(state, player))
            lines += _tensors(game, state, player)
            legal = state.legal_actions()
            lines.append(f"LegalActions() = {legal}")
            lines.append(
                "StringLegalActions() = " + json.dumps([game.action_name(a) for a in legal])
            )
        if index == len(history):
            lines.append("# (the recording stops before the end of the game)")
            break
        action = int(history[index])
        if action not in state.legal_actions():
            raise IllegalActionError(
                f"recorded id {action} is not legal at state {index}: {state.legal_actions()}"
            )
        if player == CHANCE:
            lines.append(f'# Apply chance outcome "{game.chance_outcome_name(action)}"')
        else:
            lines.append(f'# Apply action "{game.action_name(action)}"')
        lines.append(f"action: {action}")
        state.apply_action(action)
    return "\n".join(lines) + "\n"


def generate(game_name: str, params: Mapping[str, Any], seed: int) -> str:
    """The playthrough of a random game played from `seed`."""
    game = load_game(game_name, **params)
    return render(game_name, game.params_dict(), seed, random_history(game, seed))


# -- reading ----------------------------------------------------------------------------------
def parse(text: str) -> tuple[dict[str, Any], list[int]]:
    """(header values, recorded action ids) of a playthrough file."""
    header: dict[str, Any] = {}
    actions: list[int] = []
    in_header = True
    for line in text.splitlines():
        if in_header:
            if line.startswith("#"):
                continue
            if not line.strip():
                in_header = not header
                continue
            match = _HEADER_LINE.match(line)
            if match is None:
                raise ValueError(f"malformed playthrough header line: {line!r}")
            key, value = match.groups()
            header[key] = value if key in ("game", "rules_version") else json.loads(value)
            continue
        match = _ACTION_LINE.match(line)
        if match is not None:
            actions.append(int(match.group(1)))
    if "game" not in header or "params" not in header:
        raise ValueError("a playthrough starts with `game:` and `params:` header lines")
    return header, actions


def game_name(text: str) -> str:
    return str(parse(text)[0]["game"])


def body_of(text: str) -> str:
    """The text without its leading comment lines (those name the file's own path)."""
    lines = text.splitlines(keepends=True)
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return "".join(lines)


def replay(text: str) -> str:
    """Re-runs a playthrough's recorded ids and returns the text they produce now."""
    header, actions = parse(text)
    return render(header["game"], header["params"], header.get("seed"), actions)


def first_difference(expected: str, actual: str, context: int = 3) -> str | None:
    """None if both texts match, else a short unified diff around the first change."""
    if expected == actual:
        return None
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "recorded", "replayed", n=context, lineterm=""
    )
    return "\n".join(line for _, line in zip(range(40), diff, strict=False))


def write(path: Path, body: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HEADER_COMMENT + body, encoding="utf-8")


def update(path: Path) -> bool:
    """Rewrites `path` under the current rules; True if its content changed."""
    old = path.read_text(encoding="utf-8")
    header, _ = parse(old)
    try:
        body = replay(old)
        replayed_to_end = "(terminal)" in body.rsplit("# State", 1)[-1]
    except IllegalActionError:
        replayed_to_end = False
    if not replayed_to_end:
        if header.get("seed") is None:
            raise SystemExit(f"{path}: the recorded ids no longer replay and no seed is recorded")
        print(f"{path}: recorded ids no longer make a whole game; replaying seed {header['seed']}")
        body = generate(header["game"], header["params"], int(header["seed"]))
    write(path, body)
    return body_of(old) != body


# -- command line -----------------------------------------------------------------------------
def _param(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"--param wants key=value, got {text!r}")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nemesis_env.tools.playthrough", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--game", help="a registered game (required without --update)")
    parser.add_argument("--players", type=int, help="number of players (a game param)")
    parser.add_argument("--param", type=_param, action="append", default=[], help="key=value")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="file to write (default: stdout)")
    parser.add_argument("--update", type=Path, nargs="+", help="playthrough files to rewrite")
    add_register_argument(parser)
    args = parser.parse_args(argv)
    import_registrations(args)
    if args.update:
        for path in args.update:
            changed = update(path)
            print(f"{path}: {'updated' if changed else 'unchanged'}")
        return 0
    if args.game is None:
        parser.error("--game is required to record a playthrough")
    params = dict(args.param)
    if args.players is not None:
        params["players"] = args.players
    body = generate(args.game, params, args.seed)
    if args.out is None:
        sys.stdout.write(body)
    else:
        write(args.out, body)
        print(f"wrote {args.out} ({body.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
