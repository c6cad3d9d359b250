"""Laying out a deal: bases out, rows across the piles, the rest to the stock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.solitaire.model import State
from cardtable.solitaire.rules.deal import BaseCard

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


def deal_state(variant: Variant, deal: int) -> State:
    """The opening position of ``deal``: the same on every machine.

    Rows go across the piles still owed cards, one card each, so pile ``k`` of a
    Microsoft FreeCell deal gets cards ``k``, ``k + 8``, ...; each pile's face-down cards
    are the first it receives. The first undealt card ends on top of the stock.
    """
    order = list(variant.deal.order(variant.deck, deal))
    piles: list[list[Card]] = [[] for _ in variant.piles]
    tables = variant.tables
    base = variant.deal.bases_out
    if base is not None:
        bases = [c for c in order if c.rank is base]
        bases.sort(key=lambda c: variant.deck.suits.index(c.suit))
        if len(bases) > len(tables.foundations):
            raise ValueError(f"{variant.id}: {len(bases)} bases but only {len(tables.foundations)} foundations")
        for card, pile in zip(bases, tables.foundations):
            piles[pile].append(card)
        order = [c for c in order if c.rank is not base]
    for rank, pile in zip(variant.deal.bases, tables.foundations):
        card = next(c for c in order if c.rank is rank)
        piles[pile].append(card)
        order.remove(card)
    how = variant.deal.base_card
    if how is BaseCard.TO_FOUNDATION:
        piles[tables.foundations[0]].append(order.pop(0))
    elif how is BaseCard.FELLOWS_OUT:
        beak = order[0]
        fellows = [c for c in order[1:] if c.rank is beak.rank]
        for card, pile in zip(fellows, tables.foundations):
            piles[pile].append(card)
        order = [beak] + [c for c in order[1:] if c.rank is not beak.rank]
    owed = [down + up for down, up in (spec.dealt for spec in variant.piles)]
    position = 0
    while any(owed):
        for pile, count in enumerate(owed):
            if count:
                piles[pile].append(order[position])
                position += 1
                owed[pile] -= 1
    rest = order[position:]
    if rest:
        if tables.stock is None:
            raise ValueError(f"{variant.id}: {len(rest)} cards left over and no stock to hold them")
        piles[tables.stock] = rest[::-1]
    hidden = [spec.dealt[0] for spec in variant.piles]
    if tables.stock is not None:
        hidden[tables.stock] = len(piles[tables.stock])
    return State(variant, tuple(tuple(p) for p in piles), tuple(hidden), 0)
