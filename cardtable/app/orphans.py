"""Processes that end with the process they serve.

A server's worker processes and its searching processes each serve one process. When
that one is gone (killed, or crashed), they must end too: an orphaned worker would go on
serving the port beside a new server, and an orphaned search would go on using a core.
Each watches, on a thread of its own, for its parent to change (a process whose parent
dies is handed to another) and ends once it does.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

ORPHAN_CHECK = 0.2
"""Seconds between a process's looks at whether the process it serves is still there."""


def end_with_parent(parent: int, end: Callable[[], None], alive: Callable[[], bool] = lambda: True) -> None:
    """Call ``end`` (on a watching thread) once this process's parent is no longer
    ``parent``, or once ``alive()`` says what it serves is gone."""

    def watch() -> None:
        while os.getppid() == parent and alive():
            time.sleep(ORPHAN_CHECK)
        end()

    threading.Thread(target=watch, name="cardtable-parent-watch", daemon=True).start()
