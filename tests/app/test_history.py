"""A game's line of positions: what a hint asks of it."""

from __future__ import annotations

import random

from cardtable.app.history import History, LineKeys, seen_key
from cardtable.solitaire import apply, get_variant, legal_moves


def test_the_keys_of_a_line_follow_it_through_undo_redo_and_other_moves() -> None:
    """Kept from one ask to the next, they are always those of the line asked about, as
    if worked out afresh, however the line changed in between."""
    rng = random.Random(4)
    history = History.begin(get_variant("klondike").start(6))
    keys = LineKeys()
    asked = 0
    for _ in range(400):
        roll = rng.random()
        if roll < 0.2:
            history = history.undo()
        elif roll < 0.3:
            history = history.redo()
        else:
            moves = legal_moves(history.state)
            if not moves:
                break
            move = rng.choice(moves)
            history = history.push((move,), apply(history.state, move))
        if rng.random() < 0.6:
            continue  # (asked now and then, as a player asks a hint)
        assert keys.of(history) == {seen_key(s) for s in history.reached()}
        asked += 1
    assert asked > 100
