"""Reading a player's statistics: how long ``GET /api/stats`` takes for a long history.

Run: .venv/bin/python bench/stats.py [--games N]

Fills a new database with N finished games of one player (inserted directly, as the
server would have finished them: the database tallies each), then times the statistics
the server answers with (``tallies.player_stats``) and, for comparison, counting every
game (``summarize`` over ``Store.records``, as the server did before).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from cardtable.app import Store, summarize
from cardtable.app.tallies import player_stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "stats.db")
        rows = []
        for n in range(args.games):
            game = rng.choice(["klondike", "klondike-vegas", "freecell", "spider", "pyramid"])
            options = json.dumps({"auto_build": True, "scoring": rng.choice(["uniform", "standard", "vegas"])})
            rows.append((game, n, options, rng.random() * 600, rng.choice(["won", "lost"]), rng.randrange(300),
                         rng.randrange(-52, 500), rng.randrange(-52, 100)))
        store.query("SELECT 1")
        with store._transaction() as db:
            db.executemany(
                "INSERT INTO games (player, variant, deal, options, steps, at, elapsed, status, moves, score, vegas,"
                " started, updated) VALUES ('me', ?, ?, ?, '[]', 0, ?, ?, ?, ?, ?, '', '2026-11-24')",
                rows,
            )
        for name, read in (("tallies", lambda: player_stats(store, "me")),
                           ("counting every game", lambda: summarize(store.records("me")))):
            times = []
            for _ in range(20):
                began = time.perf_counter()
                read()
                times.append(time.perf_counter() - began)
            print(f"{args.games} games, {name}: median {1e3 * statistics.median(times):.2f} ms, "
                  f"worst {1e3 * max(times):.2f} ms")
        store.close()


if __name__ == "__main__":
    main()
