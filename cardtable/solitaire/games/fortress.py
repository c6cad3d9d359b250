"""Besieged Fortress: 36 cards, Aces out, eight rows; foundations go Ace, 6, 7 ... King."""

from __future__ import annotations

from cardtable.cards import SHORT_RANKS, DeckSpec
from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, any_card, any_suit, down, nothing, same_suit, top_card, up
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

besieged_fortress = register(
    Variant(
        id="besieged-fortress",
        name="Besieged Fortress",
        deck=DeckSpec(ranks=SHORT_RANKS),
        piles=(
            *foundations(4, up & same_suit, nothing),
            *tableau(((0, 4),) * 8, down & any_suit, any_card, top_card, word="row"),
        ),
        deal=aces_out(),
        layout=Layout.WINGS,
        summary=(
            "A 36-card deck (Ace, 6 to King). The Aces are the bases, built up in suit 6, 7 "
            "... King. Eight rows of four, four on each side of the bases; only the last card "
            "of a row moves, one card at a time, onto a card one higher of any suit or into "
            "an empty row."
        ),
        aliases=("bases-6-to-king", "36-cards"),
    )
)
