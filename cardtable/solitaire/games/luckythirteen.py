"""Lucky Thirteen: thirteen piles of four, built down regardless of suit, one card at a
time, and a pile once emptied stays empty. Only each pile's top card shows at the start
(PySolFC squares the piles): the three beneath are dealt face down and turn up as they
are uncovered, which hides exactly what the squared piles hide."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_suit, down, nothing, same_suit, top_card, up
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

lucky_thirteen = register(
    Variant(
        id="lucky-thirteen",
        name="Lucky Thirteen",
        piles=(
            *foundations(4, up & same_suit, group=top_card),
            *tableau(((3, 1),) * 13, down & any_suit, nothing, top_card, word="pile"),
        ),
        layout=Layout.FANS,
        summary=(
            "The whole deck is dealt into thirteen piles of four, of which only the top card "
            "shows; each card beneath turns up as it is uncovered. There is no stock. "
            "Only a pile's top card moves, one card at a time, onto a card one rank higher "
            "whatever its suit. A pile that empties is never filled again. Four foundations "
            "build up in suit from Ace to King, and their top cards may be played back."
        ),
    )
)
