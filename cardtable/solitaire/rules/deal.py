"""Deals: how a shuffled deck is laid out."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cardtable.cards import ALL_CARDS, MAX_DEAL, Card, DeckSpec, Rank, Suit, microsoft_deal, shuffled


class Shuffle(Enum):
    """Where a deal's card order comes from."""

    PORTABLE = "portable"
    """The project's own seeded Fisher-Yates shuffle (any deal number >= 0)."""
    MICROSOFT = "microsoft"
    """The classic Microsoft FreeCell generator (deal numbers 1 .. 2**31-1)."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """How to deal: shuffle, move ``bases_out`` cards (of ``base_suit`` only, if given)
    to the foundations, then lay rows across the piles (each takes the counts in its
    ``PileSpec.dealt``), then put the rest in the stock.

    ``home_while_dealing`` sends a card bound for a face-up place in the tableau to a
    foundation instead when one takes it (Citadel); the column still loses its turn.
    ``to_the_bottom`` puts the cards of that rank at the bottom of the column they
    were dealt to (Baker's Dozen's Kings).
    """

    shuffle: Shuffle = Shuffle.PORTABLE
    bases_out: Rank | None = None
    base_suit: Suit | None = None
    home_while_dealing: bool = False
    to_the_bottom: Rank | None = None

    @property
    def deal_numbers(self) -> range:
        """The deal numbers this plan accepts."""
        if self.shuffle is Shuffle.MICROSOFT:
            return range(1, MAX_DEAL + 1)
        return range(0, 1 << 63)

    def order(self, deck: DeckSpec, deal: int) -> tuple[Card, ...]:
        """The shuffled deck, in dealing order."""
        if deal not in self.deal_numbers:
            numbers = self.deal_numbers
            raise ValueError(f"deal numbers run from {numbers.start} to {numbers.stop - 1}, not {deal}")
        if self.shuffle is Shuffle.MICROSOFT:
            if deck.size != 52:
                raise ValueError("Microsoft deals are for a single 52-card deck")
            return tuple(ALL_CARDS[i] for i in microsoft_deal(deal))
        return shuffled(deck.cards(), seed=deal)


standard = DealPlan()
microsoft = DealPlan(Shuffle.MICROSOFT)


def aces_out(shuffle: Shuffle = Shuffle.PORTABLE) -> DealPlan:
    """Aces start the foundations before the rest is dealt."""
    return DealPlan(shuffle, Rank.ACE)


def base_out(rank: Rank, suit: Suit) -> DealPlan:
    """One card (of each deck) starts the foundation before the rest is dealt (Black Hole's Ace of Spades)."""
    return DealPlan(bases_out=rank, base_suit=suit)


home_while_dealing = DealPlan(Shuffle.PORTABLE, Rank.ACE, home_while_dealing=True)
"""Aces out, then every card that fits a foundation goes there as it is dealt (Citadel)."""

kings_to_the_bottom = DealPlan(to_the_bottom=Rank.KING)
"""Each column's Kings go under its other cards (Baker's Dozen)."""
