"""Piles that wait for the stock: they take no card until the stock is used up
(Strategy's foundations, which open only once every card of the stock is laid out).

The whole rule lives here: its words, the piles closed in a position (what the
generator skips), and the check's refusal. ``PileSpec.after_stock`` declares it and
``Tables.after_stock`` lists the piles; the compiled generator reads the same list.
"""

from __future__ import annotations

from cardtable.solitaire.model import State, Verdict
from cardtable.solitaire.rules.words import no

WORDS = "it takes cards only once the stock is used up"
"""The rule as the rules page says it."""


def stock_used_up(state: State) -> bool:
    """Whether the stock holds no card (a game without a stock has used it up)."""
    stock = state.variant.tables.stock
    return stock is None or not state.piles[stock]


def closed(state: State) -> tuple[int, ...]:
    """The piles that take no card now because the stock still holds cards."""
    waiting = state.variant.tables.after_stock
    return () if not waiting or stock_used_up(state) else waiting


def check_waiting(state: State, target: int) -> Verdict | None:
    """A refusal if ``target`` waits for the stock and the stock still holds cards."""
    if target in closed(state):
        title = state.variant.piles[target].id.title
        return no(f"{title} takes cards only once the stock is used up")
    return None
