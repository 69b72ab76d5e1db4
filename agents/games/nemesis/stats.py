"""How Nemesis games end, played by given agents: the acceptance figures of the Nemesis issue.

    python -m agents.games.nemesis.stats --players 4 --games 2000 --crew random
    python -m agents.games.nemesis.stats --players 4 --games 200 --crew heuristic
    python -m agents.games.nemesis.stats --players 4 --games 200 --crew heuristic,random
    python -m agents.games.nemesis.stats --mode solo --players 1 --games 100 --crew heuristic
    python -m agents.games.nemesis.stats --players 4 --games 40 \
        --crew ismcts:50,heuristic,heuristic,heuristic

`--crew` names the agent of each seat (one name for all, or a comma list cycled over the
seats): `random`, `heuristic` (the kit's crew agent), `ppo:CHECKPOINT` (a trained policy,
sampled) or `ismcts:N` (ISMCTS with N iterations
per decision through `sample_world`, the seat's heuristic crew agent as its root prior with
weight 4, the kit's rollout policy cut after `ISMCTS_ROLLOUT_LIMIT` decisions; a cut rollout
scores 0, as a game nobody has won yet), or `ismcts:N:T`, whose rollouts stop T turns on and
are valued by the kit's fitted value (agents/games/nemesis/value.py), and `ismcts:N:T:W` with
the prior's PUCT weight W (default 4; `ismcts:N::W` without the value). The report (text, or
`--json`) gives games/s, decisions per game, how games ended (the time track ran out, the ship
was destroyed, nobody was left aboard), how often each step of the victory check killed
(engines, coordinates, contamination; the objectives step decides who wins among the survivors), and
survival and win rates per agent name with Wilson 95% intervals over seats (seats of one game
are not independent: in co-op they share one outcome), and the games that had a winner, with
their interval over games (the co-op crew's win rate). In co-op it also counts, per Solo/Co-op
card, the deals and the ends at which the card held with every character counted as a
survivor (`rules.modes.card_holds`: progress toward a crew win), and the games in which every
card did. Every game is checked to end without an
error.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import yaml

from agents.base import Agent, AgentContext, RandomAgent
from agents.games.nemesis.crew import heuristic_agent
from agents.games.nemesis.rollout import rollout_policy
from agents.games.nemesis.value import load_value
from agents.stats import key_values, wilson_interval
from nemesis_env.core.chance import sample_outcome
from nemesis_env.core.game import CHANCE
from nemesis_env.games.nemesis.character import DEAD
from nemesis_env.games.nemesis.game import NemesisGame
from nemesis_env.games.nemesis.rules import modes
from nemesis_env.games.nemesis.rules.ending import HYPERSPACE_JUMP, NOBODY_LEFT
from nemesis_env.games.nemesis.state import State

ENDINGS = ("time track ran out", "ship destroyed", "nobody left aboard")
VC_STEPS = ("engines", "coordinates", "contamination")


@dataclass
class Tally:
    """Counts over many games."""

    games: int = 0
    decisions: int = 0
    chance: int = 0
    seconds: float = 0.0
    agent_seconds: float = 0.0
    endings: Counter[str] = field(default_factory=Counter)
    victory_check_kills: Counter[str] = field(default_factory=Counter)
    survivors_without_objective: int = 0
    seats: Counter[str] = field(default_factory=Counter)  # seats played, per agent name
    survived: Counter[str] = field(default_factory=Counter)
    won: Counter[str] = field(default_factory=Counter)
    seat_survived: Counter[int] = field(default_factory=Counter)  # per seat index
    seat_won: Counter[int] = field(default_factory=Counter)
    games_with_a_winner: int = 0
    players: int = 0
    coop_dealt: Counter[str] = field(default_factory=Counter)  # co-op: per card name
    coop_held: Counter[str] = field(default_factory=Counter)  # ... held at the end (card_holds)
    coop_all_held: int = 0  # games whose every card held (a survivor assumed)

    def add_coop(self, s: State) -> None:
        """Co-op progress toward a crew win: which dealt cards held at the end, each as if every
        character had survived (rules.modes.card_holds)."""
        names = [o.id for o in s.game.objective_cards]
        held = [(names[card], modes.card_holds(s, card)) for c in s.chars for card in c.objectives]
        for name, holds in held:
            self.coop_dealt[name] += 1
            self.coop_held[name] += holds
        self.coop_all_held += modes.crew_wins(s, list(range(len(s.chars))))

    def report(self) -> dict[str, Any]:
        rates = {
            name: {
                "seats": n,
                "survival": self.survived[name] / n,
                "win": self.won[name] / n,
                "survival_ci95": list(wilson_interval(self.survived[name], n)),
                "win_ci95": list(wilson_interval(self.won[name], n)),
            }
            for name, n in sorted(self.seats.items())
        }
        coop = {name: {"dealt": n, "held": self.coop_held[name]}
                for name, n in sorted(self.coop_dealt.items())}  # fmt: skip
        return {
            "games": self.games,
            "seconds": self.seconds,
            "games_per_s": self.games / self.seconds if self.seconds else 0.0,
            "decisions_per_game": self.decisions / max(self.games, 1),
            "chance_per_game": self.chance / max(self.games, 1),
            "agent_s_per_game": self.agent_seconds / max(self.games, 1),
            "endings": {name: self.endings[name] for name in ENDINGS},
            "victory_check_kills": {step: self.victory_check_kills[step] for step in VC_STEPS},
            "survivors_without_objective": self.survivors_without_objective,
            "games_with_a_winner": self.games_with_a_winner,
            "games_with_a_winner_ci95": list(wilson_interval(self.games_with_a_winner, self.games)),
            "rates": rates,
            "coop_cards": coop,  # co-op only: per card, deals and ends where it held
            "coop_all_cards_held": self.coop_all_held,
            "seat_rates": [  # per seat, over games: e.g. one seat's agent among fixed mates
                {
                    "survival": self.seat_survived[seat] / max(self.games, 1),
                    "win": self.seat_won[seat] / max(self.games, 1),
                    "survival_ci95": list(wilson_interval(self.seat_survived[seat], self.games)),
                    "win_ci95": list(wilson_interval(self.seat_won[seat], self.games)),
                }
                for seat in range(self.players)
            ],
        }


def ending(s: State) -> str:
    """The end condition of a finished game (seed 000, "end of the game")."""
    if s.end_reason == HYPERSPACE_JUMP:
        return ENDINGS[0]
    if s.end_reason == NOBODY_LEFT:
        return ENDINGS[2]
    return ENDINGS[1]


def victory_check_kills(s: State) -> Counter[str]:
    """Deaths in the victory check, by its step: engines (two damaged: the ship explodes with
    its hibernating crew), coordinates (a jump away from Earth), contamination (the final
    draw of an infected crew member)."""
    kills: Counter[str] = Counter()
    seen = False
    for event in s.events or ():
        if event.kind == "jump" or event.kind == "ship_destroyed":
            seen = True
        payload = dict(event.payload)
        if event.kind == "death" and seen:
            cause = str(payload.get("cause", ""))
            if cause == "engines exploded":
                kills["engines"] += 1
            elif cause.startswith("the ship jumped to"):
                kills["coordinates"] += 1
        elif event.kind == "final_draw" and payload.get("dies"):
            kills["contamination"] += 1
    return kills


@dataclass(frozen=True)
class Played:
    state: State  # the finished game, with its event log
    decisions: int
    chance: int
    agent_seconds: float  # time spent in the agents' `act`


def play(game: NemesisGame, crew: Sequence[Agent], seed: int) -> Played:
    """One game: chance and each seat's agent draw from their own streams of `seed`; agents
    get their seat's view, observation and mask, never the state."""
    s = game.new_initial_state()
    chance_rng = np.random.default_rng([seed, 0])
    agent_rngs = [np.random.default_rng([seed, 1, seat]) for seat in range(len(crew))]
    obs = np.zeros(game.observation_size(), np.float32)
    decisions = chances = 0
    spent = 0.0
    while not s.is_terminal():
        seat = s.current_player()
        if seat == CHANCE:
            s.apply_action(sample_outcome(s.chance_outcomes(), chance_rng))
            chances += 1
            continue
        view = game.view_for(s, seat)
        game.encode(view, obs)
        mask = np.zeros(game.info.num_actions, np.int8)
        mask[s.legal_actions()] = 1
        ctx = AgentContext(seat, obs, mask, view, game, role=game.role_of(s, seat))
        start = time.perf_counter()
        action = crew[seat].act(ctx, agent_rngs[seat])
        spent += time.perf_counter() - start
        s.apply_action(action)
        decisions += 1
    return Played(s, decisions, chances, spent)


