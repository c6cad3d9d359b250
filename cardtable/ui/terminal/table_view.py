"""The full-screen table's piles as widgets: a card that can be clicked, and the table
laid out from the session after every change (``layout.py`` says where each pile goes)."""

from __future__ import annotations

from collections.abc import Iterator
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
    GAP, MESSAGE_LINES, NARROWEST, WIDEST, Fans, Line, fan_rows, fold, peak_columns, pile_width, short_name, tableau_rows,
    top_rows,
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


def rows_of_cards(drawn: Session, marks: Marks) -> Iterator[Horizontal]:
    """``Layout.ROWS``: the stock and waste in a row, then each reserve beside its
    row of foundation cards, every card side by side."""
    variant = drawn.variant
    reserves, homes = variant.piles_of(PileKind.RESERVE), variant.piles_of(PileKind.FOUNDATION)
    rest = [i for i, spec in enumerate(variant.piles) if spec.kind not in (PileKind.RESERVE, PileKind.FOUNDATION)]
    yield Horizontal(*(pile_column(drawn, marks, i, WIDEST, 1) for i in rest), classes="row", id="top")
    for n in range(max(len(reserves), len(homes))):
        yield Horizontal(*(pile_column(drawn, marks, i, NARROWEST, 1, across=True) for i in (*reserves[n : n + 1], *homes[n : n + 1])), classes="row")


def pile_column(
    drawn: Session, marks: Marks, i: int, wide: int = WIDEST, room: int = 1, across: bool = False,
) -> Vertical | Horizontal:
    """One pile as a column of card views, ``wide`` characters across; a column
    folds what does not fit in ``room`` lines, keeping its top cards in sight
    (``across``: its name, then every card side by side)."""
    spec = drawn.variant.piles[i]
    cards = drawn.observation.piles[i]
    fanned = spec.kind is PileKind.WASTE and drawn.variant.traits.draw > 1
    if across:
        shown = tuple(Line(n) for n in range(len(cards)))
    elif spec.kind is PileKind.TABLEAU:
        shown = fold(len(cards), sum(1 for c in cards if c is None), room)
    elif fanned:  # the cards the last turn showed, side by side, the playable one last
        shown = tuple(Line(n) for n in range(max(len(cards) - drawn.variant.traits.draw, 0), len(cards)))
    else:
        shown = tuple(Line(n) for n in range(max(len(cards) - 1, 0), len(cards)))
    views = card_views(drawn, i, shown, wide, marks)
    if across:
        for view in views:
            view.styles.width = wide + GAP
        across_row = Horizontal(*views, classes="pile")
        across_row.styles.width = (wide + GAP) * max(len(views), 1 + sum(spec.dealt))  # rows line up
        return across_row
    if fanned:
        row = Horizontal(*views[1:], classes="row")
        row.styles.width = (wide + GAP) * drawn.variant.traits.draw
        column = Vertical(views[0], row, classes="pile")
        column.styles.width = (wide + GAP) * drawn.variant.traits.draw
        return column
    column = Vertical(*views, classes="pile")
    column.styles.width = wide
    if spec.kind is not PileKind.TABLEAU:  # its name and its top card: as tall empty, so rows never shift
        column.styles.height = 2
    return column


def pile_fan(drawn: Session, marks: Marks, i: int, fans: Fans) -> Horizontal:
    """One fan on a line: its name, then its cards left to right, the playable one last
    (a long fan folds the cards under its last few)."""
    cards = drawn.observation.piles[i]
    shown = fold(len(cards), sum(1 for c in cards if c is None), fans.shown)
    views = card_views(drawn, i, shown, fans.wide, marks)
    for view in views:
        view.styles.margin = (0, GAP, 0, 0)
    fan = Horizontal(*views, classes="fanned")
    fan.styles.width = fans.fan_width()
    return fan


class TableView(Vertical):
    """The piles, rebuilt from the session after every change."""

    def __init__(self, table: TableApp) -> None:
        super().__init__(id="table")
        self.table = table

    def compose(self) -> ComposeResult:
        table = self.table
        drawn, marks = table.drawn, table.marks
        variant = drawn.variant
        width, height = table.size.width or 80, table.size.height or 24
        if variant.traits.layout is Layout.ROWS:
            yield from rows_of_cards(drawn, marks)
            return
        fans = variant.traits.layout is Layout.FANS
        tops, rows = top_rows(variant, width), [] if fans else tableau_rows(variant)
        wide = pile_width([len(r) for r in tops + rows], width)
        for n, row in enumerate(tops):
            yield Horizontal(*(pile_column(drawn, marks, i, wide, 1) for i in row), classes="row", id="top" if n == 0 else None)
        # What is left once the message (3 lines), the keys (1) and the rows above (a name
        # and a card each) are drawn, less the columns' own names.
        room = max(3, height - MESSAGE_LINES - 1 - 2 * len(tops) - 1)
        if fans:
            laid = fan_rows(variant, width, room + 1)
            spaced = "row spaced" if 2 * len(laid.rows) - 1 <= room + 1 else "row"
            yield Vertical(*(Horizontal(*(pile_fan(drawn, marks, i, laid) for i in row), classes=spaced) for row in laid.rows), id="tableau")
            return
        if len(rows) == 1:
            yield Horizontal(*(pile_column(drawn, marks, i, wide, room) for i in rows[0]), classes="row", id="tableau")
            return
        if variant.traits.layout is not Layout.TRIANGLE:  # a grid: its rows lined up by column
            grid = (Horizontal(*(pile_column(drawn, marks, i, wide, 1) for i in row), classes="row") for row in rows)
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
                views.append(pile_column(drawn, marks, i, wide, 1))
                at += max(indent, 0) + wide + GAP
            lines.append(Horizontal(*views, classes="row"))
        yield Vertical(*lines, id="tableau")
