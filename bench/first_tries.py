"""What a game's first tries buy: the same deals solved with and without them, in one run.

Run: .venv/bin/python bench/first_tries.py GAME [--deals 1-200] [--nodes 100000] [--workers 2]

A game's ``Solving.first_tries`` are other weightings searched briefly before its own
search (FreeCell, Klondike, Yukon, Bisley). This solves each deal twice at the same node
budget (so the verdicts do not depend on the machine's load): once as the game is
declared, once with its own search alone. Prints, for each, the deals won, lost and unknown and the seconds
the solves took between them (summed over the workers), and the deals only one of the
two won.
"""

from __future__ import annotations

import argparse
import dataclasses
from multiprocessing import Pool

from cardtable.commands.deal_ranges import parse_deals
from cardtable.solitaire import get_variant
from cardtable.solver import Budget, Outcome, solve

Row = tuple[bool, int, Outcome, float]


def _solve(task: tuple[str, bool, int, int]) -> Row:
    """One deal: (with the tries, deal, outcome, seconds)."""
    game, tries, deal, nodes = task
    variant = get_variant(game)
    if not tries:
        variant = variant.derive(solving=dataclasses.replace(variant.solving, first_tries=()))
    result = solve(variant.start(deal), Budget(nodes=nodes, seconds=600))
    return tries, deal, result.outcome, result.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--nodes", type=int, default=100_000, help="positions per search")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if not get_variant(args.game).solving.first_tries:
        parser.error(f"{args.game} has no first tries")
    deals = parse_deals(args.deals)
    tasks = [(args.game, tries, deal, args.nodes) for tries in (True, False) for deal in deals]
    with Pool(args.workers) as pool:
        rows = pool.map(_solve, tasks, chunksize=1)
    print(f"{args.game}, deals {args.deals}, {args.nodes:,} positions a search, {args.workers} workers")
    won: dict[bool, set[int]] = {}
    for tries in (True, False):
        mine = [r for r in rows if r[0] is tries]
        won[tries] = {r[1] for r in mine if r[2] is Outcome.SOLVED}
        lost = sum(r[2] is Outcome.UNWINNABLE for r in mine)
        unknown = sum(r[2] is Outcome.UNKNOWN for r in mine)
        name = "with its first tries" if tries else "its own search alone"
        print(f"{name:22} won {len(won[tries]):5}  lost {lost:5}  unknown {unknown:5}  "
              f"solving took {sum(r[3] for r in mine):8.1f} s")
    print(f"won only with the tries: {sorted(won[True] - won[False])}")
    print(f"won only without them:   {sorted(won[False] - won[True])}")


if __name__ == "__main__":
    main()
