"""Nemesis against catanatron's 4-player random game, side by side in one run (issue 12).

    python tools/peer_compare.py --peer-python /path/to/venv/bin/python --reps 3 --seconds 8

The peer runs in its own virtualenv (catanatron 3.2.1 and catanatron-gym 4.0.0 --no-deps, as
../shared/research/peer-speed.md installs them) through ../shared/bench/peer_bench.py; ours
through `nemesis bench`. Runs are interleaved rep by rep so that machine noise spreads over
both, and the medians are compared: env steps/s with observation and mask against
catanatron's steps/s with its feature vector, engine decisions/s against catanatron's
`play_tick` steps/s without features. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

PEER_BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench" / "peer_bench.py"


def run_json(command: list[str]) -> dict[str, float]:
    """The JSON object a command prints (`nemesis bench --json` indents it; peer_bench prints
    one line after any warnings)."""
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return json.loads(out[out.index("{") :])  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-python", required=True, help="python of the peer's virtualenv")
    parser.add_argument("--peer-bench", default=str(PEER_BENCH))
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    ours: list[dict[str, float]] = []
    peer: dict[str, list[float]] = {"obs": [], "noobs": []}
    for rep in range(args.reps):
        ours.append(
            run_json(
                [
                    sys.executable,
                    "-m",
                    "nemesis_env.cli",
                    "bench",
                    "--game",
                    "nemesis",
                    "--players",
                    str(args.players),
                    "--seconds",
                    str(3 * args.seconds),
                    "--seed",
                    str(rep),
                    "--json",
                ]
            )
        )
        for mode in ("obs", "noobs"):
            result = run_json(
                [
                    args.peer_python,
                    args.peer_bench,
                    "--run",
                    "cat:catan_4p",
                    "--mode",
                    mode,
                    "--duration",
                    str(args.seconds),
                    "--seed",
                    str(rep + 1),
                ]
            )
            peer[mode].append(result["steps_per_s"])
    env = statistics.median(r["env_steps_per_s"] for r in ours)
    engine = statistics.median(r["engine_decisions_per_s"] for r in ours)
    clone = statistics.median(r["clone_per_s"] for r in ours)
    report = {
        "reps": args.reps,
        "nemesis_env_steps_per_s": env,
        "nemesis_engine_decisions_per_s": engine,
        "nemesis_clone_per_s": clone,
        "catanatron_steps_per_s_with_features": statistics.median(peer["obs"]),
        "catanatron_steps_per_s_without_features": statistics.median(peer["noobs"]),
        "env_ratio": env / statistics.median(peer["obs"]),
        "engine_ratio": engine / statistics.median(peer["noobs"]),
        "raw": {"nemesis": ours, "catanatron": peer},
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