def tally_games(
    players: int,
    crew: Sequence[str],
    games: int,
    seed: int = 0,
    mode: str = "standard",
    search: dict[str, Any] | None = None,
    **params: Any,
) -> Tally:
    """`params`: further game params (board_side, intruder_player, ...); `search`: further
    ISMCTSAgent params of the `ismcts` seats (first_play, prior_even, exploration, ...)."""
    game = NemesisGame(players=players, mode=mode, **params)
    agents = [make_agent(game, name, seat, search) for seat, name in enumerate(crew)]
    tally = Tally(players=players)
    start = time.perf_counter()
    for index in range(games):
        played = play(game, agents, seed + index)
        s = played.state
        tally.games += 1
        tally.decisions += played.decisions
        tally.chance += played.chance
        tally.agent_seconds += played.agent_seconds
        tally.endings[ending(s)] += 1
        tally.victory_check_kills.update(victory_check_kills(s))
        tally.games_with_a_winner += any(s.winners)
        if mode == "coop":
            tally.add_coop(s)
        for seat, c in enumerate(s.chars):
            name = crew[seat]
            tally.seats[name] += 1
            tally.survived[name] += c.status != DEAD
            tally.won[name] += s.winners[seat]
            tally.seat_survived[seat] += c.status != DEAD
            tally.seat_won[seat] += s.winners[seat]
            tally.survivors_without_objective += c.status != DEAD and not s.winners[seat]
    tally.seconds = time.perf_counter() - start
    return tally


