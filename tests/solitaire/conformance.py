"""Shared helpers of the conformance suite: candidate moves and invariants."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from cardtable.solitaire import Move, MoveKind, State


def every_candidate(state: State) -> Iterator[Move]:
    """Every move shape the engine could be asked about in ``state``, legal or not."""
    n = len(state.piles)
    for i in range(n):
        for j in range(n):
            for k in range(1, len(state.piles[i]) + 2):
                yield Move(MoveKind.MOVE, i, j, k)
    yield Move(MoveKind.DEAL)
    yield Move(MoveKind.REDEAL)
    for i in range(n):
        yield Move(MoveKind.PAIR, i, None)
        for j in range(n):
            yield Move(MoveKind.PAIR, i, j)


def card_counts(state: State) -> Counter[int]:
    """How many of each card lie anywhere in the position."""
    return Counter(card.index for pile in state.piles for card in pile)


def deck_counts(state: State) -> Counter[int]:
    """How many of each card the variant's deck holds."""
    return Counter(card.index for card in state.variant.deck.cards())


def is_well_formed(state: State) -> bool:
    """Hidden counts lie within their piles, and the stock is all face down."""
    stock = state.variant.tables.stock
    inside = all(0 <= h <= len(p) for p, h in zip(state.piles, state.hidden))
    return inside and (stock is None or state.hidden[stock] == len(state.piles[stock]))
