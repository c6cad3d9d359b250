"""Beleaguered Castle and its kin (Streets and Alleys, Citadel, Fortress): open rows,
everything face up, one card at a time."""

from __future__ import annotations

from dataclasses import replace

from cardtable.solitaire.piles import cells, foundations, tableau
from cardtable.solitaire.registry import register
from cardtable.solitaire.rules import aces_out, any_card, any_suit, down, kings_only, run, same_suit, standard, top_card, up, up_or_down
from cardtable.solitaire.rules.deal import home_while_dealing
from cardtable.solitaire.traits import Layout
from cardtable.solitaire.variant import Variant

beleaguered_castle = register(
    Variant(
        id="beleaguered-castle",
        name="Beleaguered Castle",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 8, down & any_suit, any_card, top_card, word="row"),
        ),
        deal=aces_out(),
        layout=Layout.WINGS,
        summary=(
            "The Aces start four foundations built up in suit. The other 48 cards lie face "
            "up in eight rows of six, four on each side of the foundations. Only the last "
            "card of a row moves, one card at a time, onto a card one higher of any suit or "
            "into an empty row."
        ),
        aliases=("laying-siege", "sham-battle"),
    )
)

streets_and_alleys = register(
    beleaguered_castle.derive(
        id="streets-and-alleys",
        name="Streets and Alleys",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 7),) * 4 + ((0, 6),) * 4, down & any_suit, any_card, top_card, word="row"),
        ),
        deal=standard,
        summary=(
            "Beleaguered Castle without the Aces set out: all 52 cards lie face up in "
            "eight rows (7, 7, 7, 7, 6, 6, 6, 6), four on each side of four empty "
            "foundations that build up in suit from Ace. Only the last card of a row "
            "moves, one card at a time, onto a card one higher of any suit or into an "
            "empty row."
        ),
    )
)

citadel = register(
    beleaguered_castle.derive(
        id="citadel",
        name="Citadel",
        deal=home_while_dealing,
        summary=(
            "Beleaguered Castle where the deal plays home as it goes: the Aces start four "
            "foundations built up in suit, and each card dealt that fits a foundation goes "
            "there instead of to its row, so the eight rows come out uneven. Only the last "
            "card of a row moves, one card at a time, onto a card one higher of any suit or "
            "into an empty row."
        ),
    )
)

fortress = register(
    Variant(
        id="fortress",
        name="Fortress",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 2 + ((0, 5),) * 8, up_or_down & same_suit, any_card, top_card),
        ),
        summary=(
            "All 52 cards lie face up in ten columns, two of six and eight of five. Only the "
            "last card of a column moves, one card at a time, onto a card of its suit one "
            "higher or one lower; any card fills an empty column. Four foundations build up "
            "in suit from Ace to King."
        ),
    )
)

exiled_kings = register(
    citadel.derive(
        id="exiled-kings",
        name="Exiled Kings",
        piles=(
            *foundations(4, up & same_suit),
            *tableau(((0, 6),) * 8, down & any_suit, kings_only, run(), word="row"),
        ),
        summary=(
            "Citadel where runs move and only a King may start an empty row. The Aces start "
            "four foundations built up in suit, and each card dealt that fits a foundation goes "
            "there instead of to its row. Build down regardless of suit; a run down moves as a "
            "unit, however long; only a King, or a run from a King, fills an empty row. (Rule "
            "books differ: some let only a row's last card move, as in Citadel.)"
        ),
    )
)


def _with_cells(game: Variant, count: int, id: str, name: str, summary: str) -> Variant:
    """``game`` with ``count`` free cells, empty at the deal (laid out in columns: the
    wings have no place for cells)."""
    piles = (*cells(count), *game.piles)
    return register(game.derive(id=id, name=name, piles=piles, summary=summary, layout=Layout.COLUMNS))


_STREETS_CELLS = (
    "all 52 cards lie face up in eight rows (7, 7, 7, 7, 6, 6, 6, 6), side by side below the "
    "four empty foundations, which build up in suit from Ace. Only the last card of a row "
    "moves, one card at a time, onto a card one higher of any suit, into an empty row or "
    "into a free cell."
)
stronghold = _with_cells(streets_and_alleys, 1, "stronghold", "Stronghold", f"Streets and Alleys with one free cell: {_STREETS_CELLS}")
fastness = _with_cells(streets_and_alleys, 2, "fastness", "Fastness", f"Streets and Alleys with two free cells: {_STREETS_CELLS}")

_FORTRESS_ROWS = (
    "Only the last card of a column moves, one card at a time, onto a card of its suit one "
    "higher or one lower, into an empty column or into a free cell. Four foundations build "
    "up in suit from Ace to King."
)
bastion = register(
    fortress.derive(
        id="bastion",
        name="Bastion",
        piles=(
            *(replace(cell, dealt=(0, 1)) for cell in cells(2)),
            *foundations(4, up & same_suit),
            *tableau(((0, 5),) * 10, up_or_down & same_suit, any_card, top_card),
        ),
        summary=f"Fortress with two free cells: ten columns of five cards, the last two cards in the cells, all face up. {_FORTRESS_ROWS}",
    )
)
ten_by_one = _with_cells(
    fortress, 1, "ten-by-one", "Ten by One",
    f"Fortress with one free cell: ten columns, two of six and eight of five, all face up. {_FORTRESS_ROWS}",
)
