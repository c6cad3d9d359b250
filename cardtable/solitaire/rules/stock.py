"""Stock policies: what dealing from the stock does, and how often it may be redealt."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class StockTarget(Enum):
    """Where dealt cards go."""

    NONE = "none"
    WASTE = "waste"
    TABLEAU = "tableau"


@dataclass(frozen=True, slots=True)
class StockPolicy:
    """How the stock deals.

    ``count`` cards go to the waste at a time, or one to every tableau pile; ``passes``
    limits trips through the stock (None: unlimited), so redeals allowed = passes - 1.

    >>> to_waste(3, passes=3).phrase
    'deal 3 cards to the waste; 3 passes through the stock'
    """

    target: StockTarget
    count: int = 1
    passes: int | None = None
    needs_every_pile_filled: bool = False

    @property
    def redeals_allowed(self) -> int | None:
        """How many times the waste may go back into the stock (None: unlimited)."""
        return None if self.passes is None else self.passes - 1

    @property
    def phrase(self) -> str:
        """The policy in words."""
        if self.target is StockTarget.NONE:
            return "no stock"
        if self.target is StockTarget.TABLEAU:
            rule = "deal one card to every column"
            if self.needs_every_pile_filled:
                rule += ", only when no column is empty"
            return rule
        cards = "1 card" if self.count == 1 else f"{self.count} cards"
        passes = "unlimited passes" if self.passes is None else f"{self.passes} passes"
        if self.passes == 1:
            passes = "a single pass"
        return f"deal {cards} to the waste; {passes} through the stock"


no_stock = StockPolicy(StockTarget.NONE)


def to_waste(count: int = 1, passes: int | None = None) -> StockPolicy:
    """Turn ``count`` cards to the waste; recycle the waste up to ``passes`` - 1 times."""
    if count < 1 or (passes is not None and passes < 1):
        raise ValueError("deal at least one card, and allow at least one pass")
    return StockPolicy(StockTarget.WASTE, count, passes)


def to_tableau(needs_every_pile_filled: bool = True) -> StockPolicy:
    """Deal one card onto every tableau pile (Spider)."""
    return StockPolicy(StockTarget.TABLEAU, needs_every_pile_filled=needs_every_pile_filled)
