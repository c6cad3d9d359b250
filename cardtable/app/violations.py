"""Order violations: cards lying on a card they could not have been built on."""

from __future__ import annotations

from cardtable.solitaire import State


def order_violations(state: State) -> dict[str, tuple[int, ...]]:
    """For each tableau pile with a build rule, the positions (0 = bottom) of face-up
    cards that lie on a card the rules would not let them be built on.

    Cards dealt that way are what the player must untangle; a UI marks them.
    """
    t = state.variant.tables
    marks: dict[str, tuple[int, ...]] = {}
    for i in t.tableau:
        table = t.build[i]  # the build rule as a table: the cards each card may take
        if table is None:
            continue
        cards = state.piles[i]
        bad = tuple(n for n in range(state.hidden[i] + 1, len(cards)) if cards[n].index not in table[cards[n - 1].index])
        if bad:
            marks[t.names[i]] = bad
    return marks


def violation_count(state: State) -> int:
    """How many cards are out of order in the tableau."""
    return sum(len(v) for v in order_violations(state).values())
