"""Expert games for distillation (expert iteration): a search agent plays one seat, and every
decision it searches records the root's visit counts.

A game is stored as its seed index, its full history (player moves and chance outcomes) and,
per searched decision, the position in that history, the legal moves and their root visits.
Since a game is exactly (params, history) (nemesis_env/core/game.py), training rebuilds each
decision's observation, mask and View by replaying the history: the dataset stays small
(a few hundred kB for hundreds of games) and cannot drift from the rules it was made with,
because the file records the rules version and loading checks it.

Seeds: game `i` of a dataset with seed `s` draws chance from `default_rng([s, i])` and gives
seat `k` the generator `default_rng([s, i, 1 + k])`. With an iteration-limited search the
games are a pure function of (params, seed, i), so shards generated in parallel and merged
equal one sequential run.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from agents.base import Agent, AgentContext
from agents.play import play_game
from nemesis_env.core.errors import NemesisError
from nemesis_env.core.files import atomic_write_bytes
from nemesis_env.core.game import as_action_id

FORMAT = "nemesis_env.expert_games/1"


class DatasetError(NemesisError, ValueError):
    """An expert dataset that cannot be read, or was made for another game or ruleset."""


@dataclass(frozen=True, slots=True)
class ExpertDecision:
    position: int  # len(history) when the expert moved: replaying history[:position] rebuilds it
    legal: tuple[int, ...]
    visits: tuple[int, ...]  # root visits per legal move (same order)


@dataclass(frozen=True, slots=True)
class ExpertGame:
    index: int
    history: tuple[int, ...]
    decisions: tuple[ExpertDecision, ...]
    returns: tuple[float, ...]


class LabelledBehaviour:
    """The expert labels, the behaviour plays (DAgger: Ross, Gordon & Bagnell 2011).

    At every decision of its seat the expert searches, and its root (`last_root`) is what the
    dataset records, but the move played is the behaviour agent's. A policy distilled from
    the expert's own games meets, once it plays, positions the expert never led to; games
    played by that policy and labelled by the expert cover exactly those. Both agents read the
    seat's context only, so the labels stay fair. The expert draws from the seat's generator
    first, then the behaviour, so the game is still a pure function of its seed.
    """

    omniscient = False

    def __init__(self, expert: Agent, behaviour: Agent) -> None:
        if getattr(behaviour, "omniscient", False):
            raise ValueError(f"behaviour agent {behaviour.name!r} reads the true state")
        self.expert = expert
        self.behaviour = behaviour
        self.name = f"{behaviour.name} (labelled by {expert.name})"

    @property
    def last_root(self) -> dict[int, tuple[int, float]]:
        root: dict[int, tuple[int, float]] = getattr(self.expert, "last_root", {})
        return root

    def act(self, ctx: AgentContext, rng: np.random.Generator) -> int:
        self.expert.act(ctx, rng)  # the search whose root is recorded
        return self.behaviour.act(ctx, rng)


def play_expert_game(
    game: Any, agents: Sequence[Agent], expert_seat: int, seed: int, index: int
) -> ExpertGame:
    """One game; agents[expert_seat] must expose `last_root` ({action: (visits, mean)})."""
    decisions: list[ExpertDecision] = []

    def record(seat: int, position: int, agent: Agent) -> None:
        root = getattr(agent, "last_root", {}) if seat == expert_seat else {}
        if root:  # searched (a single legal move is not)
            moves = tuple(sorted(root))
            visits = tuple(int(root[a][0]) for a in moves)
            decisions.append(ExpertDecision(position, moves, visits))

    chance_rng = np.random.default_rng([seed, index])
    rngs = [np.random.default_rng([seed, index, 1 + k]) for k in range(len(agents))]
    result = play_game(game, agents, chance_rng, rngs, after_move=record)
    return ExpertGame(index, result.history, tuple(decisions), result.returns)


def game_to_json(g: ExpertGame) -> dict[str, Any]:
    return {
        "index": g.index,
        "history": list(g.history),
        "returns": list(g.returns),
        "decisions": [[d.position, list(d.legal), list(d.visits)] for d in g.decisions],
    }


def game_from_json(doc: dict[str, Any]) -> ExpertGame:
    """One stored game; a missing key or a non-integer id is a DatasetError (int() would
    silently turn 72.7 into 72 and replay a game that was never played)."""
    try:
        decisions = tuple(
            ExpertDecision(
                _count(p), tuple(as_action_id(a) for a in legal), tuple(map(_count, visits))
            )
            for p, legal, visits in doc["decisions"]
        )
        return ExpertGame(
            _count(doc["index"]),
            tuple(as_action_id(a) for a in doc["history"]),
            decisions,
            tuple(float(r) for r in doc["returns"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        what = f"no {exc}" if isinstance(exc, KeyError) else str(exc)
        raise DatasetError(f"an expert game is malformed: {what}") from None


def _count(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise ValueError(f"expected a count or position (an integer >= 0), got {value!r}")


def append_game(path: Path, g: ExpertGame) -> None:
    """Appends one game as a JSON line (a shard being generated)."""
    with path.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(game_to_json(g), separators=(",", ":")) + "\n")


def read_shard(path: Path) -> list[ExpertGame]:
    with path.open(encoding="utf-8") as fh:
        return [game_from_json(json.loads(line)) for line in fh if line.strip()]


def write_dataset(path: Path, header: dict[str, Any], games: Sequence[ExpertGame]) -> None:
    """A gzipped JSON document: header (format, rules version, expert, seed) and the games."""
    doc = {"format": FORMAT, **header, "games": [game_to_json(g) for g in games]}
    text = json.dumps(doc, separators=(",", ":")).encode("utf-8")
    atomic_write_bytes(path, gzip.compress(text, mtime=0))  # mtime 0: same games, same bytes


def read_dataset(path: Path) -> dict[str, Any]:
    """The dataset document, or ValueError naming the file and what is wrong with it."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            doc = json.load(fh)
    except (OSError, ValueError, EOFError) as exc:
        raise DatasetError(f"cannot read expert dataset {path}: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise DatasetError(
            f"{path} is not an expert dataset (format {found!r}, expected {FORMAT!r})"
        )
    return doc


def load_dataset(path: Path, game: Any) -> tuple[dict[str, Any], list[ExpertGame]]:
    """(header, games) of a dataset made for exactly this game, rules version and params."""
    doc = read_dataset(path)
    made_for = (doc.get("game"), doc.get("rules_version"), doc.get("game_params"))
    this = (game.info.name, game.info.rules_version, game.params_dict())
    if made_for != this:
        raise DatasetError(
            f"expert dataset {path} was made for game {made_for[0]} rules {made_for[1]} "
            f"params {made_for[2]}, but this game is {this[0]} rules {this[1]} params {this[2]}"
        )
    games = [game_from_json(g) for g in doc.pop("games", None) or []]
    return doc, games


def dataset_header(game: Any, seat: int, seed: int, expert: Any, others: Any) -> dict[str, Any]:
    """What a dataset records besides its games: where it is valid and how it was made."""
    return {
        "game": game.info.name,
        "rules_version": game.info.rules_version,
        "game_params": game.params_dict(),
        "seat": seat,
        "seed": seed,
        "expert": expert,
        "others": others,
    }
