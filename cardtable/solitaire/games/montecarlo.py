"""Monte Carlo: pairs of one rank lying next to each other in a grid of 5 by 5 leave the
game; a deal from the stock closes the grid up and fills it again."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, foundations, stock
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import nothing
from cardtable.solitaire.rules.empty import EmptyRule
from cardtable.solitaire.rules.pairs import equal_neighbours
from cardtable.solitaire.rules.stock import close_up_stock
from cardtable.solitaire.variant import Goal, Variant

ROW = 5

_DISCARD = EmptyRule("only cards removed in pairs", ())

monte_carlo = register(
    Variant(
        id="monte-carlo",
        name="Monte Carlo",
        piles=(
            stock(),
            *foundations(1, None, _DISCARD),
            *(PileSpec(PileId(PileKind.TABLEAU, n, "place"), empty=nothing, dealt=(0, 1)) for n in range(1, ROW * ROW + 1)),
        ),
        stock=close_up_stock(),
        goal=Goal.ALL_TO_FOUNDATIONS,
        pairs=equal_neighbours,
        grid=ROW,
        summary=(
            "Twenty-five cards lie face up in five rows of five; the rest form the stock. "
            "Remove two cards of the same rank that lie next to each other: side by side, "
            "one above the other, or corner to corner. When pairs have left gaps, deal from "
            "the stock: the cards slide up into the gaps, keeping their order as you read "
            "them row by row, and the places left empty at the end are filled from the "
            "stock. Remove all 52 cards to win."
        ),
    )
)
