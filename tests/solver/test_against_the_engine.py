"""The solver's verdicts against a plain search through the engine's own rules, on small
positions of every game: a win it finds must exist, and a deal it calls lost must have no
win anywhere in its reachable positions. The compiled search prunes (safe moves home,
twin piles, talon jumps, cards that can never leave their piles); this is the check that
none of that ever throws a win away. A game added later is covered without a new test."""

from __future__ import annotations

import random
import time

import pytest

from cardtable.solitaire import State, Variant, apply, canonical_key, is_won, legal_moves, variants
from cardtable.solver import Budget, Outcome, solve

LARGEST = 2_000
"""Positions a plain search may visit; a position with more is not compared."""
BACK = (5, 12, 20)
"""How many moves before the end of a solution the compared positions lie."""
PER_GAME = 0.5
"""Seconds a game may spend finding its positions, and again comparing them: a game
whose positions are all large (Klondike, whose cards come back off the foundations) soon
gives way to the next."""


def plain_search(start: State) -> bool | None:
    """Whether a win can be reached from ``start``, trying every legal move; None when
    more than ``LARGEST`` positions are reachable."""
    seen = {canonical_key(start)}
    todo = [start]
    while todo:
        state = todo.pop()
        if is_won(state):
            return True
        for move in legal_moves(state):
            after = apply(state, move, trusted=True)
            key = canonical_key(after)
            if key not in seen:
                if len(seen) >= LARGEST:
                    return None
                seen.add(key)
                todo.append(after)
    return False


def _positions(variant: Variant, rng: random.Random) -> list[State]:
    """Positions near the end of the game's first solved deals, and a few random moves on
    from them (where many a game is lost)."""
    found = []
    began = time.perf_counter()
    for deal in range(1, 7):
        if time.perf_counter() - began > PER_GAME:
            break
        start = variant.start(deal)
        result = solve(start, Budget(nodes=20_000, seconds=0.5))
        if not result.solved:
            continue
        line = [start]
        for move in result.moves:
            line.append(apply(line[-1], move))
        for back in BACK:
            if back < len(line):
                found.append(line[-1 - back])
                for steps in (4, 10, 25):
                    state = line[-1 - back]
                    for _ in range(steps):
                        moves = legal_moves(state)
                        if not moves:
                            break
                        state = apply(state, rng.choice(moves))
                    found.append(state)
    return found


@pytest.mark.parametrize("half", [0, 1])
def test_every_verdict_agrees_with_a_plain_search_of_every_position(half: int) -> None:
    rng = random.Random(half)
    compared: dict[bool, int] = {True: 0, False: 0}
    games = set()
    wrong = []
    for variant in variants()[half::2]:
        positions = _positions(variant, rng)
        began = time.perf_counter()
        for state in positions:
            if time.perf_counter() - began > PER_GAME:
                break
            truth = plain_search(state)
            if truth is None:
                continue
            result = solve(state, Budget(nodes=100_000, seconds=30))
            assert result.outcome is not Outcome.UNKNOWN, (variant.id, "a small position left unknown")
            if result.solved != truth:
                wrong.append((variant.id, truth, result.outcome.value, result.reason))
            compared[truth] += 1
            games.add(variant.id)
    print(f"{len(games)} games, {compared[True]} won and {compared[False]} lost positions compared")
    assert wrong == []
    # Enough was compared for the check to mean something, lost positions included.
    assert len(games) >= 15 and compared[True] >= 150 and compared[False] >= 10, (len(games), compared)
