"""The kill -9 drill: players act while the server is killed outright, again and again.

Run: .venv/bin/python bench/crash_drill.py [--cycles N] [--players N] [--workers N] [--seconds S]

Each cycle starts `cardtable serve` on one database, lets every player (a thread with
its own cookie and Klondike game) send actions as fast as the server answers, and
``--seconds`` after the first answer kills the server and all its processes with
SIGKILL, mid-request. After every kill the database must pass SQLite's ``PRAGMA
integrity_check``, and once the next server is up each player's game must hold every
action the server acknowledged: its version is the number acknowledged, or one more when
an action was in flight at the kill (committed but never answered: it is "in doubt",
never lost). Prints players, kills, actions acknowledged, lost, in doubt and the
integrity checks, and exits 1 if anything was lost or damaged.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx


@dataclass
class Player:
    """One player's game and what the server acknowledged of it."""

    cookies: dict[str, str]
    game_id: int
    acknowledged: int = 0
    in_flight: bool = False
    views: dict[int, object] = field(default_factory=dict)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(db: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    """`cardtable serve` in a session of its own (so one signal reaches all its processes),
    once it answers."""
    command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--db", str(db)]
    server = subprocess.Popen(
        command + ["--workers", str(workers)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return server
        except httpx.TransportError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("the server did not start")


def _kill(server: subprocess.Popen[bytes]) -> None:
    """SIGKILL to the server and every process it started, at once."""
    try:
        os.killpg(server.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    server.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # the port is free again once the last process is gone
        try:
            os.killpg(server.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.02)


def _play(url: str, player: Player, stop: threading.Event, rng: random.Random) -> None:
    """Act until the server goes away (or ``stop``): deals mostly, some undos and redos."""
    with httpx.Client(base_url=url, cookies=player.cookies, timeout=10) as client:
        while not stop.is_set():
            action = rng.choice(["deal", "deal", "deal", "undo", "redo"])
            player.in_flight = True
            try:
                answer = client.post(
                    f"/api/games/{player.game_id}/actions", json={"action": action, "version": player.acknowledged}
                )
            except httpx.TransportError:
                return  # killed mid-request: this action is in doubt
            if answer.status_code != 200:
                player.in_flight = False
                if answer.status_code == 409:
                    continue
                return
            view = answer.json()["view"]
            player.acknowledged = view["version"]
            player.views[player.acknowledged] = view["piles"]
            player.in_flight = False


def _answered(table: list[Player], before: list[int], most: float = 60.0) -> None:
    """Wait until the server has acknowledged an action of some player since ``before``
    (their versions then), so a kill lands mid-play however slowly a new server warms up."""
    deadline = time.monotonic() + most
    while time.monotonic() < deadline and all(p.acknowledged == b for p, b in zip(table, before)):
        time.sleep(0.01)


def drill(cycles: int, players: int, workers: int, seconds: float, seed: int = 1) -> dict[str, int]:
    """Run the drill; its counts."""
    rng = random.Random(seed)
    counts = {"players": players, "kills": 0, "acknowledged": 0, "lost": 0, "in doubt": 0, "integrity failures": 0}
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "drill.db"
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        server = _start(db, port, workers)
        table: list[Player] = []
        for n in range(players):
            with httpx.Client(base_url=url, timeout=10) as client:
                view = client.post("/api/games", json={"game": "klondike", "deal": n + 1, "options": {"auto_build": False}})
                table.append(Player(dict(client.cookies), view.json()["id"]))
        try:
            for _ in range(cycles):
                stop = threading.Event()
                threads = [threading.Thread(target=_play, args=(url, p, stop, random.Random(rng.random()))) for p in table]
                before = [p.acknowledged for p in table]
                for thread in threads:
                    thread.start()
                _answered(table, before)
                time.sleep(seconds * (0.5 + rng.random()))
                _kill(server)
                counts["kills"] += 1
                stop.set()
                for thread in threads:
                    thread.join()
                with sqlite3.connect(db) as check:
                    counts["integrity failures"] += check.execute("PRAGMA integrity_check").fetchone()[0] != "ok"
                server = _start(db, port, workers)
                for player in table:
                    with httpx.Client(base_url=url, cookies=player.cookies, timeout=10) as client:
                        view = client.get(f"/api/games/{player.game_id}").json()
                    stored = view["version"]
                    if stored < player.acknowledged or stored > player.acknowledged + player.in_flight:
                        counts["lost"] += 1
                    elif stored == player.acknowledged and player.views.get(stored, view["piles"]) != view["piles"]:
                        counts["lost"] += 1
                    counts["in doubt"] += stored == player.acknowledged + 1
                    player.acknowledged, player.in_flight = stored, False
                    player.views = {stored: view["piles"]}
            counts["acknowledged"] = sum(p.acknowledged for p in table) - counts["in doubt"]
        finally:
            _kill(server)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=1.0, help="play between kills (varied by half either way)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    counts = drill(args.cycles, args.players, args.workers, args.seconds, args.seed)
    print(f"workers {args.workers}: " + ", ".join(f"{name} {value}" for name, value in counts.items()), flush=True)
    sys.exit(1 if counts["lost"] or counts["integrity failures"] else 0)


if __name__ == "__main__":
    main()
