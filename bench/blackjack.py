"""Blackjack simulation speed: rounds per second with the advisor's strategy.

Run: .venv/bin/python bench/blackjack.py [--rounds 40000000] [--workers 2] [--rules thunderjack] [--hands 1]

The compiled loop is warmed (and its cache filled) before timing; the figure is the
whole run, worker start-up included.
"""

from __future__ import annotations

import argparse
import os
import time

from cardtable.thunderjack import preset
from cardtable.thunderjack.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40_000_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--rules", default="thunderjack")
    parser.add_argument("--hands", type=int, default=1, help="hands a round, 1 to 3")
    args = parser.parse_args()
    rules = preset(args.rules)
    simulate(rules, 10_000)  # compile or load the loop
    for workers in sorted({1, args.workers}):
        began = time.perf_counter()
        result = simulate(rules, args.rounds, seed=7, workers=workers, hands=args.hands)
        elapsed = time.perf_counter() - began
        print(f"{args.rules}, {args.hands} hand(s), {workers} worker(s): {result.rounds:,} rounds in {elapsed:.1f} s, "
              f"{result.rounds / elapsed:,.0f} rounds/s, edge {100 * result.edge:+.3f}% ± {100 * result.standard_error:.3f}%")


if __name__ == "__main__":
    main()
