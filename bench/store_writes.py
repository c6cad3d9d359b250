"""Saves from many threads into one store at once, as a server process's store threads make them.

Run: .venv/bin/python bench/store_writes.py [--threads 8] [--saves 500] [--pause 0.004]

Each thread keeps one Klondike game and saves it again and again (every save checked
against the version before it, as an action's is), pausing a random time between saves
(exponentially spaced, ``--pause`` seconds on average), so that threads meet at SQLite's
write lock now and then, as they do under a server's load. Prints the latency of a save
(p50, p99, p99.9, the slowest) and how many took over 2 ms: the slow tail of a save is
waiting for the lock (SQLite's waiting sleeps between looks), for the interpreter's lock
held by another thread, and the write-ahead log's checkpoints.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import tempfile
import threading
import time

from cardtable.app import Store
from cardtable.app.session import new_session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--saves", type=int, default=500, help="saves per thread")
    parser.add_argument("--pause", type=float, default=0.004, help="mean seconds between a thread's saves")
    args = parser.parse_args()
    store = Store(os.path.join(tempfile.mkdtemp(), "writes.db"))
    sessions = [new_session("klondike", n + 1) for n in range(args.threads)]
    ids = [store.save("bench", session) for session in sessions]
    latencies: list[float] = []

    def saving(n: int) -> None:
        rng = random.Random(n)
        for version in range(args.saves):
            time.sleep(rng.expovariate(1 / args.pause))
            began = time.perf_counter()
            store.save("bench", sessions[n], ids[n], expected=version)
            latencies.append(time.perf_counter() - began)

    threads = [threading.Thread(target=saving, args=(n,)) for n in range(args.threads)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - began
    store.close()
    ordered = sorted(latencies)
    count = len(ordered)

    def ms(share: float) -> str:
        return f"{1000 * ordered[min(count - 1, int(share * count))]:.2f}"

    print(f"python {platform.python_version()}, {args.threads} threads, {count} saves in {wall:.1f} s")
    print(f"save latency p50 {ms(0.5)} ms, p99 {ms(0.99)} ms, p99.9 {ms(0.999)} ms, slowest {1000 * ordered[-1]:.1f} ms; "
          f"over 2 ms: {sum(1 for x in ordered if x > 0.002)}")


if __name__ == "__main__":
    main()
