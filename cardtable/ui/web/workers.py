"""Several server processes on one port, each listening on a socket of its own.

When every process shares one listening socket, the first to wake accepts a whole burst
of new connections: 200 players arriving together were split 61 to 139, and one process
did 70% of the work while the other idled. Here each process opens its own socket with
``SO_REUSEPORT``, and the kernel spreads connections over them by address. The sockets
are opened here, listening before any process starts, and kept: a process that dies is
replaced on its own socket, so the connections waiting there are served by the next one.
SIGINT or SIGTERM stops them all.

Server processes are forked from a helper that has imported the server once
(``multiprocessing``'s forkserver, where there is one), so a replacement serves in a
fraction of a second instead of the seconds a fresh interpreter takes to import it: the
connections waiting on a dead process's socket wait only that long. Each is named
``cardtable-web`` (``ps``, ``top``).

A process that keeps dying is replaced after a pause that grows, and never stops the
others; a server process ends when the server that started it is gone (killed even
with SIGKILL), so none is left serving the port on its own; and a server refuses to
start on a port something already serves (``port_in_use``).
"""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.context import ForkServerContext, SpawnContext
from multiprocessing.process import BaseProcess
from types import FrameType

from cardtable.app.cores import pin
from cardtable.app.orphans import end_with_parent

RESTART_GRACE = 5.0
"""Seconds a process must run to count as started well: its death is then answered with
a new process at once; deaths sooner than that are answered after a growing pause."""

BACKOFF_FIRST = 0.5
"""Seconds before replacing a process that died soon after starting; doubled for each
such death in a row on the same socket, up to ``BACKOFF_MOST``."""

BACKOFF_MOST = 30.0

GIVE_UP = 5
"""Quick deaths in a row on every socket, with no process left serving, after which the
server stops: it can't start at all (a process serving keeps the server up forever)."""

STOP_WAIT = 10.0
"""Seconds a process is given to finish its requests once told to stop."""

PROCESS_NAME = "cardtable-web"
"""What a server process is called in the process table (Linux)."""

PRELOAD = ["uvicorn", "cardtable.app", "cardtable.ui.web.server"]
"""Modules the forking helper imports once, so that each server process starts with them."""


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


def port_in_use(host: str, port: int) -> bool:
    """Whether something answers on ``host:port`` (a server, or processes left from one).

    Sockets that share a port (``SO_REUSEPORT``) let a second server bind beside a first,
    so a free port is told by nobody answering, not by a bind that succeeds."""
    target = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    try:
        with socket.create_connection((target, port), timeout=1.0):
            return True
    except OSError:
        return False


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _end_with_parent(server: int) -> None:
    """End this process (as SIGTERM would) once the server, process ``server``, is gone.

    The process's parent is the server or, forked, the helper that forks for it, which
    ends when the server does; either way the parent's end is this one's."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:  # the kernel's own notice: SIGTERM the moment the parent dies; and a name
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
            libc.prctl(15, PROCESS_NAME.encode())  # PR_SET_NAME
        except (OSError, AttributeError):
            pass

    def stop() -> None:  # and, everywhere, a look at the parent now and then (app/orphans.py)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(STOP_WAIT)
        os._exit(1)

    end_with_parent(parent, stop, alive=lambda: _alive(server))


def _serve_one(sock: socket.socket, db: str, parent: int, slot: int) -> None:
    """One server process: the app over the store, on its own socket and (the ``slot``-th)
    core, while ``parent`` lives."""
    _end_with_parent(parent)
    pin(slot)
    import uvicorn

    from cardtable.app import Store
    from cardtable.ui.web.server import SERVING, served_app

    app = served_app(Store(db))
    uvicorn.Server(uvicorn.Config(app, **SERVING)).run(sockets=[sock])


@dataclass
class Slot:
    """One socket and the process serving it (None while waiting to start another)."""

    sock: socket.socket
    process: BaseProcess | None = None
    since: float = 0.0
    quick_deaths: int = 0
    start_at: float = 0.0

    def pause(self) -> float:
        """Seconds to wait before the next process, after ``quick_deaths`` in a row."""
        return 0.0 if not self.quick_deaths else min(BACKOFF_MOST, BACKOFF_FIRST * 2 ** (self.quick_deaths - 1))


def run_processes(host: str, port: int, db: str, count: int) -> int:
    """Serve with ``count`` processes until SIGINT or SIGTERM; the exit status."""
    if port_in_use(host, port):
        print(in_use_message(host, port), file=sys.stderr)
        return 1
    sockets: list[socket.socket] = []
    try:
        sockets += [shared_port_socket(host, port) for _ in range(count)]
    except OSError as error:
        for sock in sockets:
            sock.close()
        print(f"cardtable: can't serve on {host}:{port}: {error.strerror or error}", file=sys.stderr)
        return 1
    context = _forking_context()
    stop = threading.Event()

    def start(slot: Slot) -> None:
        slot.process = context.Process(target=_serve_one, args=(slot.sock, db, os.getpid(), slots.index(slot)), daemon=False)
        slot.process.start()
        slot.since = time.monotonic()

    def on_signal(number: int, frame: FrameType | None) -> None:
        stop.set()

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGINT, signal.SIGTERM)}
    slots = [Slot(sock) for sock in sockets]
    status = 0
    try:
        for slot in slots:
            start(slot)
        while not stop.wait(0.1):
            now = time.monotonic()
            for slot in slots:
                if slot.process is not None and not slot.process.is_alive():
                    quick = now - slot.since < RESTART_GRACE
                    slot.quick_deaths = slot.quick_deaths + 1 if quick else 0
                    slot.start_at = now + slot.pause()
                    print(f"cardtable: server process {slot.process.pid} stopped (exit {slot.process.exitcode}); "
                          f"starting another in {slot.pause():.1f} s", file=sys.stderr, flush=True)
                    slot.process = None
                if slot.process is None and now >= slot.start_at:
                    start(slot)
            if all(s.quick_deaths >= GIVE_UP and (s.process is None or not s.process.is_alive()) for s in slots):
                print("cardtable: the server processes fail as they start; stopping", file=sys.stderr)
                status = 1
                break
    finally:
        _stop_all([slot.process for slot in slots if slot.process is not None])
        for sock in sockets:
            sock.close()
        for number, handler in previous.items():
            signal.signal(number, handler)
    return status


def _forking_context() -> SpawnContext | ForkServerContext:
    """Where server processes come from: forked from a helper that imported the server
    once (``PRELOAD``), or, where there is no such helper, fresh interpreters."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def unservable(host: str, port: int) -> str:
    """Why ``host:port`` can't be served here, as the one line to print ('' when it can):
    not an address of this machine, a port something already holds, or no right to it.
    Told by a trial bind, before anything says where to open the page."""
    where = f"cardtable: can't serve on {host}:{port}"
    try:
        family, kind, _, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                         flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as error:
        return f"{where}: {host!r} is not a host name or address this machine can look up ({error})"
    with socket.socket(family, kind) as trial:
        trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRNOTAVAIL:
                return (f"{where}: {host} is not an address of this machine (127.0.0.1 serves this machine "
                        "only, 0.0.0.0 every address)")
            if error.errno == errno.EADDRINUSE:
                return in_use_message(host, port)
            return f"{where}: {error.strerror or error}"
    return ""


def in_use_message(host: str, port: int) -> str:
    """What a server says when something already serves its port."""
    return (
        f"cardtable: can't serve on {host}:{port}: something is already serving it (another server, or "
        f"processes left from one); stop that first, or choose another --port"
    )


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
