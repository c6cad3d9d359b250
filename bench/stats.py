"""Reading a player's statistics: how long ``GET /api/stats`` takes for a long history.

Run: .venv/bin/python bench/stats.py [--games N] [--rounds N]

Fills a new database with N finished games of one player (inserted directly, as the
server would have finished them: the database tallies each), then times the statistics
the server answers with (``tallies.player_stats``) and, for comparison, counting every
game (``summarize`` over ``Store.records``, as the server did before). Then the same
for the Thunderjack table (``GET /api/thunderjack/stats``): N settled rounds, the
statistics as the server answers them, and counting every round as it did before.
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
from cardtable.app.blackjack import BlackjackTable
from cardtable.app.blackjack_tally import tally
from cardtable.app.tallies import player_stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=20_000, help="Thunderjack rounds")
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
            _time(f"{args.games} games, {name}", read)
        table = BlackjackTable(store, "me", seed=1)
        table.chip(10)  # one real round, stored as the server stores it
        table.deal()
        while table.in_play:
            table.play("stand")
        record = store.query("SELECT player, rules, hands, dealer, net, at FROM blackjack_rounds")[0]
        with store._transaction() as db:  # the rest as copies (reading the totals costs the same whatever they hold)
            db.executemany("INSERT INTO blackjack_rounds (player, rules, hands, dealer, net, at) VALUES (?, ?, ?, ?, ?, ?)",
                           [record] * (args.rounds - 1))
        for name, read in (("totals", lambda: BlackjackTable(store, "me").stats()),
                           ("counting every round", lambda: tally(store.table_rounds("me")))):
            _time(f"{args.rounds} Thunderjack rounds, {name}", read)
        store.close()


def _time(name: str, read: object) -> None:
    """Print the median and worst of 20 reads."""
    times = []
    for _ in range(20):
        began = time.perf_counter()
        read()  # type: ignore[operator]
        times.append(time.perf_counter() - began)
    print(f"{name}: median {1e3 * statistics.median(times):.2f} ms, worst {1e3 * max(times):.2f} ms")


if __name__ == "__main__":
    main()
