"""A hint's plan from what the player sees (``app.lookahead.plan``): its time on positions
met in play.

Run: .venv/bin/python bench/plan.py [--positions N] [--nodes N] [GAME ...]

A plan is made for a hint wherever cards lie face down and no arrangement of them is won
(Spider in two suits, mostly), in the hints' own process. Positions come from random
play (seeded) of each game's deals 1, 2, 3, ..., one every six moves up to sixty deep.
Prints the CPU time per plan (mean and worst, the process's time, so other programs on
a shared machine count for little) and a digest of the plans made: two versions of the
code that print the same digest made the same plans, move for move.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from cardtable.app.lookahead import plan
from cardtable.solitaire import State, apply, get_variant, legal_moves

GAMES = ("lucas", "spider-2suits", "westcliff", "double-yukon", "klondike")


def positions(game: str, count: int) -> list[State]:
    """``count`` positions from random play, seeded by the game's id."""
    variant, rng, found, deal = get_variant(game), random.Random(game), [], 0
    while len(found) < count:
        deal += 1
        state = variant.start(deal)
        for depth in range(60):
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves), trusted=True)
            if depth % 6 == 0:
                found.append(state)
    return found[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--nodes", type=int, default=800, help="positions a plan searches (a hint's: 800)")
    args = parser.parse_args()
    print(f"{'game':15s} {'plans':>5s} {'mean ms':>8s} {'worst ms':>9s}  digest")
    for game in args.games:
        times, plans = [], []
        for state in positions(game, args.positions):
            began = time.process_time()
            plans.append(plan(state, args.nodes))
            times.append(time.process_time() - began)
        digest = hashlib.sha256(repr([(p.moves, p.gain) if p else None for p in plans]).encode()).hexdigest()[:12]
        print(f"{game:15s} {len(plans):5d} {1000 * sum(times) / len(times):8.1f} {1000 * max(times):9.1f}  {digest}")


if __name__ == "__main__":
    main()
