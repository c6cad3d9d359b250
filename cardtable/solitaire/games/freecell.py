"""FreeCell and Baker's Game: everything dealt face up, four free cells, supermoves."""

from __future__ import annotations

from cardtable.solitaire.piles import cells, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, any_card, down, microsoft, same_suit, supermove, up
from cardtable.solitaire.variant import Variant

COLUMNS = tuple((0, 7) for _ in range(4)) + tuple((0, 6) for _ in range(4))

freecell = register(
    Variant(
        id="freecell",
        name="FreeCell",
        piles=(
            *cells(4),
            *foundations(4, up & same_suit),
            *tableau(COLUMNS, down & alt_color, any_card, supermove()),
        ),
        deal=microsoft,
        summary=(
            "All 52 cards are dealt face up to eight columns. Build down in alternating "
            "colours; any card fills a free cell or an empty column. A run moves if it could "
            "move card by card through free cells and empty columns. Deal numbers are the "
            "classic Microsoft ones."
        ),
        aliases=("fc",),
    )
)

bakers_game = register(
    freecell.derive(
        id="bakers-game",
        name="Baker's Game",
        piles=(*cells(4), *foundations(4, up & same_suit), *tableau(COLUMNS, down & same_suit, any_card, supermove())),
        summary=freecell.summary.replace("in alternating colours", "in suit"),
        aliases=("bakers",),
    )
)
