"""`nemesis serve`: the web viewer and player on localhost (standard library http.server).

The page (static/index.html, app.js, style.css) asks the JSON API below for one frame at a
time (nemesis_env/viewer/frames.py): the board as SVG, the log and the notes, all built on the
server from the chosen seat's view, so the page never holds what that seat may not know.

    GET  /api/list                          recordings and live games, the games to start
    GET  /api/meta?id=ID                    seats, steps, turns and decision steps of a game
    GET  /api/frame?id=ID&step=K&seat=S     one frame (S: spectator, a seat name or index)
    GET  /api/agents?game=NAME              the agents a live game may be played against
    POST /api/live  {game, players, params, seat, agent, seed}      starts a live game -> {id}
    POST /api/move  {id, action}            the person's move in a live game
    POST /api/seats {game, players, params} the seat names of a game to start

Live games need agents, which live above this package: a `LiveProvider` (experiments'
`nemesis serve` passes one) starts them; without one the viewer only replays recordings.
Bad requests get a 400 with a one-line JSON error; the server only ever reads the recordings
it was given at start-up and its own static files.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qs, urlparse

from nemesis_env.core.errors import NemesisError
from nemesis_env.envs.registry import game_entry, list_games, load_game
from nemesis_env.tools import recording
from nemesis_env.viewer import frames
from nemesis_env.viewer.frames import Timeline

STATIC = Path(__file__).with_name("static")
STATIC_FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/static/style.css": ("style.css", "text/css; charset=utf-8"),
}
MAX_BODY = 64 * 1024


class RequestError(ValueError):
    """A bad request: answered with 400 and this message."""


class LiveGame(Protocol):
    timeline: Timeline
    human: int

    def move(self, action: int) -> None: ...


class LiveProvider(Protocol):
    def agents(self, game: str) -> list[dict[str, Any]]: ...

    def start(
        self, game: str, params: dict[str, Any], seat: str, agent: int, seed: int
    ) -> LiveGame: ...


@dataclass
class Entry:
    title: str
    timeline: Timeline
    live: LiveGame | None = None


def load_recordings(paths: list[Path]) -> list[Entry]:
    """Every recording among `paths` (files, or directories searched for *.json); a named file
    that is no recording raises RecordingError, a directory's other JSON files are skipped."""
    entries: list[Entry] = []
    for path in paths:
        files = sorted(path.rglob("*.json")) if path.is_dir() else [path]
        for file in files:
            try:
                game, doc = recording.parse(file.read_text(encoding="utf-8"))
            except (recording.RecordingError, UnicodeDecodeError, OSError) as exc:
                if path.is_dir():
                    continue
                raise recording.RecordingError(f"{file}: {exc}") from exc
            record = doc["record"]
            timeline = Timeline(game, recording.start_state(game, doc), list(doc["history"]))
            timeline.notes = {int(k): v for k, v in record.get("notes", {}).items()}
            timeline.agents = dict(record.get("agents", {}))
            title = str(file.relative_to(path)) if path.is_dir() else file.name
            entries.append(Entry(title, timeline))
    return entries


