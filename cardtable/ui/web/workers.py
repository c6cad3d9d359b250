"""Several server processes on one port, each listening on a socket of its own.

When every process shares one listening socket, the first to wake accepts a whole burst
of new connections: 200 players arriving together were split 61 to 139, and one process
did 70% of the work while the other idled. Here each process opens its own socket with
``SO_REUSEPORT``, and the kernel spreads connections over them by address. The sockets
are opened here, listening before any process starts, and kept: a process that dies is
replaced on its own socket, so the connections waiting there are served by the next one.
SIGINT or SIGTERM stops them all.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from multiprocessing.process import BaseProcess
from types import FrameType

RESTART_GRACE = 5.0
"""Seconds a process must have run for its death to be answered with a new one; one that
dies sooner is failing to start, and the server stops rather than retry forever."""

STOP_WAIT = 10.0
"""Seconds a process is given to finish its requests once told to stop."""


def spreads_connections() -> bool:
    """Whether this system spreads connections over sockets sharing a port (Linux)."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")


def shared_port_socket(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port`` that other such sockets may share."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except BaseException:
        sock.close()
        raise
    return sock


def _serve_one(sock: socket.socket, db: str) -> None:
    """One server process: the app over the store, on its own socket."""
    import uvicorn

    from cardtable.app import Store
    from cardtable.ui.web.server import create_app

    uvicorn.Server(uvicorn.Config(create_app(Store(db)), log_level="warning")).run(sockets=[sock])


def run_processes(host: str, port: int, db: str, count: int) -> int:
    """Serve with ``count`` processes until SIGINT or SIGTERM; the exit status."""
    sockets: list[socket.socket] = []
    try:
        sockets += [shared_port_socket(host, port) for _ in range(count)]
    except OSError as error:
        for sock in sockets:
            sock.close()
        print(f"cardtable: can't serve on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    context = multiprocessing.get_context("spawn")
    stop = threading.Event()

    def start(sock: socket.socket) -> tuple[BaseProcess, float]:
        process = context.Process(target=_serve_one, args=(sock, db), daemon=False)
        process.start()
        return process, time.monotonic()

    def on_signal(number: int, frame: FrameType | None) -> None:
        stop.set()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    processes: list[tuple[BaseProcess, float]] = []
    status = 0
    try:
        processes += [start(sock) for sock in sockets]
        while not stop.wait(0.5):
            for n, (process, since) in enumerate(processes):
                if process.is_alive():
                    continue
                if time.monotonic() - since < RESTART_GRACE:
                    print(f"cardtable: a server process failed to start (exit {process.exitcode})", file=sys.stderr)
                    status = 1
                    stop.set()
                    break
                print(f"cardtable: server process {process.pid} stopped (exit {process.exitcode}); starting another",
                      file=sys.stderr)
                processes[n] = start(sockets[n])
    finally:
        _stop_all([process for process, _ in processes])
        for sock in sockets:
            sock.close()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return status


def _stop_all(processes: list[BaseProcess]) -> None:
    """Ask every process to finish, and end those that do not in time."""
    for process in processes:
        if process.is_alive() and process.pid is not None:
            os.kill(process.pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_WAIT
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join()
