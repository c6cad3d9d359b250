"""A server process's loop and store threads stay on one core; its search threads do not,
and give way to them."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from cardtable.app.cores import SEARCH_NICENESS

PROBE = """
import json
import os
from concurrent.futures import ThreadPoolExecutor
from cardtable.app.cores import pin, searching
before = sorted(os.sched_getaffinity(0))
core = pin(1)
store = ThreadPoolExecutor(1).submit(lambda: sorted(os.sched_getaffinity(0))).result()
search = ThreadPoolExecutor(1, initializer=searching).submit(lambda: sorted(os.sched_getaffinity(0))).result()
print(json.dumps([before, core, sorted(os.sched_getaffinity(0)), store, search]))
"""


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: there is nothing to pin to")
def test_the_loop_and_its_store_threads_share_a_core_and_searches_use_them_all() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, core, loop, store, search = json.loads(done.stdout)
    assert core == before[1 % len(before)]
    assert loop == store == [core]
    assert search == before


NICENESS = """
import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from cardtable.app.cores import searching
def niceness():
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
search = ThreadPoolExecutor(1, initializer=searching).submit(niceness).result()
other = ThreadPoolExecutor(1).submit(niceness).result()
print(json.dumps([niceness(), other, search]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="one thread's priority is set on Linux only")
def test_a_searching_thread_runs_at_a_lower_priority_than_the_rest() -> None:
    done = subprocess.run([sys.executable, "-c", NICENESS], capture_output=True, text=True, check=True)
    main, other, search = json.loads(done.stdout)
    assert main == other
    assert search == min(19, main + SEARCH_NICENESS)
