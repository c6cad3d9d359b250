"""The proof's two searches side by side: best first and depth first, on the same deals.

Run: .venv/bin/python bench/depth_first.py klondike --deals 94,118,183,18 [--seconds 30]

Each deal is searched by the game's own full search, best first (every position kept
in the store) and depth first (only the line it is on, and the keys of the rest), for at
most ``--seconds`` each, with no first tries. Each search runs in a process of its own,
one after the other, so the peak memory printed (the process's resident size above what
it held before the search) is that search's alone. Prints the verdict, positions seen,
seconds, positions a second and bytes a position.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

from cardtable.commands.deal_ranges import parse_deals


def one(game: str, deal: int, seconds: float, how: str) -> str:
    """Search one deal one way (in this process); the line to print."""
    from cardtable.solitaire import get_variant
    from cardtable.solver import running

    variant = get_variant(game)
    state = variant.start(deal)
    running.search(state, 16, float("inf"), variant.solving.proving().weights(), True)  # compiled before the clock
    running.dive(state, 16, float("inf"))
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    began = time.perf_counter()
    if how == "best":
        found = running.search(state, 10**9, began + seconds, variant.solving.proving().weights(), True)
    else:
        found = running.dive(state, 10**9, began + seconds)
    took = time.perf_counter() - began
    grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - before
    verdict = "won" if found.solved else "lost" if found.exhausted else "unknown"
    return (f"{deal:>6} {how + ' first':12} {verdict:8} {found.nodes:>12,} {took:8.1f} {found.nodes / took:>10,.0f}"
            f" {grew / 2**20:8.0f} {grew / max(found.nodes, 1):8.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", default="94,118,183")
    parser.add_argument("--seconds", type=float, default=30.0, help="most each search may take")
    parser.add_argument("--one", nargs=2, metavar=("DEAL", "HOW"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(one(args.game, int(args.one[0]), args.seconds, args.one[1]), flush=True)
        return
    print(f"{args.game}, at most {args.seconds:g} s a search")
    print(f"{'deal':>6} {'search':12} {'verdict':8} {'positions':>12} {'seconds':>8} {'per second':>10}"
          f" {'MB':>8} {'B/pos':>8}", flush=True)
    for deal in parse_deals(args.deals):
        for how in ("best", "depth"):
            command = [sys.executable, __file__, args.game, "--seconds", str(args.seconds), "--one", str(deal), how]
            subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
