""""Still winnable?" at a deal's opening: how many verdicts the usual search leaves
unknown, and how many of those the longer search (``Indicator.longer``) decides.

Run: .venv/bin/python bench/longer.py [--deals 30] [GAME ...]

Each opening is asked of a fresh indicator (nothing remembered, no stored verdicts), as
a random deal is; an unknown verdict is then searched again, longer, as the page and the
full screen do once the table rests. Prints the verdicts before and after, and the
longer searches' CPU time (the process's, so other programs on a shared machine count
for little; each is capped at ``LONGER_SECONDS`` of the clock).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from cardtable.app.history import History
from cardtable.app.standing import Indicator, Standing
from cardtable.solitaire import get_variant
from cardtable.solver.search import warm_up

GAMES = ("klondike", "golf", "pyramid", "spider-2suits", "tri-peaks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    print(f"{'game':16} {'usual: won lost unknown':>24}   {'longer: won lost unknown':>25}   longer CPU s (mean, max)")
    for game in args.games:
        variant = get_variant(game)
        warm_up(variant.start(1))
        usual: Counter[Standing] = Counter()
        after: Counter[Standing] = Counter()
        took: list[float] = []
        for deal in range(1, args.deals + 1):
            indicator, history = Indicator(), History.begin(variant.start(deal))
            verdict = indicator.verdict(history)
            usual[verdict.standing] += 1
            if verdict.standing is Standing.UNKNOWN:
                began = time.process_time()
                verdict = indicator.longer(history)
                took.append(time.process_time() - began)
            after[verdict.standing] += 1
            indicator.close()
        counts = lambda c: f"{c[Standing.WINNABLE]:>4} {c[Standing.LOST]:>4} {c[Standing.UNKNOWN]:>7}"  # noqa: E731
        spent = f"{sum(took) / len(took):.2f}, {max(took):.2f}" if took else "-"
        print(f"{game:16} {counts(usual):>24}   {counts(after):>25}   {spent}", flush=True)


if __name__ == "__main__":
    main()
