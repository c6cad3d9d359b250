"""`cardtable serve` as a user starts it: a real process on a real port."""

from __future__ import annotations

import http.client
import json
import logging
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import httpx
import pytest

from cardtable.ui.web.workers import PROCESS_NAME, RESTART_GRACE, shared_port_socket, spreads_connections
from tests.ui.web.serving import free_port


def _serve(tmp_path: Path, workers: int) -> Iterator[str]:
    """`cardtable serve` with ``workers`` processes, until the test is done: its address."""
    for url, _ in _serve_process(tmp_path, workers):
        yield url


def _serve_process(tmp_path: Path, workers: int) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`cardtable serve` with ``workers`` processes, until the test is done: its address
    and the process started."""
    port = free_port()
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
    for _ in range(300 if workers > 1 else 0):  # every process started, not only the one that answered
        if len(_children(server.pid)) == workers:
            break
        time.sleep(0.1)
    try:
        yield url, server
    finally:  # a failed test too: no server left running
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


def test_a_refused_websocket_says_why_in_the_apis_error_body(one_worker: str) -> None:
    host, port = one_worker.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("GET", "/api/games/1/ws", headers={
        "Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Origin": "http://evil.example",
    })
    answer = connection.getresponse()
    assert answer.status == 403 and "another site" in json.loads(answer.read())["detail"]
    connection.close()


def test_head_and_options_keep_the_connection_usable(one_worker: str) -> None:
    host, port = one_worker.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    connection.request("HEAD", "/api/games")
    head = connection.getresponse()
    assert head.status == 200 and int(head.getheader("Content-Length", "0")) > 1000 and head.read() == b""
    connection.request("OPTIONS", "/api/games")
    options = connection.getresponse()
    assert options.status == 204 and options.getheader("Allow") == "GET, HEAD, OPTIONS, POST" and options.read() == b""
    connection.request("GET", "/api/games")  # on the same connection: nothing of a body was left on it
    listing = connection.getresponse()
    assert listing.status == 200 and len(listing.read()) == int(head.getheader("Content-Length", "0"))
    connection.close()


def _children(pid: int) -> list[int]:
    """The server processes started for process ``pid``: those it or its forking helper
    started, known by their name (Linux /proc)."""
    parents: dict[int, int] = {}
    named = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            name, _, rest = stat.partition(" (")[2].rpartition(")")
            parents[int(entry)] = int(rest.split()[1])
            if name == PROCESS_NAME:
                named.append(int(entry))
    return sorted(p for p in named if parents.get(p) == pid or parents.get(parents.get(p, 0)) == pid)


def _connections(pid: int, port: int) -> int:
    """How many established TCP connections to ``port`` the process holds (Linux /proc)."""
    inodes = set()
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    count = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local_port = int(fields[1].rpartition(":")[2], 16)
            count += local_port == port and fields[3] == "01" and fields[9] in inodes
    return count


needs_spreading = pytest.mark.skipif(not spreads_connections(), reason="the kernel spreads connections on Linux only")


@needs_spreading
def test_connections_arriving_together_are_spread_over_the_processes(tmp_path: Path) -> None:
    for url, server in _serve_process(tmp_path, 2):
        port = int(url.rpartition(":")[2])
        clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(60)]
        deadline = time.monotonic() + 30  # a process still starting on a loaded machine accepts late
        while True:
            time.sleep(0.5)
            counts = sorted(_connections(pid, port) for pid in _children(server.pid))
            if sum(counts) == 60 or time.monotonic() > deadline:
                break
        for client in clients:
            client.close()
        assert len(counts) == 2 and sum(counts) == 60
        assert counts[0] >= 15, f"one process took {counts[1]} of 60 connections"


@needs_spreading
@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: there is nothing to spread the processes over")
def test_each_server_process_keeps_its_loop_on_a_core_of_its_own(tmp_path: Path) -> None:
    for _, server in _serve_process(tmp_path, 2):
        cores = [os.sched_getaffinity(pid) for pid in _children(server.pid)]
        assert len(cores) == 2 and all(len(c) == 1 for c in cores) and cores[0] != cores[1], cores


@needs_spreading
def test_a_server_process_that_dies_is_replaced_and_stopping_stops_them_all(tmp_path: Path) -> None:
    for url, server in _serve_process(tmp_path, 2):
        first = _children(server.pid)
        assert len(first) == 2
        time.sleep(RESTART_GRACE + 0.5)  # past its start: a death now is answered with a new process
        os.kill(first[0], signal.SIGKILL)
        for _ in range(100):
            now = _children(server.pid)
            if len(now) == 2 and first[0] not in now:
                break
            time.sleep(0.1)
        assert len(now) == 2 and first[0] not in now
        for _ in range(10):  # a new connection each: either process, the new one once it listens
            assert httpx.post(url + "/api/games", json={"game": "klondike", "deal": 2}).status_code == 201
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 0
        assert not [pid for pid in now if Path(f"/proc/{pid}").exists()]


def test_a_stopped_server_leaves_every_game_in_the_database_file_itself(tmp_path: Path) -> None:
    """An operator who copies the database file alone after stopping the server (its
    write-ahead log left behind) has every game in the copy."""
    for url, server in _serve_process(tmp_path, 1):
        for deal in (2, 3, 4):
            assert httpx.post(url + "/api/games", json={"game": "klondike", "deal": deal}).status_code == 201
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=20) == 0
    copy = tmp_path / "copy.db"
    shutil.copyfile(tmp_path / "s.db", copy)  # the file alone, without its -wal
    with closing(sqlite3.connect(copy)) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 3


def test_a_port_in_use_is_reported_clearly(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--workers", "2"]
        done = subprocess.run(command + ["--db", str(tmp_path / "s.db")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and f"can't serve on 127.0.0.1:{port}" in done.stderr


def _wait_for(test: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(0.05)
    return test()


def _alive(pid: int) -> bool:
    try:
        return "Z" not in Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[:1]
    except OSError:
        return False


@needs_spreading
def test_a_process_that_keeps_dying_never_stops_the_healthy_one(tmp_path: Path) -> None:
    for url, server in _serve_process(tmp_path, 2):
        healthy, failing = _children(server.pid)
        for _ in range(3):  # each replacement killed the moment it appears
            os.kill(failing, signal.SIGKILL)
            replacement: list[int] = []

            def replaced() -> bool:
                # One look at /proc decides, so the pid taken is one that look saw.
                found = _children(server.pid)
                others = [pid for pid in found if pid not in (healthy, failing)]
                replacement[:] = others
                return len(found) == 2 and len(others) == 1

            assert _wait_for(replaced, 30)
            failing = replacement[0]
            assert httpx.get(url + "/api/games", timeout=20).status_code == 200
        assert server.poll() is None and _alive(healthy)
        for _ in range(6):  # a new connection each: whichever process is listening answers
            assert httpx.post(url + "/api/games", json={"game": "klondike", "deal": 2}, timeout=20).status_code == 201


@needs_spreading
def test_server_processes_end_when_the_server_is_killed(tmp_path: Path) -> None:
    for url, server in _serve_process(tmp_path, 2):
        workers = _children(server.pid)
        assert len(workers) == 2
        server.kill()
        server.wait()
        assert _wait_for(lambda: not any(_alive(pid) for pid in workers), 10), "orphans keep serving"
        with pytest.raises(httpx.TransportError):
            httpx.get(url + "/api/games", timeout=2)


@needs_spreading
def test_a_port_still_served_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    port = free_port()
    left = shared_port_socket("127.0.0.1", port)  # as a process left from another server holds it
    try:
        command = [sys.executable, "-m", "cardtable.cli", "serve", "--port", str(port), "--db", str(tmp_path / "s.db")]
        for workers in ("1", "2"):
            server = subprocess.Popen(command + ["--workers", workers], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                out, err = server.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
                pytest.fail(f"a server started beside the one on port {port}")
            assert server.returncode == 1 and "already serving" in err, err
    finally:
        left.close()


def test_an_address_this_machine_does_not_have_is_refused_before_the_page_is_offered(tmp_path: Path) -> None:
    # 203.0.113.0/24 is set aside for documentation: no machine serves it.
    port = free_port()
    command = [sys.executable, "-m", "cardtable.cli", "serve", "--host", "203.0.113.7", "--port", str(port)]
    done = subprocess.run(command + ["--db", str(tmp_path / "s.db")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "203.0.113.7 is not an address of this machine" in done.stderr, done.stderr
    assert "in a browser" not in done.stdout and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_run_sh_given_the_servers_options_alone_serves_with_them_at_an_address_to_open(tmp_path: Path) -> None:
    port = free_port()
    script = Path(__file__).parents[3] / "run.sh"
    command = [str(script), "--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "s.db")]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert server.stdout is not None
        said = server.stdout.readline()  # not 0.0.0.0, which no browser opens
        assert said.startswith(f"cardtable: open http://127.0.0.1:{port}/ here, or http://{socket.gethostname()}:{port}/ "
                               "from another machine in a browser"), said
        assert _wait_for(lambda: _answers(f"http://127.0.0.1:{port}/api/games"), 30)
    finally:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=20)


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.TransportError:
        return False


class _Kept(logging.Handler):
    """A handler keeping the records it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_refused_socket_is_no_error_in_the_servers_log(tmp_path: Path) -> None:
    """uvicorn logs a WebSocket refused with an HTTP answer as 'returned without completing
    handshake', an error; the server's log keeps its errors for errors."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    from cardtable.app import Store
    from cardtable.ui.web.server import served_app
    from tests.ui.web.serving import serving

    running = serving(served_app(Store(tmp_path / "w.db")))
    address = next(running).replace("http://", "ws://")
    kept, log = _Kept(), logging.getLogger("uvicorn.error")  # (its own: it does not reach the root's)
    log.addHandler(kept)
    try:
        for origin in ("http://evil.example", address.replace("ws://", "http://")):
            with pytest.raises(InvalidStatus) as refused:
                connect(f"{address}/api/games/99/ws", origin=origin)  # type: ignore[arg-type]
            assert refused.value.response.status_code in (403, 404)
        time.sleep(0.2)  # (uvicorn logs as the refused socket's task ends)
    finally:
        log.removeHandler(kept)
        next(running, None)
    assert not [r for r in kept.records if r.levelno >= logging.ERROR], [r.getMessage() for r in kept.records]
    from cardtable.ui.web.server import REFUSED_SOCKET, _not_a_refusal

    silent = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, REFUSED_SOCKET, None, None)
    assert _not_a_refusal(silent)  # a socket that returned without a word, opened or refused: still an error
