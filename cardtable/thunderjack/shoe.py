"""The shoe: several decks, dealt in order, gathered and reshuffled at the cut.

Shuffles are seeded, so a shoe replays; tests stack a shoe in a chosen order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

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

    @staticmethod
    def seeded(decks: int, seed: int) -> Shoe:
        """A freshly shuffled shoe of ``decks`` decks."""
        return Shoe(DeckSpec(decks=decks).cards(), 0, seed, -1).reshuffled()

    @staticmethod
    def at(decks: int, seed: int, shuffles: int, dealt: int) -> Shoe:
        """The seeded shoe after ``shuffles`` shuffles with ``dealt`` cards dealt (a saved shoe)."""
        if not 0 <= dealt <= 52 * decks or shuffles < 0:
            raise ValueError(f"no shoe of {decks} decks has dealt {dealt} cards after {shuffles} shuffles")
        shoe = Shoe(DeckSpec(decks=decks).cards(), 0, seed, shuffles - 1).reshuffled()
        return Shoe(shoe.cards, dealt, seed, shuffles)

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

    def reshuffled(self) -> Shoe:
        """Every card gathered and shuffled (the next shuffle of this shoe's seed)."""
        number = self.shuffles + 1
        ordered = sorted(self.cards, key=lambda c: c.index)
        return Shoe(shuffled(ordered, self.seed * 1_000_003 + number), 0, self.seed, number)

    def draw(self) -> tuple[Card, Shoe]:
        """The next card and the shoe without it (reshuffling if it ran out mid-round)."""
        shoe = self if self.dealt < len(self.cards) else self.reshuffled()
        return shoe.cards[shoe.dealt], Shoe(shoe.cards, shoe.dealt + 1, shoe.seed, shoe.shuffles)
