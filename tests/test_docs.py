"""The published observation layout and action table match the code."""

from pathlib import Path

from nemesis_env.games.not_alone.actions import SPACE
from nemesis_env.games.not_alone.encoder import build_layout

DOC = Path(__file__).resolve().parents[1] / "docs" / "observations.md"


def test_observation_layout_doc_matches_encoder() -> None:
    assert build_layout().describe() in DOC.read_text(encoding="utf-8")


def test_action_table_doc_matches_codec() -> None:
    text = DOC.read_text(encoding="utf-8")
    codec = SPACE
    for i in range(len(codec)):
        assert f"| {i} | {codec.name(i)} |" in text
