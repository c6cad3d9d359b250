"""What the chain tests share: a chain's moves played through the engine."""

from __future__ import annotations

import numpy as np

from cardtable.solitaire import State, apply
from cardtable.solitaire.compiled import to_arrays, to_move


def assert_replays(state: State, log: np.ndarray, child: tuple[np.ndarray, ...]) -> None:
    """Play the logged moves from ``state`` through the engine (which checks each) and
    hold the position reached to the one the search laid out in ``child``."""
    played = state
    for c in log.tolist():
        played = apply(played, to_move(state.variant, c))
    q = to_arrays(played)
    assert (q.lens == child[1]).all() and (q.hid == child[2]).all()
    assert all((q.cards[i, : q.lens[i]] == child[0][i, : q.lens[i]]).all() for i in range(len(q.lens)))
