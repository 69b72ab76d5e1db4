"""`nemesis train CONFIG`: masked-PPO self-play with TensorBoard scalars and exact checkpoints.

The run stops after `total_updates` PPO iterations (reproducible) or when `time_budget_s` runs
out (a safety cap; the number of updates reached is recorded). Every `eval_every` updates the
current policy plays `eval_games` seeded games in each role (as the game's GameInfo names them)
against each evaluation opponent. Every `checkpoint_every` updates the whole trainer is saved to
checkpoints/latest.pt (atomically), so a run killed at any moment loses at most the updates
since that checkpoint: `--resume RUN/checkpoints/latest.pt --out RUN` continues it exactly.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

from agents.base import Agent, RandomAgent
from agents.kit import kit_for
from agents.play import LateAgents, play_game, winners
from agents.rl.agent import PPOAgent
from agents.rl.ppo import PPOSettings, PPOTrainer, load_checkpoint
from nemesis_env.core.files import atomic_write_text


@dataclass(frozen=True)
class TrainPlan:
    """When to stop and how to evaluate; the first limit reached ends training."""

    total_updates: int | None
    time_budget_s: float | None
    eval_every: int
    eval_games: int
    eval_opponents: tuple[str, ...] = ("heuristic", "random")
    total_env_steps: int | None = None
    checkpoint_every: int = 0  # updates between checkpoints/latest.pt; 0: only final.pt

    def checkpoint_due(self, update: int) -> bool:
        return self.checkpoint_every > 0 and update % self.checkpoint_every == 0

    def done(self, trainer: PPOTrainer, elapsed_s: float) -> bool:
        if self.total_updates is not None and trainer.update >= self.total_updates:
            return True
        if self.total_env_steps is not None and trainer.env_steps >= self.total_env_steps:
            return True
        return self.time_budget_s is not None and elapsed_s > self.time_budget_s


def fixed_opponent(kind: str, game: Any, seat: int) -> Agent:
    """A random agent, or the heuristic agent of the game's kit for that seat."""
    if kind == "random":
        return RandomAgent()
    return kit_for(game).heuristic(game, seat)


def evaluate(trainer: PPOTrainer, plan: TrainPlan, seed: int) -> dict[str, float]:
    """Win rate of the current policy per role and seat against each evaluation opponent.

    In each role the learner holds every seat of that role and the opponent every other seat;
    the role wins a game when one of its seats is among the winners (agents.play.winners), and
    each of its seats when that seat is. In a late role (GameInfo.late_roles) the learner plays
    whichever seat takes the role, the opponent everything else; its win rate is over the
    games in which the role was taken (`eval/.../played/<role>` is their share).
    With `plan.eval_games` 0 nothing is played and nothing is reported.
    """
    if plan.eval_games == 0:
        return {}
    game = trainer.game
    info = game.info
    learner = PPOAgent(trainer.nets, name="learner")
    players = info.num_players
    metrics: dict[str, float] = {}
    for opponent in plan.eval_opponents:
        for role in info.roles:
            mine = info.seats_of_role(role)
            wins, played, seat_wins = 0, 0, dict.fromkeys(mine, 0)
            for g in range(plan.eval_games):
                seeds = np.random.SeedSequence([seed, g, 7]).spawn(players + 1)
                agents = [
                    learner if seat in mine else fixed_opponent(opponent, game, seat)
                    for seat in range(players)
                ]
                result = play_game(
                    game,
                    agents,
                    np.random.default_rng(seeds[0]),
                    [np.random.default_rng(s) for s in seeds[1:]],
                    late_agents=_late_agents(role, learner, opponent, game),
                )
                if role in info.late_roles:
                    taken = [r for r in result.late_results(info) if r.role == role]
                    played += bool(taken)
                    wins += any(r.value > 0 for r in taken)
                    continue
                played += 1
                won = winners(result.starting_role_returns(info))
                wins += any(seat in won for seat in mine)
                for seat in mine:
                    seat_wins[seat] += seat in won
            metrics[f"eval/{opponent}/win_rate/{role}"] = wins / max(played, 1)
            if role in info.late_roles:
                metrics[f"eval/{opponent}/played/{role}"] = played / plan.eval_games
            for seat in mine:
                rate = seat_wins[seat] / plan.eval_games
                metrics[f"eval/{opponent}/win_rate_seat/{info.seat_names[seat]}"] = rate
    for net in trainer.nets.values():
        net.train()
    return metrics


