"""A real server for the tests that need one: the app run by uvicorn on a free local port."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import uvicorn
from fastapi import FastAPI


def free_port() -> int:
    """A local port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serving(app: FastAPI) -> Iterator[str]:
    """Run ``app`` on a free local port in a thread; yield its address, then stop it."""
    port = free_port()
    running = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.time() + 15
    while not running.started and time.time() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(timeout=10)
