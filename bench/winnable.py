"""The solver in play: what a "still winnable?" verdict, a "show me" search and a
winnable or daily deal cost.

Run: .venv/bin/python bench/winnable.py [--deals 20] [--moves 40] [GAME ...]
     .venv/bin/python bench/winnable.py --only-deals [GAME ...]   (every game by default)

For each game, deals 1..N are played by a seeded random line of legal moves (safe moves
home after each, as a player has them by default); after every move the indicator gives
its verdict, as the page asks for it. "cold" is a fresh indicator per position (nothing
remembered: the search alone), "played" the one indicator of the game following it (as
a player has it: positions along a win it found, and the way back, are remembered).
Then "show me" from each opening, and a winnable and a daily deal from an empty store
(``--only-deals``: that alone, for every game, with the asks refused counted: a game whose
deals the solver seldom proves at a click's budget wants winnable deals shipped,
``scripts/winnable_deals.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections import Counter
from datetime import date
from pathlib import Path

from cardtable.app import Session, Store
from cardtable.app.deals import DealBook, NoWinnableDeal
from cardtable.app.showing import playback
from cardtable.app.standing import Indicator
from cardtable.solitaire import get_variant, legal_moves, variants
from cardtable.solver import warm_up

GAMES = ("freecell", "klondike", "klondike-draw3")


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"mean {statistics.mean(ordered):.3f} s, median {statistics.median(ordered):.3f} s, p99 {p99:.3f} s, worst {ordered[-1]:.3f} s"


def verdicts(game: str, deals: int, moves: int) -> None:
    cold: list[float] = []
    played: list[float] = []
    standings: Counter[str] = Counter()
    for deal in range(1, deals + 1):
        rng = random.Random(deal)
        session = Session(get_variant(game), deal)
        indicator = Indicator()
        for _ in range(moves):
            began = time.perf_counter()
            verdict = indicator.verdict(session.history, (game, deal))
            played.append(time.perf_counter() - began)
            began = time.perf_counter()
            Indicator().verdict(session.history)
            cold.append(time.perf_counter() - began)
            standings[verdict.standing.value] += 1
            options = legal_moves(session.state)
            if not options or session.is_won:
                break
            session.play(rng.choice(options))
    print(f"{game}: {len(played)} positions ({dict(standings)})")
    print(f"  verdict, cold:   {_figures(cold)}")
    print(f"  verdict, played: {_figures(played)}")


def shows(game: str, deals: int) -> None:
    times = []
    found = 0
    for deal in range(1, deals + 1):
        began = time.perf_counter()
        found += playback(Session(get_variant(game), deal)) is not None
        times.append(time.perf_counter() - began)
    print(f"  show me from the opening: {found} of {deals} found; {_figures(times)}")


def deals_found(game: str, asks: int = 5) -> None:
    """A winnable deal asked ``asks`` times and the day's deal, from an empty store, as a
    player's first clicks get them; a refusal (NoWinnableDeal) is counted, not raised."""
    variant = get_variant(game)
    warm_up(variant.start(variant.deal.deal_numbers.start))  # the game's tables built before the clock runs
    with tempfile.TemporaryDirectory() as folder:
        book = DealBook(Store(Path(folder) / "b.db"))
        times, refused = [], 0
        for seed in range(asks):
            began = time.perf_counter()
            try:
                book.winnable(variant, random.Random(seed))
            except NoWinnableDeal:
                refused += 1
            times.append(time.perf_counter() - began)
        began = time.perf_counter()
        try:
            book.daily(variant, date(2026, 11, 24))
            day = "found"
        except NoWinnableDeal:
            day = "REFUSED"
        daily = time.perf_counter() - began
    none = f", {refused} of {asks} REFUSED" if refused else ""
    print(f"  {game}: winnable deal ({asks} asked{none}): {_figures(times)}; daily deal, first ask of the day: "
          f"{day} in {daily:.3f} s", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument(
        "--only-deals", action="store_true",
        help="only the winnable and daily deals, of every game unless games are named",
    )
    args = parser.parse_args()
    Indicator(nodes=16).verdict(Session(get_variant("freecell"), 1).history)  # compile the search first
    if args.only_deals:
        for game in args.games or [v.id for v in variants()]:
            deals_found(game)
        return
    for game in args.games or GAMES:
        verdicts(game, args.deals, args.moves)
        shows(game, min(args.deals, 10))
        deals_found(game)


if __name__ == "__main__":
    main()
