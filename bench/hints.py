"""Hints that lead to a win: games played by always taking the hint.

Run: .venv/bin/python bench/hints.py [--workers 2] [--most 1000] [--samples N] [--sample-nodes N] [--quick] [--list] [GAME=FIRST-LAST ...]

Each deal is played from the start through ``Session.hint`` and ``Session.play`` (safe
moves home after each move, as a player has them by default) until the game is won, the
hint finds nothing, or ``--most`` hints were taken. Prints per game the deals won, how the others ended, and
the seconds per hint (mean, p99, worst: wall time, with ``--workers`` games in parallel).
The hint's effort is ``app.Effort()``; ``--samples`` and ``--sample-nodes`` change how
many arrangements of the hidden cards it solves and how far each, to weigh a change;
``--list`` prints the deals won, so two runs on the same deals can be compared deal by deal.
``--quick`` follows the heuristic's hint alone (what a player gets while the solver is
busy), and prints the cards brought home too, since it seldom wins.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from dataclasses import replace

from cardtable.app import Effort, Session, SolvingHinter
from cardtable.app.hints import HeuristicHinter
from cardtable.solitaire import PileKind, get_variant

RUNS = ("freecell=1-200", "klondike-draw3=1-300", "klondike=1-300", "spider-1suit=1-100", "spider-2suits=1-100")


def play(game: str, deal: int, most: int, effort: Effort | None = Effort()) -> tuple[bool, list[float], int, str]:
    """Whether following the hint won ``deal``, the seconds each hint took, the cards
    brought home (``effort`` None: the heuristic's hint alone) and how a game not won
    ended: at a table where every move leads back ("every move back"), where no move
    leads anywhere ("stuck"), at a hint the game refused, or at ``most`` ("hint limit")."""
    session = Session(get_variant(game), deal, hinter=HeuristicHinter() if effort is None else SolvingHinter(effort))
    times = []
    ending = "hint limit"
    for _ in range(most):
        if session.is_won:
            break
        began = time.perf_counter()
        outcome = session.hint()
        times.append(time.perf_counter() - began)
        if outcome.hint is None:
            ending = "every move back" if outcome.reason.startswith("every move leads back") else "stuck"
            break
        if not session.play(outcome.hint.move).ok:
            ending = "a hint refused"
            break
    home = sum(len(session.state.piles[f]) for f in session.variant.piles_of(PileKind.FOUNDATION))
    return session.is_won, times, home, "" if session.is_won else ending


def _play(job: tuple[str, int, int, Effort | None]) -> tuple[bool, list[float], int, str]:
    return play(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="*", default=list(RUNS), help="GAME=FIRST-LAST")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--most", type=int, default=1000, help="hints a game may take")
    parser.add_argument("--samples", type=int, default=None, help="arrangements of the hidden cards a hint solves")
    parser.add_argument("--sample-nodes", type=int, default=None, help="positions each arrangement may search")
    parser.add_argument("--list", action="store_true", help="print the deals won")
    parser.add_argument("--quick", action="store_true", help="the heuristic's hint alone, as while the solver is busy")
    args = parser.parse_args()
    chosen = Effort()
    if args.samples is not None:
        chosen = replace(chosen, samples=args.samples)
    if args.sample_nodes is not None:
        chosen = replace(chosen, sample_nodes=args.sample_nodes)
    effort = None if args.quick else chosen
    print(f"{args.workers} workers; at most {args.most} hints a game; {effort or 'the heuristic alone'}")
    with ProcessPoolExecutor(args.workers) as pool:
        list(pool.map(_play, [("freecell", 1, 2, effort)] * args.workers))  # compiled code loaded before timing
        for run in args.runs:
            game, deals = run.split("=")
            first, last = (int(n) for n in deals.split("-"))
            began = time.perf_counter()
            results = list(pool.map(_play, [(game, deal, args.most, effort) for deal in range(first, last + 1)]))
            won = sum(w for w, _, _, _ in results)
            home = statistics.fmean(h for _, _, h, _ in results)
            times = sorted(t for _, ts, _, _ in results for t in ts)
            endings = Counter(e for _, _, _, e in results if e)
            p99 = times[int(len(times) * 0.99)] if times else 0.0
            print(
                f"{game:16s} deals {first}-{last}: won {won}/{len(results)} ({100 * won / len(results):.1f}%)"
                f"  hints {len(times)}  s/hint mean {statistics.fmean(times or [0.0]):.3f}"
                f" p99 {p99:.3f} worst {times[-1] if times else 0.0:.3f}  cards home {home:.1f}"
                f"  wall {time.perf_counter() - began:.0f} s",
                flush=True,
            )
            print("  not won:", ", ".join(f"{n} {e}" for e, n in sorted(endings.items())) or "none", flush=True)
            if args.list:
                print("  won:", " ".join(str(first + n) for n, (w, _, _, _) in enumerate(results) if w), flush=True)


if __name__ == "__main__":
    main()
