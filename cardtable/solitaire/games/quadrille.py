"""Quadrille (Captive Queens): the Fives build down and the Sixes up, in suit, from a
stock turned through three times, while the Queens wait in the middle."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, stock, waste
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import BuildRule, base, same_suit, to_waste, up
from cardtable.solitaire.rules.wrapping import down_round
from cardtable.solitaire.variant import Variant


def _homes(first: int, build: BuildRule | None, rank: Rank, capacity: int) -> tuple[PileSpec, ...]:
    """Four foundations ``first`` to ``first + 3``, each started by ``rank``."""
    return tuple(
        PileSpec(PileId(PileKind.FOUNDATION, n), build, base(rank), None, capacity=capacity, one_at_a_time=True)
        for n in range(first, first + 4)
    )


quadrille = register(
    Variant(
        id="quadrille",
        name="Quadrille",
        piles=(
            stock(),
            waste(),
            *_homes(1, down_round & same_suit, Rank.FIVE, 6),
            *_homes(5, None, Rank.QUEEN, 1),
            *_homes(9, up & same_suit, Rank.SIX, 6),
        ),
        stock=to_waste(1, passes=3),
        summary=(
            "Nothing is dealt: turn the stock one card at a time, three times through. "
            "Fives start four foundations that build down in suit round the corner to the "
            "King (5 4 3 2 A K); Sixes start four that build up in suit to the Jack; each "
            "Queen has a place of her own in the middle. Only the waste's top card plays. "
            "Win by bringing every card home: the Queens then sit among their court."
        ),
        aliases=("captive-queens",),
    )
)
