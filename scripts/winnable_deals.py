"""Prove deals winnable with a larger budget than a click may take, and ship them.

Run: .venv/bin/python scripts/winnable_deals.py GAME --deals 1-30 --seconds 20 [--workers 2]

For games whose deals the solver seldom decides within the budget of "new winnable
deal" (Spider), the deals solved here are added, each with its win, to
cardtable/app/winnable_deals.json, which "new winnable deal" and the daily deal deal
from. tests/app/test_deals.py replays every win kept there.
"""

from __future__ import annotations

import argparse
import json

from cardtable.app.deals import SHIPPED
from cardtable.commands.deal_ranges import parse_deals
from cardtable.solver import Budget, Outcome
from cardtable.solver.batch import classify


LONGEST = 2_000
"""The most moves a shipped win may take: a longer one (Steps has wins of 140,000 moves)
is no win a player would be shown, and would swell the package by hundreds of kilobytes."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", required=True, help="deals to try: 1-30, or 1-10,20-30")
    parser.add_argument("--seconds", type=float, default=20.0, help="time per deal (default 20)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    games: dict[str, dict[str, str]] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    kept = games.setdefault(args.game, {})
    budget = Budget(nodes=50_000_000, seconds=args.seconds)
    for result in classify(args.game, parse_deals(args.deals), budget, workers=args.workers):
        print(f"{args.game} deal {result.deal}: {result.outcome.value} ({result.nodes:,} positions, {result.seconds:.1f} s)")
        if result.outcome is Outcome.SOLVED and len(result.solution.split()) <= LONGEST:
            kept[str(result.deal)] = result.solution
    for game in games:  # every list held to the same bound, those written before it included
        games[game] = {deal: win for deal, win in games[game].items() if len(win.split()) <= LONGEST}
    games[args.game] = dict(sorted(games[args.game].items(), key=lambda item: int(item[0])))
    SHIPPED.write_text(json.dumps(dict(sorted(games.items())), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(games[args.game])} winnable deals of {args.game} kept in {SHIPPED}")


if __name__ == "__main__":
    main()
