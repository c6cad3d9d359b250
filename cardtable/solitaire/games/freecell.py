"""FreeCell and its kin (Baker's Game, Relaxed FreeCell, fewer cells, Seahaven Towers,
Double FreeCell): everything dealt face up, free cells, supermoves."""

from __future__ import annotations

from dataclasses import replace

from cardtable.cards import Card, DeckSpec, Rank, Suit
from cardtable.solitaire.options import columns, free_cells, wrapping
from cardtable.solitaire.piles import PileSpec, cells, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import alt_color, any_card, down, kings_only, microsoft, run, same_suit, supermove, up
from cardtable.solitaire.rules.deal import DealPlan
from cardtable.solitaire.rules.wrapping import up_round
from cardtable.solitaire.solving import Solving
from cardtable.solitaire.variant import Variant

COLUMNS = tuple((0, 7) for _ in range(4)) + tuple((0, 6) for _ in range(4))
CELLS = (free_cells(1, 2, 3, 4, 5, 6), columns(4, 5, 6, 7, 8, 9, 10), wrapping())
"""Free cells, columns (the same deal spread over them) and ranks that wrap."""

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
        options=CELLS,
        # Four weightings try each deal in turn, for 2,000 positions each, then for 8,000:
        # a deal that leads one astray for hundreds of thousands of positions is quick
        # under another. The game's own search, which also proves the lost deals, comes
        # last. Deals 1-1000: 9.7 s against 24.4 s for one search with the default
        # weights; of deals 1-32000 every one is decided (docs/benchmarks.md).
        solving=Solving(
            disorder=2,
            first_tries=(Solving(cards_out=20), Solving(length=3), Solving(free_space=2), Solving(length=0)),
            rounds=2,
        ),
    )
)

bakers_game = register(
    freecell.derive(
        id="bakers-game",
        name="Baker's Game",
        piles=(*cells(4), *foundations(4, up & same_suit), *tableau(COLUMNS, down & same_suit, any_card, supermove())),
        summary=freecell.summary.replace("in alternating colours", "in suit"),
        aliases=("bakers",),
        options=CELLS,
    )
)

king_only_bakers_game = register(
    freecell.derive(
        id="king-only-bakers-game",
        name="King Only Baker's Game",
        piles=(*cells(4), *foundations(4, up & same_suit), *tableau(COLUMNS, down & same_suit, kings_only, supermove())),
        summary=(
            "Baker's Game where only a King fills an empty column: all 52 cards are dealt "
            "face up to eight columns. Build down in suit; any card fills a free cell. A run "
            "moves if it could move card by card through free cells. Deal numbers are the "
            "classic Microsoft ones."
        ),
    )
)

relaxed_freecell = register(
    freecell.derive(
        id="relaxed-freecell",
        name="Relaxed FreeCell",
        piles=(*cells(4), *foundations(4, up & same_suit), *tableau(COLUMNS, down & alt_color, any_card, run())),
        summary=(
            "FreeCell where any run in alternating colours moves at once, however few free "
            "cells and empty columns there are. All 52 cards are dealt face up to eight "
            "columns; any card fills a free cell or an empty column. Deal numbers are the "
            "classic Microsoft ones."
        ),
    )
)


def _with_cells(count: int) -> Variant:
    """FreeCell with fewer free cells: the same deals, the same supermoves."""
    plural = "cell" if count == 1 else "cells"
    return register(
        freecell.derive(
            id=f"freecell-{count}-{plural}",
            name=f"FreeCell ({count} free {plural})",
            piles=(*cells(count), *foundations(4, up & same_suit), *tableau(COLUMNS, down & alt_color, any_card, supermove())),
            summary=freecell.summary.replace("fills a free cell", f"fills one of the {count} free {plural}")
            if count > 1
            else freecell.summary.replace("fills a free cell", "fills the single free cell"),
        )
    )


freecell_3_cells, freecell_2_cells, freecell_1_cell = (_with_cells(n) for n in (3, 2, 1))


def _dealt_cells(count: int, dealt: tuple[int, ...]) -> tuple[PileSpec, ...]:
    """``count`` free cells; those at the positions in ``dealt`` start with a card."""
    return tuple(replace(spec, dealt=(0, 1)) if n in dealt else spec for n, spec in enumerate(cells(count)))


seahaven_towers = register(
    Variant(
        id="seahaven-towers",
        name="Seahaven Towers",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 5),) * 10, down & same_suit, kings_only, supermove()),
            *_dealt_cells(4, (1, 2)),
        ),
        family="freecell",
        summary=(
            "Ten columns of five cards and four free cells, the middle two holding the last "
            "two cards; all face up. Build down in suit; only a King fills an empty column. "
            "A run moves if it could move card by card through the free cells."
        ),
        aliases=("seahaven",),
    )
)


eight_off = register(
    Variant(
        id="eight-off",
        name="Eight Off",
        piles=(
            *_dealt_cells(8, (0, 2, 4, 6)),
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 8, down & same_suit, kings_only, supermove()),
        ),
        family="freecell",
        summary=(
            "Eight columns of six cards and eight free cells, every other cell holding one "
            "of the last four cards; all face up. Build down in suit; only a King fills an "
            "empty column. A run moves if it could move card by card through free cells."
        ),
    )
)


# PySolFC game 264.
double_freecell = register(
    Variant(
        id="double-freecell",
        name="Double FreeCell",
        deck=DeckSpec(decks=2),
        piles=(
            *cells(6),
            *foundations(4, up_round & same_suit),
            *tableau(((0, 10),) * 10, down & alt_color, any_card, supermove()),
        ),
        deal=DealPlan(base_cards=tuple(Card(Rank.ACE, suit) for suit in Suit)),
        family="freecell",
        summary=(
            "FreeCell with two decks: an Ace of each suit starts the four "
            "foundations, and the other 100 cards are dealt face up to ten columns of ten. "
            "Each foundation builds up in suit from Ace to King and round again, the second "
            "Ace on the King, to hold both decks' cards of its suit. Columns build down in "
            "alternating colours; any card fills one of the six free cells or an empty "
            "column. A run moves if it could move card by card through free cells and "
            "empty columns."
        ),
    )
)