ISMCTS_ROLLOUT_LIMIT = 300  # decisions (a 4-player game has about 475 with chance)
ISMCTS_PRIOR_WEIGHT = 4.0


def make_agent(
    game: NemesisGame, name: str, seat: int, search: dict[str, Any] | None = None
) -> Agent:
    if name == "random":
        return RandomAgent()
    if name == "heuristic":
        return heuristic_agent(game, seat)
    kind, _, rest = name.partition(":")
    count, turns, weight = [*rest.split(":"), "", ""][:3] if rest.count(":") <= 2 else ("",) * 3
    if kind == "ismcts" and count.isdigit() and int(count) >= 1 and _search_options(turns, weight):
        from agents.search.ismcts import ISMCTSAgent  # only the search rows need it

        return ISMCTSAgent(
            iterations=int(count),
            rollout_policy=rollout_policy,
            rollout_limit=ISMCTS_ROLLOUT_LIMIT,
            prior=heuristic_agent(game, seat),
            prior_weight=float(weight) if weight else ISMCTS_PRIOR_WEIGHT,
            leaf_value=load_value(game, int(turns)) if turns else None,
            name=name,
            **(search or {}),
        )
    if kind == "ppo" and rest:
        return _trained(rest, game)
    raise ValueError(
        f"unknown crew agent {name!r}: use random, heuristic, ppo:CHECKPOINT or "
        "ismcts:N[:T[:W]] (N iterations >= 1; T: rollouts stop T turns on, valued by the fitted "
        f"value; W: the prior's weight, default {ISMCTS_PRIOR_WEIGHT})"
    )


def _trained(path: str, game: NemesisGame) -> Agent:
    """A trained policy (`nemesis train`, `nemesis run`), checked against the game before any
    game is played. Only these rows need torch."""
    from agents.rl.agent import PPOAgent  # a bad file raises CheckpointError, a ValueError

    return PPOAgent.from_checkpoint(path, game, name=f"ppo:{path}")


def _search_options(turns: str, weight: str) -> bool:
    """Whether `ismcts:N:T:W`'s T (empty, or turns >= 0) and W (empty, or a weight > 0) parse."""
    if turns and not turns.isdigit():
        return False
    try:
        return not weight or float(weight) > 0
    except ValueError:
        return False


