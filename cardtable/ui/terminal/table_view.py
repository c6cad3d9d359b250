"""The full-screen table's piles as widgets: a card that can be clicked, and the table
laid out from the session after every change (``layout.py`` says where each pile goes)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from cardtable.solitaire.traits import Layout
from cardtable.ui.terminal.layout import (
    GAP, MESSAGE_LINES, fan_rows, peak_columns, pile_width, tableau_rows, top_rows,
)

if TYPE_CHECKING:
    from cardtable.ui.terminal.fullscreen import TableApp


class CardView(Static):
    """One card (or an empty pile's place) that can be clicked."""

    def __init__(self, text: str, pile: int, position: int, classes: str) -> None:
        super().__init__(text, id=f"card-{pile}-{position}", classes=classes)
        self.pile = pile
        self.position = position


class TableView(Vertical):
    """The piles, rebuilt from the session after every change."""

    def __init__(self, table: TableApp) -> None:
        super().__init__(id="table")
        self.table = table

    def compose(self) -> ComposeResult:
        table = self.table
        variant = table.drawn.variant
        width, height = table.size.width or 80, table.size.height or 24
        if variant.traits.layout is Layout.ROWS:
            yield from table.rows_of_cards()
            return
        fans = variant.traits.layout is Layout.FANS
        tops, rows = top_rows(variant, width), [] if fans else tableau_rows(variant)
        wide = pile_width([len(r) for r in tops + rows], width)
        for n, row in enumerate(tops):
            yield Horizontal(*(table.pile_column(i, wide, 1) for i in row), classes="row", id="top" if n == 0 else None)
        # What is left once the message (3 lines), the keys (1) and the rows above (a name
        # and a card each) are drawn, less the columns' own names.
        room = max(3, height - MESSAGE_LINES - 1 - 2 * len(tops) - 1)
        if fans:
            laid = fan_rows(variant, width, room + 1)
            spaced = "row spaced" if 2 * len(laid.rows) - 1 <= room + 1 else "row"
            yield Vertical(*(Horizontal(*(table.pile_fan(i, laid) for i in row), classes=spaced) for row in laid.rows), id="tableau")
            return
        if len(rows) == 1:
            yield Horizontal(*(table.pile_column(i, wide, room) for i in rows[0]), classes="row", id="tableau")
            return
        if variant.traits.layout is not Layout.TRIANGLE:  # a grid: its rows lined up by column
            grid = (Horizontal(*(table.pile_column(i, wide, 1) for i in row), classes="row") for row in rows)
            yield Vertical(*grid, id="tableau")
            return
        across = peak_columns(variant)  # a triangle: each pile between the piles covering it
        lines = []
        for row in rows:
            row = sorted(row, key=across.__getitem__)
            views: list[Widget] = []
            at = 0
            for i in row:
                indent = round(across[i] * (wide + GAP)) - at
                if indent > 0:
                    views.append(Static("", classes="indent"))
                    views[-1].styles.width = indent
                views.append(table.pile_column(i, wide, 1))
                at += max(indent, 0) + wide + GAP
            lines.append(Horizontal(*views, classes="row"))
        yield Vertical(*lines, id="tableau")
