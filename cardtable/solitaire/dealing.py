"""Laying out a deal: bases out, rows across the piles, the rest to the stock."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.cards import Card
from cardtable.solitaire.model import PileKind, State
from cardtable.solitaire.rules.deal import BaseCard
from cardtable.solitaire.rules.reveal import stock_hidden

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


def deal_state(variant: Variant, deal: int) -> State:
    """The opening position of ``deal``: the same on every machine.

    Rows go across the piles still owed cards, one card each, so pile ``k`` of a
    Microsoft FreeCell deal gets cards ``k``, ``k + 8``, ...; each pile's face-down cards
    are the first it receives. The first undealt card ends on top of the stock.
    """
    plan = variant.deal
    order = list(plan.order(variant.deck, deal))
    piles: list[list[Card]] = [[] for _ in variant.piles]
    tables = variant.tables
    base = plan.bases_out
    if base is not None:
        bases = [c for c in order if c.rank is base and plan.base_suit in (None, c.suit)]
        order = [c for c in order if not (c.rank is base and plan.base_suit in (None, c.suit))]
        bases.sort(key=lambda c: variant.deck.suits.index(c.suit))
        if len(bases) > len(tables.foundations):
            raise ValueError(f"{variant.id}: {len(bases)} bases but only {len(tables.foundations)} foundations")
        for card, pile in zip(bases, tables.foundations):
            piles[pile].append(card)
    for rank, pile in zip(plan.bases, tables.foundations):
        card = next(c for c in order if c.rank is rank)
        piles[pile].append(card)
        order.remove(card)
    for card, pile in zip(plan.base_cards, tables.foundations):
        piles[pile].append(card)
        order.remove(card)
    how = plan.base_card
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
                card = order[position]
                position += 1
                owed[pile] -= 1
                home = _home_for(variant, piles, pile, card) if plan.home_while_dealing else None
                piles[home if home is not None else pile].append(card)
    if plan.to_the_bottom is not None:
        for pile in tables.tableau:
            piles[pile].sort(key=lambda c: c.rank is not plan.to_the_bottom)  # stable: the rest keep their order
    rest = order[position:]
    if rest:
        if tables.stock is None:
            raise ValueError(f"{variant.id}: {len(rest)} cards left over and no stock to hold them")
        piles[tables.stock] = rest[::-1]
    hidden = [min(spec.dealt[0], len(cards)) for spec, cards in zip(variant.piles, piles)]
    if tables.stock is not None:
        hidden[tables.stock] = stock_hidden(variant, len(piles[tables.stock]))
    return State(variant, tuple(tuple(p) for p in piles), tuple(hidden), 0)


def _home_for(variant: Variant, piles: list[list[Card]], pile: int, card: Card) -> int | None:
    """The foundation that takes ``card`` now, if it is bound for a face-up tableau place."""
    spec = variant.piles[pile]
    if spec.kind is not PileKind.TABLEAU or len(piles[pile]) < spec.dealt[0]:
        return None
    for f in variant.tables.foundations:
        home = variant.piles[f]
        held = piles[f]
        if held and home.build is not None and home.build.allows(variant.deck, held[-1], card):
            return f
        if not held and home.empty.accepts(card):
            return f
    return None
