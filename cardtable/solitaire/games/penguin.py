"""Penguin: the first card dealt (the beak) sets the foundations' base rank, its three
fellows start the foundations, and seven cells (the flipper) hold any card."""

from __future__ import annotations

from cardtable.solitaire.piles import cells, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import run, same_suit
from cardtable.solitaire.rules.deal import BaseCard, base_by_deal
from cardtable.solitaire.rules.empty import below_base, dealt_base
from cardtable.solitaire.rules.wrapping import down_round, up_round
from cardtable.solitaire.variant import Variant

penguin = register(
    Variant(
        id="penguin",
        name="Penguin",
        piles=(
            *cells(7),
            *foundations(4, up_round & same_suit, dealt_base),
            *tableau(tuple((0, 7) for _ in range(7)), down_round & same_suit, below_base, run()),
        ),
        deal=base_by_deal(BaseCard.FELLOWS_OUT),
        summary=(
            "The first card dealt, the beak, lies at the foot of the first column; the other "
            "three cards of its rank start the foundations, which build up in suit from that "
            "rank, round from King to Ace. Seven columns of seven build down in suit (a King "
            "on an Ace) and any run in suit moves at once; seven free cells hold a card each; "
            "an empty column takes only the rank just below the beak's."
        ),
    )
)
