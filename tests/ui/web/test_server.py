"""`cardtable serve` as a user starts it: a real process on a real port."""

from __future__ import annotations

import http.client
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve(tmp_path: Path, workers: int) -> Iterator[str]:
    """`cardtable serve` with ``workers`` processes, until the test is done: its address."""
    port = _free_port()
    command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--db", str(tmp_path / "s.db")]
    server = subprocess.Popen(command + ["--workers", str(workers)], stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    assert server.stdout is not None
    assert f"http://127.0.0.1:{port}/" in server.stdout.readline()
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            httpx.get(url + "/api/games", timeout=1)
            break
        except httpx.TransportError:
            time.sleep(0.1)
    yield url
    server.terminate()
    server.wait(timeout=20)


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[str]:
    yield from _serve(tmp_path, 2)


@pytest.fixture
def one_worker(tmp_path: Path) -> Iterator[str]:
    yield from _serve(tmp_path, 1)


def test_two_worker_processes_keep_one_consistent_game(two_workers: str) -> None:
    with httpx.Client(base_url=two_workers) as browser:
        view = browser.post("/api/games", json={"game": "klondike", "deal": 3}).json()
        cookies = dict(browser.cookies)
    for n in range(30):
        with httpx.Client(base_url=two_workers, cookies=cookies) as tab:  # a new connection: either process
            answer = tab.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": view["version"]})
            assert answer.status_code == 200, answer.text
            view = answer.json()["view"]
            assert view["version"] == n + 1
    with httpx.Client(base_url=two_workers, cookies=cookies) as tab:
        stale = tab.post(f"/api/games/{view['id']}/actions", json={"action": "deal", "version": 3})
        assert stale.status_code == 409 and stale.json()["view"]["version"] == 30


def test_a_bad_worker_count_is_refused_clearly() -> None:
    done = subprocess.run([sys.executable, "-m", "cardtable.cli", "serve", "--workers", "0"], capture_output=True, text=True)
    assert done.returncode == 2 and "at least 1" in done.stderr


def test_an_oversized_body_is_refused_whether_declared_or_chunked(one_worker: str) -> None:
    host, port = one_worker.removeprefix("http://").split(":")
    declared = http.client.HTTPConnection(host, int(port), timeout=10)
    declared.putrequest("POST", "/api/games")
    declared.putheader("Content-Type", "application/json")
    declared.putheader("Content-Length", str(50 * 2**20))
    declared.endheaders()  # and not one byte of the body: the answer must not wait for it
    answer = declared.getresponse()
    assert answer.status == 413 and "too large" in json.loads(answer.read())["detail"]
    declared.close()
    chunked = http.client.HTTPConnection(host, int(port), timeout=10)
    chunked.putrequest("POST", "/api/games")
    chunked.putheader("Content-Type", "application/json")
    chunked.putheader("Transfer-Encoding", "chunked")
    chunked.endheaders()
    body = b'{"game": "klondike", "deal": 1, "pad": "' + b"x" * 66 * 1024 + b'"}'  # a game, were it not so long
    for n in range(0, len(body), 4096):
        chunked.send(b"%x\r\n%s\r\n" % (min(4096, len(body) - n), body[n : n + 4096]))
    chunked.send(b"0\r\n\r\n")
    answer = chunked.getresponse()
    assert answer.status == 413 and "too large" in json.loads(answer.read())["detail"]
    chunked.close()
