"""Turning up a revealed card: a tableau card is turned face up once nothing lies on it.

Nothing lies on it when its own pile holds nothing above it and, in a layout where cards
overlap (Tri-Peaks), every pile covering it is empty. The rule is the variant's
``flip_revealed`` (Bisley-like games leave it off, so cards dealt face down stay down
until played). The stock never turns up by itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import Card

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


def stock_hidden(variant: Variant, held: int) -> int:
    """The face-down cards of a stock holding ``held``: all of them, or all but the top
    one where the game turns it face up (``StockPolicy.face_up``)."""
    return held - 1 if held and variant.stock.face_up else held


def settle(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int], i: int) -> None:
    """Keep pile ``i``'s hidden count in range; turn up a revealed card where the game says so."""
    n = len(piles[i])
    if i == variant.tables.stock:
        hidden[i] = stock_hidden(variant, n)
        return
    if hidden[i] >= n:
        hidden[i] = n
        if n and variant.flip_revealed:
            hidden[i] = n - 1
    if not n and variant.flip_revealed:
        tables = variant.tables
        for below in tables.uncovers[i]:
            held = len(piles[below])
            if held and hidden[below] >= held and not any(piles[c] for c in tables.covered[below]):
                hidden[below] = held - 1
