"""Web load: many players playing at once against a running server, over HTTP.

Run: .venv/bin/python bench/web_load.py [--players 200] [--rate 5] [--seconds 20] [--workers 2 | --url URL]
     [--hints 0.1] [--winnable [socket|poll]]

Without --url it starts `cardtable serve --workers 2` on a free port with a fresh
database and stops it afterwards. Each player is one keep-alive connection with its own cookie: it starts a
Klondike game, then plays moves (deal from the stock, send a card home or onto another
pile when the view's targets say it may go, undo now and then), each carrying the
version of the view it was made on. Players pause between actions like people do
(--rate actions a second on average, exponentially spaced); --rate 0 removes the pause
and measures the server's ceiling instead. Prints moves/s and the p50/p99 latency of moves,
how late this program's own event loop woke (a share of every latency it measures), and
(when it started the server, on Linux) the server's CPU time per action, with the part of
it its searching processes took.
--hints 0.1 has a tenth of the players ask a hint after every move they make; --winnable
turns every player's "still winnable?" setting on. With it each player keeps its game's
WebSocket open, as the page does, and the verdicts pushed on it are counted and timed
from the move they follow (a verdict the table moved on from is skipped by the server);
--winnable poll asks for the verdict after every move instead (the route a page without
a WebSocket polls). Hints and polled verdicts are timed apart from the moves, and the
hints the heuristic gave at once while the solver was busy are counted.
The loop is bounded by --seconds and talks only to the loopback address. The players run
on uvloop and read and write JSON with orjson, as the server does, so that on one machine
they leave the server as much of the CPU as they can (the server's figures, not theirs,
are what is measured).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import orjson
import uvloop
import websockets.asyncio.client

from cardtable.app.hints import QUICK_HINT


class Connection:
    """A minimal HTTP/1.1 keep-alive client: cheap enough to leave the CPU to the server."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookie = ""

    async def open(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else orjson.dumps(body)
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if self.cookie:
            head += f"Cookie: {self.cookie}\r\n"
        self.writer.write(head.encode() + b"\r\n" + data)
        status_line = await self.reader.readline()
        if not status_line:  # the server closed a connection left idle (as after a long wait): open another
            self.writer.close()
            await self.open()
            self.writer.write(head.encode() + b"\r\n" + data)
            status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "set-cookie":
                self.cookie = value.strip().split(";", 1)[0]
        payload = await self.reader.readexactly(length)
        return status, orjson.loads(payload) if payload else None


WARMING = 4
"""Players who wait for their opening's verdict before the run (with --winnable)."""


class Watcher:
    """A game's WebSocket, as the page keeps it open: times each verdict pushed on it from
    the answer to the move whose table it judges."""

    def __init__(self, host: str, port: int, game_id: int, cookie: str, verdicts: list[float]) -> None:
        self.url = f"ws://{host}:{port}/api/games/{game_id}/ws"
        self.cookie = cookie
        self.verdicts = verdicts
        self.moved: dict[int, float] = {}

    async def open(self) -> None:
        self.socket = await websockets.asyncio.client.connect(self.url, additional_headers={"Cookie": self.cookie})
        self.first = asyncio.Event()
        self.reading = asyncio.ensure_future(self._read())

    def moved_to(self, version: int) -> None:
        """The answer to a move that made the table ``version`` has arrived."""
        self.moved[version] = time.perf_counter()

    async def _read(self) -> None:
        async for message in self.socket:
            data = orjson.loads(message)
            if data["type"] == "winnable" and data["standing"] != "pending":
                self.first.set()
                answered = self.moved.pop(data["version"], None)
                if answered is not None:
                    self.verdicts.append(time.perf_counter() - answered)

    async def close(self) -> None:
        self.reading.cancel()
        await self.socket.close()


async def player(
    host: str, port: int, start: asyncio.Barrier, seconds: float, rate: float, latencies: list[float], rng: random.Random,
    hints: bool = False, winnable: str = "", asides: list[float] | None = None, verdicts: list[float] | None = None,
    warming: bool = False, quick: list[float] | None = None,
) -> tuple[int, int, int]:
    """One player: a game, then (once every player has one) an action every 1/rate
    seconds on average (0: no pause) for ``seconds``. Returns (actions, moves applied,
    actions refused with an error status)."""
    connection = Connection(host, port)
    await connection.open()
    _, view = await connection.request("POST", "/api/games", {"game": "klondike", "options": {"auto_build": True}})
    watcher: Watcher | None = None
    if winnable:
        await connection.request("POST", "/api/settings", {"winnable": True})
    if winnable == "socket":
        watcher = Watcher(host, port, view["id"], connection.cookie, verdicts if verdicts is not None else [])
        await watcher.open()
        if warming:  # an opening's verdict before the clock starts loads each process's compiled search
            await asyncio.wait([asyncio.ensure_future(watcher.first.wait())], timeout=60)
    await start.wait()
    actions = moves = failed = 0
    due = time.perf_counter()
    deadline = due + seconds
    while time.perf_counter() < deadline:
        if rate:
            due += rng.expovariate(rate)
            if due >= deadline:
                break
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
        action: dict[str, Any] = {"action": "deal"}
        roll = rng.random()
        if roll < 0.1 and view["can_undo"]:
            action = {"action": "undo"}
        elif roll < 0.6:
            tops = [(p["name"], len(p["cards"]) - 1) for p in view["piles"] if p["cards"] and "card" in p["cards"][-1]]
            tops = [t for t in tops if not t[0].startswith("f")]
            if tops:
                pile, position = rng.choice(tops)
                if "targets" in view:  # where the page finds a dragged card's places
                    places = view["targets"].get(pile, {}).get(str(position), [])
                else:  # a server whose views do not carry them: asked, as its page did
                    _, found = await connection.request(
                        "POST", f"/api/games/{view['id']}/targets", {"pile": pile, "position": position, "version": view["version"]}
                    )
                    places = found["targets"]
                if places:
                    action = {"action": "move", "pile": pile, "position": position, "target": places[0]}
        began = time.perf_counter()
        status, answer = await connection.request("POST", f"/api/games/{view['id']}/actions", {**action, "version": view["version"]})
        latencies.append(time.perf_counter() - began)
        view = answer["view"]
        actions += 1
        moves += status == 200 and answer["ok"]
        if watcher is not None and status == 200 and answer["ok"]:
            watcher.moved_to(view["version"])
        if status == 200 and answer["ok"] and (hints or winnable == "poll"):
            began = time.perf_counter()
            if hints:
                _, hinted = await connection.request(
                    "POST", f"/api/games/{view['id']}/actions", {"action": "hint", "version": view["version"]}
                )
                if quick is not None and QUICK_HINT in str(hinted.get("reason", "")):
                    quick.append(time.perf_counter() - began)
            if winnable == "poll":
                await connection.request("GET", f"/api/games/{view['id']}/winnable")
            if asides is not None:
                asides.append(time.perf_counter() - began)
        failed += status not in (200, 409)
        if status != 200 or not answer["ok"] and action["action"] == "deal" and view["stuck"]:
            _, view = await connection.request("POST", "/api/games", {"game": "klondike"})
            if watcher is not None:
                await watcher.close()
                watcher = Watcher(host, port, view["id"], connection.cookie, watcher.verdicts)
                await watcher.open()
    connection.writer.close()
    if watcher is not None:
        await watcher.close()
    return actions, moves, failed


SCHED_IDLE = 5
"""The scheduling policy (in /proc/PID/stat) of the server's searching processes."""


def cpu_seconds(pid: int, searching: bool | None = None) -> float | None:
    """CPU time (user + system) of process ``pid`` and every process under it (the server
    processes are the grandchildren of the one started), from /proc; None where there is
    no /proc. ``searching`` True counts only the searching processes (those in the idle
    scheduling class), False only the others."""
    if not os.path.isdir("/proc"):
        return None
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    idle: set[int] = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12])
        if int(fields[38]) == SCHED_IDLE:
            idle.add(int(entry))

    def descends(process: int) -> bool:
        while process > 1:
            if process == pid:
                return True
            process = parents.get(process, 0)
        return False

    counted = [t for process, t in ticks.items() if descends(process) and searching in (None, process in idle)]
    return sum(counted) / os.sysconf("SC_CLK_TCK")


