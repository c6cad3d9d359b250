"""CPU time of whole solves at a node budget, so that two versions of the solver can be
compared on the same work (the positions searched are printed: equal counts mean equal
searches).

Run: .venv/bin/python bench/solve_cpu.py GAME [--deals 1-400] [--nodes 100000] [--depth-first | --proof]

``--depth-first`` times the depth-first search alone (``running.dive``) instead of whole
solves; ``--proof`` the best-first search that can prove a deal lost (the game's proving
weights, every move tried, talon cards in chains from ``search.CHAINS_FROM`` positions as
a solve lays them) alone. To compare with an older commit, run the same command from a worktree of it with
``PYTHONPATH`` pointing there, alternately with this one.
"""

from __future__ import annotations

import argparse
import platform
import time

import cardtable
from cardtable.commands.deal_ranges import parse_deals
from cardtable.solitaire import get_variant
from cardtable.solver import Budget, solve
from cardtable.solver.search import proving


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", default="1-400")
    parser.add_argument("--nodes", type=int, default=100_000, help="positions each solve may store")
    parser.add_argument("--depth-first", action="store_true", help="time the depth-first search alone")
    parser.add_argument("--proof", action="store_true", help="time the best-first search that can prove a loss alone")
    args = parser.parse_args()
    variant = get_variant(args.game)
    deals = parse_deals(args.deals)
    from cardtable.solver import running  # numba loads here, not on the clock

    proof = proving(variant.solving, args.nodes).weights()  # as a solve with this room lays talon cards
    if args.depth_first:
        running.dive(variant.start(deals[0]), 100, float("inf"))
    elif args.proof:
        running.search(variant.start(deals[0]), 16, float("inf"), proof, True)
    else:
        solve(variant.start(deals[0]), Budget(nodes=1_000))
    began = time.process_time()
    positions = 0
    verdicts: dict[str, int] = {}
    for deal in deals:
        if args.depth_first:
            found = running.dive(variant.start(deal), args.nodes, float("inf"))
            positions += found.nodes
            verdict = "solved" if found.solved else "exhausted" if found.exhausted else "unknown"
        elif args.proof:
            found = running.search(variant.start(deal), args.nodes, float("inf"), proof, True)
            positions += found.nodes
            verdict = "solved" if found.solved else "exhausted" if found.exhausted else "unknown"
        else:
            result = solve(variant.start(deal), Budget(nodes=args.nodes, seconds=float("inf")))
            positions += result.nodes
            verdict = result.outcome.value
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
    seconds = time.process_time() - began
    where = cardtable.__file__.rsplit("/cardtable/", 1)[0]
    print(f"python {platform.python_version()}, code from {where}")
    print(f"{args.game} deals {args.deals}: CPU {seconds:.2f} s, positions {positions:,}, {verdicts}")


if __name__ == "__main__":
    main()
