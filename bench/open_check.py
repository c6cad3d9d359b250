"""Opening the store: what SQLite's quick check of the file costs as a history grows.

Run: .venv/bin/python bench/open_check.py [--games N ...]

Every command and server process checks the database when it opens it (a damaged file is
refused, not written to). For each N, fills a new database with N finished games of one
player (150 moves each, inserted directly) and prints the file's size, the time to open
the store (quick check included) and, for comparison, the quick check alone, each the
best of five (the file then sits in the page cache, as a file opened again soon does).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from cardtable.app import Store


def _best(run: Callable[[], object], times: int = 5) -> float:
    best = float("inf")
    for _ in range(times):
        began = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - began)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[300, 3_000, 20_000])
    args = parser.parse_args()
    steps = json.dumps([["move", 1, 2, 1]] * 150)
    for count in args.games:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "games.db"
            store = Store(path)
            with store._transaction() as db:
                db.executemany(
                    "INSERT INTO games (player, variant, deal, options, steps, at, elapsed, status, moves, score,"
                    " vegas, started, updated) VALUES ('me', 'klondike', ?, '{}', ?, 0, 60, 'won', 150, 100, 0, '',"
                    " '2026-11-29')",
                    [(n, steps) for n in range(count)],
                )
            store.close()
            opened = _best(lambda: Store(path).close())
            raw = sqlite3.connect(path)
            check = _best(lambda: raw.execute("PRAGMA quick_check(1)").fetchone())
            raw.close()
            size = path.stat().st_size / 1e6
            print(f"{count:>7,} games, {size:6.1f} MB: open {opened * 1e3:6.1f} ms, of which the quick check "
                  f"{check * 1e3:6.1f} ms")


if __name__ == "__main__":
    main()
