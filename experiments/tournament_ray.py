"""A tournament's games on Ray workers (`executor: ray`): a local Ray instance of `workers`
CPUs, or the cluster RAY_ADDRESS names. Each worker is an actor holding the game and plays
chunks of scheduled games; every game depends only on its own seeds, so the records are the
same as with any other executor."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any


def play_on_ray(
    config: Any,
    jobs: Sequence[Any],
    runner: type,
    on_done: Callable[[], None],
    init: Callable[[], None],
) -> list[dict[str, Any]]:
    """Plays `jobs` on `config.workers` actors, each running `init()` and then holding a
    `runner(config)`; `on_done()` after every game."""
    try:
        import ray
        from ray.util import ActorPool
    except ImportError as exc:
        raise RuntimeError(f"executor: ray needs Ray ({exc}): pip install -e '.[rllib]'") from exc

    class Worker:
        def __init__(self) -> None:
            init()
            self.runner = runner(config)

        def play_many(self, chunk: Sequence[Any]) -> list[dict[str, Any]]:
            return [self.runner.play(job) for job in chunk]

    started = not ray.is_initialized()
    if started:
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address)
        else:
            ray.init(num_cpus=config.workers, include_dashboard=False)
    try:
        actors = [ray.remote(num_cpus=1)(Worker).remote() for _ in range(config.workers)]
        size = max(1, len(jobs) // (config.workers * 8))
        chunks = [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]
        records: list[dict[str, Any]] = []
        for done in ActorPool(actors).map_unordered(lambda a, c: a.play_many.remote(c), chunks):
            records.extend(done)
            for _ in done:
                on_done()
        return records
    finally:
        if started:
            ray.shutdown()
