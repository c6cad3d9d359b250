"""Where a server process's threads run. Handing a request to a store thread and back
costs the most when the two threads sit on different cores (waking a thread on another
core is dear, more so on a virtual machine), so each server process keeps its event
loop and store threads on one core (``pin``); the threads that search or wait for a
search (hints, "still winnable?"; the server's searches themselves run in processes of
their own, ``searches.py``) are ``searching`` threads: on any core, so a
long search never takes the loop's core from it, and at a lower priority, so that on
busy cores a player's move goes before a search.

>>> pin(0) in (None, *sorted(os.sched_getaffinity(0)))
True
>>> unpinned()  # this thread back on every core
>>> from concurrent.futures import ThreadPoolExecutor
>>> ThreadPoolExecutor(1, initializer=searching).submit(int).result()
0
"""

from __future__ import annotations

import os
import sys
import threading

SEARCH_NICENESS = 10
"""How much lower a searching thread's priority is than the process's (nice values: 19
is the lowest). With hints asked after every move by a tenth of 200 players, moves went
from p50 150 ms to 30 ms and from 700 to 825 a second (docs/benchmarks.md)."""

_ALLOWED: list[frozenset[int]] = []
"""The cores the process could use before ``pin`` narrowed them."""


def pin(slot: int) -> int | None:
    """Keep the calling thread, and the threads it starts from now on, on one core, the
    ``slot``-th (round) of those the process may use; that core, or None where the
    system has no affinity calls or allows a single core anyway."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = frozenset(os.sched_getaffinity(0))
    if len(allowed) < 2:
        return None
    if not _ALLOWED:
        _ALLOWED.append(allowed)
    core = sorted(_ALLOWED[0])[slot % len(_ALLOWED[0])]
    os.sched_setaffinity(0, {core})
    return core


def unpinned() -> None:
    """Let the calling thread run on every core the process had before ``pin`` (a
    searching thread does, see ``searching``)."""
    if _ALLOWED and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, _ALLOWED[0])


def searching() -> None:
    """The initializer of a thread pool that searches: ``unpinned``, and on Linux (where
    one thread's priority can be set) ``SEARCH_NICENESS`` lower, so the scheduler gives
    the loop and store threads the cores first whenever both want them."""
    unpinned()
    if sys.platform.startswith("linux"):
        thread = threading.get_native_id()
        try:
            os.setpriority(os.PRIO_PROCESS, thread, min(19, os.getpriority(os.PRIO_PROCESS, thread) + SEARCH_NICENESS))
        except OSError:  # a sandbox that forbids it: the search runs at the usual priority
            pass
