"""Run data is sacred (shared/DESIGN.md §4): a run directory holds exactly one run, commands
validate before they touch the disk, and shipped data is written only on purpose."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest
import yaml

from agents.kit import kit_for
from experiments.rundir import create_run_dir
from nemesis_env.cli import main
from nemesis_env.core.errors import NemesisError
from tests.conftest import TOY

ROOT = Path(__file__).resolve().parents[2]
EXPERT = ROOT / "configs" / "expert_creature.yaml"
SMOKE = ROOT / "configs" / "smoke_run.yaml"

# a bare train config that trains in about a second
TRAIN = {
    "game": "not_alone", "players": 2, "game_params": {"board_side": 1}, "total_updates": 1,
    "rollout_steps": 64, "num_slots": 2, "minibatch_size": 32, "epochs": 1, "hidden_sizes": [8],
    "snapshot_every": 1, "pool_size": 1, "opponent_mix": {"self": 0.5, "random": 0.5},
    "eval_every": 1, "eval_games": 1, "eval_opponents": ["random"], "seed": 0,
}  # fmt: skip


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def train_config(tmp_path: Path, **changes: object) -> Path:
    path = tmp_path / "train.yaml"
    path.write_text(yaml.safe_dump({**TRAIN, **changes}))
    return path


def train(
    config: Path, out: Path, *extra: str, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str]:
    code = main(["train", str(config), "--out", str(out), "--no-progress", *extra])
    return code, capsys.readouterr().err


def snapshot(run: Path) -> dict[str, str]:
    """Every file of a directory with its hash."""
    return {str(p.relative_to(run)): sha(p) for p in sorted(run.rglob("*")) if p.is_file()}


# ------------------------------------------------------------------- 1. expert runs, shipping
SHIPPED = ROOT / "agents" / "games" / "not_alone" / "data" / "not_alone_creature_ismcts.json.gz"
FAST = ["--set", "games=1", "--set", "expert.params.iterations=8", "--set", "workers=1"]


def test_expert_writes_a_run_directory_not_the_shipped_dataset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = sha(SHIPPED)
    monkeypatch.chdir(tmp_path)  # the config's relative paths land here, whatever they are
    assert main(["expert", str(EXPERT), *FAST, "--no-progress"]) == 0
    assert sha(SHIPPED) == before
    run = tmp_path / "runs" / "expert_creature"
    assert sorted(p.name for p in run.iterdir()) == ["config.yaml", "dataset.json.gz", "meta.json"]
    assert [p for p in tmp_path.rglob("*.json.gz") if p.parent != run] == []
    meta = json.loads((run / "meta.json").read_text())
    assert meta["game"] == "not_alone" and meta["seeds"]["seed"] == 100


def test_expert_out_dir_override_and_refusing_a_used_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "few"
    assert main(["expert", str(EXPERT), *FAST, "--set", f"out_dir={out}", "--no-progress"]) == 0
    assert (out / "dataset.json.gz").is_file()
    capsys.readouterr()
    assert main(["expert", str(EXPERT), *FAST, "--set", f"out_dir={out}", "--no-progress"]) == 2
    assert "--overwrite" in capsys.readouterr().err


def _toy_expert(tmp_path: Path, **changes: object) -> Path:
    doc = {
        "game": TOY.name, "players": 3, "seat": 1, "games": 1, "seed": 0,
        "expert": {"name": "ismcts", "kind": "ismcts", "params": {"iterations": 10}},
        "others": {"name": "heuristic", "kind": "heuristic"},
        "out_dir": str(tmp_path / "run"), **changes,
    }  # fmt: skip
    path = tmp_path / "expert.yaml"
    path.write_text(yaml.safe_dump(doc))
    return path


def test_ship_writes_the_kits_dataset_and_refuses_without_a_kit_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shipped = tmp_path / "kit_data" / "toy_scout.json.gz"
    shipped.parent.mkdir()
    monkeypatch.setitem(kit_for(TOY.name).expert_datasets, "toy_scout", shipped)
    # no ship_as, or a name the kit does not ship: refused before any game is played
    assert main(["expert", str(_toy_expert(tmp_path)), "--ship", "--no-progress"]) == 2
    assert "ship_as" in capsys.readouterr().err
    config = _toy_expert(tmp_path, ship_as="toy_other")
    assert main(["expert", str(config), "--ship", "--no-progress"]) == 2
    assert "toy_scout" in capsys.readouterr().err  # names what is allowed
    assert not (tmp_path / "run").exists() and not shipped.exists()
    # without --ship a kit name changes nothing shipped
    config = _toy_expert(tmp_path, ship_as="toy_scout")
    assert main(["expert", str(config), "--no-progress"]) == 0
    assert not shipped.exists()
    config = _toy_expert(tmp_path, ship_as="toy_scout", out_dir=str(tmp_path / "run2"))
    assert main(["expert", str(config), "--ship", "--no-progress"]) == 0
    assert shipped.read_bytes() == (tmp_path / "run2" / "dataset.json.gz").read_bytes()
    assert json.loads((tmp_path / "run2" / "meta.json").read_text())["shipped_to"] == str(shipped)


# ------------------------------------------------------------------- 2. --overwrite clears
def test_overwrite_leaves_only_the_new_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    assert train(train_config(tmp_path, total_updates=2), out, capsys=capsys)[0] == 0
    (out / "notes.txt").write_text("left by the first run")
    assert train(train_config(tmp_path), out, "--overwrite", capsys=capsys)[0] == 0
    rows = [json.loads(line) for line in (out / "metrics.jsonl").read_text().splitlines()]
    assert [r["update"] for r in rows] == [1]
    assert len(list((out / "tb").glob("events.out.tfevents.*"))) == 1
    assert not (out / "notes.txt").exists()


def test_overwrite_refuses_a_directory_that_is_not_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    before = snapshot(precious)
    code = main(["run", str(SMOKE), "--set", f"out_dir={precious}", "--overwrite", "--no-progress"])
    assert code == 2 and "meta.json" in capsys.readouterr().err
    assert snapshot(precious) == before
    code, err = train(train_config(tmp_path), precious, "--overwrite", capsys=capsys)
    assert code == 2 and "not a run directory" in err and snapshot(precious) == before


def test_overwrite_never_deletes_tracked_files(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "x"
    run.mkdir(parents=True)
    (run / "meta.json").write_text("{}")
    (run / "kept.txt").write_text("tracked")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "runs/x/kept.txt"], check=True)
    with pytest.raises(NemesisError, match="tracked"):
        create_run_dir(tmp_path / "runs", "x", timestamp=False, overwrite=True)
    assert (run / "kept.txt").read_text() == "tracked"


# ------------------------------------------------------------------- 3. resume
def test_resume_refuses_an_out_dir_that_holds_another_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed0, seed1 = tmp_path / "seed0", tmp_path / "seed1"
    assert train(train_config(tmp_path), seed0, capsys=capsys)[0] == 0
    assert train(train_config(tmp_path, seed=1), seed1, capsys=capsys)[0] == 0
    before = snapshot(seed1)
    code, err = train(
        train_config(tmp_path, total_updates=2), seed1, "--resume", str(seed0 / "final.pt"),
        capsys=capsys,
    )  # fmt: skip
    assert code == 2 and "--overwrite" in err
    assert snapshot(seed1) == before


def test_a_failed_resume_leaves_the_run_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "run"
    assert train(train_config(tmp_path), run, capsys=capsys)[0] == 0
    before = snapshot(run)
    config = train_config(tmp_path, total_updates=2)
    code, err = train(config, run, "--resume", str(run / "finall.pt"), capsys=capsys)
    assert code == 2 and "finall.pt" in err
    assert snapshot(run) == before
    wider = train_config(tmp_path, total_updates=2, hidden_sizes=[16])  # incompatible weights
    code, err = train(wider, run, "--resume", str(run / "final.pt"), capsys=capsys)
    assert code == 2 and "hidden" in err
    assert snapshot(run) == before


def test_resume_into_a_new_directory_records_its_parent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parent, child = tmp_path / "parent", tmp_path / "child"
    assert train(train_config(tmp_path), parent, capsys=capsys)[0] == 0
    before = snapshot(parent)
    config = train_config(tmp_path, total_updates=2, lr=1e-4)
    assert train(config, child, "--resume", str(parent / "final.pt"), capsys=capsys)[0] == 0
    assert snapshot(parent) == before
    meta = json.loads((child / "meta.json").read_text())
    assert meta["parent"]["checkpoint"] == str((parent / "final.pt").resolve())
    assert meta["parent"]["sha256"] == before["final.pt"]
    assert meta["parent"]["run_dir"] == str(parent.resolve())
    assert meta["parent"]["update"] == 1
    assert meta["parent"]["changed_settings"]["lr"] == [3e-4, 1e-4]
    rows = [json.loads(line) for line in (child / "metrics.jsonl").read_text().splitlines()]
    assert [r["update"] for r in rows] == [2]
    assert json.loads((child / "train_summary.json").read_text())["started_at_update"] == 1


def test_resume_in_its_own_run_appends_and_records_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Resumed from checkpoints/latest.pt (update 2), the run drops what it logged after it
    (update 3 and its final evaluation) and reads as one run of 4 updates."""
    run = tmp_path / "run"
    config = train_config(tmp_path, total_updates=3, eval_every=2, checkpoint_every=2)
    assert train(config, run, capsys=capsys)[0] == 0
    rows = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert [r["update"] for r in rows] == [1, 2, 3, 3]  # the last: the final evaluation
    created = json.loads((run / "meta.json").read_text())["created_utc"]
    config = train_config(tmp_path, total_updates=4, eval_every=2, checkpoint_every=2)
    latest = run / "checkpoints" / "latest.pt"
    assert train(config, run, "--resume", str(latest), capsys=capsys)[0] == 0
    meta = json.loads((run / "meta.json").read_text())
    assert meta["created_utc"] == created
    assert [r["update"] for r in meta["resumes"]] == [2]
    assert meta["resumes"][0]["changed_config"]["total_updates"] == [3, 4]
    rows = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert [r["update"] for r in rows] == [1, 2, 3, 4]
    assert yaml.safe_load((run / "config.yaml").read_text())["total_updates"] == 4
    summary = json.loads((run / "train_summary.json").read_text())
    assert summary["started_at_update"] == 2 and summary["updates"] == 4


# ------------------------------------------------------------------- 4. failed runs, stubs
def test_a_run_that_fails_validation_leaves_no_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    config = train_config(tmp_path, expert_data=str(tmp_path / "typo.json.gz"))
    code, err = train(config, out, capsys=capsys)
    assert code == 2 and "typo.json.gz" in err
    assert not out.exists()
    assert train(train_config(tmp_path), out, capsys=capsys)[0] == 0


def test_a_stub_from_a_crash_names_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run"
    out.mkdir()
    (out / "meta.json").write_text("{}")  # what a run killed before its first update leaves
    code, err = train(train_config(tmp_path), out, capsys=capsys)
    assert code == 2 and "--overwrite" in err
    assert err.count("\n") == 1  # one line
    assert train(train_config(tmp_path), out, "--overwrite", capsys=capsys)[0] == 0
    assert (out / "final.pt").is_file()
