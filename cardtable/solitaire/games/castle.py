"""Beleaguered Castle and its kin (Streets and Alleys, Citadel, Fortress): open rows,
everything face up, one card at a time."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, any_card, any_suit, down, same_suit, standard, top_card, up, up_or_down
from cardtable.solitaire.rules.deal import home_while_dealing
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

beleaguered_castle = register(
    Variant(
        id="beleaguered-castle",
        name="Beleaguered Castle",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 8, down & any_suit, any_card, top_card),
        ),
        deal=aces_out(),
        layout=Layout.WINGS,
        summary=(
            "The Aces start four foundations built up in suit. The other 48 cards lie face "
            "up in eight rows of six, four on each side of the foundations. Only the last "
            "card of a row moves, one card at a time, onto a card one higher of any suit or "
            "into an empty row."
        ),
        aliases=("laying-siege", "sham-battle"),
    )
)

streets_and_alleys = register(
    beleaguered_castle.derive(
        id="streets-and-alleys",
        name="Streets and Alleys",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 7),) * 4 + ((0, 6),) * 4, down & any_suit, any_card, top_card),
        ),
        deal=standard,
        summary=(
            "Beleaguered Castle without the Aces set out: all 52 cards lie face up in "
            "eight rows (7, 7, 7, 7, 6, 6, 6, 6), four on each side of four empty "
            "foundations that build up in suit from Ace. Only the last card of a row "
            "moves, one card at a time, onto a card one higher of any suit or into an "
            "empty row."
        ),
    )
)

citadel = register(
    beleaguered_castle.derive(
        id="citadel",
        name="Citadel",
        deal=home_while_dealing,
        summary=(
            "Beleaguered Castle where the deal plays home as it goes: the Aces start four "
            "foundations built up in suit, and each card dealt that fits a foundation goes "
            "there instead of to its row, so the eight rows come out uneven. Only the last "
            "card of a row moves, one card at a time, onto a card one higher of any suit or "
            "into an empty row."
        ),
    )
)

fortress = register(
    Variant(
        id="fortress",
        name="Fortress",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 2 + ((0, 5),) * 8, up_or_down & same_suit, any_card, top_card),
        ),
        summary=(
            "All 52 cards lie face up in ten columns, two of six and eight of five. Only the "
            "last card of a column moves, one card at a time, onto a card of its suit one "
            "higher or one lower; any card fills an empty column. Four foundations build up "
            "in suit from Ace to King."
        ),
    )
)
