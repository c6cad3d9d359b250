"""A fresh server's first visitor: how long the page's first requests take.

Run: .venv/bin/python bench/first_visit.py [--rounds 3]

Each round starts `cardtable serve` (one process, a new SQLite file) on a free port,
waits until it takes connections, then asks what the page asks on opening, in its order:
the page, the catalogue of games, the settings, the last game, a new deal. Each is
asked twice; the first answer is the visitor's wait, the second what every later
visitor waits. Prints each request's milliseconds, first and second, per round.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ASKED = (
    ("GET", "/", None),
    ("GET", "/api/games", None),
    ("GET", "/api/settings", None),
    ("GET", "/api/games/latest", None),
    ("POST", "/api/games", {"game": "klondike", "deal": 3}),
)
"""What the page asks as it opens, in order."""


def _ask(opener: urllib.request.OpenerDirector, base: str, method: str, path: str, body: object) -> float:
    """Milliseconds for one request, its answer read whole."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Content-Type": "application/json"})
    began = time.perf_counter()
    with opener.open(request) as answer:
        answer.read()
    return 1000 * (time.perf_counter() - began)


def _listening(port: int, most: float = 60.0) -> None:
    """Wait until the server takes connections on ``port``."""
    deadline = time.monotonic() + most
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def one_round() -> list[tuple[str, float, float]]:
    """A new server's first and second answer to each request the page makes."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = os.path.join(tempfile.mkdtemp(), "first.db")
    command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--db", db]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        server.stdout.readline()  # the address it will serve on
        _listening(port)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # one player throughout
        base = f"http://127.0.0.1:{port}"
        times = []
        for method, path, body in ASKED:
            first = _ask(opener, base, method, path, body)
            second = _ask(opener, base, method, path, body)
            times.append((f"{method} {path}", first, second))
        return times
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"{'request':<22}{'first ms':>10}{'second ms':>11}")
    for n in range(args.rounds):
        print(f"round {n + 1}")
        for name, first, second in one_round():
            print(f"  {name:<20}{first:>10.1f}{second:>11.1f}")


if __name__ == "__main__":
    main()
