"""A player's actions in process: the web app called straight through ASGI, no network.

Run: .venv/bin/python bench/actions.py [--actions 3000] [--players 20] [--profile]

The same play as bench/web_load.py's players (Klondike with moves home on; half the
actions a drag to where the view says the card may go, the rest deals and an
undo now and then), with a real SQLite file, but without HTTP: what is left is the
server's own work per action (the game, the view, the store and its thread). Prints the
CPU time and the wall time per action, and how many times per action the engine worked
out a position's legal moves (a count, so it does not depend on the machine's speed);
the slowest actions, and the garbage collector's pauses. The collector is set as a
server process sets it (``ui.web.collector``); --default-collector leaves Python's
defaults. --profile prints where the event loop's time went (cProfile, slower).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import os
import pstats
import random
import tempfile
import time
from typing import Any

import orjson

import cardtable.solitaire.engine as engine
from cardtable.app.storage import Store
from cardtable.ui.web import collector
from cardtable.ui.web.server import create_app

App = Any


async def call(app: App, method: str, path: str, body: Any = None, cookie: str = "") -> tuple[int, Any, str]:
    """One request through the ASGI app: status, JSON answer, cookie set."""
    data = b"" if body is None else orjson.dumps(body)
    headers = [(b"host", b"bench"), (b"content-length", str(len(data)).encode())]
    if body is not None:
        headers.append((b"content-type", b"application/json"))
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "path": path,
             "raw_path": path.encode(), "query_string": b"", "headers": headers, "client": ("127.0.0.1", 1),
             "server": ("bench", 80), "scheme": "http", "root_path": "", "state": {}}
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": data, "more_body": False}
        await asyncio.sleep(3600)
        return {"type": "http.disconnect"}

    out: dict[str, Any] = {"status": 0, "body": b"", "cookie": ""}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
            for name, value in message["headers"]:
                if name == b"set-cookie":
                    out["cookie"] = value.decode().split(";", 1)[0]
        else:
            out["body"] += message.get("body", b"")

    await app(scope, receive, send)
    return out["status"], orjson.loads(out["body"]) if out["body"] else None, out["cookie"]


class Pauses:
    """The garbage collector's collections: how many, and how long they took."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self._began = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.times.append(time.perf_counter() - self._began)


async def play(actions: int, players: int, profile: cProfile.Profile | None, settle: bool = True) -> None:
    app = create_app(Store(os.path.join(tempfile.mkdtemp(), "bench.db")))
    if settle:
        collector.settle()
    took: list[float] = []
    rng = random.Random(1)
    tables = []
    deals = iter(range(1, 10**9))  # the same deals every run
    for _ in range(players):
        _, view, cookie = await call(app, "POST", "/api/games", {"game": "klondike", "deal": next(deals)})
        tables.append([cookie, view])
    generations = 0
    generate = engine._generate

    def counted(state: Any) -> Any:
        nonlocal generations
        generations += 1
        return generate(state)

    engine._generate = counted
    pauses = Pauses()
    gc.callbacks.append(pauses)
    began, cpu = time.perf_counter(), time.process_time()
    if profile:
        profile.enable()
    for n in range(actions):
        started = time.perf_counter()
        table = tables[n % players]
        cookie, view = table
        action: dict[str, Any] = {"action": "deal"}
        roll = rng.random()
        if roll < 0.1 and view["can_undo"]:
            action = {"action": "undo"}
        elif roll < 0.6:
            tops = [(p["name"], len(p["cards"]) - 1) for p in view["piles"]
                    if p["kind"] != "foundation" and p["cards"] and "card" in p["cards"][-1]]
            if tops:
                pile, position = rng.choice(tops)
                if "targets" in view:  # where the page finds a dragged card's places
                    places = view["targets"].get(pile, {}).get(str(position), [])
                else:  # a server whose views do not carry them: asked, as its page did
                    _, found, _ = await call(app, "POST", f"/api/games/{view['id']}/targets",
                                             {"pile": pile, "position": position, "version": view["version"]}, cookie)
                    places = found["targets"]
                if places:
                    action = {"action": "move", "pile": pile, "position": position, "target": places[0]}
        status, answer, _ = await call(app, "POST", f"/api/games/{view['id']}/actions",
                                       {**action, "version": view["version"]}, cookie)
        table[1] = answer["view"]
        took.append(time.perf_counter() - started)
        if status != 200 or (not answer["ok"] and action["action"] == "deal" and answer["view"]["stuck"]):
            _, table[1], _ = await call(app, "POST", "/api/games", {"game": "klondike", "deal": next(deals)}, cookie)
    if profile:
        profile.disable()
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    engine._generate = generate
    gc.callbacks.remove(pauses)
    took.sort()
    print(f"{actions} actions, {players} players: CPU {cpu / actions * 1e3:.3f} ms an action, "
          f"wall {wall / actions * 1e3:.3f} ms; legal moves worked out {generations / actions:.2f} times an action")
    print(f"an action: p50 {took[len(took) // 2] * 1e3:.2f} ms, p99 {took[len(took) * 99 // 100] * 1e3:.2f} ms, "
          f"slowest {took[-1] * 1e3:.2f} ms; collector: {len(pauses.times)} collections, "
          f"{sum(pauses.times) * 1e3:.1f} ms in all, longest {max(pauses.times, default=0) * 1e3:.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--profile", action="store_true", help="print where the time went")
    parser.add_argument("--default-collector", action="store_true", help="leave the garbage collector as Python sets it")
    args = parser.parse_args()
    profile = cProfile.Profile() if args.profile else None
    asyncio.run(play(args.actions, args.players, profile, settle=not args.default_collector))
    if profile:
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
