"""Golden playthroughs (OpenSpiel style; shared/DESIGN.md §5.6, style-study §4 snippet 10).

Each file in tests/playthroughs/ records one whole random game: every state's mover, views,
observation digests, legal actions with names, and the chosen ids. Replaying the ids must print
the same text. After a reviewed rules/view/encoder change, regenerate with
`python -m nemesis_env.tools.playthrough --update FILE`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import nemesis_env
from nemesis_env.core.errors import IllegalActionError
from nemesis_env.tools import playthrough

DIRECTORY = Path(__file__).parent / "playthroughs"
PLAYTHROUGHS = sorted(DIRECTORY.glob("*.txt"))
# Not Alone keeps 1, 2 or 3 reserve copies of places 6-10 for 2, 3-4 and 5-7 players
PLAYER_GROUPS = {"2": range(2, 3), "3-4": range(3, 5), "5-7": range(5, 8)}


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_playthrough_is_unchanged(path: Path) -> None:
    recorded = path.read_text(encoding="utf-8")
    update = (
        "review the change, then run\n  python -m nemesis_env.tools.playthrough "
        f"--register tests.conftest --update {path}"
    )
    try:
        replayed = playthrough.replay(recorded)
    except IllegalActionError as exc:
        pytest.fail(f"{path.name}: the recorded ids no longer replay ({exc}); {update}")
    difference = playthrough.first_difference(playthrough.body_of(recorded), replayed)
    assert difference is None, f"{path.name} no longer replays identically; {update}\n{difference}"


def test_every_registered_game_has_a_playthrough() -> None:
    recorded = {playthrough.game_name(p.read_text(encoding="utf-8")) for p in PLAYTHROUGHS}
    missing = set(nemesis_env.list_games()) - recorded
    assert not missing, f"no golden playthrough for {sorted(missing)} in {DIRECTORY}"


def test_every_player_count_group_has_a_playthrough() -> None:
    counts = set()
    for path in PLAYTHROUGHS:
        header, _ = playthrough.parse(path.read_text(encoding="utf-8"))
        if header["game"] == "not_alone":
            counts.add(header["params"]["players"])
    for group, players in PLAYER_GROUPS.items():
        assert counts & set(players), f"no Not Alone playthrough with {group} players"


def test_every_nemesis_player_count_and_mode_has_a_playthrough() -> None:
    """Nemesis changes with the player count (the bag's Adults, the pods, the objectives) and
    with its mode (params.py MODES)."""
    from nemesis_env.games.nemesis.params import MODES

    counts, modes = set(), set()
    for path in PLAYTHROUGHS:
        header, _ = playthrough.parse(path.read_text(encoding="utf-8"))
        if header["game"] == "nemesis":
            modes.add(header["params"]["mode"])
            if header["params"]["mode"] == "standard":
                counts.add(header["params"]["players"])
    assert counts == {2, 3, 4, 5}
    assert modes == set(MODES)


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_playthrough_records_a_whole_game_with_views_and_legal_actions(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    header, actions = playthrough.parse(text)
    assert header["num_recorded_actions"] == len(actions) > 0
    assert "(terminal)" in text and "Returns() = " in text
    for marker in ("ViewString(spectator)", "ObservationTensor(0)", "StringLegalActions()"):
        assert marker in text
    for seat in range(header["num_players"]):
        assert f"ViewString({seat})" in text


def test_generate_then_replay_round_trips(tmp_path: Path) -> None:
    out = tmp_path / "not_alone_3p.txt"
    argv = ["--game", "not_alone", "--players", "3", "--seed", "5", "--out", str(out)]
    assert playthrough.main(argv) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Golden playthrough")
    header, actions = playthrough.parse(text)
    assert header["params"]["players"] == 3 and header["seed"] == 5
    assert actions == playthrough.random_history(nemesis_env.load_game("not_alone", players=3), 5)
    assert playthrough.first_difference(playthrough.body_of(text), playthrough.replay(text)) is None
    assert playthrough.update(out) is False  # nothing changed


def test_update_repairs_a_stale_file(tmp_path: Path) -> None:
    out = tmp_path / "stale.txt"
    playthrough.main(["--game", "not_alone", "--players", "2", "--seed", "1", "--out", str(out)])
    fresh = out.read_text(encoding="utf-8")
    stale = fresh.replace("ViewString(spectator) =", "ViewString(spectator) = (old)", 1)
    out.write_text(stale, encoding="utf-8")
    assert playthrough.first_difference(playthrough.body_of(stale), playthrough.replay(stale))
    assert playthrough.update(out) is True
    assert out.read_text(encoding="utf-8") == fresh
    # ids that no longer make a game under the rules: the recorded seed is replayed instead
    broken = fresh.replace("action: ", "action: 9", 1)
    with pytest.raises(IllegalActionError):
        playthrough.replay(broken)
    out.write_text(broken, encoding="utf-8")
    assert playthrough.update(out) is True
    assert out.read_text(encoding="utf-8") == fresh
