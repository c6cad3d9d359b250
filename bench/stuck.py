"""The stuck check: how long ``autoplay.is_stuck`` takes on positions met in play.

Run: .venv/bin/python bench/stuck.py [--positions N] [--limit MOVES] [--turned] [--forget] [GAME ...]

The check runs after every action a player takes (its answer is in every view), so its
cost is paid on every move. Positions come from random playouts (seeded) of each game,
up to 150 moves deep; prints the mean, p50, p99 and worst CPU time per check (the thread's
time, so other programs on a shared machine count for little), and how many
of the positions were stuck. ``--turned`` takes each position on through the stock
until it has been turned over from the waste and a few cards more: the stock then holds
cards the player saw, which the check deals through (its dearest case in Klondike).
The check remembers positions it found not stuck, as it does in a server; ``--forget``
clears that memory before every check, so each position is searched alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from cardtable.app.autoplay import STUCK_SEARCH_LIMIT, forget_stuck_answers, is_stuck
from cardtable.solitaire import MoveKind, State, apply, get_variant, is_won, legal_moves

GAMES = ("klondike", "klondike-draw3", "freecell", "yukon", "spider", "pyramid")


def positions(game: str, count: int, rng: random.Random) -> list[State]:
    """``count`` positions reached by random play from the game's deals 1, 2, 3, ..."""
    variant = get_variant(game)
    found: list[State] = []
    deal = 1
    while len(found) < count:
        state = variant.start(deal)
        for _ in range(150):
            moves = legal_moves(state)
            if not moves or is_won(state) or len(found) >= count:
                break
            state = apply(state, rng.choice(moves), trusted=True)
            found.append(state)
        deal += 1
    return found


def turned(state: State, rng: random.Random) -> State:
    """``state`` dealt on until the stock is turned over, then up to ten stock moves more
    (fewer where the stock runs out of moves first)."""
    redeals = state.redeals
    extra = rng.randrange(11)
    for _ in range(500):
        stock = [m for m in legal_moves(state) if m.kind in (MoveKind.DEAL, MoveKind.REDEAL)]
        if not stock or (state.redeals > redeals and extra == 0):
            break
        extra -= state.redeals > redeals
        state = apply(state, stock[0], trusted=True)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--positions", type=int, default=3000)
    parser.add_argument("--limit", type=int, default=STUCK_SEARCH_LIMIT, help="moves the search may play")
    parser.add_argument("--turned", action="store_true", help="each position after the stock is turned over")
    parser.add_argument("--forget", action="store_true", help="clear the check's memory before every check")
    args = parser.parse_args()
    turning = " after the stock is turned over" if args.turned else ""
    memory = "each searched alone" if args.forget else "the check's memory kept"
    print(f"limit {args.limit} moves; {args.positions} positions a game{turning}; {memory}; times in microseconds")
    for game in args.games:
        times = []
        stuck = 0
        rng = random.Random(1)
        for state in positions(game, args.positions, rng):
            if args.turned:
                state = turned(state, rng)
            if args.forget:
                forget_stuck_answers()
            began = time.thread_time()
            stuck += is_stuck(state, args.limit)
            times.append(time.thread_time() - began)
        times.sort()
        p99 = times[int(len(times) * 0.99)]
        print(
            f"{game:16s} mean {1e6 * statistics.fmean(times):7.0f}  p50 {1e6 * times[len(times) // 2]:7.0f}"
            f"  p99 {1e6 * p99:7.0f}  worst {1e6 * times[-1]:7.0f}  stuck {stuck}/{len(times)}"
        )


if __name__ == "__main__":
    main()
