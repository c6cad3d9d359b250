"""Deals lost from the start because cards can never leave their columns, found without a search.

Run: .venv/bin/python bench/trapped.py [--deals 1-10000] [--check 2000] [--nodes 100000] [GAME ...]

For every game where ``solver.trapped`` applies (or the games named), counts the deals of
the range it proves lost and the time it takes a deal. With ``--check N``, the flagged
deals among the first N are searched as before the check existed (the game's own full
search, ``--nodes`` positions): none may be won, and the search's own verdicts are
printed beside (exhausted: the search proved it too; full: it ran out of room).
"""

from __future__ import annotations

import argparse
import time

from cardtable.commands.deal_ranges import parse_deals
from cardtable.solitaire import get_variant, variants
from cardtable.solver.running import search
from cardtable.solver.trapped import applies, trapped



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--deals", default="1-10000")
    parser.add_argument("--check", type=int, default=0, help="search the flagged deals among the first N")
    parser.add_argument("--nodes", type=int, default=100_000)
    args = parser.parse_args()
    deals = parse_deals(args.deals)
    games = [get_variant(g) for g in args.games] or [v for v in variants() if applies(v)]
    print(f"deals {args.deals}")
    for variant in games:
        began = time.perf_counter()
        caught = [deal for deal in deals if trapped(variant.start(deal)) is not None]
        per_deal = (time.perf_counter() - began) / len(deals)
        share = 100 * len(caught) / len(deals)
        line = f"{variant.id:24} {len(caught):6,} lost ({share:5.2f}%)  {1e6 * per_deal:5.0f} us a deal with the deal itself"
        if args.check:
            found: dict[str, int] = {}
            weights = variant.solving.proving().weights()
            for deal in (d for d in caught if d <= args.check):
                searched = search(variant.start(deal), args.nodes, float("inf"), weights, idle=True)
                verdict = "won" if searched.solved else "exhausted" if searched.exhausted else "full"  # no clock: full
                found[verdict] = found.get(verdict, 0) + 1
            line += f"  searched (first {args.check:,}): {found}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
