"""Baker's Dozen: thirteen columns of four, Kings sent to the bottom at the deal."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_suit, down, nothing, same_suit, top_card, up
from cardtable.solitaire.rules.deal import kings_to_the_bottom
from cardtable.solitaire.solving import REORDERING, Solving
from cardtable.solitaire.variant import Variant

bakers_dozen = register(
    Variant(
        id="bakers-dozen",
        name="Baker's Dozen",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 4),) * 13, down & any_suit, nothing, top_card),
        ),
        deal=kings_to_the_bottom,
        summary=(
            "All 52 cards lie face up in thirteen columns of four, each column's Kings "
            "moved under its other cards. Only the last card of a column moves, one card "
            "at a time, onto a card one higher of any suit; an emptied column stays empty. "
            "Four foundations build up in suit from Ace to King."
        ),
        solving=Solving(first_tries=REORDERING, rounds=2),  # bench/first_tries.py
    )
)
