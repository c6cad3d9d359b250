"""Where a server process's threads run. Handing a request to a store thread and back
costs the most when the two threads sit on different cores (waking a thread on another
core is dear, more so on a virtual machine), so each server process keeps its event
loop and store threads on one core (``pin``); the threads that search (hints, "still
winnable?", "show me") run ``unpinned``, on any core, so a long search never takes the
loop's core from it.

>>> pin(0) in (None, *sorted(os.sched_getaffinity(0)))
True
>>> unpinned()
"""

from __future__ import annotations

import os

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
    """Let the calling thread run on every core the process had before ``pin``: meant as
    the initializer of a thread pool that searches."""
    if _ALLOWED and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, _ALLOWED[0])
