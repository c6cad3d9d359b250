"""Turning up the Clock: a card played to the foundation of its hour turns up the top
face-down card of that hour's pile, which becomes the card to play next.

The rule is the variant's ``turn_up`` (a ``TurnUp``, None: no such rule). Foundation n
is paired with column n, in pile order; the turned card goes to ``TurnUp.to``. It is
part of what a move does, so it needs no check and generates no moves of its own: the
game's only choice is where the turned card goes, and its rank decides that.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from cardtable.cards import Card, DeckSpec
from cardtable.solitaire.model import PileId
from cardtable.solitaire.rules.build import BuildAtom, BuildRule

if TYPE_CHECKING:
    from cardtable.solitaire.variant import Variant


@dataclass(frozen=True, slots=True)
class TurnUp:
    """A card played to foundation n turns up column n's top card onto ``to``."""

    to: PileId

    @property
    def phrase(self) -> str:
        """The rule in words (for the rules page)."""
        return (
            f"a card played to a foundation turns up the top card of the pile of the same number, "
            f"which goes to {self.to.title} and is played next"
        )


def _same_rank(deck: DeckSpec, below: Card, above: Card) -> bool:
    return below.rank is above.rank


same_rank = BuildRule((BuildAtom("with cards of the same rank", _same_rank),))
"""The Clock's foundations gather the four cards of their hour."""


@cache
def turned_from(variant: Variant) -> tuple[int, ...]:
    """For each pile, the column whose top card a card played there turns up (-1: none)."""
    out = [-1] * len(variant.piles)
    if variant.turn_up is not None:
        for f, t in zip(variant.tables.foundations, variant.tables.tableau):
            out[f] = t
    return tuple(out)


def turn_up(variant: Variant, piles: list[tuple[Card, ...]], hidden: list[int], target: int) -> None:
    """After a card lands on ``target``: turn up its column's top card onto the turned pile."""
    rule = variant.turn_up
    if rule is None:
        return
    column = turned_from(variant)[target]
    if column < 0 or not piles[column]:
        return
    to = variant.index_of(rule.to)
    piles[to] = piles[to] + piles[column][-1:]
    piles[column] = piles[column][:-1]
    hidden[column] = min(hidden[column], len(piles[column]))
