"""The viewer's JSON API (nemesis_env/viewer/server.py) over real HTTP: frames come from one
seat's view, notes go only to the seat that moved, live games play by the rules and keep other
seats' views closed, and bad requests get one-line errors."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from nemesis_env import load_game
from nemesis_env.viewer.frames import SPECTATOR, Timeline, frame
from tests.viewer.helpers import first_step_of, running_viewer, write_recordings


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_recordings(tmp_path_factory.mktemp("recordings"))


@pytest.fixture(scope="module")
def url(files: dict[str, Path]) -> Iterator[str]:
    with running_viewer([files["not_alone"].parent]) as base:
        yield base


def get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def post(url: str, body: Any) -> tuple[int, Any]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def rec_id(url: str, game: str) -> str:
    listing = get(f"{url}/api/list")[1]
    return next(g["id"] for g in listing["games"] if g["game"] == game and not g["live"])


def test_listing_meta_and_a_frame(url: str, files: dict[str, Path]) -> None:
    doc = json.loads(files["not_alone"].read_text())
    key = rec_id(url, "not_alone")
    status, meta = get(f"{url}/api/meta?id={key}")
    assert status == 200 and meta["steps"] == len(doc["history"])
    assert meta["seats"] == ["spectator", "creature", "hunted_0", "hunted_1"]
    assert meta["decisions"] == [k for k, m in enumerate(doc["record"]["movers"]) if m >= 0]
    assert meta["agents"] == {"creature": "ppo", "hunted_0": "ismcts", "hunted_1": "random"}
    status, f = get(f"{url}/api/frame?id={key}&step=30&seat=hunted_0")
    game = load_game("not_alone", players=3)
    state = game.replay(doc["history"][:30])
    assert status == 200 and f["svg"] == game.render_svg(state, 1)
    assert f["log"] == [game.event_text(e, 1) for e in state.events]


def test_notes_reach_only_the_seat_that_moved(url: str, files: dict[str, Path]) -> None:
    """The PPO Creature's probabilities (over its own hunt cards, say) are its private
    reasoning: the Creature's view shows them with the value; no other view does."""
    doc = json.loads(files["not_alone"].read_text())
    key = rec_id(url, "not_alone")
    step = first_step_of(doc, 0, with_note=True)
    own = get(f"{url}/api/frame?id={key}&step={step}&seat=creature")[1]
    note = doc["record"]["notes"][str(step)]
    assert own["note"]["value"] == note["value"]
    assert {a["action"]: a["p"] for a in own["note"]["actions"]} == {
        int(a): p for a, p in note["probs"].items()
    }
    ps = [a["p"] for a in own["note"]["actions"]]
    assert ps == sorted(ps, reverse=True)  # best first
    for seat in ("spectator", "hunted_0", "hunted_1"):
        other = get(f"{url}/api/frame?id={key}&step={step}&seat={seat}")[1]
        assert "note" not in other and "chosen" not in other and "decision" not in other
    search = first_step_of(doc, 1, with_note=True)
    visits = get(f"{url}/api/frame?id={key}&step={search}&seat=hunted_0")[1]["note"]
    assert (
        sum(a["visits"] for a in visits["actions"])
        == doc["record"]["notes"][str(search)]["iterations"]
    )


def test_the_spectator_log_is_the_public_one() -> None:
    """The spectator reads events as a seat with no private card: a private draw shows as
    hidden, where a seat's own log names its card."""
    game = load_game("not_alone", players=3)
    timeline = Timeline(game, game.new_initial_state())
    rng_state = game.new_initial_state()
    while not any(e.visible_to for e in rng_state.events):
        outcomes = rng_state.chance_outcomes()
        action = outcomes[0][0] if outcomes else rng_state.legal_actions()[0]
        rng_state.apply_action(action)
        timeline.append(action)
    private = next(e for e in rng_state.events if e.visible_to)
    owner = min(private.visible_to)
    step = len(timeline.history)
    public = frame(timeline, step, SPECTATOR)["log"]
    mine = frame(timeline, step, owner)["log"]
    assert game.event_text(private, -1) in public and game.event_text(private, owner) in mine
    assert game.event_text(private, -1) != game.event_text(private, owner)


def test_a_live_game_plays_by_the_rules_and_keeps_other_views_closed(url: str) -> None:
    status, seats = post(f"{url}/api/seats", {"game": "not_alone", "players": 2})
    assert status == 200 and seats["seats"] == ["creature", "hunted_0"]
    agents = get(f"{url}/api/agents?game=not_alone")[1]["agents"]
    heuristic = next(i for i, a in enumerate(agents) if a["kind"] == "heuristic")
    status, live = post(
        f"{url}/api/live",
        {"game": "not_alone", "players": 2, "seat": "hunted_0", "agent": heuristic, "seed": 3},
    )
    assert status == 200
    key = live["id"]
    status, err = get(f"{url}/api/frame?id={key}&step=0&seat=creature")
    assert status == 400 and "your own seat" in err["error"]
    for _ in range(400):
        meta = get(f"{url}/api/meta?id={key}")[1]
        now = get(f"{url}/api/frame?id={key}&step={meta['steps']}&seat=hunted_0")[1]
        if now["terminal"]:
            break
        assert now["mover"] == "hunted_0" and now["legal"]
        status, bad = post(f"{url}/api/move", {"id": key, "action": 10_000})
        assert status == 400 and "not legal" in bad["error"]
        assert post(f"{url}/api/move", {"id": key, "action": now["legal"][-1]["action"]})[0] == 200
    assert now["terminal"], "a 2-player game ends within 400 of the Hunted's decisions"
    # over: every view opens
    assert get(f"{url}/api/frame?id={key}&step=0&seat=creature")[0] == 200


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("/api/meta?id=zz", "no game 'zz'"),
        ("/api/frame?id=r0&step=-1", "step -1"),
        ("/api/frame?id=r0&step=x", "invalid literal"),
        ("/api/frame?id=r0&seat=nobody", "seat 'nobody'"),
        ("/api/agents?game=chess", "game 'chess'"),
        ("/nothing", "no such page"),
        ("/static/../server.py", "no such page"),
    ],
)
def test_bad_gets_are_answered_clearly(url: str, path: str, message: str) -> None:
    status, doc = get(url + path)
    assert status in (400, 404) and message in doc["error"]


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/api/live", b"not json", "not JSON"),
        ("/api/live", [1, 2], "a JSON object"),
        ("/api/live", {"game": "not_alone"}, "needs 'players'"),
        ("/api/live", {"game": "not_alone", "players": 9, "seat": "creature", "agent": 0},
         "players must be"),
        ("/api/live", {"game": "not_alone", "players": 2, "seat": "bob", "agent": 0}, "seat 'bob'"),
        ("/api/live", {"game": "not_alone", "players": 2, "seat": "creature", "agent": 99},
         "agent 99"),
        ("/api/move", {"id": "r0", "action": 1}, "cannot be played"),
        ("/api/seats", {"game": "nope", "players": 2}, "nope"),
    ],
)  # fmt: skip
def test_bad_posts_are_answered_clearly(url: str, path: str, body: Any, message: str) -> None:
    status, doc = post(url + path, body)
    assert status == 400 and message in doc["error"], doc
