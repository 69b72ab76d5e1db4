"""Screenshots of the web viewer for docs/: each game's board from one seat, the agent's
policy beside it (issue 15).

    python -m tools.screenshots --out docs/img

Plays one seeded game of each game with a searching seat (ISMCTS with the heuristic prior:
its root visit counts are its policy) among heuristic agents, and one Not Alone game with a
PPO checkpoint's Creature when --ppo CKPT is given (probabilities and value estimate), writes
the recordings to a temporary directory, serves them with the viewer, and photographs the page
in Debian's Chromium at a decision of the searching seat, from that seat's view. Writes
not_alone_board.png and nemesis_board.png (and not_alone_ppo.png) under --out, and nothing else.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import threading
from pathlib import Path
from typing import Any

from agents.play import play_with_notes
from experiments.agent_factory import make_agent
from experiments.config import AgentSpec
from nemesis_env import load_game
from nemesis_env.core.chance import spawn_streams
from nemesis_env.tools import recording
from nemesis_env.viewer.server import Viewer, load_recordings, make_server
from tools.viewer_page import CHROMIUM, FLAGS, go_to, open_recording

SEARCH = {"iterations": 300, "prior": "heuristic", "prior_weight": 4.0, "rollout_policy": "kit"}


def record(name: str, players: int, seed: int, focal: AgentSpec, **params: Any) -> dict[str, Any]:
    """One game: seat 0 plays `focal`, the others the heuristic; the notes of real choices
    kept (a forced move has nothing to show)."""
    game = load_game(name, players=players, **params)
    heuristic = AgentSpec(name="heuristic", kind="heuristic")
    agents = [make_agent(focal if s == 0 else heuristic, game, s) for s in range(players)]
    chance, *rngs = spawn_streams(seed, players + 1)
    result, notes = play_with_notes(game, agents, chance, rngs)
    choices = {k: n for k, n in notes.items() if len(n.get("visits", n.get("probs", {}))) > 1}
    names = {n: a.name for n, a in zip(game.info.seat_names, agents, strict=True)}
    return recording.build(game, result.history, agents=names, notes=choices)


def photograph(url: str, title: str, seat: str, step: int, path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        page = open_recording(browser, url, title, seat, width=1560)
        go_to(page, step)
        page.screenshot(path=str(path), full_page=True)
        browser.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="an existing directory")
    parser.add_argument("--ppo", type=Path, help="a Not Alone PPO checkpoint (optional)")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    if not args.out.is_dir():
        parser.error(f"--out {args.out}: not a directory")
    ismcts = AgentSpec(name="ismcts", kind="ismcts", params=SEARCH)
    games = {
        "not_alone_board": (record("not_alone", 4, args.seed, ismcts), "creature"),
        "nemesis_board": (record("nemesis", 4, args.seed, ismcts), "player_0"),
    }
    if args.ppo is not None:
        import experiments.ppo_kind  # noqa: F401  (registers the "ppo" agent kind)

        ppo = AgentSpec(name="ppo", kind="ppo", checkpoint=str(args.ppo), params={"greedy": True})
        games["not_alone_ppo"] = (record("not_alone", 4, args.seed, ppo), "creature")
    with tempfile.TemporaryDirectory() as tmp:
        for name, (doc, _) in games.items():
            Path(tmp, f"{name}.json").write_text(json.dumps(doc), encoding="utf-8")
        server = make_server(Viewer(load_recordings([Path(tmp)])), "127.0.0.1", 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}"
        for name, (doc, seat) in games.items():
            steps = sorted(int(k) for k in doc["record"]["notes"])
            step = steps[len(steps) // 2]  # a decision in mid-game
            photograph(url, f"{name}.json", seat, step, args.out / f"{name}.png")
            print(f"{args.out / name}.png: {doc['game']} step {step}, {seat}'s view")
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
