"""`nemesis soak`: long random runs through the PettingZoo env with every invariant checked.

    nemesis soak --game not_alone --decisions 100000 --params players=5 --seed 0 --json
    nemesis soak --register tests.conftest --game toy_raid --decisions 5000

Random agents pick uniformly among the ids their mask allows (read through `env.last()`, as a
PettingZoo user would); the env draws chance with its own generator. Game i of a run is reset
with a seed derived from (--seed, i), so any game of a run can be played again alone.

After every decision (or every k-th with --check-every k: the clone and the replayed twin still
follow every action in between) the checks of nemesis_env.tools.invariants run: the node and the
game's own invariants, clone / save / replay equality, views unchanged by a redeal of what each
seat cannot see, and the env's masks and observations. A decision whose checks fail (an
invariant break) or which raises (an error) ends its game; that game is saved as
`--failures DIR/<game>-seed<S>-game<i>.json` (params, history up to the breaking action, the
errors, the seeds), which `nemesis replay FILE` reads and tests/test_regressions.py replays once
the file is copied to tests/regressions/<game>/. The exit status is 1 when anything broke.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import nemesis_env
from nemesis_env.core.errors import ParamError
from nemesis_env.tools import add_register_argument, import_registrations
from nemesis_env.tools.invariants import Tracker, env_errors, save_failure


@dataclass
class SoakReport:
    game: str
    params: dict[str, Any]
    seed: int
    check_every: int
    decisions: int = 0
    games: int = 0  # games played to the end (a run stops mid-game at its decision budget)
    errors: int = 0  # decisions that raised
    invariant_breaks: int = 0  # decisions after which a check failed
    seconds: float = 0.0
    cpu_seconds: float = 0.0  # this process's CPU time: steadier than wall time on a busy host
    decisions_per_s: float = 0.0
    peak_memory_mib: float | None = None
    failures: list[str] = field(default_factory=list)  # saved games, one per failure

    @property
    def ok(self) -> bool:
        return self.errors == 0 and self.invariant_breaks == 0


def game_seeds(seed: int, index: int) -> tuple[int, np.random.Generator]:
    """The env's reset seed and the random agents' generator for game `index` of a run."""
    env_seed = int(np.random.SeedSequence([seed, index]).generate_state(1)[0])
    return env_seed, np.random.default_rng(np.random.SeedSequence([seed, index, 1]))


def peak_memory_mib() -> float | None:
    """The process's peak resident memory (getrusage: KiB on Linux, bytes on macOS)."""
    try:
        import resource
    except ImportError:  # Windows: no getrusage
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024 if sys.platform == "darwin" else 1024)


def run_soak(
    name: str,
    decisions: int,
    *,
    params: dict[str, Any] | None = None,
    seed: int = 0,
    check_every: int = 1,
    failures: Path = Path("soak-failures"),
) -> SoakReport:
    """Plays random games of `name` until `decisions` decisions were taken, checking as it goes."""
    if decisions < 1 or check_every < 1:
        raise ParamError(f"decisions and check_every must be positive, got {decisions}, "
                         f"{check_every}")  # fmt: skip
    env = nemesis_env.env(name, **(params or {}))
    report = SoakReport(name, env.unwrapped.game.params_dict(), seed, check_every)
    start, cpu_start = time.perf_counter(), time.process_time()
    index = 0
    while report.decisions < decisions:
        _play_game(env, index, decisions, report, failures)
        index += 1
    report.seconds = time.perf_counter() - start
    report.cpu_seconds = time.process_time() - cpu_start
    report.decisions_per_s = report.decisions / report.seconds if report.seconds else 0.0
    report.peak_memory_mib = peak_memory_mib()
    return report


