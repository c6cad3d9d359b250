"""A game's line of positions: what a hint asks of it."""

from __future__ import annotations

import random

from cardtable.app.history import History, LineKeys, seen_key
from cardtable.solitaire import get_variant
from tests.app.wandering import wander


def test_the_keys_of_a_line_follow_it_through_undo_redo_and_other_moves() -> None:
    """Kept from one ask to the next, they are always those of the line asked about, as
    if worked out afresh, however the line changed in between."""
    rng = random.Random(4)
    history = History.begin(get_variant("klondike").start(6))
    keys = LineKeys()
    asked = 0
    for history in wander(history, rng, 400):
        if rng.random() < 0.6:
            continue  # (asked now and then, as a player asks a hint)
        assert keys.of(history) == {seen_key(s) for s in history.reached()}
        asked += 1
    assert asked > 100
