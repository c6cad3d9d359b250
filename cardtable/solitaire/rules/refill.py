"""Columns refilled from a reserve: when a move empties a column, the reserve's top card
fills it at once (Canfield). Once the reserve is empty, the column's own empty rule
says what may start it.

The rule is the variant's ``refill_from`` (the pile that refills, None: no refilling);
it is part of what a move does, so it needs no check and generates no moves of its own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.solitaire.rules.reveal import settle

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


def refill(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int], emptied: int) -> None:
    """Fill column ``emptied``, if a move left it empty, from the top of the refilling pile."""
    source = variant.tables.refill
    if source is None or piles[emptied] or not piles[source] or emptied not in variant.tables.tableau:
        return
    piles[emptied] = piles[source][-1:]
    hidden[emptied] = 0
    piles[source] = piles[source][:-1]
    settle(variant, piles, hidden, source)
