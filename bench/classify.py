"""Classify the first deals of every game: one row per game, with the peak memory.

Run: .venv/bin/python bench/classify.py [--deals 1-1000] [--seconds 10] [--nodes N] [--workers 2] [GAME ...]

``--nodes`` caps the positions stored per deal as well: on a shared machine a node budget
gives the same verdicts from run to run, where a time budget depends on the load.

Each row: winnable, unwinnable and unknown counts, the winnable share of the decided
deals with its 95% Wilson interval, the median and p99 seconds per deal, and the
largest resident memory any worker process reached (so far in this run). Games with
face-down cards are solved thoughtfully (the solver sees every card).
"""

from __future__ import annotations

import argparse
import platform
import resource
import time

from cardtable.commands.deal_ranges import parse_deals
from cardtable.solitaire import get_variant, variants
from cardtable.solver import Budget
from cardtable.solver.batch import classify
from cardtable.solver.summary import summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="variant ids (default: every game)")
    parser.add_argument("--deals", default="1-1000")
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per deal")
    parser.add_argument("--nodes", type=int, default=Budget().nodes, help="positions stored per deal")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    deals = parse_deals(args.deals)
    games = args.games or [v.id for v in variants()]
    print(f"python {platform.python_version()} on {platform.machine()}, deals {args.deals}, "
          f"{args.seconds:g} s and {args.nodes:,} positions per deal, {args.workers} workers")
    print(f"{'game':22} {'won':>5} {'lost':>5} {'unkn':>5} {'winnable (95% interval)':>28} "
          f"{'median s':>9} {'p99 s':>7} {'wall s':>7} {'peak MB':>8}")
    for game in games:
        variant = get_variant(game)
        began = time.perf_counter()
        results = list(classify(variant.id, deals, Budget(nodes=args.nodes, seconds=args.seconds), workers=args.workers))
        wall = time.perf_counter() - began
        s = summarize(results)
        low, high = s.interval or (0.0, 1.0)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        share = "none decided" if s.share is None else f"{100 * s.share:6.2f}% ({100 * low:5.2f}-{100 * high:6.2f})"
        print(f"{variant.id:22} {s.solved:5} {s.unwinnable:5} {s.unknown:5} {share:>28} "
              f"{s.median_seconds:9.3f} {s.p99_seconds:7.2f} {wall:7.1f} {peak:8.0f}", flush=True)


if __name__ == "__main__":
    main()
