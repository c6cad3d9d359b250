"""Pair removal: exposed cards whose ranks add up to a total leave the game together."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card, Rank


@dataclass(frozen=True, slots=True)
class PairRule:
    """Two cards totalling ``total`` are discarded together; ``singles`` go alone.

    >>> from cardtable.cards import parse_card
    >>> thirteen.matches(parse_card("QH"), parse_card("AS")), thirteen.is_single(parse_card("KC"))
    (True, True)
    """

    total: int = 13
    singles: tuple[Rank, ...] = (Rank.KING,)

    def matches(self, first: Card, second: Card) -> bool:
        """Whether the two cards make a pair."""
        return int(first.rank) + int(second.rank) == self.total

    def is_single(self, card: Card) -> bool:
        """Whether the card is discarded on its own."""
        return card.rank in self.singles

    @property
    def phrase(self) -> str:
        """The rule in words."""
        alone = " ".join(f"{r.name.title()}s" for r in self.singles)
        tail = f"; {alone} go alone" if alone else ""
        return f"remove two exposed cards totalling {self.total}{tail}"


thirteen = PairRule()
