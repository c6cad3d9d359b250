"""Accordion: a row of piles dealt one card at a time; a pile goes onto its left
neighbour, or onto the pile three places to its left, when their top cards match by suit
or by rank, and the row closes up behind it."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, stock
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import nothing
from cardtable.solitaire.rules.groups import whole_by_top
from cardtable.solitaire.rules.build import suit_or_rank
from cardtable.solitaire.rules.stock import to_first_gap
from cardtable.solitaire.variant import Goal, Variant

ROW = 13
"""Places in a row on the screen: the 52 places are one long row, folded into four."""

accordion = register(
    Variant(
        id="accordion",
        name="Accordion",
        piles=(
            stock(),
            *(
                PileSpec(PileId(PileKind.TABLEAU, n, "pile"), suit_or_rank, nothing, whole_by_top, dealt=(0, 1) if n <= 2 else (0, 0))
                for n in range(1, 53)
            ),
        ),
        stock=to_first_gap(),
        goal=Goal.ONE_PILE,
        grid=ROW,
        reach=(1, 3),
        closes_up=True,
        aliases=("idle-year", "methuselah", "tower-of-babel"),
        summary=(
            "Two cards start the row and the rest form the stock; deal them one at a time "
            "to the end of the row. A pile moves, whole, onto the pile just to its left or "
            "onto the one three places to its left, when their top cards are of the same "
            "suit or the same rank; the piles after it then close up. Read the row left to "
            "right, line after line. Gather all 52 cards into one pile to win."
        ),
    )
)