def parse_params(pairs: Sequence[str]) -> dict[str, Any]:
    """`KEY=VALUE` strings as params, each value read as YAML (true, 3, alternate)."""
    params = key_values(pairs)
    for key in ("players", "mode"):
        if key in params:
            raise ValueError(f"--param {key}: use --{key}")
    return params


SEARCH_KEYS = ("exploration", "first_play", "prior_even", "prior_samples", "tree", "others")


def search_params(pairs: Sequence[str]) -> dict[str, Any]:
    """`--search KEY=VALUE` strings as ISMCTSAgent params (values read as YAML)."""
    search: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or key not in SEARCH_KEYS:
            raise ValueError(f"--search takes KEY=VALUE with KEY one of {list(SEARCH_KEYS)}, "
                             f"got {pair!r}")  # fmt: skip
        search[key] = yaml.safe_load(value)
    return search


def crew_names(spec: str, players: int) -> list[str]:
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not names:
        raise ValueError("--crew names no agent")
    return [names[seat % len(names)] for seat in range(players)]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4, choices=(1, 2, 3, 4, 5))
    parser.add_argument("--mode", default="standard", help="standard, solo (--players 1), coop")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument(
        "--crew",
        default="random",
        help="random, heuristic, ppo:CHECKPOINT, ismcts:N[:T[:W]], or a comma list",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                        help="another game param, YAML value (repeatable), e.g. "
                             "intruder_player=true")  # fmt: skip
    parser.add_argument("--search", action="append", default=[], metavar="KEY=VALUE",
                        help="another ISMCTSAgent param of the ismcts seats, YAML value "
                             "(repeatable), e.g. first_play=parent")  # fmt: skip
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        params = parse_params(args.param)
        search = search_params(args.search)
        crew = crew_names(args.crew, args.players)
        for name in set(crew):
            game = NemesisGame(players=args.players, mode=args.mode, **params)
            make_agent(game, name, 0, search)
    except (ValueError, TypeError) as exc:  # a ParamError is a ValueError
        parser.error(str(exc))
    report = tally_games(
        args.players, crew, args.games, args.seed, args.mode, search, **params
    ).report()
    report.update(players=args.players, crew=crew, seed=args.seed, mode=args.mode, params=params,
                  search=search)  # fmt: skip
    print(json.dumps(report, indent=1) if args.json else _text(report))


def _text(r: dict[str, Any]) -> str:
    lines = [
        f"{r['games']} games, {r['players']} players, crew {','.join(r['crew'])}: "
        f"{r['games_per_s']:.1f} games/s, {r['decisions_per_game']:.1f} decisions "
        f"(+{r['chance_per_game']:.1f} chance) per game, "
        f"{1000 * r['agent_s_per_game']:.1f} ms in the agents per game",
        "endings: " + ", ".join(f"{k} {v}" for k, v in r["endings"].items()),
        "victory check kills: "
        + (", ".join(f"{k} {v}" for k, v in r["victory_check_kills"].items()) or "none"),
        f"survivors without their objective: {r['survivors_without_objective']}",
        f"games with a winner: {r['games_with_a_winner']} "
        + _ci(r["games_with_a_winner"] / r["games"], r["games_with_a_winner_ci95"]),
    ]
    if r["coop_cards"]:
        lines.append("co-op cards held at the end (every character counted as a survivor): "
                     + ", ".join(f"{k} {v['held']}/{v['dealt']}"
                                 for k, v in r["coop_cards"].items())
                     + f"; every card in {r['coop_all_cards_held']} games")  # fmt: skip
    for name, rate in r["rates"].items():
        lines.append(f"{name}: {rate['seats']} seats, survival "
                     f"{_ci(rate['survival'], rate['survival_ci95'])}, "
                     f"win {_ci(rate['win'], rate['win_ci95'])}")  # fmt: skip
    return "\n".join(lines)


def _ci(rate: float, ci: list[float]) -> str:
    return f"{rate:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"


if __name__ == "__main__":
    main()
