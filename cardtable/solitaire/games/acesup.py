"""Aces Up: discard any card outranked by a card of its suit on another column, until
only the four Aces are left."""

from __future__ import annotations

from cardtable.solitaire.model import PileId, PileKind
from cardtable.solitaire.piles import PileSpec, stock, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import any_card, to_tableau, top_card
from cardtable.solitaire.rules.discard import outranked
from cardtable.solitaire.variant import Goal, Variant

aces_up = register(
    Variant(
        id="aces-up",
        name="Aces Up",
        piles=(
            stock(),
            PileSpec(PileId(PileKind.FOUNDATION, 1)),
            *tableau(((0, 1),) * 4, None, any_card, top_card),
        ),
        stock=to_tableau(needs_every_pile_filled=False),
        discard=outranked,
        goal=Goal.ALL_BUT_ACES,
        summary=(
            "Four columns of one card each. Discard a column's top card when a higher card "
            "of its suit, Aces high, lies on top of another column. Nothing builds on a "
            "column, but any top card may move to an empty one. The stock deals a card to "
            "every column. Win by discarding all but the four Aces."
        ),
        aliases=("aces-high", "drivel"),
    )
)
