"""Replaying solutions: ``check`` and ``apply`` of every move, as the solver does for each
solution it returns (and as a saved game's moves are read back).

Run: .venv/bin/python bench/replay.py [--deals 100] [--rounds 5] [GAME ...]

Each game's first deals are solved first (untimed); their solutions are then replayed
through the engine ``--rounds`` times, and the best round's microseconds a move printed.
One process, so one core.
"""

from __future__ import annotations

import argparse
import platform
import time

from cardtable.solitaire import Move, State, get_variant
from cardtable.solitaire.formats.games import replay_steps
from cardtable.solver import Budget, solve

GAMES = ("freecell", "klondike", "yukon", "spider-1suit")


def solutions(game: str, deals: int) -> list[tuple[State, tuple[Move, ...]]]:
    """The deals of ``game`` the solver wins within a short budget, with their wins."""
    variant = get_variant(game)
    found = []
    for deal in range(1, deals + 1):
        start = variant.start(deal)
        result = solve(start, Budget(seconds=5, nodes=200_000))
        if result.moves:
            found.append((start, result.moves))
    return found


def best_round(wins: list[tuple[State, tuple[Move, ...]]], rounds: int) -> float:
    """The quickest of ``rounds`` replays of every win, in microseconds a move."""
    moves = sum(len(m) for _, m in wins)
    best = float("inf")
    for _ in range(rounds):
        began = time.perf_counter()
        for start, played in wins:
            for _ in replay_steps(start, played):
                pass
        best = min(best, time.perf_counter() - began)
    return best / max(1, moves) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--deals", type=int, default=100, help="deals of each game solved, from 1 (default 100)")
    parser.add_argument("--rounds", type=int, default=5, help="replays of them all, the best kept (default 5)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}")
    for game in args.games:
        wins = solutions(game, args.deals)
        moves = sum(len(m) for _, m in wins)
        print(f"{game:<16} {len(wins):>4} wins, {moves:>6} moves: {best_round(wins, args.rounds):6.2f} us a move")


if __name__ == "__main__":
    main()
