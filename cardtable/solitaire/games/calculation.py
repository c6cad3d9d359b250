"""Calculation: four foundations counting up by ones, twos, threes and fours regardless
of suit; four columns fed only from the stock's card."""

from __future__ import annotations

from cardtable.cards import Rank
from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_card, any_rank, any_suit, base, to_waste, top_card, up
from cardtable.solitaire.rules.deal import DealPlan
from cardtable.solitaire.rules.wrapping import up_round_by
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.variant import Variant

_BASES = (Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR)

calculation = register(
    Variant(
        id="calculation",
        name="Calculation",
        piles=(
            stock(),
            PileSpec(PileId(PileKind.WASTE), group=top_card, capacity=1),
            *(
                # Thirteen cards from the Ace by ones end at the King: only the others count on past it.
                PileSpec(
                    PileId(PileKind.FOUNDATION, n), (up if n == 1 else up_round_by(n)) & any_suit, base(rank), None,
                    capacity=13, one_at_a_time=True,
                )
                for n, rank in enumerate(_BASES, start=1)
            ),
            *(
                PileSpec(PileId(PileKind.TABLEAU, n), any_rank & any_suit, any_card, top_card, fed_from=PileKind.WASTE)
                for n in range(1, 5)
            ),
        ),
        stock=to_waste(1, passes=1),
        deal=DealPlan(bases=_BASES),
        summary=(
            "An Ace, a Two, a Three and a Four start the foundations, which count up "
            "regardless of suit by ones, twos, threes and fours (2 4 6 8 10 Q A 3 ...), each "
            "to a King. Turn the stock one card at a time, once; the turned card goes to a "
            "foundation or onto any of the four columns, and must be played before the next "
            "is turned. Only a column's top card plays, and only to a foundation."
        ),
        aliases=("broken-intervals",),
        # A deal one weighting wanders in is often quick under another: short tries first.
        solving=Solving(
            need_order=4,
            first_tries=(
                Solving(need_order=4, length=0), Solving(need_order=4, cards_out=20),
                Solving(need_order=3, length=0), Solving(need_order=5, cards_out=20),
            ),
            rounds=2,
        ),
    )
)
