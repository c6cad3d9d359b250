"""Engine speed: legal-move generation + apply, steps per second on random playouts.

Run: .venv/bin/python bench/engine.py [--seconds S] [GAME ...]

A step is one ``legal_moves(state)`` and one ``apply(state, move, trusted=True)`` of a
randomly chosen legal move; playouts restart from a new deal when stuck, won or after
200 steps. Deals are laid out before timing starts. One process, so one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from cardtable.solitaire import State, apply, get_variant, is_won, legal_moves, variants


WARM_UP = 0.5
"""Seconds played untimed first, so one-off costs (tables built on first use, cold
caches) are not charged to whichever game happens to be measured first."""


def play(starts: list[State], rng: random.Random, seconds: float) -> tuple[int, int, float]:
    """Random playouts for ``seconds``: steps taken, moves offered, time taken."""
    steps = 0
    offered = 0
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline:
        state = starts[rng.randrange(len(starts))]
        for _ in range(200):
            moves = legal_moves(state)
            if not moves or is_won(state):
                break
            offered += len(moves)
            state = apply(state, moves[rng.randrange(len(moves))], trusted=True)
            steps += 1
    return steps, offered, time.perf_counter() - began


def steps_per_second(game: str, seconds: float) -> tuple[float, float]:
    """Steps per second, and the mean number of legal moves per position."""
    variant = get_variant(game)
    starts: list[State] = [variant.start(deal) for deal in range(1, 301)]
    play(starts, random.Random(1), WARM_UP)
    steps, offered, elapsed = play(starts, random.Random(2026), seconds)
    return steps / elapsed, offered / max(steps, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="variant ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game")
    args = parser.parse_args()
    games = args.games or [v.id for v in variants()]
    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:g} s per game")
    print(f"{'game':24} {'steps/s':>10} {'moves/position':>15}")
    for game in games:
        rate, width = steps_per_second(game, args.seconds)
        print(f"{game:24} {rate:10,.0f} {width:15.1f}")


if __name__ == "__main__":
    main()