def _late_agents(role: str, learner: Agent, opponent: str, game: Any) -> LateAgents:
    """Late roles go to the learner when it is evaluated in that role, else to the opponent."""
    return lambda seat, late: learner if late == role else fixed_opponent(opponent, game, seat)


def train(
    game: Any,
    settings: PPOSettings,
    plan: TrainPlan,
    seed: int,
    out_dir: Path,
    resume: Path | None = None,
    progress: bool = True,
) -> PPOTrainer:
    """Trains into a new directory `out_dir` (tests and notebooks; the commands validate first:
    experiments/train_run.py). A `resume` checkpoint starts this run from its state."""
    torch.set_num_threads(1)  # small MLPs: threads cost more than they give on 2 cores
    trainer = PPOTrainer(game, settings, seed)
    try:
        if resume is not None:
            trainer.restore(load_checkpoint(resume))
        run_trainer(trainer, plan, seed, out_dir, progress=progress)
    finally:
        trainer.close()
    return trainer


def run_trainer(
    trainer: PPOTrainer,
    plan: TrainPlan,
    seed: int,
    out_dir: Path,
    *,
    progress: bool = True,
    continues: bool = False,
) -> None:
    """Trains a fresh or restored `trainer`; writes out_dir/{tb/, metrics.jsonl, final.pt} and
    checkpoints/latest.pt every `plan.checkpoint_every` updates. `continues`: out_dir holds
    this same run up to the restored checkpoint; what it logged after that checkpoint (before
    it stopped or was killed) is dropped, so the run reads as one."""
    ckpt_dir = out_dir / "checkpoints"
    ckpt_dir.mkdir(parents=True, exist_ok=True)
    metrics = out_dir / "metrics.jsonl"
    if continues:
        _remove_temporaries(out_dir)
        _drop_rows_after(metrics, trainer.update)
    # purge_step: TensorBoard hides the scalars a continued run logged past its checkpoint
    purge = trainer.env_steps + 1 if continues else None
    writer = SummaryWriter(str(out_dir / "tb"), purge_step=purge)
    start = time.perf_counter()
    bar = tqdm(
        total=plan.total_updates,
        initial=trainer.update,
        desc="train",
        unit="update",
        disable=not progress,
    )
    with metrics.open("a" if continues else "w", encoding="utf-8") as log:
        while not plan.done(trainer, time.perf_counter() - start):
            row = trainer.iterate()
            if plan.eval_every and trainer.update % plan.eval_every == 0:
                row.update(evaluate(trainer, plan, seed))
            # the row before the checkpoint: a kill between the two leaves a row that the
            # resume drops and logs again, never a checkpointed update without its row
            _log(writer, log, trainer, row)
            if plan.checkpoint_due(trainer.update):
                trainer.save(ckpt_dir / "latest.pt")
            bar.update(1)
            bar.set_postfix(env_steps=trainer.env_steps)
        if plan.eval_every and trainer.update % plan.eval_every != 0:  # final evaluation
            _log(writer, log, trainer, evaluate(trainer, plan, seed))
    bar.close()
    writer.close()
    trainer.save(out_dir / "final.pt")


def _log(writer: SummaryWriter, log: Any, trainer: PPOTrainer, row: dict[str, float]) -> None:
    for key, value in row.items():
        writer.add_scalar(key, value, trainer.env_steps)
    log.write(json.dumps({"update": trainer.update, "env_steps": trainer.env_steps, **row}) + "\n")
    log.flush()  # so a running job's progress can be read


def _remove_temporaries(run: Path) -> None:
    """A run killed inside an atomic write (nemesis_env/core/files.py) leaves its temporary,
    `.NAME.XXXX.tmp`, next to NAME; a run directory holds only what the run wrote, so the
    continued run removes them."""
    for folder in (run, run / "checkpoints"):
        for stale in folder.glob(".*.tmp"):
            stale.unlink(missing_ok=True)


def _drop_rows_after(metrics: Path, update: int) -> None:
    if not metrics.exists():
        return
    kept = []
    for line in metrics.read_text(encoding="utf-8").splitlines(keepends=True):
        try:
            row = json.loads(line)
        except ValueError:  # the half-written last line of a killed run
            continue
        if row["update"] <= update:
            kept.append(line if line.endswith("\n") else line + "\n")
    atomic_write_text(metrics, "".join(kept))