class Viewer:
    """The server's state: recordings (read at start-up) and live games, behind one lock."""

    def __init__(self, entries: list[Entry], live: LiveProvider | None = None) -> None:
        self.entries = {f"r{i}": e for i, e in enumerate(entries)}
        self.live = live
        self.lock = threading.Lock()
        self._next_live = 0

    def listing(self) -> dict[str, Any]:
        games = [
            {"name": n, "players": list(game_entry(n).player_counts),
             "variants": list(game_entry(n).variants)}
            for n in list_games()
        ]  # fmt: skip
        return {
            "games": [
                {
                    "id": k,
                    "title": e.title,
                    "game": e.timeline.game.info.name,
                    "live": e.live is not None,
                }
                for k, e in self.entries.items()
            ],
            "startable": games if self.live is not None else [],
        }

    def entry(self, query: dict[str, str]) -> Entry:
        key = query.get("id", "")
        if key not in self.entries:
            raise RequestError(f"no game {key!r}; games: {sorted(self.entries)}")
        return self.entries[key]

    def meta(self, query: dict[str, str]) -> dict[str, Any]:
        e = self.entry(query)
        human = e.live.human if e.live is not None else None
        return frames.meta(e.timeline, e.title, human)

    def frame(self, query: dict[str, str]) -> dict[str, Any]:
        e = self.entry(query)
        try:
            seat = frames.seat_arg(e.timeline.game, query.get("seat"))
            step = int(query.get("step", "0"))
            human = e.live.human if e.live is not None else None
            if human is not None and seat not in (human, frames.SPECTATOR):
                live_state = e.timeline.state_at(len(e.timeline.history))
                if not live_state.is_terminal():  # a player may not look at others' cards
                    raise RequestError(
                        "in a live game you see your own seat or the spectator's view until "
                        "the game is over"
                    )
            return frames.frame(e.timeline, step, seat, human)
        except ValueError as exc:
            raise RequestError(str(exc)) from exc

    def agents(self, query: dict[str, str]) -> dict[str, Any]:
        if self.live is None:
            raise RequestError("this server replays recordings only (no live games)")
        if query.get("game") not in list_games():
            raise RequestError(f"game {query.get('game')!r}: one of {list_games()}")
        return {"agents": self.live.agents(query["game"])}

    def start(self, body: dict[str, Any]) -> dict[str, Any]:
        if self.live is None:
            raise RequestError("this server replays recordings only (no live games)")
        try:
            params = dict(body.get("params") or {})
            params["players"] = int(body["players"])
            game = self.live.start(
                str(body["game"]), params, str(body["seat"]), int(body["agent"]),
                int(body.get("seed", 0)),
            )  # fmt: skip
        except KeyError as exc:
            raise RequestError(f"a live game needs {exc.args[0]!r}") from exc
        except (NemesisError, ValueError, TypeError) as exc:
            raise RequestError(str(exc)) from exc
        key = f"l{self._next_live}"
        self._next_live += 1
        name = game.timeline.game.info.name
        self.entries[key] = Entry(f"live {name} ({key})", game.timeline, game)
        return {"id": key}

    def seats(self, body: dict[str, Any]) -> dict[str, Any]:
        """The seat names of a game to start (the form offers them before it starts)."""
        try:
            params = dict(body.get("params") or {})
            params["players"] = int(body["players"])
            return {"seats": list(load_game(str(body["game"]), **params).info.seat_names)}
        except KeyError as exc:
            raise RequestError(f"seats: give {exc.args[0]!r}") from exc
        except (NemesisError, ValueError, TypeError) as exc:
            raise RequestError(str(exc)) from exc

    def move(self, body: dict[str, Any]) -> dict[str, Any]:
        e = self.entry({"id": str(body.get("id", ""))})
        if e.live is None:
            raise RequestError("a recording cannot be played; start a live game")
        try:
            e.live.move(int(body["action"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise RequestError(f"move: {exc}") from exc
        return {"steps": len(e.timeline.history)}


class Handler(BaseHTTPRequestHandler):
    viewer: Viewer  # set on the class that make_server builds

    def log_message(self, format: str, *args: Any) -> None:
        pass  # quiet: the terminal shows the address, not every request

    def _send(self, status: int, body: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, doc: Any) -> None:
        self._send(status, json.dumps(doc).encode("utf-8"), "application/json")

    def do_GET(self) -> None:
        url = urlparse(self.path)
        if url.path in STATIC_FILES:
            name, content_type = STATIC_FILES[url.path]
            self._send(HTTPStatus.OK, (STATIC / name).read_bytes(), content_type)
            return
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        routes = {"/api/list": lambda q: self.viewer.listing(), "/api/meta": self.viewer.meta,
                  "/api/frame": self.viewer.frame, "/api/agents": self.viewer.agents}  # fmt: skip
        self._answer(routes.get(url.path), query)

    def do_POST(self) -> None:
        url = urlparse(self.path)
        routes = {"/api/live": self.viewer.start, "/api/move": self.viewer.move,
                  "/api/seats": self.viewer.seats}  # fmt: skip
        try:
            length = int(self.headers.get("Content-Length", "0"))
            if not 0 <= length <= MAX_BODY:
                raise RequestError(f"a request body is at most {MAX_BODY} bytes")
            try:
                body = json.loads(self.rfile.read(length) or b"{}")
            except ValueError as exc:
                raise RequestError(f"the request body is not JSON ({exc})") from exc
            if not isinstance(body, dict):
                raise RequestError("the request body is a JSON object")
        except (ValueError, RequestError) as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            return
        self._answer(routes.get(url.path), body)

    def _answer(self, route: Any, arg: Any) -> None:
        if route is None:
            self._json(HTTPStatus.NOT_FOUND, {"error": f"no such page: {self.path}"})
            return
        try:
            with self.viewer.lock:
                doc = route(arg)
        except RequestError as exc:
            self._json(HTTPStatus.BAD_REQUEST, {"error": str(exc)})
            return
        self._json(HTTPStatus.OK, doc)


def make_server(viewer: Viewer, host: str = "127.0.0.1", port: int = 8765) -> ThreadingHTTPServer:
    """The HTTP server (port 0 picks a free port: `server.server_address[1]`)."""
    handler = type("BoundHandler", (Handler,), {"viewer": viewer})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(viewer: Viewer, host: str = "127.0.0.1", port: int = 8765) -> int:
    """Serves until interrupted; prints the address first (port 0: a free one)."""
    server = make_server(viewer, host, port)
    address = f"http://{host}:{server.server_address[1]}/"
    print(f"Serving the viewer on {address} ({len(viewer.entries)} recordings); Ctrl-C stops it",
          flush=True)  # fmt: skip
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
