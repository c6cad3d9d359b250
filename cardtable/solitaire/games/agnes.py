"""Agnes Sorel: Klondike's columns, all face up, building in colour; the first card dealt
sets the foundations' base rank, and the stock deals a card to every column."""

from __future__ import annotations

from cardtable.solitaire.piles import foundations, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import nothing, run, same_color, same_suit, to_tableau
from cardtable.solitaire.rules.deal import base_by_deal
from cardtable.solitaire.rules.empty import dealt_base
from cardtable.solitaire.rules.wrapping import down_round, up_round
from cardtable.solitaire.variant import Variant

agnes_sorel = register(
    Variant(
        id="agnes-sorel",
        name="Agnes Sorel",
        piles=(
            stock(),
            *foundations(4, up_round & same_suit, dealt_base),
            *tableau(tuple((0, n) for n in range(1, 8)), down_round & same_color, nothing, run()),
        ),
        stock=to_tableau(needs_every_pile_filled=False),
        deal=base_by_deal(),
        summary=(
            "The first card dealt starts a foundation and sets the rank all four start with; "
            "they build up in suit, round from King to Ace. Seven columns of one to seven "
            "cards, all face up, build down in the same colour (a King on an Ace), and any "
            "run in order moves. An empty column stays empty. The stock deals one card to "
            "every column, with no redeal."
        ),
    )
)
