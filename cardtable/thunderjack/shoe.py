"""The shoe: several decks, dealt in order, gathered and reshuffled at the cut.

Shuffles are seeded, so a shoe replays; tests stack a shoe in a chosen order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from cardtable.cards import Card, DeckSpec, shuffled


@dataclass(frozen=True, slots=True)
class Shoe:
    """Cards in dealing order and how many have been dealt.

    ``seed`` and ``shuffles`` name the current order: shuffle ``n`` of seed ``s`` is
    a shuffle seeded by ``s * 1_000_003 + n``. A stacked shoe has no seed until its
    first reshuffle, which then uses seed 0.

    >>> shoe = Shoe.seeded(decks=4, seed=9)
    >>> card, shoe = shoe.draw()
    >>> shoe.remaining, len(shoe.cards)
    (207, 208)
    """

    cards: tuple[Card, ...]
    dealt: int = 0
    seed: int = 0
    shuffles: int = 0
    held: tuple[Card, ...] = ()
    """Cards that were out on the table when this shuffle was made mid-round: they were
    left out of it and lead the order, as dealt."""

    @staticmethod
    def seeded(decks: int, seed: int) -> Shoe:
        """A freshly shuffled shoe of ``decks`` decks."""
        return Shoe(DeckSpec(decks=decks).cards(), 0, seed, -1).reshuffled()

    @staticmethod
    def at(decks: int, seed: int, shuffles: int, dealt: int, held: Sequence[Card] = ()) -> Shoe:
        """The seeded shoe after ``shuffles`` shuffles (the last made around ``held``) with
        ``dealt`` cards dealt: a saved shoe."""
        if not len(held) <= dealt <= 52 * decks or shuffles < 0:
            raise ValueError(f"no shoe of {decks} decks has dealt {dealt} cards after {shuffles} shuffles")
        shoe = Shoe(DeckSpec(decks=decks).cards(), 0, seed, shuffles - 1).reshuffled(held)
        return replace(shoe, dealt=dealt)

    @staticmethod
    def stacked(cards: Iterable[Card], seed: int = 0) -> Shoe:
        """A shoe dealing exactly ``cards`` in order (first card first)."""
        return Shoe(tuple(cards), 0, seed, 0)

    @property
    def remaining(self) -> int:
        """Cards not yet dealt."""
        return len(self.cards) - self.dealt

    def is_due(self, below: float) -> bool:
        """Whether fewer than ``below`` of the shoe's cards remain undealt."""
        return self.remaining < below * len(self.cards)

    def reshuffled(self, held: Sequence[Card] = ()) -> Shoe:
        """Every card gathered and shuffled (the next shuffle of this shoe's seed), except
        ``held``, cards still on the table: they lead the new order, as dealt.

        >>> from cardtable.cards import parse_cards
        >>> shoe = Shoe.seeded(decks=1, seed=2).reshuffled(held=parse_cards("AS KD"))
        >>> [c.code for c in shoe.cards[:2]], shoe.dealt, len(set(shoe.cards))
        (['AS', 'KD'], 2, 52)
        """
        number = self.shuffles + 1
        order = list(shuffled(sorted(self.cards, key=lambda c: c.index), self.seed * 1_000_003 + number))
        for card in held:
            try:
                order.remove(card)
            except ValueError:
                raise ValueError(f"{card.code} is on the table more often than the shoe holds it") from None
        return Shoe((*held, *order), len(held), self.seed, number, tuple(held))

    def draw(self, held: Sequence[Card] = ()) -> tuple[Card, Shoe]:
        """The next card and the shoe without it. A shoe that runs out mid-round is
        gathered and shuffled without ``held``, the cards on the table, so no card is dealt
        twice at once."""
        shoe = self if self.dealt < len(self.cards) else self.reshuffled(held)
        if shoe.remaining == 0:
            raise ValueError(f"the shoe is empty: all {len(shoe.cards)} cards are on the table")
        return shoe.cards[shoe.dealt], replace(shoe, dealt=shoe.dealt + 1)
