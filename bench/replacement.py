"""How long players wait when a server process dies: one of `--workers 2` is killed.

Run: .venv/bin/python bench/replacement.py [--kills N] [--requests N]

Starts `cardtable serve --workers 2`, then, ``--kills`` times, kills one server process
with SIGKILL and at once sends ``--requests`` requests, each on a new connection. The
kernel keeps sending about half of new connections to the dead process's socket; they
wait there until its replacement serves. Prints, per kill, the slowest request and the
time until all were answered.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from cardtable.ui.web.workers import PROCESS_NAME


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server_processes() -> list[int]:
    """Every process named as a server process (Linux /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            if entry.isdigit() and Path(f"/proc/{entry}/comm").read_text().strip() == PROCESS_NAME:
                found.append(int(entry))
        except OSError:
            continue
    return found


def _wait_for_two(before: set[int], seconds: float = 60) -> list[int]:
    """The two server processes, once two are serving that were not in ``before``'s dead."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        now = _server_processes()
        if len(now) == 2 and not before & set(now):
            return now
        time.sleep(0.1)
    raise SystemExit("the server processes did not come back")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--workers", "2"]
        server = subprocess.Popen(command + ["--db", f"{folder}/s.db"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            processes = _wait_for_two(set())
            httpx.get(url + "/api/games", timeout=60)
            for kill in range(args.kills):
                time.sleep(6)  # past the restart grace: the replacement starts at once
                os.kill(processes[0], signal.SIGKILL)
                start = time.monotonic()
                slowest = 0.0
                for _ in range(args.requests):
                    sent = time.monotonic()
                    httpx.get(url + "/api/games", timeout=60)
                    slowest = max(slowest, time.monotonic() - sent)
                print(f"kill {kill + 1}: slowest request {slowest:.2f} s, all {args.requests} answered "
                      f"within {time.monotonic() - start:.2f} s", flush=True)
                processes = _wait_for_two({processes[0]})
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
