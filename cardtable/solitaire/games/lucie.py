"""La Belle Lucie and Cruel: columns that build down in suit one card at a time, never
refilled, and redeals that gather the columns and lay them out again."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, down, nothing, same_suit, top_card, up
from cardtable.solitaire.rules.stock import gather
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

la_belle_lucie = register(
    Variant(
        id="la-belle-lucie",
        name="La Belle Lucie",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 3),) * 17 + ((0, 1),), down & same_suit, nothing, top_card, word="fan"),
        ),
        stock=gather(3, passes=3, shuffle=True),
        layout=Layout.FANS,
        summary=(
            "All 52 cards are dealt face up in seventeen fans of three and one of a single "
            "card. Build the foundations up in suit from the Aces; the fans build down in "
            "suit, one card at a time, and a fan once emptied stays empty. Twice you may "
            "gather the fans, shuffle them and deal them again in threes; no buried card may "
            "be drawn after the last (that draw makes Three Shuffles and a Draw). (The shuffle "
            "is seeded by the cards gathered, so a redeal is the same on every machine.)"
        ),
        aliases=("lucie", "midnight-oil"),
    )
)

cruel = register(
    Variant(
        id="cruel",
        name="Cruel",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 4),) * 12, down & same_suit, nothing, top_card, word="pile"),
        ),
        stock=gather(4),
        layout=Layout.FANS,
        deal=aces_out(),
        summary=(
            "The Aces start the foundations, which build up in suit; the other 48 cards are "
            "dealt face up to twelve piles of four. Piles build down in suit, one card at a "
            "time, and a pile once emptied stays empty. Redeal as often as you like: the "
            "piles are picked up in order, without shuffling, and dealt again in fours."
        ),
    )
)
