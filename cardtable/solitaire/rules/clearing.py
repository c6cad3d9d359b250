"""Clearing runs: a complete run (King to Ace, in the game's order) leaves the tableau
for an empty foundation by itself, as in Spider.

The variant names the order (``Variant.clear_runs``, a build rule); the engine compiles
it into ``Tables.clear_run`` (for each card, the cards that continue the run on it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.solitaire.rules.reveal import settle

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


def clear_run(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int], j: int) -> None:
    """Send each complete run on top of pile ``j`` to the first empty foundation, in
    turn: one cleared may uncover another, made under it (Scorpion)."""
    t = variant.tables
    order = t.clear_run
    assert order is not None
    length = len(variant.deck.ranks)
    while True:
        cards = piles[j]
        n = len(cards)
        if n - hidden[j] < length:
            return
        for k in range(1, length):
            if cards[n - k].index not in order[cards[n - k - 1].index]:
                return
        empty = next((f for f in t.foundations if not piles[f]), None)
        if empty is None:
            return
        piles[empty] = cards[n - length :]
        piles[j] = cards[: n - length]
        settle(variant, piles, hidden, j)
