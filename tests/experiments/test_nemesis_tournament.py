"""The shipped Nemesis tournament config runs through the generic pipeline (issue 12 item 15):
four crew seats, the heuristic crew and random crews, reproducible from its seed."""

from __future__ import annotations

from pathlib import Path

import yaml

from experiments.config import TournamentConfig, config_from_dict
from experiments.tournament import run_tournament

CONFIG = Path(__file__).resolve().parents[2] / "configs" / "nemesis_tournament.yaml"


def test_the_nemesis_tournament_config_runs_and_is_reproducible(tmp_path: Path) -> None:
    doc = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))
    runs = []
    for name in ("a", "b"):
        doc.update(games_per_match=2, workers=1, out_dir=str(tmp_path / name))
        runs.append(run_tournament(config_from_dict(TournamentConfig, doc), progress=False))
    a, b = runs
    assert a.games and len(a.games) == len(b.games)
    assert (a.run_dir / "results.json").read_bytes() == (b.run_dir / "results.json").read_bytes()
    text = (a.run_dir / "results.md").read_text(encoding="utf-8")
    assert "heuristic" in text and "random" in text and "`nemesis`" in text
