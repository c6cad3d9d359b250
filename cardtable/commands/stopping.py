"""Ctrl-C and kill in a long command: a batch ended by ``kill`` ends as Ctrl-C ends it,
and neither cuts a file short while what was reached is written."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

INTERRUPTED = 130
"""The exit status of a batch stopped with Ctrl-C (a shell's for SIGINT)."""
TERMINATED = 143
"""The exit status of a batch stopped with ``kill`` (a shell's for SIGTERM)."""


class Terminated(KeyboardInterrupt):
    """A batch ended with ``kill``: stopped as Ctrl-C stops it, with kill's status
    (``cli`` reads ``status`` where it stops before or after the batch itself)."""

    status = TERMINATED


def on_kill(signum: int, frame: object) -> None:
    """SIGTERM's handler while a batch runs."""
    raise Terminated


@contextmanager
def held_off() -> Iterator[None]:
    """Ctrl-C and kill held off while files are written, then acted on once they are
    whole: a second Ctrl-C while a stopped batch wrote its files lost its plot, unsaid.
    (Signals reach only the main thread: elsewhere, nothing to hold.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    before = {s: signal.signal(s, lambda signum, frame: came.append(signum)) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
    if signal.SIGTERM in came:
        raise Terminated
    if came:
        raise KeyboardInterrupt
