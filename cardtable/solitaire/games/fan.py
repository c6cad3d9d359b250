"""Fan: seventeen fans of three and one of a single card, built down in suit."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import down, kings_only, same_suit, top_card, up
from cardtable.solitaire.variant import Variant

fan = register(
    Variant(
        id="fan",
        name="Fan",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 3),) * 17 + ((0, 1),), down & same_suit, kings_only, top_card),
        ),
        summary=(
            "All 52 cards lie face up in eighteen fans: seventeen of three and one of a "
            "single card. Only the top card of a fan moves, one card at a time, onto a card "
            "one higher in suit; only a King fills an empty fan. Four foundations build up "
            "in suit from Ace to King."
        ),
    )
)
