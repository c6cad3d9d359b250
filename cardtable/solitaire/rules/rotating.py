"""Crescent's redeal: there is no stock; a redeal takes the bottom card of every column
holding two or more and puts it on top of that column, the others keeping their order.

The policy is ``stock.rotate(passes)`` (``StockTarget.ROTATE``); this module holds the
rest of the rule whole: whether a redeal is legal and why not, and what it does. A
redeal with no column of two cards would change nothing, so it is not offered.
"""

from __future__ import annotations

from cardtable.cards import Card
from cardtable.solitaire.model import LEGAL, State, Verdict
from cardtable.solitaire.rules.words import no


def _turns(state: State) -> bool:
    """Whether some column holds two cards or more (so a redeal changes it)."""
    return any(len(state.piles[i]) > 1 for i in state.variant.tables.tableau)


def can_rotate(state: State) -> bool:
    """Whether a redeal is legal now."""
    allowed = state.variant.stock.redeals_allowed
    return (allowed is None or state.redeals < allowed) and _turns(state)


def check_rotate(state: State) -> Verdict:
    """Whether a redeal is legal, and if not, why."""
    allowed = state.variant.stock.redeals_allowed
    if allowed is not None and state.redeals >= allowed:
        times = "no redeal" if allowed == 0 else ("one redeal" if allowed == 1 else f"{allowed} redeals")
        return no(f"no redeals left: {state.variant.name} allows {times}")
    if not _turns(state):
        return no("no column holds two cards: a redeal would change nothing")
    return LEGAL


def rotate(state: State, piles: list[tuple[Card, ...]], hidden: list[int]) -> None:
    """Move each column's bottom card to its top (the caller counts the redeal)."""
    for i in state.variant.tables.tableau:
        cards = piles[i]
        if len(cards) > 1:
            piles[i] = cards[1:] + cards[:1]
            hidden[i] = 0
