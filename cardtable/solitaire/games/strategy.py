"""Strategy: the stock's top card lies face up and goes to any of eight columns; the
foundations, started by the Aces, open only once the stock is used up."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_only, aces_out, any_card, any_rank, any_suit, same_suit, top_card, up
from cardtable.solitaire.rules.stock import open_stock
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.variant import Variant

strategy = register(
    Variant(
        id="strategy",
        name="Strategy",
        piles=(
            PileSpec(PileId(PileKind.STOCK), group=top_card),
            *(
                PileSpec(PileId(PileKind.FOUNDATION, n), up & same_suit, aces_only, one_at_a_time=True, after_stock=True)
                for n in range(1, 5)
            ),
            *(
                PileSpec(PileId(PileKind.TABLEAU, n), any_rank & any_suit, any_card, top_card, fed_from=PileKind.STOCK)
                for n in range(1, 9)
            ),
        ),
        stock=open_stock,
        deal=aces_out(),
        # A card above one of its suit's lower cards can never leave its column (nor can
        # a ring of such waits across columns): such a position is lost, so the search
        # puts it last. Laying out the stock comes first, growing columns tall before
        # starting new ones (spreading early ties every column up).
        solving=Solving(blocked=10000, stock=30, tall=1, length=0, depth=0, free_space=0),
        summary=(
            "The Aces start the foundations; the other 48 cards form the stock, whose top "
            "card lies face up. Play it onto any of eight columns, in any order of rank and "
            "suit, and the next card shows. Nothing goes home until the whole stock is laid "
            "out; then the columns' top cards build up in suit on the foundations. Plan each "
            "card's place: a low card buried under a higher one of its suit may lock a column."
        ),
    )
)
