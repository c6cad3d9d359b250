"""A history that wanders: random moves, undos and redos, for caches that must follow it."""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardtable.app.history import History
from cardtable.solitaire import apply, legal_moves


def wander(history: History, rng: random.Random, steps: int, undo: float = 0.2, redo: float = 0.1) -> Iterator[History]:
    """Up to ``steps`` histories, each one step on from the one before: undone (share
    ``undo``), redone (``redo``) or a random legal move played; ends early where none is."""
    for _ in range(steps):
        roll = rng.random()
        if roll < undo:
            history = history.undo()
        elif roll < undo + redo:
            history = history.redo()
        else:
            moves = legal_moves(history.state)
            if not moves:
                return
            move = rng.choice(moves)
            history = history.push((move,), apply(history.state, move))
        yield history
