"""A server process's loop and store threads stay on one core; its search threads do not."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROBE = """
import json
import os
from concurrent.futures import ThreadPoolExecutor
from cardtable.app.cores import pin, unpinned
before = sorted(os.sched_getaffinity(0))
core = pin(1)
store = ThreadPoolExecutor(1).submit(lambda: sorted(os.sched_getaffinity(0))).result()
search = ThreadPoolExecutor(1, initializer=unpinned).submit(lambda: sorted(os.sched_getaffinity(0))).result()
print(json.dumps([before, core, sorted(os.sched_getaffinity(0)), store, search]))
"""


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="one core: there is nothing to pin to")
def test_the_loop_and_its_store_threads_share_a_core_and_searches_use_them_all() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, core, loop, store, search = json.loads(done.stdout)
    assert core == before[1 % len(before)]
    assert loop == store == [core]
    assert search == before