def _play_game(env: Any, index: int, budget: int, report: SoakReport, failures: Path) -> None:
    """Game `index` of the run, until its end, its first failure or the decision budget."""
    raw = env.unwrapped
    env_seed, agent_rng = game_seeds(report.seed, index)
    tracker = Tracker(raw.game, env_seed)
    env.reset(seed=env_seed)
    problems = tracker.attach(raw.state_) + env_errors(raw)
    taken, open_check = 0, False
    while not problems and not raw.state_.is_terminal() and report.decisions < budget:
        observation, _, _, _, _ = env.last()
        action = int(agent_rng.choice(np.flatnonzero(observation["action_mask"])))
        if not open_check:
            tracker.begin(raw.state_)
            open_check = True
        try:
            env.step(action)
        except Exception as exc:  # a soak reports what breaks instead of stopping there
            report.errors += 1
            report.decisions += 1
            _save(report, index, env_seed, raw, [f"env.step({action}) raised {exc!r}"], failures)
            return
        taken += 1
        report.decisions += 1
        if taken % report.check_every == 0 or raw.state_.is_terminal():
            problems = tracker.finish(raw.state_) + env_errors(raw)
            open_check = False
    if problems:
        report.invariant_breaks += 1
        _save(report, index, env_seed, raw, problems, failures)
    elif raw.state_.is_terminal():
        report.games += 1


def _save(
    report: SoakReport, index: int, env_seed: int, raw: Any, errors: list[str], failures: Path
) -> None:
    name = f"{report.game}-seed{report.seed}-game{index}"
    path = save_failure(failures, name, raw.game, raw.state_, errors, seed=report.seed,
                        game_index=index, env_seed=env_seed, checker_seed=env_seed)  # fmt: skip
    report.failures.append(str(path))


def format_report(report: SoakReport) -> str:
    verdict = "ok" if report.ok else "BROKEN"
    memory = "n/a" if report.peak_memory_mib is None else f"{report.peak_memory_mib:.0f} MiB"
    lines = [
        f"soak {report.game} {report.params} seed {report.seed}: {verdict}",
        f"  decisions        {report.decisions} ({report.decisions_per_s:.0f}/s, "
        f"{report.seconds:.1f} s, {report.cpu_seconds:.1f} s CPU, "
        f"checked every {report.check_every})",
        f"  games finished   {report.games}",
        f"  errors           {report.errors}",
        f"  invariant breaks {report.invariant_breaks}",
        f"  peak memory      {memory}",
    ]
    lines += [f"  saved: {path} (nemesis replay {path})" for path in report.failures]
    return "\n".join(lines)


# -- the command ------------------------------------------------------------------------------
def _params(items: list[str], players: int | None) -> dict[str, Any]:
    """KEY=VALUE items as params; values read as JSON (4, true), else as text."""
    params: dict[str, Any] = {} if players is None else {"players": players}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise ParamError(f"--params takes KEY=VALUE items, got {item!r}")
        try:
            params[key] = json.loads(text)
        except json.JSONDecodeError:
            params[key] = text
    return params


def cmd_soak(args: argparse.Namespace) -> int:
    import_registrations(args)
    report = run_soak(
        args.game, args.decisions, params=_params(args.params, args.players), seed=args.seed,
        check_every=args.check_every, failures=Path(args.failures),
    )  # fmt: skip
    print(json.dumps(asdict(report), indent=2) if args.json else format_report(report))
    return 0 if report.ok else 1


def add_command(sub: Any) -> None:
    """Registers `nemesis soak` on the CLI's subparsers."""
    p = sub.add_parser("soak", help="random play with every invariant checked after each step")
    p.add_argument("--game", required=True, help="a registered game")
    p.add_argument("--decisions", type=int, default=10_000, help="player decisions in all")
    p.add_argument("--players", type=int, help="player count (default: the game's default)")
    p.add_argument("--params", "--param", nargs="+", action="extend", default=[],
                   metavar="KEY=VALUE", help="game params, e.g. players=5 expert=true")  # fmt: skip
    p.add_argument("--seed", type=int, default=0, help="root seed of chance and the agents")
    p.add_argument("--check-every", type=int, default=1, metavar="K",
                   help="check after every K-th decision (default 1: every one)")  # fmt: skip
    p.add_argument("--failures", default="soak-failures", metavar="DIR",
                   help="where failing games are saved (created on the first failure)")  # fmt: skip
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_register_argument(p)
    p.set_defaults(func=cmd_soak)