def settle(pid: int, most: float = 30.0) -> None:
    """Wait (up to ``most`` seconds) until the server started is idle: its processes and
    their searching processes start up and warm, which is no player's cost."""
    deadline = time.monotonic() + most
    before = cpu_seconds(pid)
    while before is not None and time.monotonic() < deadline:
        time.sleep(0.5)
        now = cpu_seconds(pid)
        if now is not None and now - before < 0.05:
            return
        before = now
    time.sleep(1.0)


async def lag(samples: list[float], until: float) -> None:
    """How late this program's own event loop wakes (every 10 ms until ``until``): a
    reply waiting here counts in its latency too."""
    while time.perf_counter() < until:
        asked = time.perf_counter()
        await asyncio.sleep(0.01)
        samples.append(time.perf_counter() - asked - 0.01)


async def run(
    host: str, port: int, players: int, seconds: float, rate: float, server: int | None = None,
    hints: float = 0.0, winnable: str = "",
) -> None:
    latencies: list[float] = []
    asides: list[float] = []
    verdicts: list[float] = []
    quick: list[float] = []
    start = asyncio.Barrier(players + 1)
    games = [
        asyncio.ensure_future(player(host, port, start, seconds, rate, latencies, random.Random(n),
                                     n < round(hints * players), winnable, asides, verdicts, n < WARMING, quick))
        for n in range(players)
    ]
    await start.wait()
    cpu_before = None if server is None else cpu_seconds(server)
    searched_before = None if server is None else cpu_seconds(server, searching=True)
    began = time.perf_counter()
    lags: list[float] = []
    probe = asyncio.ensure_future(lag(lags, began + seconds))
    counts = await asyncio.gather(*games)
    elapsed = time.perf_counter() - began
    cpu_after = None if server is None else cpu_seconds(server)
    searched_after = None if server is None else cpu_seconds(server, searching=True)
    await probe
    ordered = sorted(latencies)
    p99 = ordered[int(len(ordered) * 0.99)] if ordered else 0.0
    pace = f"{rate:g} actions/s each" if rate else "no pause between actions"
    actions, moves, failed = (sum(c[i] for c in counts) for i in (0, 1, 2))
    offered = f", offered about {players * rate * seconds:,.0f}" if rate else ""
    print(f"players {players} ({pace}), {elapsed:.1f} s, actions {actions}{offered}, moves applied {moves}, "
          f"refused with an error {failed}")
    print(f"moves/s {moves / elapsed:,.0f} (actions/s {actions / elapsed:,.0f})")
    print(f"action latency p50 {1000 * statistics.median(ordered):.1f} ms, p99 {1000 * p99:.1f} ms")
    if asides:
        ordered = sorted(asides)
        print(f"hints and verdicts after moves ({round(hints * players)} players hinting, winnable "
              f"{winnable or 'off'}): {len(asides)}, p50 {1000 * statistics.median(ordered):.1f} ms, "
              f"p99 {1000 * ordered[int(len(ordered) * 0.99)]:.1f} ms")
    if hints:
        print(f"of the hints, {len(quick)} were quick ones (the heuristic's, while the solver was busy)")
    if winnable == "socket":
        ordered = sorted(verdicts)
        timing = (f", from the move's answer p50 {1000 * statistics.median(ordered):.1f} ms, "
                  f"p99 {1000 * ordered[int(len(ordered) * 0.99)]:.1f} ms") if ordered else ""
        print(f"verdicts pushed on the WebSocket: {len(verdicts)} for {moves} moves (the rest skipped for a newer "
              f"table or not worked out by the end){timing}")
    if lags:
        ordered = sorted(lags)
        print(f"this program's own event loop woke late by p50 {1000 * statistics.median(ordered):.1f} ms, "
              f"p99 {1000 * ordered[int(len(ordered) * 0.99)]:.1f} ms (counted in the latencies above)")
    if cpu_before is not None and cpu_after is not None and actions:
        searched = (searched_after or 0.0) - (searched_before or 0.0)
        print(f"server CPU {1000 * (cpu_after - cpu_before) / actions:.2f} ms per action, of which "
              f"{1000 * searched / actions:.2f} ms in its searching processes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rate", type=float, default=5.0, help="actions per second per player (0: as fast as possible)")
    parser.add_argument("--workers", type=int, default=2, help="server processes when the bench starts the server")
    parser.add_argument("--url", default=None, help="a running server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--hints", type=float, default=0.0, help="share of players asking a hint after every move")
    parser.add_argument("--winnable", nargs="?", const="socket", default="", choices=("socket", "poll"),
                        help="every player's \"still winnable?\" setting on; verdicts read from the WebSocket or polled")
    args = parser.parse_args()
    server = None
    if args.url:
        host, _, port_text = args.url.removeprefix("http://").rstrip("/").partition(":")
        port = int(port_text or 80)
    else:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            host, port = "127.0.0.1", s.getsockname()[1]
        db = os.path.join(tempfile.mkdtemp(), "load.db")
        command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--db", db]
        command += ["--workers", str(args.workers)]
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert server.stdout is not None
        server.stdout.readline()
        settle(server.pid)
    try:
        uvloop.run(run(host, port, args.players, args.seconds, args.rate, None if server is None else server.pid,
                        args.hints, args.winnable))
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
