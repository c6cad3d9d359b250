"""Deck specifications: how many decks, which suits and which ranks."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.cards.card import Card, Rank, Suit, card_of

FULL_RANKS: tuple[Rank, ...] = tuple(Rank)
SHORT_RANKS: tuple[Rank, ...] = (Rank.ACE,) + tuple(r for r in Rank if r >= Rank.SIX)
"""The 36-card deck: Ace, then Six to King."""


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """One or more decks, all or some suits, all or some ranks.

    ``ranks`` is also the rank *sequence*: "one higher" means the next rank in it, so in
    the 36-card deck a Six follows an Ace.

    >>> DeckSpec().size, DeckSpec(decks=2).size, DeckSpec(ranks=SHORT_RANKS).size
    (52, 104, 36)
    >>> DeckSpec.spider(suits=1).size
    104
    """

    decks: int = 1
    suits: tuple[Suit, ...] = tuple(Suit)
    ranks: tuple[Rank, ...] = FULL_RANKS
    _after: tuple[Rank | None, ...] = field(init=False, repr=False, compare=False)
    """The next rank after each rank value (None: last, or not in the deck); build
    rules ask "one higher?" for every card they judge, so it is a plain lookup."""

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise ValueError("a deck spec needs at least one deck")
        if not self.suits or not self.ranks:
            raise ValueError("a deck spec needs at least one suit and one rank")
        if len(set(self.ranks)) != len(self.ranks) or len(set(self.suits)) != len(self.suits):
            raise ValueError("suits and ranks may not repeat in a deck spec")
        after: list[Rank | None] = [None] * (max(Rank) + 1)
        for lower, higher in zip(self.ranks, self.ranks[1:]):
            after[lower] = higher
        object.__setattr__(self, "_after", tuple(after))

    @classmethod
    def spider(cls, suits: int) -> DeckSpec:
        """The 104 cards of Spider with 1, 2 or 4 suits (spades, then hearts)."""
        chosen = {1: (Suit.SPADES,), 2: (Suit.SPADES, Suit.HEARTS), 4: tuple(Suit)}
        if suits not in chosen:
            raise ValueError("Spider is played with 1, 2 or 4 suits")
        return cls(decks=8 // suits, suits=chosen[suits])

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return self.decks * len(self.suits) * len(self.ranks)

    def cards(self) -> tuple[Card, ...]:
        """Every card in a fixed, unshuffled order: deck by deck, suit by suit, rank up."""
        one = tuple(card_of(rank, suit) for suit in self.suits for rank in self.ranks)
        return one * self.decks

    def next_rank(self, rank: Rank) -> Rank | None:
        """The rank one higher in this deck's sequence, or None after the last."""
        at = self.ranks.index(rank)
        return self.ranks[at + 1] if at + 1 < len(self.ranks) else None

    def is_next(self, lower: Rank, higher: Rank) -> bool:
        """Whether ``higher`` is exactly one above ``lower`` in this deck.

        >>> DeckSpec(ranks=SHORT_RANKS).is_next(Rank.ACE, Rank.SIX), DeckSpec().is_next(Rank.ACE, Rank.SIX)
        (True, False)
        """
        return self._after[lower] is higher
