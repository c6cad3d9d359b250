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


class BaseCard(Enum):
    """How the deal chooses the foundations' base rank (see ``rules.empty.dealt_base``)."""

    TO_FOUNDATION = "the first card dealt goes to the first foundation"
    """Canfield, Agnes Sorel: the first card of the deck starts a foundation."""
    FELLOWS_OUT = "the other cards of the first card's rank go to the foundations"
    """Penguin: the first card (the beak) stays at the foot of the first column."""


@dataclass(frozen=True, slots=True)
class DealPlan:
    """How to deal: shuffle, move ``bases_out`` cards (of ``base_suit`` only, if given)
    to the foundations (or let the first card choose the base, ``base_card``), then lay
    rows across the piles (each takes the counts in its ``PileSpec.dealt``), then put the
    rest in the stock.

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
    base_card: BaseCard | None = None
    bases: tuple[Rank, ...] = ()
    """One card of each of these ranks (the first in the shuffled deck) starts foundation
    1, 2, ... in turn (Calculation: an Ace, a Two, a Three and a Four)."""
    base_cards: tuple[Card, ...] = ()
    """These very cards start foundation 1, 2, ... in turn (Grandfather's Clock's dial)."""

    @property
    def phrases(self) -> tuple[str, ...]:
        """What the deal does besides laying rows, in words (for the rules page)."""
        out = []
        if self.shuffle is Shuffle.MICROSOFT:
            out.append("deals are numbered by the classic Microsoft generator: the same number gives the same deal everywhere")
        if self.bases_out is not None:
            rank = self.bases_out.name.title()
            which = f"the {rank} of {self.base_suit.name.lower()}" if self.base_suit else f"every {rank}"
            out.append(f"{which} starts a foundation before the deal")
        if self.bases:
            out.append("one " + ", one ".join(r.name.title() for r in self.bases) + " start the foundations, in that order")
        if self.base_cards:
            out.append(" ".join(c.symbol for c in self.base_cards) + " start the foundations, in that order")
        if self.base_card is not None:
            out.append(self.base_card.value + ": its rank is where every foundation starts")
        if self.home_while_dealing:
            out.append("a card that fits a foundation as it is dealt goes there instead")
        if self.to_the_bottom is not None:
            out.append(f"each column's {self.to_the_bottom.name.title()}s are put at its bottom")
        return tuple(out)

    @property
    def deal_numbers(self) -> range:
        """The deal numbers this plan accepts."""
        if self.shuffle is Shuffle.MICROSOFT:
            return range(1, MAX_DEAL + 1)
        return range(0, 1 << 63)

    def refusal(self, deal: int, game: str = "") -> str:
        """Why ``deal`` is no deal of the game named ``game`` ('' when it is one): the one
        wording every interface gives.

        >>> DealPlan(shuffle=Shuffle.MICROSOFT).refusal(0, "FreeCell")
        'FreeCell deal numbers run from 1 to 2,147,483,647, not 0'
        """
        numbers = self.deal_numbers
        if deal in numbers:
            return ""
        return f"{game} deal numbers run from {numbers.start:,} to {numbers.stop - 1:,}, not {deal:,}".lstrip()

    def order(self, deck: DeckSpec, deal: int) -> tuple[Card, ...]:
        """The shuffled deck, in dealing order."""
        if deal not in self.deal_numbers:
            raise ValueError(self.refusal(deal))
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


def base_by_deal(how: BaseCard = BaseCard.TO_FOUNDATION) -> DealPlan:
    """The first card of the deal sets the foundations' base rank."""
    return DealPlan(base_card=how)


def base_out(rank: Rank, suit: Suit) -> DealPlan:
    """One card (of each deck) starts the foundation before the rest is dealt (Black Hole's Ace of Spades)."""
    return DealPlan(bases_out=rank, base_suit=suit)


home_while_dealing = DealPlan(Shuffle.PORTABLE, Rank.ACE, home_while_dealing=True)
"""Aces out, then every card that fits a foundation goes there as it is dealt (Citadel)."""

kings_to_the_bottom = DealPlan(to_the_bottom=Rank.KING)
"""Each column's Kings go under its other cards (Baker's Dozen)."""
