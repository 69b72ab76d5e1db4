"""Driving the viewer page in Debian's headless Chromium through Playwright: what the
end-to-end tests (tests/viewer/test_browser.py) and the screenshots (tools/screenshots.py)
share. The page marks what it shows on <body data-game data-seat data-step>; these helpers wait
on that, never on time."""

from __future__ import annotations

from typing import Any

CHROMIUM = "/usr/bin/chromium"
# the machine's notes: a closed network refuses Chromium's background connections
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def open_recording(browser: Any, url: str, title_part: str, seat: str, width: int = 1500) -> Any:
    """A new page at `url`, showing the recording whose title holds `title_part` from
    `seat`'s view."""
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.goto(url + "/")
    page.wait_for_selector("#v-board svg")
    value = page.eval_on_selector(
        "#v-game-select", "(s, t) => [...s.options].find(o => o.text.includes(t)).value", title_part
    )
    if page.evaluate("() => document.body.dataset.game") != value:  # else already open
        page.select_option("#v-game-select", value)
        page.wait_for_function("v => document.body.dataset.game === v", arg=value)
    page.select_option("#v-seat-select", seat)
    page.wait_for_function("s => document.body.dataset.seat === s", arg=seat)
    return page


def go_to(page: Any, step: int) -> None:
    """Moves the slider to `step` and waits for that frame."""
    page.eval_on_selector(
        "#v-step", "(e, v) => { e.value = v; e.dispatchEvent(new Event('input')); }", step
    )
    page.wait_for_function(
        "k => document.querySelector('#v-status').textContent.startsWith(`Step ${k} `)", arg=step
    )
