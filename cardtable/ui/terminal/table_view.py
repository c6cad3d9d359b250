"""The full-screen table's piles as widgets: a card that can be clicked, and the table
laid out from the session after every change (``layout.py`` says where each pile goes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Static

from cardtable.app import Session, order_violations
from cardtable.solitaire import Move, MoveKind
from cardtable.solitaire.model import PileKind, State
from cardtable.solitaire.traits import Layout
from cardtable.ui.terminal.layout import (
    GAP, MESSAGE_LINES, Line, fan_rows, peak_columns, pile_width, short_name, tableau_rows, top_rows,
)

if TYPE_CHECKING:
    from cardtable.ui.terminal.fullscreen import TableApp

_RED = {"D", "H"}

TABLE_CSS = """
#tableau, .row { height: auto; }
.spaced { margin-bottom: 1; }
.fanned { width: auto; height: 1; }
.pile { height: auto; margin: 0 1 0 0; }
CardView { height: 1; }
.red { color: red; }
.black { color: white; }
.down { color: $primary; }
.empty { color: $text-muted; }
.selected { background: $accent; }
.cursor { text-style: reverse; }
.hinted { background: $success; }
.violation { text-style: underline; }
.violation.cursor { text-style: reverse underline; }
#message { height: 3; padding: 0 1; }
#sheet { padding: 1 2; background: $panel; border: round $accent; }
"""
"""How the full-screen table looks: its cards' colours and marks, and its rows' spacing."""


class CardView(Static):
    """One card (or an empty pile's place) that can be clicked."""

    def __init__(self, text: str, pile: int, position: int, classes: str) -> None:
        super().__init__(text, id=f"card-{pile}-{position}", classes=classes)
        self.pile = pile
        self.position = position


@dataclass(frozen=True, slots=True)
class Marks:
    """What the player has lit on the table: the hinted move, the card picked up (pile,
    position) and the keyboard's cursor (pile, and a card counted round the pile)."""

    hinted: Move | None
    selected: tuple[int, int] | None
    cursor_pile: int
    cursor_card: int


def card_views(drawn: Session, i: int, shown: tuple[Line, ...], wide: int, marks: Marks) -> list[CardView]:
    """Pile ``i``'s name (its empty place) and the cards of ``shown``, ``wide`` characters
    each, of the game as ``drawn``, with what ``marks`` lights."""
    state = drawn.state
    spec = drawn.variant.piles[i]
    cards = drawn.observation.piles[i]
    hinted = hinted_positions(marks.hinted, state, i)
    cursor = marks.cursor_pile == i
    place = "empty" + (" hinted" if -1 in hinted else "") + (" cursor" if cursor and not cards else "")
    name = spec.id.name
    if spec.kind is PileKind.RESERVE and len(cards) > 1 and len(shown) == 1:  # squared: how many it holds
        name = counted if len(counted := f"{name} {len(cards)}") <= wide else name
    # An empty pile's place takes a card's line below its name too: a click there, where a
    # card would lie (as on the pile beside it), drops the card picked up.
    label = short_name(name, wide)
    views = [CardView(label if cards else f"{label}\n--", i, -1, place)]
    if not cards:
        views[0].styles.height = 2
    out_of_order = set(order_violations(state).get(spec.id.name, ()))
    for line in shown:
        n = line.position
        card = cards[n]
        if line.folded:
            text, style = ("░" if card is None else "…") + str(line.folded), "down" if card is None else "empty"
        elif card is None:
            text, style = "░░░", "down"
        else:
            text, style = card.symbol, "red" if card.suit.letter in _RED else "black"
        if spec.kind is PileKind.STOCK and card is None:
            text = f"{len(cards)}"
        elif spec.kind is PileKind.STOCK and len(counted := f"{text} {len(cards)}") <= wide:
            text = counted  # a stock showing its top card (Pyramid, Strategy): the card, and how many
        if n in out_of_order:
            text, style = text + "!", style + " violation"
        if marks.selected == (i, n):
            style += " selected"
        if n in hinted:
            style += " hinted"
        if cursor and (marks.cursor_card % max(len(cards), 1)) == n:
            style += " cursor"
        views.append(CardView(text, i, n, style))
    for view in views:
        view.styles.width = wide
    return views


def hinted_positions(move: Move | None, state: State, i: int) -> set[int]:
    """Where pile ``i`` shows the hinted ``move``: the cards it moves, or the card (or
    the empty place, -1) they go onto; a pair lights both its cards, a deal the stock's top."""
    cards = len(state.piles[i])
    if move is None:
        return set()
    if move.kind is MoveKind.PAIR:  # the cards that go: the top of each pile named
        return {cards - 1} if i in (move.source, move.target) else set()
    if move.kind is not MoveKind.MOVE:
        return {cards - 1} if state.variant.piles[i].kind is PileKind.STOCK else set()
    if i == move.source:
        return set(range(cards - move.count, cards))
    return {cards - 1} if i == move.target else set()


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
