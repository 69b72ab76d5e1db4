"""End-to-end: `nemesis serve` in a subprocess, driven in headless Chromium (Debian's package,
/usr/bin/chromium, installed by `make browser`) through Playwright. The page is clicked through
a recorded game of each game and a live game, screenshots are taken of both boards, and a
seat's page source is checked to hold none of that seat's hidden information."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, sync_playwright

from nemesis_env import load_game
from tests.viewer.helpers import ROOT, first_step_of, write_recordings
from tools.viewer_page import CHROMIUM, FLAGS, go_to, open_recording


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return write_recordings(tmp_path_factory.mktemp("recordings"))


@pytest.fixture(scope="module")
def url(files: dict[str, Path]) -> Iterator[str]:
    """`nemesis serve DIR --port 0`, as a user starts it; the URL is read from its output."""
    cli = Path(sys.executable).with_name("nemesis")
    proc = subprocess.Popen(
        [str(cli), "serve", str(files["not_alone"].parent), "--port", "0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "Serving the viewer on http://127.0.0.1:" in line, line or proc.stderr.read()
        yield line.split(" on ", 1)[1].split("/ ", 1)[0]
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:  # Playwright gives the browser a fresh temporary profile
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def test_click_through_a_not_alone_game_with_the_policy_beside_the_board(
    browser: Browser, url: str, files: dict[str, Path], tmp_path: Path
) -> None:
    doc = json.loads(files["not_alone"].read_text())
    page = open_recording(browser, url, "not_alone.json", "creature")
    page.click("#v-next")
    page.wait_for_function(
        "() => document.querySelector('#v-status').textContent.startsWith('Step 1 ')"
    )
    page.click("#v-last")
    page.wait_for_function(
        "() => document.querySelector('#v-status').textContent.includes('Game over')"
    )
    page.click("#v-first")
    page.click("#v-next-move")  # the first decision after step 0, however fast the clicks
    movers = doc["record"]["movers"]
    first_move = next(k for k, m in enumerate(movers) if m >= 0 and k > 0)
    page.wait_for_function("k => document.body.dataset.step === k", arg=str(first_move))
    page.click("#v-prev-move")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    step = first_step_of(doc, 0, with_note=True, after=30)
    go_to(page, step)
    note = doc["record"]["notes"][str(step)]
    rows = page.locator("#v-note-table tr")
    assert rows.count() == len(note["probs"])  # one row per legal action, with its bar
    assert "Value estimate" in page.inner_text("#v-note")
    assert page.locator("#v-board svg").count() == 1 and page.inner_text("#v-log").strip()
    page.screenshot(path=str(tmp_path / "not_alone_creature.png"))
    assert (tmp_path / "not_alone_creature.png").stat().st_size > 10_000
    page.select_option("#v-turn-select", index=1)  # jump to a turn
    page.wait_for_function("k => document.body.dataset.step === k", arg=str(doc_turn_step(doc, 1)))


def doc_turn_step(doc: dict[str, Any], index: int) -> int:
    game = load_game(doc["game"], **doc["params"])
    state, seen = game.new_initial_state(), []
    for k, action in enumerate([*doc["history"], None]):
        if not seen or seen[-1][0] != state.turn:
            seen.append((state.turn, k))
        if action is not None:
            state.apply_action(action)
    return int(seen[index][1])


def test_a_hunted_page_holds_none_of_the_creatures_hidden_cards(
    browser: Browser, url: str, files: dict[str, Path]
) -> None:
    """At every tenth step: the names of the hunt cards in the Creature's hand that the public
    page does not show appear in the Creature's page and never in a Hunted's page source
    (board, log, notes and all)."""
    doc = json.loads(files["not_alone"].read_text())
    game = load_game("not_alone", players=3)
    pages = {
        s: open_recording(browser, url, "not_alone.json", s)
        for s in ("creature", "hunted_0", "spectator")
    }
    checked = 0
    for step in range(10, len(doc["history"]), 10):
        state = game.replay(doc["history"][:step])
        hand = game.view_for(state, 0).hunt_hand
        names = [c.name for i, c in enumerate(game.data.hunt) if hand >> i & 1]
        html = {}
        for seat, page in pages.items():
            go_to(page, step)
            html[seat] = page.content()
        secret = [n for n in names if n not in html["spectator"]]
        for name in secret:
            assert name in html["creature"], (step, name)
            assert name not in html["hunted_0"], (step, name)
        checked += len(secret)
    assert checked > 0, "no hidden hunt card was ever in the Creature's hand"


def test_the_nemesis_board_is_drawn_for_a_seat(
    browser: Browser, url: str, files: dict[str, Path], tmp_path: Path
) -> None:
    doc = json.loads(files["nemesis"].read_text())
    page = open_recording(browser, url, "nemesis.json", "player_0")
    step = first_step_of(doc, 0, with_note=True, after=60)
    go_to(page, step)
    assert page.locator("#v-board svg [id^='room-']").count() >= 21
    assert page.locator("#v-note-table tr").count() >= 2  # the search's visit counts
    assert "visits" in page.inner_text("#v-note")
    page.screenshot(path=str(tmp_path / "nemesis_player_0.png"))


def test_play_a_live_game_by_clicking(browser: Browser, url: str) -> None:
    """Starts a 2-player Not Alone game as the Hunted against the heuristic Creature from the
    form, and clicks legal moves until the game is over."""
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    page.goto(url + "/")
    page.wait_for_selector("#v-start:not([hidden])")
    page.select_option("#v-start-game", "not_alone")
    page.select_option("#v-start-players", "2")
    page.wait_for_function("() => document.querySelector('#v-start-agent').options.length > 1")
    page.select_option("#v-start-seat", "1")
    agent = page.eval_on_selector(
        "#v-start-agent", "s => [...s.options].find(o => o.text.startsWith('heuristic')).value"
    )
    page.select_option("#v-start-agent", agent)
    page.click("#v-start-button")
    page.wait_for_selector("#v-legal button.move")
    assert page.eval_on_selector("#v-seat-select", "s => s.value") == "hunted_0"
    for _ in range(300):
        if "Game over" in page.inner_text("#v-status"):
            break
        before = page.inner_text("#v-status")
        page.locator("#v-legal button.move").first.click()
        page.wait_for_function(  # the next frame: the step moved on
            "t => document.querySelector('#v-status').textContent !== t", arg=before
        )
    assert "Game over" in page.inner_text("#v-status")


def test_a_nemesis_page_holds_none_of_another_players_hand_or_objectives(
    browser: Browser, url: str, files: dict[str, Path]
) -> None:
    """At every 25th step: seat 1's hand cards and objectives that neither the public page nor
    what seat 0 itself saw (its own cards, its own log: action cards of two characters may
    share a name, such as Search) name appear in seat 1's page and never in seat 0's page
    source."""
    from nemesis_env.games.nemesis import names

    doc = json.loads(files["nemesis"].read_text())
    game = load_game("nemesis", players=2)
    seats = ("player_0", "player_1", "spectator")
    pages = {s: open_recording(browser, url, "nemesis.json", s) for s in seats}
    checked = 0
    for step in range(25, len(doc["history"]), 25):
        state = game.replay(doc["history"][:step])
        view, own = game.view_for(state, 1), game.view_for(state, 0)
        secrets = {names.card(game, c) for c in view.hand}
        secrets |= {names.objective(game, o) for o in view.objectives}
        secrets -= {names.card(game, c) for c in own.hand}
        secrets -= {names.objective(game, o) for o in own.objectives}
        seen = " ".join(game.event_text(e, 0) for e in state.events)
        secrets = {n for n in secrets if n not in seen}
        html = {}
        for seat, page in pages.items():
            go_to(page, step)
            html[seat] = page.content()
        for name in (n for n in secrets if n not in html["spectator"]):
            assert name in html["player_1"], (step, name)
            assert name not in html["player_0"], (step, name)
            checked += 1
    assert checked > 0, "player 1 never held a card or objective the public page does not name"
